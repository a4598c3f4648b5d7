"""``python -m gamecore.search.inference_score``: how well the weighted worlds place the
hidden cards (an offline measure of :mod:`gamecore.search.inference`, quicker and far less
noisy than the arena).

Positions come from deals played by a table of one level (``--table``), stopped at a seat's
real choice at 30%, 55% or 80% of the deal (in turn). For each position the seat to act's
hard-constraint sampler (:mod:`gamecore.search.determinize`) draws ``--candidates`` worlds;
each hidden card's probability of lying where it truly lies is its weighted share of those
worlds. The score is the mean, over hidden cards and positions, of the natural log of that
probability (floored at 10⁻³): 0 would be certainty, higher is better. It is printed for
the unweighted worlds (the hard constraints alone) and for the weighting at each
``--tempering`` power.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from typing import Any

from gamecore.agents.levels import agent_for_level
from gamecore.decisions import PlayChoice
from gamecore.games import available_games, descriptor, make_game
from gamecore.match import Session
from gamecore.search.determinize import worlds_for
from gamecore.search.inference import WeightedWorlds, evidence_for, model_for


def positions(
    name: str, options: dict[str, Any], n: int, count: int, seed: int, level: str
) -> list[tuple[Any, Any, int]]:
    """``count`` (game, deal, seat to act) positions from deals at a table of ``level``
    players (Hard at 40 iterations), stopped at 30%, 55% or 80% of the dealt cards."""
    game = make_game(name, options)
    rng = random.Random(seed)
    out: list[tuple[Any, Any, int]] = []
    k = 0
    while len(out) < count:
        k += 1
        if k > 50 * count:
            raise RuntimeError(f"no such positions in {name}")
        agents = [agent_for_level(game, level, iterations=40, workers=1) for _ in range(n)]
        session = Session(game, [f"p{i}" for i in range(n)], k % n)
        session.start_deal_seeded(rng.randrange(1 << 30))
        deal = session.deal
        assert deal is not None
        dealt = sum(h.bit_count() for h in deal.dealt)
        fraction = (0.3, 0.55, 0.8)[k % 3]
        while session.deal_in_progress:
            d = session.decision()
            assert d is not None
            held = sum(h.bit_count() for h in deal.hands)
            if (
                held <= dealt * (1 - fraction)
                and isinstance(d, PlayChoice)
                and not getattr(deal, "decided", False)
            ):
                out.append((game, deal.clone(), d.seat))
                break
            session.apply(agents[d.seat].choose(game, deal.observation(d.seat), rng))
    return out


def placement_score(
    game: Any, deal: Any, seat: int, tempering: float | None, candidates: int, seed: int = 1
) -> float:
    """The mean log-probability of the true place of each card hidden from ``seat``
    (``tempering`` ``None``: unweighted worlds)."""
    obs = deal.observation(seat)
    base = worlds_for(game, obs)
    ev = evidence_for(game, obs)
    rng = random.Random(seed)
    if tempering is None or not len(ev):
        worlds = [base.sample(rng) for _ in range(candidates)]
        weights = [1.0 / candidates] * candidates
    else:
        ww = WeightedWorlds(base, ev, model_for(game), candidates, tempering)
        ww.build(rng)
        worlds, weights = ww.worlds, ww.weights
    n = deal.n
    hidden = list(base.allowed)
    total = 0.0
    for c in hidden:
        owner = deal.holder(c)
        p = 0.0
        for (hands, rest), w in zip(worlds, weights, strict=True):
            if (rest >> c & 1) if owner is None or owner >= n else (hands[owner] >> c & 1):
                p += w
        total += math.log(max(p, 1e-3))
    return total / max(1, len(hidden))


def main(argv: list[str] | None = None) -> int:
    """Command line (see ``--help``)."""
    p = argparse.ArgumentParser(
        prog="python -m gamecore.search.inference_score", description=__doc__.split("\n\n")[0]
    )
    games = available_games()
    p.add_argument("--game", default=games[0], choices=games)
    p.add_argument("--profile", help="the game's profile (e.g. C for Pope Joan's classic board)")
    p.add_argument("--table", default="normal", choices=("easy", "normal", "hard"))
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--candidates", type=int, default=200)
    p.add_argument("--tempering", type=float, nargs="*", default=[1.0, 0.5])
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args(argv)
    desc = descriptor(a.game)
    options = desc.entry_options(desc.entry_for(profile=a.profile)) if a.profile else {}
    n = desc.default_players
    pos = positions(a.game, options, n, a.positions, a.seed, a.table)
    print(
        f"{a.game} {options or ''} table of {a.table}, {len(pos)} positions, "
        f"{a.candidates} worlds: mean log-probability of each hidden card's true place"
    )
    for tau in [None, *a.tempering]:
        s = statistics.mean(placement_score(g, d, seat, tau, a.candidates) for g, d, seat in pos)
        label = "hard constraints only" if tau is None else f"weighted, tempering {tau:g}"
        print(f"  {label:26} {s:+.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
