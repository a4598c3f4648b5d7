"""Events: what one applied action did, in order, for the table to show and animate.

Events are plain frozen dataclasses deriving from :class:`Event`; counters are ints, cards
are ints (0..51), pools are indexes into the game's pool names. An engine may add its own
(Spoil Five's tricks, robs and jinks live in :mod:`gamecore.spoilfive.deal`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamecore.cards import card_label


class Event:
    """Base of every event: what one applied action did (a frozen dataclass)."""

    __slots__ = ()

    def counters(self) -> tuple[tuple[int, int], ...]:
        """Each player's balance this event changes, as ``(seat, counters)`` pairs
        (counters: + received, − paid); ``()`` for an event that moves none. An event class
        that moves counters says so here, so the table's ledger (every counter that leaves
        or reaches the person, issue 24) finds it without knowing the class."""
        return ()

    def shown_to(self) -> tuple[int, ...]:
        """The seats this event shows cards hidden from them until now (GEN-9): Michigan's
        widow, taken (MI-7, MI-8). Undo never goes back before it for them: they would
        choose again knowing those cards. ``()`` for most events."""
        return ()


@dataclass(frozen=True, slots=True)
class StakeNamed(Event):
    """The dealer named the stake (NM-5)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PaidToPool(Event):
    """``seat`` paid ``amount`` counters into pool index ``pool`` (a stake or a doubling)."""

    seat: int
    pool: int
    amount: int

    def counters(self) -> tuple[tuple[int, int], ...]:
        """The payer's counters go onto the pool."""
        return ((self.seat, -self.amount),)


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``card``; ``spin`` when the game's special card (the ♦A in Spin and
    Spinado) went down with it; ``lead`` if it opened a sequence."""

    seat: int
    card: int
    lead: bool
    spin: bool = False


@dataclass(frozen=True, slots=True)
class PoolTaken(Event):
    """``seat`` took ``amount`` counters from pool index ``pool`` (a capture, STOP-8)."""

    seat: int
    pool: int
    amount: int

    def counters(self) -> tuple[tuple[int, int], ...]:
        """The pool's counters go to the taker."""
        return ((self.seat, self.amount),)


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """``payer`` paid ``amount`` counters to ``payee``; ``reason`` e.g. ``"cards left"``.

    ``cards``: the cards the payment counts, when it counts cards (those left in the payer's
    hand, STOP-10; those dealt to him, for a turned Pope, PJ-C-5), else ``None``: the table
    says how many, and why the amount is more (the holder of the ♦A pays 2 a card, SP-7,
    SN-14). A detail of the amount, not another payment: equality and repr leave it out."""

    payer: int
    payee: int
    amount: int
    reason: str
    cards: int | None = field(default=None, compare=False, repr=False)

    def counters(self) -> tuple[tuple[int, int], ...]:
        """The payer's counters go to the payee."""
        return ((self.payer, -self.amount), (self.payee, self.amount))


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    """The sequence stopped on ``card`` (STOP-7); ``missing`` is the successor nobody could
    play, or ``None`` when ``card`` has no successor. ``seat`` leads next."""

    seat: int
    card: int
    missing: int | None


@dataclass(frozen=True, slots=True)
class LeadPassed(Event):
    """``seat`` could not lead (only the special card left, STOP-11); ``to`` leads instead."""

    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` played his last card and won the deal (STOP-9)."""

    seat: int


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    """The deal is settled; ``winner`` is the seat that went out."""

    winner: int | None


def stop_words(card: int, missing: int | None) -> str:
    """The stop call for the table: ``"No 9♥"``, or ``"K♣ is a stop"`` (STOP-7).

    ``card`` and ``missing`` are cards (ints); ``missing`` is ``None`` for a card with
    nothing above it. At a real table the call is "No nine", the suit being the one in
    play; on the screen two runs in a row would then read alike in the log, so the call
    names the card (its suit is no secret: the sequence follows suit)."""
    if missing is None:
        return f"{card_label(card)} is a stop"
    return f"No {card_label(missing)}"
