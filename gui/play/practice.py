"""A practice deal at the table: the deal just finished, played again with the same cards
from another seat, outside the session (in no statistics, not saved), then back to the
session where it was (:func:`gamecore.practice.deal_again`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.match import Session
from gamecore.practice import deal_again
from gui.model import ledger, practicewords
from gui.play.questions import close_dialog
from gui.play.seats import SeatKind
from gui.play.states import IDLE

if TYPE_CHECKING:
    from gui.play.controller import Controller


class Practice:
    """Plays practice deals at ``table`` (a :class:`~gui.play.controller.Controller`)."""

    def __init__(self, table: Controller) -> None:
        self.table = table
        #: The session at the table, its seats and undo, while a practice deal is played.
        self.real: tuple[Session, list[SeatKind], bool] | None = None
        #: The person's seat in the deal itself and the seat they practise from (ints).
        self.home = self.seat = 0

    @property
    def active(self) -> bool:
        """Whether a practice deal ("deal again from another seat") is being played."""
        return self.real is not None

    def begin(self, seat: int) -> bool:
        """Play the deal just finished again with the one person in ``seat`` (an int);
        returns whether it began."""
        t = self.table
        session = t.session
        if (
            session is None
            or session.deal is None
            or not session.deal.over
            or self.real is not None
            or len(t.people) != 1
        ):
            return False
        try:
            practice = deal_again(
                session,
                len(session.logs),
                t.human,
                seat,
                people=len(t.people),
                reveal=t.deal_end.reveal_tricks,
            )
        except ValueError as e:
            t.status(f"Not offered: {e}.")
            return False
        levels = {k.name: k.level for k in t.seats}
        me = t.seats[t.human].name
        seats = [
            SeatKind(name, name == me, levels.get(name, "normal")) for name in practice.players
        ]
        close_dialog(t)
        t.cancel_thinking()
        self.real = (session, list(t.seats), t.allow_undo)
        self.home, self.seat = t.human, seat
        t.seats = seats
        t.take_seats(practice)
        t.set_state(IDLE)
        t.last_play = None
        # The seat by the name it had in the deal itself: the person sits there now.
        opening = practicewords.opening_line(session.players[seat])
        # Then the stakes as dealt and as the deal itself named and split them (GEN-9).
        t.log = [opening, *ledger.deal_log(practice, t.words, t.people)[0][1:]]
        t.deal_from = 0
        t.status(opening)
        t.show_fingerprint()
        t.refresh()
        t.schedule(0)
        return True

    def result_line(self) -> str:
        """The practice deal just finished, for the person, against the deal itself: "From
        Dan's seat you lost 16 counters, where Dan lost 9 counters in the deal itself; from
        your own seat you lost 11 counters." (it may have gone exactly as the deal
        itself)."""
        assert self.real is not None
        real = self.real[0].deal
        practice = self.table.session.deal if self.table.session is not None else None
        assert real is not None and practice is not None
        real_result, practice_result = real.settlement(), practice.settlement()
        assert real_result is not None and practice_result is not None
        return practicewords.result_line(
            self.real[0].players[self.seat],
            practice_result.deltas[self.seat],
            real_result.deltas[self.home],
            real_result.deltas[self.seat],
        )

    def seat_notes(self) -> list[str]:
        """The practice deal's note for each seat's row in its summary
        (:func:`~gui.model.practicewords.seat_notes`): whose hand each moved name holds."""
        assert self.real is not None
        session = self.real[0]
        return practicewords.seat_notes(session.n, self.home, self.seat, session.players[self.seat])

    def plate_notes(self) -> list[str]:
        """The notes on the table's plates: "(in your seat)" on the seat that holds the
        person's own hand of the deal itself, nothing elsewhere (the person's own plate,
        at the bottom, is theirs to play; "You (Dan's hand)" was cut short there at
        800×600, and the opening line says whose hand it is)."""
        notes = self.seat_notes()
        return [note if seat == self.home else "" for seat, note in enumerate(notes)]

    def drop(self) -> None:
        """Forget the practice deal and the session it came from (a new session takes the
        table; the game itself was kept or left by then)."""
        self.real = None

    def back(self) -> None:
        """The practice deal is over: back to the session at the table, where it was."""
        assert self.real is not None
        session, seats, allow_undo = self.real
        self.real = None
        self.table.seats = seats
        # The deal so far, then this, not "Resumed: …": the game was never left.
        back = f"Back to your game: deal {len(session.logs)} of {session.total_deals}."
        people, levels = [k.person for k in seats], [k.level for k in seats]
        self.table.resume(session, people, allow_undo, levels, line=back)
        self.table.view.show_log(self.table.log)
