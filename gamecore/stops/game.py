"""A stops game as a description plus small hooks (STOP-1 … STOP-14).

Subclasses (one per game, e.g. :class:`gamecore.stops.newmarket.Newmarket`) set the data
attributes and override the hooks they need. The engine loop lives only in
:mod:`gamecore.stops.deal`; a game never copies it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import (
    ACE,
    FULL_PACK,
    KING,
    SUIT_MASK,
    SUITS,
    card,
    card_label,
    rank_of,
    suit_of,
)
from gamecore.events import Event

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal

FIXED_STOCK = "fixed-stock"
EXTRA_HAND = "extra-hand"

#: STOP-13 fixed-stock table: players → cards each (52-card pack).
FIXED_STOCK_CARDS = {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}


def successor_table(pack: int, ace_high: bool) -> tuple[int | None, ...]:
    """``table[c]``: the successor of card ``c`` in the pack, or ``None`` (STOP-2).

    Ace low: A < 2 < … < K, a King has no successor. Ace high: 2 < … < K < A, the successor
    of a King is the Ace of its suit and an Ace has none. A successor removed from ``pack``
    (int mask) counts as missing, so its predecessor is always a stop.
    """
    table: list[int | None] = []
    for c in range(52):
        r, s = rank_of(c), suit_of(c)
        if ace_high:
            nxt = None if r == ACE else (card(ACE, s) if r == KING else c + 1)
        else:
            nxt = None if r == KING else c + 1
        if nxt is not None and not (pack >> nxt) & 1:
            nxt = None
        table.append(nxt)
    return tuple(table)


def lowest_in_suit(hand: int, suit: int, ace_high: bool) -> int | None:
    """The lowest card of ``suit`` in ``hand`` (int mask) under the rank order, or ``None``."""
    m = hand & SUIT_MASK[suit]
    if not m:
        return None
    if ace_high:
        no_ace = m & ~(1 << card(ACE, suit))
        if no_ace:
            m = no_ace
    return (m & -m).bit_length() - 1


class StopsGame:
    """Description of one stops game with its resolved options.

    Data: ``name`` (record game name), ``pools`` (pool names in record order), ``min_players``
    / ``max_players``, ``deal_style`` (:data:`FIXED_STOCK` or :data:`EXTRA_HAND`),
    ``ace_high``, ``pack`` (int mask of the playing pack), ``succ`` (successor table).

    Hooks (override as needed): staking (:meth:`auto_stakes`, :meth:`stake_bounds`,
    :meth:`split_total`, :meth:`auto_split`), play (:meth:`lead_mask`,
    :meth:`spin_allowed`, :meth:`on_play`), settlement (:meth:`settle`), and the no-debt
    check (:meth:`least_stake`).
    """

    name = ""
    pools: tuple[str, ...] = ()
    min_players = 3
    max_players = 8
    deal_style = FIXED_STOCK
    #: Whether a trump card is turned up from the stock (PJ-M, PJ-C).
    turns_trump = False
    #: The order in which an automatic split hands out counters, as pool indexes.
    auto_split_order: tuple[int, ...] = ()

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        self.ace_high = False
        self.pack = FULL_PACK
        self.succ: tuple[int | None, ...] = ()

    def _finish_setup(self) -> None:
        self.succ = successor_table(self.pack, self.ace_high)

    def new_deal(self, dealer: int, hands: list[int], stock: int, turnup: int | None,
                 balances: list[int], pools: list[int], prev_winner: int | None,
                 fresh: bool = True) -> StopsDeal:
        """A new deal of this game with these cards (int masks) and counters."""
        from gamecore.stops.deal import StopsDeal

        return StopsDeal(self, dealer, hands, stock, turnup, balances, pools, prev_winner)

    #: Whether the turn-up is one of the stock cards (the stops games) or apart from it.
    turnup_in_stock = True

    # ---- dealing (STOP-13) -------------------------------------------------------------

    def pack_size(self) -> int:
        """Number of cards in the playing pack."""
        return self.pack.bit_count()

    def hand_size(self, n: int) -> int:
        """Cards each player receives with ``n`` players (STOP-13)."""
        if self.deal_style == FIXED_STOCK:
            return FIXED_STOCK_CARDS[n]
        return self.pack_size() // (n + 1)

    def deal_from_deck(self, deck: list[int], n: int, dealer: int
                       ) -> tuple[list[int], list[int], int | None]:
        """Deal ``deck`` (cards, index 0 = top) to ``n`` seats (GEN-8, STOP-13).

        Returns ``(hands, stock, turnup)``: hands as lists of cards in seat order, the stock
        as a list in deck order, and the turned card (or ``None``; one of the stock cards).
        """
        k = self.hand_size(n)
        hands: list[list[int]] = [[] for _ in range(n)]
        stock: list[int] = []
        if self.deal_style == FIXED_STOCK:
            for i, c in enumerate(deck):
                if i < n * k:
                    hands[(dealer + 1 + i) % n].append(c)
                else:
                    stock.append(c)
        else:
            for i, c in enumerate(deck):
                j = i % (n + 1)
                if i < (n + 1) * k and j < n:
                    hands[(dealer + 1 + j) % n].append(c)
                else:
                    stock.append(c)
        return hands, stock, self.turnup_from(deck, n, stock)

    def turnup_from(self, deck: list[int], n: int, stock: list[int]) -> int | None:
        """The turned trump card for a game that turns one (PJ-M, PJ-C); default none."""
        return None

    # ---- staking ----------------------------------------------------------------------

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        """Stakes paid without a decision at the start of a deal, as ``(seat, pool, n)``."""
        return []

    def stake_bounds(self, deal: StopsDeal) -> tuple[int, int | None, int] | None:
        """``(low, high, default)`` for a stake the dealer names, or ``None`` (no naming)."""
        return None

    def split_total(self, deal: StopsDeal, seat: int) -> int | None:
        """Counters ``seat`` must spread over the pools, or ``None`` if he does not split."""
        return None

    def auto_split(self, total: int) -> tuple[int, ...]:
        """The rules' automatic split of ``total`` counters (int ≥ 0): one per pool, cycling
        through :attr:`auto_split_order` (NM-5, PJ-21). Worked out by division, so its cost
        does not grow with ``total``: every pool of the order gets ``total // len(order)``,
        and the first ``total % len(order)`` of the order one more."""
        amounts = [0] * len(self.pools)
        order = self.auto_split_order or tuple(range(len(self.pools)))
        rounds, rest = divmod(total, len(order))
        for i, pool in enumerate(order):
            amounts[pool] += rounds + (1 if i < rest else 0)
        return tuple(amounts)

    def least_stake(self, seat: int, dealer: int, balances: list[int],
                    prev_winner: int | None = None, fresh: bool = True) -> int:
        """The smallest stake the rules could require of ``seat`` next deal (GEN-5 rule 1);
        ``prev_winner`` is the winner of the deal before (Spinado's exemption); ``fresh``
        whether the next deal starts a fresh pool (Spoil Five)."""
        return 0

    # ---- play -------------------------------------------------------------------------

    def lead_mask(self, deal: StopsDeal, seat: int) -> int:
        """Cards ``seat`` may lead now (int mask). Default: any card (PJ-7)."""
        return deal.hands[seat]

    def spin_allowed(self, deal: StopsDeal, seat: int, c: int, lead: bool) -> bool:
        """Whether ``seat`` may put the ♦A down with ``c`` (Spin, Spinado). Default: no."""
        return False

    def on_play(self, deal: StopsDeal, seat: int, c: int, spin: bool,
                events: list[Event]) -> None:
        """Effects of playing ``c`` (STOP-8): captures, bonuses. Default: none."""

    def on_deal_start(self, deal: StopsDeal, events: list[Event]) -> None:
        """Called when staking is done and play begins (turn-up awards, PJ-C-5)."""

    def after_stop(self, deal: StopsDeal, seat: int, spin: bool) -> None:
        """Called when a sequence stopped and ``seat`` is to lead (Spin privilege, SP-4)."""

    def after_lead_passed(self, deal: StopsDeal) -> None:
        """Called when the lead passed over a seat that could not lead (STOP-11)."""

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        """Why leading card ``c`` is refused (the card is in ``seat``'s hand)."""
        return f"{card_label(c)} cannot be led now"

    #: Index of the pool the winner takes (a "Game" pool), or ``None``.
    game_pool: int | None = None

    def card_payment(self, deal: StopsDeal, seat: int) -> int:
        """What ``seat`` pays the winner for the cards left in his hand (1 per card)."""
        return deal.hands[seat].bit_count()

    def settle(self, deal: StopsDeal, winner: int, events: list[Event]) -> None:
        """Settlement after ``winner`` went out, in the order of STOP-10: (1) the Game pool,
        (2) the payment for cards left, (3) doubling (amounts as at the end of play)."""
        at_end = list(deal.pools)
        if self.game_pool is not None and deal.pools[self.game_pool]:
            deal.take_pool(winner, self.game_pool, events)
        for seat in deal.others(winner):
            deal.pay(seat, winner, self.card_payment(deal, seat), "cards left", events)
        self.doubling(deal, at_end, events)

    def doubling(self, deal: StopsDeal, at_end: list[int], events: list[Event]) -> None:
        """STOP-10 step 3: doubling penalties (Pope Joan). ``at_end``: pool amounts at the
        end of play. Default: none."""

    # ---- helpers for subclasses --------------------------------------------------------

    @staticmethod
    def suits_held(hand: int) -> list[int]:
        """Suits with at least one card in ``hand`` (int mask)."""
        return [s for s in SUITS if hand & SUIT_MASK[s]]
