"""A recorded deal as the review window shows it (issue 18, points 1 and 2): the table at
a step (:func:`review_snapshot`), drawing only the cards the shown table lets be face up
(:func:`gamecore.review.shown_table`, GEN-9), and the words beside the step
(:func:`review_step_text`): who acts, the choices, the action taken, the engine's reasons
(:mod:`gamecore.explain`), the counters moved, the table's calls and log, and what stays
hidden. No Qt: the review window draws this with the table's own view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from gamecore.actions import Action, NameStake, Play, Rob, Split
from gamecore.agents.playcheck import action_words as playcheck_words
from gamecore.cards import card_label, cards_in
from gamecore.decisions import BidChoice, Decision, SplitChoice, StakeChoice
from gamecore.events import Event, Played
from gamecore.explain import agree, mid_sentence, scene_before
from gamecore.interface import STOPS, DealState, Observation, Rules
from gamecore.match import Session
from gamecore.matrimony.deal import MatrimonyObservation
from gamecore.matrimony.game import Matrimony
from gamecore.review import DealReview, ShownTable, Step
from gamecore.spoilfive.deal import SpoilFiveObservation
from gamecore.stops.deal import StopsDeal, StopsObservation
from gui.model.amounts import MINUS
from gui.model.ledger import event_sentences
from gui.model.registryview import board_shape, pool_labels, pool_views, stock_name
from gui.model.reviewchance import (
    chance_calls_and_log,
    game_without_play,
    review_chance,
)
from gui.model.snapshot import PoolView, SeatView, TableSnapshot
from gui.model.tablesnap import (
    ROW_LABELS,
    display_order,
    layout_notes,
    played_rows,
    trick_display_order,
    trick_fields,
)
from gui.model.tablewords import Seen, action_log_lines, announcement, plain_words, spin_call
from gui.model.widowwords import bid_choices, widow_turn


def _review_turnup(obs: Observation) -> int | None:
    """The turn-up in view in ``obs`` (none while the stakes are made)."""
    return None if obs.phase == "staking" else obs.turnup


def discard_drawn(review: DealReview, shown: ShownTable) -> int | None:
    """Spoil Five's rob discard where a review draws it: after the rob, when
    :func:`gamecore.review.shown_table` may show it (after the deal, GEN-9) and the view is
    the whole table or the robber's own; else ``None``."""
    if shown.discard is None or review.robbed is None:
        return None
    if shown.viewpoint is not None and shown.viewpoint != review.robbed[0]:
        return None
    robbed_at = next((s.index for s in review.steps if isinstance(s.action, Rob)), None)
    return shown.discard if robbed_at is not None and shown.step > robbed_at else None


def review_snapshot(
    review: DealReview,
    shown: ShownTable,
    bottom: int,
    words: list[str] | None = None,
    *,
    legal_shown: bool = True,
) -> TableSnapshot:
    """The table at step ``shown.step`` of ``review`` with seat ``bottom`` at the bottom,
    drawing exactly the cards ``shown`` (:func:`gamecore.review.shown_table`) lets be face
    up: each seat's hand (the bottom seat's as its hand, the others' as face-up fans), the
    stock of a stops game when it is shown, and what is public at that step (the played
    cards by suit, or Spoil Five's trick, last trick and turn-up), read from the engine's
    observation. Spoil Five's undealt pack is never drawn face up (it takes no part in
    the play; :func:`review_step_text` lists it when it may be shown); its rob discard is
    drawn beside the pack where :func:`discard_drawn` says. ``legal_shown``: the acting
    seat's legal cards are raised when it is the bottom seat (``False`` where its choices
    may not be shown). ``words``: the seats' words in sentences
    (:func:`~gui.model.tablewords.spoken`)."""
    k = shown.step
    state = review.state(k)
    obs = review.observation(k, bottom)  # public facts only: played, tricks, turn-up
    step = review.steps[k]
    n = len(review.players)
    trick_obs = obs if isinstance(obs, SpoilFiveObservation) else None
    seats = _review_seats(review, shown, state.winner if state.over else None, trick_obs)
    order = _hand_order(obs, review.game)
    hand = tuple(order(cards_in(shown.hands[bottom])))
    revealed = {
        s: tuple(order(cards_in(shown.hands[s])))
        for s in range(n)
        if s != bottom and shown.hands[s]
    }
    playable: frozenset[int] = frozenset()
    if legal_shown and step.seat == bottom:
        playable = frozenset(
            a.card for a in step.legal_actions if isinstance(a, Play | Rob)
        ) & frozenset(hand)
    last_play = next(
        ((e.seat, e.card) for e in reversed(step.events) if isinstance(e, Played)), None
    )
    base = TableSnapshot(
        seats=seats,
        bottom=bottom,
        hand=hand,
        playable=playable,
        revealed=revealed,
        last_play=last_play,
    )
    if trick_obs is not None:
        return _review_tricks(review, shown, base, trick_obs, words or list(review.players))
    if isinstance(obs, MatrimonyObservation):
        return review_chance(review, shown, base, obs)
    assert isinstance(obs, StopsObservation), "a stops game is played on the stops engine"
    return _review_stops(review, shown, base, obs)


