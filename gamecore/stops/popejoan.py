"""Pope Joan in its three profiles on the stops engine (rules spec section 3).

* :class:`PopeJoanF` — Foster's simple layout (PJ-1 … PJ-13), the default.
* :class:`PopeJoanM` — Foster's trump-layout variation (PJ-20 … PJ-27).
* :class:`PopeJoanC` — the classic eight-compartment board (PJ-C-1 … PJ-C-10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import (
    ACE,
    DIAMONDS,
    EIGHT_D,
    FULL_PACK,
    JACK,
    KING,
    QUEEN,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    card,
    card_label,
    parse_card,
    suit_of,
)
from gamecore.events import Event
from gamecore.games import Entry, GameDescriptor, register
from gamecore.interface import Card, PoolFace
from gamecore.options import OptionSpec
from gamecore.search.settings import SearchSettings
from gamecore.stops.game import (
    ANY_CARD,
    EXTRA_HAND,
    FIXED_STOCK,
    LOWEST_OF_SUIT,
    StopsGame,
    lowest_in_suit,
)

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal


def _suit_index(ch: str) -> int:
    return SUIT_LETTERS.index(ch) if ch in SUIT_LETTERS else SUIT_SYMBOLS.index(ch)


class PopeJoan(StopsGame):
    """What the three profiles share: 3–8 players, any-card leads (PJ-7), captures by the
    layout card (PJ-8), per-card settlement (PJ-9) and doubling (PJ-11), all declared (see
    :mod:`gamecore.stops.game`)."""

    name = "pope-joan"
    min_players = 3
    max_players = 8
    profile = ""

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        #: card → pool index for single-card captures (PJ-8, PJ-C-6); filled per deal for
        #: trump-dependent layouts.
        self.capture_cards: dict[int, int] = {}

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        return 15 if seat == dealer else 0

    def capture_table(self, trump: int | None) -> Mapping[Card, int]:
        """PJ-8, PJ-24: the layout cards that capture their compartments."""
        return self.capture_cards


class PopeJoanF(PopeJoan):
    """PJ-F: five compartments Ten, Jack, Queen, King, Pope, each won by playing its layout
    card (``pj.honourSuits`` gives the honours' suits, ``pj.pope`` the Pope); the dealer
    dresses 1/2/3/4/5 (PJ-5); a layout card left in hand doubles its compartment (PJ-11,
    ``pj.doubling``)."""

    profile = "F"
    #: How Hard searches Foster's layout (PJ-F) (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)
    pools = ("ten", "jack", "queen", "king", "pope")
    deal_style = FIXED_STOCK

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        if self.options["pj.removeEightOfDiamonds"]:
            self.pack &= ~(1 << EIGHT_D)
        suits = [_suit_index(ch) for ch in self.options["pj.honourSuits"]]
        self.layout_cards = (
            card(9, suits[0]),
            card(JACK, suits[1]),
            card(QUEEN, suits[2]),
            card(KING, suits[3]),
            parse_card(self.options["pj.pope"]),
        )
        self.capture_cards = {c: i for i, c in enumerate(self.layout_cards)}
        self._doubling: tuple[tuple[int, Card], ...] = (
            tuple(enumerate(self.layout_cards)) if self.options["pj.doubling"] else ()
        )
        self._finish_setup()

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        """PJ-5: the dealer dresses Ten 1, Jack 2, Queen 3, King 4, Pope 5."""
        return [(deal.dealer, i, i + 1) for i in range(5)]

    def doubling_table(self, trump: int | None) -> tuple[tuple[int, Card], ...]:
        """PJ-11: the holder of a layout card pays the compartment's amount at end of play
        (with ``pj.doubling``)."""
        return self._doubling

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """Ten, Jack, Queen, King and Pope, each with its layout card (PJ-4)."""
        return tuple(
            PoolFace(name.capitalize(), c)
            for name, c in zip(self.pools, self.layout_cards, strict=True)
        )


MATRIMONY, INTRIGUE, CONFEDERACY, M_POPE, M_GAME = range(5)


class PopeJoanM(PopeJoan):
    """PJ-M: Matrimony, Intrigue, Confederacy (pairs of trump honours), Pope and Game; the
    top stock card is turned for trumps (PJ-22); Matrimony-style stakes named by the dealer
    (PJ-21); combinations taken or divided when the second card is played (PJ-23); Pope
    (PJ-24) and unplayed combinations (PJ-27) doubled; the winner takes Game (PJ-25)."""

    profile = "M"
    #: How Hard searches the trump layout (PJ-M) (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)
    pools = ("matrimony", "intrigue", "confederacy", "pope", "game")
    deal_style = FIXED_STOCK
    turns_trump = True
    game_pool = M_GAME
    #: PJ-21: automatic split Pope, Matrimony, Intrigue, Confederacy, Game.
    auto_split_order = (M_POPE, MATRIMONY, INTRIGUE, CONFEDERACY, M_GAME)
    #: PJ-23: a combination two players completed is divided between them.
    combos_divide = True

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        if self.options["pj.removeEightOfDiamonds"]:
            self.pack &= ~(1 << EIGHT_D)
        self.pope = parse_card(self.options["pj.pope"])
        self.capture_cards = {self.pope: M_POPE}
        doubling = bool(self.options["pj.doubling"])
        #: PJ-24: the holder of the Pope doubles its compartment; PJ-27 the combinations.
        self._doubling: tuple[tuple[int, Card], ...] = ((M_POPE, self.pope),) if doubling else ()
        self.double_combos = doubling and bool(self.options["pj.m.doubleCombos"])
        self._combo_tables: dict[int, tuple[tuple[int, Card, Card], ...]] = {}
        self._finish_setup()

    def turnup_from(self, deck: list[int], n: int, stock: list[int]) -> int | None:
        """PJ-22: the top card of the stock (deck index N·k)."""
        return stock[0] if stock else None

    def combos(self, trump: int) -> tuple[tuple[int, tuple[int, int]], ...]:
        """The three combinations for ``trump``: (pool, (card, card))."""
        k, q, j = card(KING, trump), card(QUEEN, trump), card(JACK, trump)
        return ((MATRIMONY, (k, q)), (INTRIGUE, (q, j)), (CONFEDERACY, (k, j)))

    def combo_table(self, trump: int | None) -> tuple[tuple[int, Card, Card], ...]:
        """PJ-20, PJ-23: Matrimony, Intrigue and Confederacy of the turned trump suit."""
        if trump is None:
            return ()
        table = self._combo_tables.get(trump)
        if table is None:
            table = self._combo_tables[trump] = tuple(
                (pool, a, b) for pool, (a, b) in self.combos(trump)
            )
        return table

    def doubling_table(self, trump: int | None) -> tuple[tuple[int, Card], ...]:
        """PJ-24: the holder of the Pope at the end pays its compartment's amount."""
        return self._doubling

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """The five compartments; the Pope with its card, the combinations with their
        cards once the turn-up has fixed the trumps (PJ-20, PJ-22)."""
        details = [""] * len(self.pools)
        if turnup is not None:
            for pool, (a, b) in self.combos(suit_of(turnup)):
                details[pool] = f"{card_label(a)} {card_label(b)}"
        return tuple(
            PoolFace(name.capitalize(), self.pope if i == M_POPE else None, details[i])
            for i, name in enumerate(self.pools)
        )

    # ---- staking (PJ-21) ---------------------------------------------------------

    def stake_bounds(self, deal: StopsDeal) -> tuple[int, int | None, int]:
        high: int | None = None
        if not self.options["gen.allowDebt"]:
            others = [b for s, b in enumerate(deal.balances) if s != deal.dealer]
            high = min([deal.balances[deal.dealer], *(b + 1 for b in others)])
        default = int(self.options["pj.m.dealerStake"])
        if high is not None:
            default = max(1, min(default, high))
        return 1, high, default

    def split_total(self, deal: StopsDeal, seat: int) -> int | None:
        if deal.stake is None:
            return None
        return deal.stake if seat == deal.dealer else deal.stake - 1

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        return 1 if seat == dealer else 0

    # ---- play --------------------------------------------------------------------

    def on_deal_start(self, deal: StopsDeal, events: list[Event]) -> None:
        """PJ-26: with ``pj.m.turnUpAwards = classic`` a turned Pope gives the dealer the
        Pope compartment; play goes on."""
        if (
            self.options["pj.m.turnUpAwards"] == "classic"
            and deal.turnup == self.pope
            and deal.pools[M_POPE]
        ):
            deal.take_pool(deal.dealer, M_POPE, events)

    # PJ-23 (combinations), PJ-24 and PJ-27 (doubling) are declared above.


C_POPE, C_MATRIMONY, C_INTRIGUE, C_ACE, C_KING, C_QUEEN, C_JACK, C_GAME = range(8)
NINE_D = card(8, DIAMONDS)


class PopeJoanC(PopeJoan):
    """PJ-C: the classic board of eight compartments (Pope 9♦, Matrimony, Intrigue, and the
    Ace, King, Queen, Jack of trumps, Game); 51 cards, extra-hand deal, the last card turned
    for trumps with its awards (PJ-C-5); captures (PJ-C-6); Game and per-card payments with
    the Pope excuse (PJ-C-7); no doubling (PJ-C-8); ``pj.c.parlettLead``."""

    profile = "C"
    #: How Hard searches the classic board (PJ-C) (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)
    pools = ("pope", "matrimony", "intrigue", "ace", "king", "queen", "jack", "game")
    deal_style = EXTRA_HAND
    turns_trump = True
    game_pool = C_GAME
    DRESSING = (6, 2, 2, 1, 1, 1, 1, 1)

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.pack = FULL_PACK & ~(1 << EIGHT_D)
        self.parlett = bool(self.options["pj.c.parlettLead"])
        self.ace_high = self.parlett
        #: PJ-C-2: with ``pj.c.parlettLead`` every lead is the lowest card of its suit.
        self.lead_rule = LOWEST_OF_SUIT if self.parlett else ANY_CARD
        if self.options["pj.c.popeExcuses"]:
            self.excuse_card = NINE_D  # PJ-C-7
        self._captures: dict[int | None, dict[Card, int]] = {}
        self._combo_tables: dict[int, tuple[tuple[int, Card, Card], ...]] = {}
        self._finish_setup()

    def turnup_from(self, deck: list[int], n: int, stock: list[int]) -> int | None:
        """PJ-C-4: the last card dealt (deck index 50), which lies in the extra hand."""
        return stock[-1] if stock else None

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        """PJ-C-3: the dealer dresses 15: Pope 6, Matrimony 2, Intrigue 2, Ace, King,
        Queen, Jack and Game 1 each."""
        return [(deal.dealer, i, n) for i, n in enumerate(self.DRESSING)]

    def honours(self, trump: int) -> dict[int, int]:
        """Trump Ace, King, Queen, Jack → their compartments."""
        return {
            card(ACE, trump): C_ACE,
            card(KING, trump): C_KING,
            card(QUEEN, trump): C_QUEEN,
            card(JACK, trump): C_JACK,
        }

    def capture_table(self, trump: int | None) -> Mapping[Card, int]:
        """PJ-C-6: the Pope (9♦) and the Ace, King, Queen and Jack of trumps."""
        table = self._captures.get(trump)
        if table is None:
            table = {NINE_D: C_POPE}
            if trump is not None:
                table.update(self.honours(trump))
            self._captures[trump] = table
        return table

    def combo_table(self, trump: int | None) -> tuple[tuple[int, Card, Card], ...]:
        """PJ-C-6: Matrimony (K+Q of trumps) and Intrigue (Q+J) go only to a player who has
        played both, when he plays the second."""
        if trump is None:
            return ()
        table = self._combo_tables.get(trump)
        if table is None:
            k, q, j = card(KING, trump), card(QUEEN, trump), card(JACK, trump)
            table = self._combo_tables[trump] = ((C_MATRIMONY, k, q), (C_INTRIGUE, q, j))
        return table

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """The eight compartments; once trumps are known, each honour compartment shows its
        card's label and the Pope "9♦" (PJ-C-3, PJ-C-6)."""
        details = [""] * len(self.pools)
        if turnup is not None:
            for c, pool in self.honours(suit_of(turnup)).items():
                details[pool] = card_label(c)
            details[C_POPE] = card_label(NINE_D)
        return tuple(
            PoolFace(name.capitalize(), None, details[i]) for i, name in enumerate(self.pools)
        )

    def on_deal_start(self, deal: StopsDeal, events: list[Event]) -> None:
        """PJ-C-5: turn-up awards to the dealer; a turned Pope may end the deal."""
        t = deal.turnup
        if t is None:
            return
        if t == NINE_D:
            if deal.pools[C_POPE]:
                deal.take_pool(deal.dealer, C_POPE, events)
            if self.options["pj.c.popeTurnUp"] == "popeGameAndEnd":
                if deal.pools[C_GAME]:
                    deal.take_pool(deal.dealer, C_GAME, events)
                for seat in deal.others(deal.dealer):
                    dealt = deal.dealt[seat].bit_count()
                    deal.pay(seat, deal.dealer, dealt, "turned Pope", events, dealt)
                deal.end_without_play(deal.dealer, events)
            return
        pool = self.honours(suit_of(t)).get(t)
        if pool is not None and deal.pools[pool]:
            deal.take_pool(deal.dealer, pool, events)

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        low = lowest_in_suit(deal.hands[seat], suit_of(c), True)
        if self.parlett and low is not None and low != c:
            return (
                f"{card_label(c)} is not your lowest {SUIT_NAMES[suit_of(c)][:-1]}: "
                f"lead {card_label(low)} (PJ-C-2)"
            )
        return super().explain_lead(deal, seat, c)

    # PJ-C-7 (the Pope excuses its holder) and PJ-C-8 (no doubling) are declared above.


def pope_joan(options: Mapping[str, Any]) -> PopeJoan:
    """The Pope Joan rules for ``options["pj.profile"]`` (F, M or C)."""
    profile = options["pj.profile"]
    return {"F": PopeJoanF, "M": PopeJoanM, "C": PopeJoanC}[profile](options)


# ---- options (PJ-2, PJ-4, PJ-11, PJ-21, PJ-26, PJ-27, PJ-C-2, PJ-C-5, PJ-C-7) ---------------

OPTIONS = (
    OptionSpec(
        "pj.dealerMayViewStock",
        "bool",
        False,
        house_rule=False,
        caption="The dealer may look at the dead hand",
    ),
    OptionSpec(
        "pj.profile",
        "choice",
        "F",
        choices=("F", "M", "C"),
        caption="Layout",
        words=(
            ("F", "Foster's layout"),
            ("M", "trump layout (Matrimony, Intrigue…)"),
            ("C", "classic board"),
        ),
    ),
    OptionSpec(
        "pj.pope",
        "choice",
        "7D",
        choices=("7D", "9D"),
        cards=True,
        caption="The Pope",
        words=(("7D", "7♦"), ("9D", "9♦")),
    ),
    OptionSpec("pj.honourSuits", "suits", "DCSH", caption="Suits of the layout cards"),
    OptionSpec("pj.removeEightOfDiamonds", "bool", False, caption="Play without the 8♦"),
    OptionSpec("pj.doubling", "bool", True, caption="Held layout cards double their pool"),
    OptionSpec("pj.m.doubleCombos", "bool", True, caption="Unplayed honours double their pool"),
    OptionSpec("pj.c.popeExcuses", "bool", True, caption="The Pope excuses its holder"),
    OptionSpec("pj.c.parlettLead", "bool", False, caption="Ace high, lowest-card leads"),
    OptionSpec("pj.m.dealerStake", "int", 5, minimum=1, caption="Dealer's stake"),
    OptionSpec(
        "pj.m.turnUpAwards",
        "choice",
        "none",
        choices=("none", "classic"),
        caption="A turned-up Pope",
        words=(("none", "gives nothing"), ("classic", "gives the dealer the Pope pool")),
    ),
    OptionSpec(
        "pj.c.popeTurnUp",
        "choice",
        "popeGameAndEnd",
        choices=("popeGameAndEnd", "popeOnly"),
        caption="A turned-up Pope",
        words=(
            ("popeGameAndEnd", "the dealer takes Pope and Game, no play"),
            ("popeOnly", "the dealer takes the Pope pool, then play"),
        ),
    ),
)
HELP = {
    "pj.profile": "Foster's simple layout, Foster's trump layout (Matrimony…), or the classic "
    "eight-compartment board.",
    "pj.pope": "Which card is the Pope: the Seven or the Nine of diamonds (PJ-4).",
    "pj.honourSuits": "Suits of the Ten, Jack, Queen and King layout cards, in that order (PJ-4).",
    "pj.removeEightOfDiamonds": "Take the 8♦ out of the pack, making the 7♦ a known stop (PJ-2).",
    "pj.doubling": "A player caught holding a layout card doubles its compartment (PJ-11, "
    "PJ-24, PJ-27).",
    "pj.m.doubleCombos": "Unplayed trump honours double their Matrimony, Intrigue or "
    "Confederacy pool (PJ-27).",
    "pj.c.popeExcuses": "A player still holding the Pope pays nothing for his cards at the "
    "end (PJ-C-7).",
    "pj.c.parlettLead": "Ace high, and every lead must be the lowest card of its suit (PJ-C-2).",
    "pj.m.dealerStake": "The dealer's usual stake D; everyone else stakes D − 1 (PJ-21).",
    "pj.m.turnUpAwards": "It gives the dealer the Pope pool (classic) or nothing (PJ-26).",
    "pj.c.popeTurnUp": "The dealer takes Pope and Game and the deal ends, or he takes the "
    "Pope only (PJ-C-5).",
}


DESCRIPTOR = register(
    GameDescriptor(
        name="pope-joan",
        title="Pope Joan",
        rules=PopeJoan,
        make=pope_joan,
        order=40,
        recorded=True,
        entries=(
            # PJ-13: each profile offers only the keys it uses.
            Entry(
                "Pope Joan (Foster's layout)",
                "F",
                ("pj.pope", "pj.honourSuits", "pj.removeEightOfDiamonds", "pj.doubling"),
                "pope-joan-f",
                "Pope Joan: Foster's layout",
                conformance=True,
            ),
            Entry(
                "Pope Joan (trump layout: Matrimony, Intrigue…)",
                "M",
                ("pj.pope", "pj.removeEightOfDiamonds", "pj.doubling", "pj.m."),
                "pope-joan-m",
                "Pope Joan: trump layout",
                conformance=True,
            ),
            Entry(
                "Pope Joan (classic board)",
                "C",
                ("pj.c.",),
                "pope-joan-c",
                "Pope Joan: classic board",
                conformance=True,
                round_board=True,
            ),
        ),
        stock_name="Dead hand",
        option_prefixes=("pj.",),
        options=OPTIONS,
        help=HELP,
        profile_key="pj.profile",
    )
)
