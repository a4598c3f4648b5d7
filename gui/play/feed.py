"""Feeding the table view after an action: the engine's events as the log's lines and the
table's calls, the counters sliding between seats and pools, the staking panel's question;
and a saved game drawn face down, the deal's fingerprint line. Plain helpers the
controller calls; they decide nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QPointF

from gamecore.actions import Action
from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.events import Event, Paid, PaidToPool, Played, PoolTaken
from gamecore.interface import CHANCE, DealState
from gamecore.match import Session
from gui.model import chancewords, ledger, prompts, registryview, tablesnap, tablewords
from gui.table.view import TableView


def tell(
    view: TableView,
    session: Session,
    step: tuple[DealState, Action | None, list[Event]],
    words: list[str],
    people: list[int],
    say: Callable[[str], None],
) -> tuple[int, int] | None:
    """Say the log's lines for ``step`` (the deal just before an action, the action and its
    events; :func:`gui.model.ledger.action_lines`: the people's counters with their reasons)
    with ``say``, and announce each event's call on ``view``, in order; ``words`` are the
    seats' words in sentences, ``people`` the seats of the people at the screen. Returns
    the last card played as ``(seat, card)``, or ``None``."""
    before, action, events = step
    for line in ledger.action_lines(session, before, action, events, words, people):
        say(line)
    return announce(view, session, events, words)


def announce(
    view: TableView, session: Session, events: list[Event], words: list[str]
) -> tuple[int, int] | None:
    """Announce each of ``events``' calls on ``view``, in order (queued: every call is
    shown); a card played with no call of its own retires the call on show. Returns the
    last card played as ``(seat, card)``, or ``None``."""
    labels = registryview.pool_labels(session.game)
    spin = tablewords.spin_call(session.game)
    game = session.game
    seen = tablewords.seen_cards(session)
    last: tuple[int, int] | None = None
    called = led = False
    for e in events:
        if isinstance(e, Played):
            last = (e.seat, e.card)
            led = led or e.lead
        if game.family == CHANCE:  # a game without play has words of its own
            call = chancewords.announcement(e, words, labels)
        else:
            call = tablewords.announcement(e, words, labels, spin, seen)
        if call:
            view.announce(call, fresh=not called)  # the action's first: the newest
            called = True
    if last is not None and not called:
        view.retire_call(lead=led)  # a new lead: the last sequence's calls are done
    return last


def slide(view: TableView, events: list[Event]) -> None:
    """Counters move on the table as they change hands (stakes to pools, pools taken,
    payments between players)."""
    moves: list[tuple[QPointF, QPointF, int]] = []
    for e in events:
        if isinstance(e, PoolTaken) and e.amount:
            moves.append((view.pool_anchor(e.pool), view.seat_anchor(e.seat), e.amount))
        elif isinstance(e, PaidToPool) and e.amount:
            moves.append((view.seat_anchor(e.seat), view.pool_anchor(e.pool), e.amount))
        elif isinstance(e, Paid) and e.amount:
            moves.append((view.seat_anchor(e.payer), view.seat_anchor(e.payee), e.amount))
    if moves:
        view.slide_counters(moves)


def ask_stake(view: TableView, session: Session, d: StakeChoice | SplitChoice, alone: bool) -> str:
    """Put the stake (or split) question for ``d`` in the staking panel, on the table beside
    where the hand will be; ``alone``: one person at the screen (addressed as "you").
    Returns the panel's text for the status line."""
    panel = view.stake_panel
    who = prompts.addressee(session.players[d.seat], alone)
    # The others stake less than the dealer (PJ-21, MT-5): both questions say so.
    others = prompts.others_stake(session)
    if isinstance(d, StakeChoice):
        text = prompts.stake_prompt(who, d.low, d.high, others)
        panel.ask_stake(text, d.low, d.high, d.default)
    else:
        text = prompts.split_prompt(who, d.total, d.least)
        deal = session.deal
        stake = getattr(deal, "stake", None)
        if others is not None and deal is not None and d.seat != deal.dealer and stake:
            text += " " + prompts.fewer_reason(stake, others)
        panel.ask_split(
            text,
            d.total,
            registryview.pool_labels(session.game),
            d.default,
            d.least,
        )
    view.place_stake_panel()
    return panel.text.text()


def show_saved(view: TableView, session: Session) -> None:
    """Draw ``session`` (a saved game offered for resuming) on ``view`` with every hand face
    down and nobody to act, with one log line saying which deal it is at."""
    snap = tablesnap.hide_hands(tablesnap.table_snapshot(session, 0))
    # Nobody is to act at a table that is not being played.
    snap = replace(snap, seats=tuple(replace(v, acting=False) for v in snap.seats))
    view.show(snap)
    view.show_log([f"Saved game: deal {len(session.logs)} of {session.total_deals}."])


def fingerprint_line(session: Session | None, practising: bool) -> str:
    """The deal's fingerprint as the table shows it ("3f9c 0a6e 1b2d 4c5e"), the practice
    deal's note (its cards were seen), or "" (no session, or a deal without one)."""
    fp = session.fingerprint if session is not None else None
    if fp is None and practising:
        return "Practice deal: cards already shown"
    return fp.shown() if fp is not None else ""
