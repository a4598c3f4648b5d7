"""Exact search of small endings in one sampled world, instead of a random rollout.

When few choices are left (Spoil Five's last two tricks, or three with few players; a stops
ending small enough to search whole, where only leads are still open), every remaining move
of every seat is considered: each seat, at its turn, takes the move that wins it the most
counters from here to the end of the deal, given the world (max^n search, the multi-player
form of minimax). The values are exact for that world and cost no rollout noise.

:class:`EndgameSolver` keeps a table of solved positions for one search (the same sampled
world is drawn again and again by importance resampling, and the tree reaches the same
endings by different paths), and a node budget per attempt: an ending that proves too big
is left to the rollout, and so is every later ending with as many cards or more.
"""

from __future__ import annotations

from math import factorial
from typing import Any

from gamecore.search.fast_spoilfive import FastSpoilFive
from gamecore.search.fast_stops import FastStops
from gamecore.search.settings import SearchSettings

#: Positions searched per attempt before giving up (about 8 µs each).
NODE_BUDGET = 600
#: Spoil Five: search when the product over the seats of (cards held)! is at most this.
SF_LEAVES = 300
#: Stops games: try only when at most this many cards are held in all.
STOPS_CARDS = 14
#: Slots of the fast states that do not describe the position (constant tables, the
#: counters already won, the derived list of legal codes and the owner table): what each
#: state's own ``position_key`` leaves out.
NOT_POSITION = frozenset({"spec", "t", "deltas", "acts", "owner", "caps", "combos", "effm", "keys"})


def position_key(st: FastStops | FastSpoilFive) -> tuple[Any, ...]:
    """Everything that decides the rest of the deal from ``st`` (lists as tuples): the
    state's own :meth:`~gamecore.search.fast_stops.FastStops.position_key`, built from its
    fields by name (every slot but :data:`NOT_POSITION`, in slot order) rather than by
    reflection, which cost a third of a Spoil Five decision."""
    return st.position_key()


class EndgameSolver:
    """Exact remaining values of small endings (see the module docstring).

    :meth:`value` returns, for a fast state not over, the counters each seat still wins
    (+) or loses (−) from it to the end with every seat playing its best reply (max^n, ties
    to the first move in the state's order), or ``None`` when the ending is too big.

    Args: ``node_budget`` (positions per attempt), ``stops_cards`` (stops games: the most
    cards held in all for an attempt), ``sf_leaves`` (Spoil Five: the largest product of
    (cards held)! for an attempt).
    """

    def __init__(
        self,
        node_budget: int = NODE_BUDGET,
        stops_cards: int = STOPS_CARDS,
        sf_leaves: int = SF_LEAVES,
    ) -> None:
        self.node_budget = node_budget
        self.stops_cards = stops_cards
        self.sf_leaves = sf_leaves
        self.table: dict[tuple[Any, ...], list[int]] = {}
        self.too_big = 1 << 30  # cards held in the smallest ending that proved too big
        self.solved = 0
        self._left = 0

    @classmethod
    def for_settings(cls, settings: SearchSettings) -> EndgameSolver:
        """A solver with the endings limits of ``settings`` (each ``None``: the default)."""

        def given(value: int | None, default: int) -> int:
            return default if value is None else value

        return cls(
            given(settings.endgame_nodes, NODE_BUDGET),
            given(settings.endgame_cards, STOPS_CARDS),
            given(settings.endgame_leaves, SF_LEAVES),
        )

    def small(self, st: FastStops | FastSpoilFive) -> bool:
        """Whether ``st`` is worth an attempt."""
        held = sum(h.bit_count() for h in st.hands)
        if held >= self.too_big:
            return False
        if isinstance(st, FastSpoilFive):
            leaves = 1
            for h in st.hands:
                leaves *= factorial(h.bit_count())
                if leaves > self.sf_leaves:
                    return False
            return True
        return held <= self.stops_cards

    def value(self, st: FastStops | FastSpoilFive) -> list[int] | None:
        """The exact remaining values of ``st`` (not mutated), or ``None``."""
        if not self.small(st):
            return None
        self._left = self.node_budget
        got = self._solve(st)
        if got is None:
            self.too_big = min(self.too_big, sum(h.bit_count() for h in st.hands))
            return None
        self.solved += 1
        return got

    def _solve(self, st: Any) -> list[int] | None:
        key = st.position_key()
        hit = self.table.get(key)
        if hit is not None:
            return hit
        self._left -= 1
        if self._left < 0:
            return None
        who = st.who
        base = st.deltas
        mine = base[who]
        best: list[int] | None = None
        top = 0
        for a in st.acts:
            child = st.clone()
            child.apply(a)
            deltas = child.deltas
            if child.over:
                # the whole vector only for a new best: the mover compares his own share
                if best is None or deltas[who] - mine > top:
                    best = [c - b for c, b in zip(deltas, base, strict=True)]
                    top = best[who]
                continue
            sub = self._solve(child)
            if sub is None:
                return None
            if best is None or deltas[who] - mine + sub[who] > top:
                best = [c - b + s for c, b, s in zip(deltas, base, sub, strict=True)]
                top = best[who]
        assert best is not None
        if len(self.table) > 200_000:
            self.table.clear()
        self.table[key] = best
        return best
