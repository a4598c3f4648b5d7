"""New Game's choice as one frozen object: the game, its house rules, who sits in each seat
and whether undo is allowed. It travels from the New Game dialog through the main window to
the controller, which starts a session from it. No Qt."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamecore.games import make_game
from gamecore.match import Session
from gui.model.choices import DEFAULT_GAME

#: The computer players' names, seat by seat after yours, when New Game names nobody.
COMPUTER_NAMES = (
    "Ben",
    "Cat",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kit",
    "Lou",
    "Max",
    "Ned",
)

#: Spare names for when one of :data:`COMPUTER_NAMES` is yours.
_SPARE_NAMES = ("Ann", "Pip")


def computer_names(n: int, taken: Collection[str] = ()) -> list[str]:
    """``n`` computer players' names (at most 14), from :data:`COMPUTER_NAMES` in order,
    leaving out any in ``taken`` (letter case aside): a person called Ben sat at a table
    with a computer Ben, and the log could not tell them apart."""
    used = {t.casefold() for t in taken}
    free = [c for c in (*COMPUTER_NAMES, *_SPARE_NAMES) if c.casefold() not in used]
    return free[:n]


@dataclass(frozen=True)
class SeatKind:
    """A seat: ``person`` true for someone at this screen, else a computer ``level``
    ("easy", "normal" or "hard")."""

    name: str
    person: bool
    level: str = "normal"


@dataclass(frozen=True)
class Setup:
    """A table to start: ``game`` (a record name such as ``"newmarket"``), ``options``
    (record keys to values; a profile key such as ``pj.profile`` too), ``seats`` (who sits
    where, in seat order, dealing clockwise) and ``allow_undo`` (``None``: on with one person
    at the screen, off with several). Lists given for ``seats`` are kept as a tuple, and the
    options as a copy."""

    game: str = DEFAULT_GAME
    options: Mapping[str, Any] = field(default_factory=dict)
    seats: Sequence[SeatKind] = ()
    allow_undo: bool | None = None

    def __post_init__(self) -> None:
        # Frozen: the caller's list or dict may change later, this choice must not.
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "options", dict(self.options))

    @property
    def undo_allowed(self) -> bool:
        """Whether Undo is offered: as chosen, else only with at most one person."""
        if self.allow_undo is not None:
            return self.allow_undo
        return sum(k.person for k in self.seats) <= 1

    @classmethod
    def you_and_computers(
        cls,
        game: str = DEFAULT_GAME,
        name: str = "You",
        players: int = 4,
        options: Mapping[str, Any] | None = None,
        allow_undo: bool | None = None,
    ) -> Setup:
        """You (``name``; "You" when empty) in seat 0 and ``players - 1`` computer players
        at the normal level, named by :func:`computer_names` (none called as you are)."""
        name = name or "You"
        seats = [SeatKind(name, True)] + [
            SeatKind(n, False) for n in computer_names(players - 1, [name])
        ]
        return cls(game, options or {}, seats, allow_undo)


def start_fault(game: str, options: Mapping[str, Any], players: int) -> str | None:
    """Why a session of ``game`` (a record name) with ``options`` (record keys to values)
    at ``players`` seats could not deal its first deal, in one sentence, or ``None``. With
    ``gen.allowDebt`` off, a player with fewer counters at the start than his first stake
    cannot stake, and the session is over before it begins (GEN-5 rule 1): Spinado's
    dealer puts in 24 (SN-5). Options the game refuses give ``None``; the dialog says
    those itself. The seats start equal, so the first dealer changes nothing."""
    try:
        session = Session(make_game(game, dict(options)), ["x"] * players, first_dealer=0)
    except ValueError:  # an OptionError too
        return None
    short = session.cannot_stake()
    if not short:
        return None
    rules, start = session.game, session.balances[0]
    need = min(rules.least_stake(s, 0, session.balances, None, True) for s in short)
    if short == [0]:
        who = "the dealer could not"
    else:
        who = "nobody could" if len(short) == players else "a player could not"
    return (
        f"With {start:,} counter{'s' if start != 1 else ''} at the start, {who} pay the "
        f"first stake of {need:,}: give more counters at the start, or let players go "
        "below zero."
    )
