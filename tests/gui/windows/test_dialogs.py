"""Tests for gui.windows.dialogs, driving the real widgets offscreen with pytest-qt."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFrame,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
)

from gamecore.cards import card
from gui.model.snapshot import DealSummary
from gui.windows.cardtext import cards_html, signed
from gui.windows.dialogs import DealSummaryDialog, StandingsDialog

POOLS = ["♥A", "♣K", "♦Q", "♠J"]


def _show(qtbot, dlg: QDialog) -> QDialog:
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def _child(dlg: QDialog, cls: type, name: str):
    w = dlg.findChild(cls, name)
    assert w is not None, f"no {cls.__name__} named {name!r}"
    return w


def _retype(qtbot, widget: QSpinBox | QLineEdit, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


# ---------------------------------------------------------------------------------------------
# New game


def _summary(winner: int | None = 1, last_deal: bool = False) -> DealSummary:
    return DealSummary(
        names=["You", "Ben", "Cass"],
        winner=winner,
        dealer=0,
        hands_left=[[card(0, 0), card(9, 2)], [], [card(12, 3)]],  # as the hand orders them
        stock=[card(3, 3), card(8, 2)],
        lines=["Ben took the ♣K pool: 7", "You paid Ben 2"],
        deltas=[-3, 9, 0],
        balances=[17, 29, -2],
        pools=[("♥A", 6), ("♣K", 0), ("♦Q", 3), ("♠J", 1)],
        last_deal=last_deal,
    )


def test_a_practice_rows_marks_share_one_pair_of_brackets(qtbot):
    """ "You ★ out (dealer) (Dan's hand)" read as two asides: one pair now."""
    from dataclasses import replace

    notes = ["(in Cass's seat)", "", "(in your seat)"]
    summary = replace(_summary(winner=0), seat_notes=notes, practice=True)
    dlg = _show(qtbot, DealSummaryDialog(None, summary))
    assert dlg.findChild(QLabel, "name_0").text() == "You ★ out (dealer, in Cass's seat)"
    assert dlg.findChild(QLabel, "name_2").text() == "Cass (in your seat)"
    assert dlg.findChild(QLabel, "name_1").text() == "Ben"


def test_summary_winner_heading_table_and_next_deal(qtbot):
    dlg = _show(qtbot, DealSummaryDialog(None, _summary(winner=1, last_deal=False)))
    assert dlg.windowTitle() == "Deal over"
    assert _child(dlg, QLabel, "heading").text() == "Ben went out"
    assert dlg.findChild(QLabel, "hands") is None  # a frame holding the table, not a label
    assert dlg.findChild(QLabel, "name_1").text() == "Ben ★ out"
    assert dlg.findChild(QLabel, "name_0").text() == "You (dealer)"
    assert dlg.findChild(QLabel, "name_2").text() == "Cass"
    assert [dlg.findChild(QLabel, f"delta_{i}").text() for i in range(3)] == ["\u22123", "+9", "0"]
    assert [dlg.findChild(QLabel, f"balance_{i}").text() for i in range(3)] == [
        "17",
        "29",
        "\u22122",
    ]
    cards0 = dlg.findChild(QLabel, "cards_0").text()
    assert ">A♠</span>" in cards0 and ">10♦</span>" in cards0
    assert cards0.index("A♠") < cards0.index("10♦")  # in the order given
    assert dlg.findChild(QLabel, "cards_1").text() == "—"
    stock = dlg.findChild(QLabel, "stock").text()
    assert stock.startswith("Stock: ") and ">4♣</span>" in stock and ">9♦</span>" in stock
    lines = dlg.findChild(QLabel, "lines").text()
    assert ">♣K</span> pool: 7<br>You paid Ben 2" in lines
    pools = dlg.findChild(QLabel, "pools").text()
    assert pools.startswith("Pools carried over: ")
    assert "</span> 6 · " in pools and "</span> 0 · " in pools and pools.endswith("</span> 1")

    nxt = _child(dlg, QPushButton, "next")
    assert nxt.text() == "&Next deal"  # Alt+N
    assert [b.objectName() for b in dlg.findChildren(QPushButton)] == ["review", "next"]
    with qtbot.waitSignal(dlg.accepted, timeout=1000):
        qtbot.mouseClick(nxt, Qt.MouseButton.LeftButton)
    assert dlg.result() == QDialog.DialogCode.Accepted
    assert not dlg.isVisible()


def test_nothing_carried_over_is_said_as_none(qtbot):
    s = replace(_summary(winner=1, last_deal=False), pools=[("♥A", 0), ("♣K", 0)])
    dlg = _show(qtbot, DealSummaryDialog(None, s))
    assert dlg.findChild(QLabel, "pools").text() == "Pools carried over: none"


def test_summary_last_deal_and_no_winner(qtbot):
    dlg = DealSummaryDialog(None, _summary(winner=None, last_deal=True))
    qtbot.addWidget(dlg)
    dlg.open()  # the caller's non-modal use
    qtbot.waitExposed(dlg)
    assert _child(dlg, QLabel, "heading").text() == "Deal over"
    assert dlg.findChild(QLabel, "name_1").text() == "Ben"
    nxt = _child(dlg, QPushButton, "next")
    assert nxt.text() == "&Final standings"
    with qtbot.waitSignal(dlg.accepted, timeout=1000):
        qtbot.mouseClick(nxt, Qt.MouseButton.LeftButton)


def test_the_last_summary_has_a_share_out_column_gen_6(qtbot):
    """After the last deal the pools left are shared out: the row said "This deal −1" and
    a balance 12 higher. The share is its own column, and each row adds up."""
    s = replace(
        _summary(last_deal=True),
        balances=[21, 33, 2],
        shares=[4, 4, 4],
        split="The 12 counters left in the pools were shared out: You +4, Ben +4, Cass +4.",
    )
    dlg = _show(qtbot, DealSummaryDialog(None, s))
    titles = [w.text() for w in dlg.findChild(QFrame, "hands").findChildren(QLabel)][:5]
    assert titles == ["Player", "Cards left", "This deal", "Share-out", "Balance"]
    assert [_child(dlg, QLabel, f"share_{i}").text() for i in range(3)] == ["+4"] * 3
    assert [_child(dlg, QLabel, f"balance_{i}").text() for i in range(3)] == ["21", "33", "2"]
    plain = DealSummaryDialog(None, _summary())
    qtbot.addWidget(plain)
    assert plain.findChild(QLabel, "share_0") is None


def test_summary_escape_closes_it_without_going_on(qtbot):
    """Escape is not "Next deal": the table then offers the way on (test_summary_closed)."""
    dlg = _show(qtbot, DealSummaryDialog(None, _summary()))
    dlg.key_guard.release()  # as its first 400 ms have passed
    with qtbot.waitSignal(dlg.rejected, timeout=1000):
        qtbot.keyClick(dlg, Qt.Key.Key_Escape)


@pytest.mark.parametrize(
    "key",
    [Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape, Qt.Key.Key_Space],
    ids=["Return", "Enter", "Escape", "Space"],
)
def test_a_key_pressed_as_the_summary_opens_does_not_skip_it(qtbot, key):
    """An Enter meant for the table, pressed as the deal ended, went to the summary's button
    and the summary was gone unseen. A dialog that opens by itself ignores the keys for its
    first moments (its key guard, released here as the timer would) and a held key's
    repeats; a click works at once."""
    dlg = _show(qtbot, DealSummaryDialog(None, _summary()))
    nxt = _child(dlg, QPushButton, "next")
    assert dlg.key_guard.active
    for target in (dlg, nxt):
        qtbot.keyClick(target, key)
    assert dlg.isVisible() and dlg.result() == 0
    dlg.key_guard.release()
    # A key held down (its repeats) is never taken, however long the summary has been up.
    held = QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier, "", True)
    QApplication.sendEvent(nxt, held)
    assert dlg.isVisible() and dlg.result() == 0
    closed = dlg.rejected if key == Qt.Key.Key_Escape else dlg.accepted  # Escape: closed only
    with qtbot.waitSignal(closed, timeout=1000):
        qtbot.keyClick(nxt, key)


def test_a_click_on_the_summary_works_at_once(qtbot):
    dlg = _show(qtbot, DealSummaryDialog(None, _summary()))
    assert dlg.key_guard.active
    with qtbot.waitSignal(dlg.accepted, timeout=1000):
        qtbot.mouseClick(_child(dlg, QPushButton, "next"), Qt.MouseButton.LeftButton)


def test_the_fingerprint_follows_the_pools_with_no_blank_band_in_a_tall_window(qtbot):
    summary = replace(_summary(), fingerprint=(None, "0123456789abcdef" * 4))
    dlg = _show(qtbot, DealSummaryDialog(None, summary))
    dlg.resize(dlg.width(), 1000)
    qtbot.waitUntil(lambda: dlg.height() >= 900)
    pools, fp = _child(dlg, QLabel, "pools"), _child(dlg, QLabel, "fingerprint")
    gap = fp.mapTo(dlg, fp.rect().topLeft()).y() - pools.mapTo(dlg, pools.rect().bottomLeft()).y()
    assert 0 <= gap <= 40, gap


def test_summary_says_why_the_salt_stays_hidden_without_a_rule_id(qtbot):
    """GEN-9 is the rule; the player reads the reason in words (it read "as the rules want
    (GEN-9)")."""
    summary = replace(_summary(), fingerprint=(None, "0123456789abcdef" * 4))
    dlg = _show(qtbot, DealSummaryDialog(None, summary))
    assert _child(dlg, QLabel, "fingerprint").text() == (
        "Fingerprint shown before the deal: " + " ".join(["0123 4567 89ab cdef"] * 4)
    )
    # the rest folded under "How to check it": it filled a small screen's summary
    check = _child(dlg, QLabel, "fingerprintCheck")
    assert check.text() == (
        "The salt and the unplayed cards stay hidden, as the rules want: the salt would let "
        "them be worked out from the hash. They are in the saved game."
    )
    assert not check.isVisible()
    fold = _child(dlg, QToolButton, "checkFingerprint")
    assert fold.text() == "How to check it"
    qtbot.mouseClick(fold, Qt.MouseButton.LeftButton)
    assert check.isVisible()
    qtbot.mouseClick(fold, Qt.MouseButton.LeftButton)
    assert not check.isVisible()


# ---------------------------------------------------------------------------------------------
# Standings


def _rows(dlg: StandingsDialog, n: int) -> list[tuple[str, str, str, str]]:
    return [
        tuple(
            dlg.findChild(QLabel, f"{col}_{i}").text() for col in ("rank", "name", "balance", "net")
        )
        for i in range(n)
    ]


def test_standings_order_and_play_again(qtbot):
    dlg = _show(
        qtbot,
        StandingsDialog(None, ["You", "Ben", "Cass", "Dora"], [18, 31, -4, 18], [20, 20, 20, 20]),
    )
    assert dlg.windowTitle() == "Final standings"
    assert _rows(dlg, 4) == [
        ("1", "Ben", "31", "+11"),
        ("2", "You", "18", "\u22122"),
        ("2", "Dora", "18", "\u22122"),
        ("4", "Cass", "\u22124", "\u221224"),
    ]
    assert dlg.order == [1, 0, 3, 2]
    with qtbot.waitSignal(dlg.accepted, timeout=1000):
        qtbot.mouseClick(_child(dlg, QPushButton, "again"), Qt.MouseButton.LeftButton)
    assert dlg.choice == "again"


def test_standings_close(qtbot):
    dlg = _show(qtbot, StandingsDialog(None, ["You", "Ben", "Cass"], [20, 20, 20], [20, 20, 20]))
    assert _rows(dlg, 3) == [
        ("1", "You", "20", "0"),
        ("1", "Ben", "20", "0"),
        ("1", "Cass", "20", "0"),
    ]
    with qtbot.waitSignal(dlg.rejected, timeout=1000):
        qtbot.mouseClick(_child(dlg, QPushButton, "close"), Qt.MouseButton.LeftButton)
    assert dlg.choice == "close"


def test_standings_enter_is_close_not_a_new_game(qtbot):
    """An Enter pressed to move the deals along started a new game from the final
    standings (its default was New game): Close is the default."""
    dlg = _show(qtbot, StandingsDialog(None, ["You", "Ben", "Cass"], [1, 2, 3], [0, 0, 0]))
    dlg.key_guard.release()
    assert _child(dlg, QPushButton, "again").text() == "&Play again"
    with qtbot.waitSignal(dlg.rejected, timeout=1000):
        qtbot.keyClick(dlg.focusWidget() or dlg, Qt.Key.Key_Return)
    assert dlg.choice == "close"


def test_standings_escape_is_close(qtbot):
    dlg = _show(qtbot, StandingsDialog(None, ["You", "Ben", "Cass"], [1, 2, 3], [0, 0, 0]))
    qtbot.keyClick(dlg, Qt.Key.Key_Escape)  # pressed as it opened: ignored
    assert dlg.isVisible()
    dlg.key_guard.release()
    with qtbot.waitSignal(dlg.rejected, timeout=1000):
        qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    assert dlg.choice == "close"


# ---------------------------------------------------------------------------------------------
# Text helpers


def test_signed_uses_real_minus():
    assert [signed(n) for n in (5, -3, 0)] == ["+5", "\u22123", "0"]


def test_cards_html_colours_red_and_dark_suits(qtbot):
    dlg = _show(qtbot, StandingsDialog(None, ["You"], [3], [3]))
    pal = dlg.palette()
    text = cards_html([card(9, 2), card(12, 3)], pal)
    red, dark = text.split("</span> ")
    red += "</span>"
    assert ">10♦</span>" in red and ">K♣</span>" in dark
    colour = pal.windowText().color().name()
    assert f"color:{colour}" in dark
    assert f"color:{colour}" not in red
    assert cards_html([], pal) == "—"


def test_the_other_players_lines_say_they_leave_the_person_out(qtbot):
    """The person's own payments come first; the lines below leave them out, and say so
    (a tester read the two lists as disagreeing). Without a ledger there is no heading."""
    own = replace(
        _summary(), ledger=["You pay Ben 2: 2 cards left in hand."], lines=["Cass paid Ben 1"]
    )
    dlg = _show(qtbot, DealSummaryDialog(None, own))
    heading = _child(dlg, QLabel, "linesHeading")
    assert heading.text() == "Between the other players:"
    lines = _child(dlg, QLabel, "lines")
    assert heading.geometry().bottom() < lines.geometry().top()
    plain = _show(qtbot, DealSummaryDialog(None, _summary()))
    assert plain.findChild(QLabel, "linesHeading") is None
    # Matrimony's lines say what became of each compartment, carried ones too: no heading
    chance = replace(own, headline="Ben takes Matrimony", lines=["Intrigue carries over"])
    assert _show(qtbot, DealSummaryDialog(None, chance)).findChild(QLabel, "linesHeading") is None


def test_the_last_deal_with_nothing_left_promises_no_next_deal_gen_6(qtbot):
    """Spoil Five's last deal, its pool taken, said "Pool for the next deal: empty (a fresh
    pool is made)"; nothing is left, and there is no next deal (GEN-6)."""
    four = [(label, 0) for label, _n in _summary().pools]
    for tricks, empty, where in ((None, four, "the pools"), ([3, 2, 0], [("Pool", 0)], "the pool")):
        s = replace(_summary(last_deal=True), pools=empty, tricks=tricks)
        dlg = _show(qtbot, DealSummaryDialog(None, s))
        assert (
            _child(dlg, QLabel, "pools").text()
            == f"The game is over. Nothing is left in {where} to share out."
        )


def _set_four_colours(qtbot, window, on: bool) -> None:
    """Settings → four colours ticked (``on``) or not, with the mouse, and OK."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QCheckBox, QPushButton

    window.ask_prefs()
    prefs = window.prefs_dialog
    qtbot.waitUntil(prefs.isVisible, timeout=5000)
    box = prefs.findChild(QCheckBox, "fourColour")
    if box.isChecked() != on:  # on its tick box: the widget spans the row, its words not
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert box.isChecked() == on
    qtbot.mouseClick(prefs.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.prefs.four_colour == on, timeout=5000)


def test_four_colours_in_settings_reach_the_summarys_cards(qtbot):
    """Settings → four colours drew ♦ blue and ♣ green on the table, and the deal summary
    still wrote 9♦ red and 4♣ black beside them."""
    from gui.store import settings
    from gui.windows.cardtext import use_four_colours
    from gui.windows.mainwindow import MainWindow

    settings.settings().clear()
    try:
        window = MainWindow(pace=0, seed=1, remember=True)
        qtbot.addWidget(window)
        _set_four_colours(qtbot, window, True)
        stock = _child(_show(qtbot, DealSummaryDialog(None, _summary())), QLabel, "stock")
        assert "color:#11803a" in stock.text() and ">4♣</span>" in stock.text()  # clubs green
        assert "color:#1747b0" in stock.text() and ">9♦</span>" in stock.text()  # diamonds blue
        _set_four_colours(qtbot, window, False)  # and off again: red and black
        stock = _child(_show(qtbot, DealSummaryDialog(None, _summary())), QLabel, "stock")
        assert "#11803a" not in stock.text() and "#1747b0" not in stock.text()
    finally:
        use_four_colours(False)
        settings.settings().clear()
