"""Matrimony's computer players (MT-5): Easy stakes as the table proposes, Normal spreads in
proportion to what a counter on each compartment is worth to its seat, Hard puts everything
where a counter is worth most and stakes as little as it may; all of them see only their
observation (GEN-9), which holds no card while the stakes are made."""

from __future__ import annotations

import random

import pytest

from gamecore.actions import NameStake, Split
from gamecore.agents import agent_for, agent_for_level
from gamecore.agents.levels import EasyAgent, HardAgent
from gamecore.agents.matrimony import (
    SAMPLES,
    AutomaticStaker,
    HardMatrimonyAgent,
    MatrimonyAgent,
    best_compartment,
    chances,
    counter_values,
    proportional_split,
)
from gamecore.cards import AD
from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.games import make_game
from gamecore.match import Session
from helpers import swap_cards


def mt(**options):
    return make_game("matrimony", {k.replace("_", "."): v for k, v in options.items()})


def start(game, n: int = 4, *, balances=None, seed: int = 1) -> Session:
    """A session of ``n`` with its first deal dealt (dealer: the last seat)."""
    s = Session(game, [f"P{i}" for i in range(n)], n - 1, balances)
    s.start_deal_seeded(seed)
    return s


def decide(agent, s: Session):
    d = s.decision()
    return agent.choose(s.game, s.deal.observation(d.seat), random.Random(0))


# ---- the chances behind the values (MT-6 … MT-11) -----------------------------------------


@pytest.mark.parametrize(("profile", "best"), [("F", "highestCard"), ("H", "highestCard")])
def test_each_compartment_is_won_by_one_place_or_carries(profile, best):
    ch = chances(profile == "H", best, AD, 5)
    for p in range(5):
        assert sum(ch.win[p]) + ch.carry[p] == pytest.approx(1.0)
        assert all(0.0 <= w <= 1.0 for w in ch.win[p])


def test_in_the_two_card_game_best_is_won_only_by_the_turned_ace_mt_7_mt_8():
    ch = chances(False, "highestCard", AD, 5)
    # each place turns the A♦ up with chance 1/52; Best carries otherwise (1 − 5/52),
    # within the error of counting over SAMPLES packs
    assert all(abs(w - 1 / 52) < 0.01 for w in ch.win[4])
    assert abs(ch.carry[4] - (1 - 5 / 52)) < 0.03
    # a Pair is far likelier than any one combination (78 against 16 two-card hands)
    assert ch.carry[3] < min(ch.carry[:3]) - 0.1


def test_in_the_three_card_game_the_eldest_holds_the_best_place_for_best_mt_10():
    ch = chances(True, "highestCard", AD, 5)
    assert ch.carry[4] == pytest.approx(0.0, abs=1e-9)  # somebody holds the highest card
    assert ch.win[4][0] > ch.win[4][4] + 0.1  # the elder takes equal cards (aces)


def test_the_chances_are_counted_the_same_way_every_time():
    first = chances(True, "highestDiamond", AD, 6)
    chances.cache_clear()
    assert chances(True, "highestDiamond", AD, 6) == first
    assert SAMPLES >= 1000


# ---- Easy: the table's automatic staking (MT-5 step 5) -------------------------------------


def test_easy_stakes_as_the_table_proposes():
    game = mt(mt_dealerStake=7)
    s = start(game)
    easy = agent_for_level(game, "easy")
    assert isinstance(easy, EasyAgent) and isinstance(easy.normal, AutomaticStaker)
    assert decide(easy, s) == NameStake(3, 7)
    s.apply(NameStake(3, 7))
    assert decide(easy, s) == Split(0, (2, 1, 1, 1, 1))  # six, one a compartment, cycling


def test_easy_stakes_the_largest_total_under_at_most():
    game = mt(mt_othersStake="atMost")
    s = start(game)
    s.apply(NameStake(3, 5))
    assert decide(AutomaticStaker(), s) == Split(0, (1, 1, 1, 1, 0))


# ---- Normal: a spread by value ----------------------------------------------------------------


def test_normal_names_the_proposed_stake_but_no_more_than_a_quarter_of_a_small_balance():
    game = mt()
    assert decide(agent_for(game), start(game)) == NameStake(3, 5)
    poor = start(game, balances=[50, 50, 50, 10])
    assert decide(MatrimonyAgent(), poor) == NameStake(3, 2)
    broke = start(game, balances=[50, 50, 50, -4])
    assert decide(MatrimonyAgent(), broke) == NameStake(3, 5)  # in debt: as proposed


