"""Driving the real table in tests: opening a window, clicking and dragging cards on
the view's viewport, pressing the staking panel's and the dialogs' buttons, and waiting
for the person's turn. Shared by the GUI test modules (no test module imports another)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
)

from gamecore.cards import card_code, cards_in
from gamecore.decisions import PlayChoice
from gui.play import controller as ctl
from gui.table.items import CardItem
from gui.windows.dialogs import DealSummaryDialog, StandingsDialog
from gui.windows.mainwindow import MainWindow

SEED = 20240611
WAIT = 5000  # ms: generous upper bound for one step; a step takes a few ms at pace 0
LEFT = Qt.MouseButton.LeftButton
NOMOD = Qt.KeyboardModifier.NoModifier
#: The window on an 800×600 screen, its frame and title bar taken off (the offscreen
#: screen is 800 wide and keeps the window's 2-pixel frame inside it).
SMALL_SCREEN = (796, 576)


# ---------------------------------------------------------------------------------------------
# Helpers


def open_window(qtbot, seed: int = SEED, on_start=None) -> MainWindow:
    """A started MainWindow (pace 0, fixed seed), shown at 1280×800 with its layout drawn.
    ``on_start(win)`` runs right after ``start()``, before any event is processed."""
    return show_and_start(qtbot, MainWindow(pace=0, seed=seed), on_start)


def show_and_start(qtbot, win: MainWindow, on_start=None) -> MainWindow:
    """Show ``win`` at 1280×800, start it and wait until its table is laid out.
    ``on_start(win)`` runs right after ``start()``, before any event is processed."""
    qtbot.addWidget(win)
    win.show()
    win.resize(1280, 800)
    qtbot.waitExposed(win)
    win.start()
    if on_start is not None:
        on_start(win)
    qtbot.waitUntil(lambda: laid_out(win), timeout=WAIT)
    return win


def laid_out(win: MainWindow) -> bool:
    """The table's layout is drawn for the view's present size."""
    lay, vp = win.view.layout_, win.view.viewport().rect()
    return lay is not None and (lay.width, lay.height) == (vp.width(), vp.height())


def resize_window(qtbot, win: MainWindow, size: tuple[int, int]) -> None:
    """Resize ``win`` to ``size`` (width, height in pixels) and wait until the table is
    laid out again for it."""
    win.resize(*size)
    qtbot.waitUntil(lambda: win.size().toTuple() == size and laid_out(win), timeout=WAIT)


def window_with_autosave(qtbot, folder, seed: int = SEED) -> MainWindow:
    """A shown 1280×800 MainWindow (pace 0) whose autosave lives in ``folder``; not started:
    the test begins its own session."""
    from gui.store import persistence

    win = MainWindow(pace=0, seed=seed, autosave=folder / persistence.AUTOSAVE)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    return win


def first_cards_to_summary(qtbot, win: MainWindow, wait: int = 20_000) -> None:
    """Play the deal to its summary: stakes as proposed, the person's first legal card at
    each of their turns, the computers as they will."""
    c = win.controller
    for _ in range(500):
        qtbot.waitUntil(
            lambda: (
                c.state in (ctl.HUMAN, ctl.SUMMARY)
                or (c.state == ctl.STAKING and c.view.stake_panel.isVisible())
            ),
            timeout=wait,
        )
        if c.state == ctl.SUMMARY:
            return
        if c.state == ctl.STAKING:
            c.view.stake_panel.accept()
            continue
        d = c.session.decision()
        if isinstance(d, PlayChoice) and d.seat == c.human:
            c.person.chose_card(d.actions[0].card)
    raise AssertionError("the deal did not end")


def status(win: MainWindow) -> str:
    label = win.findChild(QLabel, "status")
    assert label is not None
    return label.text()


def person_choice(win: MainWindow) -> PlayChoice | None:
    """The person's pending card choice when it is really theirs to make (not a forced move,
    which plays itself), the table at rest; else ``None``."""
    c = win.controller
    if c.state != ctl.HUMAN or c.session is None or c.session.deal is None or win.view.busy:
        return None
    d = c.session.deal.decision()
    if isinstance(d, PlayChoice) and d.seat == c.human and not c.plays_itself(d):
        return d
    return None


def open_dialog(win: MainWindow) -> QDialog | None:
    dlg = win.controller.dialog
    return dlg if dlg is not None and dlg.isVisible() else None


def needs_person(win: MainWindow) -> bool:
    state = win.controller.state
    if state == ctl.STAKING:
        return win.view.stake_panel.isVisible()
    if state in (ctl.SUMMARY, ctl.OVER):
        return open_dialog(win) is not None
    return person_choice(win) is not None


def click_stake_ok(qtbot, win: MainWindow) -> None:
    """Click the staking panel's button (Stake / Spread); the decision is applied."""
    c = win.controller
    panel = win.view.stake_panel
    button = panel.findChild(QPushButton, "ok")
    assert panel.isVisible() and button.isVisible() and button.isEnabled()
    n = len(c.session.logs[-1].actions)
    qtbot.mouseClick(button, LEFT)
    assert len(c.session.logs[-1].actions) == n + 1


