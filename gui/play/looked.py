"""Which people at the table have looked at their hand in the deal under way: a forced card
(one legal play) plays itself only for a person who has (STOP-14 as the table applies it).

Testers saw their forced cards played before they had looked at the hand: on a first
Pope Joan deal eight moves were made for "You" before anything was touched; at the hot seat
a person's cards went before their first hand-over; in Michigan the widow just bought had
three cards played from it within three seconds. A person has looked once they make a
decision of the deal's play (a card, a question of the table's, a bid), and looks again
after cards they had not seen reach them (the widow taken, MI-7, MI-8).
"""

from __future__ import annotations

from collections.abc import Iterable

from gamecore.decisions import BidChoice, Decision, PlayChoice
from gamecore.events import Event


class HandLooks:
    """The seats (ints) whose person has looked at their hand in one deal; another deal
    (a new one, or one replayed by an undo) starts with none."""

    def __init__(self) -> None:
        self._deal: object | None = None
        self._seats: set[int] = set()

    def seats(self, deal: object | None) -> set[int]:
        """The seats that have looked in ``deal`` (the session's deal object)."""
        if deal is not self._deal:
            self._deal, self._seats = deal, set()
        return self._seats

    def after(
        self,
        deal: object | None,
        decided: Decision | None,
        chose: bool,
        events: Iterable[Event],
    ) -> None:
        """Note an action applied to ``deal``: ``decided`` was the decision it answered,
        ``chose`` whether its player chose it (not a forced card that played itself);
        ``events`` what it did (cards shown to a seat make it look again)."""
        seats = self.seats(deal)
        if chose and isinstance(decided, (PlayChoice, BidChoice)):
            seats.add(decided.seat)
        for e in events:
            seats.difference_update(e.shown_to())
