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
from gamecore.stops.game import EXTRA_HAND, FIXED_STOCK, StopsGame, lowest_in_suit

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal


def _suit_index(ch: str) -> int:
    return SUIT_LETTERS.index(ch) if ch in SUIT_LETTERS else SUIT_SYMBOLS.index(ch)


class PopeJoan(StopsGame):
    """What the three profiles share: 3–8 players, any-card leads (PJ-7), captures by the
    layout card (PJ-8), per-card settlement (PJ-9) and doubling hooks (PJ-11)."""

    name = "pope-joan"
    min_players = 3
    max_players = 8
    profile = ""

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        #: card → pool index for single-card captures (PJ-8, PJ-C-6); filled per deal for
        #: trump-dependent layouts.
        self.capture_cards: dict[int, int] = {}

    def least_stake(self, seat: int, dealer: int, balances: list[int],
                    prev_winner: int | None = None, fresh: bool = True) -> int:
        return 15 if seat == dealer else 0

    def captures(self, deal: StopsDeal) -> dict[int, int]:
        """Card → pool it captures when played, for this deal."""
        return self.capture_cards

    def on_play(self, deal: StopsDeal, seat: int, c: int, spin: bool,
                events: list[Event]) -> None:
        pool = self.captures(deal).get(c)
        if pool is not None and deal.pools[pool]:
            deal.take_pool(seat, pool, events)
        self.combinations(deal, seat, c, events)

    def combinations(self, deal: StopsDeal, seat: int, c: int, events: list[Event]) -> None:
        """Two-card compartments (PJ-23, PJ-C-6); none in PJ-F."""

    def trump_suit(self, deal: StopsDeal) -> int | None:
        """The suit of the turned card, or ``None`` (PJ-F turns none)."""
        return None if deal.turnup is None else suit_of(deal.turnup)


class PopeJoanF(PopeJoan):
    """PJ-F: five compartments Ten, Jack, Queen, King, Pope, each won by playing its layout
    card (``pj.honourSuits`` gives the honours' suits, ``pj.pope`` the Pope); the dealer
    dresses 1/2/3/4/5 (PJ-5); a layout card left in hand doubles its compartment (PJ-11,
    ``pj.doubling``)."""

    profile = "F"
    pools = ("ten", "jack", "queen", "king", "pope")
    deal_style = FIXED_STOCK

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        if self.options["pj.removeEightOfDiamonds"]:
            self.pack &= ~(1 << EIGHT_D)
        suits = [_suit_index(ch) for ch in self.options["pj.honourSuits"]]
        self.layout_cards = (card(9, suits[0]), card(JACK, suits[1]), card(QUEEN, suits[2]),
                             card(KING, suits[3]), parse_card(self.options["pj.pope"]))
        self.capture_cards = {c: i for i, c in enumerate(self.layout_cards)}
        self._finish_setup()

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        """PJ-5: the dealer dresses Ten 1, Jack 2, Queen 3, King 4, Pope 5."""
        return [(deal.dealer, i, i + 1) for i in range(5)]

    def doubling(self, deal: StopsDeal, at_end: list[int], events: list[Event]) -> None:
        """PJ-11: the holder of a layout card pays the compartment's amount at end of play."""
        if not self.options["pj.doubling"]:
            return
        for pool, c in enumerate(self.layout_cards):
            holder = deal.holder(c)
            if holder is not None and at_end[pool]:
                deal.pay_pool(holder, pool, at_end[pool], events)


MATRIMONY, INTRIGUE, CONFEDERACY, M_POPE, M_GAME = range(5)


