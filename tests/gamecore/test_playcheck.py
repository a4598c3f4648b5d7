"""The play check: Hard's choice at each of a person's card decisions, from that seat's
observation only, with the estimated difference in counters (issue 18, point 3)."""

import random
import threading

import pytest

from gamecore.actions import Claim, Jink, Play
from gamecore.agents.playcheck import (
    CheckCancelled,
    CheckedDecision,
    action_words,
    check_decision,
    check_words,
    checkable_steps,
    decision_words,
    is_checkable,
    play_check,
)
from gamecore.cards import parse_card as C
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import dumps_record, load_record
from gamecore.review import review_deal
from helpers import cards, hand, position, random_action, swap_cards


def _pope_joan_ending():
    """Pope Joan (Foster's layout): seat 0 leads holding K♠ and 2♥. K♠ is a stop (STOP-7),
    so leading it and then the 2♥ goes out at once: +7 for sure (1 counter for each of the
    7 cards left in the other hands, STOP-10). Leading the 2♥ first lets the holder of the
    3♥ play on."""
    game = make_game("pope-joan", {"pj.profile": "F"})
    deal = position(game, ["KS 2H", "3H 4S 5S", "6S 7S 8S 9S"], stock="QC JD 10C", to_act=0)
    return game, deal


def test_the_check_names_hards_choice_in_an_ending_whose_best_play_is_known():
    game, deal = _pope_joan_ending()
    result = check_decision(game, deal.observation(0), Play(0, C("2H")), iterations=300, seed=1)
    assert result.preferred == Play(0, C("KS")) and not result.agrees
    assert result.preferred_text == "0 KS" and result.taken_text == "0 2H"
    assert result.values["0 KS"] == 7.0  # the same in every world: it goes out at once
    assert result.values == {"0 2H": 2.0, "0 KS": 7.0}
    assert result.difference == 5.0 and result.iterations == 300
    assert 0.0 < result.margin < 1.0  # the 2♥ lead's worlds differ; +5.0 is well clear
    assert result.words == "your 2♥ lead: Hard prefers K♠ lead, +5.0"


def test_the_check_agrees_with_the_best_play():
    game, deal = _pope_joan_ending()
    result = check_decision(game, deal.observation(0), Play(0, C("KS")), iterations=300, seed=1)
    assert result.agrees and result.difference == 0.0 and result.values == {"0 KS": 0.0}
    assert result.words == "your K♠ lead: Hard agrees"


def _claim_or_jink(**options):
    """Spoil Five, three players, diamonds trumps, no robbing: seat 0 wins tricks 1-3 with
    5♦, J♦, ♥A (the others show they hold no trump, SF-26) and is left with 2♥ 3♥, the two
    worst hearts: claiming takes the pool of 3 for sure (SF-31); jinking needs both tricks
    against four unseen cards."""
    game = make_game("spoil-five", {"sf.robbing": "off", **options})
    hands = [cards("5D JD AH 2H 3H"), cards("2S 3S 4S 6S 7S"), cards("2C 3C 4C 5C 6C")]
    held = {c for h in hands for c in h} | {C("2D")}
    session = Session(game, ["You", "Ben", "Cat"], 2)
    session.start_deal(hands, [c for c in range(52) if c not in held], C("2D"))
    for lead, b, c in (("5D", "2S", "2C"), ("JD", "3S", "3C"), ("AH", "4S", "4C")):
        session.apply(Play(0, C(lead)))
        session.apply(Play(1, C(b)))
        session.apply(Play(2, C(c)))
    return game, session


def test_a_jink_with_the_two_worst_hearts_is_checked_against_the_claim():
    game, session = _claim_or_jink()
    obs = session.deal.observation(0)
    assert obs.decision == PlayChoice(0, (Claim(0), Jink(0)))
    result = check_decision(game, obs, Jink(0), iterations=300, seed=1)
    assert result.preferred == Claim(0)
    assert result.values["0 claim"] == 3.0  # the pool, for sure
    assert result.values["0 jink"] == pytest.approx(1.075)
    assert result.words == "your jink: Hard prefers claim, +1.9"
    assert 0.0 < result.margin < 1.0  # the jink's worlds differ; the claim is sure


