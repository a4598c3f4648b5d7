"""``python -m gui.app.bench``: how long the GUI's event loop stalls while Hard computer players
think (target: no gap over 50 ms). Runs offscreen; prints the longest and the 99th-percentile
gap between ticks of a 10 ms timer over a few deals of every registered game and profile
(``--games`` picks labels, as in ``python -m gamecore.bench``). ``--busy N`` measures beside N
busy-loop processes (:mod:`gamecore.busyload`): the loaded figure (``--busy 2`` on 2 cores)."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from typing import Any

from gamecore.bench import bench_games
from gamecore.busyload import busy_loops

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo")


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit 0 (2 for an unknown ``--games`` label)."""
    games = bench_games()
    labels = [label for label, *_ in games]
    p = argparse.ArgumentParser(prog="python -m gui.app.bench", description=__doc__)
    p.add_argument(
        "--games",
        nargs="*",
        choices=labels,
        default=labels,
        metavar="LABEL",
        help=f"labels to run (default all: {', '.join(labels)})",
    )
    p.add_argument("--deals", type=int, default=3, help="deals per game")
    p.add_argument(
        "--busy",
        type=int,
        default=0,
        metavar="N",
        help="run N busy-loop processes during the measurement (the loaded figure)",
    )
    a = p.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    print("Gaps between ticks of a 10 ms timer while a Hard computer player thinks.")
    if a.busy:
        print(f"With {a.busy} busy-loop processes running.")
    print("game            deals  decisions  longest gap  p99 gap")
    worst = 0.0
    with busy_loops(a.busy):
        for label, name, options, players in games:
            if label in a.games:
                worst = max(worst, _measure(app, label, name, options, players, a.deals))
    print(f"longest GUI event-loop gap while Hard thinks: {worst:.1f} ms (target ≤ 50 ms)")
    return 0


def _measure(
    app: Any, label: str, name: str, options: dict[str, Any], players: int, deals: int
) -> float:
    """Play ``deals`` deals of game ``name`` (with ``options``) with Hard in all ``players``
    seats in a main window, print the row of ``label``, and return its longest gap (ms)
    inside a computer's turn. ``app``: the running QApplication."""
    from PySide6.QtCore import QTimer

    from gui.model.setup import Setup
    from gui.play.seats import SeatKind
    from gui.windows.mainwindow import MainWindow

    window = MainWindow(pace=0, seed=1)
    window.show()
    c = window.controller
    c.new_session(Setup(name, options, [SeatKind(NAMES[s], False, "hard") for s in range(players)]))
    gaps: list[float] = []
    every: list[float] = []
    last = [time.perf_counter(), c.state]

    def tick() -> None:
        now = time.perf_counter()
        every.append(now - last[0])
        if last[1] == "computer" and c.state == "computer":
            gaps.append(now - last[0])  # the whole gap fell inside a computer's turn
        last[0], last[1] = now, c.state

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    start = time.perf_counter()
    while _deals_played(c.session) < deals and time.perf_counter() - start < 60:
        app.processEvents()
        time.sleep(0.001)
    timer.stop()
    played = _deals_played(c.session)
    decisions = sum(len(log.actions) for log in c.session.logs[:played])
    gaps.sort()
    longest = max(gaps) * 1000 if gaps else 0.0
    p99 = gaps[int(len(gaps) * 0.99)] * 1000 if gaps else 0.0
    print(
        f"{label:15} {played:5}  {decisions:9}  {longest:8.1f} ms  "
        f"{p99:6.1f} ms   (any moment: {max(every, default=0.0) * 1000:.0f} ms, with the table "
        "drawing each play at once)"
    )
    window.close()
    return longest


def _deals_played(session: Any) -> int:
    """The deals of ``session`` (a match) played to their end: a deal has its log from its
    first card, so the one in progress is not counted."""
    return len(session.logs) - int(session.deal_in_progress)


if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())