class PopeJoanM(PopeJoan):
    """PJ-M: Matrimony, Intrigue, Confederacy (pairs of trump honours), Pope and Game; the
    top stock card is turned for trumps (PJ-22); Matrimony-style stakes named by the dealer
    (PJ-21); combinations taken or divided when the second card is played (PJ-23); Pope
    (PJ-24) and unplayed combinations (PJ-27) doubled; the winner takes Game (PJ-25)."""

    profile = "M"
    pools = ("matrimony", "intrigue", "confederacy", "pope", "game")
    deal_style = FIXED_STOCK
    turns_trump = True
    game_pool = M_GAME
    #: PJ-21: automatic split Pope, Matrimony, Intrigue, Confederacy, Game.
    auto_split_order = (M_POPE, MATRIMONY, INTRIGUE, CONFEDERACY, M_GAME)

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        if self.options["pj.removeEightOfDiamonds"]:
            self.pack &= ~(1 << EIGHT_D)
        self.pope = parse_card(self.options["pj.pope"])
        self.capture_cards = {self.pope: M_POPE}
        self._finish_setup()

    def turnup_from(self, deck: list[int], n: int, stock: list[int]) -> int | None:
        """PJ-22: the top card of the stock (deck index N·k)."""
        return stock[0] if stock else None

    def combos(self, trump: int) -> tuple[tuple[int, tuple[int, int]], ...]:
        """The three combinations for ``trump``: (pool, (card, card))."""
        k, q, j = card(KING, trump), card(QUEEN, trump), card(JACK, trump)
        return ((MATRIMONY, (k, q)), (INTRIGUE, (q, j)), (CONFEDERACY, (k, j)))

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

    def least_stake(self, seat: int, dealer: int, balances: list[int],
                    prev_winner: int | None = None, fresh: bool = True) -> int:
        return 1 if seat == dealer else 0

    # ---- play --------------------------------------------------------------------

    def on_deal_start(self, deal: StopsDeal, events: list[Event]) -> None:
        """PJ-26: with ``pj.m.turnUpAwards = classic`` a turned Pope gives the dealer the
        Pope compartment; play goes on."""
        if (self.options["pj.m.turnUpAwards"] == "classic" and deal.turnup == self.pope
                and deal.pools[M_POPE]):
            deal.take_pool(deal.dealer, M_POPE, events)

    def combinations(self, deal: StopsDeal, seat: int, c: int, events: list[Event]) -> None:
        """PJ-23: when the second card of a combination is played, its player takes the
        compartment if he played both, else the two players take ``floor(X/2)`` each."""
        trump = self.trump_suit(deal)
        if trump is None:
            return
        for pool, (a, b) in self.combos(trump):
            if c not in (a, b):
                continue
            other = b if c == a else a
            partner = deal.played_by.get(other)
            if partner is None or not deal.pools[pool]:
                continue
            if partner == seat:
                deal.take_pool(seat, pool, events)
            else:
                half = deal.pools[pool] // 2
                if half:
                    deal.take_pool(seat, pool, events, half)
                    deal.take_pool(partner, pool, events, half)

    def doubling(self, deal: StopsDeal, at_end: list[int], events: list[Event]) -> None:
        """PJ-24 and PJ-27, with the amounts at the end of play; ``pj.doubling`` is the
        master switch."""
        if not self.options["pj.doubling"]:
            return
        holder = deal.holder(self.pope)
        if holder is not None and at_end[M_POPE]:
            deal.pay_pool(holder, M_POPE, at_end[M_POPE], events)
        trump = self.trump_suit(deal)
        if not self.options["pj.m.doubleCombos"] or trump is None:
            return
        for pool, (a, b) in self.combos(trump):
            if deal.stock >> a & 1 or deal.stock >> b & 1 or not at_end[pool]:
                continue  # not winnable this deal: it simply carries
            payers = {h for h in (deal.holder(a), deal.holder(b)) if h is not None}
            for seat in sorted(payers):
                deal.pay_pool(seat, pool, at_end[pool], events)


C_POPE, C_MATRIMONY, C_INTRIGUE, C_ACE, C_KING, C_QUEEN, C_JACK, C_GAME = range(8)
NINE_D = card(8, DIAMONDS)


class PopeJoanC(PopeJoan):
    """PJ-C: the classic board of eight compartments (Pope 9♦, Matrimony, Intrigue, and the
    Ace, King, Queen, Jack of trumps, Game); 51 cards, extra-hand deal, the last card turned
    for trumps with its awards (PJ-C-5); captures (PJ-C-6); Game and per-card payments with
    the Pope excuse (PJ-C-7); no doubling (PJ-C-8); ``pj.c.parlettLead``."""

    profile = "C"
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
        return {card(ACE, trump): C_ACE, card(KING, trump): C_KING,
                card(QUEEN, trump): C_QUEEN, card(JACK, trump): C_JACK}

    def captures(self, deal: StopsDeal) -> dict[int, int]:
        trump = self.trump_suit(deal)
        out = {NINE_D: C_POPE}
        if trump is not None:
            out.update(self.honours(trump))
        return out

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
                    deal.pay(seat, deal.dealer, deal.dealt[seat].bit_count(), "turned Pope",
                             events)
                deal.end_without_play(deal.dealer, events)
            return
        pool = self.honours(suit_of(t)).get(t)
        if pool is not None and deal.pools[pool]:
            deal.take_pool(deal.dealer, pool, events)

    def combinations(self, deal: StopsDeal, seat: int, c: int, events: list[Event]) -> None:
        """PJ-C-6: Matrimony (K+Q of trumps) and Intrigue (Q+J) go only to a player who has
        played both, when he plays the second."""
        trump = self.trump_suit(deal)
        if trump is None:
            return
        k, q, j = card(KING, trump), card(QUEEN, trump), card(JACK, trump)
        for pool, (a, b) in ((C_MATRIMONY, (k, q)), (C_INTRIGUE, (q, j))):
            if c in (a, b):
                other = b if c == a else a
                if deal.played_by.get(other) == seat and deal.pools[pool]:
                    deal.take_pool(seat, pool, events)

    def lead_mask(self, deal: StopsDeal, seat: int) -> int:
        """Any card; with ``pj.c.parlettLead`` the lowest card of a suit (ace high)."""
        hand = deal.hands[seat]
        if not self.parlett:
            return hand
        mask = 0
        for s in self.suits_held(hand):
            low = lowest_in_suit(hand, s, True)
            assert low is not None
            mask |= 1 << low
        return mask

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        low = lowest_in_suit(deal.hands[seat], suit_of(c), True)
        if self.parlett and low is not None and low != c:
            return (f"{card_label(c)} is not your lowest {SUIT_NAMES[suit_of(c)][:-1]}: "
                    f"lead {card_label(low)} (PJ-C-2)")
        return super().explain_lead(deal, seat, c)

    def card_payment(self, deal: StopsDeal, seat: int) -> int:
        """PJ-C-7: 1 per card, nothing from the holder of the unplayed Pope."""
        if self.options["pj.c.popeExcuses"] and deal.hands[seat] >> NINE_D & 1:
            return 0
        return deal.hands[seat].bit_count()


def pope_joan(options: Mapping[str, Any]) -> PopeJoan:
    """The Pope Joan rules for ``options["pj.profile"]`` (F, M or C)."""
    profile = options["pj.profile"]
    return {"F": PopeJoanF, "M": PopeJoanM, "C": PopeJoanC}[profile](options)
