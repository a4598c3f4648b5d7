"""Deals finished while the data folder cannot be written are kept by the keeper: counted
in the statistics once it can be written again, or said to be lost when the window closes
first. The read-only folder is made by a writer that refuses (CI runs as root)."""

from __future__ import annotations

import errno

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from gamecore import stats as gstats
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.windows.mainwindow import MainWindow


class ReadOnly:
    """A writer in place of :func:`gamecore.atomicfile.write_atomic` that refuses while
    :attr:`on` is set, as a read-only data folder does."""

    def __init__(self, write) -> None:
        self.write = write
        self.on = False

    def __call__(self, path, data) -> None:
        if self.on:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        self.write(path, data)


def _read_only(monkeypatch) -> ReadOnly:
    from gamecore.atomicfile import write_atomic

    writer = ReadOnly(write_atomic)
    monkeypatch.setattr("gamecore.stats.write_atomic", writer)
    monkeypatch.setattr("gui.store.autosave.write_atomic", writer)
    return writer


def _window(qtbot, tmp_path) -> MainWindow:
    window = MainWindow(pace=0, seed=5, autosave=tmp_path / "auto.parlour.json")
    qtbot.addWidget(window)
    window.show()
    window.controller.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)],
            options={"gen.rounds": 3},
        )
    )
    return window


def _play_deal(qtbot, window: MainWindow) -> None:
    """Play the deal at the table to its summary, Ann always making the first choice."""
    c = window.controller
    while True:
        qtbot.waitUntil(lambda: c.state in ("human", "staking", "summary"), timeout=5000)
        if c.state == "summary":
            return
        if c.state == "staking":
            c.view.stake_panel.accept()
            continue
        c.person.chose_card(c.session.deal.decision().actions[0].card)


def _next_deal(qtbot, window: MainWindow, deals: int) -> None:
    c = window.controller
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(c.session.logs) == deals)


def test_deals_finished_while_read_only_are_counted_when_it_is_writable(
    qtbot, tmp_path, monkeypatch
):
    writer = _read_only(monkeypatch)
    window = _window(qtbot, tmp_path)
    c = window.controller
    stats_file = tmp_path / "statistics.json"
    writer.on = True
    _play_deal(qtbot, window)
    _next_deal(qtbot, window, 2)
    _play_deal(qtbot, window)
    assert c.keeper.flush_autosave()
    assert not stats_file.exists()
    qtbot.waitUntil(
        lambda: any(t.startswith("Statistics cannot be saved") for t in window.notices.texts())
    )
    writer.on = False
    _next_deal(qtbot, window, 3)
    _play_deal(qtbot, window)
    assert c.keeper.flush_autosave()
    ann = gstats.load(stats_file).player("Newmarket", "Ann")
    # Ann's running result after each deal: all three deals, in order.
    want = [log.balances[0] - c.session.start_balances[0] for log in c.session.logs]
    assert (ann.deals, ann.current) == (3, want)
    assert gstats.load(stats_file).counted == {c.keeper.session_id(): 3}
    window.close()
    assert not [t for t in window.notices.texts() if "lost" in t]


def test_deals_still_uncounted_when_the_window_closes_are_said_to_be_lost(
    qtbot, tmp_path, monkeypatch
):
    writer = _read_only(monkeypatch)
    window = _window(qtbot, tmp_path)
    writer.on = True
    _play_deal(qtbot, window)
    _next_deal(qtbot, window, 2)
    _play_deal(qtbot, window)
    window.close()
    assert not (tmp_path / "statistics.json").exists()
    assert (
        "2 finished deals could not be counted in your statistics (the data folder could "
        "not be written) and are lost." in window.notices.texts()
    )
