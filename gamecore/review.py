"""Review of a deal, step by step, and what may be shown of it (issue 18, points 1 and 2).

:func:`review_deal` replays one deal of a read :class:`~gamecore.record.Record` or of a
:class:`~gamecore.match.Session` through the engine (the same ``new_deal`` and ``apply`` the
table uses: there is no second interpreter of the rules) and returns a :class:`DealReview`:
its steps, from step 0 (as dealt, after the automatic stakes) to step k (after k actions), each
with the decision pending there, the action taken at it, the events that led to it and the
counters and pools; :meth:`DealReview.state` and :meth:`DealReview.observation` give the
engine's deal state and any seat's observation (GEN-9) at a step.

What a review may show is decided in one place, :func:`show_rule` (finished or not, the
engine family, the people at the screen, the reveal setting, the seat asked for), and
:func:`shown_table` applies it to a step: which cards of each hand and of the stock are face
up. :func:`deal_again_offered` says where "deal again from another seat" is offered.

Cards are ints (0..51), card sets int masks, counters ints, seats ints; deals are numbered
from 1, as the record format counts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamecore.actions import Action, Pass, Rob, parse_action
from gamecore.cards import mask_of
from gamecore.decisions import Decision, PlayChoice
from gamecore.events import Event, Played
from gamecore.fingerprint import Fingerprint
from gamecore.interface import CHANCE, STOPS, Card, CardSet, DealState, Observation, Rules
from gamecore.match import Session
from gamecore.record import Record, decision_texts, replay_session

__all__ = [
    "DealReview",
    "ShowRule",
    "ShownTable",
    "Step",
    "deal_again_offered",
    "review_deal",
    "show_rule",
    "shown_table",
]


@dataclass(frozen=True)
class Step:
    """One step of a reviewed deal: the deal after ``index`` actions (0: as dealt, after the
    automatic stakes).

    * ``events``: what led here: at step 0 the deal's start events (automatic stakes,
      turn-up awards), at step k the events of action k, in order;
    * ``balances``, ``pools``: counters per seat and per pool (game order) at this step;
    * ``decision``: the decision pending here (``None`` once the deal is over), ``seat`` the
      seat to act, ``legal`` its legal actions in record syntax (a staking decision as one
      entry with its bounds, ``"3 stake 4..20"``, as the replay output's ``next``),
      ``legal_actions`` the same as :data:`~gamecore.actions.Action` objects (card plays,
      robs, declines, claims, jinks; empty for a staking decision, whose range
      ``decision`` describes), ``forced`` whether there was exactly one legal action;
    * ``action`` / ``action_text``: the action taken at this decision (action
      ``index + 1``), or ``None`` at the last step (the deal is over, or the record stops).
    """

    index: int
    events: tuple[Event, ...]
    balances: tuple[int, ...]
    pools: tuple[int, ...]
    decision: Decision | None
    seat: int | None
    legal: tuple[str, ...]
    legal_actions: tuple[Action, ...]
    forced: bool
    action: Action | None
    action_text: str | None


@dataclass(frozen=True)
class DealReview:
    """One deal replayed for review (see the module docstring).

    ``game`` (rules), ``players`` (names by seat), ``number`` (the deal's number in its
    session, from 1), ``dealer`` (seat), ``hands`` (each seat's dealt cards, as the record
    lists them), ``stock`` (the record's stock: the turn-up included in the stops games,
    not in Spoil Five), ``turnup`` (card or ``None``), ``fingerprint`` (format "Version 2",
    or ``None``), ``finished`` (the deal is over), ``winner`` (seat, or ``None``: spoiled
    or undecided), ``steps`` (:class:`Step`, one more than the deal's actions).
    ``played_by`` gives, per seat, the card set it played during the whole deal (the ♦A put
    down with a Spin or Spinado included), ``robbed`` the Spoil Five rob as
    ``(seat, discard)`` or ``None``.
    """

    game: Rules
    players: tuple[str, ...]
    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    turnup: Card | None
    fingerprint: Fingerprint | None
    finished: bool
    winner: int | None
    steps: tuple[Step, ...]
    played_by: tuple[CardSet, ...]
    robbed: tuple[int, Card] | None
    _states: tuple[DealState, ...] = field(repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def last(self) -> int:
        """The index of the last step (the number of actions)."""
        return len(self.steps) - 1

    def state(self, k: int) -> DealState:
        """An independent copy of the engine's deal state at step ``k`` (0 … :attr:`last`).
        Raises ``IndexError`` for a step the deal does not have."""
        if not 0 <= k < len(self._states):
            raise IndexError(f"the deal has steps 0 to {self.last}, not {k}")
        return self._states[k].clone()

    def private_to_another(self, k: int, seat: int | None) -> bool:
        """Whether step ``k`` waits on an offer of the substitute to another seat than
        ``seat`` (CM-10): offers are private, so ``seat``'s view passes over the step, as
        the seat saw nothing happen there (``None``, the whole table, sees every step)."""
        d = self.steps[k].decision
        return (
            seat is not None
            and isinstance(d, PlayChoice)
            and d.seat != seat
            and any(isinstance(a, Pass) for a in d.actions)
        )

    def steps_seen(self, seat: int | None) -> tuple[int, ...]:
        """The steps ``seat``'s view passes through, in order (``None``: the whole table,
        every step): the first and the last always, and every step not
        :meth:`private_to_another` (CM-10). A view numbers its steps by this, so that the
        count does not tell that another seat was offered the Commit."""
        return tuple(
            k
            for k in range(len(self.steps))
            if k in (0, self.last) or not self.private_to_another(k, seat)
        )

    def observation(self, k: int, seat: int) -> Observation:
        """What ``seat`` knew at step ``k``: the engine's ``observation(seat)`` there (GEN-9).
        Raises ``IndexError`` for a step or seat the deal does not have."""
        if not 0 <= seat < len(self.players):
            raise IndexError(f"the deal has seats 0 to {len(self.players) - 1}, not {seat}")
        return self.state(k).observation(seat)


def review_deal(source: Record | Session, number: int) -> DealReview:
    """Deal ``number`` (from 1) of ``source`` replayed step by step.

    ``source``: a read record (:func:`gamecore.record.load_record`; it is replayed whole
    first, so a faulty record raises :class:`~gamecore.errors.RecordError` naming the
    deal and action, as ``parlour replay`` does) or a session (the table's, finished deals
    and the one in progress alike). Staking actions a record leaves out are the steps the
    replay applied for it (format "Actions"). Raises ``IndexError`` for a deal the source
    does not hold.
    """
    session = replay_session(source) if isinstance(source, Record) else source
    if not 1 <= number <= len(session.logs):
        raise IndexError(f"there are deals 1 to {len(session.logs)}, not {number}")
    log = session.logs[number - 1]
    balances, pools, prev_winner, fresh = session.opening(number - 1)
    game = session.game
    deal = game.new_deal(
        log.dealer,
        [mask_of(h) for h in log.hands],
        mask_of(log.stock),
        log.turnup,
        balances,
        pools,
        prev_winner,
        fresh,
        order=log.hands,
    )
    names = game.pools
    states = [deal.clone()]
    events: list[tuple[Event, ...]] = [tuple(deal.start_events)]
    taken: list[Action] = []
    for text in log.actions:
        action = parse_action(text, names, passes=game.has_pass, widow=game.has_widow)
        taken.append(action)
        events.append(tuple(deal.apply(action)))
        states.append(deal.clone())
    steps = []
    for k, state in enumerate(states):
        d = state.decision()
        next_action = taken[k] if k < len(taken) else None
        steps.append(
            Step(
                index=k,
                events=events[k],
                balances=tuple(state.balances),
                pools=tuple(state.pools),
                decision=d,
                seat=None if d is None else d.seat,
                legal=tuple(decision_texts(d, names)),
                legal_actions=tuple(d.actions) if isinstance(d, PlayChoice) else (),
                forced=isinstance(d, PlayChoice) and d.forced,
                action=next_action,
                action_text=None if next_action is None else log.actions[k],
            )
        )
    played = [0] * session.n
    special = 0 if game.special_card is None else 1 << game.special_card
    for step in steps:
        for e in step.events:
            if isinstance(e, Played):
                played[e.seat] |= 1 << e.card | (special if e.spin else 0)
    rob = next(((a.seat, a.card) for a in taken if isinstance(a, Rob)), None)
    return DealReview(
        game=game,
        players=tuple(session.players),
        number=number,
        dealer=log.dealer,
        hands=tuple(tuple(h) for h in log.hands),
        stock=tuple(log.stock),
        turnup=log.turnup,
        fingerprint=log.fingerprint,
        finished=deal.over,
        winner=deal.winner,
        steps=tuple(steps),
        played_by=tuple(played),
        robbed=rob,
        _states=tuple(states),
    )


# ---- what may be shown ----------------------------------------------------------------------


@dataclass(frozen=True)
class ShowRule:
    """What a review may show (:func:`show_rule`).

    * ``allowed``: whether the deal may be reviewed at all; ``reason`` says why not (one
      line for the person), ``""`` when it may;
    * ``viewpoint``: ``None`` for the whole table, or the seat whose view is shown (only
      its own hand, and what was public);
    * ``seat_choice``: whether the window may offer a choice of seat;
    * ``show_unplayed``: whether cards never played in the deal may be face up (the hands
      left at the end, the stock): the stops games show every hand and the stock after the
      deal (GEN-9); Spoil Five only with the reveal setting and one person at the screen;
    * ``own_seat``: the seat of the one person at the screen, whose whole hand may be shown
      (they saw it), or ``None``;
    * ``reveal_available``: whether the Settings' reveal option applies here (Spoil Five, a
      finished deal, one person at the screen).
    """

    allowed: bool
    reason: str
    viewpoint: int | None
    seat_choice: bool
    show_unplayed: bool
    own_seat: int | None
    reveal_available: bool


#: Why a review is refused.
SEVERAL_UNFINISHED = "With several people at one screen only a finished deal can be reviewed"
NOBODY_UNFINISHED = (
    "An unfinished deal is reviewed only as the person's own seat saw it, "
    "and nobody plays at this screen"
)


def show_rule(
    finished: bool,
    family: str,
    people: int,
    reveal: bool,
    seat: int | None,
    person: int | None = None,
) -> ShowRule:
    """The rule for what a review shows (issue 18 points 1 and 2; GEN-9).

    Args: ``finished`` (the deal is over), ``family`` (the game's engine family,
    :data:`~gamecore.interface.STOPS` or :data:`~gamecore.interface.TRICKS`), ``people``
    (people sharing the screen, an int ≥ 0: 0 or 1 means one person, or nobody, against
    computers), ``reveal`` (the table setting that shows Spoil Five's unplayed cards in
    review; not a rule option), ``seat`` (the seat whose view is asked for, or ``None`` for
    the whole table), ``person`` (the one person's seat, when ``people`` ≤ 1).

    * A finished deal: any seat's view, or the whole table. Every hand and the stock face up
      in the stops games (GEN-9: all are shown after the deal), every hand in Matrimony (its
      undealt pack is never shown, MT-6); in Spoil Five, unplayed cards stay hidden (GEN-9)
      unless ``reveal`` is set and only one person is at the screen.
    * An unfinished deal: only as the person's own seat saw it (whatever ``seat`` asks),
      with no choice of seat and nothing unplayed shown but that seat's own hand; refused
      with several people at one screen, or with nobody's seat to show.
    * With several people at one screen, only what the rules show after a deal: ``reveal``
      has no effect and nobody's own hand is shown beyond that.
    """
    several = people >= 2
    if not finished:
        if several:
            return ShowRule(False, SEVERAL_UNFINISHED, None, False, False, None, False)
        if person is None:
            return ShowRule(False, NOBODY_UNFINISHED, None, False, False, None, False)
        return ShowRule(True, "", person, False, False, person, False)
    # GEN-9: the stops games show every hand after the deal, Matrimony every hand once
    # the deal is resolved; Spoil Five only what was played.
    stops = family in (STOPS, CHANCE)
    if several:
        return ShowRule(True, "", seat, True, stops, None, False)
    return ShowRule(True, "", seat, True, stops or reveal, person, not stops)


def deal_again_offered(finished: bool, family: str, people: int, reveal: bool) -> bool:
    """Whether "deal again from another seat" is offered for a deal: only a finished deal
    whose every hand was shown after it (:func:`show_rule` shows the unplayed cards of the
    whole table: the stops games; Spoil Five only when its hands were shown), and never in
    a game without play (Matrimony): no decision there depends on the cards, so the same
    cards from another seat teach nothing."""
    rule = show_rule(finished, family, people, reveal, None)
    return rule.allowed and rule.show_unplayed and family != CHANCE


@dataclass(frozen=True)
class ShownTable:
    """The cards a review shows at one step under one :class:`ShowRule`.

    ``hands[s]``: the face-up cards of seat ``s``'s hand as it stands at the step (card
    set); ``backs[s]``: how many of its cards are face down. ``stock``: the face-up stock
    cards (all of them only when the rule shows unplayed cards to the whole table; else
    the turn-up where it is a visible stock card), ``stock_backs`` the rest. ``discard``:
    Spoil Five's rob discard when it may be shown (after the deal, GEN-9), else ``None``.
    ``observation``: the viewpoint seat's observation at the step (``None`` for the whole
    table): what else that seat could see (played cards, tricks, the turn-up, counters).
    """

    step: int
    viewpoint: int | None
    hands: tuple[CardSet, ...]
    backs: tuple[int, ...]
    stock: CardSet
    stock_backs: int
    discard: Card | None
    observation: Observation | None


def shown_table(review: DealReview, k: int, rule: ShowRule) -> ShownTable:
    """What ``rule`` lets a review show of ``review`` at step ``k``.

    Hands: a seat's cards are face up when the rule shows unplayed cards, when the seat is
    the rule's ``own_seat`` (its person saw them), or, in a finished deal, when they became
    public: cards the seat plays later in the deal, and in Spoil Five the robbed turn-up and
    the discard (GEN-9). With a ``viewpoint`` seat only what that seat saw can be face up
    (its own hand, and no card while the stakes are made) and the card counts are those it
    saw. An unfinished deal shows only the own seat's hand. Raises ``ValueError`` for a rule
    that does not allow the review, ``IndexError`` for a step the deal does not have.
    """
    if not rule.allowed:
        raise ValueError(rule.reason)
    state = review.state(k)
    n = len(review.players)
    public_after = list(review.played_by) if review.finished else [0] * n
    if review.finished and review.robbed is not None and review.turnup is not None:
        robber, gone = review.robbed
        public_after[robber] |= 1 << review.turnup | 1 << gone
    view = rule.viewpoint
    obs = None if view is None else state.observation(view)
    hands, backs = [], []
    for s in range(n):
        # A seat's view holds only what the seat saw: its own hand, and no card at all
        # while the stakes are made (GEN-9); the card counts are the ones it saw too.
        held = state.hands[s] if obs is None else (obs.hand if s == view else 0)
        count = state.hands[s].bit_count() if obs is None else obs.hand_counts[s]
        whole = rule.show_unplayed or s == rule.own_seat
        shown = held if whole else held & public_after[s]
        hands.append(shown)
        backs.append(count - shown.bit_count())
    turnup = getattr(obs if obs is not None else state.observation(0), "turnup", None)
    stock = state.stock
    if view is None and rule.show_unplayed and review.game.family != CHANCE:
        stock_up = stock  # (Matrimony's undealt pack is never shown, MT-6)
    else:
        stock_up = stock & (1 << turnup) if turnup is not None else 0
    discard = review.robbed[1] if review.finished and review.robbed is not None else None
    return ShownTable(
        step=k,
        viewpoint=view,
        hands=tuple(hands),
        backs=tuple(backs),
        stock=stock_up,
        stock_backs=(stock & ~stock_up).bit_count(),
        discard=discard,
        observation=obs,
    )
