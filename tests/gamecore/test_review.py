"""Review of a deal step by step through the engine, and what a review may show (issue 18,
points 1 and 2; GEN-9)."""

import itertools
import json
import random

import pytest

from gamecore.actions import Claim, Play, Rob
from gamecore.cards import cards_in, mask_of
from gamecore.decisions import BidChoice, PlayChoice, SplitChoice, StakeChoice
from gamecore.errors import RecordError
from gamecore.events import Played, Stopped
from gamecore.games import make_game
from gamecore.interface import CHANCE, STOPS, TRICKS
from gamecore.match import Session
from gamecore.record import load_record, outcome, replay, replay_session
from gamecore.review import (
    NOBODY_UNFINISHED,
    SEVERAL_UNFINISHED,
    ShowRule,
    deal_again_offered,
    review_deal,
    show_rule,
    shown_table,
)
from helpers import cards, conformance_folders, game_configs, random_action
from paths import DATA

RECORDS = sorted(
    p
    for folder in conformance_folders()
    for p in (DATA / "conformance" / folder).glob("[0-9]*.json")
    if not p.name.endswith(".expected.json")
)


def test_every_deal_of_every_conformance_record_reviews_to_its_replayed_outcome():
    """Each deal steps from its dealt cards to the record's end, every action taken is one
    of its step's legal actions, and the last step's counters are the replay's."""
    deals = 0
    for path in RECORDS:
        record = load_record(path.read_text())
        session = replay_session(record)
        out = outcome(session)
        for number, log in enumerate(session.logs, start=1):
            review = review_deal(session, number)
            deals += 1
            assert review.last == len(log.actions)
            assert review.hands == tuple(tuple(h) for h in log.hands)
            assert review.state(0).dealt == tuple(mask_of(h) for h in log.hands)
            for step in review.steps[:-1]:
                assert step.action_text == log.actions[step.index]
                if isinstance(step.decision, PlayChoice):
                    assert step.action in step.legal_actions
                    assert step.action_text in step.legal
                elif isinstance(step.decision, BidChoice):  # MI-8: a bid of a range, or pass
                    assert step.legal[-1].endswith(" pass")
                else:
                    assert isinstance(step.decision, StakeChoice | SplitChoice)
                    assert step.legal_actions == () and len(step.legal) == 1
            end = review.steps[-1]
            assert end.action is None
            summary = out["deals"][number - 1]
            assert list(end.balances) == summary["balances"]
            assert dict(zip(session.game.pools, end.pools, strict=True)) == summary["pools"]
            assert review.finished == summary["finished"]
            assert review.winner == summary["winner"]
            if not review.finished:
                assert (end.seat, sorted(end.legal)) == (
                    out["next"]["seat"],
                    sorted(out["next"]["legal"]),
                )
    assert deals > 2 * len(RECORDS) > 400


def test_step_zero_is_as_dealt_after_the_automatic_stakes_and_step_k_after_k_actions():
    # Spinado: the dealer dresses the three pools and each other player pays 3 into Game
    # (SN-5), with no decision: step 0 holds those stakes; the first step's action is a play.
    game = make_game("spinado")
    session = Session(game, ["Ann", "Ben", "Cat"], 0)
    session.start_deal_seeded(7)
    rng = random.Random(1)
    for _ in range(5):
        session.apply(random_action(session.decision(), rng))
    review = review_deal(session, 1)
    zero = review.steps[0]
    assert [(e.seat, e.pool, e.amount) for e in zero.events] == [
        (0, 0, 12),
        (0, 1, 6),
        (0, 2, 6),
        (1, 2, 3),
        (2, 2, 3),
    ]
    assert zero.balances == (100 - 24, 97, 97) and zero.pools == (12, 6, 12)
    assert review.last == 5 and not review.finished
    for k in range(1, 6):
        action = review.steps[k - 1].action
        assert isinstance(action, Play)
        assert review.steps[k].events[0] == Played(
            action.seat,
            action.card,
            k == 1 or isinstance(review.steps[k - 1].events[-1], Stopped),
            action.spin,
        )
        assert review.steps[k].balances == tuple(review.state(k).balances)
    assert review.steps[5].decision == session.decision()
    assert review.state(5).hands == session.deal.hands


