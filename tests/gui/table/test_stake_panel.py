"""The staking panel on the table (NM-5, PJ-21): bounds, the proposed amounts, a split that
must add up, and its keys; driven through the real widgets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSpinBox, QWidget

from gamecore.limits import MAX_AMOUNT
from gui.table.stakepanel import StakePanel

POOLS = ["♥A", "♣K", "♦Q", "♠J"]
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def panel(qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(900, 500)
    host.show()
    qtbot.waitExposed(host)
    p = StakePanel(host)
    decided: list[object] = []
    p.decided.connect(decided.append)
    p.decided_values = decided  # for the tests
    p.host = host  # keeps the host window alive as long as the panel
    return p


def _child(panel: StakePanel, cls: type, name: str):
    w = panel.findChild(cls, name)
    assert w is not None and w.isVisible(), name
    return w


def _retype(qtbot, spin: QSpinBox, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)


def test_stake_bounds_default_and_a_typed_value(qtbot, panel):
    panel.ask_stake("You deal: name the stake.", 1, 10, 3)
    spin = _child(panel, QSpinBox, "stake")
    assert (spin.minimum(), spin.maximum(), spin.value()) == (1, 10, 3)
    assert spin.hasFocus()
    _retype(qtbot, spin, "7")
    qtbot.mouseClick(_child(panel, QPushButton, "ok"), LEFT)
    assert panel.decided_values == [7] and not panel.isVisible()


def _asked_stake(panel, low: int, high: int | None, default: int):
    """The stake asked ("You deal.", ``low`` to ``high``): its box, and the list that
    collects the panel's refusals."""
    refused: list[str] = []
    panel.refused.connect(refused.append)
    panel.ask_stake("You deal.", low, high, default)
    return _child(panel, QSpinBox, "stake"), refused


def test_a_stake_typed_out_of_bounds_is_refused_in_words(qtbot, panel):
    # 3 typed where the least is 4 was staked as 4 without a word.
    spin, refused = _asked_stake(panel, 4, 20, 5)
    _retype(qtbot, spin, "3")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert panel.decided_values == [] and panel.isVisible()
    assert refused == ["A stake of 3 is too small: the stake is from 4 to 20 counters."]
    assert spin.hasFocus() and spin.lineEdit().selectedText() == "3"
    # said in the panel too, in place of its question, until an amount is typed again
    assert "A stake of 3 is too small" in panel.text.text()
    asked: list[str] = []
    panel.asked.connect(asked.append)
    qtbot.keyClicks(spin, "9")
    assert panel.text.text() == "You deal." and asked == ["You deal."]
    _retype(qtbot, spin, "3")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert len(refused) == 2
    qtbot.keyClick(spin, Qt.Key.Key_Backspace)  # the "3" still selected: the box empty
    assert spin.cleanText() == ""
    qtbot.mouseClick(_child(panel, QPushButton, "ok"), LEFT)
    assert refused[-1] == "Type an amount from 4 to 20 counters, please. The box shows 9 again."
    _retype(qtbot, spin, "12")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert panel.decided_values == [12] and len(refused) == 3


def test_a_click_refuses_a_stake_typed_out_of_bounds_once(qtbot, panel):
    # A click takes the keyboard from the box, which puts its last good amount back: the
    # click is refused with what was typed, and the next one stakes the amount shown.
    spin, refused = _asked_stake(panel, 4, None, 5)
    _retype(qtbot, spin, "2")
    ok = _child(panel, QPushButton, "ok")
    qtbot.mouseClick(ok, LEFT)
    assert panel.decided_values == [] and panel.isVisible()
    assert refused == [
        "A stake of 2 is too small: the stake is 4 counters or more. The box shows 5 again."
    ]
    assert spin.value() == 5 and spin.cleanText() == "5"
    qtbot.mouseClick(ok, LEFT)
    assert panel.decided_values == [5] and len(refused) == 1


def test_one_counter_is_said_as_one_counter(qtbot, panel):
    # "A stake of 0 is too small: the stake is 1 counters or more."
    spin, refused = _asked_stake(panel, 1, None, 1)
    _retype(qtbot, spin, "0")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert refused == ["A stake of 0 is too small: the stake is 1 counter or more."]


