"""The Newmarket computer player (gamecore.agents): legality, information, lead choice.

Rules: NM-5 (staking), NM-7 (lowest-card lead), NM-8 (pay cards), NM-11 (options), STOP-6
(continuations), STOP-7 (stops), GEN-5 (counters conserved), GEN-9 (hidden information).
"""

from __future__ import annotations

import dataclasses
import inspect
import random
from collections.abc import Mapping
from typing import Any

import pytest

from gamecore.actions import NameStake, Play, Split
from gamecore.agents.base import Agent, RandomAgent
from gamecore.agents.newmarket import NewmarketAgent, rank_position
from gamecore.cards import FULL_PACK, card_code, cards_in, mask_of, parse_card
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.stops.deal import StopsDeal, StopsObservation
from gamecore.stops.game import StopsGame
from helpers import play_checking_swaps, swap_cards

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"nm.aceHigh": True},
    {"nm.mustChangeSuit": True},
    {"nm.removeEightOfDiamonds": True},
    # Everything at once, with a stake cap that bites (GEN-5 rule 2) and sessions that may
    # end early for want of counters (GEN-5 rule 1).
    {
        "nm.aceHigh": True,
        "nm.mustChangeSuit": True,
        "nm.removeEightOfDiamonds": True,
        "gen.allowDebt": False,
        "gen.startCounters": 12,
        "nm.stake": 6,
        "nm.maxStake": 9,
        "gen.rounds": 2,
    },
]

POOL = {"AH": 0, "KC": 1, "QD": 2, "JS": 3}


def cards(text: str) -> list[int]:
    """Cards from record notation separated by spaces: ``"10D QS"``."""
    return [parse_card(t) for t in text.split()]


def check_legal(decision: Any, action: Any) -> None:
    """``action`` is allowed by ``decision`` (the seat's pending decision)."""
    assert action.seat == decision.seat
    if isinstance(decision, PlayChoice):
        assert action in decision.actions
    elif isinstance(decision, StakeChoice):
        assert isinstance(action, NameStake) and decision.allows(action.amount)
    else:
        assert isinstance(decision, SplitChoice)
        assert isinstance(action, Split) and decision.allows(action.amounts)


def play_session(game: StopsGame, n: int, seed: int, agents: list[Any]) -> Session:
    """A whole session with ``agents[seat]`` choosing for each seat; checks every action
    is legal and that Σ balances + Σ pools never changes (GEN-5)."""
    rng = random.Random(seed)
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=seed % n)
    total = session.conserved_total()
    k = 0
    while not session.complete:
        session.start_deal_seeded(seed * 1000 + k)
        k += 1
        while session.deal_in_progress:
            d = session.decision()
            assert session.deal is not None and d is not None
            obs = session.deal.observation(d.seat)
            assert obs.decision == d
            action = agents[d.seat].choose(game, obs, rng)
            check_legal(d, action)
            session.apply(action)
            assert session.conserved_total() == total
    balances, pools = session.final_accounts()
    assert sum(balances) + sum(pools) == total
    return session


# ---- long random runs --------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize("n", range(3, 9))
def test_whole_sessions_legal_and_conserving(options: dict[str, Any], n: int) -> None:
    game = make_game("newmarket", options)
    agent = NewmarketAgent()
    for seed in range(6):
        session = play_session(game, n, seed, [agent] * n)
        assert session.logs and all(log.finished for log in session.logs)


@pytest.mark.parametrize("options", OPTION_SETS[:2], ids=["defaults", "aceHigh"])
def test_mixed_table_with_random_players(options: dict[str, Any]) -> None:
    game = make_game("newmarket", options)
    for n in (3, 5, 8):
        for seed in range(4):
            agents = [NewmarketAgent() if s % 2 else RandomAgent() for s in range(n)]
            play_session(game, n, seed, agents)


def test_stake_names_capped_default_and_splits_it_automatically() -> None:
    # NM-5, GEN-5 rule 2: nm.stake 6, but the poorest player has 5 → default 5.
    game = make_game("newmarket", {"gen.allowDebt": False, "nm.stake": 6})
    session = Session(game, ["A", "B", "C"], first_dealer=0, balances=[20, 5, 20])
    session.start_deal_seeded(1)
    agent, rng = NewmarketAgent(), random.Random(0)
    assert session.deal is not None
    d = session.decision()
    assert isinstance(d, StakeChoice) and d.high == 5
    assert agent.choose(game, session.deal.observation(d.seat), rng) == NameStake(0, 5)
    session.apply(NameStake(0, 5))
    d = session.decision()
    assert isinstance(d, SplitChoice)
    action = agent.choose(game, session.deal.observation(d.seat), rng)
    assert action == Split(d.seat, (2, 1, 1, 1))


