"""The Spoil Five computer player (gamecore.agents.spoilfive): legality, strength, information
and built positions.

Rules: SF-21 … SF-23 (robbing), SF-24 … SF-28 (play, reneging, trick winner), SF-30 … SF-32
(three tricks, jinking), SF-6/SF-7 and GEN-5 (counters conserved), GEN-9 (hidden information).
"""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from gamecore.actions import Claim, Jink, Play, Rob, parse_action
from gamecore.agents import agent_for
from gamecore.agents.base import Agent, RandomAgent
from gamecore.agents.spoilfive import (
    SpoilFiveAgent,
    hold_probability,
    knowledge,
    surely_wins_rest,
)
from gamecore.cards import FULL_PACK, bit, card_code, cards_in, parse_card
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.spoilfive.deal import SpoilFiveDeal
from gamecore.spoilfive.game import SpoilFive
from helpers import play_checking_swaps

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"sf.robbing": "compulsory", "sf.jinking": False},
    {"sf.robbing": "off", "sf.playOutDeadTricks": True},
    {
        "sf.staking": "dealerPaysAll",
        "sf.playOutDeadTricks": True,
        "sf.packets": "2-3",
        "sf.jinkBonus": 2,
    },
    {
        "sf.robbing": "compulsory",
        "sf.dealerAddsOnFresh": True,
        "gen.rounds": 2,
        "gen.allowDebt": False,
        "gen.startCounters": 6,
    },
]


def cards(text: str) -> list[int]:
    """Cards from record notation separated by spaces: ``"10D QS"``."""
    return [parse_card(t) for t in text.split()]


def play_session(game: Any, n: int, seed: int, agents: list[Any]) -> Session:
    """A whole session with ``agents[seat]`` choosing for each seat; checks that every action
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
            assert session.deal is not None and isinstance(d, PlayChoice)
            obs = session.deal.observation(d.seat)
            assert obs.decision == d
            action = agents[d.seat].choose(game, obs, rng)
            assert action in d.actions
            session.apply(action)
            assert session.conserved_total() == total
    balances, pools = session.final_accounts()
    assert sum(balances) + sum(pools) == total
    assert session.logs and all(log.finished for log in session.logs)
    return session


# ---- whole sessions ----------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_whole_sessions_legal_and_conserving(options: dict[str, Any]) -> None:
    game = make_game("spoil-five", options)
    verbs: set[str] = set()
    for n in range(2, 11):
        for seed in range(2):
            session = play_session(game, n, seed + 10 * n, [SpoilFiveAgent()] * n)
            verbs |= {a.split()[1] for log in session.logs for a in log.actions}
    if options.get("sf.robbing", "optional") != "off":
        assert "rob" in verbs and "decline" not in verbs  # SF-23: it always robs
    if options.get("sf.jinking", True):
        assert "claim" in verbs


def test_agent_for_gives_the_spoil_five_player() -> None:
    agent = agent_for(make_game("spoil-five"))
    assert type(agent) is SpoilFiveAgent and isinstance(agent, Agent)
    assert list(inspect.signature(SpoilFiveAgent.choose).parameters) == [
        "self",
        "game",
        "obs",
        "rng",
    ]


def test_beats_random_players() -> None:
    """Mixed tables, each session played twice with the seats' players exchanged (the same
    cards both times): the agent's average balance change per deal beats the random
    player's by a wide margin."""
    game = make_game("spoil-five")
    change = {SpoilFiveAgent: 0.0, RandomAgent: 0.0}
    seat_deals = {SpoilFiveAgent: 0, RandomAgent: 0}
    for n in (2, 3, 4, 5, 6):
        for seed in range(12):
            for parity in (0, 1):
                agents = [SpoilFiveAgent() if (s + parity) % 2 else RandomAgent() for s in range(n)]
                session = play_session(game, n, seed, agents)
                balances, _ = session.final_accounts()
                for s in range(n):
                    kind = type(agents[s])
                    change[kind] += balances[s] - session.start_balances[s]
                    seat_deals[kind] += len(session.logs)
    assert sum(seat_deals.values()) > 1000
    agent_avg = change[SpoilFiveAgent] / seat_deals[SpoilFiveAgent]
    random_avg = change[RandomAgent] / seat_deals[RandomAgent]
    assert agent_avg > 0 > random_avg
    assert agent_avg - random_avg > 0.2


