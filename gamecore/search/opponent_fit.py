"""``python -m gamecore.search.opponent_fit``: fit the opponent model of
:mod:`gamecore.search.inference` on the play of every level.

For each game it plays deals at tables whose seats get a level at random (Easy, Normal or
Hard; Hard without inference and with a small budget, so that fitting stays quick and does
not fit the model to itself), takes at the end of each deal the decisions every seat took
(:meth:`~gamecore.search.inference.StopsEvidence.rows` with the true hands, from the last
observation before the deal ended: the same reconstruction the search makes), plus every
claim-or-jink offer (SF-31; a claim ends the deal, so it is taken when it happens), and
fits, for each level's decisions (one *style* of the model's mixture) and each decision
kind, a multinomial logit mixed with a uniform choice by maximum likelihood
(:func:`fit_kind`: EM over the uniform share, Newton steps for the weights, a small ridge
penalty). ``--write`` stores the result in ``gamecore/search/opponent_params.py``. The
search does not know which level a seat plays: it weighs the styles seat by seat by how
well each explains that seat's play (:class:`~gamecore.search.inference.OpponentModel`).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from pathlib import Path
from typing import Any

from gamecore.actions import Jink
from gamecore.agents.levels import agent_for_level
from gamecore.decisions import PlayChoice
from gamecore.games import entries, make_game
from gamecore.match import Session
from gamecore.search.inference import (
    FEATURES,
    SF_JINK,
    Row,
    evidence_for,
    jink_features,
    model_key,
)
from gamecore.spoilfive.deal import SpoilFiveObservation

LEVELS = ("easy", "normal", "hard")


def configs() -> list[tuple[str, dict[str, Any], int]]:
    """``(game, options, players)`` of every registered New Game entry (its profile, its
    default number of seats)."""
    return [(d.name, d.entry_options(e), d.default_players) for d, e in entries()]


def deal_rows(
    name: str, options: dict[str, Any], n: int, seed: int, hard_iterations: int = 60
) -> list[tuple[str, Row]]:
    """The decisions of one deal (seed ``seed``) at a table of random levels, each with
    the level of the seat that took it."""
    game = make_game(name, options)
    rng = random.Random(seed)
    levels = [LEVELS[rng.randrange(3)] for _ in range(n)]
    agents = [agent_for_level(game, lv, iterations=hard_iterations, workers=1) for lv in levels]
    for a in agents:
        if hasattr(a, "inference"):
            a.inference = False
    session = Session(game, [f"p{i}" for i in range(n)], seed % n)
    session.start_deal_seeded(seed)
    deal = session.deal
    assert deal is not None
    rows: list[tuple[str, Row]] = []
    last: tuple[Any, list[int]] | None = None
    while session.deal_in_progress:
        d = session.decision()
        assert d is not None
        obs = deal.observation(d.seat)
        action = agents[d.seat].choose(game, obs, rng)
        if isinstance(d, PlayChoice) and getattr(obs, "phase", "") == "play":
            last = (obs, list(deal.hands))
            if isinstance(obs, SpoilFiveObservation) and any(
                isinstance(a, Jink) for a in d.actions
            ):
                live = ((1 << 52) - 1) & ~_played_sf(obs)
                if obs.robbed_by is None:
                    live &= ~(1 << obs.turnup)
                rows.append(
                    (
                        levels[d.seat],
                        (
                            SF_JINK,
                            jink_features(obs.trump, live, obs.hand),
                            1 if isinstance(action, Jink) else 0,
                        ),
                    )
                )
        session.apply(action)
    if last is not None:
        obs, hands = last
        ev = evidence_for(game, obs, seats=range(n))
        rows.extend((levels[seat], r) for seat, r in ev.rows(hands) if r[0] != SF_JINK)
    return rows


def _played_sf(obs: SpoilFiveObservation) -> int:
    m = 0
    for t in obs.tricks:
        for _, c in t.cards:
            m |= 1 << c
    for _, c in obs.trick:
        m |= 1 << c
    return m


def _deal_rows_star(args: tuple[str, dict[str, Any], int, int, int]) -> list[tuple[str, Row]]:
    return deal_rows(*args)


# ---- fitting ---------------------------------------------------------------------------------


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` is
    symmetric positive definite here, thanks to the ridge term)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                for k in range(col, n + 1):
                    m[r][k] -= f * m[col][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        p = m[r][r]
        x[r] = (
            0.0 if abs(p) < 1e-12 else (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / p
        )
    return x


def _softmax(theta: list[float], feats: list[list[float]]) -> list[float]:
    logits = [sum(t * x for t, x in zip(theta, f, strict=True)) for f in feats]
    top = max(logits)
    e = [math.exp(v - top) for v in logits]
    s = sum(e)
    return [x / s for x in e]


def log_likelihood(
    rows: list[tuple[list[list[float]], int]], theta: list[float], eps: float
) -> float:
    """Mean log-probability of the chosen actions of ``rows`` under ``(theta, eps)``."""
    if not rows:
        return 0.0
    total = 0.0
    for feats, chosen in rows:
        p = _softmax(theta, feats)
        total += math.log((1 - eps) * p[chosen] + eps / len(feats))
    return total / len(rows)


def fit_kind(
    rows: list[tuple[list[list[float]], int]],
    dim: int,
    *,
    ridge: float = 0.5,
    rounds: int = 8,
    newton: int = 3,
) -> tuple[list[float], float]:
    """Maximum-likelihood ``(theta, eps)`` of ``p = (1 − ε) softmax(θ·φ) + ε / k`` on
    ``rows`` (feature vectors of ``dim`` floats per choice, chosen index). EM: the share of
    each decision explained by the uniform part, then ``newton`` Newton steps on θ (ridge
    penalty ``ridge`` · |θ|² / 2) and ε as the mean uniform share; ``rounds`` times. ε is
    kept in [0.01, 0.99]."""
    theta = [0.0] * dim
    eps = 0.3
    for _ in range(rounds):
        resp = []
        for feats, chosen in rows:
            pc = _softmax(theta, feats)[chosen]
            u = eps / len(feats)
            resp.append((1 - eps) * pc / ((1 - eps) * pc + u))
        for _ in range(newton):
            grad = [-ridge * t for t in theta]
            hess = [[(ridge if i == j else 0.0) for j in range(dim)] for i in range(dim)]
            for (feats, chosen), r in zip(rows, resp, strict=True):
                p = _softmax(theta, feats)
                mean = [sum(pj * f[i] for pj, f in zip(p, feats, strict=True)) for i in range(dim)]
                fc = feats[chosen]
                for i in range(dim):
                    grad[i] += r * (fc[i] - mean[i])
                for pj, f in zip(p, feats, strict=True):
                    if pj < 1e-9:
                        continue
                    d = [f[i] - mean[i] for i in range(dim)]
                    w = r * pj
                    for i in range(dim):
                        if d[i]:
                            wi = w * d[i]
                            row = hess[i]
                            for j in range(dim):
                                row[j] += wi * d[j]
            step = _solve(hess, grad)
            theta = [t + s for t, s in zip(theta, step, strict=True)]
        eps = min(0.99, max(0.01, 1 - sum(resp) / len(resp)))
    return theta, eps


def fit(rows: list[Row]) -> dict[str, dict[str, Any]]:
    """Parameters per decision kind fitted on ``rows`` (see :func:`fit_kind`), with the
    number of decisions and the mean log-likelihood per decision of the fit and of a
    uniform choice."""
    out: dict[str, dict[str, Any]] = {}
    for kind, names in FEATURES.items():
        data = [(f, c) for k, f, c in rows if k == kind]
        if len(data) < 30:
            continue
        theta, eps = fit_kind(data, len(names))
        out[kind] = {
            "theta": [round(t, 4) for t in theta],
            "eps": round(eps, 4),
            "decisions": len(data),
            "loglik": round(log_likelihood(data, theta, eps), 4),
            "uniform": round(log_likelihood(data, [0.0] * len(names), 1.0), 4),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line (see ``--help``)."""
    p = argparse.ArgumentParser(
        prog="python -m gamecore.search.opponent_fit", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--deals", type=int, default=300, help="deals per game")
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--games", nargs="*", help="model keys (e.g. newmarket pope-joan-C)")
    p.add_argument("--hard-iterations", type=int, default=60)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--write", action="store_true", help="write opponent_params.py")
    a = p.parse_args(argv)
    from gamecore.search import opponent_params

    params = dict(opponent_params.PARAMS)
    for name, options, n in configs():
        key = model_key(make_game(name, options))
        if a.games and key not in a.games:
            continue
        jobs = [(name, options, n, a.seed * 100_003 + i, a.hard_iterations) for i in range(a.deals)]
        rows: list[tuple[str, Row]] = []
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(a.workers) as pool:
            for r in pool.imap_unordered(_deal_rows_star, jobs, chunksize=4):
                rows.extend(r)
        params[key] = {}
        for level in LEVELS:
            fitted = fit([r for lv, r in rows if lv == level])
            print(
                f"{key} {level}: "
                + ", ".join(
                    f"{k} {v['decisions']} decisions, loglik {v['loglik']:+.3f} (uniform "
                    f"{v['uniform']:+.3f}), eps {v['eps']:.2f}"
                    for k, v in fitted.items()
                ),
                file=sys.stderr,
                flush=True,
            )
            params[key][level] = {
                k: {"theta": v["theta"], "eps": v["eps"]} for k, v in fitted.items()
            }
    if a.write:
        path = Path(opponent_params.__file__)
        text = path.read_text(encoding="utf-8")
        head = text[: text.index("PARAMS: dict")]
        path.write_text(head + format_params(params), encoding="utf-8")
    else:
        print(format_params(params))
    return 0


def format_params(params: dict[str, dict[str, dict[str, dict[str, Any]]]]) -> str:
    """``PARAMS = {...}`` as Python source: game → style → decision kind → weights."""
    lines = ["PARAMS: dict[str, dict[str, dict[str, dict[str, Any]]]] = {"]
    for key in sorted(params):
        lines.append(f"    {key!r}: {{")
        for style in sorted(params[key]):
            lines.append(f"        {style!r}: {{")
            for kind in sorted(params[key][style]):
                v = params[key][style][kind]
                lines.append(f'            {kind!r}: {{"eps": {v["eps"]!r}, "theta": [')
                theta = [repr(t) for t in v["theta"]]
                for i in range(0, len(theta), 8):
                    lines.append("                " + ", ".join(theta[i : i + 8]) + ",")
                lines.append("            ]},")
            lines.append("        },")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