def test_random_agent_split_is_exactly_the_total() -> None:
    choice = SplitChoice(2, 17, ("AH", "KC", "QD", "JS"), (5, 4, 4, 4))
    game, obs, rng = make_game("newmarket"), _obs(choice), random.Random(3)
    splits = {RandomAgent().choose(game, obs, rng) for _ in range(50)}
    assert len(splits) > 1
    for action in splits:
        check_legal(choice, action)


def _obs(decision: SplitChoice) -> StopsObservation:
    """A staking observation carrying ``decision`` for its seat (cards hidden, GEN-9)."""
    game = make_game("newmarket")
    deal = StopsDeal(game, 0, [0, 0, 0], 0, None, [0, 0, 0], [0, 0, 0, 0])
    obs = deal.observation(decision.seat)
    return dataclasses.replace(obs, decision=decision)


def test_no_decision_is_refused() -> None:
    game = make_game("newmarket")
    deal = StopsDeal.from_position(game, [mask_of(cards("2S")), mask_of(cards("3S"))], to_act=0)
    with pytest.raises(ValueError):
        NewmarketAgent().choose(game, deal.observation(1), random.Random(0))


# ---- information (GEN-9) -----------------------------------------------------------------


def test_agent_is_given_only_the_observation() -> None:
    assert isinstance(NewmarketAgent(), Agent) and isinstance(RandomAgent(), Agent)
    params = list(inspect.signature(NewmarketAgent.choose).parameters)
    assert params == ["self", "game", "obs", "rng"]


def test_swapping_opponents_cards_changes_nothing_built_position() -> None:
    game = make_game("newmarket")
    mine = mask_of(cards("2S 3S 9H 10H JC QC KC 4D"))
    rest = list(cards_in(FULL_PACK & ~mine))
    hands = [mine, mask_of(rest[0::3]), mask_of(rest[1::3]), mask_of(rest[2::3])]
    pools = [3, 10, 0, 7]
    deal_a = StopsDeal.from_position(game, hands, to_act=0, pools=pools)
    agent = NewmarketAgent()
    for ca in cards_in(hands[1]):
        for cb in list(cards_in(hands[2]))[:4]:
            deal_b = StopsDeal.from_position(
                game, swap_cards(hands, 1, 2, ca, cb), to_act=0, pools=pools
            )
            obs_a, obs_b = deal_a.observation(0), deal_b.observation(0)
            assert obs_a == obs_b
            for seed in range(3):
                assert agent.choose(game, obs_a, random.Random(seed)) == agent.choose(
                    game, obs_b, random.Random(seed)
                )


def test_swapping_opponents_cards_changes_nothing_in_live_deals() -> None:
    agent = NewmarketAgent()
    checked = 0
    for options in OPTION_SETS[:4]:
        game = make_game("newmarket", options)
        for n in (3, 4, 6):
            session = Session(game, [f"P{i}" for i in range(n)], first_dealer=0)
            session.start_deal_seeded(n)
            checked = play_checking_swaps(
                game, session.deal, lambda _s: agent, random.Random(n), checked=checked
            )
    assert checked > 100


# ---- lead choice (NM-7, NM-8, STOP-7) ----------------------------------------------------


def position(
    mine: str,
    *,
    played: str = "",
    stock: str = "",
    pools: Mapping[str, int] | None = None,
    n: int = 3,
    options: Mapping[str, Any] | None = None,
    last_suit: int | None = None,
) -> tuple[StopsGame, StopsDeal]:
    """Seat 0 to lead holding ``mine``; ``played`` and ``stock`` as given; every other card
    of the pack in an opponent's hand (dealt round seats 1..n-1), so no successor is known
    unavailable by accident."""
    game = make_game("newmarket", dict(options or {}))
    mine_m, played_m, stock_m = (mask_of(cards(t)) for t in (mine, played, stock))
    rest = list(cards_in(game.pack & ~mine_m & ~played_m & ~stock_m))
    hands = [mine_m] + [mask_of(rest[i :: n - 1]) for i in range(n - 1)]
    pool_list = [0] * 4
    for name, amount in (pools or {}).items():
        pool_list[POOL[name]] = amount
    deal = StopsDeal.from_position(
        game, hands, to_act=0, stock=stock_m, played=played_m, pools=pool_list, last_suit=last_suit
    )
    return game, deal


def choice_of(game: StopsGame, deal: StopsDeal, seed: int = 0) -> str:
    """The card (record notation) the agent leads from ``deal`` as seat 0; checks legality."""
    action = NewmarketAgent().choose(game, deal.observation(0), random.Random(seed))
    assert isinstance(action, Play)
    check_legal(deal.decision(), action)
    return card_code(action.card)