def test_deterministic_for_a_seed() -> None:
    game = make_game("spoil-five")
    logs = [
        [log.actions for log in play_session(game, 5, 3, [SpoilFiveAgent()] * 5).logs]
        for _ in range(2)
    ]
    assert logs[0] == logs[1]


# ---- information (GEN-9) -----------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS[:3], ids=["defaults", "compulsory", "off"])
def test_swapping_unseen_cards_changes_nothing(options: dict[str, Any]) -> None:
    """Exchanging cards between two opponents' hands, or an opponent's card with a card of
    the stock, gives the same observation and the same decision for the same rng seed."""
    agent = SpoilFiveAgent()
    checked = 0
    game = make_game("spoil-five", options)
    for n in (3, 4, 6):
        for seed in range(4):
            session = Session(game, [f"P{i}" for i in range(n)], first_dealer=seed % n)
            session.start_deal_seeded(100 * n + seed)
            assert isinstance(session.deal, SpoilFiveDeal)
            checked = play_checking_swaps(
                game,
                session.deal,
                lambda _s: agent,
                random.Random(seed),
                checked=checked,
                stock_swaps=True,
                seed=seed,
            )
    assert checked > 100


# ---- built positions -----------------------------------------------------------------------


def build(
    hands: dict[int, str],
    turnup: str,
    *,
    n: int = 3,
    dealer: int | None = None,
    options: dict[str, Any] | None = None,
    moves: str = "",
) -> tuple[SpoilFive, Session]:
    """A deal with chosen hands (seat → cards) and turn-up; seats not given get the lowest
    remaining cards; the rest is the stock. ``dealer`` defaults to the last seat (seat 0 is
    the eldest). ``moves`` (record syntax, separated by commas) are then applied."""
    game = make_game("spoil-five", options or {})
    assert isinstance(game, SpoilFive)
    session = Session(
        game, [f"P{i}" for i in range(n)], first_dealer=n - 1 if dealer is None else dealer
    )
    given = {s: cards(h) for s, h in hands.items()}
    used = {parse_card(turnup), *(c for h in given.values() for c in h)}
    rest = [c for c in cards_in(FULL_PACK) if c not in used]
    seat_hands = []
    for s in range(n):
        if s in given:
            seat_hands.append(given[s])
        else:
            seat_hands.append(rest[:5])
            rest = rest[5:]
    assert all(len(h) == 5 for h in seat_hands)
    session.start_deal(seat_hands, rest, parse_card(turnup))
    for move in filter(None, (m.strip() for m in moves.split(","))):
        session.apply(parse_action(move))
    return game, session


def decide(game: SpoilFive, session: Session, seat: int, seed: int = 0) -> Any:
    """The agent's action for ``seat``, which must be the seat to act; checked legal."""
    d = session.decision()
    assert session.deal is not None and d is not None and d.seat == seat
    action = SpoilFiveAgent().choose(game, session.deal.observation(seat), random.Random(seed))
    assert action in d.actions
    return action


def played(action: Any) -> str:
    assert isinstance(action, Play)
    return card_code(action.card)


@pytest.mark.parametrize("robbing", ["optional", "compulsory"])
def test_dealer_robs_turned_ace_discarding_worst_plain_card(robbing: str) -> None:
    # SF-21: A♠ turned; the dealer keeps his trumps and K♥ Q♥ and lays out 10♣, the lowest
    # card of a black plain suit (SF-13).
    game, session = build({3: "KH QH 10C 3S 7S"}, "AS", n=4, options={"sf.robbing": robbing})
    assert decide(game, session, 3) == Rob(3, parse_card("10C"))


