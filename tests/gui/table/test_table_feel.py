"""The table's feel: keyboard play, zoom, one speed for every motion, settings remembered,
accessible names, sharp cards at scale 2, a storm of resizes ending in one layout."""

import os
import subprocess
import sys

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QPushButton

from gamecore.cards import card_code
from gui.store import settings
from gui.windows.mainwindow import MainWindow
from paths import ROOT


def _window(qtbot, **kw) -> MainWindow:
    window = MainWindow(pace=kw.pop("pace", 0), seed=kw.pop("seed", 4), **kw)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.start()
    return window


def _settle(qtbot, c) -> bool:
    """Wait for a pause: stake as proposed or pass a summary (False), or the person is to
    act (True)."""
    qtbot.waitUntil(lambda: c.state in ("human", "staking", "summary"), timeout=5000)
    if c.state == "staking":
        c.view.stake_panel.accept()
        qtbot.waitUntil(
            lambda: c.state != "staking" or c.view.stake_panel.isVisible(), timeout=5000
        )
        return False
    if c.state == "summary":
        c.dialog.accept()
        qtbot.waitUntil(lambda: c.state != "summary" or c.dialog is not None, timeout=5000)
        return False
    return True


def _until_choice(qtbot, c) -> None:
    """Wait until the person must choose a card that is not forced."""
    while True:
        if not _settle(qtbot, c):
            continue
        d = c.session.deal.decision()
        if len(d.actions) > 1:
            return
        n = len(c.session.logs[-1].actions)
        c.person.chose_card(d.actions[0].card)
        qtbot.waitUntil(lambda n=n: len(c.session.logs[-1].actions) > n, timeout=5000)


def _at_a_choice(qtbot) -> tuple:
    """A table at the person's first choice of a card, the keys on it: the window, its
    controller, its view and the playable cards, left to right."""
    window = _window(qtbot)
    c, view = window.controller, window.view
    _until_choice(qtbot, c)
    view.setFocus()
    return window, c, view, [x for x in view.snapshot.hand if x in view.snapshot.playable]


def test_keyboard_alone_plays_a_card(qtbot):
    window, c, view, playable = _at_a_choice(qtbot)
    QTest.keyClick(view, Qt.Key.Key_Right)
    assert view.focus_card == playable[0] and view.cards[playable[0]].focused
    assert view.accessibleDescription().endswith(", playable")
    QTest.keyClick(view, Qt.Key.Key_Right)
    assert view.focus_card == playable[1]
    before = len(c.session.logs[-1].actions)
    QTest.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > before)
    assert (
        c.session.logs[-1]
        .actions[before]
        .endswith(__import__("gamecore.cards", fromlist=["card_code"]).card_code(playable[1]))
    )


def test_one_enter_plays_the_only_card_there_is_to_play(qtbot):
    """With one card raised, the first Enter plays it (it only put the ring on it, and a
    tester took the raised card for the one chosen); with several it puts the ring on the
    first."""
    window = _window(qtbot)
    c, view = window.controller, window.view
    for _ in range(80):
        _until_human(qtbot, c)
        playable = [x for x in view.snapshot.hand if x in view.snapshot.playable]
        if len(playable) == 1:
            break
        view.setFocus()
        QTest.keyClick(view, Qt.Key.Key_Return)
        assert view.focus_card == playable[0]  # the ring only
        c.person.chose_card(playable[0])
    else:
        raise AssertionError("no turn with one card to play")
    view.setFocus()
    before = len(c.session.logs[-1].actions)
    QTest.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > before, timeout=5000)
    assert c.session.logs[-1].actions[before].endswith(card_code(playable[0]))


def _until_human(qtbot, c) -> None:
    """Wait until the person is to play a card, staking and going on past summaries."""
    while not _settle(qtbot, c):
        pass
    assert c.view.snapshot.playable  # Newmarket asks the person only for cards


