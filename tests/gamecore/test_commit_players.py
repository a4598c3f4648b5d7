"""Commit's computer players (cousins §2): the rule-based player's Commit decisions (CM-9 …
CM-11, CM-13), Hard's search of the offer, and offers being private (CM-10, GEN-9): moving
the 9♦ between two seats the turn round visited, one passing and one lacking the card,
changes no other seat's observation or decision, at every level."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from gamecore.actions import Action, Pass, Play
from gamecore.agents import agent_for
from gamecore.agents.levels import HardAgent, agent_for_level
from gamecore.agents.stops import SubstituteAgent
from gamecore.cards import cards_in, parse_card
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.search import PASS
from gamecore.stops.deal import StopsDeal
from helpers import scenario_deal, swap_cards

C = parse_card
NINE_D = C("9D")


def cm(**options: Any) -> Any:
    return make_game("commit", {k.replace("_", "."): v for k, v in options.items()})


def choose(agent: Any, game: Any, deal: StopsDeal, seed: int = 0) -> Action:
    d = deal.decision()
    assert d is not None
    action = agent.choose(game, deal.observation(d.seat), random.Random(seed))
    assert isinstance(d, PlayChoice) and action in d.actions
    return action


# ---- the rule-based player ------------------------------------------------------------------


def test_the_player_of_a_substitute_game_is_the_substitute_player():
    assert type(agent_for(cm())) is SubstituteAgent


def offer(hands: list[str], stock: str, lead: str, **kw: Any) -> tuple[Any, StopsDeal]:
    """Seat 0 leads ``lead``; the turn round then offers seat 1 the 9♦."""
    game = cm(**kw)
    deal = scenario_deal(game, hands, stock=stock, pools=[4], to_act=0, rest="stock")
    deal.apply(Play(0, C(lead)))
    assert deal.round_from == 0 and deal.to_act == 1
    return game, deal


def test_plays_the_commit_to_go_out():
    """CM-11: the 9♦ as its last card goes out."""
    game, deal = offer(["3C 8S 2H", "9D", "6H 7H QS"], "4C", "3C")
    assert choose(SubstituteAgent(), game, deal) == Play(1, NINE_D)


def test_plays_the_commit_when_the_rest_is_one_run():
    """It then leads the run and plays it out."""
    game, deal = offer(["3C 8S 2H JD", "9D 4S 5S 6S", "6H 7H QS 2D"], "4C", "3C")
    assert choose(SubstituteAgent(), game, deal) == Play(1, NINE_D)


def test_keeps_the_commit_when_nothing_presses():
    """Many cards, nobody near out, the run goes on to nothing of value: it passes."""
    hands = ["3C 8S 2H JD 5D", "9D 4S 10S 6H AH 2C", "5C 7H QS 2D 3S 4H"]
    game, deal = offer(hands, "", "3C")
    assert choose(SubstituteAgent(), game, deal) == Pass(1)


def test_plays_the_commit_to_deny_a_king():
    """CM-12: the run would reach another player's King within three cards: stop it."""
    hands = ["10C 8S 2H JD 5D", "9D 4S 10S 6H AH 2C", "JC QC KC 7H QS 2D 3S"]
    game, deal = offer(hands, "", "10C")
    assert choose(SubstituteAgent(), game, deal) == Play(1, NINE_D)


def test_plays_the_commit_when_an_opponent_is_nearly_out():
    """CM-13: an opponent with two cards may go out; stop the run and take the lead."""
    hands = ["3C 8S", "9D 4S 10S 6H AH 2C", "5C 7H QS 2D 3S 4H"]
    game, deal = offer(hands, "", "3C")
    assert choose(SubstituteAgent(), game, deal) == Play(1, NINE_D)


def test_leads_the_commit_only_when_pressed():
    """CM-7, CM-9: with a full hand it leads another card and keeps the 9♦; with three cards
    left it leads the 9♦ (paid, and it leads again)."""
    game = cm()
    deal = scenario_deal(
        game, ["9D 4S 10S 6H AH 2C", "5C 7H QS 2D", "3C 8S 2H JD"], pools=[4], rest="stock"
    )
    assert choose(SubstituteAgent(), game, deal).card != NINE_D  # type: ignore[union-attr]
    deal = scenario_deal(game, ["9D 4S 10S", "5C 7H QS 2D", "3C 8S 2H JD"], pools=[4], rest="stock")
    assert choose(SubstituteAgent(), game, deal) == Play(0, NINE_D)


# ---- Hard searches the offer like any decision ----------------------------------------------


def test_hard_searches_the_offer():
    """The offer is a real decision (never forced, cousins §1): Hard searches both answers
    and plays the 9♦ that goes out."""
    game, deal = offer(["3C 8S 2H", "9D", "6H 7H QS"], "4C", "3C")
    hard = HardAgent(game, iterations=60, workers=1)
    assert choose(hard, game, deal) == Play(1, NINE_D)
    assert set(hard.last_visits) == {NINE_D, PASS} and hard.last_iterations == 60


