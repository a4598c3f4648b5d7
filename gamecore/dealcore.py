"""What every deal shares, whatever the game: the seats, the cards dealt, the counters, and
the settlement once the deal is over (stops games and Spoil Five alike)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamecore.events import Event


@dataclass(frozen=True)
class Settlement:
    """The end of a deal (STOP-10; SF-30 … SF-32): ``winner`` (seat, or ``None`` for a
    spoiled Spoil Five deal), ``events`` of the settlement (payments and pool moves, in
    order), ``deltas`` (counters won or lost by each seat over the whole deal, stakes
    included, as ints)."""

    winner: int | None
    events: tuple[Event, ...]
    deltas: tuple[int, ...]


class DealCore:
    """The part of a deal's state common to every game.

    Holds ``game``, ``n`` (seats), ``dealer``, ``hands`` (int masks, current) and ``dealt``
    (as dealt), ``stock`` (int mask), ``turnup``, ``balances`` and ``opening_balances``,
    ``pools`` (ints, game order) and the settlement's events.
    """

    def _init_core(
        self,
        game: object,
        dealer: int,
        hands: list[int],
        stock: int,
        turnup: int | None,
        balances: list[int],
        pools: list[int],
    ) -> None:
        self.game = game
        self.n = len(hands)
        self.dealer = dealer
        self.hands = list(hands)
        self.dealt = tuple(hands)
        self.stock = stock
        self.turnup = turnup
        self.balances = list(balances)
        self.opening_balances = tuple(balances)
        self.pools = list(pools)
        self.winner: int | None = None
        self.settle_events: tuple[Event, ...] = ()

    @property
    def over(self) -> bool:
        """True once the deal is finished and settled."""
        return self.phase == "over"  # type: ignore[attr-defined]

    def others(self, seat: int) -> list[int]:
        """Every seat but ``seat``, clockwise from its left."""
        return [(seat + i) % self.n for i in range(1, self.n)]

    def holder(self, c: int) -> int | None:
        """Seat whose hand holds card ``c`` (int 0..51), or ``None``."""
        b = 1 << c
        for seat, h in enumerate(self.hands):
            if h & b:
                return seat
        return None

    def replay_facts(self) -> dict[str, Any]:
        """Fields the game adds to this deal in the replay output (cousins §6.6); none
        here: a game with some (Matrimony's ``awards``) overrides this."""
        return {}

    def settlement(self) -> Settlement | None:
        """The settlement once the deal is over (else ``None``)."""
        if not self.over:
            return None
        deltas = tuple(b - o for b, o in zip(self.balances, self.opening_balances, strict=True))
        return Settlement(self.winner, self.settle_events, deltas)