def test_home_and_end_put_the_ring_on_the_first_and_the_last_playable_card(qtbot):
    window, c, view, playable = _at_a_choice(qtbot)
    assert len(playable) >= 2
    QTest.keyClick(view, Qt.Key.Key_End)
    assert view.focus_card == playable[-1] and view.cards[playable[-1]].focused
    QTest.keyClick(view, Qt.Key.Key_Home)
    assert view.focus_card == playable[0] and view.cards[playable[0]].focused
    assert not view.cards[playable[-1]].focused
    assert ("The first, the last of your playable cards", "Home / End") in (window.shortcut_lines())


def test_after_a_card_played_with_enter_the_next_turn_starts_with_the_ring_ready(qtbot):
    """One Enter plays at the next turn (the first Enter of a turn only showed the ring);
    a card played with the mouse leaves the next turn without a ring."""
    window = _window(qtbot, seed=2)  # eight choices of a card in its four deals
    c, view = window.controller, window.view
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    _until_choice(qtbot, c)
    card = next(x for x in view.snapshot.hand if x in view.snapshot.playable)
    before = len(c.session.logs[-1].actions)
    centre = view.mapFromScene(view.cards[card].sceneBoundingRect().center())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > before)
    _until_choice(qtbot, c)
    assert view.focus_card is None  # played with the mouse: no ring
    _focus_table(qtbot, window)
    QTest.keyClick(view, Qt.Key.Key_Right)
    before = len(c.session.logs[-1].actions)
    QTest.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > before)
    _until_choice(qtbot, c)
    _focus_table(qtbot, window)
    first = next(x for x in view.snapshot.hand if x in view.snapshot.playable)
    assert view.focus_card == first and view.cards[first].focused
    before = len(c.session.logs[-1].actions)
    QTest.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > before)
    assert c.session.logs[-1].actions[before] == f"0 {card_code(first)}"


def test_after_an_undo_the_first_enter_only_shows_the_ring(qtbot):
    """The ring put ready at a turn is that turn's: undone back to the turn before, one
    Enter played the ringed card (and the forced ones after it)."""
    window = _window(qtbot, seed=1)  # the ringed card is playable at the turn undone to
    c, view = window.controller, window.view
    while True:  # cards played with Enter until a turn starts with the ring ready
        _until_choice(qtbot, c)
        _focus_table(qtbot, window)
        if view.focus_card is not None:
            break
        QTest.keyClick(view, Qt.Key.Key_Right)
        before = len(c.session.logs[-1].actions)
        QTest.keyClick(view, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda b=before: len(c.session.logs[-1].actions) > b)
    deal = len(c.session.logs)
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: c.state == "human", timeout=5000)
    _focus_table(qtbot, window)
    assert len(c.session.logs) == deal and len(c.session.logs[-1].actions) == before
    assert view.focus_card is None
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert view.focus_card is not None and len(c.session.logs[-1].actions) == before


def test_a_decision_looked_at_again_keeps_the_ring_the_person_moved(qtbot):
    """The table may look at the same decision again (a window that held it closes, a
    refused move): the ring moved with the arrows stays where the person put it."""
    window = _window(qtbot)
    c, view = window.controller, window.view
    _until_choice(qtbot, c)
    _focus_table(qtbot, window)
    playable = [x for x in view.snapshot.hand if x in view.snapshot.playable]
    QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Right)
    asked = []
    c.state_changed.connect(asked.append)
    c.set_state("idle")  # as apply does before the table looks at the decision again
    c.schedule(0)
    qtbot.waitUntil(lambda: asked[-1:] == ["human"])
    assert view.focus_card == playable[1] and view.cards[playable[1]].focused


def _focus_table(qtbot, window: MainWindow) -> None:
    """The keys on the table again, as a closed dialog gives them back under a window
    manager (the offscreen platform leaves no window active)."""
    window.activateWindow()
    window.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view)


def test_escape_clears_the_focus_and_a_focus_loss_mid_drag_returns_the_card(qtbot):
    window = _window(qtbot)
    c, view = window.controller, window.view
    _until_choice(qtbot, c)
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert view.focus_card is None
    card = next(x for x in view.snapshot.hand if x in view.snapshot.playable)
    item = view.cards[card]
    start = view.mapFromScene(item.sceneBoundingRect().center())
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(view.viewport(), start - QPoint(0, 120))
    assert item.pos() != item.home
    view.clearFocus()
    window.activateWindow()
    view.focusOutEvent(
        __import__("PySide6.QtGui", fromlist=["QFocusEvent"]).QFocusEvent(
            __import__("PySide6.QtCore", fromlist=["QEvent"]).QEvent.Type.FocusOut
        )
    )
    assert item.pos() == item.home and not view._dragging


