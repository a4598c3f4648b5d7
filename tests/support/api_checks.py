"""The generic checks of a game's state API (architecture, "State API"), in the spirit of
OpenSpiel's generic game tests. ``tests/gamecore/test_game_api.py`` runs them for every registered
game and profile; a test's own game (``tests/gamecore/test_fifth_pool_game.py``) runs them too.

Each check plays seeded random sessions through :class:`~gamecore.match.Session` and fails
with an assertion naming what broke.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamecore.actions import Action, Bid, NameStake, Play, Split, Widow, format_action
from gamecore.cards import cards_in
from gamecore.decisions import BidChoice, PlayChoice, SplitChoice, StakeChoice
from gamecore.errors import IllegalAction
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import load_record, record_games, record_of, replay_session
from helpers import random_action, swap_cards


def player_counts(game: Any) -> list[int]:
    """The smallest, a middle and the largest table of ``game``."""
    lo, hi = game.min_players, game.max_players
    return sorted({lo, (lo + hi) // 2, hi})


def fingerprint(deal: Any) -> tuple[Any, ...]:
    """Everything a deal shows, from every seat: equal fingerprints, equal states."""
    return (
        tuple(deal.hands),
        deal.stock,
        tuple(deal.balances),
        tuple(deal.pools),
        deal.phase,
        deal.decision(),
        deal.winner,
        tuple(deal.observation(s) for s in range(deal.n)),
    )


def illegal_actions(deal: Any) -> list[Action]:
    """Actions that are not legal now: another seat's, a card not held, a held card outside
    the legal set, the ♦A attached where it may not be, a stake or split out of place or
    out of range; any action once the deal is over."""
    d = deal.decision()
    n = deal.n
    if d is None:
        return [Play(0, 0), NameStake(0, 4)]
    other = (d.seat + 1) % n
    out: list[Action] = [Play(other, next(iter(cards_in(deal.hands[other])), 0))]
    if isinstance(d, StakeChoice):
        out += [NameStake(other, d.default), Play(d.seat, 0)]
        if d.low > 0:
            out.append(NameStake(d.seat, d.low - 1))
        if d.high is not None:
            out.append(NameStake(d.seat, d.high + 1))
    elif isinstance(d, SplitChoice):
        wrong = list(d.default)
        wrong[0] += 1
        out += [Split(d.seat, tuple(wrong)), Split(other, d.default), Play(d.seat, 0)]
    elif isinstance(d, BidChoice):  # MI-8: another seat's bid, a bid out of bounds
        out += [Bid(other, d.low), Play(d.seat, 0), Widow(d.seat, "keep")]
        if d.low > 1:
            out.append(Bid(d.seat, d.low - 1))
        if d.high is not None:
            out.append(Bid(d.seat, d.high + 1))
    else:
        assert isinstance(d, PlayChoice)
        hand = deal.hands[d.seat]
        missing = [c for c in range(52) if not hand >> c & 1]
        if missing:
            out.append(Play(d.seat, missing[0]))
        legal = set(d.actions)
        out += [
            a
            for c in cards_in(hand)
            for a in (Play(d.seat, c), Play(d.seat, c, True))
            if a not in legal
        ][:4]
        out += [NameStake(d.seat, 4), Split(d.seat, (1,) * len(deal.game.pools))]
    return [a for a in out if a not in (d.actions if isinstance(d, PlayChoice) else ())]


def play_random(
    name: str, options: dict[str, Any], n: int, seed: int, deals: int = 2
) -> tuple[Session, list[str]]:
    """A seeded session of random legal actions (``deals`` deals at most): the session and
    every action in record syntax."""
    game = make_game(name, options)
    rng = random.Random(seed)
    session = Session(game, [f"P{i}" for i in range(n)], seed % n)
    trail: list[str] = []
    for _ in range(deals):
        if session.complete:
            break
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            action = random_action(session.decision(), rng)
            trail.append(format_action(action, game.pools))
            session.apply(action)
    return session, trail


def check_legal_sets_and_illegal_actions(name: str, options: dict[str, Any], seed: int) -> None:
    """Until the deal is over the seat to act has a non-empty legal set, each of whose
    actions the deal accepts; an illegal action raises :class:`IllegalAction` with a reason
    and changes nothing (the deal, and the session's log); once over, the legal set is empty
    and every action is refused."""
    game = make_game(name, options)
    for n in player_counts(game):
        rng = random.Random(seed * 100 + n)
        session = Session(game, [f"P{i}" for i in range(n)], seed % n)
        session.start_deal_seeded(rng.randrange(1 << 30))
        deal = session.deal
        assert deal is not None
        while True:
            before = fingerprint(deal)
            logged = list(session.logs[-1].actions)
            for bad in illegal_actions(deal):
                assert deal.explain_illegal(bad), bad
                with pytest.raises(IllegalAction):
                    session.apply(bad)
                with pytest.raises(IllegalAction):
                    deal.apply(bad)
                assert fingerprint(deal) == before, bad
                assert session.logs[-1].actions == logged
            if deal.over:
                assert deal.legal_actions() == [] and deal.decision() is None
                assert deal.to_act is None and deal.settlement() is not None
                break
            d = deal.decision()
            legal = deal.legal_actions()
            assert d is not None and legal and deal.to_act == d.seat
            if isinstance(d, PlayChoice):
                assert all(a.seat == d.seat and deal.explain_illegal(a) is None for a in legal)
            session.apply(random_action(d, rng))


def check_clone_is_independent(name: str, options: dict[str, Any], seed: int) -> None:
    """A clone taken at any point is unchanged by play on the original, and the same
    actions played on it give the same end."""
    game = make_game(name, options)
    for n in player_counts(game):
        rng = random.Random(seed * 7 + n)
        session = Session(game, [f"P{i}" for i in range(n)], 0)
        session.start_deal_seeded(rng.randrange(1 << 30))
        deal = session.deal
        assert deal is not None
        for _ in range(rng.randrange(12)):
            if deal.over:
                break
            deal.apply(random_action(deal.decision(), rng))
        copy = deal.clone()
        kept = fingerprint(copy)
        trail = []
        while not deal.over:
            action = random_action(deal.decision(), rng)
            trail.append(action)
            deal.apply(action)
        assert fingerprint(copy) == kept
        for action in trail:
            copy.apply(action)
        assert fingerprint(copy) == fingerprint(deal)
        assert copy.settlement() == deal.settlement()


def check_observation_hides_what_it_must(name: str, options: dict[str, Any], seed: int) -> None:
    """GEN-9: at each decision, exchanging a card between two other hands, or between an
    other hand and the stock, changes nothing in the observation of the seat to act."""
    game = make_game(name, options)
    pick = random.Random(seed)
    checked = 0
    for n in player_counts(game):
        rng = random.Random(seed * 13 + n)
        session = Session(game, [f"P{i}" for i in range(n)], 0)
        session.start_deal_seeded(rng.randrange(1 << 30))
        deal = session.deal
        assert deal is not None
        while not deal.over:
            d = deal.decision()
            assert d is not None
            seat = d.seat
            opponents = [s for s in range(n) if s != seat and deal.hands[s]]
            obs = deal.observation(seat)
            if len(opponents) >= 2:
                a, b = pick.sample(opponents, 2)
                ca = pick.choice(list(cards_in(deal.hands[a])))
                cb = pick.choice(list(cards_in(deal.hands[b])))
                other = deal.clone()
                other.hands = swap_cards(deal.hands, a, b, ca, cb)
                assert other.observation(seat) == obs
                checked += 1
            if opponents and deal.stock:
                a = pick.choice(opponents)
                ca = pick.choice(list(cards_in(deal.hands[a])))
                cs = pick.choice(list(cards_in(deal.stock)))
                if cs != deal.turnup:
                    other = deal.clone()
                    other.hands = list(deal.hands)
                    other.hands[a] = deal.hands[a] & ~(1 << ca) | 1 << cs
                    other.stock = deal.stock & ~(1 << cs) | 1 << ca
                    assert other.observation(seat) == obs
            session.apply(random_action(d, rng))
    assert checked > 0


def check_deterministic_by_seed(name: str, options: dict[str, Any], seed: int) -> None:
    """The same seed deals the same cards and, with seeded choices, plays the same deals to
    the same counters."""
    game = make_game(name, options)
    n = game.min_players + 1 if game.min_players < game.max_players else game.min_players
    first, trail = play_random(name, options, n, seed)
    again, trail_again = play_random(name, options, n, seed)
    assert trail == trail_again and trail
    assert [log.hands for log in first.logs] == [log.hands for log in again.logs]
    assert (first.balances, first.pools) == (again.balances, again.pools)


def check_record_round_trip(name: str, options: dict[str, Any], seed: int) -> None:
    """A session written as a deal record, read back and replayed, gives the same deals,
    counters and log (for the games the record format lists)."""
    if name not in record_games():
        pytest.skip(f"{name} is not a game of the record format")
    game = make_game(name, options)
    for n in player_counts(game):
        session, _ = play_random(name, options, n, seed + n, deals=n)
        text = json.dumps(record_of(session))
        again = replay_session(load_record(text))
        assert again.game.name == name and again.options == session.options
        assert (again.balances, again.pools) == (session.balances, session.pools)
        assert [log.actions for log in again.logs] == [log.actions for log in session.logs]
        assert [log.winner for log in again.logs] == [log.winner for log in session.logs]
        assert json.dumps(record_of(again)) == text


ALL_CHECKS = (
    check_legal_sets_and_illegal_actions,
    check_clone_is_independent,
    check_observation_hides_what_it_must,
    check_deterministic_by_seed,
    check_record_round_trip,
)
