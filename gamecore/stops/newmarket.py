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
    RANK_CODES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    card_label,
    rank_of,
    suit_of,
)
from gamecore.errors import OptionError
from gamecore.games import Entry, GameDescriptor, register
from gamecore.interface import Card, PoolFace
from gamecore.options import OptionSpec
from gamecore.search.settings import SearchSettings
from gamecore.stops.game import FIXED_STOCK, LOWEST_OF_SUIT, StopsGame, lowest_in_suit

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
    #: How Hard searches Newmarket (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)
    #: NM-4: the boodle cards ♥A ♣K ♦Q ♠J, in record order.
    pools = ("AH", "KC", "QD", "JS")
    pay_cards: tuple[Card, ...] = (AH, KC, QD, JS)
    min_players = 3
    max_players = 8
    deal_style = FIXED_STOCK
    #: NM-5 / AMB-23: the automatic split cycles ♥A, ♣K, ♦Q, ♠J.
    auto_split_order = (0, 1, 2, 3)
    #: NM-7: the lowest card of a suit (NM-3 rank order).
    lead_rule = LOWEST_OF_SUIT

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.ace_high = bool(self.options["nm.aceHigh"])
        self.must_change_suit = bool(self.options["nm.mustChangeSuit"])  # NM-11
        self.pack = FULL_PACK
        if self.options["nm.removeEightOfDiamonds"]:
            self.pack &= ~(1 << EIGHT_D)
        #: NM-8: pay card → its pool (NM-10: a pay card never played costs nothing).
        self.pool_of_card = {c: i for i, c in enumerate(self.pay_cards)}
        self._finish_setup()

    def capture_table(self, trump: int | None) -> Mapping[Card, int]:
        """NM-8: a pay card captures its boodle pool at once."""
        return self.pool_of_card

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

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        return int(self.options["nm.minStake"])

    # ---- play (NM-7, NM-11) ----------------------------------------------------------

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        s = suit_of(c)
        if s not in self.lead_suits(deal, seat):
            return f"a new sequence must be in a suit other than {SUIT_NAMES[s]} (NM-11)"
        low = lowest_in_suit(self.leadable(deal, seat), s, self.ace_high)
        if low is None or low == c:
            return super().explain_lead(deal, seat, c)
        return (
            f"{card_label(c)} is not your lowest {SUIT_NAMES[s][:-1]}: "
            f"lead {card_label(low)} (NM-7)"
        )

    # ---- the layout (NM-4) -----------------------------------------------------------

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """Each boodle pool shown as its pay card ("♥A", the card itself on the layout); a
        pool no pay card wins (a cousin's extra pool) by its name."""
        by_pool = {pool: c for c, pool in self.pool_of_card.items()}
        out = []
        for i, name in enumerate(self.pools):
            c = by_pool.get(i)
            out.append(
                PoolFace(name.capitalize())
                if c is None
                else PoolFace(SUIT_SYMBOLS[suit_of(c)] + RANK_CODES[rank_of(c)], c)
            )
        return tuple(out)


# ---- options (NM-5, NM-11; section 9A.2) ---------------------------------------------------

#: The ``nm.`` rows, shared with Spin (SP-1).
OPTIONS = (
    OptionSpec("nm.stake", "int", 4, minimum=1, caption="Stake named by a computer dealer"),
    OptionSpec("nm.minStake", "int", 4, minimum=1, caption="Smallest stake"),
    OptionSpec("nm.maxStake", "int?", None, minimum=1, caption="Largest stake"),
    OptionSpec("nm.aceHigh", "bool", False, caption="Aces high"),
    OptionSpec("nm.removeEightOfDiamonds", "bool", False, caption="Play without the 8♦"),
    OptionSpec("nm.mustChangeSuit", "bool", False, caption="Change suit after a stop"),
    OptionSpec("nm.kitty", "false", False, house_rule=False),
    OptionSpec("nm.dealerMayTakeDeadHand", "false", False, house_rule=False),
)
HELP = {
    "nm.stake": "The stake a computer dealer names (NM-5).",
    "nm.minStake": "The smallest stake a dealer may name (NM-5).",
    "nm.maxStake": "The largest stake a dealer may name; empty for no limit (NM-5).",
    "nm.aceHigh": "Aces rank above Kings (modern British play, NM-3).",
    "nm.removeEightOfDiamonds": "Take the 8♦ out of the pack (NM-2).",
    "nm.mustChangeSuit": "Each new sequence must be in a different suit from the one that "
    "just stopped (NM-11).",
}


def check_stakes(options: Mapping[str, Any]) -> None:
    """NM-5: ``nm.minStake ≤ nm.stake ≤ nm.maxStake``. Raises :class:`OptionError`."""
    lo, st, hi = options["nm.minStake"], options["nm.stake"], options["nm.maxStake"]
    if st < lo:
        raise OptionError(f"options: nm.stake ({st}) is below nm.minStake ({lo})")
    if hi is not None and hi < lo:
        raise OptionError(f"options: nm.maxStake ({hi}) is below nm.minStake ({lo})")
    if hi is not None and st > hi:
        raise OptionError(f"options: nm.stake ({st}) is above nm.maxStake ({hi})")


DESCRIPTOR = register(
    GameDescriptor(
        name="newmarket",
        title="Newmarket",
        rules=Newmarket,
        order=10,
        recorded=True,
        entries=(
            Entry("Newmarket", rules_page="newmarket", rules_title="Newmarket", conformance=True),
        ),
        option_prefixes=("nm.",),
        options=OPTIONS,
        help=HELP,
        check_options=check_stakes,
        bench_target=25_000,
    )
)
