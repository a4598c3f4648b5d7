"""The table on an 800×600 screen (issue 24): the recent-events log never covers the
person's hand nor runs off the table, and the status line is never cut by the fingerprint."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication, QLabel

from game_driver import (
    claim_offered,
    find_seed,
    open_game,
    open_game_at,
    perform,
    reach,
    wait_settled,
)
from gamecore.actions import Bid
from gui.windows.mainwindow import MainWindow
from table_driver import SMALL_SCREEN, WAIT, advance, hand_items, laid_out, resize_window

COACH = [
    "You deal, so you name the stake (4 or more counters) that every player spreads over "
    "the pools. Stakes are made before anyone sees the cards."
] * 2


def _small(
    qtbot, game: str, players: int, options: dict | None = None, seed: int = 2
) -> MainWindow:
    return open_game_at(qtbot, SMALL_SCREEN, game, seed=seed, players=players, options=options)


def _with_bars(qtbot, win: MainWindow) -> None:
    """A notice and a four-line coach above the table, as on a first evening."""
    win.add_notice("Your last game was kept as 2024-06-11-1.json in the abandoned games.")
    win.coach.say(COACH)
    qtbot.waitUntil(lambda: win.coach.isVisible() and laid_out(win), timeout=WAIT)


def test_the_log_never_covers_a_long_hand(qtbot):
    win = _small(qtbot, "newmarket", 3, seed=6)  # 15 cards at the person's first choice
    _with_bars(qtbot, win)
    view = win.view
    assert advance(qtbot, win) is not None
    hand = hand_items(win)
    assert len(hand) >= 14
    view.show_log(["Cat pays Fay 3 (cards left)", "Dan pays Fay 10 (cards left)", "No five"])
    qtbot.waitUntil(lambda: laid_out(win), timeout=WAIT)
    log = QRectF(view.log_label.geometry())
    assert view.log_label.isVisible()
    for item in hand_items(win):
        raised = item.sceneBoundingRect()
        assert not raised.intersects(log), (item.card, raised, log)


def test_a_log_above_a_long_hand_keeps_clear_of_the_call(qtbot):
    """Lifted above a long hand the log is in the band of the table's calls: it keeps to
    the right of the call on show (its longest line ran under "Your only card: 9♥")."""
    win = _small(qtbot, "newmarket", 3, seed=6)
    _with_bars(qtbot, win)
    view = win.view
    assert advance(qtbot, win) is not None
    view.show_log(LEDGER_LINES)
    qtbot.waitUntil(lambda: laid_out(win), timeout=WAIT)
    view.announce("Your only card: 9♥ plays itself")
    call = view.announcement.sceneBoundingRect()
    log = QRectF(view.log_label.geometry())
    assert view.log_label.isVisible() and call.width() > 0
    assert not call.intersects(log), (call, log)
    assert view.log_label.text().endswith("Ben plays 7♠")  # the newest line kept
    for item in hand_items(win):
        assert not item.sceneBoundingRect().intersects(log), item.card


LONG_STATUS = (
    "No J♥: nobody holds it, so it lies in the widow, unseen, and the sequence stops; "
    "Fay takes the Game pool (24): Fay went out, and the Game pool goes to the winner."
)


def test_a_long_status_line_is_never_cut_by_the_fingerprint(qtbot):
    win = _small(qtbot, "spinado", 7)
    win.show_status(LONG_STATUS)
    label, fingerprint = win.status_label, win.fingerprint
    assert fingerprint.isVisible() and fingerprint.text().startswith("Fingerprint ")
    qtbot.waitUntil(lambda: label.geometry().right() < fingerprint.geometry().left(), timeout=WAIT)
    shown = label.shown_text()
    assert shown.endswith("…") and LONG_STATUS.startswith(shown[:-1])
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert label.text() == LONG_STATUS and label.toolTip() == LONG_STATUS
    assert label.accessibleDescription() == LONG_STATUS
    short = "Your lead: play any card (drag it to the table or click it)"
    win.show_status(short)
    assert label.shown_text() == short and label.toolTip() == ""


FIVE_LINES = [
    "You hold the only card that can follow: the 7♠ is played for you.",
    "The Spinado card, the ♦A, may go down with any card you play: it stops the sequence "
    "and every other player pays you 3.",
    "Matrimony is won by the player who plays both the King and the Queen of trumps.",
    "The Hard player would play the 9♣ here: it keeps your long suit for the end.",
    "Counters you hold at the end of the session are your score.",
]


def test_a_notice_and_a_long_coach_leave_the_status_line_on_screen(qtbot):
    win = _small(qtbot, "spinado", 7)
    win.add_notice(
        "Your last game was kept as 2024-06-11-1.json in the abandoned games (Game → Open)."
    )
    win.coach.say(FIVE_LINES)
    qtbot.waitUntil(lambda: win.coach.isVisible() and laid_out(win), timeout=WAIT)
    assert win.size().toTuple() == SMALL_SCREEN
    bar = win.statusBar().geometry()
    view = win.view
    table = view.geometry().translated(view.parentWidget().mapTo(win, view.pos()) - view.pos())
    assert bar.bottom() < win.height() and bar.top() > table.bottom(), (bar, table)
    assert view.height() >= view.minimumHeight()
    # every word of the notice and the coach can be read: shown, or scrolled to
    assert win.notices.isVisible() and win.coach.text.text() == "\n".join(FIVE_LINES)


LEDGER_LINES = [
    "You put 8 on the layout: 2 on the ♥A pool, 2 on the ♣K pool, 2 on the ♦Q pool and 2 "
    "on the ♠J pool, your stake as dealer, paid before the cards are seen.",
    "Gus pays you 10: 5 cards left in hand, 2 a card because Gus held the ♦A.",
    "Ben plays 7♠",
]


def test_a_long_log_line_wraps_within_the_table_and_steps_aside_for_the_prompt(qtbot):
    """Issue 24: a payment said with its reason is long; at 800×600 the log keeps to its
    share of the table's width (it ran off the right edge and under the prompt), keeps its
    newest line, and steps aside while a prompt covers it."""
    win = _small(qtbot, "spinado", 7)
    view = win.view
    vp = view.viewport().rect()
    view.show_log(LEDGER_LINES)
    label = view.log_label
    assert label.isVisible() and label.wordWrap()
    assert label.width() <= round(vp.width() * 0.42)
    assert vp.contains(label.geometry())
    assert label.text().endswith("Ben plays 7♠")
    view.prompt.ask("The widow is for sale. High bid: 1 (Dan).", [("b2", "Bid 2"), ("p", "Pass")])
    view.prompt.move(label.x(), label.y())  # wherever a prompt comes to cover the log
    view.place_log()
    assert not label.isVisible()
    view.prompt.hide()
    view.place_log()
    assert label.isVisible()


FORCED_LOG = [
    "Cat leads 4♥",
    "Cat plays 5♥",
    "You play 6♥, the only card you could play: the next card of a sequence must be played "
    "by its holder.",
]


def _needs(label: QLabel) -> int:
    """The height ``label``'s text takes at its width, measured by a fresh label (a label
    measures itself at no less than its own minimum width)."""
    fresh = QLabel(label.text())
    fresh.setFont(label.font())
    fresh.setWordWrap(True)
    return fresh.heightForWidth(label.width())


def test_a_wrapped_log_line_splits_evenly_and_shows_whole(qtbot):
    """At 800×600 "Ben, Cat and Dan put 1 each on the pool" wrapped with "pool" alone on
    its line: the log is as narrow as it can be without being higher. Beside a long hand
    (a narrow log) its newest line was then cut off: every width shows the whole text."""
    win = _small(qtbot, "spoil-five", 4)
    view = win.view
    line = "Ben, Cat and Dan put 1 each on the pool and the rest of the words run long"
    view.show_log([line, "Undone."])
    label = view.log_label
    most = round(view.viewport().width() * 0.42)
    assert label.wordWrap() and label.width() < most
    assert label.height() == _needs(label) == 3 * label.fontMetrics().lineSpacing()
    label.setFixedWidth(label.width() - 1)
    assert _needs(label) > 3 * label.fontMetrics().lineSpacing()  # it was the narrowest
    view.show_log(FORCED_LOG)
    for most in range(120, 400, 7):
        view._fit_log(most)
        assert label.width() <= most and label.height() >= _needs(label), most
        assert label.text().endswith("must be played by its holder."), most


#: The longest notice there is: a saved game damaged part of the way.
DAMAGED = (
    'Your saved game is damaged at deal 3, action 4 ("0 split AH:1 KC:1 QD:1 JS:1"): it is '
    "Ben's turn, not yours. The game goes on with what came before that: deals 1 and 2, and the "
    "first 3 moves of deal 3. The whole file was set aside as autosave.parlour.json.damaged-"
    "20261202-113000, with its journal as autosave.parlour.journal.damaged-20261202-113000, "
    "in /home/ann/.local/share/Parlour."
)


def _in_view(win: MainWindow, widget) -> bool:
    """Whether ``widget``'s words begin inside the column's view: all of it shown, or its
    top at the top when it is taller than the view."""
    bars = win.top_bars
    top = widget.mapTo(bars.viewport(), widget.rect().topLeft()).y()
    room = bars.viewport().height()
    return top >= 0 and (top + widget.height() <= room or top == 0)


def test_two_notices_and_the_coach_the_coach_is_scrolled_into_view(qtbot):
    """At 800×600 two notices and a five-line coach do not fit above the table: the column
    scrolls, and what was said last is in view, the coach at the person's decision, then a
    new notice; the table keeps its size."""
    win = _small(qtbot, "spinado", 7)
    win.add_notice(DAMAGED)
    win.add_notice(
        "Some of your settings could not be read (pace: not a number); their defaults are used."
    )
    win.controller.advisor.coach_said.emit(FIVE_LINES)  # as at the person's decision
    qtbot.waitUntil(lambda: win.coach.isVisible() and laid_out(win), timeout=WAIT)
    bars = win.top_bars
    qtbot.waitUntil(lambda: bars.verticalScrollBar().maximum() > 0, timeout=WAIT)  # no room
    qtbot.waitUntil(lambda: _in_view(win, win.coach), timeout=WAIT)
    assert win.view.height() >= win.view.minimumHeight()
    # the Hard player's choice arrives: the coach grows, and its new line is in view too
    win.coach.say([*FIVE_LINES, "The Hard player would play 9♣: best in 35% of the deals."])
    qtbot.waitUntil(lambda: win.coach.text.text().count("\n") == 5, timeout=WAIT)
    qtbot.waitUntil(lambda: _in_view(win, win.coach), timeout=WAIT)
    third = "Games cannot be saved: disk full (/data). You can play on."
    win.add_notice(third)
    qtbot.waitUntil(lambda: _in_view(win, win.notices.notice(third)), timeout=WAIT)


def test_the_claim_question_leaves_the_last_tricks_reason_in_view(qtbot):
    """Spoil Five at 800×600: the claim-or-jink question sits above the hand, clear of the
    caption that says who won the last trick and why (the reason the claim is offered)."""
    seed, expected = find_seed("spoil-five", 2, {"gen.startCounters": 20}, claim_offered)
    win = open_game(qtbot, "spoil-five", seed, players=2, options={"gen.startCounters": 20})
    resize_window(qtbot, win, SMALL_SCREEN)
    reach(qtbot, win, claim_offered, expected)
    wait_settled(qtbot, win)
    view = win.view
    assert view.prompt.isVisible() and view.reason_text.text().startswith("Last trick to ")
    reason = view.mapFromScene(view.reason_text.sceneBoundingRect()).boundingRect()
    assert not QRectF(reason).intersects(QRectF(view.prompt.geometry()))
    # A call made now steps up clear of the question, and right of the caption.
    view.announce("Ben robs")
    call = view.mapFromScene(view.announcement.sceneBoundingRect()).boundingRect()
    assert view.announcement.center.y() < view.layout_.announce_y
    assert not call.intersects(view.prompt.geometry()) and not call.intersects(reason)
    assert QRectF(view.viewport().rect()).contains(QRectF(call))


PJ_LOG = [
    "You play K♣, the only card you could play: the next card of a sequence must be played "
    "by its holder.",
    "You take the King pool (1): you played K♣, the card that captures it.",
    "K♣ is a stop",
]


def test_the_log_keeps_off_the_board_and_the_hand(qtbot):
    """Pope Joan's classic board at 800×600: the log, moved off a hand that reaches under
    it, was drawn over the board's lower right (its "Ace" name and the tray's rim)."""
    win = _small(qtbot, "pope-joan", 4, {"pj.profile": "C"}, seed=11)
    view = win.view
    for _ in range(3):  # the hand at its longest, then shorter
        assert advance(qtbot, win) is not None
        view.show_log(PJ_LOG)
        qtbot.waitUntil(lambda: laid_out(win), timeout=WAIT)
        log = QRectF(view.log_label.geometry())
        assert view.log_label.isVisible() and view.board.isVisible()
        assert not view.board.sceneBoundingRect().intersects(log)
        for item in hand_items(win):
            assert not item.sceneBoundingRect().intersects(log), (item.card, log)
        assert QRectF(view.viewport().rect()).contains(log)
        d = win.controller.session.deal.decision()
        win.controller.person.chose_card(d.actions[0].card)


def test_a_wide_question_stays_on_an_800_pixel_table(qtbot):
    """A bid panel with large bids ("Bid 1000000", "Bid 1000001", a box, Bid, Pass)
    centred above the hand ran off the right edge: every button stays on the table."""
    from PySide6.QtWidgets import QPushButton

    win = _small(qtbot, "newmarket", 4)
    view = win.view
    advance(qtbot, win)
    keys = [("bid:1000000", "Bid 1000000"), ("bid:1000001", "Bid 1000001")]
    keys.append(("amount:bid:1000002:", "Bid"))
    text = "The widow is for sale. High bid: 999999 (Dan)."
    view.prompt.ask(text, [*keys, ("pass", "Pass")])
    vp = view.viewport().rect()
    assert vp.contains(view.prompt.geometry())
    for b in view.prompt.findChildren(QPushButton):
        assert vp.contains(b.geometry().translated(view.prompt.pos()))


def test_a_call_made_while_the_bid_is_asked_shows_above_the_prompt(qtbot):
    """Michigan at 800×600: the bid panel sits over the call's line, and "Dan bids 1",
    made just before the person is asked, was hidden behind it. The call steps up clear of
    the panel, and goes back to its line once the panel is gone."""
    win = _small(qtbot, "michigan", 4)
    view = win.view
    assert view.announced[-1] == "Dan bids 1"
    call, lay = view.announcement, view.layout_
    panel = QRectF(view.prompt.geometry())
    assert panel.top() < lay.announce_y < panel.bottom()  # the line is under the panel
    assert call.isVisible() and call.opacity() > 0
    box = view.mapFromScene(call.sceneBoundingRect()).boundingRect()
    assert not QRectF(box).intersects(panel)
    assert box.bottom() <= panel.top()
    assert call.center.x() == lay.width / 2
    perform(qtbot, win, Bid(seat=0, amount=2))
    assert not view.prompt.isVisible()
    assert call.center.y() == lay.announce_y


def _table_top(win: MainWindow) -> int:
    """Where the table's view begins in the window (pixels from its top)."""
    view = win.view
    return view.parentWidget().mapTo(win, view.pos()).y()