def test_a_state_is_an_independent_copy_and_observations_are_the_engines():
    session = Session(make_game("newmarket"), ["Ann", "Ben", "Cat"], 0)
    session.start_deal_seeded(3)
    rng = random.Random(5)
    while session.deal_in_progress:
        session.apply(random_action(session.decision(), rng))
    review = review_deal(session, 1)
    k = review.last // 2
    state = review.state(k)
    state.apply(state.legal_actions()[0])
    assert review.state(k).hands != state.hands  # the review's own state did not move
    for seat in range(3):
        assert review.observation(k, seat) == review.state(k).observation(seat)
    with pytest.raises(IndexError):
        review.state(review.last + 1)
    with pytest.raises(IndexError):
        review.observation(0, 3)
    with pytest.raises(IndexError):
        review_deal(session, 2)


def test_a_record_is_reviewed_through_the_replay_and_a_bad_one_is_refused():
    path = DATA / "conformance" / "newmarket" / "001.json"
    data = json.loads(path.read_text())
    review = review_deal(load_record(path.read_text()), 1)
    assert review.number == 1 and review.players == tuple(data["players"])
    bad = json.loads(path.read_text())
    bad["deals"][0]["actions"][5] = "0 KS" if bad["deals"][0]["actions"][5] != "0 KS" else "1 KS"
    with pytest.raises(RecordError, match=r"^deal 1, action 6 "):
        review_deal(load_record(json.dumps(bad)), 1)


def test_a_review_carries_the_deals_fingerprint():
    session = Session(make_game("spoil-five"), ["Ann", "Ben", "Cat"], 0)
    session.start_deal_seeded(3, fingerprinted=True)
    review = review_deal(session, 1)
    assert review.fingerprint == session.fingerprint is not None
    assert review.stock == tuple(session.logs[0].stock) and review.turnup not in review.stock


# ---- the rule of what may be shown ------------------------------------------------------------

SEATS = (None, 0, 1, 2)
PEOPLE = (0, 1, 2, 3)
PERSONS = (None, 0, 2)


def test_show_rule_for_every_combination_of_its_arguments():
    """The whole table of :func:`show_rule`, argument by argument."""
    for finished, family, people, reveal, seat, person in itertools.product(
        (True, False), (STOPS, TRICKS), PEOPLE, (True, False), SEATS, PERSONS
    ):
        rule = show_rule(finished, family, people, reveal, seat, person)
        several = people >= 2
        if not finished and several:
            want = ShowRule(False, SEVERAL_UNFINISHED, None, False, False, None, False)
        elif not finished and person is None:
            want = ShowRule(False, NOBODY_UNFINISHED, None, False, False, None, False)
        elif not finished:
            # only as the person's own seat saw it, whatever seat was asked for
            want = ShowRule(True, "", person, False, False, person, False)
        elif several:
            want = ShowRule(True, "", seat, True, family == STOPS, None, False)
        else:
            want = ShowRule(
                True, "", seat, True, family == STOPS or reveal, person, family == TRICKS
            )
        assert rule == want, (finished, family, people, reveal, seat, person)


def test_the_rule_in_the_words_of_the_issue():
    # A finished stops deal: face up (GEN-9).
    assert show_rule(True, STOPS, 1, False, None, 0).show_unplayed
    # Spoil Five keeps unplayed cards hidden unless the setting shows them ...
    assert not show_rule(True, TRICKS, 1, False, None, 0).show_unplayed
    assert show_rule(True, TRICKS, 1, True, None, 0).show_unplayed
    # ... and never with several people at one screen (the setting is unavailable).
    hot = show_rule(True, TRICKS, 3, True, None, None)
    assert not hot.show_unplayed and not hot.reveal_available
    # An unfinished deal: only as the person's own seat saw it, with no choice of seat.
    mine = show_rule(False, STOPS, 1, True, 2, 0)
    assert (mine.viewpoint, mine.seat_choice, mine.show_unplayed) == (0, False, False)
    assert not show_rule(False, STOPS, 2, False, 0, None).allowed
    assert not show_rule(False, TRICKS, 3, True, None, None).allowed


