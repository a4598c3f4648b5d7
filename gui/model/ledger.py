"""The person's ledger (issue 24): every counter that leaves or reaches a person at the
screen is said when it moves, in the engine's one sentence with its reason (a stake as
dealer, a pool taken, a King paid, cards left, doubled because …), and a card the person
had to play is said as theirs, with why it was the only one. No Qt.

Which events move counters, and whose, the events say themselves
(:meth:`gamecore.events.Event.counters`); their sentences are the engine's
(:func:`gamecore.explain.explain`), so a new game's events are spoken here without a line
of table code. Everything else keeps the table's short words
(:func:`gui.model.tablewords.log_line`).

The table's log is made here for the controller (:func:`action_lines`,
:func:`start_lines`), and so is the opening of the deal summary (:func:`deal_ledger`, the
person's lines in order; :func:`no_choice_note`; :func:`split_lines`, the end-of-session
split): the ledger check (:mod:`gui.model.ledger_check`) reads back exactly this text.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from gamecore.actions import Action
from gamecore.cards import SUIT_NAMES, card_label, suit_of
from gamecore.decisions import PlayChoice
from gamecore.events import Event, PaidToPool, Played, WentOut
from gamecore.explain import (
    Scene,
    agree,
    explain,
    explain_stakes,
    forced_kind,
    forced_play,
    listed,
    no_choice,
    pool_phrase,
    scene_before,
    split_share,
)
from gamecore.interface import CHANCE, DealState, Rules
from gamecore.match import Session
from gamecore.matrimony.game import Matrimony
from gamecore.review import DealReview, review_deal
from gamecore.stops.deal import STAKING
from gui.model import chancewords
from gui.model.registryview import pool_labels
from gui.model.tablewords import (
    carried_line,
    deal_line,
    log_line,
    plain_words,
    seen_cards,
    spin_call,
)


def moves_counters_of(event: Event, seats: Collection[int]) -> bool:
    """Whether ``event`` takes counters from, or gives counters to, one of ``seats``."""
    return any(seat in seats for seat, amount in event.counters() if amount)


def _stake_group(events: Sequence[Event], i: int) -> list[PaidToPool]:
    """The stakes one seat paid at once, from ``events[i]`` on: every
    :class:`PaidToPool` of that seat among them, in a row or not (Michigan's antes are
    paid pool by pool, each seat's four stakes apart, and the summary said each alone)."""
    first = events[i]
    assert isinstance(first, PaidToPool)
    return [e for e in events[i:] if isinstance(e, PaidToPool) and e.seat == first.seat]


def _lines(
    events: Sequence[Event],
    scene: Scene,
    seats: Collection[int],
    other: Callable[[Event], str | None],
    stakes: Callable[[list[PaidToPool]], str] | None = None,
) -> list[str]:
    """The lines for ``events`` (one action's, in order): the engine's sentence, in plain
    words, for each that moves counters of ``seats`` (one seat's stakes paid at once in one
    sentence, :func:`gamecore.explain.explain_stakes`), ``other(event)`` for the rest
    (``None``: no line); ``stakes(group)``, where given, says another seat's stakes paid
    at once in one line."""
    scene = replace(scene, events=tuple(events))
    staking = not any(isinstance(e, WentOut) for e in events)
    out = []
    said: set[int] = set()  # the seats whose stakes are said (all at once, at the first)
    for i, e in enumerate(events):
        line: str | None
        if staking and isinstance(e, PaidToPool) and (e.seat in seats or stakes is not None):
            if e.seat in said:
                continue
            said.add(e.seat)
            group = _stake_group(events, i)
            if stakes is not None and e.seat not in seats:
                line = stakes(group)
            else:
                line = plain_words(explain_stakes(group, scene))
        elif not moves_counters_of(e, seats):
            line = other(e)
        else:
            line = plain_words(explain(e, scene))
        if line:
            out.append(line)
    return out


def _explained(e: Event, scene: Scene) -> str:
    return explain(e, scene)


def event_sentences(steps: Sequence[Sequence[Event]], scene: Scene) -> list[str]:
    """A sentence for each event of ``steps`` (each the events of one action, in order), as
    :func:`gamecore.explain.explain` gives it, but one seat's stakes paid at once in one
    sentence (:func:`gamecore.explain.explain_stakes`): the review's first step of a
    classic board said "…: your stake as dealer, paid before the cards are seen" eight
    times."""
    seats = range(len(scene.names))
    out: list[str] = []
    for events in steps:
        told = replace(scene, events=tuple(events))
        out += _lines(events, told, seats, functools.partial(_explained, scene=told))
    return out


def ledger_sentences(events: Sequence[Event], scene: Scene, seats: Collection[int]) -> list[str]:
    """The sentences, in plain words, for the events among ``events`` (one action's, or the
    deal's start) that move counters of ``seats``, in order."""
    return _lines(events, scene, seats, lambda e: None)


def forced_of(before: DealState, action: Action, people: Collection[int]) -> str | None:
    """The kind of forced move ``action`` was (:func:`gamecore.explain.forced_kind`) when it
    was the only legal action of a person's seat in ``before`` (the deal just before it),
    else ``None``."""
    d = before.decision()
    if not isinstance(d, PlayChoice) or not d.forced or d.seat not in people:
        return None
    return forced_kind(before, action)


def _log_lines(
    session: Session,
    events: Sequence[Event],
    scene: Scene,
    people: Collection[int],
    forced: str | None,
) -> list[str]:
    """The log's lines for ``events`` in ``session`` (see :func:`action_lines`)."""
    words = list(scene.names)
    labels = pool_labels(session.game)
    spin, seen = spin_call(session.game), seen_cards(session)
    full = replace(scene, events=tuple(events))

    game = session.game

    def other(e: Event) -> str | None:
        if forced is not None and isinstance(e, Played) and e.seat in people:
            return plain_words(forced_play(e, forced, full))
        if isinstance(game, Matrimony):  # a game without play has words of its own
            return chancewords.log_line(e, words, labels, game.sweep_name())
        out = any(isinstance(x, WentOut) for x in full.before(e))
        return log_line(e, words, labels, spin, seen, after_out=out)

    return _lines(events, scene, people, other, lambda g: stake_line(g, words, labels))


def action_lines(
    session: Session,
    before: DealState,
    action: Action | None,
    events: Sequence[Event],
    words: Sequence[str],
    people: Collection[int],
) -> list[str]:
    """The table log's lines for ``action``, applied to ``before`` (the deal just before it)
    in ``session``, which gave ``events``: each counter moved to or from a person's seat
    (``people``) in the engine's sentence with its reason; the one person's card that was
    the only one they could play as theirs, with why; every other event in the table's short
    words. ``words``: the seats' words (:func:`gui.model.tablewords.spoken`); ``action``
    ``None``: events that follow no one action (a game without play's deal turned over)."""
    scene = scene_before(before, words, events, show_hands=True)  # at the end all are shown
    # Not with several people at the screen: the log is public there, and "Tom plays 9♣,
    # the only card Tom could play" told the others what Tom did not hold (the ♦A)
    alone = len(people) <= 1
    forced = None if action is None or not alone else forced_of(before, action, people)
    lines = _log_lines(session, events, scene, people, forced)
    if action is not None and before.phase == STAKING:
        after = before.clone()
        after.apply(action)
        if after.phase != STAKING:  # the last stake made: the turn-up is shown now
            lines += turnup_lines(session.game, after)
    return lines


def turnup_lines(game: Rules, deal: DealState) -> list[str]:
    """The line that names the turn-up and trumps once they are shown, in a game whose
    turn-up makes trumps (PJ-22, SF-3): ``["7♦ is turned up: diamonds are trumps."]``,
    else ``[]`` (no turn-up, or still hidden while the stakes are made)."""
    if not game.turns_trump or deal.turnup is None or deal.phase == STAKING:
        return []
    c = deal.turnup
    return [f"{card_label(c)} is turned up: {SUIT_NAMES[suit_of(c)]} are trumps."]


def start_lines(session: Session, words: Sequence[str], people: Collection[int]) -> list[str]:
    """The table log's lines for the current deal's start events: the stakes paid as it is
    dealt (the people's counters in sentences, as :func:`action_lines`; the other seats' in
    one line, :func:`others_stakes`), the turn-up and trumps (:func:`turnup_lines`; unless
    stakes are still to be made: then :func:`action_lines` names them after the last), and
    what the turn-up gives (PJ-C-5, in sentences or short words as any event)."""
    deal = session.deal
    assert deal is not None
    events = list(deal.start_events)
    scene = scene_before(deal, words, events)
    stakes = [e for e in events if isinstance(e, PaidToPool)]
    # a person's stakes together, in one sentence: Michigan's antes come pool by pool, and
    # two people's four antes were eight lines of the hot seat's "Since your last turn"
    mine = sorted((e for e in stakes if e.seat in people), key=lambda e: e.seat)
    others = [e for e in stakes if e.seat not in people]
    lines = _log_lines(session, mine, scene, people, None)
    if others:
        lines.append(others_stakes(others, words, pool_labels(session.game)))
    # as dealt: a deal resumed or re-read is further on, its stakes perhaps made since
    opened = session.dealt() if session.logs[-1].actions else deal
    lines += turnup_lines(session.game, opened)
    rest = [e for e in events if not isinstance(e, PaidToPool)]
    return lines + _log_lines(session, rest, scene, people, None)


def others_stakes(stakes: Sequence[PaidToPool], words: Sequence[str], labels: Sequence[str]) -> str:
    """The other seats' automatic stakes in one line: "Ben, Cat and Dan put 4 each on the
    layout", "Cat puts 1 on the pool", "Ben puts 4 and Cat 3 on the layout". ``stakes``: the
    :class:`PaidToPool` events (counters, ints), ``words`` the seats' words, ``labels`` the
    pools' labels (the one pool staked on, "the pool", "the Game pool"; more: "the
    layout"). The log named only the people's stakes, and at the hot seat the pool held
    more than the log had said."""
    totals: dict[int, int] = {}
    for e in stakes:
        totals[e.seat] = totals.get(e.seat, 0) + e.amount
    pools = {e.pool for e in stakes}
    where = pool_phrase(labels[pools.pop()]) if len(pools) == 1 else "the layout"
    names = [words[s] for s in totals]
    amounts = list(totals.values())
    if len(set(amounts)) == 1:
        if len(names) == 1:
            return f"{names[0]} {agree(names[0], 'puts')} {amounts[0]} on {where}"
        return f"{listed(names)} put {amounts[0]} each on {where}"
    first = f"{names[0]} {agree(names[0], 'puts')} {amounts[0]}"
    rest = [f"{n} {a}" for n, a in zip(names[1:], amounts[1:], strict=True)]
    return f"{listed([first, *rest])} on {where}"


def stake_line(stakes: Sequence[PaidToPool], words: Sequence[str], labels: Sequence[str]) -> str:
    """One seat's stakes paid at once (``stakes``, one seat's :class:`PaidToPool` events,
    counters as ints) in one line of the log: "Ben puts 1 on the ♥A pool", "Ben puts 4 on
    the layout, 1 on each pool", "Ben puts 4 on the layout: 2 on the ♥A pool and 2 on the
    ♣K pool". A computer's split was a line a pool, four where a person's was one.
    ``words``: the seats' words; ``labels``: the pools' labels."""
    who = words[stakes[0].seat]
    puts = f"{who} {agree(who, 'puts')}"
    if len(stakes) == 1:
        return f"{puts} {stakes[0].amount} on {pool_phrase(labels[stakes[0].pool])}"
    total = sum(e.amount for e in stakes)
    if len(stakes) == len(labels) and len({e.amount for e in stakes}) == 1:
        return f"{puts} {total} on the layout, {stakes[0].amount} on each pool"
    each = listed([f"{e.amount} on {pool_phrase(labels[e.pool])}" for e in stakes])
    return f"{puts} {total} on the layout: {each}"


def deal_log(
    session: Session, words: Sequence[str], people: Collection[int]
) -> tuple[list[str], dict[int, int]]:
    """The table log of the current deal of ``session`` so far, as the table said it while
    it was played (its opening line, :func:`start_lines`, then :func:`action_lines` for
    each action), for a game resumed from its file (the log itself is not kept); and, for
    each person's seat in ``people``, the length of that log just after their last action
    in the deal (0 when they have not acted yet): where the hot seat's "Since your last
    turn" begins. ``words``: the seats' words (:func:`gui.model.tablewords.spoken`)."""
    review = _review(session)
    carried = [line] if (line := carried_line(session)) else []
    log = [deal_line(session, list(words)), *carried, *start_lines(session, words, people)]
    since = dict.fromkeys(people, 0)
    for k in range(1, len(review.steps)):
        action = review.steps[k - 1].action
        before = review.state(k - 1)
        log += action_lines(session, before, action, review.steps[k].events, words, people)
        if action is not None and action.seat in since:
            since[action.seat] = len(log)
    return log, since


# ---- the deal summary ----------------------------------------------------------------------


def _review(session: Session) -> DealReview:
    """The session's current (last) deal, replayed step by step."""
    return review_deal(session, len(session.logs))


def deal_ledger(
    session: Session, words: Sequence[str], seat: int, review: DealReview | None = None
) -> list[str]:
    """The lines that open the deal summary: every counter that left or reached ``seat``
    in the current deal of ``session``, in order, in the sentences the log said them in
    (:func:`ledger_sentences`); ``review``: that deal replayed, if the caller has it."""
    review = review or _review(session)
    out: list[str] = []
    for k, step in enumerate(review.steps):
        if any(moves_counters_of(e, (seat,)) for e in step.events):
            scene = scene_before(review.state(max(k - 1, 0)), words, step.events, show_hands=True)
            out += ledger_sentences(step.events, scene, (seat,))
    return out


def no_choice_note(
    session: Session, words: Sequence[str], seat: int, review: DealReview | None = None
) -> str:
    """When the current deal of ``session`` gave ``seat`` no choice of card, the sentence
    that says so and why (:func:`gamecore.explain.no_choice`); else "", and always "" in a
    game without play (Matrimony), where no card is ever a choice."""
    if session.game.family == CHANCE:
        return ""
    review = review or _review(session)
    kinds: list[str] = []
    for k, step in enumerate(review.steps):
        if step.seat != seat or not isinstance(step.decision, PlayChoice):
            continue
        if not step.forced:
            return ""
        if step.action is not None:
            kinds.append(forced_kind(review.state(k), step.action))
    played = any(isinstance(e, Played) for step in review.steps for e in step.events)
    winner = None if review.winner is None else words[review.winner]
    return plain_words(no_choice(words[seat], kinds, winner, played))


def split_shares(session: Session) -> tuple[list[int], int]:
    """The end-of-session split of the pools left (GEN-6), once the session is complete:
    what each seat gets (counters, by seat) and the counters shared out in all; all 0
    before the end, or when the pools are carried to the next session."""
    final, _pools = session.final_accounts()
    shares = [final[s] - session.balances[s] for s in range(session.n)]
    return shares, sum(shares)


def split_lines(session: Session, words: Sequence[str], seats: Collection[int]) -> list[str]:
    """The end-of-session split for each of ``seats`` (the people at the screen), in
    sentences (:func:`gamecore.explain.split_share`); none when nothing is split."""
    shares, total = split_shares(session)
    if total <= 0:
        return []
    one_pool = len(pool_labels(session.game)) == 1
    return [
        plain_words(split_share(words[s], shares[s], total, one_pool=one_pool))
        for s in sorted(seats)
    ]