def _settle(qtbot, win: MainWindow) -> None:
    """Let the window lay itself out: the posted layout requests and the coach's own, in
    turn, then the table drawn for its size."""
    for _ in range(3):
        QApplication.processEvents()
    qtbot.waitUntil(lambda: laid_out(win), timeout=WAIT)


def test_the_coach_does_not_move_the_table_between_decisions(qtbot):
    """At 800×600 the coach's words wrap to one line at one decision and three at the
    next: the bar grew and shrank with them, and the whole table moved down a line and
    back. While it stays up it keeps its tallest height; hidden, it starts again."""
    win = _small(qtbot, "newmarket", 4)
    win.coach.say(COACH)
    qtbot.waitUntil(lambda: win.coach.isVisible() and laid_out(win), timeout=WAIT)
    _settle(qtbot, win)
    tall, top = win.coach.height(), _table_top(win)
    win.coach.say(["Play the 7♠."])
    _settle(qtbot, win)
    assert (win.coach.height(), _table_top(win)) == (tall, top)
    # its words at the top of the kept height, beside "Coach", not centred below a gap
    assert win.coach.text.alignment() & Qt.AlignmentFlag.AlignTop
    # hidden (the deal ended), then one line: as short as its words again
    win.coach.say([])
    qtbot.waitUntil(lambda: not win.coach.isVisible() and laid_out(win), timeout=WAIT)
    win.coach.say(["Play the 7♠."])
    qtbot.waitUntil(lambda: win.coach.isVisible() and laid_out(win), timeout=WAIT)
    qtbot.waitUntil(lambda: win.coach.height() < tall, timeout=WAIT)
    assert _table_top(win) < top


