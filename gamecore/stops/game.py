"""A stops game as a description plus small hooks (STOP-1 … STOP-14).

Subclasses (one per game, e.g. :class:`gamecore.stops.newmarket.Newmarket`) set the data
attributes and override the hooks they need. The engine loop lives only in
:mod:`gamecore.stops.deal`; a game never copies it.

What happens in play is *declared*: the lead rule, the special card (which card it is, what
the table calls it and what it does: Spin's and Spinado's ♦A, Commit's 9♦ with the turn
round that offers it), the Spin privilege,
captures, combinations, bonuses, the card payments and doubling (the "declarations" below).
The engine's play hooks (:meth:`StopsGame.lead_mask`, :meth:`StopsGame.on_play`,
:meth:`StopsGame.settle` …) read them, and so do the computer players' fast path
(:mod:`gamecore.search.fast_stops`) and the determinizer, so a game states each rule once.
A game may still override a play hook, but then the fast path refuses it (it could not
follow): declare instead. Staking, dealing, turn-up awards and the words of a refusal
(:meth:`StopsGame.explain_lead`) are hooks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gamecore.actions import AUCTION
from gamecore.cards import (
    ACE,
    FULL_PACK,
    KING,
    SUIT_MASK,
    SUIT_NAMES,
    SUITS,
    card,
    card_code,
    card_label,
    rank_of,
    suit_of,
)
from gamecore.events import Event
from gamecore.interface import STOPS, Card, CardSet, PoolFace
from gamecore.search.settings import SearchSettings

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal

FIXED_STOCK = "fixed-stock"
EXTRA_HAND = "extra-hand"
#: Every card dealt one at a time into N + 1 hands, the spare hand (the widow) first and then
#: the seats from the eldest: hands may differ by one card (MI-6). The widow is the stock.
WIDOW_FIRST = "widow-first"

#: STOP-13 fixed-stock table: players → cards each (52-card pack).
FIXED_STOCK_CARDS = {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}

#: Lead rules (STOP-5): any card (PJ-7, SN-7), or the lowest card held of each suit under
#: the game's rank order (NM-7, PJ-C-2).
ANY_CARD, LOWEST_OF_SUIT = "any card", "lowest of suit"
#: What the special card (:attr:`StopsGame.special_card`) does: nothing (there is none); a
#: Spin, put down only with a continuation card (SP-2, SP-5); a Spinado, put down with any
#: card its holder plays, and played alone it counts as one too (SN-8, SN-9); a substitute,
#: played alone, as a lead or, when the turn round offers it, in place of the missing card
#: (:attr:`StopsGame.offer_timing`): it never continues a sequence and nothing continues it,
#: so it is always a stop and its player leads next (CM-4, CM-9 … CM-11).
SPECIAL_PLAIN, SPECIAL_SPIN, SPECIAL_SPINADO = "plain", "spin", "spinado"
SPECIAL_SUBSTITUTE = "substitute"
#: When a substitute is offered after a card (CM-10): in the table's turn round, visiting
#: the seats from the player of the card, to the first seat holding the next card; or to
#: its holder after every card, wherever he sits, unless he holds the next card.
IN_TURN, ANY_TIME = "inTurn", "anyTime"
#: The lead after a stop (MI-11): no restriction; a suit other than the one that stopped; a
#: suit of the other colour if the leader holds one, else the other suit of its colour. Under
#: a restriction a leader without an allowed card passes the lead to his left, and so on
#: round the table; if nobody holds one the restriction lapses and the stopper leads.
NEW_LEAD_ANY, CHANGE_SUIT, CHANGE_COLOUR = "any", "changeSuit", "changeColour"
#: ``deal.flags`` keys: the seat holding the Spin privilege (SP-4) and the suit of the card
#: the special card went down with (SP-10).
PRIVILEGE, SPIN_SUIT = "spin-privilege", "spin-suit"
#: The hooks whose behaviour the declarations describe (see the module docstring).
PLAY_HOOKS = (
    "leadable",
    "lead_suits",
    "lead_mask",
    "spin_allowed",
    "on_play",
    "after_stop",
    "after_lead_passed",
    "card_payment",
    "settle",
    "doubling",
)


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


def red(suit: int) -> bool:
    """Whether ``suit`` (0..3, ``S H D C``) is a red suit (hearts, diamonds)."""
    return suit in (1, 2)


def new_lead_suits(suits: list[int], stopped: int | None, rule: str) -> list[int]:
    """The suits of ``suits`` (those a leader holds) he may open after the sequence in
    ``stopped`` (``None``: no restriction now) stopped, under the new-lead ``rule``
    (:data:`NEW_LEAD_ANY`, :data:`CHANGE_SUIT`, :data:`CHANGE_COLOUR`; MI-11). Empty when
    he may not lead at all (the lead passes on)."""
    if stopped is None or rule == NEW_LEAD_ANY:
        return list(suits)
    if rule == CHANGE_SUIT:
        return [s for s in suits if s != stopped]
    other = [s for s in suits if red(s) != red(stopped)]
    return other or [s for s in suits if s != stopped]


def rank_position(c: Card, ace_high: bool) -> int:
    """Place of card ``c`` in its suit's rank order, 0 (lowest) … 12 (highest) (STOP-1,
    NM-3). Ace low: A=0 … K=12. Ace high: 2=0 … K=11, A=12."""
    r = rank_of(c)
    if not ace_high:
        return r
    return 12 if r == ACE else r - 1


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

    Declarations (class or instance attributes, read by the engine and the fast path):
    :attr:`lead_rule`, :attr:`must_change_suit`, the special card (:attr:`special_card`,
    :attr:`special_label`, :attr:`special_kind`, :attr:`special_leads`), :attr:`spin_payment`,
    :attr:`spin_name`, :attr:`spin_privilege`,
    :attr:`privilege_must_change`, :attr:`card_bonus`, :attr:`double_pay_card`,
    :attr:`excuse_card`, :attr:`combos_divide`, :attr:`double_combos`, :attr:`game_pool`,
    and the tables :meth:`capture_table`, :meth:`combo_table`, :meth:`doubling_table`.

    Hooks (override as needed): staking (:meth:`auto_stakes`, :meth:`stake_bounds`,
    :meth:`split_total`, :meth:`auto_split`), the start of play (:meth:`on_deal_start`),
    the words of a refusal (:meth:`explain_lead`), the layout as shown
    (:meth:`pool_faces`) and the no-debt check (:meth:`least_stake`).
    """

    name = ""
    family = STOPS
    pools: tuple[str, ...] = ()
    min_players = 3
    max_players = 8
    deal_style = FIXED_STOCK
    #: Whether a trump card is turned up from the stock (PJ-M, PJ-C).
    turns_trump = False
    #: The order in which an automatic split hands out counters, as pool indexes.
    auto_split_order: tuple[int, ...] = ()
    #: Pools a split may never name (Michigan's kitty, staked automatically: MI-5).
    closed_pools: tuple[int, ...] = ()

    # ---- declarations (see the module docstring) ---------------------------------------

    #: STOP-5: :data:`ANY_CARD` or :data:`LOWEST_OF_SUIT` (under :attr:`ace_high`).
    lead_rule = ANY_CARD
    #: NM-11: a new sequence must be in another suit than the one that just stopped, when
    #: the leader holds another.
    must_change_suit = False
    #: MI-11: the lead after a stop (:data:`NEW_LEAD_ANY`, :data:`CHANGE_SUIT`,
    #: :data:`CHANGE_COLOUR`); a leader who may not lead passes the lead on round the table
    #: and, when nobody may, the restriction lapses for one lead (``deal.last_suit`` is then
    #: ``None``).
    new_lead = NEW_LEAD_ANY
    #: MI-7: the dealer's widow choices before the first lead (a subset of ``exchange``,
    #: ``auction``, ``keep``, in that order), empty for a game without them; the cards whose
    #: holder may neither take nor bid for the widow (``mi.exchangeNeedsNoBoodle``); the
    #: least bid of the auction (MI-8, ``mi.minBid``).
    widow_choices: tuple[str, ...] = ()
    widow_bar: CardSet = 0
    min_bid = 1
    #: The special card, the one that may go down together with another card (Spin's and
    #: Spinado's ♦A), or ``None``. Every reader (the engine, the fast path, the determinizer,
    #: the inference, the computer players, review and the table) takes the card from here.
    special_card: Card | None = None
    #: What the table calls the special card ("♦A", as the rules write it); empty: its label
    #: (:func:`~gamecore.cards.card_label`, "9♦"). Read it through :meth:`special_name`.
    special_label = ""
    #: What the special card does: :data:`SPECIAL_PLAIN` (nothing: a game without one),
    #: :data:`SPECIAL_SPIN` or :data:`SPECIAL_SPINADO`.
    special_kind = SPECIAL_PLAIN
    #: Whether the special card may be led by itself and counts for the lowest-card rule
    #: (SP-6, SN-9).
    special_leads = True
    #: :data:`SPECIAL_SUBSTITUTE`: when the turn round offers it (CM-10), :data:`IN_TURN` or
    #: :data:`ANY_TIME`. A declined offer is a ``pass`` (:class:`~gamecore.actions.Pass`).
    offer_timing = IN_TURN
    #: Counters each other player pays the player of a Spin or Spinado (SP-7, SN-8).
    spin_payment = 0
    #: The call when the special card goes down with a card ("Spin", "Spinado"), also the
    #: reason of its payment.
    spin_name = ""
    #: SP-4: a Spin gives its player a privileged lead: he may also lead any card of
    #: :meth:`capture_table` he holds; with :attr:`privilege_must_change`, in another suit
    #: than the spun card's when he holds another (SP-10). The privilege never passes
    #: (STOP-11).
    spin_privilege = False
    privilege_must_change = False
    #: Card → (counters each other player pays its player, reason) (SN-10, SN-13).
    card_bonus: Mapping[Card, tuple[int, str]] = {}
    #: STOP-10 step 2: each card left costs :attr:`card_rate` counters (1; CM-13
    #: ``cm.perCard``); the holder of ``double_pay_card`` pays :attr:`double_pay_factor`
    #: times that (2: SP-7, SN-14; CM-13 ``cm.commitCaughtMultiplier``), the holder of
    #: ``excuse_card`` nothing (PJ-C-7).
    double_pay_card: Card | None = None
    excuse_card: Card | None = None
    card_rate = 1
    double_pay_factor = 2
    #: CM-13 step 3: besides the cards left, every loser pays the winner ``flat_payment``
    #: and, for each card of ``held_penalty`` left in his hand, its amount (Parlett's 2 from
    #: each and 1 per King unplayed). One payment with step 2.
    flat_payment = 0
    held_penalty: Mapping[Card, int] = {}
    #: PJ-23: a combination whose cards two players played is divided between them; else
    #: it goes only to a player who played both (PJ-C-6, SN-11).
    combos_divide = False
    #: PJ-27: at the end of play each holder of a card of a winnable combination pays its
    #: amount into it (winnable: neither card in the stock).
    double_combos = False
    #: How Hard searches this game (:class:`~gamecore.search.settings.SearchSettings`):
    #: a game (or a Pope Joan profile) that searches otherwise declares its own.
    search_settings = SearchSettings()

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        #: A forced card plays itself after a short pause (STOP-14), the table's option.
        self.plays_forced_by_itself = bool(self.options.get("stop.autoPlayForced", False))
        self.ace_high = False
        self.pack: CardSet = FULL_PACK
        self.succ: tuple[int | None, ...] = ()

    def _finish_setup(self) -> None:
        """Complete the set-up once the pack and options are known: the successor table, and
        a check of the special card's declaration. Raises ``ValueError`` if a game declares
        a special card's kind without the card, or a card outside its pack."""
        succ = list(successor_table(self.pack, self.ace_high))
        if self.special_kind != SPECIAL_PLAIN and (
            self.special_card is None or not self.pack >> self.special_card & 1
        ):
            raise ValueError(f"{self.name}: the special card must be a card of the pack")
        if self.special_kind == SPECIAL_SUBSTITUTE:
            # CM-4, CM-11: a substitute is always a stop and never continues a sequence.
            sc = self.special_card
            succ = [None if sc in (c, x) else x for c, x in enumerate(succ)]
        self.succ = tuple(succ)

    def special_name(self) -> str:
        """What the table calls the special card ("♦A", "9♦"), for sentences; ``""`` if the
        game has none."""
        if self.special_card is None:
            return ""
        return self.special_label or card_label(self.special_card)

    def special_mask(self) -> CardSet:
        """The special card as a one-card mask (int), or 0 if the game has none."""
        return 0 if self.special_card is None else 1 << self.special_card

    @property
    def has_pass(self) -> bool:
        """Whether a player may decline what the engine offers him with ``pass`` (the
        substitute's offer, CM-10; a bid for the widow, MI-8): the record reads the word only
        in such a game."""
        return self.special_kind == SPECIAL_SUBSTITUTE or AUCTION in self.widow_choices

    @property
    def has_widow(self) -> bool:
        """Whether the game has decisions about the widow before the first lead (MI-7,
        MI-8): the record reads ``exchange``, ``auction``, ``keep`` and ``bid`` only then."""
        return bool(self.widow_choices)

    def offered_seat(
        self, n: int, seat: int, holder: int | None, special: int | None
    ) -> int | None:
        """The seat offered the substitute after ``seat`` played a card (CM-10), with ``n``
        seats, the next card held by ``holder`` and the substitute by ``special`` (seats, or
        ``None`` for nobody): under :data:`IN_TURN` its holder if the turn round from
        ``seat`` reaches him before the holder of the next card; under :data:`ANY_TIME` its
        holder unless he holds the next card himself; ``None`` when there is no offer."""
        if self.special_kind != SPECIAL_SUBSTITUTE or special is None or special == holder:
            return None
        if self.offer_timing == ANY_TIME or holder is None:
            return special
        return special if (special - seat) % n < (holder - seat) % n else None

    def new_deal(
        self,
        dealer: int,
        hands: list[int],
        stock: int,
        turnup: int | None,
        balances: list[int],
        pools: list[int],
        prev_winner: int | None,
        fresh: bool = True,
        order: Sequence[Sequence[Card]] | None = None,
    ) -> StopsDeal:
        """A new deal of this game with these cards (int masks) and counters (``order``:
        the hands in deal order, which no stops game reads)."""
        from gamecore.stops.deal import StopsDeal

        return StopsDeal(self, dealer, hands, stock, turnup, balances, pools, prev_winner)

    #: Whether the turn-up is one of the stock cards (the stops games) or apart from it.
    turnup_in_stock = True

    # ---- dealing (STOP-13) -------------------------------------------------------------

    def pack_size(self) -> int:
        """Number of cards in the playing pack."""
        return self.pack.bit_count()

    def hand_size(self, n: int) -> int:
        """Cards each player receives with ``n`` players (STOP-13); under
        :data:`WIDOW_FIRST` the largest hand (MI-6)."""
        if self.deal_style == FIXED_STOCK:
            return FIXED_STOCK_CARDS[n]
        if self.deal_style == WIDOW_FIRST:
            return -(-self.pack_size() // (n + 1))
        return self.pack_size() // (n + 1)

    def hand_sizes(self, n: int, dealer: int) -> list[int]:
        """Cards each seat (in seat order) receives with ``n`` players and ``dealer``: all
        alike, except under :data:`WIDOW_FIRST`, where the pack is dealt one card at a time
        to the widow, then the eldest and round to the dealer, as far as it goes (MI-6)."""
        if self.deal_style != WIDOW_FIRST:
            return [self.hand_size(n)] * n
        size, rest = divmod(self.pack_size(), n + 1)
        # recipient j (0 the widow, j ≥ 1 seat dealer + j) gets one more card when j < rest
        return [size + ((s - dealer - 1) % n + 1 < rest) for s in range(n)]

    def stock_size(self, n: int) -> int:
        """Cards of the stock (the widow under :data:`WIDOW_FIRST`) with ``n`` players."""
        if self.deal_style == WIDOW_FIRST:
            return -(-self.pack_size() // (n + 1))
        return self.pack_size() - n * self.hand_size(n)

    def deal_from_deck(
        self, deck: list[int], n: int, dealer: int
    ) -> tuple[list[list[int]], list[int], int | None]:
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
        elif self.deal_style == WIDOW_FIRST:  # MI-6: the widow first, then eldest … dealer
            for i, c in enumerate(deck):
                j = i % (n + 1)
                if j == 0:
                    stock.append(c)
                else:
                    hands[(dealer + j) % n].append(c)
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

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        """The smallest stake the rules could require of ``seat`` next deal (GEN-5 rule 1);
        ``prev_winner`` is the winner of the deal before (Spinado's exemption); ``fresh``
        whether the next deal starts a fresh pool (Spoil Five)."""
        return 0

    # ---- declared tables -------------------------------------------------------------

    def capture_table(self, trump: int | None) -> Mapping[Card, int]:
        """Card → index of the pool its player takes when he plays it (NM-8, PJ-8, PJ-24,
        PJ-C-6) in a deal whose trump suit is ``trump`` (``None``: no trump). Default: none."""
        return {}

    def combo_table(self, trump: int | None) -> tuple[tuple[int, Card, Card], ...]:
        """Two-card compartments ``(pool, card, card)`` (PJ-23, PJ-C-6, SN-11, SN-12) in a
        deal whose trump suit is ``trump``. Default: none."""
        return ()

    def combo_sets(self, trump: int | None) -> tuple[tuple[int, CardSet], ...]:
        """Combination items ``(pool, cards)`` (``cards`` an int mask of two or more cards)
        captured at the moment one player has played every card of it during the deal, in
        the same or different sequences; played by several players, or with a card dead, the
        pool carries (MI-12). Default: none."""
        return ()

    def doubling_table(self, trump: int | None) -> tuple[tuple[int, Card], ...]:
        """``(pool, card)``: the holder of ``card`` at the end of play pays the pool's amount
        into it (PJ-11, PJ-24). Default: none."""
        return ()

    def trump_suit(self, deal: StopsDeal) -> int | None:
        """The suit of the deal's turned card, or ``None`` (no trump turned)."""
        return None if deal.turnup is None else suit_of(deal.turnup)

    # ---- play (from the declarations) ------------------------------------------------

    def leadable(self, deal: StopsDeal, seat: int) -> CardSet:
        """Cards of ``seat`` that count for the lead rule: his hand, without the special card
        when it may not be led by itself (:attr:`special_leads`, SP-6, SN-9)."""
        hand = deal.hands[seat]
        return hand if self.special_leads else hand & ~self.special_mask()

    def privileged(self, deal: StopsDeal, seat: int) -> bool:
        """Whether ``seat`` leads now with the Spin privilege (SP-4)."""
        return self.spin_privilege and deal.flags.get(PRIVILEGE) == seat

    def lead_suits(self, deal: StopsDeal, seat: int) -> list[int]:
        """Suits ``seat`` may open now: every suit of :meth:`leadable` he holds, except the
        suit that has just stopped under :attr:`must_change_suit` (NM-11) and, with the
        privilege, the spun suit under :attr:`privilege_must_change` (SP-10), each only
        while he holds another."""
        suits = self.suits_held(self.leadable(deal, seat))
        if self.new_lead != NEW_LEAD_ANY:  # MI-11 (empty: he passes the lead on)
            suits = new_lead_suits(suits, deal.last_suit, self.new_lead)
        if self.must_change_suit and deal.last_suit in suits and len(suits) > 1:
            suits.remove(deal.last_suit)
        if self.privilege_must_change and self.privileged(deal, seat):
            stopped = deal.flags.get(SPIN_SUIT)
            if stopped in suits and len(suits) > 1:
                suits.remove(stopped)
        return suits

    def lead_mask(self, deal: StopsDeal, seat: int) -> CardSet:
        """Cards ``seat`` may lead now (STOP-5): under :attr:`lead_rule` the cards (or the
        lowest card, NM-7, PJ-C-2) of each suit of :meth:`lead_suits`, plus, with the Spin
        privilege, the capturing cards he holds in those suits (SP-4, SP-10)."""
        hand = self.leadable(deal, seat)
        privileged = self.privileged(deal, seat)
        if self.lead_rule == ANY_CARD and not (
            self.must_change_suit or privileged or self.new_lead != NEW_LEAD_ANY
        ):
            return hand
        suits = self.lead_suits(deal, seat)
        mask = 0
        for s in suits:
            if self.lead_rule == ANY_CARD:
                mask |= hand & SUIT_MASK[s]
            else:
                low = lowest_in_suit(hand, s, self.ace_high)
                assert low is not None
                mask |= 1 << low
        if privileged:
            full = deal.hands[seat]
            for c in self.capture_table(self.trump_suit(deal)):
                if full >> c & 1 and suit_of(c) in suits:
                    mask |= 1 << c
        return mask

    def spin_allowed(self, deal: StopsDeal, seat: int, c: Card, lead: bool) -> bool:
        """Whether ``seat`` may put the special card down with ``c`` (:attr:`special_kind`): a
        Spin only with a continuation card (SP-2, SP-5), a Spinado with any card he may play
        (SN-8); never with the special card itself, and only by its holder."""
        sc = self.special_card
        if (
            self.special_kind not in (SPECIAL_SPIN, SPECIAL_SPINADO)
            or sc is None
            or c == sc
            or not deal.hands[seat] >> sc & 1
        ):
            return False
        return self.special_kind == SPECIAL_SPINADO or not lead

    def on_play(self, deal: StopsDeal, seat: int, c: Card, spin: bool, events: list[Event]) -> None:
        """Effects of playing ``c`` (STOP-8), in this order: the pool it captures (NM-8,
        PJ-8, PJ-24, PJ-C-6, MI-12), its bonus from each other player (SN-10, SN-13), the
        combination it completes (PJ-23, PJ-C-6, SN-11, SN-12; of any size, MI-12), then the
        Spin or Spinado payment (SP-3, SP-7, SN-8)."""
        trump = self.trump_suit(deal)
        pool = self.capture_table(trump).get(c)
        if pool is not None and deal.pools[pool]:
            deal.take_pool(seat, pool, events)
        bonus = self.card_bonus.get(c)
        if bonus is not None:
            for o in deal.others(seat):
                deal.pay(o, seat, bonus[0], bonus[1], events)
        for pool, a, b in self.combo_table(trump):
            if c != a and c != b:
                continue
            partner = deal.played_by.get(b if c == a else a)
            if partner is None or not deal.pools[pool]:
                continue
            if partner == seat:
                deal.take_pool(seat, pool, events)
            elif self.combos_divide:
                half = deal.pools[pool] // 2
                if half:
                    deal.take_pool(seat, pool, events, half)
                    deal.take_pool(partner, pool, events, half)
        for pool, cards in self.combo_sets(trump):
            if cards >> c & 1 and deal.pools[pool] and self.played_all(deal, seat, cards):
                deal.take_pool(seat, pool, events)  # MI-12
        if spin or (self.special_kind == SPECIAL_SPINADO and c == self.special_card):
            for o in deal.others(seat):
                deal.pay(o, seat, self.spin_payment, self.spin_name, events)

    @staticmethod
    def played_all(deal: StopsDeal, seat: int, cards: CardSet) -> bool:
        """Whether ``seat`` has played every card of ``cards`` (int mask) in this deal."""
        while cards:
            low = cards & -cards
            if deal.played_by.get(low.bit_length() - 1) != seat:
                return False
            cards ^= low
        return True

    def on_deal_start(self, deal: StopsDeal, events: list[Event]) -> None:
        """Called when staking is done and play begins (turn-up awards, PJ-C-5)."""

    def after_stop(self, deal: StopsDeal, seat: int, spin: bool) -> None:
        """Called when a sequence stopped and ``seat`` is to lead: a Spin gives him the
        privilege, any other stop ends it (SP-4)."""
        if not self.spin_privilege:
            return
        if spin:
            deal.flags[PRIVILEGE] = seat
            deal.flags[SPIN_SUIT] = deal.last_suit
        else:
            deal.flags.pop(PRIVILEGE, None)

    def after_lead_passed(self, deal: StopsDeal) -> None:
        """Called when the lead passed over a seat that could not lead (STOP-11): a
        privilege never passes."""
        deal.flags.pop(PRIVILEGE, None)

    def explain_lead(self, deal: StopsDeal, seat: int, c: Card) -> str:
        """Why leading card ``c`` is refused (the card is in ``seat``'s hand), from the
        declarations: the special card that is never led alone (:attr:`special_leads`,
        SP-6, SN-9), a
        suit that may not be opened now (:attr:`must_change_suit`, NM-11; after a Spin,
        :attr:`privilege_must_change`, SP-10), a card above the lowest of its suit under
        :data:`LOWEST_OF_SUIT` (STOP-5). A game may override it with its own words."""
        if c == self.special_card and not self.special_leads:
            how = {
                SPECIAL_SPIN: f"with a continuation, as a {self.spin_name or 'Spin'} (SP-6)",
                SPECIAL_SPINADO: f"with another card, as {self.spin_name or 'Spinado'} (SN-9)",
            }.get(self.special_kind, "with another card (STOP-5)")
            return f"the {self.special_name()} is never led alone: it is played only {how}"
        suit = suit_of(c)
        if suit not in self.lead_suits(deal, seat):
            rule = (
                "SP-10" if self.privileged(deal, seat) and self.privilege_must_change else "NM-11"
            )
            return f"a new sequence must be in a suit other than {SUIT_NAMES[suit]} ({rule})"
        if self.lead_rule == LOWEST_OF_SUIT:
            low = lowest_in_suit(self.leadable(deal, seat), suit, self.ace_high)
            if low is not None and low != c:
                return (
                    f"{card_label(c)} is not your lowest {SUIT_NAMES[suit][:-1]}: lead "
                    f"{card_label(low)} (STOP-5)"
                )
        return f"{card_label(c)} cannot be led now (STOP-5)"

    def explain_spin(self, deal: StopsDeal, seat: int, c: Card, lead: bool) -> str:
        """Why putting the special card down with ``c`` (a card ``seat`` holds and may play
        now) is refused, from :attr:`special_kind`: no such card in this game; the special
        card not held; the special card with itself; a Spin with a lead (SP-5)."""
        sc = self.special_card
        if self.special_kind in (SPECIAL_PLAIN, SPECIAL_SUBSTITUTE) or sc is None:
            return (
                "no card goes down with another in this game: one card is played at a "
                "time (STOP-5, STOP-6)"
            )
        name = self.special_name()
        if not deal.hands[seat] >> sc & 1:
            return f"seat {seat} does not hold {card_code(sc)}"
        rule = "SP-2" if self.special_kind == SPECIAL_SPIN else "SN-8"
        if c == sc:
            return f"the {name} goes down together with another card, never with itself ({rule})"
        if self.special_kind == SPECIAL_SPIN and lead:
            return (
                f"a {self.spin_name or 'Spin'} is made only with a card that continues a "
                "sequence, never with a lead (SP-5)"
            )
        return f"the {name} cannot be played with {card_label(c)} now ({rule})"

    def explain_offer(self, deal: StopsDeal, seat: int, c: Card) -> str:
        """Why playing ``c`` (held by ``seat``) is refused while the turn round offers
        ``seat`` the substitute (CM-10): only the substitute or a pass answers the offer."""
        name = self.special_name()
        return (
            f"nobody before you in the turn round holds the next card: you may play the "
            f"{name} in its place or pass (CM-9, CM-10)"
        )

    def explain_pass(self, deal: StopsDeal, seat: int) -> str:
        """Why a ``pass`` of ``seat`` is refused: there is nothing to decline in a game
        without an offer (STOP-5, STOP-6), or nothing is offered now (CM-10)."""
        if not self.has_pass:
            return "passing is no part of this game: a card must be played (STOP-5, STOP-6)"
        return (
            f"a pass declines the {self.special_name()} when the turn round offers it, and "
            "nothing is offered now: a card must be played (CM-10, STOP-5, STOP-6)"
        )

    #: Index of the pool the winner takes (a "Game" pool), or ``None``.
    game_pool: int | None = None

    def card_payment(self, deal: StopsDeal, seat: int) -> int:
        """What ``seat`` pays the winner for the cards left in his hand: :attr:`card_rate`
        per card, :attr:`double_pay_factor` times that for the holder of
        :attr:`double_pay_card`, nothing for them from the holder of :attr:`excuse_card`
        (STOP-10, SP-7, SN-14, PJ-C-7, CM-13 step 2); plus :attr:`flat_payment` and
        :attr:`held_penalty` for the cards of it he holds (CM-13 step 3)."""
        hand = deal.hands[seat]
        due = self.flat_payment + sum(v for c, v in self.held_penalty.items() if hand >> c & 1)
        if self.excuse_card is not None and hand >> self.excuse_card & 1:
            return due
        n = hand.bit_count() * self.card_rate
        if self.double_pay_card is not None and hand >> self.double_pay_card & 1:
            return self.double_pay_factor * n + due
        return n + due

    def settle(self, deal: StopsDeal, winner: int, events: list[Event]) -> None:
        """Settlement after ``winner`` went out, in the order of STOP-10: (1) the Game pool,
        (2) the payment for cards left, (3) doubling (amounts as at the end of play)."""
        at_end = list(deal.pools)
        if self.game_pool is not None and deal.pools[self.game_pool]:
            deal.take_pool(winner, self.game_pool, events)
        for seat in deal.others(winner):
            left = deal.hands[seat].bit_count()
            deal.pay(seat, winner, self.card_payment(deal, seat), "cards left", events, left)
        self.doubling(deal, at_end, events)

    def doubling(self, deal: StopsDeal, at_end: list[int], events: list[Event]) -> None:
        """STOP-10 step 3: the holders of :meth:`doubling_table`'s cards pay their pools'
        amounts (PJ-11, PJ-24), then with :attr:`double_combos` the holders of winnable
        combinations' cards (PJ-27). ``at_end``: pool amounts at the end of play."""
        trump = self.trump_suit(deal)
        for pool, c in self.doubling_table(trump):
            holder = deal.holder(c)
            if holder is not None and at_end[pool]:
                deal.pay_pool(holder, pool, at_end[pool], events)
        if not self.double_combos or trump is None:
            return
        for pool, a, b in self.combo_table(trump):
            if deal.stock >> a & 1 or deal.stock >> b & 1 or not at_end[pool]:
                continue  # not winnable this deal: it simply carries
            payers = {h for h in (deal.holder(a), deal.holder(b)) if h is not None}
            for seat in sorted(payers):
                deal.pay_pool(seat, pool, at_end[pool], events)

    # ---- the layout as shown -----------------------------------------------------------

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """How the table shows the pools for a deal with ``turnup`` (``None`` before the
        turn): by default each pool by its name ("Matrimony"), with no layout card."""
        return tuple(PoolFace(name.capitalize()) for name in self.pools)

    # ---- helpers for subclasses --------------------------------------------------------

    @staticmethod
    def suits_held(hand: int) -> list[int]:
        """Suits with at least one card in ``hand`` (int mask)."""
        return [s for s in SUITS if hand & SUIT_MASK[s]]


def overridden_play_hooks(game: StopsGame) -> list[str]:
    """The play hooks (:data:`PLAY_HOOKS`) ``game``'s class overrides: behaviour that the
    declarations do not describe, which the fast path therefore cannot follow."""
    return [h for h in PLAY_HOOKS if getattr(type(game), h) is not getattr(StopsGame, h)]
