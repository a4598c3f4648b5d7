"""The events of a Matrimony deal (MT-6 … MT-12), besides the stakes (``StakeNamed``,
``PaidToPool``) every staking game shares.

A compartment won is a :class:`~gamecore.events.PoolTaken` (it moves counters from a pool
to a seat, and the table animates and tells it as it does every pool taken) that also says
which cards won it and by which rule; the end of the deal is a
:class:`~gamecore.events.DealEnded`. Cards are ints (0..51), seats ints, pools indexes into
the game's pool names.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.events import DealEnded, Event, PoolTaken


@dataclass(frozen=True, slots=True)
class HandsDealt(Event):
    """The stakes are made and the cards are dealt (MT-6): ``up`` is each seat's face-up
    card, by seat (public from now on, GEN-9); the face-down cards stay hidden."""

    up: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AceTurned(Event):
    """``seat``'s face-up card is the A♦: he takes the whole layout and nothing else is
    looked at (MT-7)."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """``seat`` turns over his face-down ``cards`` (MT-8, MT-9), in order from the eldest."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CompartmentWon(PoolTaken):
    """``seat`` took compartment ``pool`` with ``amount`` counters (possibly 0: nothing
    lay on it): ``cards`` are the cards that won it, ``rule`` the rule that gave it
    ("MT-7" the turned A♦, "MT-8" the first two-card hand to show it, "MT-9" the eldest
    or the highest pair of the three-card game, "MT-10" Best of the three-card game)."""

    cards: tuple[int, ...]
    rule: str


@dataclass(frozen=True, slots=True)
class Carried(Event):
    """Compartments ``pools`` (indexes, with counters on them) were not won and stay for the
    next deal, which adds its stakes to them (MT-11)."""

    pools: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatrimonyEnded(DealEnded):
    """The deal is resolved and finished (MT-12): ``winner`` is the seat that turned up the
    A♦, or ``None`` (the compartments went to several players, or carried)."""
