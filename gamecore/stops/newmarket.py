"""Newmarket (Stops, Boodle): rules NM-1 … NM-11 on the stops engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import (
    AH,
    EIGHT_D,
    FULL_PACK,
    JS,
    KC,
    QD,
    SUIT_NAMES,
    card_label,
    suit_of,
)
from gamecore.events import Event
from gamecore.stops.game import FIXED_STOCK, StopsGame, lowest_in_suit

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal


class Newmarket(StopsGame):
    """Newmarket: four boodle pools won by playing their pay cards, lowest-card leads.

    Options (resolved, see :mod:`gamecore.options`): ``nm.stake``, ``nm.minStake``,
    ``nm.maxStake``, ``nm.aceHigh``, ``nm.removeEightOfDiamonds``, ``nm.mustChangeSuit``,
    ``gen.allowDebt``. Rules: NM-1 players 3–8, NM-2 pack, NM-3 rank order, NM-4 layout,
    NM-5 staking, NM-6 fixed-stock deal, NM-7 lead rule, NM-8 pay cards, NM-9 going out,
    NM-10 no penalty, NM-11 options.
    """

    name = "newmarket"
    #: NM-4: the boodle cards ♥A ♣K ♦Q ♠J, in record order.
    pools = ("AH", "KC", "QD", "JS")
    pay_cards = (AH, KC, QD, JS)
    min_players = 3
    max_players = 8
    deal_style = FIXED_STOCK
    #: NM-5 / AMB-23: the automatic split cycles ♥A, ♣K, ♦Q, ♠J.
    auto_split_order = (0, 1, 2, 3)

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.ace_high = bool(self.options["nm.aceHigh"])
        self.pack = FULL_PACK
        if self.options["nm.removeEightOfDiamonds"]:
            self.pack &= ~(1 << EIGHT_D)
        self.pool_of_card = {c: i for i, c in enumerate(self.pay_cards)}
        self._finish_setup()

    # ---- staking (NM-5, GEN-5) -------------------------------------------------------

    def stake_cap(self, balances: list[int]) -> int | None:
        """Highest stake the dealer may name: ``nm.maxStake``, and with
        ``gen.allowDebt = false`` no more than the smallest balance (GEN-5 rule 2)."""
        high = self.options["nm.maxStake"]
        if not self.options["gen.allowDebt"]:
            poorest = min(balances)
            high = poorest if high is None else min(high, poorest)
        return high

    def stake_bounds(self, deal: StopsDeal) -> tuple[int, int | None, int]:
        low = self.options["nm.minStake"]
        high = self.stake_cap(deal.balances)
        default = self.options["nm.stake"]
        if high is not None:
            default = min(default, high)
        return low, high, default

    def split_total(self, deal: StopsDeal, seat: int) -> int | None:
        return deal.stake

    def least_stake(self, seat: int, dealer: int, balances: list[int],
                    prev_winner: int | None = None, fresh: bool = True) -> int:
        return int(self.options["nm.minStake"])

    # ---- play (NM-7, NM-8) -----------------------------------------------------------

    def leadable(self, deal: StopsDeal, seat: int) -> int:
        """Cards that count for the lowest-card rule (all of them in Newmarket)."""
        return deal.hands[seat]

    def lead_suits(self, deal: StopsDeal, seat: int) -> list[int]:
        """Suits ``seat`` may open now: every suit he holds, except the suit that has just
        stopped under ``nm.mustChangeSuit`` while he has another (NM-11)."""
        suits = self.suits_held(self.leadable(deal, seat))
        if (self.options["nm.mustChangeSuit"] and deal.last_suit in suits and len(suits) > 1):
            suits.remove(deal.last_suit)
        return suits

    def lead_mask(self, deal: StopsDeal, seat: int) -> int:
        """NM-7: the lowest card he holds of each suit he may open."""
        hand = self.leadable(deal, seat)
        mask = 0
        for s in self.lead_suits(deal, seat):
            low = lowest_in_suit(hand, s, self.ace_high)
            assert low is not None
            mask |= 1 << low
        return mask

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        s = suit_of(c)
        if s not in self.lead_suits(deal, seat):
            return f"a new sequence must be in a suit other than {SUIT_NAMES[s]} (NM-11)"
        low = lowest_in_suit(self.leadable(deal, seat), s, self.ace_high)
        if low is None or low == c:
            return f"{card_label(c)} cannot be led"
        return (f"{card_label(c)} is not your lowest {SUIT_NAMES[s][:-1]}: "
                f"lead {card_label(low)} (NM-7)")

    def on_play(self, deal: StopsDeal, seat: int, c: int, spin: bool,
                events: list[Event]) -> None:
        """NM-8: a pay card captures its boodle pool at once."""
        pool = self.pool_of_card.get(c)
        if pool is not None and deal.pools[pool]:
            deal.take_pool(seat, pool, events)