def test_the_log_keeps_off_the_pools_in_the_smallest_window_zoomed_in(qtbot):
    """Pope Joan (Foster's layout) in the smallest window, the hand zoomed in: the log,
    lifted above the hand, ran over the pools' counters and the dead hand's name. Its
    oldest lines give way instead, and the newest stays."""
    win = open_game_at(qtbot, (640, 446), "pope-joan", seed=2, players=3)
    view = win.view
    assert advance(qtbot, win) is not None
    for _ in range(5):  # Zoom in, five steps, to the largest hand
        next(a for a in win.menuBar().actions() if a.text() == "&View").menu().actions()[
            0
        ].trigger()
    lines = ["Resumed: deal 2 of 3.", "No 9♠", "Ann plays 7♦", "No 8♦", "K♣ is a stop"]
    view.show_log(lines)
    qtbot.waitUntil(lambda: laid_out(win), timeout=WAIT)
    log = QRectF(view.log_label.geometry())
    assert view.zoom == 1.25 and view.log_label.isVisible()
    shown = view.log_label.text().split("\n")
    assert 1 <= len(shown) < len(lines) and shown == lines[-len(shown) :]  # the newest
    # narrower with fewer lines, it still ends at the table's right edge
    assert log.x() + log.width() == view.viewport().width() - 10
    layout = [*view.pool_items, view.stock, *view.plates.values()]
    for item in layout:
        box = QRectF(view.mapFromScene(item.sceneBoundingRect()).boundingRect())
        assert not box.intersects(log), (item, box, log)
    for item in hand_items(win):
        assert not item.sceneBoundingRect().intersects(log), (item.card, log)