def test_capture_run_to_the_king_of_clubs() -> None:
    # Leads: J♣ (run J♣ Q♣ K♣: captures ♣K 10 and stops on the King) or 2♥ (run 2♥ … 9♥).
    hand = "JC QC KC 2H 3H 4H 5H 6H 7H 8H 9H"
    game, deal = position(hand, pools={"KC": 10})
    assert choice_of(game, deal) == "JC"
    plan = NewmarketAgent().plan_lead(game, deal.observation(0), parse_card("JC"))
    assert plan.run == tuple(cards("JC QC KC")) and plan.captured == 10 and plan.keeps_lead
    # With the ♣K pool empty the eight-card heart run is worth more.
    game, deal = position(hand, pools={"KC": 0, "AH": 9})
    assert choice_of(game, deal) == "2H"


def test_capture_outweighs_a_longer_run() -> None:
    # NM-8: Q♦ alone (K♦ with an opponent) captures the ♦Q pool; 2♠-5♠ only sheds four.
    game, deal = position("QD 2S 3S 4S 5S", pools={"QD": 10})
    assert choice_of(game, deal) == "QD"
    game, deal = position("QD 2S 3S 4S 5S", pools={"QD": 0, "JS": 5})
    assert choice_of(game, deal) == "2S"


def test_prefers_run_ending_on_a_played_successor() -> None:
    # STOP-7: J♥ is already played, so after 9♥ 10♥ the sequence stops on us and we lead
    # again; 2♠ 3♠ is as long and lower, but 4♠ is with an opponent.
    game, deal = position("2S 3S 9H 10H", played="JH")
    assert choice_of(game, deal) == "9H"
    assert NewmarketAgent().plan_lead(game, deal.observation(0), parse_card("9H")).keeps_lead
    # J♥ in the stock is not known to anyone: no reason to prefer hearts.
    game, deal = position("2S 3S 9H 10H", stock="JH")
    assert choice_of(game, deal) == "2S"


def test_prefers_run_ending_on_a_king() -> None:
    # STOP-1/STOP-7: with the ace low a King is always a stop.
    game, deal = position("QS KS 2H 3H")
    assert choice_of(game, deal) == "QS"


def test_prefers_run_ending_before_a_removed_card() -> None:
    # STOP-2, NM-2: without the 8♦ the 7♦ is always a stop.
    game, deal = position("6D 7D 2C 3C", options={"nm.removeEightOfDiamonds": True})
    assert choice_of(game, deal) == "6D"
    game, deal = position("6D 7D 2C 3C")
    assert choice_of(game, deal) == "2C"


def test_ace_high_run_through_the_ace_of_hearts() -> None:
    # NM-3, NM-8: with the ace high, K♥ is the lowest heart held; K♥ A♥ captures the ♥A pool
    # and the Ace is a stop.
    game, deal = position("KH AH 2C 3C 4C", options={"nm.aceHigh": True}, pools={"AH": 6})
    assert choice_of(game, deal) == "KH"
    plan = NewmarketAgent().plan_lead(game, deal.observation(0), parse_card("KH"))
    assert plan.run == tuple(cards("KH AH")) and plan.captured == 6 and plan.keeps_lead


def test_must_change_suit_is_obeyed() -> None:
    # NM-11: spades just stopped, so only 9♥ may be led even though spades score higher.
    game, deal = position(
        "2S 3S 4S 9H", options={"nm.mustChangeSuit": True}, last_suit=0, pools={"JS": 20}
    )
    assert choice_of(game, deal) == "9H"


def test_continuation_is_forced() -> None:
    # STOP-6: 5♠ is on top and we hold 6♠: the one legal action is returned.
    game = make_game("newmarket")
    hands = [mask_of(cards("6S 7S 2H")), mask_of(cards("4S 9D")), mask_of(cards("KD"))]
    deal = StopsDeal.from_position(game, hands, to_act=0, top=parse_card("5S"))
    action = NewmarketAgent().choose(game, deal.observation(0), random.Random(0))
    assert action == Play(0, parse_card("6S"))


def test_exact_ties_are_broken_by_rng_deterministically() -> None:
    game, deal = position("2S 2H")
    obs = deal.observation(0)
    agent = NewmarketAgent()
    picks = {card_code(agent.choose(game, obs, random.Random(s)).card) for s in range(40)}
    assert picks == {"2S", "2H"}
    for s in range(10):
        assert agent.choose(game, obs, random.Random(s)) == agent.choose(
            game, obs, random.Random(s)
        )


def test_rank_position() -> None:
    assert [rank_position(c, False) for c in cards("AS 2S KS")] == [0, 1, 12]
    assert [rank_position(c, True) for c in cards("AS 2S KS")] == [12, 0, 11]
