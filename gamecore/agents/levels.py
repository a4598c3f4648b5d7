"""The three levels of computer player for every game: Easy, Normal, Hard.

* **Easy** (:class:`EasyAgent`): the rule-based player with human-like slips: when it has a
  real choice it sometimes plays another legal action instead (never an illegal one).
* **Normal**: the rule-based players of :func:`gamecore.agents.agent_for` (they track the
  cards).
* **Hard** (:class:`HardAgent`): SO-ISMCTS (:mod:`gamecore.search.ismcts`) over worlds
  consistent with its observation (:mod:`gamecore.search.determinize`). At the table it
  thinks for a time budget in worker processes (cancellable); in the arena and the tests it
  runs a fixed number of iterations in-process, so its play is reproducible.

Staking decisions (:class:`~gamecore.decisions.StakeChoice`,
:class:`~gamecore.decisions.SplitChoice`) are the rule-based player's at every level:
they are made before the cards are seen (GEN-9), where search has nothing to work on;
except in a game whose every decision is a stake (Matrimony), which registers its own Easy
and Hard stakers (:func:`gamecore.registry.register_level_player`).
Every agent sees only the observation and the rules (GEN-9).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from gamecore.actions import Action, Claim, Decline, Jink, Pass, Play, Rob
from gamecore.agents.base import Agent, pending_decision
from gamecore.agents.prelead import best_option, choose_before_lead, options
from gamecore.agents.registered import agent_for
from gamecore.decisions import PlayChoice
from gamecore.interface import TRICKS
from gamecore.interface import Rules as Game
from gamecore.registry import level_player
from gamecore.search import CLAIM, DECLINE, JINK, PASS, ROB_BASE, SPIN_FLAG
from gamecore.search.ismcts import SearchPool, best_code, default_pool, resolve_settings, search
from gamecore.search.settings import SearchSettings
from gamecore.spoilfive.deal import SpoilFiveObservation
from gamecore.stops.widow import BEFORE_LEAD

LEVELS = ("easy", "normal", "hard")
#: Default thinking time at the table, seconds (issue 7 targets: p95 ≤ 0.5 s stops games,
#: ≤ 1.0 s Spoil Five).
STOPS_BUDGET = 0.4
SPOIL_FIVE_BUDGET = 0.8


def action_code(action: Action) -> int:
    """The search code of ``action`` (see :mod:`gamecore.search`)."""
    if isinstance(action, Play):
        return action.card | (SPIN_FLAG if action.spin else 0)
    if isinstance(action, Rob):
        return ROB_BASE + action.card
    if isinstance(action, Decline):
        return DECLINE
    if isinstance(action, Claim):
        return CLAIM
    if isinstance(action, Jink):
        return JINK
    if isinstance(action, Pass):
        return PASS
    raise ValueError(f"no search code for {action!r}")


class EasyAgent:
    """The Normal player of ``game`` with slips: at a choice of two or more actions it plays,
    with probability ``mistake_rate`` (default 0.3), a uniformly random legal action other
    than the one the Normal player chose. Staking is the Normal player's (NM-5, PJ-21).

    Args: ``game`` (rules), ``mistake_rate`` (0..1).
    """

    def __init__(self, game: Game, mistake_rate: float = 0.3) -> None:
        # A game of stakes only brings its own easy staker (register_level_player).
        own = level_player(game.name, "easy")
        self.normal = own() if own is not None else agent_for(game)
        self.mistake_rate = mistake_rate

    def choose(self, game: Any, obs: Any, rng: random.Random) -> Action:
        """One legal action for ``obs.decision`` (see the class docstring)."""
        chosen = self.normal.choose(game, obs, rng)
        d = pending_decision(obs)
        if isinstance(d, PlayChoice) and len(d.actions) > 1 and rng.random() < self.mistake_rate:
            others = [a for a in d.actions if a != chosen]
            return others[rng.randrange(len(others))]
        return chosen


def sf_decided(obs: SpoilFiveObservation) -> bool:
    """Whether a Spoil Five deal is already decided (SF-30, SF-32): tricks still played
    (``sf.playOutDeadTricks``) change no counter."""
    left = 5 - len(obs.tricks)
    eligible = [s for s in range(len(obs.hand_counts)) if not obs.ineligible[s]]
    if obs.jinker is None and any(obs.tricks_won[s] >= 3 for s in eligible):
        return True
    return not any(obs.tricks_won[s] + left >= 3 for s in eligible)


class HardAgent:
    """SO-ISMCTS player (see the module docstring).

    Args: ``game`` (rules; chooses the default budget and the staking player),
    ``iterations`` (fixed iterations per decision, in-process unless ``workers`` > 1: the
    arena and the tests), ``time_budget`` (seconds per decision at the table; default
    :data:`STOPS_BUDGET` or :data:`SPOIL_FIVE_BUDGET`; used when ``iterations`` is
    ``None``), ``workers`` (processes for a timed search, default 2), ``pool`` (a
    :class:`~gamecore.search.ismcts.SearchPool`; default the process-wide one),
    ``settings`` (a :class:`~gamecore.search.settings.SearchSettings`: what the search
    does; default the game's declaration, ``game.search_settings``), and, each overriding
    its field of ``settings`` when given (the arena's ``hard-plain``, measurements):
    ``inference`` (weight the sampled worlds by the other seats' decisions,
    :mod:`gamecore.search.inference`), ``endgame`` (search small endings exactly,
    :mod:`gamecore.search.endgame`) and ``value_ties`` (break ties between equally
    visited moves by their value, then by the rule-based player's choice, instead of by
    the smallest card code). The settings go to the search in-process and in the pool's
    workers alike; ``inference``, ``endgame`` and ``value_ties`` stay readable and
    settable as attributes (they read and replace :attr:`settings`).

    :meth:`choose` raises :class:`~gamecore.search.ismcts.SearchCancelled` when
    :meth:`cancel` (or :func:`gamecore.search.ismcts.cancel_search`) stops it.
    ``last_visits`` / ``last_iterations`` describe the last search (for a hint's reason);
    ``fell_back`` says that the last search had no answer in time (a timed search whose
    workers all were late: the machine too loaded, or the workers still starting), so that
    the decision was the rule-based Normal player's, with ``last_iterations`` 0.
    """

    def __init__(
        self,
        game: Game,
        *,
        iterations: int | None = None,
        time_budget: float | None = None,
        workers: int = 2,
        pool: SearchPool | None = None,
        inference: bool | None = None,
        endgame: bool | None = None,
        value_ties: bool | None = None,
        settings: SearchSettings | None = None,
    ) -> None:
        self.normal = agent_for(game)
        own = level_player(game.name, "hard")
        #: Who stakes: the game's own Hard staker (Matrimony), else the Normal player.
        self.staker = own() if own is not None else self.normal
        #: What the search does (see the class docstring).
        self.settings = resolve_settings(
            game, settings, inference=inference, endgame=endgame, value_ties=value_ties
        )
        self.iterations = iterations
        if time_budget is None:
            time_budget = SPOIL_FIVE_BUDGET if game.family == TRICKS else STOPS_BUDGET
        self.time_budget = time_budget
        self.workers = workers
        self._pool = pool
        self.last_visits: dict[int, int] = {}
        self.last_means: dict[Action, float] = {}
        self.last_iterations = 0
        self.fell_back = False

    @property
    def inference(self) -> bool:
        """Whether the worlds are weighted by the other seats' decisions."""
        return self.settings.inference

    @inference.setter
    def inference(self, on: bool) -> None:
        self.settings = replace(self.settings, inference=on)

    @property
    def endgame(self) -> bool:
        """Whether small endings are searched exactly."""
        return self.settings.endgame

    @endgame.setter
    def endgame(self, on: bool) -> None:
        self.settings = replace(self.settings, endgame=on)

    @property
    def value_ties(self) -> bool:
        """Whether ties between equally visited moves go by value, then the rule-based
        player's choice."""
        return self.settings.value_ties

    @value_ties.setter
    def value_ties(self, on: bool) -> None:
        self.settings = replace(self.settings, value_ties=on)

    @property
    def pool(self) -> SearchPool:
        """The worker pool a timed search uses."""
        if self._pool is None:
            self._pool = default_pool()
        return self._pool

    def choose(self, game: Any, obs: Any, rng: random.Random) -> Action:
        """One legal action for ``obs.decision``: searched when there is a real choice of
        card play, robbing or jinking; the Normal player's otherwise (staking, forced moves,
        tricks played out after the deal is decided)."""
        d = pending_decision(obs)
        self.last_visits, self.last_iterations = {}, 0
        self.last_means, self.fell_back = {}, False
        if getattr(obs, "phase", "") == BEFORE_LEAD:
            # the widow's choice and bids (MI-7, MI-8): each option played out in worlds
            return self.choose_before_lead(game, obs, rng)
        if not isinstance(d, PlayChoice):
            return self.staker.choose(game, obs, rng)
        if len(d.actions) == 1:
            return d.actions[0]
        if (
            isinstance(obs, SpoilFiveObservation)
            and all(isinstance(a, Play) for a in d.actions)
            and sf_decided(obs)
        ):
            return self.normal.choose(game, obs, rng)
        seed = rng.getrandbits(62)
        visits, done = self.run_search(game, obs, seed)
        self.last_visits, self.last_iterations = visits, done
        by_code = {action_code(a): a for a in d.actions}
        for a in [a for a in visits if a not in by_code]:
            del visits[a]
        if not visits:
            # No worker answered within the deadline (SearchPool.search): the table does
            # not wait, it has the rule-based player's answer.
            self.fell_back = True
            return self.normal.choose(game, obs, rng)
        if not self.value_ties:
            return by_code[best_code(dict(visits))]

        def normal_choice() -> int:
            return action_code(self.normal.choose(game, obs, rng))

        return by_code[best_code(visits, normal_choice)]

    def choose_before_lead(self, game: Any, obs: Any, rng: random.Random) -> Action:
        """The option with the best mean over sampled worlds played out by the rule-based
        players (:func:`gamecore.agents.prelead.choose_before_lead`), in-process within
        :attr:`iterations` or :attr:`time_budget`; ``last_means`` / ``last_iterations``
        describe it (for a hint's reason). At the table (a time budget and worker
        processes) the worlds are played out in the pool's workers, so that the app's own
        process keeps its interpreter for the table; with none in time, the rule-based
        player's choice."""
        if self.iterations is None and self.workers > 1 and len(options(obs.decision)) > 1:
            totals, done = self.pool.weigh(
                game, obs, time_budget=self.time_budget, seed=rng.getrandbits(62)
            )
            self.fell_back = done == 0
            action, self.last_means, self.last_iterations = best_option(
                game, obs, rng, totals, done
            )
            return action
        action, self.last_means, self.last_iterations = choose_before_lead(
            game, obs, rng, iterations=self.iterations, time_budget=self.time_budget
        )
        return action

    def run_search(self, game: Any, obs: Any, seed: int) -> tuple[dict[int, int], int]:
        """The search of one decision: ``(visits, iterations)`` (see :func:`search`). A
        fixed budget runs in-process when ``workers`` ≤ 1, else in the pool; a time budget
        runs in the pool, or in-process when ``workers`` ≤ 1 (the arena's ``--time-ms``)."""
        if self.workers <= 1:
            return search(
                game,
                obs,
                iterations=self.iterations,
                time_budget=None if self.iterations is not None else self.time_budget,
                seed=seed,
                settings=self.settings,
            )
        if self.iterations is not None:
            return self.pool.search(
                game, obs, iterations=self.iterations, seed=seed, settings=self.settings
            )
        return self.pool.search(
            game, obs, time_budget=self.time_budget, seed=seed, settings=self.settings
        )

    def hint(self, game: Any, obs: Any, rng: random.Random) -> tuple[Action, str]:
        """What Hard would play for ``obs.seat`` and why, in words: ``(action, reason)``
        (for Game → Hint). Same search as :meth:`choose`."""
        action = self.choose(game, obs, rng)
        total = sum(self.last_visits.values())
        if self.last_means:  # a widow decision (MI-7, MI-8)
            mean = self.last_means.get(action, 0.0)
            return action, (
                f"best on average ({mean:+.1f} counters) over {self.last_iterations} "
                f"simulated deals consistent with what this seat has seen"
            )
        if self.fell_back:
            # Read after "The Hard player would exchange:" (the coach) or "Hint: …—".
            return action, (
                "the computer was too busy to search in time, so this is the Normal player's choice"
            )
        if not total:
            return action, "the only sensible play here"
        share = self.last_visits.get(action_code(action), 0) / total
        # The share is of the search's visits, the move it tried most: "best in 50% of the
        # deals" claimed more than that, and a close call read as a sure thing; "the
        # search's favourite, tried in 17%" read as jargon, and as doubt about the obvious.
        return action, (
            f"it played out {self.last_iterations:,} deals, the unseen cards dealt to fit "
            f"what this seat has seen, and tried this move most often ({share:.0%} of its tries)"
        )

    def cancel(self) -> None:
        """Stop this agent's search in progress (it raises ``SearchCancelled``)."""
        if self._pool is not None:
            self._pool.cancel()


def agent_for_level(
    game: Game,
    level: str,
    *,
    iterations: int | None = None,
    time_budget: float | None = None,
    pool: SearchPool | None = None,
    workers: int = 2,
    mistake_rate: float = 0.3,
) -> Agent:
    """A computer player for ``game`` at ``level`` (``"easy"``, ``"normal"``, ``"hard"``).

    ``iterations``, ``time_budget``, ``pool``, ``workers``: Hard's search budget (see
    :class:`HardAgent`); ``mistake_rate``: Easy's slips. Raises ``ValueError`` for an unknown
    level or game.
    """
    if level == "easy":
        return EasyAgent(game, mistake_rate)
    if level == "normal":
        return agent_for(game)
    if level == "hard":
        return HardAgent(
            game, iterations=iterations, time_budget=time_budget, workers=workers, pool=pool
        )
    raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