def _review_seats(
    review: DealReview,
    shown: ShownTable,
    winner: int | None,
    trick_obs: SpoilFiveObservation | None,
) -> tuple[SeatView, ...]:
    """The seats' plates at step ``shown.step``: names, balances, cards held (face up and
    down), who acts, the dealer, the ``winner`` of a finished deal (``None`` while it is
    not over) and, in Spoil Five (``trick_obs``), the tricks won."""
    step = review.steps[shown.step]
    # another seat's offer of the substitute shows nobody acting in a seat's view (CM-10)
    private = review.private_to_another(shown.step, shown.viewpoint)
    return tuple(
        SeatView(
            review.players[s],
            step.balances[s],
            shown.hands[s].bit_count() + shown.backs[s],
            acting=step.seat == s and not private,
            dealer=s == review.dealer,
            winner=winner == s,
            tricks=trick_obs.tricks_won[s] if trick_obs is not None else None,
        )
        for s in range(len(review.players))
    )


def _hand_order(obs: Observation, game: Rules) -> Callable[[Iterable[int]], list[int]]:
    """How a hand is sorted at the review's step: by the trump of a trick game's
    observation ``obs``, else by suit and the game's rank order."""
    if isinstance(obs, SpoilFiveObservation):
        trump = obs.trump
        return lambda cards: trick_display_order(cards, trump)
    return lambda cards: display_order(cards, game.ace_high)


def _review_tricks(
    review: DealReview,
    shown: ShownTable,
    base: TableSnapshot,
    obs: SpoilFiveObservation,
    names: list[str],
) -> TableSnapshot:
    """``base`` (seats, hands, last play) with a trick game's public table at the step:
    the pool, the trick, the last trick and why, the trump note, the turn-up unless robbed,
    and the rob discard beside the pack where :func:`discard_drawn` says."""
    state = review.state(shown.step)
    up = None if obs.robbed_by is not None else obs.turnup
    discard = discard_drawn(review, shown)
    return replace(
        base,
        pools=(PoolView("Pool", None, review.steps[shown.step].pools[0]),),
        turnup=up,
        stock_count=state.stock.bit_count() + (1 if up is not None else 0),
        stock_cards=() if discard is None else (discard,),
        **trick_fields(obs, names),
    )


def _review_stops(
    review: DealReview, shown: ShownTable, base: TableSnapshot, obs: StopsObservation
) -> TableSnapshot:
    """``base`` (seats, hands, last play) with a stops game's public table at the step: the
    played rows, the layout, and the stock face up when the whole of it is shown (after the
    deal, GEN-9), else its count and the turn-up if it lies in the shown stock."""
    game, state = review.game, review.state(shown.step)
    turnup = _review_turnup(obs)
    # marked dead as the table marked them (the turn-up, the cards missing at a stop, STOP-7)
    amounts, out = list(review.steps[shown.step].pools), obs.known_out
    pools = pool_views(game, amounts, turnup, out, obs.played)
    stock_count = 0 if obs.phase == "staking" else state.stock.bit_count()
    stock_cards: tuple[int, ...] = ()
    whole_stock = shown.stock_backs == 0 and shown.stock != 0 and shown.stock == state.stock
    notes = layout_notes(pools)
    if whole_stock and shown.viewpoint is None:
        # The whole stock face up (after the deal, GEN-9), the turn-up last, on top, named.
        order = display_order(cards_in(shown.stock), game.ace_high)
        stock_cards = tuple(sorted(order, key=lambda c: c == turnup))  # stable: turn-up last
        notes = {**notes, turnup: "the turn-up"} if turnup is not None else notes
        stock_count, turnup = 0, None
    elif turnup is not None and not shown.stock >> turnup & 1:
        turnup = None
    return replace(
        base,
        played=played_rows(obs.history, game),
        card_notes=notes,
        row_labels=ROW_LABELS,
        stock_count=stock_count,
        stock_cards=stock_cards,
        pools=pools,
        turnup=turnup,
        stock_name=stock_name(game, obs.phase),
        board=board_shape(game),
    )


