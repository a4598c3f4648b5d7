"""What the table shows at one moment, as plain data (no Qt, no rules).

The controller builds a :class:`TableSnapshot` from the engine's public state and the seat at
the bottom's observation; the view draws it. Cards are ints 0..51, counters ints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamecore.cards import card_label


@dataclass(frozen=True)
class SeatView:
    """One seat's plate: ``name``, ``balance`` (counters), ``count`` (cards held), and marks."""

    name: str
    balance: int
    count: int
    acting: bool = False
    thinking: bool = False
    dealer: bool = False
    winner: bool = False
    #: Tricks won this deal (trick games), shown as marks on the plate; ``None`` elsewhere.
    tricks: int | None = None
    #: Counters staked this deal (a game without play, Matrimony), or ``None``.
    staked: int | None = None


@dataclass(frozen=True)
class PoolView:
    """A layout pool: ``label`` ("♥A"), its layout ``card`` (or ``None``: a named plate,
    such as Michigan's kitty), ``amount`` (counters), a short ``detail`` line and ``cards``,
    every card of a combination item drawn together on its place (``(K♦, Q♦)`` for
    ``KD+QD``, MI-12; empty for a pool of one card or none)."""

    label: str
    card: int | None
    amount: int
    detail: str = ""
    cards: tuple[int, ...] = ()
    #: Why the pool cannot be won by play this deal ("Q♠ is turned up"), or "": a card it
    #: needs is out of play where everyone can see it (:func:`registryview.dead_reason`).
    dead: str = ""

    @property
    def name_on_card(self) -> bool:
        """Whether the table writes the label on the pool's card: a name of its own (the
        Pope on its 7♦), not the card's (the ♥A pool on the ♥A)."""
        if self.card is None or self.cards:
            return False  # a combination's cards name it
        face = card_label(self.card)  # "A♥"; the layout says "♥A" too
        return self.label not in (face, face[-1] + face[:-1])


@dataclass(frozen=True)
class TableSnapshot:
    """Everything the view draws.

    ``hand`` is the bottom seat's cards in display order (empty while hidden, e.g. during
    staking); ``playable`` the subset that may be played now; ``played`` the played cards as
    ``(card, row, column)`` in the by-suit display (``row_labels`` names the rows);
    ``revealed`` other seats' cards shown face up at the end of a deal; ``last_play`` the
    ``(seat, card)`` just played, so the card can travel from that seat.
    """

    seats: tuple[SeatView, ...]
    bottom: int
    hand: tuple[int, ...] = ()
    playable: frozenset[int] = frozenset()
    played: tuple[tuple[int, int, int], ...] = ()
    row_labels: tuple[str, ...] = ("♠", "♥", "♣", "♦")
    stock_count: int = 0
    stock_name: str = "Stock"
    stock_cards: tuple[int, ...] = ()
    revealed: dict[int, tuple[int, ...]] = field(default_factory=dict)
    pools: tuple[PoolView, ...] = ()
    last_play: tuple[int, int] | None = None
    turnup: int | None = None
    #: "row": pools side by side; "round": the classic round Pope Joan board.
    board: str = "row"
    #: "stops" (played cards by suit), "tricks" (Spoil Five: the trick in the centre) or
    #: "chance" (a game without play, Matrimony: the seats round the compartments).
    mode: str = "stops"
    trick: tuple[tuple[int, int], ...] = ()
    last_trick: tuple[tuple[int, int], ...] = ()
    #: Who won the last trick and why ("Last trick to Eve: J♣ is the second-best trump").
    trick_reason: str = ""
    #: A line under the trump turn-up ("Trumps: clubs", "Robbed by Ben").
    trump_note: str = ""
    #: Words spoken after a card's name ("trump", "layout card: Pope").
    card_notes: dict[int, str] = field(default_factory=dict)
    #: A game without play: each seat's cards on the table, by seat, in deal order, as
    #: ``(card, face_up)`` (face-down cards drawn as backs until they are shown).
    seat_cards: tuple[tuple[tuple[int, bool], ...], ...] = ()
    #: A game without play: the cards each seat is dealt (the room the table keeps for
    #: them, MT-6), or 0.
    cards_each: int = 0
    #: The deal's number in the session (1 for the first), or 0 where it is not known (a
    #: review): a hand flies in from the pack only the first time it is shown in a deal.
    deal: int = 0