def test_ctrl_wheel_zooms_the_hand_within_limits_and_is_remembered(qtbot):
    settings.save_prefs(settings.Prefs(speed="off"))
    window = _window(qtbot, remember=True)
    view = window.view
    _until_choice(qtbot, window.controller)
    card = view.snapshot.hand[0]
    width = view.cards[card].width
    event = QWheelEvent(
        QPointF(400, 400),
        QPointF(400, 400),
        QPoint(),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.ControlModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)
    assert view.zoom == 1.05 and view.cards[card].width > width
    for _ in range(20):
        view.set_zoom(view.zoom + 0.05)
    assert view.zoom == 1.25
    assert settings.load_prefs().zoom == 1.25
    settings.settings().clear()


def test_one_speed_drives_every_motion(qtbot):
    window = _window(qtbot, pace=0)
    view = window.view
    _until_choice(qtbot, window.controller)
    item = next(iter(view.cards.values()))
    target = item.pos() + QPointF(50, 0)
    view.move_card(item, target, view.duration)
    assert item.pos() == target and not view.busy  # Off: at once
    window.controller.set_pace(350)
    view.move_card(item, target + QPointF(50, 0), view.duration)
    assert view.busy and view._anims[item].duration() == 350
    qtbot.waitUntil(lambda: not view.busy, timeout=3000)
    assert item.pos() == target + QPointF(50, 0)


def test_settings_dialog_applies_and_remembers(qtbot):
    settings.save_prefs(settings.Prefs(speed="off"))
    window = _window(qtbot, remember=True)
    window.ask_prefs()
    dlg = window.prefs_dialog
    dlg.findChild(QComboBox, "speed").setCurrentText("Slow")
    dlg.findChild(QCheckBox, "fourColour").setChecked(True)
    dlg.findChild(QComboBox, "felt").setCurrentText("Blue baize")
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    assert window.controller.pace == 650 and window.view.duration == 650
    assert window.view.art.four_colour and window.view.felt == "blue"
    again = MainWindow(pace=0, seed=1, remember=True)
    qtbot.addWidget(again)
    assert again.prefs.speed == "slow" and again.prefs.four_colour
    assert again.controller.pace == 650
    settings.settings().clear()


def test_resize_storm_ends_in_one_consistent_layout(qtbot):
    window = _window(qtbot)
    view = window.view
    _until_choice(qtbot, window.controller)
    for w, h in [(900, 700), (1500, 900), (820, 620), (1700, 1000), (1024, 768)]:
        window.resize(w, h)
    qtbot.waitUntil(
        lambda: (
            view.layout_ is not None
            and view.layout_.width == view.viewport().width()
            and view.layout_.height == view.viewport().height()
        ),
        timeout=3000,
    )
    for item in view.cards.values():
        assert item.pos() == item.home
        assert item.width in (
            round(view.layout_.hand_w),
            round(view.layout_.played_w),
            round(view.layout_.card_w),
            round(view.layout_.fan_card_w),
        )