def test_the_check_sees_only_the_observation():
    """Two deals that differ only in cards the checked seat cannot see (a card exchanged
    between the other two hands) give the seat the same observation and the same check."""
    game, deal = _pope_joan_ending()
    other = position(game, ["KS 2H", "6S 4S 5S", "3H 7S 8S 9S"], stock="QC JD 10C", to_act=0)
    assert other.hands == swap_cards(deal.hands, 1, 2, C("3H"), C("6S"))
    assert other.observation(0) == deal.observation(0)
    one = check_decision(game, deal.observation(0), Play(0, C("2H")), iterations=200, seed=4)
    two = check_decision(game, other.observation(0), Play(0, C("2H")), iterations=200, seed=4)
    assert one == two


def test_refused_decisions():
    game, deal = _pope_joan_ending()
    with pytest.raises(ValueError, match="not a legal action"):
        check_decision(game, deal.observation(0), Play(0, C("3H")))
    with pytest.raises(ValueError, match="no card decision"):
        check_decision(game, deal.observation(1), Play(1, C("3H")))
    forced = position(game, ["KS", "3H 4S", "6S"], to_act=0)
    assert not is_checkable(forced.observation(0))


def _newmarket_session(seed: int = 6) -> Session:
    session = Session(make_game("newmarket"), ["You", "Ben", "Cat"], 0)
    rng = random.Random(seed)
    session.start_deal_seeded(seed)
    while session.deal_in_progress:
        session.apply(random_action(session.decision(), rng))
    return session


def test_a_recorded_deal_is_checked_decision_by_decision_never_a_stake():
    session = _newmarket_session()
    record = load_record(dumps_record(session))
    review = review_deal(record, 1)
    steps = checkable_steps(review, 0)
    expected = [
        s.index
        for s in review.steps
        if s.seat == 0 and isinstance(s.decision, PlayChoice) and not s.decision.forced
    ]
    assert steps == expected and steps
    assert review.steps[0].seat == 0  # the dealer names the stake: not checked
    assert 0 not in steps
    results = list(play_check(record, 1, 0, iterations=40, samples=20))
    assert [r.step for r in results] == steps
    assert all(r.taken == review.steps[r.step].action and r.seat == 0 for r in results)
    assert all(r.words.startswith("your ") for r in results)
    again = list(play_check(record, 1, 0, iterations=40, samples=20))
    assert again == results  # reproducible: same seed, same budget


def test_the_check_stops_between_decisions_when_cancelled():
    session = _newmarket_session()
    assert len(checkable_steps(review_deal(session, 1), 0)) >= 2
    cancel = threading.Event()
    checks = play_check(session, 1, 0, iterations=20, samples=10, cancel=cancel)
    first = next(checks)
    assert first.step == checkable_steps(review_deal(session, 1), 0)[0]
    cancel.set()
    with pytest.raises(CheckCancelled):
        next(checks)


def test_spoil_five_cards_played_after_the_deal_is_decided_are_not_checked():
    game, session = _claim_or_jink(**{"sf.playOutDeadTricks": True})
    session.apply(Claim(0))  # decided: the last two tricks are played out for nothing
    assert session.deal_in_progress
    obs = session.deal.observation(0)
    assert isinstance(obs.decision, PlayChoice) and len(obs.decision.actions) == 2
    assert not is_checkable(obs)
    while session.deal_in_progress:
        session.apply(session.legal_actions()[0])
    review = review_deal(session, 1)
    # the three leads and the claim; not the two cards played out after it
    assert [review.steps[k].action for k in checkable_steps(review, 0)] == [
        Play(0, C("5D")),
        Play(0, C("JD")),
        Play(0, C("AH")),
        Claim(0),
    ]
    assert hand("2H 3H") == review.state(9).hands[0]


