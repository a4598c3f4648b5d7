"""``python -m gui.app.bench_resume``: does a long saved game freeze the start?

Each start is a fresh process (offscreen) with its own data folder, timed from the
window's creation. For a fresh start (no saved game) and for a saved game of 1,000 and of
10,000 deals (Spoil Five, you and nine Normal computer players, the last deal under way at
your turn) it prints:

- the time to a responding window: the table painted once and an event posted after
  ``start()`` handled (target with a saved game: at most 1.2 × a fresh start's);
- with ``--resume``'s path, the time until the resumed table shows the saved deal (the
  table painted with it), and with the offer's path the time until the question is up;
- the longest stall of the event loop meanwhile, the longest gap between ticks of a 10 ms
  timer from the event loop's first turn until then (target ≤ 100 ms): while the game is
  read and replayed (``while read``), and at its hand-over to the table (``hand-over``: the
  gap in which the GUI thread resumes or offers the game and paints it, as a fresh start
  deals and paints its first deal).

The machine's load counts: on a busy machine every figure grows, a fresh start's as well;
the first line printed is the longest gap of an idle event loop over three seconds (the
machine's own noise).

``--deals 1000,10000`` chooses the sizes, ``--repeat 3`` how many starts of each kind are
measured (the median is shown), ``--folder`` where the generated games are kept (default:
the system's temporary folder; each is made once, by playing the engine's first legal
action, and reused).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The game the saved sessions are of, and its players (the most the game allows).
GAME, PLAYERS = "spoil-five", 10
#: Seconds one measured start may take before it is given up.
RUN_TIMEOUT = 300


def saved_game(deals: int, folder: Path | None = None) -> Path:
    """A record of ``deals`` deals of Spoil Five for ten players: ``deals - 1`` finished and
    the last under way up to seat 0's first card decision, made once and kept in ``folder``
    (default: the system's temporary folder). ``deals`` is 1 to 10,000 (the most rounds,
    1,000, of ten deals each). Raises ``ValueError`` for another number."""
    from gamecore.decisions import PlayChoice
    from gamecore.games import make_game
    from gamecore.match import Session
    from gamecore.record import save_record

    if not 1 <= deals <= 10_000:
        raise ValueError(f"deals must be 1 to 10,000, not {deals}")
    # The name says what the file holds, so a file of another shape is never taken for it.
    path = (folder or Path(tempfile.gettempdir())) / f"parlour-bench-sf10-{deals}.parlour.json"
    if path.exists():
        return path
    rounds = -(-deals // PLAYERS)
    game = make_game(GAME, {"gen.rounds": rounds, "gen.allowDebt": True})
    session = Session(game, ["You", *(f"P{s}" for s in range(2, PLAYERS + 1))], 0)
    for k in range(deals):
        session.start_deal_seeded(k)
        while not session.deal.over:
            d = session.decision()
            last = k == deals - 1
            if last and isinstance(d, PlayChoice) and d.seat == 0:
                break  # the saved deal waits for you
            session.apply(d.actions[0] if isinstance(d, PlayChoice) else d.default_action())
    save_record(session, path)
    return path


def _lay_out(record: Path | None) -> Path:
    """A fresh data folder, holding ``record`` as its autosave (you in seat 0, computers in
    the others) when given; returns the autosave's path."""
    from gui.store import persistence

    folder = Path(tempfile.mkdtemp(prefix="parlour-bench-resume-"))
    autosave = folder / persistence.AUTOSAVE
    if record is not None:
        shutil.copyfile(record, autosave)
        people = [s == 0 for s in range(PLAYERS)]
        persistence.meta_path(autosave).write_text(
            json.dumps({"people": people, "allow_undo": True, "levels": None})
        )
    return autosave