def test_cards_are_sharp_at_scale_2():
    script = (
        "import os\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from gui.windows.mainwindow import MainWindow\n"
        "w = MainWindow(pace=0, seed=1); w.resize(1280, 800); w.show(); w.start()\n"
        "for _ in range(50): app.processEvents()\n"
        "items = list(w.view.cards.values()) or []\n"
        "pix = w.view.art.back(80, w.view.devicePixelRatioF())\n"
        "print(w.view.devicePixelRatioF(), pix.width(), pix.devicePixelRatio())\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR="2")
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    ratio, width, pix_ratio = out.stdout.split()
    assert float(ratio) == 2.0 and int(width) == 160 and float(pix_ratio) == 2.0


def test_accessible_names_of_cards_pools_and_seats(qtbot):
    window = _window(qtbot)
    view = window.view
    _until_choice(qtbot, window.controller)
    pool = view.pool_items[0]
    assert (
        pool.accessible_name() == f"♥A pool, {pool.amount} counters"
        or pool.accessible_name() == "♥A pool, 1 counter"
    )
    card = view.cards[view.snapshot.hand[0]]
    assert card.accessible_name()[0].isupper() and " of " in card.accessible_name()
    plate = view.plates[0]
    assert plate.toolTip().startswith(window.controller.session.players[0])


def test_a_double_click_on_a_hand_card_still_moving_plays_it_once_and_leaves_none_stuck(qtbot):
    """A hand card clicked while it settles (raised as it became playable) lands at once and
    takes the click: a quick click on the next card of a run was lost without a word, and
    the one after it refused. The double click and the click after it play it once, and
    every card ends at its place."""
    window = _window(qtbot, pace=0)
    c, view = window.controller, window.view
    _until_choice(qtbot, c)
    c.set_pace(300)  # animations on from here
    card = next(x for x in view.snapshot.hand if x in view.snapshot.playable)
    item = view.cards[card]
    view.move_card(item, item.home + QPointF(0, -40), 300)  # the card is moving
    assert view.busy
    pos = view.mapFromScene(item.sceneBoundingRect().center())
    before = len(c.session.logs[-1].actions)
    QTest.mouseDClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos
    )
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos
    )
    played = c.session.logs[-1].actions[before:]
    assert played[0] == f"0 {card_code(card)}" and played.count(played[0]) == 1
    qtbot.waitUntil(lambda: not view.busy, timeout=5000)
    view.show(view.snapshot, 0)
    for it in view.cards.values():
        assert it.pos() == it.home and it.zValue() == it.home_z


def test_release_outside_the_view_returns_the_card(qtbot):
    window = _window(qtbot)
    c, view = window.controller, window.view
    _until_choice(qtbot, c)
    card = next(x for x in view.snapshot.hand if x in view.snapshot.playable)
    item = view.cards[card]
    start = view.mapFromScene(item.sceneBoundingRect().center())
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(view.viewport(), start - QPoint(0, 150))
    outside = QPoint(view.viewport().width() + 40, -30)
    QTest.mouseMove(view.viewport(), outside)
    before = len(c.session.logs[-1].actions)
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=outside)
    assert len(c.session.logs[-1].actions) == before
    assert not view._dragging and view._press is None
    assert item.pos() == item.home


def test_the_last_deals_calls_are_not_shown_over_the_next_deal(qtbot):
    """Calls queue behind fast computers; the deal's last ones ("Ann is out!", "Ann takes
    the pool: 4") were still being shown well into the next deal. A new deal starts with
    no call: any call on show is one of its own."""
    from table_driver import advance_to_next_deal, wait_for_person

    window = _window(qtbot, seed=3)
    c, view = window.controller, window.view
    said: list[tuple[int, str]] = []
    real = view.announce
    view.announce = lambda text, **kw: (
        said.append((len(c.session.logs), text)),
        real(text, **kw),
    )[1]
    advance_to_next_deal(qtbot, window)
    assert any(deal == 1 for deal, _ in said)  # the first deal made its calls
    wait_for_person(qtbot, window)
    ours = [text for deal, text in said if deal == 2]
    shown = view.announcement.opacity() > 0 and view.announcement.isVisible()
    assert not shown or (ours and view.announcement.text == ours[-1])


def test_an_undone_moves_call_does_not_stay_after_the_undo(qtbot):
    """After Ctrl+Z the banner "A♦ is a stop" of the moves taken back was still in the
    middle of the table (a tester's Michigan deal): the table's calls go with the undo."""
    window = _window(qtbot, seed=1)  # speed Off: a call stays up until the next
    c, view = window.controller, window.view
    _until_choice(qtbot, c)
    d = c.session.deal.decision()
    before = len(c.session.logs[-1].actions)
    c.person.chose_card(d.actions[0].card)
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > before, timeout=5000)
    c.hold()  # the table still: the call below stands for the moves' own
    view.announce("A♦ is a stop", fresh=True)
    assert view.announcement.opacity() == 1.0
    c.release()
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) == before, timeout=5000)
    assert view.announcement.opacity() == 0.0 and not view._calls