def test_more_than_the_stake_typed_in_a_split_box_is_refused_in_words(qtbot, panel):
    # "150" typed in a box of a stake of 4 became "1" without a word (the keys dropped);
    # let through, the box showed "6000" while the panel counted 600. The key is refused,
    # and the panel says why; the box, the count under it and the words agree.
    refused: list[str] = []
    panel.refused.connect(refused.append)
    panel.ask_split("Spread your 4 counters over the layout.", 4, POOLS, (1, 1, 1, 1))
    spin = _child(panel, QSpinBox, "pool_0")
    _retype(qtbot, spin, "150")
    assert spin.cleanText() == "1" and spin.value() == 1
    # each key refused in turn: the 5 (15), then the 0 (10)
    assert refused[-1] == "10 is more than the 4 counters there are to place."
    assert "15 is more than the 4 counters there are to place." in refused
    assert "10 is more than the 4 counters" in panel.text.text()
    assert _child(panel, QLabel, "remaining").text() == "All placed"
    height = panel.height()
    qtbot.keyClicks(spin, "2")  # "12": too many again
    qtbot.keyClick(spin, Qt.Key.Key_Backspace)
    qtbot.keyClicks(spin, "2")  # "2": the question back, the panel no shorter
    assert panel.text.text() == "Spread your 4 counters over the layout."
    assert panel.height() >= height and spin.value() == 2


def test_a_stake_without_upper_limit_goes_to_the_format_limit(qtbot, panel):
    panel.ask_stake("You deal.", 4, None, 4)
    spin = _child(panel, QSpinBox, "stake")
    assert spin.maximum() == MAX_AMOUNT == 10**9
    _retype(qtbot, spin, str(MAX_AMOUNT))
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert panel.decided_values == [MAX_AMOUNT]


def test_enter_makes_the_proposed_stake_and_escape_decides_nothing(qtbot, panel):
    panel.ask_stake("You deal.", 1, 10, 3)
    spin = _child(panel, QSpinBox, "stake")
    qtbot.keyClick(spin, Qt.Key.Key_Escape)
    assert panel.decided_values == [] and panel.isVisible() and not spin.hasFocus()
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert panel.decided_values == [4]


def test_a_split_must_add_up_and_the_proposed_split_comes_back(qtbot, panel):
    panel.ask_split("Spread your 4 counters over the layout.", 4, POOLS, (1, 1, 1, 1))
    ok = _child(panel, QPushButton, "ok")
    remaining = _child(panel, QLabel, "remaining")
    assert remaining.text() == "All placed" and ok.isEnabled()
    spin = _child(panel, QSpinBox, "pool_1")
    _retype(qtbot, spin, "0")
    assert panel.amounts() == (1, 0, 1, 1) and remaining.text() == "1 left to place"
    assert not ok.isEnabled()
    qtbot.keyClick(spin, Qt.Key.Key_Return)  # not spread: it does not add up
    assert panel.decided_values == []
    assert panel.text.text().endswith("Not spread: 1 left to place. They must come to 4.</b>")
    _retype(qtbot, spin, "4")
    assert remaining.text() == "3 too many"
    back = _child(panel, QPushButton, "defaultSplit")
    assert back.toolTip() == "Put the counters back as first proposed: the usual split."
    assert ok.toolTip() == "Put these counters on the layout (Enter)."
    qtbot.mouseClick(back, LEFT)
    assert panel.amounts() == (1, 1, 1, 1) and ok.isEnabled() and panel.isVisible()
    qtbot.mouseClick(_child(panel, QPushButton, "all_2"), LEFT)
    assert panel.amounts() == (0, 0, 4, 0)
    qtbot.mouseClick(ok, LEFT)
    assert panel.decided_values == [(0, 0, 4, 0)]


