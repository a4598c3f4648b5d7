"""Deal again from another seat (issue 18, point 4): a finished deal's very cards dealt again
as a practice deal, with the person sitting at another seat.

The practice deal is the same physical deal: the same dealer, every seat's same hand, the same
stock and turn-up, staked from the same counters and pools in the same state (the winner of
the deal before, a fresh or running Spoil Five pool) and by the same stakes: a stake the
dealer named (NM-5, PJ-21) and the splits over the layout are made again as they were, since
they come before anyone has seen the cards (GEN-9); so the same card decisions give the same
result. Only the names move: the person's name goes to the chosen seat and that seat's name to
the person's old one. It is a session of its own, of one deal, marked
:attr:`~gamecore.match.Session.practice`: it is outside the session it came from and counts in
no statistics.
"""

from __future__ import annotations

from gamecore.actions import parse_action
from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.match import Session
from gamecore.record import Record, replay_session
from gamecore.review import deal_again_offered

__all__ = ["deal_again"]


def deal_again(
    source: Record | Session,
    number: int,
    person: int,
    seat: int,
    *,
    people: int = 1,
    reveal: bool = False,
) -> Session:
    """A practice session whose one deal, already dealt and ready to play, has exactly the
    cards of deal ``number`` (from 1) of ``source``, with the person moved from seat
    ``person`` to seat ``seat``.

    Args: ``source`` (a read record, replayed first, or a session), ``number``, ``person``
    and ``seat`` (seats, ints, different), ``people`` (people at the screen) and ``reveal``
    (the review's reveal setting): the deal must be one where every hand was shown after it
    (:func:`gamecore.review.deal_again_offered`: the stops games; Spoil Five only when its
    hands were shown).

    Returns a :class:`~gamecore.match.Session` with ``practice`` set, ``max_deals`` 1, its
    deal in progress (the same start events as the original) and already staked: the
    original's stakes named and splits made are applied (:func:`_stake_again`), so its first
    decision is the first card or bid decision. Raises ``IndexError`` for a
    deal or seat the source does not have, ``ValueError`` for an unfinished deal, a deal
    whose hands were not all shown, or ``seat == person``;
    :class:`~gamecore.errors.RecordError` for a faulty record.
    """
    session = replay_session(source) if isinstance(source, Record) else source
    if not 1 <= number <= len(session.logs):
        raise IndexError(f"there are deals 1 to {len(session.logs)}, not {number}")
    n = session.n
    for s in (person, seat):
        if not 0 <= s < n:
            raise IndexError(f"the deal has seats 0 to {n - 1}, not {s}")
    if seat == person:
        raise ValueError("the person is already at that seat")
    log = session.logs[number - 1]
    if not deal_again_offered(log.finished, session.game.family, people, reveal):
        raise ValueError("only a finished deal whose every hand was shown can be dealt again")
    players = list(session.players)
    players[person], players[seat] = players[seat], players[person]
    balances, pools, prev_winner, fresh = session.opening(number - 1)
    practice = Session(
        session.game,
        players,
        log.dealer,
        balances,
        pools,
        max_deals=1,
        prev_winner=prev_winner,
        fresh=fresh,
        practice=True,
    )
    practice.start_deal(log.hands, log.stock, log.turnup)
    _stake_again(practice, log.actions)
    return practice


def _stake_again(practice: Session, actions: list[str]) -> None:
    """Apply the leading stake and split actions of ``actions`` (the original deal's action
    texts) to ``practice``'s deal. Without this a computer sitting at the dealer's seat would
    name a stake of its own (PJ-21, NM-5): other pools, another deal, and the comparison with
    the deal itself would mislead."""
    game = practice.game
    for text in actions:
        if not isinstance(practice.decision(), (StakeChoice, SplitChoice)):
            return
        practice.apply(parse_action(text, game.pools, passes=game.has_pass, widow=game.has_widow))
