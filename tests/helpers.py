"""Helpers for engine tests: readable cards and quick sessions."""

from __future__ import annotations

import random
from typing import Any

from gamecore.actions import Action, NameStake, Split
from gamecore.cards import mask_of, parse_card
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.stops.deal import StopsDeal


def cards(text: str) -> list[int]:
    """``"3S 7S 9H"`` → card ints."""
    return [parse_card(t) for t in text.split()]


def hand(text: str) -> int:
    """``"3S 7S 9H"`` → card set (int mask)."""
    return mask_of(cards(text))


def nm(**options: Any) -> Any:
    """Newmarket rules with options given as keyword arguments (``nm_aceHigh=True``)."""
    return make_game("newmarket", {k.replace("_", "."): v for k, v in options.items()})


def position(game: Any, hands: list[str], **kw: Any) -> StopsDeal:
    """A Newmarket deal in play from readable hands."""
    for key in ("stock", "played"):
        if isinstance(kw.get(key), str):
            kw[key] = hand(kw[key])
    if isinstance(kw.get("top"), str):
        kw["top"] = parse_card(kw["top"])
    return StopsDeal.from_position(game, [hand(h) for h in hands], **kw)


def random_action(decision: Any, rng: random.Random) -> Action:
    """A uniformly chosen legal action for ``decision`` (stakes and splits too)."""
    if isinstance(decision, PlayChoice):
        return rng.choice(decision.actions)
    if isinstance(decision, StakeChoice):
        high = decision.high if decision.high is not None else decision.low + 12
        return NameStake(decision.seat, rng.randint(decision.low, high))
    assert isinstance(decision, SplitChoice)
    amounts = [0] * len(decision.pools)
    for _ in range(decision.total):
        amounts[rng.randrange(len(amounts))] += 1
    return Split(decision.seat, tuple(amounts))


def play_session(session: Session, rng: random.Random, max_deals: int | None = None) -> int:
    """Play deals with random legal actions until the session is complete (or
    ``max_deals``); returns the number of deals played."""
    played = 0
    while not session.complete and (max_deals is None or played < max_deals):
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))
        played += 1
    return played