@dataclass(frozen=True)
class StepText:
    """The words beside a reviewed step (:func:`review_step_text`), each a line or ``""``:
    ``heading`` ("Step 5 of 37", counting the steps of the view shown), ``turn`` (who
    acts, or how the deal stands), ``choices`` (the legal choices there, or why they are
    not shown), ``taken`` (the action taken there), ``why`` (one sentence per event that
    led to the step, from :mod:`gamecore.explain`), ``counters`` (who gained or lost
    counters in that step), ``calls`` (the table's calls for those events), ``log`` (the
    last few public events up to the step, as the table's log shows them), ``notes`` (what
    stays hidden, and the undealt Spoil Five pack when it may be shown)."""

    heading: str
    turn: str
    choices: str
    taken: str
    why: tuple[str, ...]
    counters: str
    calls: tuple[str, ...]
    log: tuple[str, ...]
    notes: tuple[str, ...]


def choices_shown(shown: ShownTable, step: Step) -> bool:
    """Whether a review may name the legal choices at ``step``: always for stakes, splits,
    claims and jinks (public); for card choices only when the acting seat's whole hand is
    face up in ``shown`` (legality would tell something of hidden cards)."""
    if step.seat is None:
        return False
    if not any(isinstance(a, Play | Rob) for a in step.legal_actions):
        return True
    return shown.backs[step.seat] == 0


def _action_text(
    action: Action, obs: Observation, game: Rules, labels: list[str], hidden: bool
) -> str:
    """An action in the review's words; a rob's discard unnamed when ``hidden``."""
    if isinstance(action, NameStake):
        return f"a stake of {action.amount:,}"
    if isinstance(action, Split):
        parts = [f"{n:,} on {labels[p]}" for p, n in enumerate(action.amounts) if n]
        return "put " + ", ".join(parts) if parts else "put nothing on the layout"
    if isinstance(action, Rob) and hidden:
        return "rob (discarding one card face down)"
    return playcheck_words(action, obs, game)


def _possessive(name: str) -> str:
    """ "Ben's", "your" (for the person)."""
    return "your" if name == "You" else f"{name}'s"


def _signed(name: str, n: int) -> str:
    """``name`` and a change of counters ``n`` with its sign ("Ben +3", "the pool −2")."""
    # Only the number's sign becomes a minus: a name may hold a hyphen ("Jo-Anne").
    return f"{name} {format(n, '+,').replace('-', MINUS)}"


def review_step_text(review: DealReview, shown: ShownTable, words: list[str]) -> StepText:
    """The words beside step ``shown.step`` of ``review`` under the rule ``shown`` was made
    with (``words``: the seats' words, :func:`~gui.model.tablewords.spoken`). Names only what
    the shown table may show: legal card choices only where :func:`choices_shown`, a rob's
    discard only where :func:`discard_drawn` (or to the robber's own view), the stock in
    the sentences only when a stops deal's whole table is shown after it (GEN-9)."""
    k = shown.step
    names = list(words)
    start = ": before the stakes" if game_without_play(review.game) else ": as dealt"
    seen = review.steps_seen(shown.viewpoint)  # another's Commit offer is not counted
    heading = f"Step {sum(j < k for j in seen)} of {len(seen) - 1}" + (start if k == 0 else "")
    # What led here: every step since the one this view showed before (a card played just
    # before another seat's private offer is told at the step after it).
    prev = max((j for j in seen if j < k), default=-1)  # -1: step 0 tells the deal
    choices, taken = _choices_and_taken(review, shown, names)
    calls, log = _calls_and_log(review, k, names, prev)
    # The review reads plainly: the engine's sentences lose their rule ids, as on the table.
    return StepText(
        plain_words(heading),
        plain_words(_turn_line(review, shown, names)),
        plain_words(choices),
        plain_words(taken),
        tuple(plain_words(line) for line in _why_lines(review, shown, names, prev)),
        plain_words(_counters_line(review, k, names, prev)),
        tuple(plain_words(line) for line in calls),
        tuple(plain_words(line) for line in log),
        tuple(plain_words(line) for line in _hidden_notes(review, shown, names)),
    )