def test_tab_goes_from_amount_to_amount_then_to_the_buttons(qtbot, panel):
    """Typing "2, Tab, 2" spread 2 and 2 (the Tab went to the first "All here", and the
    second 2 left the pools "1 too many")."""
    panel.ask_split("Spread your 4 counters over the layout.", 4, POOLS, (1, 1, 1, 1))
    first = _child(panel, QSpinBox, "pool_0")
    _retype(qtbot, first, "2")
    qtbot.keyClick(first, Qt.Key.Key_Tab)
    second = _child(panel, QSpinBox, "pool_1")
    assert second.hasFocus()
    second.selectAll()
    qtbot.keyClicks(second, "2")
    for name in ("pool_2", "pool_3"):
        qtbot.keyClick(panel.focusWidget(), Qt.Key.Key_Tab)
        spin = _child(panel, QSpinBox, name)
        assert spin.hasFocus()
        spin.selectAll()
        qtbot.keyClicks(spin, "0")
    assert panel.amounts() == (2, 2, 0, 0)
    qtbot.keyClick(panel.focusWidget(), Qt.Key.Key_Tab)
    assert _child(panel, QPushButton, "all_0").hasFocus()


def test_a_split_of_the_largest_stake(qtbot, panel):
    panel.ask_split("Spread.", MAX_AMOUNT, POOLS, (MAX_AMOUNT, 0, 0, 0))
    assert [_child(panel, QSpinBox, f"pool_{i}").maximum() for i in range(4)] == [MAX_AMOUNT] * 4
    qtbot.mouseClick(_child(panel, QPushButton, "all_3"), LEFT)
    qtbot.mouseClick(_child(panel, QPushButton, "ok"), LEFT)
    assert panel.decided_values == [(0, 0, 0, MAX_AMOUNT)]


def test_a_split_refuses_a_default_that_does_not_fit(panel):
    with pytest.raises(ValueError):
        panel.ask_split("Spread.", 4, POOLS, (1, 1, 1))
    with pytest.raises(ValueError):
        panel.ask_split("Spread.", 4, POOLS, (1, 1, 1, 2))


def _rim(button: QPushButton) -> tuple[int, int, int]:
    """The colour of the button's border, one pixel in from the middle of its left edge."""
    c = button.grab().toImage().pixelColor(1, button.height() // 2)
    return c.red(), c.green(), c.blue()


def test_the_button_with_the_keys_has_a_gold_rim(qtbot, panel):
    """A tester pressing Tab in the panel could not see which button Space would press (the
    style's own focus frame: a thin blue line on the dark panel)."""
    panel.ask_split("Spread your 4 counters over the layout.", 4, POOLS, (1, 1, 1, 1))
    every = _child(panel, QPushButton, "all_0")
    other = _child(panel, QPushButton, "all_1")
    every.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(every.hasFocus)
    assert _rim(every) == (0xF2, 0xC9, 0x4C)  # gold
    assert _rim(other) == (0x8C, 0x80, 0x66)  # the plain rim


def test_enter_presses_the_button_with_the_keys(qtbot, panel):
    """Enter on "All here" under ♠J spread the proposed split, and Enter on "Proposed"
    refused the split as it stood (a tester): Enter presses the button, as Space does."""
    panel.ask_split("Spread your 4 counters over the layout.", 4, POOLS, (1, 1, 1, 1))
    every = _child(panel, QPushButton, "all_3")
    every.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(every, Qt.Key.Key_Return)
    assert panel.amounts() == (0, 0, 0, 4) and panel.decided_values == []
    back = _child(panel, QPushButton, "defaultSplit")
    back.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(back, Qt.Key.Key_Enter)
    assert panel.amounts() == (1, 1, 1, 1) and panel.decided_values == []
    ok = _child(panel, QPushButton, "ok")
    ok.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(ok, Qt.Key.Key_Return)
    assert panel.decided_values == [(1, 1, 1, 1)]


def test_tab_has_no_stop_on_the_panel_itself(qtbot, panel):
    """After Spread, Tab stopped on the panel itself, where nothing showed the keys (a
    tester counted the Tabs that seemed to go nowhere)."""
    panel.ask_split("Spread your 4 counters over the layout.", 4, POOLS, (1, 1, 1, 1))
    ok = _child(panel, QPushButton, "ok")
    ok.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(ok, Qt.Key.Key_Tab)
    assert panel.focusWidget() is _child(panel, QSpinBox, "pool_0")