def test_holder_robs_discarding_a_plain_card_never_a_trump() -> None:
    # SF-22: the eldest holds A♦ with 9♦ turned; 2♦ is his lowest card in strength, but a
    # plain card exists, so the discard is 10♣ (worst plain), not the trump.
    game, session = build({0: "AD 2D KS 10C 9H"}, "9D", n=4)
    assert decide(game, session, 0) == Rob(0, parse_card("10C"))
    # Among plain cards of equal strength the one of the shorter suit goes.
    game, session = build({0: "AD 2H 3H 10C KS"}, "9D", n=4)
    assert decide(game, session, 0) == Rob(0, parse_card("10C"))
    # With nothing but trumps, the lowest trump goes (SF-14: 2♦ below 3♦ in a red suit).
    game, session = build({0: "AD 2D 3D 4D 6D"}, "9D", n=4)
    assert decide(game, session, 0) == Rob(0, parse_card("2D"))


def test_knows_the_robber_holds_the_turn_up() -> None:
    game, session = build({3: "KH QH 10C 3S 7S"}, "AS", n=4, moves="3 rob 10C")
    assert session.deal is not None
    k = knowledge(game, session.deal.observation(0))
    assert k.located[3] == bit(parse_card("AS"))
    assert not k.unseen & bit(parse_card("AS"))
    assert k.unseen & bit(parse_card("10C"))  # the discard is never seen (SF-23)


JINK_OPPONENTS = {1: "9S 9C 9H 7H 6H", 2: "10S 10C 8H 4H 3H"}


def test_jinks_when_its_last_two_cards_are_the_best_remaining_trumps() -> None:
    # ♦ trumps: after K♠, K♣ and 5♦ won tricks 1–3, J♦ and ♥A are the two best trumps left.
    game, session = build(
        {0: "KS KC 5D JD AH", **JINK_OPPONENTS},
        "8D",
        moves="0 KS, 1 9S, 2 10S, 0 KC, 1 9C, 2 10C, 0 5D, 1 7H, 2 4H",
    )
    assert decide(game, session, 0) == Jink(0)
    session.apply(Jink(0))
    # As the jinker it leads a card that surely wins, and wins tricks 4 and 5 (SF-32).
    while session.deal_in_progress:
        d = session.decision()
        assert d is not None
        session.apply(decide(game, session, d.seat))
    assert session.logs[-1].winner == 0
    assert session.balances[0] == 20 - 1 + 3 + 2  # pool of 3, and 1 from each other player


def test_claims_when_an_unseen_trump_could_beat_it() -> None:
    # The same, but 5♦ was never seen: it could beat J♦ (SF-14), so claim the pool.
    game, session = build(
        {0: "KS KC KH JD AH", **JINK_OPPONENTS},
        "8D",
        moves="0 KS, 1 9S, 2 10S, 0 KC, 1 9C, 2 10C, 0 KH, 1 9H, 2 8H",
    )
    assert decide(game, session, 0) == Claim(0)
    # Q♠ is the best spade left, but any unseen trump could trump it: claim too.
    game, session = build(
        {0: "KS KC KH 5D QS", **JINK_OPPONENTS},
        "8D",
        moves="0 KS, 1 9S, 2 10S, 0 KC, 1 9C, 2 10C, 0 KH, 1 9H, 2 8H",
    )
    assert decide(game, session, 0) == Claim(0)
    # Q♠ and J♦ after 5♦ drew no trump from either opponent: both showed they hold none
    # (SF-26), so J♦ and Q♠ (K♠ played) surely win: jink.
    game, session = build(
        {0: "KS 5D KC JD QS", **JINK_OPPONENTS},
        "8D",
        moves="0 KS, 1 9S, 2 10S, 0 5D, 1 7H, 2 4H, 0 KC, 1 9C, 2 10C",
    )
    assert decide(game, session, 0) == Jink(0)


# ♣ trumps (8♣ turned, A♣ in the stock). Seat 0 wins tricks 1 and 2 with K♠ and K♥.
BEAT_HANDS = {0: "KS KH 4H 4D 3D", 1: "7S 2H 3H QD JD"}
BEAT_MOVES = "0 KS, 1 7S, 2 8S, 0 KH, 1 2H, 2 5H, 0 4H, 1 3H"


