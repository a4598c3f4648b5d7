"""Spoil Five's rules description: options, pack, deal, staking (SF-1 … SF-10, SF-6/7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import FULL_PACK

if TYPE_CHECKING:
    from gamecore.spoilfive.deal import SpoilFiveDeal


class SpoilFive:
    """Spoil Five with its resolved options (see :mod:`gamecore.options`, section 7.9).

    Shares the interface the session and the record use with
    :class:`gamecore.stops.game.StopsGame`: ``name``, ``pools``, ``min_players``,
    ``max_players``, ``pack``, ``options``, ``hand_size``, ``deal_from_deck``,
    ``least_stake`` and ``new_deal``.
    """

    name = "spoil-five"
    pools = ("pool",)
    min_players = 2
    max_players = 10
    turns_trump = True
    turnup_in_stock = False
    ace_high = False

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        self.pack = FULL_PACK

    def pack_size(self) -> int:
        """52 (SF-2)."""
        return 52

    def hand_size(self, n: int) -> int:
        """Five cards each (SF-9)."""
        return 5

    def deal_from_deck(self, deck: list[int], n: int, dealer: int
                       ) -> tuple[list[int], list[int], int | None]:
        """SF-9, SF-10: packets of 3 then 2 (or 2 then 3) from the eldest; deck index 5N
        is turned for trumps; the rest is the stock. Returns ``(hands, stock, turnup)``."""
        first, second = (3, 2) if self.options["sf.packets"] == "3-2" else (2, 3)
        hands: list[list[int]] = [[] for _ in range(n)]
        i = 0
        for size in (first, second):
            for j in range(n):
                seat = (dealer + 1 + j) % n
                hands[seat].extend(deck[i:i + size])
                i += size
        return hands, deck[5 * n + 1:], deck[5 * n]

    def stakes(self, n: int, dealer: int, fresh: bool) -> list[tuple[int, int]]:
        """SF-6 / SF-7: what each seat pays into the pool before a deal, as
        ``(seat, counters)``; ``fresh`` when the pool was won last deal (or none yet)."""
        opt = self.options
        if opt["sf.staking"] == "dealerPaysAll":
            return [(dealer, n * int(opt["sf.ante"]))]
        if not fresh:
            return [(dealer, int(opt["sf.dealerAdd"]))]
        out = [((dealer + 1 + j) % n, int(opt["sf.ante"])) for j in range(n)]
        if opt["sf.dealerAddsOnFresh"]:
            out.append((dealer, int(opt["sf.dealerAdd"])))
        return out

    def least_stake(self, seat: int, dealer: int, balances: list[int],
                    prev_winner: int | None = None, fresh: bool = True) -> int:
        """GEN-5 rule 1: what SF-6/SF-7 make ``seat`` pay before the next deal."""
        return sum(n for s, n in self.stakes(len(balances), dealer, fresh) if s == seat)

    def new_deal(self, dealer: int, hands: list[int], stock: int, turnup: int | None,
                 balances: list[int], pools: list[int], prev_winner: int | None,
                 fresh: bool = True) -> SpoilFiveDeal:
        """A new deal with these cards (int masks) and counters."""
        from gamecore.spoilfive.deal import SpoilFiveDeal

        assert turnup is not None
        return SpoilFiveDeal(self, dealer, hands, stock, turnup, balances, pools, fresh)