# ---- offers are private (CM-10, GEN-9) ------------------------------------------------------


def _twins(game: Any, seed: int) -> Iterator[tuple[StopsDeal, Action, int, int, int]]:
    """Random play of one deal; each time a card opens a turn round that offers seat X the
    9♦ and visits (``inTurn``; ``anyTime``: any other seat that lacks the next card) a seat
    Y after him that lacks the next card: ``(deal before the card, the card, X, Y, a card of
    Y to exchange with the 9♦)``."""
    rng = random.Random(seed)
    n = 3 + seed % 4
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=seed % n)
    session.start_deal_seeded(seed)
    deal = session.deal
    assert isinstance(deal, StopsDeal)
    while not deal.over:
        before = deal.clone()
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        if deal.round_from is None or not isinstance(action, Play):
            continue
        x, p, c = deal.current, deal.round_from, action.card
        nxt = game.succ[c]
        holder = None if nxt is None else deal.holder(nxt)
        far = n if holder is None else (holder - p) % n
        anytime = game.offer_timing == "anyTime"
        ys = [
            y
            for y in range(n)
            if y not in (x, p, holder)
            and (anytime or (x - p) % n < (y - p) % n < far)
            and before.hands[y] & ~(1 << c)
        ]
        if ys:
            y = rng.choice(ys)
            w = rng.choice(list(cards_in(before.hands[y] & ~(1 << c))))
            yield before, action, x, y, w


def _settle(deal: StopsDeal, seats: tuple[int, int]) -> None:
    """Decline every pending offer (they go only to the two seats that hold the 9♦)."""
    while deal.round_from is not None:
        assert deal.current in seats
        deal.apply(Pass(deal.current))


@pytest.mark.parametrize("timing", ["inTurn", "anyTime"])
def test_moving_the_nine_between_two_visited_seats_changes_no_other_seat(timing: str) -> None:
    """CM-10 (offers are private, GEN-9): in one deal seat X holds the 9♦ and passes when
    offered, in its twin seat Y (also visited, lacking the next card) holds it instead and
    passes (the card of Y's it changes places with goes to X). Every other seat's
    observation is the same in both at every settled moment until X or Y acts, and so is its
    decision at every level (Easy, Normal, Hard with a fixed seed)."""
    game = cm(cm_commitTiming=timing)
    levels = {lv: agent_for_level(game, lv, iterations=24, workers=1) for lv in ("easy", "normal")}
    hard = HardAgent(game, iterations=24, workers=1)
    checked = searched = 0
    for seed in range(40):
        for before, card, x, y, w in _twins(game, seed):
            one, two = before.clone(), before.clone()
            two.hands = swap_cards(before.hands, x, y, NINE_D, w)
            one.apply(card)
            two.apply(card)
            assert one.current == x and two.current == y  # each offered in his twin
            first = True
            while True:
                _settle(one, (x, y))
                _settle(two, (x, y))
                if one.current != two.current:
                    # the card exchanged for the 9♦ is the one awaited: its holder, X in one
                    # twin and Y in the other, must play it; the twins part here
                    assert {one.current, two.current} == {x, y} and one.top == two.top
                    break
                for s in range(one.n):
                    if s not in (x, y):
                        assert one.observation(s) == two.observation(s)
                if one.over or one.current in (x, y):
                    break
                seat = one.current
                obs_one, obs_two = one.observation(seat), two.observation(seat)
                for k, agent in enumerate(levels.values()):
                    assert agent.choose(game, obs_one, random.Random(k)) == agent.choose(
                        game, obs_two, random.Random(k)
                    )
                d = one.decision()
                if first and isinstance(d, PlayChoice) and not d.forced:
                    assert hard.choose(game, obs_one, random.Random(9)) == hard.choose(
                        game, obs_two, random.Random(9)
                    )
                    searched += 1
                    first = False
                action = levels["normal"].choose(game, obs_one, random.Random(0))
                one.apply(action)
                two.apply(action)
                checked += 1
    assert checked > 100 and searched > 10


def test_the_play_check_weighs_a_pass():
    """The play check takes an offer like any decision: passing with the 9♦ as the last
    card (instead of going out with it, CM-11) is worse, and said so."""
    from gamecore.agents.playcheck import check_decision

    game, deal = offer(["3C 8S 2H", "9D", "6H 7H QS"], "4C", "3C")
    checked = check_decision(game, deal.observation(1), Pass(1), iterations=60, samples=40)
    assert checked.preferred == Play(1, NINE_D) and checked.difference > 0
    assert checked.words.startswith("your pass (keep the 9♦): Hard prefers 9♦, +")