def test_the_words_of_a_check():
    game, deal = _pope_joan_ending()
    obs = deal.observation(0)
    lead_2h, lead_ks = Play(0, C("2H")), Play(0, C("KS"))
    assert (
        decision_words(lead_2h, lead_ks, 1.25, obs, game)
        == "your 2♥ lead: Hard prefers K♠ lead, +1.2"
    )
    assert (
        decision_words(lead_2h, lead_ks, 0.04, obs, game)
        == "your 2♥ lead: Hard prefers K♠ lead, no clear difference"
    )
    assert (
        decision_words(lead_2h, lead_ks, -0.6, obs, game)
        == "your 2♥ lead: Hard prefers K♠ lead, no clear difference"
    )
    assert decision_words(lead_ks, lead_ks, 0.0, obs, game) == "your K♠ lead: Hard agrees"
    spin = position(make_game("spin"), ["2S AD 5H", "3S", "6H"], top="AS", to_act=0)
    assert (
        action_words(Play(0, C("2S"), spin=True), spin.observation(0), spin.game)
        == "2♠ with the ♦A"
    )
    assert action_words(Play(0, C("2S")), spin.observation(0), spin.game) == "2♠"
    _, session = _claim_or_jink()
    obs = session.deal.observation(0)
    assert [action_words(a, obs, session.game) for a in (Claim(0), Jink(0))] == ["claim", "jink"]


def _checked(agrees: bool, difference: float) -> CheckedDecision:
    """A checked decision with only what the check's sentence reads."""
    taken = Play(0, C("2H"))
    preferred = taken if agrees else Play(0, C("KS"))
    return CheckedDecision(0, 0, taken, "0 2H", preferred, "", agrees, {}, difference, 0, "")


def test_the_checks_sentence_counts_close_calls_apart():
    """A player followed the coach's "the Hard player would play 4♣" and the check, its own
    search run again, preferred the 5♣ with no clear difference: "Hard agrees with 0 of 1
    decisions" read as the coach contradicted. The close calls are counted apart."""
    assert check_words([_checked(True, 0.0)], 1) == "Hard agrees with 1 of 1 decisions."
    assert check_words([_checked(False, 0.01)], 1) == (
        "Hard agrees with 0 of 1 decisions; the other was a close call, with no clear difference."
    )
    mixed = [_checked(True, 0.0), _checked(False, 0.02), _checked(False, 0.03)]
    assert check_words(mixed, 3) == (
        "Hard agrees with 1 of 3 decisions; the others were close calls, with no clear difference."
    )
    clear = [_checked(False, 1.2), _checked(False, 0.04), _checked(True, 0.0)]
    assert check_words(clear, 3) == (
        "Hard agrees with 1 of 3 decisions; 1 was a close call, with no clear difference."
    )
    assert check_words([_checked(False, 1.2)], 1) == "Hard agrees with 0 of 1 decisions."


def test_a_difference_within_the_estimates_own_margin_is_no_clear_difference():
    """The coach said the Hard player would play K♣ (a close call) and the check, its
    worlds played out at random, said "Hard prefers 2♦ lead, +2.3": a difference the
    worlds disagree on by more than that is said as none."""
    from gamecore.agents.playcheck import _paired_error, close_call

    assert _paired_error([0.0, 0.0, 0.0, 0.0], [1.0, 3.0, 1.0, 3.0]) == pytest.approx(
        (1 / 3) ** 0.5
    )
    assert _paired_error([2.0], [5.0]) == 0.0
    game, deal = _pope_joan_ending()
    obs = deal.observation(0)
    lead_2h, lead_ks = Play(0, C("2H")), Play(0, C("KS"))
    assert decision_words(lead_2h, lead_ks, 2.3, obs, game, margin=3.1) == (
        "your 2♥ lead: Hard prefers K♠ lead, no clear difference"
    )
    assert decision_words(lead_2h, lead_ks, 2.3, obs, game, margin=1.0) == (
        "your 2♥ lead: Hard prefers K♠ lead, +2.3"
    )
    noisy = CheckedDecision(0, 0, lead_2h, "0 2H", lead_ks, "0 KS", False, {}, 2.3, 0, "", 3.1)
    assert close_call(noisy) and not close_call(_checked(False, 2.3))
