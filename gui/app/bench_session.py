"""``python -m gui.app.bench_session``: does a long session stay cheap at the table?

For sessions of 100 and of 4,000 finished deals of Newmarket (you and four Normal computer
players), resumed at the table offscreen, it measures the GUI thread's time for every
action of the next deals (the table's whole response to it: the engine, the autosave, the
redraw, and at the end of a deal its summary, statistics and the write of the record) and
for one undo, and prints the slowest of each and the ratio 4,000 ÷ 100 (target ≤ 1.5).

``--deals 100,4000`` chooses the sizes, ``--measure 3`` the deals measured at each.
Sessions are generated once by playing the engine's first legal action, and kept in the
system's temporary folder.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gui.play.controller import Controller


def session_file(deals: int, folder: Path | None = None) -> Path:
    """A record of ``deals`` finished deals of Newmarket (5 players), made once and kept in
    ``folder`` (default: the system's temporary folder)."""
    from gamecore.decisions import PlayChoice
    from gamecore.games import make_game
    from gamecore.match import Session
    from gamecore.record import save_record

    # The name says what the file holds, so a file of another shape is never taken for it.
    path = (folder or Path(tempfile.gettempdir())) / f"parlour-bench-nm5-{deals}.parlour.json"
    if path.exists():
        return path
    rounds = -(-(deals + 10) // 5)  # five players: 1,000 rounds (the most) hold 5,000 deals
    game = make_game("newmarket", {"gen.rounds": rounds, "gen.allowDebt": True})
    session = Session(game, ["You", "Ben", "Cat", "Dan", "Eve"], 0)
    for k in range(deals):
        session.start_deal_seeded(k)
        while not session.deal.over:
            d = session.decision()
            session.apply(d.actions[0] if isinstance(d, PlayChoice) else d.default_action())
    save_record(session, path)
    return path


def _timed(owner: Any, name: str, spent: list[float]) -> None:
    """Wrap ``owner.name`` so each call's duration is appended to ``spent``."""
    inner = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - t)

    setattr(owner, name, wrapper)


def measure(deals: int, measured: int, folder: Path | None = None) -> tuple[float, float, float]:
    """Resume a session of ``deals`` deals and play ``measured`` more; returns the GUI
    thread's slowest action (s), its median action (s) and one undo (s)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from gui.store import persistence
    from gui.windows.mainwindow import MainWindow

    app = QApplication.instance() or QApplication([])
    folder = Path(tempfile.mkdtemp(prefix="parlour-bench-"))
    autosave = folder / persistence.AUTOSAVE
    session, _ = persistence.load(session_file(deals, folder))
    meta = persistence.TableMeta([True, False, False, False, False])
    window = MainWindow(pace=0, seed=1, autosave=autosave)
    window.resize(1280, 800)
    window.show()
    c = window.controller
    c.auto_play = False
    spent: list[float] = []
    # Everything the GUI thread does for an action enters through one of these.
    for owner, name in (
        (c, "apply"),
        (c, "_step"),
        (c.deal_end, "after_summary"),
        (c.computers, "decided"),
        (c.keeper, "undo"),
    ):
        _timed(owner, name, spent)
    window.resume(session, meta)
    target = len(session.logs) + measured
    undo_time: list[float] = []

    ready: list[bool] = []  # set when, in the last deal, the person has a decision to take back

    def person() -> None:
        _person_acts(c, target, ready)

    def on_state(_state: str) -> None:
        QTimer.singleShot(0, person)

    c.state_changed.connect(on_state)
    QTimer.singleShot(0, person)
    deadline = time.monotonic() + 600
    while not ready and time.monotonic() < deadline:
        app.processEvents()
    if ready:
        before = len(spent)
        c.keeper.undo()
        undo_time.append(spent[before])
    c.state_changed.disconnect(on_state)
    c.keeper.flush_autosave()
    window.close()
    window.deleteLater()
    app.processEvents()
    times = sorted(spent)
    return times[-1], times[len(times) // 2], undo_time[0] if undo_time else float("nan")


def _person_acts(c: Controller, target: int, ready: list[bool]) -> None:
    """The person's move at the table run by ``c``: the first card, the stake offered, the
    next deal; once the session holds ``target`` deals and the person has a decision to
    take back, mark ``ready`` and stop (the undo is measured next)."""
    from gamecore.decisions import PlayChoice
    from gui.play import controller as ctl

    if c.session is None or ready:
        return
    if (
        c.state == ctl.HUMAN
        and len(c.session.logs) >= target
        and c.keeper.undo_target() is not None
    ):
        ready.append(True)  # stop here: the undo is measured next
        return
    if c.state == ctl.HUMAN:
        d = c.session.decision()
        if isinstance(d, PlayChoice) and d.seat == 0:
            c.person.chose_card(d.actions[0].card)
    elif c.state == ctl.STAKING:
        c.view.stake_panel.accept()
    elif c.state == ctl.SUMMARY and c.dialog is not None:
        c.dialog.accept()


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit 0."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    parser = argparse.ArgumentParser(prog="python -m gui.app.bench_session")
    parser.add_argument("--deals", default="100,4000")
    parser.add_argument("--measure", type=int, default=3)
    parser.add_argument(
        "--folder", type=Path, default=None, help="where the generated sessions are kept"
    )
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.deals.split(",")]
    print("GUI-thread time per action while the session goes on (Newmarket, 5 players)")
    print("deals in session   slowest action   median action   one undo")
    rows: dict[int, tuple[float, float, float]] = {}
    for n in sizes:
        rows[n] = measure(n, args.measure, args.folder)
        slow, median, undo = rows[n]
        print(f"{n:16}   {slow * 1000:11.1f} ms   {median * 1000:10.2f} ms   {undo * 1000:6.1f} ms")
    if len(sizes) >= 2:
        small, big = rows[sizes[0]], rows[sizes[-1]]

        def ratio(i: int) -> float:
            return big[i] / small[i] if small[i] else 0.0

        print(
            f"ratio {sizes[-1]} ÷ {sizes[0]}: slowest action {ratio(0):.2f}, undo "
            f"{ratio(2):.2f} (target ≤ 1.5)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
