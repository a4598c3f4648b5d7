"""The play check (issue 18, point 3): for each of a person's card decisions in a recorded
deal, what Hard would have chosen from that seat's observation at that moment, and the
estimated difference in counters ("your 7♠ lead: Hard prefers 3♣, +1.2").

Checked are the seat's card decisions with a real choice: plays, robs (and declines), claims
and jinks; never a stake or a split (every level stakes by rule, before the cards are seen,
GEN-9), a forced move, or a Spoil Five card played after the deal was decided (it changes no
counter). Each decision is checked from the seat's observation only (GEN-9):
:func:`check_decision` is given the rules and the observation, never the deal, so it cannot
look at another hand or the stock.

Hard's choice is :class:`~gamecore.agents.levels.HardAgent`'s, with a fixed number of search
iterations (reproducible: same seed, same budget, same answer). The difference is estimated
separately, the same way for every action: over ``samples`` worlds consistent with the
observation (:func:`gamecore.search.determinize.worlds_for`), each action is played in the
same world and the deal finished by the search's playout from the same random seed (common
random numbers); its value is the mean of the counters the seat wins or loses from there to
the end of the deal. The difference is Hard's choice's value minus the taken action's; 0.0
when Hard agrees.

:func:`play_check` yields one :class:`CheckedDecision` at a time, so a caller off the GUI
thread can show progress (:func:`checkable_steps` says how many there will be) and stop
between decisions (close the generator, or set ``cancel``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from gamecore.actions import (
    AUCTION,
    EXCHANGE,
    Action,
    Bid,
    Claim,
    Decline,
    Jink,
    Pass,
    Play,
    Rob,
    Widow,
    format_action,
)
from gamecore.agents.levels import HardAgent, action_code, sf_decided
from gamecore.cards import card_label
from gamecore.decisions import PlayChoice
from gamecore.interface import TRICKS, Observation
from gamecore.interface import Rules as Game
from gamecore.match import Session
from gamecore.record import Record
from gamecore.review import DealReview, review_deal
from gamecore.search.determinize import worlds_for
from gamecore.search.ismcts import SearchPool
from gamecore.spoilfive.deal import SpoilFiveObservation

__all__ = [
    "CLOSE",
    "DEFAULT_ITERATIONS",
    "CheckCancelled",
    "CheckedDecision",
    "check_decision",
    "check_review",
    "check_words",
    "checkable_steps",
    "close_call",
    "decision_words",
    "play_check",
]

#: Search iterations per decision by default (Hard at the table thinks for a time budget;
#: the check is not hurried, and a fixed budget makes it reproducible).
DEFAULT_ITERATIONS = 3000


class CheckCancelled(Exception):
    """The play check was cancelled between two decisions."""


@dataclass(frozen=True)
class CheckedDecision:
    """One checked decision of the seat.

    ``step``: the review step the decision was pending at (its action is action
    ``step + 1`` of the deal); ``seat``; ``taken`` and ``preferred`` (Hard's choice) as
    :data:`~gamecore.actions.Action` and in record syntax (``taken_text``,
    ``preferred_text``); ``agrees`` (the same action); ``values``: the estimated counters
    (float, from this decision to the end of the deal) of the taken and the preferred action,
    by record text; ``difference``: ``values[preferred] - values[taken]`` (0.0 when Hard
    agrees); ``iterations``: the search's iterations; ``words``: the line for people
    (:func:`decision_words`).
    """

    step: int
    seat: int
    taken: Action
    taken_text: str
    preferred: Action
    preferred_text: str
    agrees: bool
    values: dict[str, float]
    difference: float
    iterations: int
    words: str
    #: How far the estimate may be off (counters, twice the standard error of the paired
    #: difference over its worlds): a difference within it is no clear difference.
    margin: float = 0.0


def _choice(obs: Observation) -> PlayChoice | None:
    d = obs.decision
    return d if isinstance(d, PlayChoice) else None


def is_checkable(obs: Observation) -> bool:
    """Whether the seat of ``obs`` has a card decision worth checking there: a choice of two
    or more plays, robs or claims, and not a Spoil Five card after the deal is decided."""
    d = _choice(obs)
    if d is None or d.forced:
        return False
    return not (
        isinstance(obs, SpoilFiveObservation)
        and all(isinstance(a, Play) for a in d.actions)
        and sf_decided(obs)
    )


def checkable_steps(review: DealReview, seat: int) -> list[int]:
    """The steps of ``review`` at which ``seat`` made a decision the check looks at (see
    the module docstring), in order: as many results as :func:`check_review` yields."""
    return [
        s.index
        for s in review.steps
        if s.seat == seat
        and s.action is not None
        and is_checkable(review.observation(s.index, seat))
    ]


def action_words(action: Action, obs: Observation, game: Game) -> str:
    """An action of ``game`` seen from ``obs`` as the check's line names it: "7♠ lead", "8♠",
    "8♠ with the ♦A" (the game's special card, :meth:`Rules.special_name`), "pass (keep
    the 9♦)" (a declined offer, CM-10), "rob (discarding 3♣)", "decline to rob", "claim",
    "jink"; Michigan's widow decisions as :func:`widow_words` names them."""
    widow = widow_words(action, game)
    if widow is not None:
        return widow
    match action:
        case Play(card=c, spin=True):
            return f"{card_label(c)} with the {game.special_name()}"
        case Play(card=c):
            leading = (
                (not getattr(obs, "trick", ()))
                if isinstance(obs, SpoilFiveObservation)
                else getattr(obs, "top", None) is None
            )
            return f"{card_label(c)} lead" if leading else card_label(c)
        case Rob(card=c):
            return f"rob (discarding {card_label(c)})"
        case Pass():
            return f"pass (keep the {game.special_name()})"
        case Decline():
            return "decline to rob"
        case Claim():
            return "claim"
        case Jink():
            return "jink"
    return str(action)


#: The dealer's widow choices in words (MI-7).
_WIDOW_CHOICES = {
    EXCHANGE: "exchange with the widow",
    AUCTION: "auction the widow",
}


def widow_words(action: Action, game: Game) -> str | None:
    """A widow decision of Michigan in words (MI-7, MI-8): "exchange with the widow",
    "auction the widow", "keep the dealt hand", "bid 4", "pass (out of the auction)" (the
    only pass of a game with a widow); ``None`` for any other action."""
    match action:
        case Widow(choice=choice):
            return _WIDOW_CHOICES.get(choice, "keep the dealt hand")
        case Bid(amount=n):
            return f"bid {n}"
        case Pass() if game.has_widow:
            return "pass (out of the auction)"
    return None


#: Below this many counters (estimated) between Hard's choice and the taken action, the
#: check says "no clear difference": the search and the estimate may disagree there, and
#: two searches of the same decision may choose either (the coach's and the check's).
CLOSE = 0.05


def close_call(result: CheckedDecision) -> bool:
    """Whether Hard chose otherwise at ``result`` with no clear difference (less than
    :data:`CLOSE` counters, or than the estimate's own :attr:`CheckedDecision.margin`)."""
    return not result.agrees and result.difference < max(CLOSE, result.margin)


def check_words(results: list[CheckedDecision], total: int) -> str:
    """The check's result in one sentence: "Hard agrees with 3 of 5 decisions.", and the
    close calls among the others: "Hard agrees with 0 of 1 decisions; the other was a close
    call, with no clear difference." (a player who followed the coach's choice read "0 of
    1" when the check's own search, run again, chose a card of the same worth). ``total``:
    the decisions checked."""
    agree = sum(1 for r in results if r.agrees)
    close = sum(1 for r in results if close_call(r))
    head = f"Hard agrees with {agree} of {total} decisions"
    if not close:
        return head + "."
    if close == total - agree:
        others = "the other was a close call" if close == 1 else "the others were close calls"
    else:
        others = f"{close} {'was a close call' if close == 1 else 'were close calls'}"
    return f"{head}; {others}, with no clear difference."


def decision_words(
    taken: Action,
    preferred: Action,
    difference: float,
    obs: Observation,
    game: Game,
    margin: float = 0.0,
) -> str:
    """The line for people: "your 7♠ lead: Hard prefers 3♣ lead, +1.2" (the estimated
    counters Hard's choice gains over the taken action, one decimal); "…, no clear
    difference" when the estimate is below 0.05 (the search and the estimate may then
    disagree on which is better), or within the estimate's ``margin`` (counters: the
    worlds played out disagree among themselves by that much); "your 7♠ lead: Hard
    agrees"."""
    mine = action_words(taken, obs, game)
    if taken == preferred:
        return f"your {mine}: Hard agrees"
    how = f"{difference:+.1f}" if difference >= max(CLOSE, margin) else "no clear difference"
    return f"your {mine}: Hard prefers {action_words(preferred, obs, game)}, {how}"


def estimate(
    game: Game, obs: Observation, actions: list[Action], samples: int, rng: random.Random
) -> list[float]:
    """The mean of :func:`outcomes` for each of ``actions``."""
    return [sum(row) / samples for row in outcomes(game, obs, actions, samples, rng)]


def outcomes(
    game: Game, obs: Observation, actions: list[Action], samples: int, rng: random.Random
) -> list[list[float]]:
    """The mean counters ``obs.seat`` wins (+) or loses (−) from now to the end of the deal
    after each of ``actions`` (legal actions of its pending decision), over ``samples``
    worlds consistent with ``obs``: every action in the same world, finished by the same
    random playout seed (the search's playout: random in the stops games, guided in Spoil
    Five)."""
    worlds = worlds_for(game, obs)
    codes = [action_code(a) for a in actions]
    rows: list[list[float]] = [[] for _ in codes]
    me = obs.seat
    guided = game.family == TRICKS
    for _ in range(samples):
        world = worlds.fast_state(rng)
        seed = rng.getrandbits(62)
        for i, code in enumerate(codes):
            st: Any = world.clone()
            st.apply(code)
            rnd = random.Random(seed).random
            deltas = (
                st.deltas if st.over else (st.guided_rollout(rnd) if guided else st.rollout(rnd))
            )
            rows[i].append(float(deltas[me]))
    return rows


def _paired_error(mine: list[float], best: list[float]) -> float:
    """The standard error (counters) of the mean of ``best[i] - mine[i]``, each pair
    played out in the same world from the same seed; 0.0 for fewer than two pairs."""
    n = len(mine)
    if n < 2:
        return 0.0
    d = [b - m for m, b in zip(mine, best, strict=True)]
    mean = sum(d) / n
    return (sum((x - mean) ** 2 for x in d) / (n - 1) / n) ** 0.5


def check_decision(
    game: Game,
    obs: Observation,
    taken: Action,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    samples: int | None = None,
    seed: int = 0,
    pool: SearchPool | None = None,
    step: int = 0,
) -> CheckedDecision:
    """Check one decision from the observation alone.

    Args: ``game`` (rules), ``obs`` (the seat's observation at the decision, GEN-9; its
    ``decision`` must be a checkable choice, :func:`is_checkable`), ``taken`` (the action the
    seat took, one of its legal actions), ``iterations`` (Hard's search iterations),
    ``samples`` (worlds for the estimate; default ``max(200, iterations // 4)``), ``seed``
    (same seed and budget, same result), ``pool`` (search in these worker processes instead
    of in this one), ``step`` (the review step, copied into the result).

    Raises ``ValueError`` when ``obs`` has no checkable decision or ``taken`` is not legal.
    """
    d = _choice(obs)
    if d is None or not is_checkable(obs):
        raise ValueError("no card decision with a choice to check")
    if taken not in d.actions:
        raise ValueError(f"{taken!r} is not a legal action of that decision")
    rng = random.Random(seed)
    workers = 1 if pool is None else pool.workers
    hard = HardAgent(game, iterations=iterations, workers=workers, pool=pool)
    preferred = hard.choose(game, obs, rng)
    pools = game.pools
    taken_text, preferred_text = format_action(taken, pools), format_action(preferred, pools)
    margin = 0.0
    if preferred == taken:
        values = {taken_text: 0.0}
        difference = 0.0
    else:
        n = samples if samples is not None else max(200, iterations // 4)
        mine_row, best_row = outcomes(game, obs, [taken, preferred], n, rng)
        mine, best = sum(mine_row) / n, sum(best_row) / n
        values = {taken_text: mine, preferred_text: best}
        difference = best - mine
        margin = 2 * _paired_error(mine_row, best_row)
    return CheckedDecision(
        step=step,
        seat=obs.seat,
        taken=taken,
        taken_text=taken_text,
        preferred=preferred,
        preferred_text=preferred_text,
        agrees=preferred == taken,
        values=values,
        difference=difference,
        iterations=hard.last_iterations,
        words=decision_words(taken, preferred, difference, obs, game, margin),
        margin=margin,
    )


def check_review(
    review: DealReview,
    seat: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    samples: int | None = None,
    seed: int = 0,
    pool: SearchPool | None = None,
    cancel: Any = None,
) -> Iterator[CheckedDecision]:
    """Check ``seat``'s decisions in ``review`` one at a time (see the module docstring),
    in the order of :func:`checkable_steps`. Decision ``i`` is searched with seed
    ``seed + i``. ``cancel``: an object with ``is_set()``, looked at before each decision;
    when set, :class:`CheckCancelled` is raised. Each decision gets only the seat's
    observation (:func:`check_decision`)."""
    for i, k in enumerate(checkable_steps(review, seat)):
        if cancel is not None and cancel.is_set():
            raise CheckCancelled
        taken = review.steps[k].action
        assert taken is not None
        yield check_decision(
            review.game,
            review.observation(k, seat),
            taken,
            iterations=iterations,
            samples=samples,
            seed=seed + i,
            pool=pool,
            step=k,
        )


def play_check(
    source: Record | Session,
    number: int,
    seat: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    samples: int | None = None,
    seed: int = 0,
    pool: SearchPool | None = None,
    cancel: Any = None,
) -> Iterator[CheckedDecision]:
    """:func:`check_review` of deal ``number`` (from 1) of a record or a session
    (:func:`gamecore.review.review_deal`: a faulty record raises
    :class:`~gamecore.errors.RecordError`, a deal it does not hold ``IndexError``)."""
    return check_review(
        review_deal(source, number),
        seat,
        iterations=iterations,
        samples=samples,
        seed=seed,
        pool=pool,
        cancel=cancel,
    )
