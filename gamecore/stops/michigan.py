"""Michigan (Boodle, Chicago, Saratoga; cousins spec §4, MI-1 … MI-18) on the stops engine.

Newmarket's American descendant: the ace high, every card dealt into N + 1 hands with the
widow first, fixed antes on the layout (the dealer's multiplied), the dealer's widow choice
and the auction before the first lead, a change of suit after every stop, and layout items
that may be combinations. Everything it does in play is declared (see
:mod:`gamecore.stops.game`): the lowest-card lead rule with :attr:`new_lead` (MI-11), the
single-card items as captures and the combinations as :meth:`combo_sets` (MI-12), the kitty
as the pool the first player out takes (MI-14), the widow's decisions as
:attr:`widow_choices` (MI-7, MI-8; run by :mod:`gamecore.stops.widow`). Staking (the fixed
antes or the spread) is a hook.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.actions import AUCTION, EXCHANGE, KEEP
from gamecore.cards import (
    FULL_PACK,
    RANK_CODES,
    SUIT_SYMBOLS,
    CardSyntaxError,
    card_code,
    parse_card,
    rank_of,
    suit_of,
)
from gamecore.errors import OptionError
from gamecore.games import Entry, GameDescriptor, register
from gamecore.interface import Card, CardSet, PoolFace
from gamecore.options import OptionSpec
from gamecore.search.settings import SearchSettings
from gamecore.stops.game import (
    CHANGE_COLOUR,
    CHANGE_SUIT,
    LOWEST_OF_SUIT,
    NEW_LEAD_ANY,
    WIDOW_FIRST,
    StopsGame,
)

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal

#: MI-3: Bicycle's layout (the default), the 1885 American Hoyle's, a family layout with the
#: King-Queen marriage of diamonds.
LAYOUTS = ("AH KC QD JS", "AS KH QC JD", "AH KC QD JS KD+QD")
KITTY = "kitty"
#: MI-7: the dealer's choices under each ``mi.widow``.
WIDOW_RULES = {
    "dealerOrAuction": (EXCHANGE, AUCTION, KEEP),
    "dealerOnly": (EXCHANGE, KEEP),
    "none": (),
}


def parse_layout(text: Any) -> tuple[tuple[str, CardSet], ...]:
    """The items of a ``mi.layout`` string (MI-3, §6.1) as ``(name, cards)``: items
    separated by single spaces, no leading or trailing space; an item is one canonical card
    or canonical cards joined by ``+`` (no card twice in an item); no item twice (as a set).
    Raises :class:`OptionError` with a one-line reason."""
    where = "options: mi.layout"
    if not isinstance(text, str) or not text:
        raise OptionError(f'{where} must be a non-empty string of items such as "AH KC QD JS"')
    items: list[tuple[str, CardSet]] = []
    for item in text.split(" "):
        if not item:
            raise OptionError(f"{where}: items are separated by single spaces (MI-3)")
        mask = 0
        for part in item.split("+"):
            if not part:  # "AH+" or "+AH": a + with no card on one side
                raise OptionError(f"{where}: a + in {item!r} has no card beside it (MI-3)")
            try:
                c = parse_card(part)
            except CardSyntaxError:
                raise OptionError(f"{where}: {part!r} is not a card (MI-3)") from None
            if card_code(c) != part:
                raise OptionError(f"{where}: write {part!r} as {card_code(c)} (MI-3)")
            if mask >> c & 1:
                raise OptionError(f"{where}: {part} twice in the item {item} (MI-3)")
            mask |= 1 << c
        if any(m == mask for _, m in items):
            raise OptionError(f"{where}: the item {item} appears twice (MI-3)")
        items.append((item, mask))
    return tuple(items)


def check_options(options: Mapping[str, Any]) -> None:
    """MI-3: ``mi.layout`` follows the grammar. Raises :class:`OptionError`."""
    parse_layout(options["mi.layout"])


class Michigan(StopsGame):
    """Michigan with its resolved options.

    Rules: MI-1 3–8 players; MI-2 52 cards, ace high (``mi.aceHigh``); MI-3 the layout
    (``mi.layout``); MI-4 fixed antes or the spread (``mi.ante``, ``mi.dealerMultiplier``,
    ``mi.staking``); MI-5 the kitty (``mi.kitty``); MI-6 the widow dealt first; MI-7, MI-8
    the widow's choice and auction (``mi.widow``, ``mi.exchangeNeedsNoBoodle``,
    ``mi.minBid``); MI-9 lowest-card leads; MI-10 stops (STOP-6, STOP-7); MI-11 the lead
    after a stop (``mi.newLead``); MI-12 pay items and combinations; MI-13 no penalty for
    unplayed pay cards; MI-14 settlement (``mi.perCard``); MI-15 the session (GEN-3,
    GEN-4, GEN-6); MI-16 nothing to implement; MI-17 not implemented.
    """

    name = "michigan"
    #: How Hard searches Michigan (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)
    min_players = 3
    max_players = 8
    deal_style = WIDOW_FIRST
    lead_rule = LOWEST_OF_SUIT

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.ace_high = bool(self.options["mi.aceHigh"])  # MI-2
        self.pack = FULL_PACK
        self.items = parse_layout(self.options["mi.layout"])  # MI-3
        names = tuple(name for name, _ in self.items)
        self.kitty = bool(self.options["mi.kitty"])  # MI-5
        self.pools = (*names, KITTY) if self.kitty else names
        #: MI-14: the first player out takes the kitty.
        self.game_pool = len(names) if self.kitty else None
        self.closed_pools = (len(names),) if self.kitty else ()
        self.auto_split_order = tuple(range(len(names)))  # MI-4: layout order, cycling
        self.ante = int(self.options["mi.ante"])
        self.multiplier = int(self.options["mi.dealerMultiplier"])
        self.spread = self.options["mi.staking"] == "spread"
        self.card_rate = int(self.options["mi.perCard"])  # MI-14
        rule = self.options["mi.newLead"]
        self.new_lead = rule if rule in (CHANGE_SUIT, CHANGE_COLOUR) else NEW_LEAD_ANY
        self.widow_choices = WIDOW_RULES[self.options["mi.widow"]]  # MI-7
        if self.options["mi.exchangeNeedsNoBoodle"]:
            for _, mask in self.items:
                self.widow_bar |= mask
        self.min_bid = int(self.options["mi.minBid"])  # MI-8
        self._captures = {
            (m.bit_length() - 1): i for i, (_, m) in enumerate(self.items) if m.bit_count() == 1
        }
        self._combos = tuple((i, m) for i, (_, m) in enumerate(self.items) if m.bit_count() > 1)
        self._finish_setup()

    # ---- declared tables (MI-12) ----------------------------------------------------------

    def capture_table(self, trump: int | None) -> Mapping[Card, int]:
        """MI-12: playing a single-card item captures its pool at once."""
        return self._captures

    def combo_sets(self, trump: int | None) -> tuple[tuple[int, CardSet], ...]:
        """MI-12: a combination item is captured once one player has played all its cards."""
        return self._combos

    # ---- staking (MI-4, MI-5, GEN-5) -------------------------------------------------------

    def _share(self, seat: int, dealer: int) -> int:
        """Counters ``seat`` puts on each item (or the kitty): ``mi.ante``, times
        ``mi.dealerMultiplier`` for the dealer (MI-4, MI-5)."""
        return self.ante * (self.multiplier if seat == dealer else 1)

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        """MI-5 the kitty first, then MI-4's fixed antes on each item, each from the eldest
        round to the dealer; under ``spread`` only the kitty (the items are split)."""
        seats = [(deal.dealer + i) % deal.n for i in range(1, deal.n + 1)]
        out = []
        if self.game_pool is not None:
            out += [(s, self.game_pool, self._share(s, deal.dealer)) for s in seats]
        if not self.spread:
            for pool in self.auto_split_order:
                out += [(s, pool, self._share(s, deal.dealer)) for s in seats]
        return [x for x in out if x[2]]

    def split_total(self, deal: StopsDeal, seat: int) -> int | None:
        """MI-4 ``spread``: ``L × mi.ante`` counters (the dealer's times the multiplier),
        spread by each player from the eldest, the dealer last."""
        if not self.spread:
            return None
        return len(self.auto_split_order) * self._share(seat, deal.dealer)

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        """GEN-5 rule 1 (cousins §1): L items' antes plus the kitty's."""
        share = self.ante * (self.multiplier if seat == dealer else 1)
        return share * (len(self.auto_split_order) + (1 if self.kitty else 0))

    # ---- the layout as shown ----------------------------------------------------------------

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """Each item by its card (``♥A``), a combination by its cards joined (``♦K+♦Q``),
        with its first card as the face and all its cards to draw together (MI-12); the
        kitty by its name, with no card (MI-3, MI-5)."""
        out = []
        for name, mask in self.items:
            cards = [c for c in range(52) if mask >> c & 1]
            cards.sort(key=lambda c: name.split("+").index(card_code(c)))
            label = "+".join(SUIT_SYMBOLS[suit_of(c)] + RANK_CODES[rank_of(c)] for c in cards)
            out.append(PoolFace(label, cards[0], cards=tuple(cards) if len(cards) > 1 else ()))
        if self.kitty:
            out.append(PoolFace("Kitty"))
        return tuple(out)


OPTIONS = (
    OptionSpec("mi.aceHigh", "bool", True, caption="Aces high"),
    OptionSpec(
        "mi.layout",
        "text",
        LAYOUTS[0],
        choices=LAYOUTS,
        caption="Layout",
        words=(
            (LAYOUTS[0], "♥A ♣K ♦Q ♠J (Bicycle)"),
            (LAYOUTS[1], "♠A ♥K ♣Q ♦J (Hoyle 1885)"),
            (LAYOUTS[2], "♥A ♣K ♦Q ♠J and ♦K+♦Q"),
        ),
    ),
    OptionSpec("mi.ante", "int", 1, caption="Ante on each item"),
    OptionSpec("mi.dealerMultiplier", "int", 2, minimum=1, caption="Dealer's ante: times"),
    OptionSpec(
        "mi.staking",
        "choice",
        "fixed",
        choices=("fixed", "spread"),
        caption="Staking",
        words=(("fixed", "fixed antes on each item"), ("spread", "each spreads his stake")),
    ),
    OptionSpec("mi.kitty", "bool", False, caption="Kitty for the first player out"),
    OptionSpec(
        "mi.widow",
        "choice",
        "dealerOrAuction",
        choices=("dealerOrAuction", "dealerOnly", "none"),
        caption="The widow",
        words=(
            ("dealerOrAuction", "the dealer exchanges, auctions or keeps it"),
            ("dealerOnly", "only the dealer may exchange"),
            ("none", "always dead"),
        ),
    ),
    OptionSpec(
        "mi.exchangeNeedsNoBoodle", "bool", False, caption="No widow for a holder of a pay card"
    ),
    OptionSpec("mi.minBid", "int", 1, minimum=1, caption="Least bid for the widow"),
    OptionSpec(
        "mi.newLead",
        "choice",
        CHANGE_SUIT,
        choices=(CHANGE_SUIT, NEW_LEAD_ANY, CHANGE_COLOUR),
        caption="Lead after a stop",
        words=(
            (CHANGE_SUIT, "in another suit"),
            (NEW_LEAD_ANY, "any suit"),
            (CHANGE_COLOUR, "in the other colour"),
        ),
    ),
    OptionSpec("mi.perCard", "int", 1, caption="Payment per card left"),
)
HELP = {
    "mi.aceHigh": "Aces rank above Kings; off: ace low, as in Newmarket (MI-2).",
    "mi.layout": "The pay items: cards separated by spaces, a combination joined by + "
    "(MI-3, MI-12).",
    "mi.ante": "Counters each player puts on each item before every deal (MI-4).",
    "mi.dealerMultiplier": "The dealer's ante is this many times the others' (MI-4).",
    "mi.staking": "Fixed antes on each item, or each player spreads his stake (MI-4).",
    "mi.kitty": "A further pool, staked like an item, taken by the first player out (MI-5).",
    "mi.widow": "What the dealer may do with the spare hand before the first lead (MI-7).",
    "mi.exchangeNeedsNoBoodle": "A player holding a pay card may neither exchange nor bid (MI-7).",
    "mi.minBid": "The least bid in the auction for the widow (MI-8).",
    "mi.newLead": "The lead after a stop: another suit, any suit, or the other colour; a "
    "leader who cannot passes the lead on (MI-11).",
    "mi.perCard": "Counters the first player out receives for each card left in a hand (MI-14).",
}


DESCRIPTOR = register(
    GameDescriptor(
        name="michigan",
        title="Michigan",
        rules=Michigan,
        order=47,
        recorded=True,
        stock_name="Widow",
        dead_stock_name="Dead hand",  # once the widow's decisions are over (MI-7, MI-8)
        entries=(
            Entry("Michigan", rules_page="michigan", rules_title="Michigan", conformance=True),
        ),
        option_prefixes=("mi.",),
        options=OPTIONS,
        help=HELP,
        check_options=check_options,
        # cousins §1: the lowest card drawn may choose the first dealer (default firstJack)
        more_choices={"gen.firstDealer": ("lowestCard",)},
    )
)