def wait_for_person(qtbot, win: MainWindow) -> None:
    """Wait until the person must act, and stays so after the event queue has run (a
    pending step may still change the status line or the state)."""
    while True:
        qtbot.waitUntil(lambda: needs_person(win), timeout=WAIT)
        qtbot.wait(1)
        if needs_person(win):
            return


def ok_button(dlg: QDialog) -> QPushButton:
    box = dlg.findChild(QDialogButtonBox)
    assert box is not None
    ok = box.button(QDialogButtonBox.StandardButton.Ok)
    if ok is None:
        ok = next(b for b in dlg.findChildren(QPushButton) if b.isDefault())
    return ok


def click_button(qtbot, dlg: QDialog, button: QPushButton) -> None:
    assert button.isVisible() and button.isEnabled(), button.objectName()
    with qtbot.waitSignal(dlg.finished, timeout=WAIT):
        qtbot.mouseClick(button, LEFT)


def advance(
    qtbot, win: MainWindow, max_steps: int = 400, allow_end: bool = False, check: bool = False
) -> PlayChoice | None:
    """Make stakes as proposed (the panel's button) and accept deal summaries (Next) until
    the person has a real card
    choice; return it. At the end of the session (standings shown) return ``None`` if
    ``allow_end``, else fail. ``check``: check every card's place whenever the person must
    act."""
    for _ in range(max_steps):
        wait_for_person(qtbot, win)
        if check:
            check_places(win)
        d = person_choice(win)
        if d is not None:
            return d
        if win.controller.state == ctl.STAKING:
            click_stake_ok(qtbot, win)
            continue
        dlg = open_dialog(win)
        assert dlg is not None
        if isinstance(dlg, StandingsDialog) and allow_end:
            return None
        if isinstance(dlg, DealSummaryDialog):
            click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))
        else:
            pytest.fail(f"unexpected dialog {dlg!r} in state {win.controller.state}")
    pytest.fail("the person never got a card choice")


def hand_items(win: MainWindow) -> list[CardItem]:
    """The person's hand items, left to right."""
    items = [it for it in win.view.cards.values() if it.in_hand]
    return sorted(items, key=lambda it: it.pos().x())


def grab_point(win: MainWindow, item: CardItem) -> QPoint:
    """A viewport point on ``item`` where it is the topmost hand card: its centre when that
    is visible (cards overlap in the hand), else the nearest visible point on its row."""
    view = win.view
    rect = item.sceneBoundingRect()
    centre = view.mapFromScene(rect.center())
    if view.hand_card_at(centre) is item:
        return centre
    y = rect.center().y()
    for i in range(1, 40):
        p = view.mapFromScene(QPointF(rect.left() + rect.width() * i / 40, y))
        if view.hand_card_at(p) is item:
            return p
    pytest.fail(f"no visible point on {card_code(item.card)}")


def table_point(win: MainWindow) -> QPointF:
    """A scene point in the middle of the table, well above the drop line."""
    lay = win.view.layout_
    assert lay is not None
    return QPointF(lay.width / 2, lay.drop_line - lay.card_h)


def drag(
    qtbot,
    win: MainWindow,
    item: CardItem,
    to_centre: QPointF,
    via: tuple[QPointF, ...] = (),
    steps: int = 8,
) -> None:
    """Press on ``item``, move in ``steps`` per leg so that the card's centre passes through
    ``via`` and ends at ``to_centre`` (scene), and release there — all as mouse events on the
    viewport. Checks that the card follows the pointer."""
    view = win.view
    vp = view.viewport()
    start = grab_point(win, item)
    offset = view.mapToScene(start) - item.sceneBoundingRect().center()
    QTest.mousePress(vp, LEFT, NOMOD, start)
    here = QPointF(start)
    for centre in (*via, to_centre):
        end = QPointF(view.mapFromScene(centre + offset))
        for i in range(1, steps + 1):
            p = here + (end - here) * (i / steps)
            QTest.mouseMove(vp, QPoint(round(p.x()), round(p.y())))
        here = end
        got = item.sceneBoundingRect().center()
        assert abs(got.x() - centre.x()) <= 2 and abs(got.y() - centre.y()) <= 2
    QTest.mouseRelease(vp, LEFT, NOMOD, QPoint(round(here.x()), round(here.y())))


