"""The Pope Joan, Spin and Spinado computer players (gamecore.agents.stops) and agent_for.

Rules: PJ-5/PJ-8/PJ-11 (PJ-F), PJ-21/PJ-23/PJ-27 (PJ-M), PJ-C-2/PJ-C-6 (PJ-C), SP-2/SP-4/SP-8
(Spin), SN-8/SN-9/SN-10/SN-11 (Spinado), STOP-6/STOP-7 (runs and stops), GEN-5 (counters
conserved), GEN-9 (an agent sees only its observation).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from gamecore import games
from gamecore.actions import Action, Bid, NameStake, Pass, Play, Split
from gamecore.agents import agent_for
from gamecore.agents.base import Agent, RandomAgent
from gamecore.agents.newmarket import NewmarketAgent
from gamecore.agents.stops import (
    PopeJoanAgent,
    SpinadoAgent,
    SpinAgent,
    only_by_lead,
    own_run,
    single_run,
)
from gamecore.cards import AD, card_code, cards_in, mask_of, parse_card
from gamecore.decisions import BidChoice, PlayChoice, SplitChoice, StakeChoice
from gamecore.games import STOPS
from gamecore.match import Session
from gamecore.registry import player_for
from gamecore.stops.deal import StopsDeal
from gamecore.stops.game import SPECIAL_PLAIN, StopsGame
from helpers import config_id, game_configs, play_checking_swaps, registry_entries

#: (game name, options) for the whole-session runs: every registered stops game and profile,
#: its house rules at their defaults and changed, and a session without debt (GEN-5).
CONFIGS: list[tuple[str, dict[str, Any]]] = game_configs(STOPS, no_debt=True)


def make_game(name: str, options: Mapping[str, Any] | None = None) -> StopsGame:
    """The rules of stops game ``name`` with ``options`` (:func:`gamecore.games.make_game`)."""
    game = games.make_game(name, options)
    assert isinstance(game, StopsGame)
    return game


def cards(text: str) -> list[int]:
    """Cards from record notation separated by spaces: ``"10D QS"``."""
    return [parse_card(t) for t in text.split()]


def hand(text: str) -> int:
    return mask_of(cards(text))


def check_legal(decision: Any, action: Action) -> None:
    """``action`` is allowed by ``decision`` (the seat's pending decision)."""
    assert action.seat == decision.seat
    if isinstance(decision, PlayChoice):
        assert action in decision.actions
    elif isinstance(decision, StakeChoice):
        assert isinstance(action, NameStake) and decision.allows(action.amount)
    elif isinstance(decision, BidChoice):  # MI-8: a bid within bounds, or pass
        assert isinstance(action, Pass) or (
            isinstance(action, Bid) and decision.allows(action.amount)
        )
    else:
        assert isinstance(decision, SplitChoice)
        assert isinstance(action, Split) and decision.allows(action.amounts)


def play_session(game: StopsGame, n: int, seed: int, agents: list[Agent]) -> Session:
    """A whole session with ``agents[seat]`` choosing for each seat; every action must be
    legal and Σ balances + Σ pools never changes (GEN-5)."""
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
            action = agents[d.seat].choose(game, obs, rng)
            check_legal(d, action)
            session.apply(action)
            assert session.conserved_total() == total
    balances, pools = session.final_accounts()
    assert sum(balances) + sum(pools) == total
    assert session.logs and all(log.finished for log in session.logs)
    return session


# ---- the factory ---------------------------------------------------------------------------


def test_agent_for_picks_each_game_its_player() -> None:
    expected = {
        "newmarket": NewmarketAgent,
        "spin": SpinAgent,
        "spinado": SpinadoAgent,
        "pope-joan": PopeJoanAgent,
    }
    for name, options in (
        ("newmarket", {}),
        ("spin", {}),
        ("spinado", {}),
        ("pope-joan", {}),
        ("pope-joan", {"pj.profile": "M"}),
        ("pope-joan", {"pj.profile": "C"}),
    ):
        agent = agent_for(make_game(name, options))
        assert type(agent) is expected[name] and isinstance(agent, Agent)


@pytest.mark.parametrize(
    ("desc", "entry"), registry_entries(), ids=lambda x: getattr(x, "label", getattr(x, "name", ""))
)
def test_agent_for_gives_a_new_player_of_the_descriptor(desc: Any, entry: Any) -> None:
    game = games.make_game(desc.name, desc.entry_options(entry))
    first, second = agent_for(game), agent_for(game)
    assert isinstance(first, Agent) and first is not second
    # the one its agents module registered, or the one its declarations pick
    assert type(first) is type(player_for(game)())


def test_agent_for_refuses_an_unknown_game() -> None:
    class Unknown:
        name = "whist"

    with pytest.raises(ValueError):
        agent_for(Unknown())  # type: ignore[arg-type]


# ---- long whole sessions (legality, GEN-5) -------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_whole_sessions_all_agents_legal_and_conserving(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = make_game(name, options)
    counts = range(game.min_players, game.max_players + 1)
    spins = 0
    special = "" if game.special_card is None else " " + card_code(game.special_card)
    for n in counts:
        for seed in range(2):
            session = play_session(game, n, seed + 10 * n, [agent_for(game) for _ in range(n)])
            spins += sum(
                " spin " in a or (special != "" and a.endswith(special))
                for log in session.logs
                for a in log.actions
            )
    if game.special_kind != SPECIAL_PLAIN:
        assert spins > 0  # the special card does get used (SP-2, SN-8, CM-9)


@pytest.mark.parametrize("config", CONFIGS[::3], ids=config_id)
def test_mixed_tables_with_random_players(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = make_game(name, options)
    for n in (game.min_players, 5):
        for seed in range(2):
            agents = [agent_for(game) if s % 2 else RandomAgent() for s in range(n)]
            play_session(game, n, seed, agents)


def test_pj_m_dealer_names_the_default_stake_and_splits_automatically() -> None:
    # PJ-21: the dealer names pj.m.dealerStake; everyone uses the automatic split.
    game = make_game("pope-joan", {"pj.profile": "M", "pj.m.dealerStake": 7})
    session = Session(game, ["A", "B", "C", "D"], first_dealer=1)
    session.start_deal_seeded(5)
    agent, rng = PopeJoanAgent(), random.Random(0)
    seen_split = 0
    while True:
        d = session.decision()
        assert session.deal is not None and d is not None
        if isinstance(d, PlayChoice):
            break
        action = agent.choose(game, session.deal.observation(d.seat), rng)
        if isinstance(d, StakeChoice):
            assert action == NameStake(1, 7)
        else:
            assert isinstance(d, SplitChoice) and action == d.default_action()
            seen_split += 1
        session.apply(action)
    assert seen_split == 4


# ---- information (GEN-9) -------------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [c for c in CONFIGS if type(agent_for(make_game(*c))) is not NewmarketAgent],
    ids=config_id,
)
def test_swapping_opponents_cards_changes_no_decision(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = make_game(name, options)
    checked = 0
    for n in (3, 4, 6):
        agents = [agent_for(game) for _ in range(n)]
        session = Session(game, [f"P{i}" for i in range(n)], first_dealer=n % 3)
        session.start_deal_seeded(100 + n)
        checked = play_checking_swaps(
            game, session.deal, agents.__getitem__, random.Random(n), checked=checked
        )
    assert checked > 10


# ---- built positions -----------------------------------------------------------------------


def position(
    game: StopsGame,
    mine: str,
    *,
    played: str = "",
    stock: str = "",
    opponents: list[str] | None = None,
    n: int = 3,
    top: str | None = None,
    pools: Mapping[str, int] | None = None,
    turnup: str | None = None,
) -> StopsDeal:
    """Seat 0 to act holding ``mine``. With ``opponents`` their hands are exactly those and
    every other card not in ``stock`` counts as played; otherwise ``played`` and ``stock``
    are as given and every other card of the pack is dealt round the ``n - 1`` opponents."""
    mine_m, played_m, stock_m = hand(mine), hand(played), hand(stock)
    if turnup is not None:
        stock_m |= hand(turnup)
    if opponents is not None:
        hands = [mine_m] + [hand(h) for h in opponents]
        played_m = 0
    else:
        rest = list(cards_in(game.pack & ~mine_m & ~played_m & ~stock_m))
        hands = [mine_m] + [mask_of(rest[i :: n - 1]) for i in range(n - 1)]
    pool_list = [0] * len(game.pools)
    for key, amount in (pools or {}).items():
        pool_list[game.pools.index(key)] = amount
    return StopsDeal.from_position(
        game,
        hands,
        to_act=0,
        stock=stock_m,
        played=played_m,
        pools=pool_list,
        top=None if top is None else parse_card(top),
        turnup=None if turnup is None else parse_card(turnup),
    )


def act(agent: Agent, game: StopsGame, deal: StopsDeal, seed: int = 0) -> Play:
    """The agent's action as seat ``deal.to_act``, checked legal."""
    d = deal.decision()
    assert d is not None
    action = agent.choose(game, deal.observation(d.seat), random.Random(seed))
    check_legal(d, action)
    assert isinstance(action, Play)
    return action


def led(agent: Agent, game: StopsGame, deal: StopsDeal) -> str:
    return card_code(act(agent, game, deal).card)


def test_helpers_own_run_only_by_lead_single_run() -> None:
    game = make_game("spinado")
    assert own_run(game, hand("5S 6S 7S 9S"), parse_card("5S")) == tuple(cards("5S 6S 7S"))
    assert single_run(game, hand("3H 4H 5H")) and not single_run(game, hand("3H 5H"))
    assert not single_run(game, hand("3H 3S")) and not single_run(game, 0)
    deal = position(game, "3S 9D 5C", played="4C")
    obs = deal.observation(0)
    # SN-2: no 2s and no 8♦, so 3♠ and 9♦ can only be led; 5♣'s predecessor is played.
    assert all(only_by_lead(game, obs, c) for c in cards("3S 9D 5C"))
    assert not only_by_lead(game, obs, parse_card("6C"))


# -- Pope Joan


def test_pj_f_leads_the_layout_card_nothing_can_reach() -> None:
    # PJ-8, PJ-11: J♠ is played, so the Q♠ (Queen compartment, 3) can only leave the hand as
    # a lead; leading it captures the 3 and removes the risk of doubling.
    game, agent = make_game("pope-joan"), PopeJoanAgent()
    pools = {"ten": 1, "jack": 2, "queen": 3, "king": 4, "pope": 5}
    deal = position(game, "QS 2C 3C 4C 5C", played="JS", pools=pools)
    assert led(agent, game, deal) == "QS"
    # With the J♠ still out someone may run up to the Q♠: the four-card club run comes first.
    deal = position(game, "QS 2C 3C 4C 5C", pools=pools)
    assert led(agent, game, deal) == "2C"


def test_pj_f_pope_nine_without_the_eight_is_led() -> None:
    # PJ-13: 8♦ removed and Pope = 9♦: the Pope can only ever be played as a lead.
    game = make_game("pope-joan", {"pj.pope": "9D", "pj.removeEightOfDiamonds": True})
    deal = position(game, "9D 2C 3C 4C 5C", pools={"pope": 5})
    assert led(PopeJoanAgent(), game, deal) == "9D"


def test_pj_f_layout_king_is_a_free_capture() -> None:
    # PJ-8, STOP-7: the K♥ captures the King compartment and, a King being a stop, keeps
    # the lead.
    game = make_game("pope-joan")
    deal = position(game, "KH 2C 3C 4C 5C 6C", pools={"king": 4})
    assert led(PopeJoanAgent(), game, deal) == "KH"


def test_pj_m_takes_matrimony_with_both_cards() -> None:
    # PJ-23: hearts are trumps (5♥ turned); Q♥ K♥ in one hand take Matrimony whole.
    game = make_game("pope-joan", {"pj.profile": "M"})
    deal = position(
        game,
        "QH KH 2C 3C 4C 5C 6C",
        turnup="5H",
        pools={"matrimony": 4, "intrigue": 4, "confederacy": 4},
    )
    assert led(PopeJoanAgent(), game, deal) == "QH"
    deal.apply(Play(0, parse_card("QH")))
    deal.apply(act(PopeJoanAgent(), game, deal))  # the K♥ continues (STOP-6)
    assert deal.balances[0] == 4 and deal.pools[0] == 0


def test_pj_m_turned_card_is_a_known_stop() -> None:
    # PJ-22: 9♠ is turned, so 8♠ is a stop: leading 7♠ 8♠ keeps the lead.
    game = make_game("pope-joan", {"pj.profile": "M"})
    deal = position(game, "7S 8S 2C 3C", turnup="9S")
    assert led(PopeJoanAgent(), game, deal) == "7S"
    deal = position(game, "7S 8S 2C 3C", turnup="9H")
    assert led(PopeJoanAgent(), game, deal) == "2C"


def test_pj_c_trump_ace_is_led() -> None:
    # PJ-C-6: with the ace low the trump Ace is won only by leading it.
    game = make_game("pope-joan", {"pj.profile": "C"})
    deal = position(game, "AS 2H 3H 4H 5H", turnup="5S", pools={"pope": 6, "ace": 5, "game": 1})
    assert led(PopeJoanAgent(), game, deal) == "AS"


def test_pj_c_parlett_lead_is_respected() -> None:
    # PJ-C-2: with pj.c.parlettLead the ace is high and only the lowest card of a suit may be
    # led; the Pope 9♦ is not the lowest diamond here.
    game = make_game("pope-joan", {"pj.profile": "C", "pj.c.parlettLead": True})
    deal = position(game, "3D 9D 10D 5H", turnup="5S", pools={"pope": 6})
    assert led(PopeJoanAgent(), game, deal) in ("3D", "5H")


def test_ties_are_broken_by_rng_deterministically() -> None:
    game = make_game("pope-joan")
    deal = position(game, "4S 4C", n=3)
    obs = deal.observation(0)
    agent = PopeJoanAgent()
    picks = {card_code(act(agent, game, deal, s).card) for s in range(30)}
    assert picks == {"4S", "4C"}
    for s in range(5):
        assert agent.choose(game, obs, random.Random(s)) == agent.choose(
            game, obs, random.Random(s)
        )


# -- Spin


def test_spin_with_the_last_two_cards_goes_out() -> None:
    # SP-8: 10♠ and the ♦A are the last two cards: the Spin goes out at once.
    game = make_game("spin")
    deal = position(game, "10S AD", top="9S")
    action = act(SpinAgent(), game, deal)
    assert action == Play(0, parse_card("10S"), spin=True)
    deal.apply(action)
    assert deal.over and deal.winner == 0


def test_spin_then_lead_a_pay_card_with_the_privilege() -> None:
    # SP-2, SP-4: the ♣K pool holds 10 and the ♣K is not the lowest club held, so it can be
    # led only with the privilege a Spin buys: spin with the 9♠, then lead the ♣K.
    game, agent = make_game("spin"), SpinAgent()
    deal = position(game, "9S 2C 5C KC 3H 4H AD", top="8S", pools={"KC": 10})
    action = act(agent, game, deal)
    assert action == Play(0, parse_card("9S"), spin=True)
    deal.apply(action)
    assert led(agent, game, deal) == "KC"
    deal.apply(Play(0, parse_card("KC")))
    assert deal.balances[0] == 10


def test_spin_keeps_the_ace_when_nothing_is_at_stake() -> None:
    game, agent = make_game("spin"), SpinAgent()
    # 10♠ is with an opponent, no pool is threatened, every opponent has many cards.
    deal = position(game, "9S 2C 5C KC 3H 4H AD", top="8S")
    assert act(agent, game, deal) == Play(0, parse_card("9S"))
    # 10♠ already played: the sequence stops on the 9♠ anyway.
    deal = position(game, "9S 2C 5C KC 3H 4H AD", top="8S", played="10S", pools={"QD": 5})
    assert act(agent, game, deal) == Play(0, parse_card("9S"))
    # Own run 9♠ 10♠: no Spin on the 9♠, the run goes on.
    deal = position(game, "9S 10S 2C 5C 3H AD", top="8S", pools={"KC": 10})
    assert act(agent, game, deal) == Play(0, parse_card("9S"))


def test_spin_stops_an_opponent_about_to_go_out() -> None:
    # An opponent holds two cards, one of them the 10♠ that would continue the sequence.
    game = make_game("spin")
    deal = position(game, "9S 2C 5C 3H 4H AD", top="8S", opponents=["10S 5D", "JS QS KS 6D 7D 8D"])
    assert act(SpinAgent(), game, deal) == Play(0, parse_card("9S"), spin=True)


def test_spin_stops_a_run_to_a_pool() -> None:
    # The J♠ pool holds 6 and the J♠ would follow 10♠: stop the spades at the 9♠.
    game = make_game("spin")
    deal = position(game, "9S 2C 5C 3H 4H AD", top="8S", pools={"JS": 6})
    assert act(SpinAgent(), game, deal) == Play(0, parse_card("9S"), spin=True)


# -- Spinado


def test_spinado_not_wasted_on_a_known_stop_unless_it_goes_out() -> None:
    game, agent = make_game("spinado"), SpinadoAgent()
    # J♠ is played, so the 10♠ stops the sequence anyway (SEED-SN): keep the ♦A.
    deal = position(game, "10S 4H 6H 9C QC 5S AD", top="9S", played="JS", n=4)
    assert act(agent, game, deal) == Play(0, parse_card("10S"))
    # With the 10♠ and the ♦A its last cards, the Spinado goes out (SN-8 step 4).
    deal = position(game, "10S AD", top="9S", played="JS", n=4)
    action = act(agent, game, deal)
    assert action == Play(0, parse_card("10S"), spin=True)
    deal.apply(action)
    assert deal.over and deal.winner == 0


def test_spinado_with_few_cards_and_a_live_successor() -> None:
    game, agent = make_game("spinado"), SpinadoAgent()
    # 5♣ with 6♣ 7♣ 8♣ out somewhere, many cards held: keep the ♦A.
    deal = position(game, "5C 10S 4H 6H 9D QS AD", top="4C", n=4)
    assert act(agent, game, deal) == Play(0, parse_card("5C"))
    # Three cards left: spin, then lead the 4♥ and go out.
    deal = position(game, "5C 4H AD", top="4C", n=4)
    assert act(agent, game, deal) == Play(0, parse_card("5C"), spin=True)
    # J♠ Q♠ K♠ would follow the 10♠: someone would run on to a King (SN-13).
    deal = position(game, "10S 4H 6H 9D QC 5C AD", top="9S", n=4)
    assert act(agent, game, deal) == Play(0, parse_card("10S"), spin=True)


def test_spinado_leads_a_king_when_the_lead_is_free() -> None:
    # SN-13, SN-3: the K♠ earns 1 from each of 3 others and keeps the lead.
    game = make_game("spinado")
    deal = position(game, "KS 4H 5H 6H 9C", n=4)
    assert led(SpinadoAgent(), game, deal) == "KS"


def test_spinado_takes_matrimony() -> None:
    # SN-10, SN-11: Q♦ K♦ together take Matrimony and the ♦K bonus, and the King stops.
    game = make_game("spinado")
    deal = position(game, "QD KD 4H 5H 6H 7H", n=4, pools={"matrimony": 12, "intrigue": 6})
    assert led(SpinadoAgent(), game, deal) == "QD"


def test_spinado_ace_alone_is_kept_for_later() -> None:
    # SN-9 option: the ♦A may be led alone, but with many cards it is kept.
    game = make_game("spinado", {"sn.allowSpinadoAlone": True})
    deal = position(game, "AD 4H 5H 6H 9C 10S", n=4)
    action = act(SpinadoAgent(), game, deal)
    assert action.card != AD and not action.spin
