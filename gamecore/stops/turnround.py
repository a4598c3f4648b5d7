"""The turn round after a card, seat by seat, as a table with several people at one screen
walks it (CM-10: offers are private).

At a real table every seat the turn round reaches says "No six" in turn, the holder of the
substitute who declines it too, so a pass looks like a "No six". The engine resolves the
round at once and asks only the seat offered the substitute; a table where several people
share one screen must still reach every person the round passes, so that whether it
hands the screen to a person during a round does not depend on who holds the substitute.
:func:`next_visited` says which seat the round reaches next, from what the round shows
once it is over (who plays next), never from where the substitute lies:

* ``inTurn``: the seats after the player of the card, up to the seat that decides next (the
  seat offered the substitute, or the holder of the next card), or all the way round when
  the sequence stops;
* ``anyTime``: every seat but the player of the card and the holder of the next card, for
  the substitute's holder may be offered it wherever he sits.
"""

from __future__ import annotations

from gamecore.interface import Card
from gamecore.stops.deal import StopsDeal
from gamecore.stops.game import ANY_TIME, SPECIAL_SUBSTITUTE


def round_opens(deal: StopsDeal, card: Card) -> bool:
    """Whether the turn round after ``card`` (just played) may pass seats that say "No
    six": the game has a substitute (CM-10), ``card`` is not it, the substitute has not
    been played yet (public: no offer is left once it has) and the deal goes on."""
    game = deal.game
    special = game.special_card
    return (
        game.special_kind == SPECIAL_SUBSTITUTE
        and special is not None
        and card != special
        and not deal.played >> special & 1
        and not deal.over
    )


def _reach(deal: StopsDeal, origin: int) -> int:
    """How far after ``origin`` (in seats, clockwise) the round has to go now: to the seat
    offered the substitute, or (``inTurn``) to the holder of the next card who plays it;
    ``n`` when it goes all the way round (a stop, or ``anyTime`` once no offer is
    pending); 0 when the player of the card plays on or is offered it himself."""
    d = deal.decision()
    if d is None:
        return 0
    n = deal.n
    if deal.round_from is not None:
        return (d.seat - origin) % n
    if deal.game.offer_timing == ANY_TIME:
        return n
    if deal.top is not None:
        return (d.seat - origin) % n
    return n


def next_visited(deal: StopsDeal, origin: int, card: Card, start: int) -> int | None:
    """The next seat, from ``start`` on (clockwise, before the round is back at
    ``origin``, the player of ``card``), that the turn round after ``card`` reaches and
    that only says "No six": it decides nothing and plays nothing now (see the module
    docstring); ``None`` when the round has reached the seat that decides next, or is
    over."""
    n = deal.n
    nxt = deal.game.succ[card]
    holder = None if nxt is None else deal.holder(nxt)
    anytime = deal.game.offer_timing == ANY_TIME
    reach = _reach(deal, origin)
    k = (start - origin) % n or n
    while k < reach:
        seat = (origin + k) % n
        if not (anytime and seat == holder):
            return seat
        k += 1
    return None