def test_beats_an_opponent_with_two_tricks_cheaply() -> None:
    # Seat 0 has two tricks and leads 4♥: seat 2 beats him with its cheapest winning card.
    game, session = build({**BEAT_HANDS, 2: "8S 5H KC 9C 6H"}, "8C", moves=BEAT_MOVES)
    assert played(decide(game, session, 2)) == "6H"
    # Void in hearts: 2♦ cannot win, so it trumps with the lower of its trumps (SF-14, SF-25).
    game, session = build({**BEAT_HANDS, 2: "8S 5H KC 9C 2D"}, "8C", moves=BEAT_MOVES)
    assert played(decide(game, session, 2)) == "9C"


def test_spoils_a_two_trick_opponent_when_it_cannot_win_itself() -> None:
    # Seat 1 has two tricks, seat 0 one, seat 2 none (three tricks are out of its reach).
    # Seat 0 leads 4♦ to trick 4 and seat 1 trumps with 10♣; seat 2 overtrumps with 9♣
    # rather than following with 7♦ (SF-25, SF-14: 9♣ beats 10♣ in a black suit).
    game, session = build(
        {0: "7S 2H KD 4D QH", 1: "KS KH 2D 10C 6S", 2: "8S 5H 3D 9C 7D"},
        "8C",
        moves="0 7S, 1 KS, 2 8S, 1 KH, 2 5H, 0 2H, 1 2D, 2 3D, 0 KD, 0 4D, 1 10C",
    )
    assert session.deal is not None and session.deal.tricks_won == [1, 2, 0]
    assert played(decide(game, session, 2)) == "9C"


def test_throws_its_cheapest_card_when_it_cannot_win() -> None:
    # 5♣ led: no trump, so any card; none can win: the lowest plain card, 10♠ (SF-13).
    game, session = build(
        {0: "5C 2C 3C 4C 6C", 1: "2H 3H 4H 5H 6H", 2: "10S QD 7S KH 2D"}, "8C", moves="0 5C, 1 2H"
    )
    assert played(decide(game, session, 2)) == "10S"
    # 4♥ led and 5♣ on it: neither K♥ nor 10♣ can win; it follows with K♥ and keeps its trump.
    game, session = build(
        {0: "4H 2C 3C 4C 6C", 1: "5C 3H 5H 6H 7H", 2: "10C 8S 2D KH QD"}, "8C", moves="0 4H, 1 5C"
    )
    assert played(decide(game, session, 2)) == "KH"


def test_reneges_keeping_its_privileged_trump_when_the_trick_is_not_worth_it() -> None:
    # Four players, one trick each for seats 0, 1, 2; seat 3 has none and cannot reach three.
    # 10♣ (the lowest trump) is led: J♣ may renege (SF-27), so it keeps J♣ and plays 7♥.
    game, session = build(
        {0: "KS 2H 4D 9S 10S", 1: "2S KH 2D 9H 10H", 2: "3S 3H KD 10C QH", 3: "4S 4H 3D JC 7H"},
        "8C",
        n=4,
        moves="0 KS, 1 2S, 2 3S, 3 4S, 0 2H, 1 KH, 2 3H, 3 4H, 1 2D, 2 KD, 3 3D, 0 4D, 2 10C",
    )
    assert session.deal is not None and session.deal.tricks_won == [1, 1, 1, 0]
    d = session.decision()
    assert d is not None and Play(3, parse_card("7H")) in d.actions
    assert played(decide(game, session, 3)) == "7H"


def test_leads_a_sure_winner_and_probabilities() -> None:
    # ♣ trumps, robbing off: holding 5♣ it leads it (nothing can beat it), or a card as sure.
    game, session = build({0: "5C KS 10H 2D 9S"}, "8C", options={"sf.robbing": "off"})
    assert session.deal is not None
    obs = session.deal.observation(0)
    k = knowledge(game, obs)
    assert hold_probability(k, parse_card("5C"), 4, [1, 2]) == 1.0
    assert 0.0 < hold_probability(k, parse_card("KS"), 0, [1, 2]) < 1.0
    assert played(decide(game, session, 0)) == "5C"
    assert surely_wins_rest(k, obs.hand & bit(parse_card("5C")), [1, 2])
    assert not surely_wins_rest(k, obs.hand, [1, 2])