def _turn_line(review: DealReview, shown: ShownTable, names: list[str]) -> str:
    """Who acts at the step, or how the deal stands there."""
    step, state = review.steps[shown.step], review.state(shown.step)
    d = step.decision
    if d is None and state.over:
        nobody = (
            "the compartments won are paid, the rest carries."
            if game_without_play(review.game)
            else "spoiled, nobody won it."
        )
        return "The deal is over: " + (
            f"{names[state.winner]} won it." if state.winner is not None else nobody
        )
    if d is None:
        return "The deal is not decided here."
    if review.private_to_another(shown.step, shown.viewpoint):
        return "The turn goes round the table."  # another seat's offer is private (CM-10)
    turn = _turn_words(names[d.seat], d, shown, step)
    if step.action is None:
        turn += " The record stops here."
    return turn


def _turn_words(who: str, d: Decision, shown: ShownTable, step: Step) -> str:
    """Who acts at ``step`` and at what decision ``d`` (``who``: the acting seat's name)."""
    if isinstance(d, StakeChoice):
        return f"{who} {agree(who, 'names')} the stake."
    if isinstance(d, SplitChoice):
        verb = "spread" if who == "You" else "spreads"
        amount = f"{d.lowest:,} to {d.total:,}" if d.ranged else f"{d.total:,}"
        return f"{who} {verb} {amount} counters over the layout."
    # "the only legal choice" tells of the hand: said only where its cards are shown
    only = " (the only legal choice)." if step.forced and choices_shown(shown, step) else "."
    return f"{who} {widow_turn(d, step.legal_actions) or 'to play'}{only}"


def _choices_and_taken(review: DealReview, shown: ShownTable, names: list[str]) -> tuple[str, str]:
    """The legal choices at the step (or why they are not shown) and the action taken
    there, each a line or ""."""
    k = shown.step
    step = review.steps[k]
    d = step.decision
    if d is None or review.private_to_another(k, shown.viewpoint):
        return "", ""
    game = review.game
    acting_obs = review.observation(k, d.seat)
    choices = _choices_line(d, shown, step, acting_obs, game, names)
    if step.action is None:
        return choices, ""
    # a rob's discard is named to the robber's own view, or after the deal
    own = shown.viewpoint == d.seat or (shown.viewpoint is None and shown.discard is not None)
    text = _action_text(step.action, acting_obs, game, pool_labels(game), not own)
    return choices, "Taken: " + text + "."


def _choices_line(
    d: Decision,
    shown: ShownTable,
    step: Step,
    acting_obs: Observation,
    game: Rules,
    names: list[str],
) -> str:
    """The legal choices of the decision ``d`` at ``step``, or why they are not shown."""
    if isinstance(d, StakeChoice):
        bound = f"{d.low:,} or more" if d.high is None else f"{d.low:,} to {d.high:,}"
        return f"Choices: a stake of {bound}."
    if isinstance(d, SplitChoice):
        amount = f"{d.lowest:,} to {d.total:,}" if d.ranged else f"{d.total:,}"
        return f"Choices: any spread of {amount} counters over the pools."
    if isinstance(d, BidChoice):  # MI-8: the bids are public
        return f"Choices: {bid_choices(d)}."
    if choices_shown(shown, step):
        return (
            "Choices: "
            + ", ".join(playcheck_words(a, acting_obs, game) for a in step.legal_actions)
            + "."
        )
    if shown.viewpoint is not None:
        viewer = names[shown.viewpoint]
        return f"Choices not shown: {viewer} could not see {_possessive(names[d.seat])} cards."
    return f"Choices not shown: {names[d.seat]} held cards that stay hidden."


def _events_since(review: DealReview, prev: int, k: int) -> list[Event]:
    """The events of the steps after ``prev`` (-1: from step 0, the deal's) up to ``k``."""
    return [e for j in range(prev + 1, k + 1) for e in review.steps[j].events]


