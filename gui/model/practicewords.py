"""A practice deal in words ("deal again from another seat"): the line that opens it and its
own result set against the deal itself, for the table's status line and the summary. No Qt.

A practice deal has one person at the screen, so the person is "you" throughout."""

from __future__ import annotations

from gamecore.explain import possessive


def opening_line(seat_name: str) -> str:
    """The line that opens a practice deal from the seat of ``seat_name`` (the name that
    seat had in the deal itself: "Dan", never the person's own)."""
    # The names move with the hands: said at once, else "Dan takes the Pope pool: Dan
    # played 7♦" read as the other Dan, of the deal itself (a tester could not follow it).
    return (
        f"Practice deal: the same cards and stakes, now from {seat_name}'s seat. You and "
        f"{seat_name} swap seats: you play {possessive(seat_name)} hand and "
        f"{seat_name} plays yours. It counts in no statistics and is not saved."
    )


def _result(delta: int) -> str:
    """Counters won or lost in words: "won 3 counters", "lost 1 counter", "came out even"."""
    if delta == 0:
        return "came out even"
    counters = "counter" if abs(delta) == 1 else "counters"
    return f"{'won' if delta > 0 else 'lost'} {abs(delta)} {counters}"


def result_line(seat_name: str, practice_delta: int, real_delta: int, seat_delta: int) -> str:
    """The practice deal's own result for the person, against the deal itself: "From Dan's
    seat you lost 16 counters, where Dan lost 9 counters in the deal itself; from your own
    seat you lost 11 counters." ``practice_delta``: the person's counters won (+) or lost
    (−) in the practice deal; ``real_delta`` and ``seat_delta``: the person's, and the
    practised seat's, in the deal it copied (the same cards from the same seat, played by
    someone else: the comparison a tester missed)."""
    return (
        f"From {seat_name}'s seat you {_result(practice_delta)}, where {seat_name} "
        f"{_result(seat_delta)} in the deal itself; from your own seat you "
        f"{_result(real_delta)}."
    )


def seat_notes(seats: int, home: int, seat: int, seat_name: str) -> list[str]:
    """Each seat's note in the practice deal's summary, by seat (``seats`` of them): the
    names moved with the person, so the row of the seat practised from says whose seat it
    was ("(in Dan's seat)") and the person's own seat, now held by that name, says it was
    theirs ("(in your seat)"); "" for the others. ``home`` and ``seat`` are the person's
    seat in the deal itself and the seat practised from (ints). "(your hand)" on Dan's
    plate at the top, over face-down cards, read as the hand the person was playing."""
    notes = [""] * seats
    notes[seat] = f"(in {seat_name}'s seat)"
    notes[home] = "(in your seat)"
    return notes
