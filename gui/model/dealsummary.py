"""The end of a deal and of a session in words and numbers: the deal summary (every hand
and the stock, or the tricks won; the lines of captures and payments; the balance chart; the
deal's fingerprint) and the split of the pools left at the end of the session. No Qt: the
summary dialog draws this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypedDict

from gamecore.cards import card_label, cards_in
from gamecore.events import Played, WentOut
from gamecore.explain import listed, mid_sentence
from gamecore.fingerprint import hashed_text
from gamecore.games import descriptor
from gamecore.match import Session
from gamecore.review import deal_again_offered, review_deal
from gamecore.spoilfive.deal import SpoilFiveDeal
from gui.model import chancewords, ledger, summarynotes
from gui.model.registryview import chance_game, pool_labels, stock_name, tricks_game
from gui.model.snapshot import DealSummary
from gui.model.tablesnap import display_order
from gui.model.tablewords import summary_lines

#: Points of a session's balance chart at most: a long session is sampled evenly.
CHART_POINTS = 200


def balance_history(
    session: Session, points: int = CHART_POINTS
) -> tuple[list[tuple[str, list[int]]], int]:
    """Each player's net result after the session's finished deals, as ``(name, values)``,
    sampled evenly to at most ``points`` values (the last deal always included), and the
    number of finished deals they stand for. Costs ``points``, not the session's length."""
    logs = session.logs
    n = len(logs) if logs and logs[-1].finished else len(logs) - 1
    if n <= 0:
        return [(name, []) for name in session.players], 0
    picks = (
        range(n)
        if n <= points
        else sorted({round(k * (n - 1) / (points - 1)) for k in range(points)})
    )
    start = session.start_balances
    # The last deal's point is after the end-of-session split, as the plates (GEN-6).
    final = session.final_accounts()[0] if session.complete else None
    return [
        (
            name,
            [
                (final[s] if final is not None and i == n - 1 else logs[i].balances[s]) - start[s]
                for i in picks
            ],
        )
        for s, name in enumerate(session.players)
    ], n


def deal_summary(
    session: Session,
    words: list[str] | None = None,
    *,
    reveal: bool = True,
    people: int = 1,
    person: int | None = None,
    people_seats: Sequence[int] = (),
) -> DealSummary:
    """The end of the deal in ``session`` (its current deal is over), as the summary shows
    it: every hand and the stock for the stops games; in trick games only the tricks won,
    for unplayed cards stay hidden (GEN-9). ``words`` names the seats as the table says
    them; ``reveal`` is the Settings' Spoil Five choice; ``people`` counts the people at the
    screen and ``person`` is the seat of the one there (deal again offers the others), or of
    the one whose hand is shown (several people). The summary opens with the ledger of
    everyone at the screen: ``people_seats`` (their seats, several people; each payment
    between two of them once), else ``person``'s. The balances and pools are those the
    plates show: after the end-of-session split on the last deal (GEN-6)."""
    deal = session.deal
    assert deal is not None
    settlement = deal.settlement()
    assert settlement is not None
    tricks = tricks_game(session.game)
    # a game without play never shows its undealt pack (MT-6); a trick game hides its hands
    hidden_stock = tricks or chance_game(session.game)
    history, span = balance_history(session)
    balances, pools = session.final_accounts()
    ledger_seats = list(people_seats) if people > 1 and people_seats else []
    if not ledger_seats and people and person is not None:
        ledger_seats = [person]
    own = _own_lines(session, words, ledger_seats)
    return DealSummary(
        names=list(session.players),
        winner=None if _unplayed(session) else deal.winner,  # nobody went out
        dealer=deal.dealer,
        hands_left=[[] if tricks else _in_order(session, h) for h in deal.hands],
        stock=[] if hidden_stock else _in_order(session, deal.stock),
        lines=_deal_lines(session, words, own.skip),
        deltas=list(settlement.deltas),
        balances=balances,
        pools=list(zip(pool_labels(session.game), pools, strict=True)),
        last_deal=session.complete,
        tricks=list(deal.tricks_won) if isinstance(deal, SpoilFiveDeal) else None,
        history=history,
        history_span=span,
        **_fingerprint_fields(session, reveal, people),
        practice=session.practice,
        deal_again=not session.practice
        and people == 1
        and deal_again_offered(True, descriptor(session.game.name).family, people, reveal),
        person=person if people == 1 else None,
        ledger=own.lines,
        no_choice=own.no_choice,
        split=split_line(session),
        ended=ended_early_line(session, words),
        shares=_shares(session),
        stock_name=stock_name(session.game, deal.phase),
        headline=_headline(session, words),
    )


def _in_order(session: Session, cards: int) -> list[int]:
    """``cards`` (a mask) as the hands show them: ♠♥♣♦, by the game's ranks. Sorted by
    number the summary read ♠♥♦♣, and a tester compared the two."""
    return display_order(cards_in(cards), session.game.ace_high)


def _deal_lines(session: Session, words: list[str] | None, skip: tuple[int, ...]) -> list[str]:
    """The deal's lines after the person's own (``skip``: the seats the ledger said)."""
    if chance_game(session.game):
        names = words or list(session.players)
        labels = pool_labels(session.game)
        return chancewords.summary_lines(
            session.deal_events, names, labels, skip, last=session.complete
        )
    names = words or list(session.players)
    return [
        *summarynotes.stake_lines(session, names, skip),
        *summary_lines(session, session.deal_events, words, skip),
        *summarynotes.excused_lines(session, names),
    ]