def click_card(win: MainWindow, item: CardItem) -> None:
    """Press and release on ``item`` without moving (a click)."""
    p = grab_point(win, item)
    QTest.mousePress(win.view.viewport(), LEFT, NOMOD, p)
    QTest.mouseRelease(win.view.viewport(), LEFT, NOMOD, p)


def engine_hand(win: MainWindow) -> set[int]:
    deal = win.controller.session.deal
    return set(cards_in(deal.hands[win.controller.human]))


def check_places(win: MainWindow) -> None:
    """Every card in exactly one place (the table at rest)."""
    view, deal = win.view, win.controller.session.deal
    assert not view.busy
    scene_cards = [it.card for it in view.scene().items() if isinstance(it, CardItem)]
    assert len(scene_cards) == len(set(scene_cards)), "a card is drawn twice"
    assert set(scene_cards) == set(view.cards)
    for c, item in view.cards.items():
        assert item.card == c
        assert item.pos() == item.home, f"{card_code(c)} is not at its place"
    in_hand = {c for c, it in view.cards.items() if it.in_hand}
    on_table = {c for c, it in view.cards.items() if not it.in_hand}
    if deal.phase == "staking":
        assert in_hand == set()  # no cards are shown while staking (GEN-9)
    else:
        assert in_hand == engine_hand(win)
    if not deal.over:
        assert on_table == {p.card for p in deal.history}
    places = [(round(it.home.x(), 3), round(it.home.y(), 3)) for it in view.cards.values()]
    assert len(places) == len(set(places)), "two cards share a place"


def find_illegal_choice(qtbot, win: MainWindow) -> tuple[PlayChoice, int]:
    """Advance (playing the first legal card by a click when needed) until the person must
    lead and holds a card that may not be led; return the choice and that card."""
    for _ in range(60):
        d = advance(qtbot, win)
        legal = {a.card for a in d.actions}
        illegal = sorted(engine_hand(win) - legal)
        if illegal:
            return d, illegal[0]
        item = next(it for it in hand_items(win) if it.playable)
        click_card(win, item)
    pytest.fail("no position with an illegal card found")


def advance_to_next_deal(qtbot, win: MainWindow) -> None:
    """Play the current deal out (clicking the first playable card each time) and accept its
    summary; the next deal has started when this returns."""
    play_deal_by_clicks(qtbot, win)
    dlg = win.controller.dialog
    deals = len(win.controller.session.logs)
    click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))
    qtbot.waitUntil(lambda: len(win.controller.session.logs) == deals + 1, timeout=WAIT)


def play_deal_by_clicks(qtbot, win: MainWindow, clicks: list[int] | None = None) -> None:
    """Until the deal's summary shows: make stakes as proposed (the panel's button), and
    make the person's choices by clicking the leftmost playable card (real mouse events on
    the viewport)."""
    for _ in range(200):
        wait_for_person(qtbot, win)
        c = win.controller
        if c.state == ctl.SUMMARY:
            return
        if c.state == ctl.STAKING:
            click_stake_ok(qtbot, win)
            continue
        item = next(it for it in hand_items(win) if it.playable)
        n = len(c.session.logs[-1].actions)
        click_card(win, item)
        assert c.session.logs[-1].actions[n] == f"0 {card_code(item.card)}"
        if clicks is not None:
            clicks.append(item.card)
    pytest.fail("the deal did not end")


# ---- the keyboard alone --------------------------------------------------------------------


def key_play(qtbot, win: MainWindow, card: int) -> None:
    """Play ``card`` with the keyboard: arrows over the playable cards, then Enter."""
    view = win.view
    view.setFocus()
    for _ in range(20):
        if view.focus_card == card:
            break
        qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.focus_card == card
    qtbot.keyClick(view, Qt.Key.Key_Return)


def prompt_keys(win: MainWindow) -> list[str]:
    """The keys of the prompt's buttons, in their order ("commit", "pass")."""
    return [b.objectName() for b in win.view.prompt.findChildren(QPushButton)]


def key_button(qtbot, win: MainWindow, key: str) -> None:
    """Press the prompt's button ``key`` with the keyboard: Tab into the prompt, Tab on to
    the button (it must take the focus), then Space."""
    buttons = win.view.prompt.findChildren(QPushButton)
    button = win.view.prompt.findChild(QPushButton, key)
    win.activateWindow()  # the window again, after a deal's summary had the focus
    qtbot.waitUntil(win.isActiveWindow, timeout=WAIT)
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_Tab)
    qtbot.waitUntil(buttons[0].hasFocus, timeout=WAIT)
    for _ in range(len(buttons)):
        if button.hasFocus():
            break
        qtbot.keyClick(win.view.prompt.focusWidget(), Qt.Key.Key_Tab)
    assert button.hasFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)