def test_deal_again_is_offered_only_where_every_hand_was_shown():
    for finished, family, people, reveal in itertools.product(
        (True, False), (STOPS, TRICKS), PEOPLE, (True, False)
    ):
        want = finished and (family == STOPS or (reveal and people <= 1))
        assert deal_again_offered(finished, family, people, reveal) == want


# ---- what a step shows ---------------------------------------------------------------------


def _finished_reviews():
    """One finished and one unfinished deal of every registered game configuration."""
    out = []
    for name, options in game_configs(variants=False):
        game = make_game(name, options)
        n = max(game.min_players, 3)
        session = Session(game, [f"P{i}" for i in range(n)], 0)
        rng = random.Random(len(out))
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))
        while True:  # a second deal left unfinished after a few actions
            session.start_deal_seeded(rng.randrange(1 << 30))
            for _ in range(4 * n):
                action = random_action(session.decision(), rng)
                probe = session.deal.clone()
                probe.apply(action)
                if probe.over:
                    break
                session.apply(action)
            if session.deal_in_progress:
                break
        out.append((review_deal(session, 1), review_deal(session, len(session.logs))))
    return out


REVIEWS = _finished_reviews()


@pytest.mark.parametrize("pair", REVIEWS, ids=lambda p: p[0].game.name)
def test_a_seats_view_shows_no_card_that_seat_could_not_see(pair):
    done, _ = pair
    family = done.game.family
    n = len(done.players)
    for reveal, people, person in itertools.product((True, False), (1, 3), (None, 0)):
        for seat in range(n):
            rule = show_rule(True, family, people, reveal, seat, person)
            for k in range(len(done)):
                table = shown_table(done, k, rule)
                obs = done.observation(k, seat)
                assert table.observation == obs
                assert table.hands[seat] & ~obs.hand == 0
                assert all(table.hands[s] == 0 for s in range(n) if s != seat)
                state = done.state(k)
                assert all(table.hands[s] & ~state.hands[s] == 0 for s in range(n))
                # the card counts the seat saw (none while the stakes are made, GEN-9)
                assert (
                    tuple(table.hands[s].bit_count() + table.backs[s] for s in range(n))
                    == obs.hand_counts
                )
                turnup = getattr(obs, "turnup", None)
                assert table.stock & ~(0 if turnup is None else 1 << turnup) == 0


@pytest.mark.parametrize("pair", REVIEWS, ids=lambda p: p[0].game.name)
def test_a_finished_deal_is_face_up_as_the_rules_show_it(pair):
    done, _ = pair
    n = len(done.players)
    public = [done.played_by[s] for s in range(n)]
    if done.robbed is not None:
        public[done.robbed[0]] |= 1 << done.turnup | 1 << done.robbed[1]
    for k in range(len(done)):
        state = done.state(k)
        shown = shown_table(done, k, show_rule(True, done.game.family, 1, False, None, None))
        if done.game.family == STOPS:
            assert shown.hands == tuple(state.hands) and shown.backs == (0,) * n
            assert shown.stock == state.stock and shown.stock_backs == 0
        elif done.game.family == CHANCE:
            # Matrimony: every hand once resolved; the undealt pack is never shown (MT-6)
            assert shown.hands == tuple(state.hands) and shown.backs == (0,) * n
            assert shown.stock == 0 and shown.stock_backs == state.stock.bit_count()
        else:
            # Spoil Five without the reveal setting: only the cards that became public.
            assert shown.hands == tuple(h & public[s] for s, h in enumerate(state.hands))
            assert shown.stock == 0 and shown.stock_backs == state.stock.bit_count()
        revealed = shown_table(done, k, show_rule(True, done.game.family, 1, True, None, 0))
        assert revealed.hands == tuple(state.hands)
        hot = shown_table(done, k, show_rule(True, done.game.family, 3, True, None, None))
        assert hot.hands == (shown.hands if done.game.family == TRICKS else tuple(state.hands))