def child(autosave: Path, mode: str) -> dict[str, float]:
    """One start, in this process: the window on ``autosave``'s data folder, started with
    ``mode`` "resume" (``--resume``) or "offer"; returns the milliseconds from the window's
    creation to a responding window (``responding``) and to the saved game shown
    (``shown``; the fresh start's own game when there is none), and the longest gap between
    ticks of a 10 ms timer until then: before the game was handed to the table (``read``)
    and the gap in which it was (``handover``)."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from gui.windows.mainwindow import MainWindow

    app = QApplication.instance() or QApplication([])
    t0 = time.perf_counter()
    window = MainWindow(pace=0, seed=1, autosave=autosave)
    window.resize(1280, 800)
    marks: dict[str, float] = {}
    ticks: list[float] = []

    def ms() -> float:
        return (time.perf_counter() - t0) * 1000

    def shown() -> bool:
        if mode == "offer":
            return window.message is not None and window.message.isVisible()
        c = window.controller
        return c.session is not None and window.loading is None

    class Painted(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
            if event.type() == QEvent.Type.Paint and window.view.scene().items():
                marks.setdefault("painted", ms())
                if "game" in marks and "shown" not in marks:
                    marks["shown"] = ms()
                    QTimer.singleShot(0, app.quit)
            return False

    window.view.viewport().installEventFilter(Painted(window))  # the window keeps it alive
    timer = QTimer(interval=10)

    def tick() -> None:
        ticks.append(ms())
        if "game" not in marks and shown():
            marks["game"] = ms()
            marks["handed"] = len(ticks) - 1  # the tick ending the hand-over's gap
            window.view.viewport().update()  # the next paint shows it

    timer.timeout.connect(tick)
    window.show()
    window.start(resume=mode == "resume")

    # the loop's first turn: the stalls are counted from here
    QTimer.singleShot(0, lambda: ticks.append(marks.setdefault("tick", ms())))
    timer.start()
    QTimer.singleShot(RUN_TIMEOUT * 1000, app.quit)
    app.exec()  # the event loop as the table runs it, until the saved game is shown
    timer.stop()
    window.controller.keeper.flush_autosave()
    window.close()
    return _figures(marks, ticks)


def _figures(marks: dict[str, float], ticks: list[float]) -> dict[str, float]:
    """The figures of :func:`child` from its ``marks`` (ms, and ``handed``: the index of the
    tick that found the game handed over) and its timer's ``ticks`` (ms)."""
    gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    k = max(int(marks.get("handed", len(ticks))) - 1, 0)  # gaps before: the game was read
    return {
        "responding": max(marks.get("painted", float("nan")), marks.get("tick", float("nan"))),
        "shown": marks.get("shown", float("nan")),
        "read": max(gaps[:k], default=0.0),
        "handover": max(gaps[k:], default=0.0),
    }


def idle(seconds: float = 3.0) -> dict[str, float]:
    """The longest gap (``read``, ms) between ticks of a 10 ms timer in an event loop with
    nothing else to do for ``seconds``: what the machine's load alone costs."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter() * 1000))
    timer.start(10)
    QTimer.singleShot(int(seconds * 1000), app.quit)
    app.exec()
    timer.stop()
    gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    return {"read": max(gaps, default=0.0)}


def _run_child(record: Path | None, mode: str) -> dict[str, float]:
    """One start in a new process (see :func:`child`); its data folder is removed after."""
    autosave = _lay_out(record)
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "gui.app.bench_resume", "--child", mode, str(autosave)],
            env=env,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT + 60,
            check=True,
        )
    finally:
        shutil.rmtree(autosave.parent, ignore_errors=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _row(label: str, mode: str, runs: list[dict[str, float]]) -> float:
    """Print the medians of ``runs`` as the row of ``label`` and ``mode``; returns the
    median time to a responding window (ms)."""

    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print(
        f"{label:13}  {mode:6}  {median('responding'):10.0f}  {median('shown'):10.0f}  "
        f"{median('read'):16.0f}  {median('handover'):18.0f}"
    )
    return median("responding")


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit 0."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    p = argparse.ArgumentParser(prog="python -m gui.app.bench_resume", description=__doc__)
    p.add_argument("--deals", default="1000,10000")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--folder", type=Path, default=None, help="where saved games are kept")
    p.add_argument("--child", nargs=2, metavar=("MODE", "AUTOSAVE"), help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.child:
        mode, autosave = a.child
        print(json.dumps(idle() if mode == "idle" else child(Path(autosave), mode)))
        return 0
    sizes = [int(x) for x in a.deals.split(",")]
    records = {n: saved_game(n, a.folder) for n in sizes}
    print(f"Starting the table: the median of {a.repeat} starts each, in ms from the window's")
    print("creation; the stalls are the longest gaps of a 10 ms timer's ticks.")
    noise = _run_child(None, "idle")["read"]
    print(f"an idle event loop's longest gap on this machine now: {noise:.0f} ms")
    print("saved game     path    responding  game shown  stall while read  stall at hand-over")
    fresh = [_run_child(None, "resume") for _ in range(a.repeat)]
    base = _row("none (fresh)", "-", fresh)
    worst_ratio, worst_read = 0.0, 0.0
    for n in sizes:
        for mode in ("offer", "resume"):
            runs = [_run_child(records[n], mode) for _ in range(a.repeat)]
            worst_ratio = max(worst_ratio, _row(f"{n:,} deals", mode, runs) / base)
            worst_read = max(worst_read, max(max(r["read"], r["handover"]) for r in runs))
    print(
        f"responding window with a saved game: at most {worst_ratio:.2f} × a fresh start's "
        f"(target ≤ 1.2); longest stall until the saved game was shown: {worst_read:.0f} ms "
        "(target ≤ 100)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
