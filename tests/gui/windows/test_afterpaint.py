"""The saved game's reading at start-up waits for the window's first paint
(gui.windows.afterpaint): its Python work would otherwise share the interpreter with
the first paint and delay the window."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from gui.windows import afterpaint
from gui.windows.afterpaint import after_first_paint


class _Paints(QObject):
    """Records "paint" in ``log`` for every paint event of the widget it watches."""

    def __init__(self, log: list[str]) -> None:
        super().__init__()
        self.log = log

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.Paint:
            self.log.append("paint")
        return False


def test_a_hidden_widget_runs_it_at_once(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    log: list[str] = []
    after_first_paint(w, lambda: log.append("ran"))
    assert log == ["ran"]


def test_a_shown_widget_runs_it_once_after_its_first_paint(qtbot, monkeypatch):
    monkeypatch.setattr(afterpaint, "NO_PAINT_WAIT", 60_000)  # only the paint may start it
    w = QWidget()
    qtbot.addWidget(w)
    log: list[str] = []
    paints = _Paints(log)
    w.installEventFilter(paints)
    w.resize(200, 100)
    w.show()
    after_first_paint(w, lambda: log.append("ran"))
    assert "ran" not in log  # not before the event loop has painted
    qtbot.waitUntil(lambda: "ran" in log, timeout=10_000)
    assert log.index("paint") < log.index("ran")
    w.update()
    qtbot.waitUntil(lambda: log.count("paint") >= 2, timeout=10_000)
    assert log.count("ran") == 1  # later paints do not run it again