def _headline(session: Session, words: list[str] | None) -> str:
    """A game without play's heading (what the cards did); a deal that ended before any
    card was played, why ("9♦ turned up: …", PJ-C-5); "" for the other games."""
    if _unplayed(session):
        turnup = session.deal.turnup if session.deal is not None else None
        first = "The turn-up" if turnup is None else f"{card_label(turnup)} turned up"
        return f"{first}: the deal ends before any card is played"
    if not chance_game(session.game):
        return ""
    names = words or list(session.players)
    return chancewords.headline(session.deal_events, names, pool_labels(session.game))


def _unplayed(session: Session) -> bool:
    """Whether the deal of ``session`` was won with no card played: nobody went out (a
    turned Pope ends the deal, PJ-C-5; its summary said "Ben went out")."""
    deal = session.deal
    return (
        deal is not None
        and deal.winner is not None
        and not tricks_game(session.game)
        and not chance_game(session.game)
        and not any(isinstance(e, Played | WentOut) for e in session.deal_events)
    )


class _Own(NamedTuple):
    """The person's part of a summary: ``lines`` (the ledger), ``no_choice`` (the note) and
    ``skip`` (the seats whose counters the other lines leave out)."""

    lines: list[str]
    no_choice: str
    skip: tuple[int, ...]


def _own_lines(session: Session, words: list[str] | None, seats: Sequence[int]) -> _Own:
    """The ledger of the people in ``seats`` (none: nobody at the screen) for the deal just
    over in ``session``, a line said once even when it concerns two of them; the no-choice
    note of one person alone; and, on the last deal, their shares of the split
    (:mod:`gui.model.ledger`)."""
    if not seats:
        return _Own([], "", ())
    words = words or list(session.players)
    review = review_deal(session, len(session.logs))
    lines: list[str] = []
    for seat in seats:
        lines += [
            line for line in ledger.deal_ledger(session, words, seat, review) if line not in lines
        ]
    lines += ledger.split_lines(session, words, seats)
    note = ledger.no_choice_note(session, words, seats[0], review) if len(seats) == 1 else ""
    return _Own(lines, note, tuple(seats))


def _shares(session: Session) -> list[int]:
    """Each seat's share of the end-of-session split (:func:`ledger.split_shares`), by
    seat; empty when nothing was split."""
    shares, total = ledger.split_shares(session)
    return shares if total > 0 else []


def ended_early_line(session: Session, words: Sequence[str] | None = None) -> str:
    """Why ``session``, complete, ended before its last deal (GEN-5 rule 1: nobody may go
    below zero, and a player cannot pay his stake for the next deal): "The session ends
    after deal 1 of 3: Ben had 1, fewer than the next deal's stake (3), and nobody may go
    below zero." ``words``: the seats' words. "" when it ran all its deals, is not complete or
    is a practice deal's. A tester's Spinado ended after its first deal of three with only
    a "Final standings" button, and nothing said why."""
    if not session.complete or session.practice or len(session.logs) >= session.total_deals:
        return ""
    short = session.cannot_stake()
    if not short:
        return ""
    names = list(words or session.players)
    dealer, game = session.next_dealer(), session.game
    need = [
        game.least_stake(s, dealer, session.balances, session.prev_winner, session.fresh)
        for s in short
    ]
    # The balances before the pools left are shared out (GEN-6): the share may lift a
    # player past the stake he could not pay, and the line says what he held when it ended.
    held = [f"{names[short[0]]} had {session.balances[short[0]]:,}"]
    held += [f"{mid_sentence(names[s])} {session.balances[s]:,}" for s in short[1:]]
    what = "the next deal's stake" if len(short) == 1 else "their stakes for the next deal"
    return (
        f"The session ends after deal {len(session.logs)} of {session.total_deals}: "
        f"{listed(held)}, fewer than {what} ({listed([f'{n:,}' for n in need])}), and "
        "nobody may go below zero."
    )


def split_line(session: Session) -> str:
    """The end-of-session split of the pools left (GEN-6) in words, for the standings:
    "The 7 counters left in the pools were shared out: Ann +3, Ben +2, Cat +2." (the
    eldest hand first takes what does not divide evenly), or "" when nothing was split."""
    shares, total = ledger.split_shares(session)
    if total <= 0:
        return ""
    who = ", ".join(f"{name} +{n}" for name, n in zip(session.players, shares, strict=True))
    counters, verb = ("counter", "was") if total == 1 else ("counters", "were")
    pools = "pool" if len(pool_labels(session.game)) == 1 else "pools"
    return f"The {total} {counters} left in the {pools} {verb} shared out: {who}."


class FingerprintFields(TypedDict, total=False):
    """The fingerprint fields of a :class:`~gui.model.snapshot.DealSummary` (see
    :func:`_fingerprint_fields`)."""

    fingerprint: tuple[str | None, str] | None
    fingerprint_text: str


def _fingerprint_fields(session: Session, reveal: bool, people: int) -> FingerprintFields:
    """The finished deal's fingerprint for the summary: its hash, and its salt and the exact
    text that was hashed (every card as dealt) when the rules let the cards be shown after
    the deal (GEN-9: always in the stops games; Spoil Five only with ``reveal`` and one
    person). Otherwise the salt is ``None``: with it, the hash would give the unplayed
    cards away to anyone who tries the few deals left."""
    fp = session.fingerprint
    if fp is None:
        return {}
    log = session.logs[-1]
    shown = not tricks_game(session.game) or (reveal and people <= 1)
    if not shown:  # the salt would let the unplayed cards be worked out from the hash
        return {"fingerprint": (None, fp.sha256), "fingerprint_text": ""}
    text = hashed_text(fp.salt, log.hands, log.stock, log.turnup)
    return {"fingerprint": (fp.salt, fp.sha256), "fingerprint_text": text}