def test_normal_spreads_in_proportion_to_what_a_counter_is_worth_to_its_seat():
    game = mt(mt_profile="H")
    s = start(game, 5)
    s.apply(NameStake(4, 9))
    d = s.decision()
    values = counter_values(game, s.deal.observation(d.seat))
    action = decide(MatrimonyAgent(), s)
    assert sum(action.amounts) == 8 and action.amounts == proportional_split(8, values)
    # the eldest of the three-card game: Best (the elder takes equal cards) gets the most
    assert best_compartment(values) == 4 and action.amounts[4] == max(action.amounts)


def test_proportional_split_gives_exactly_the_total():
    assert proportional_split(4, (0.2, 0.2, 0.2, 0.3, 0.1)) == (1, 1, 1, 1, 0)
    assert proportional_split(10, (1.0, 0.0, 0.0, 1.0, 0.0)) == (5, 0, 0, 5, 0)
    assert proportional_split(0, (0.2,) * 5) == (0,) * 5
    assert proportional_split(3, (0.0,) * 5) == (1, 1, 1, 0, 0)


# ---- Hard: where a counter is worth most ------------------------------------------------------


def test_hard_puts_every_counter_where_one_is_worth_most():
    game = mt(mt_profile="H")
    s = start(game, 5)
    s.apply(NameStake(4, 6))
    action = decide(HardMatrimonyAgent(), s)
    assert action == Split(0, (0, 0, 0, 0, 5))  # the eldest: all on Best


def test_hard_stakes_the_least_total_under_at_most():
    game = mt(mt_othersStake="atMost")
    s = start(game)
    s.apply(NameStake(3, 6))
    d = s.decision()
    assert isinstance(d, SplitChoice) and d.lowest == 1
    action = decide(HardMatrimonyAgent(), s)
    assert sum(action.amounts) == 1 and max(action.amounts) == 1


def test_hard_as_dealer_names_one_when_a_higher_stake_loses_on_average():
    assert HardMatrimonyAgent.stake_gain((0.2,) * 5, 5) == pytest.approx(0.0)
    assert HardMatrimonyAgent.stake_gain((0.19,) * 5, 5) == pytest.approx(-0.05)
    assert HardMatrimonyAgent.stake_gain((0.2, 0.2, 0.2, 0.2, 0.3), 5) > 0
    # the dealer of the three-card game shows last: a stake costs him more than it brings
    game = mt(mt_profile="H")
    s = start(game, 5)
    d = s.decision()
    values = counter_values(game, s.deal.observation(d.seat))
    assert HardMatrimonyAgent.stake_gain(values, 5) < 0
    assert decide(HardMatrimonyAgent(), s) == NameStake(4, 1)


def test_the_hard_level_stakes_with_the_hard_staker():
    game = mt(mt_profile="H")
    hard = agent_for_level(game, "hard", iterations=8, workers=1)
    assert isinstance(hard, HardAgent) and isinstance(hard.staker, HardMatrimonyAgent)
    s = start(game, 5)
    assert decide(hard, s) == decide(HardMatrimonyAgent(), s)


# ---- every level: legal, and blind to the cards (GEN-9) ------------------------------------


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"mt.othersStake": "atMost", "gen.allowDebt": False, "gen.startCounters": 12},
        {"mt.profile": "H", "mt.h.best": "highestDiamond"},
    ],
)
def test_every_level_stakes_legally_and_sees_no_card_gen_9(level, options):
    game = make_game("matrimony", options)
    agent = agent_for_level(game, level, iterations=8, workers=1)
    pick = random.Random(3)
    for n in (3, 7):
        s = Session(game, [f"P{i}" for i in range(n)], 0)
        for _ in range(n):
            if s.complete:
                break
            s.start_deal_seeded(pick.randrange(1 << 30))
            while s.deal_in_progress:
                d = s.decision()
                assert isinstance(d, StakeChoice | SplitChoice)
                obs = s.deal.observation(d.seat)
                action = agent.choose(game, obs, random.Random(5))
                # another deal of the same cards, two hands' cards exchanged: same choice
                other = s.deal.clone()
                a, b = pick.sample([x for x in range(n) if x != d.seat], 2)
                ca = next(c for c in range(52) if other.hands[a] >> c & 1)
                cb = next(c for c in range(52) if other.hands[b] >> c & 1)
                other.hands = swap_cards(other.hands, a, b, ca, cb)
                assert other.observation(d.seat) == obs
                assert agent.choose(game, other.observation(d.seat), random.Random(5)) == action
                assert s.deal.explain_illegal(action) is None, action
                s.apply(action)