@dataclass
class DealSummary:
    """What happened in one deal, already worked out by the caller.

    Seats are indexes into ``names``; counters are ``int``; cards are ``int`` in ``0..51``.
    """

    #: Player names by seat.
    names: list[str]
    #: Seat of the player who went out, or ``None`` (nobody did).
    winner: int | None
    #: Seat of the dealer.
    dealer: int
    #: Cards still held by each seat at the end of the deal.
    hands_left: list[list[int]]
    #: Cards not dealt to anyone (the dead hand / widow), if shown.
    stock: list[int]
    #: Payments and captures, phrased by the caller ("Ben took the ♣K pool: 7").
    lines: list[str]
    #: Counters won (+) or lost (−) this deal, by seat.
    deltas: list[int]
    #: Each seat's counters after the deal.
    balances: list[int]
    #: Pools left on the layout: (label such as ``"♥A"``, counters on it).
    pools: list[tuple[str, int]]
    #: Whether this was the last deal of the game.
    last_deal: bool
    #: Each player's net counters after each deal of the session so far (for the chart).
    history: list[tuple[str, list[int]]] = field(default_factory=list)
    #: The deals ``history`` stands for when it is an even sample of a longer session.
    history_span: int = 0
    #: The deal's fingerprint shown before it (salt, sha256), if it had one; the salt is None
    #: where the unplayed cards stay hidden (it would give them away).
    fingerprint: tuple[str | None, str] | None = None
    #: The exact text that was hashed (every card as dealt), when the cards may be shown.
    fingerprint_text: str = ""
    #: A practice deal ("deal again from another seat"): the button goes back to the game.
    practice: bool = False
    #: A practice deal's own result for the person, against the deal itself.
    practice_note: str = ""
    #: A practice deal's note for each seat's row, by seat ("(in Dan's seat)", "(in your seat)",
    #: else ""): the names moved with the person; empty outside a practice deal.
    seat_notes: list[str] = field(default_factory=list)
    #: Whether "Deal again from another seat" is offered (every hand shown after the deal).
    deal_again: bool = False
    #: The seat of the one person at the screen ("deal again" offers the other seats).
    person: int | None = None
    #: Trick games (Spoil Five): tricks won by each seat, shown instead of the cards left
    #: (the hands and the pack stay hidden, GEN-9); ``None`` in the stops games.
    tricks: list[int] | None = None
    #: The person's own lines, first in the summary: every counter that left or reached
    #: them this deal, in order, with its reason, and at the end of the session their share
    #: of the pools left (issue 24).
    ledger: list[str] = field(default_factory=list)
    #: Why the deal gave the person no choice of card, or "" when it gave one.
    no_choice: str = ""
    #: The end-of-session split of the pools left, for everyone (the last deal), or "".
    split: str = ""
    #: Why the session ended before its last deal (a stake nobody could pay, GEN-5), or "".
    ended: str = ""
    #: Each seat's share of that split (counters), so that the table's row adds up: the
    #: balance is the balance before the deal, this deal's change and the share (GEN-6);
    #: empty when nothing was split.
    shares: list[int] = field(default_factory=list)
    #: What the game calls the undealt cards ("Widow", "Dead hand", "Stock").
    stock_name: str = "Stock"
    #: A game without play (Matrimony): the heading says what the cards did ("Max takes the
    #: whole layout", "Matrimony to Ben, Pair to Max"); the hands are the cards dealt, nobody
    #: goes out and the undealt pack is never shown. "" elsewhere.
    headline: str = ""


@dataclass(frozen=True)
class GameChoice:
    """One entry of New Game: ``label`` for people, the record ``game`` name, its
    ``profile`` (or ``None``), the player range, the house rules offered (option specs from
    :mod:`gamecore.options`, with their one-line ``help``), and ``presets``: the options the
    entry itself sets (its profile, e.g. ``{"pj.profile": "C"}``)."""

    label: str
    game: str
    profile: str | None
    min_players: int
    max_players: int
    rules: tuple[Any, ...]
    help: dict[str, str] = field(default_factory=dict)
    presets: dict[str, Any] = field(default_factory=dict)