@pytest.mark.parametrize("pair", REVIEWS, ids=lambda p: p[0].game.name)
def test_an_unfinished_deal_shows_only_the_persons_own_hand(pair):
    _, going = pair
    assert not going.finished and going.last > 0
    n = len(going.players)
    rule = show_rule(False, going.game.family, 1, True, None, 1)
    for k in range(len(going)):
        table = shown_table(going, k, rule)
        # the person's hand as they saw it (nothing while the stakes are made, GEN-9)
        assert table.viewpoint == 1 and table.hands[1] == going.observation(k, 1).hand
        assert table.hands[1] == (
            0 if going.state(k).phase == "staking" else going.state(k).hands[1]
        )
        assert all(table.hands[s] == 0 for s in range(n) if s != 1)
        assert table.discard is None
    with pytest.raises(ValueError, match="several people"):
        shown_table(going, 0, show_rule(False, going.game.family, 2, False, None, None))


def test_spoil_five_after_the_deal_shows_the_robbed_card_and_the_discard_not_the_rest():
    """Three players; seat 0, the eldest, holds the trump ace and robs the turned 5♥ (SF-22),
    discarding 3♣, then wins tricks 1-3 with A♥, 5♥, Q♥ and claims (SF-31). After the deal
    the discard may be shown (GEN-9); cards never played may not."""
    game = make_game("spoil-five")
    hands = [cards("AH KH QH 2C 3C"), cards("4S 5S 6S 7S 8S"), cards("9C 10C JC QC KC")]
    turnup = cards("5H")[0]
    held = {c for h in hands for c in h} | {turnup}
    session = Session(game, ["You", "Ben", "Cat"], 2)
    session.start_deal(hands, [c for c in range(52) if c not in held], turnup)
    session.apply(Rob(0, cards("3C")[0]))
    for lead in cards("AH 5H QH"):
        session.apply(Play(0, lead))
        session.apply(Play(1, min(cards_in(session.deal.hands[1]))))
        session.apply(Play(2, min(cards_in(session.deal.hands[2]))))
    session.apply(Claim(0))
    review = review_deal(session, 1)
    assert review.finished and review.winner == 0 and review.robbed == (0, cards("3C")[0])
    assert review.played_by == (
        mask_of(cards("AH 5H QH")),
        mask_of(cards("4S 5S 6S")),
        mask_of(cards("9C 10C JC")),
    )
    rule = show_rule(True, TRICKS, 1, False, None, None)
    dealt = shown_table(review, 0, rule)
    assert dealt.hands == (
        mask_of(cards("AH QH 3C")),
        mask_of(cards("4S 5S 6S")),
        mask_of(cards("9C 10C JC")),
    )
    assert dealt.backs == (2, 2, 2) and dealt.discard == cards("3C")[0]
    end = shown_table(review, review.last, rule)
    assert end.hands == (0, 0, 0) and end.backs == (2, 2, 2)  # K♥ 2♣, 7♠ 8♠, Q♣ K♣ hidden
    # The person at seat 0 saw their own hand: it is shown whole.
    own = shown_table(review, review.last, show_rule(True, TRICKS, 1, False, None, 0))
    assert own.hands[0] == mask_of(cards("KH 2C")) and own.backs == (0, 2, 2)


def test_replay_of_a_reviewed_record_is_unchanged():
    path = RECORDS[0]
    before = replay(load_record(path.read_text()))
    review_deal(load_record(path.read_text()), 1)
    assert replay(load_record(path.read_text())) == before