def _why_lines(
    review: DealReview, shown: ShownTable, names: list[str], prev: int
) -> tuple[str, ...]:
    """The engine's sentence for each event that led to the step since step ``prev`` (the
    stock named only when the whole stops table is shown)."""
    k, game = shown.step, review.game
    events, state = _events_since(review, prev, k), review.state(k)
    if not events:
        return ()
    show = (
        review.finished
        and game.family == STOPS
        and shown.viewpoint is None
        and shown.stock == state.stock
    )
    scene = scene_before(review.state(max(prev, 0)), names, show_stock=show, show_hands=show)
    return tuple(event_sentences([review.steps[j].events for j in range(prev + 1, k + 1)], scene))


def _counters_line(review: DealReview, k: int, names: list[str], prev: int) -> str:
    """Who gained or lost counters since step ``prev`` up to step ``k`` (seats and
    pools), or ""."""
    if k == 0:
        return ""
    labels = pool_labels(review.game)
    before, step = review.steps[prev], review.steps[k]
    moved = [
        _signed(names[s], b - a)
        for s, (a, b) in enumerate(zip(before.balances, step.balances, strict=True))
        if a != b
    ]
    moved += [
        _signed(f"{labels[p]} pool" if labels[p] != "Pool" else "the pool", b - a)
        for p, (a, b) in enumerate(zip(before.pools, step.pools, strict=True))
        if a != b
    ]
    return ("Counters moved at this step: " + ", ".join(moved) + ".") if moved else ""


def _calls_and_log(
    review: DealReview, k: int, names: list[str], prev: int
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The table's calls for the events since step ``prev`` up to step ``k``, and the last
    four lines of the table's log up to it."""
    game = review.game
    labels = pool_labels(game)
    if isinstance(game, Matrimony):
        return chance_calls_and_log(review, k, names, labels, game.sweep_name())
    spin = spin_call(game)
    before = review.state(max(prev, 0))
    events = list(_events_since(review, prev, k))
    turnup = _review_turnup(before.observation(before.dealer))
    seen = Seen.with_spins(_played_set(before), turnup, events)
    calls = tuple(
        c for e in events if (c := announcement(e, names, labels, spin, seen)) is not None
    )
    log: list[str] = []
    for s in review.steps[max(0, k - 8) : k + 1]:
        log += action_log_lines(s.events, names, labels, spin)
    return calls, tuple(log[-4:])


def _played_set(state: DealState) -> int:
    """The cards played so far in ``state`` as a card set; 0 in a trick game, whose stop
    calls never need them (only the stops engine keeps them as one set)."""
    return state.played if isinstance(state, StopsDeal) else 0


def _hidden_notes(review: DealReview, shown: ShownTable, names: list[str]) -> tuple[str, ...]:
    """What stays hidden at the step, and the undealt Spoil Five pack when it may be
    shown."""
    game, state = review.game, review.state(shown.step)
    notes: list[str] = []
    if shown.viewpoint is not None:
        viewer = names[shown.viewpoint]
        when = "" if review.finished else " (the deal is not over)"
        notes.append(
            f"As {mid_sentence(viewer)} saw it at this step{when}: "
            f"{_possessive(viewer)} own hand and what was public."
        )
    elif sum(shown.backs) and state.phase != "staking":
        notes.append("Face-down cards stay hidden: they were never played.")
    if game.family != STOPS and shown.viewpoint is None and shown.stock:
        notes.append(
            "The undealt pack: "
            + " ".join(card_label(c) for c in display_order(cards_in(shown.stock), True))
            + "."
        )
    return tuple(notes)


def deal_label(number: int, dealer: str, finished: bool) -> str:
    """A deal in the review's chooser: "Deal 2 · Ben deals · finished", "Deal 3 · You deal
    · unfinished" (``dealer``: the dealer's word, "You" for the one person at the screen)."""
    state = "finished" if finished else "unfinished"
    return f"Deal {number} · {dealer} {agree(dealer, 'deals')} · {state}"


def first_review_deal(session: Session) -> int:
    """The deal a review opens on when none is asked for (``parlour review FILE``): the
    session's first finished deal, else its last deal (from 1). Raises ``IndexError`` for a
    session with no deal."""
    if not session.logs:
        raise IndexError("the record holds no deal")
    return next(
        (i for i, log in enumerate(session.logs, start=1) if log.finished), len(session.logs)
    )
