"""Hot-seat play (several people at one screen): the privacy screen between two people's
turns, and no face-up card of another person's hand, ever."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton

from gamecore.actions import Decline, Play, Rob, Widow
from gamecore.decisions import BidChoice
from gui.model import prompts
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.table.items import CardItem
from gui.windows.dialogs import DealSummaryDialog, SpinChoiceDialog
from gui.windows.mainwindow import MainWindow

SEATS = [
    SeatKind("Ann", True),
    SeatKind("Ben", False),
    SeatKind("Cat", True),
    SeatKind("Dan", False),
    SeatKind("Eve", True),
]


def _face_up_hand_cards(window: MainWindow) -> dict[int, set[int]]:
    """Face-up cards in the scene that lie in some seat's hand, by seat."""
    deal = window.controller.session.deal
    out: dict[int, set[int]] = {}
    for item in window.view.scene().items():
        if isinstance(item, CardItem) and item.face_up and item.isVisible():
            holder = deal.holder(item.card)
            if holder is not None:
                out.setdefault(holder, set()).add(item.card)
    return out


def _click_card(qtbot, window: MainWindow, card: int) -> None:
    view = window.view
    item = view.cards[card]
    pos = view.mapFromScene(item.sceneBoundingRect().center())
    QTest.mouseClick(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        QPoint(pos.x(), pos.y()),
    )


def _accept(qtbot, dialog: QDialog) -> None:
    if isinstance(dialog, SpinChoiceDialog):
        qtbot.mouseClick(dialog.findChild(QPushButton, "plain"), Qt.MouseButton.LeftButton)
        return
    for name in ("ok", "next"):
        b = dialog.findChild(QPushButton, name)
        if b is not None and b.isEnabled():
            qtbot.mouseClick(b, Qt.MouseButton.LeftButton)
            return
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def _face_up_stock_cards(window: MainWindow) -> set[int]:
    """Face-up cards in the scene that lie in the stock (Michigan: the widow, or the dead
    hand once the widow is taken, MI-7, MI-8)."""
    deal = window.controller.session.deal
    return {
        item.card
        for item in window.view.scene().items()
        if isinstance(item, CardItem)
        and item.face_up
        and item.isVisible()
        and deal.stock >> item.card & 1
    }


def _hot_seat(qtbot, game: str, **kw) -> MainWindow:
    """A window at 800×600 with a new session of ``game`` at :data:`SEATS` (three people,
    two computers); ``kw`` for the window (``autosave``)."""
    window = MainWindow(pace=0, seed=11, **kw)
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    window.controller.new_session(Setup(game, seats=SEATS))
    return window


def _answer_dialog_or_stake(qtbot, c) -> bool:
    """Accept the dialog up, or the staking panel's stake; False when neither is asked."""
    if c.dialog is not None:
        _accept(qtbot, c.dialog)
        return True
    if c.state == "staking":
        qtbot.mouseClick(c.view.stake_panel.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
        return True
    return False


def _until_someone_is_asked(qtbot, c) -> None:
    """Wait until the table asks something: a privacy screen, a dialog, a person's
    decision, the staking panel or the deal's summary."""
    qtbot.waitUntil(
        lambda: (
            c.privacy_up
            or c.dialog is not None
            or c.state in ("human", "summary")
            or (c.state == "staking" and c.view.stake_panel.isVisible())
        ),
        timeout=5000,
    )


@pytest.mark.parametrize(
    ("game", "options"), [("newmarket", {}), ("spoil-five", {}), ("michigan", {})]
)
def test_three_people_two_computers_hidden_hands(qtbot, game, options):
    window = MainWindow(pace=0, seed=11)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    c = window.controller
    c.new_session(Setup(game, options=options, seats=SEATS))
    screens = 0
    people_seen = set()
    widows: set[str] = set()
    for _ in range(400):
        _until_someone_is_asked(qtbot, c)
        deal = c.session.deal
        shown = _face_up_hand_cards(window)
        if c.privacy_up:
            screens += 1
            assert window.controller.privacy.isVisible()
            assert shown == {}, "a hand card is face up behind the privacy screen"
            if screens == 1:  # the cover is opaque: the table does not show through
                image = window.view.grab().toImage()
                for x, y in ((40, 40), (image.width() // 2, image.height() - 60)):
                    assert image.pixelColor(x, y).name() == "#10301e"
            name = c.session.players[c.pending_person]
            assert (
                window.controller.privacy.title.text()
                == f"Pass to {name} — click or press Space when ready"
            )
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        if not deal.over:
            assert set(shown) <= {c.human}, f"another hand is face up: {shown}"
            assert _face_up_stock_cards(window) == set(), "the widow or dead hand is face up"
            assert shown.get(c.human, set()) == set() or c.seats[c.human].person
        if isinstance(c.dialog, DealSummaryDialog):
            break
        if c.dialog is not None:
            _accept(qtbot, c.dialog)
            continue
        if c.state == "staking":  # on the table, the person's own stake or split
            assert c.seats[deal.decision().seat].person and deal.decision().seat == c.human
            assert c.view.stake_panel.text.text().startswith(c.session.players[c.human])
            qtbot.mouseClick(
                c.view.stake_panel.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton
            )
            continue
        d = deal.decision()
        assert d.seat == c.human and c.seats[d.seat].person
        people_seen.add(d.seat)
        if isinstance(d, BidChoice):  # the auction for the widow: a person passes (MI-8)
            qtbot.mouseClick(
                c.view.prompt.findChild(QPushButton, "pass"), Qt.MouseButton.LeftButton
            )
            continue
        action = d.actions[0]
        if isinstance(action, Widow):  # the dealer's choice: the first offered (MI-7)
            widows.add(action.choice)
            qtbot.mouseClick(
                c.view.prompt.findChild(QPushButton, action.choice), Qt.MouseButton.LeftButton
            )
        elif isinstance(action, Rob):
            _click_card(qtbot, window, action.card)
        elif isinstance(action, Decline):
            qtbot.mouseClick(
                c.view.prompt.findChild(QPushButton, "decline"), Qt.MouseButton.LeftButton
            )
        elif isinstance(action, Play):
            _click_card(qtbot, window, action.card)
        else:  # claim or jink
            qtbot.mouseClick(
                c.view.prompt.findChild(QPushButton, "claim"), Qt.MouseButton.LeftButton
            )
    else:
        pytest.fail("the deal did not end")
    assert c.session.deal.over
    assert screens >= 2 and people_seen <= {0, 2, 4} and len(people_seen) >= 2
    if game == "michigan":  # the widow was sold in the auction, and was never face up
        assert c.session.deal.widow_to is not None


def test_one_person_never_sees_a_privacy_screen(qtbot):
    window = MainWindow(pace=0, seed=5)
    qtbot.addWidget(window)
    window.show()
    c = window.controller
    c.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)],
        )
    )
    for _ in range(200):
        qtbot.waitUntil(
            lambda: (
                c.dialog is not None
                or c.state in ("human", "summary")
                or (c.state == "staking" and c.view.stake_panel.isVisible())
            ),
            timeout=5000,
        )
        assert not c.privacy_up and not c.privacy.isVisible()
        if isinstance(c.dialog, DealSummaryDialog):
            break
        if _answer_dialog_or_stake(qtbot, c):
            continue
        _click_card(qtbot, window, c.session.deal.decision().actions[0].card)
    assert c.session.deal.over


def test_a_new_session_from_the_standings_keeps_the_seats(qtbot):
    window = MainWindow(pace=0, seed=5)
    qtbot.addWidget(window)
    window.show()
    c = window.controller
    seats = [
        SeatKind("Ann", False, "easy"),
        SeatKind("Ben", False, "normal"),
        SeatKind("Cat", True),
    ]
    c.new_session(Setup("spinado", seats=seats, options={"sn.spinadoPayment": 4}))
    c.deal_end._after_standings("again")
    assert [(k.name, k.person, k.level) for k in c.seats] == [
        ("Ann", False, "easy"),
        ("Ben", False, "normal"),
        ("Cat", True, "normal"),
    ]
    assert c.session.options["sn.spinadoPayment"] == 4 and c.session.game.name == "spinado"


def test_a_person_dealing_after_the_privacy_screen_reads_the_whole_question(qtbot):
    """Ben, a person, deals first: after "Pass to Ben" the staking panel's question wraps
    to three lines, and the panel is tall enough for all of them (its first and last
    lines were cut)."""
    window = MainWindow(pace=0, seed=1)  # Ben deals the first deal
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    c = window.controller
    seats = [SeatKind("You", True), SeatKind("Ben", True), SeatKind("Cat", False)]
    c.new_session(Setup("newmarket", seats=[*seats, SeatKind("Dan", False)]))
    assert c.session.deal.dealer == 1
    qtbot.waitUntil(lambda: c.privacy_up, timeout=5000)
    qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
    panel = c.view.stake_panel
    qtbot.waitUntil(panel.isVisible, timeout=5000)
    text = panel.text
    assert text.text().startswith("Ben deals: name the stake")
    assert text.height() >= text.heightForWidth(text.width()) > text.fontMetrics().height() * 2
    assert panel.rect().contains(text.geometry())


def test_a_persons_forced_card_plays_without_handing_them_the_screen(qtbot):
    """Three people at Michigan with forced moves played for them (Settings, "Play them
    for me"): a person's forced card plays itself unseen, the first of a deal too; the
    screen is handed over only for a decision to make (a run of hearts handed it round
    eight times in a row, each time for one card)."""
    window = MainWindow(pace=0, seed=21)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    c = window.controller
    c.auto_play = True  # Settings: Forced moves, "Play them for me"
    people = [SeatKind("Ann", True), SeatKind("Ben", True), SeatKind("Cat", True)]
    c.new_session(Setup("michigan", seats=people))
    screens = 0
    for _ in range(300):
        _until_someone_is_asked(qtbot, c)
        if isinstance(c.dialog, DealSummaryDialog) or c.state == "summary":
            break
        d = c.session.deal.decision()
        if c.privacy_up:
            screens += 1
            assert not c.plays_itself(d), f"the screen was handed to {d.seat} for a forced card"
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        if c.dialog is not None:
            _accept(qtbot, c.dialog)
        elif c.state == "staking":
            c.view.stake_panel.accept()
        elif isinstance(d.actions[0], Play) and not c.plays_itself(d):
            c.person.chose_card(d.actions[0].card)
        elif not d.forced:  # the widow's question or the auction: the first answer
            qtbot.mouseClick(c.view.prompt.findChildren(QPushButton)[0], Qt.MouseButton.LeftButton)
        else:  # the person's own forced card, at the screen: it plays itself
            n = len(c.session.logs[-1].actions)
            qtbot.waitUntil(lambda n=n: len(c.session.logs[-1].actions) > n, timeout=5000)
    else:
        pytest.fail("the deal did not end")
    assert c.session.deal.over and screens >= 2


def test_the_privacy_screen_shows_every_line_since_your_last_turn(qtbot):
    """Newmarket, three people and two computers: between Eve's turns thirteen lines were
    said, and the screen kept only the last eight, so "K♠ is a stop" and "Ann takes the ♠J
    pool" never reached her (STOP-7). Every line is now there, the latest in view, and a
    click on the lines passes the screen as a click anywhere does (the first screen with
    the stop call more than eight lines back)."""
    window = _hot_seat(qtbot, "newmarket")
    c = window.controller
    for _ in range(100):
        _until_someone_is_asked(qtbot, c)
        if c.privacy_up:
            since = c.log[c.seen.get(c.pending_person, 0) :]
            if "K♠ is a stop" in since[:-8]:  # more than eight lines back
                break
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        _answer_first(qtbot, window)
    else:
        pytest.fail("no hand-over with a stop call among more than eight lines")
    seat = c.pending_person
    screen = c.privacy
    assert screen.since.text().split("\n") == prompts.recap_lines(since)
    bar = screen.events_area.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.value() == bar.maximum())
    area = screen.events_area.viewport()
    lines = screen.since
    last = lines.mapTo(area, QPoint(lines.width() // 2, lines.height() - 4))
    assert area.rect().contains(last)  # the latest line is in view
    qtbot.mouseClick(area, Qt.MouseButton.LeftButton, pos=last)
    qtbot.waitUntil(lambda: not c.privacy_up and c.human == seat)


def test_the_first_hand_over_says_so_far_this_deal_not_since_your_last_turn(qtbot):
    """The session's first hand-over said "Since your last turn:" to a person who had not
    had one; the next, after their own move, says it."""
    window = _hot_seat(qtbot, "newmarket")
    c = window.controller
    headings: list[tuple[str, str]] = []
    for _ in range(100):
        _until_someone_is_asked(qtbot, c)
        if c.privacy_up:
            seat = c.pending_person
            if c.privacy.since.text():
                headings.append((c.session.players[seat], c.privacy.heading.text()))
            if len(headings) >= 4:
                break
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        _answer_first(qtbot, window)
    firsts = {}
    for name, heading in headings:
        firsts.setdefault(name, heading)
    assert set(firsts.values()) == {"So far this deal:"}
    later = [h for i, (n, h) in enumerate(headings) if any(m == n for m, _ in headings[:i])]
    assert later and set(later) == {"Since your last turn:"}


def _answer_first(qtbot, window: MainWindow) -> None:
    """The person's turn answered with the mouse where the table asks it: a dialog accepted,
    the stake as proposed, the first legal card clicked; a rob declined, a claim or jink the
    first offered."""
    c = window.controller
    if c.dialog is not None:
        _accept(qtbot, c.dialog)
        return
    if c.state == "staking":
        qtbot.mouseClick(c.view.stake_panel.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
        return
    first = c.session.deal.decision().actions[0]
    if isinstance(first, Play):
        _click_card(qtbot, window, first.card)
    elif isinstance(first, Decline):
        c.person.answered("decline")
    else:
        c.apply(first)


@pytest.mark.parametrize("game", ["newmarket", "spoil-five"])
def test_since_your_last_turn_runs_from_your_own_move(qtbot, game):
    """At the animation speed Off the screen covers the table as soon as the next person is
    to act, so the cards played after a person's move were never seen by them; the screen
    listed only what followed the hand-over ("Dan plays Q♠", "K♠ is a stop" missing from
    Ann's). Each person's screen now lists every line said after their own last move."""
    window = _hot_seat(qtbot, game)
    c = window.controller
    after_move: dict[int, int] = {}  # person seat → the log's length just after their move
    checked = 0
    for _ in range(150):
        _until_someone_is_asked(qtbot, c)
        if c.privacy_up:
            seat = c.pending_person
            if seat in after_move:
                since = prompts.recap_lines(c.log[after_move[seat] :])
                assert c.privacy.since.text() == "\n".join(since)
                checked += 1
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        if isinstance(c.dialog, DealSummaryDialog):
            break
        d = c.session.deal.decision()
        _answer_first(qtbot, window)
        after_move[d.seat] = len(c.log)  # the move is applied at once: the computers wait
    assert checked >= 3


@pytest.mark.parametrize("game", ["newmarket", "spoil-five"])
def test_after_a_crash_since_your_last_turn_is_the_deal_as_it_was_said(qtbot, tmp_path, game):
    """The table's log is not saved: a game resumed after a crash (or a quit) told the next
    person at the hot seat only "Resumed: deal 1 of 4." The deal's lines are said again
    from its file, exactly as the table said them, and each person's screen lists what
    followed their own last move."""
    path = tmp_path / "auto.parlour.json"
    window = _hot_seat(qtbot, game, autosave=path)
    c = window.controller
    moved: set[int] = set()
    for _ in range(150):
        _until_someone_is_asked(qtbot, c)
        if c.privacy_up and c.pending_person in moved and len(moved) == 3:
            break
        if c.privacy_up:
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        assert not isinstance(c.dialog, DealSummaryDialog), "the deal ended first"
        moved.add(c.session.deal.decision().seat)
        _answer_first(qtbot, window)
    else:
        pytest.fail("no hand-over after every person had moved")
    seat = c.pending_person
    said = c.log[next(i for i, x in enumerate(c.log) if x.startswith("Deal 1 of")) :]
    since = c.privacy.since.text().split("\n")
    assert c.keeper.flush_autosave()
    window.close()
    again = MainWindow(pace=0, seed=99, autosave=path)
    qtbot.addWidget(again)
    again.resize(800, 600)
    again.show()
    again.start(resume=True)
    a = again.controller
    qtbot.waitUntil(lambda: a.privacy_up, timeout=5000)
    resumed = f"Resumed: deal 1 of {a.session.total_deals}."
    assert (a.pending_person, a.log) == (seat, [*said, resumed])
    assert a.privacy.since.text().split("\n") == [*since, resumed]


def test_undo_is_greyed_out_where_the_table_turns_it_off(qtbot):
    """Several people at one screen play without undo: Game → Undo stayed enabled and only
    said so in the status line when chosen. It is greyed out there, and enabled again at a
    table of one person."""
    window = _hot_seat(qtbot, "newmarket")
    c = window.controller
    qtbot.waitUntil(lambda: c.session is not None and c.session.deal is not None)
    assert not c.allow_undo and not window.undo_action.isEnabled()
    c.new_session(Setup.you_and_computers())
    qtbot.waitUntil(lambda: window.undo_action.isEnabled())
    assert c.allow_undo


def test_a_persons_hand_goes_down_as_their_turn_ends_and_a_new_deal_is_handed_over(qtbot):
    """With several people at the screen, a person's hand goes face down once the deal waits
    on another seat (it stayed up while the computers played, in view of the next person),
    and "Next deal", clicked at the summary all read, hands the screen over before any
    hand shows (it opened on one person's cards)."""
    window = _hot_seat(qtbot, "newmarket")
    c = window.controller
    hidden_after_a_move = 0
    for _ in range(400):
        _until_someone_is_asked(qtbot, c)
        if c.privacy_up:
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        if isinstance(c.dialog, DealSummaryDialog):
            break
        if _answer_dialog_or_stake(qtbot, c):
            continue
        d = c.session.deal.decision()
        _click_card(qtbot, window, d.actions[0].card)
        after = c.session.deal.decision()
        if after is not None and after.seat != c.human:  # another seat's turn, at once
            assert _face_up_hand_cards(window) == {}
            hidden_after_a_move += 1
    else:
        pytest.fail("the deal did not end")
    assert hidden_after_a_move
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
    assert len(c.session.logs) == 2 and _face_up_hand_cards(window) == {}
    _until_someone_is_asked(qtbot, c)
    assert c.privacy_up  # handed over before the first person decides


def test_since_your_last_turn_runs_from_your_last_choice_not_a_forced_card(qtbot):
    """Pope Joan, two people and a computer, forced cards played for the people: a forced
    card played for the person last at the screen marked where their next "Since your
    last turn" began, so at the start of deal 3 Ann's screen was empty, the stake, the
    lead and the pool taken before her card never shown to her. It runs from her last
    choice, or from the last deal's summary, which everyone at the screen saw (the lists
    ran to 35 lines across two deals)."""
    window = MainWindow(pace=0, seed=3)
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    c = window.controller
    c.auto_play = True  # Settings: Forced moves, "Play them for me"
    people = [SeatKind("Ann", True), SeatKind("Bob", True), SeatKind("Cat", False, "easy")]
    c.new_session(Setup("pope-joan", seats=people, options={"gen.rounds": 2}))
    after_choice: dict[int, int] = {}  # seat → the log's length after their last choice
    checked, forced_first = 0, 0
    for _ in range(600):
        _until_someone_is_asked(qtbot, c)
        if isinstance(c.dialog, DealSummaryDialog):
            if len(c.session.logs) == 4:
                break
            summary_at = len(c.log)
            _accept(qtbot, c.dialog)
            # the summary, seen by all at the screen, told the deal's end: the lists of
            # the next deal start from it
            after_choice = dict.fromkeys((0, 1), summary_at)
            continue
        if c.privacy_up:
            seat = c.pending_person
            if seat in after_choice:
                since = c.log[after_choice[seat] :]
                assert c.privacy.since.text() == "\n".join(prompts.recap_lines(since))
                checked += 1
                # a card of this person's played for them since their last choice
                name = c.session.players[seat]
                forced_first += any(line.startswith(f"{name} plays") for line in since)
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        d = c.session.deal.decision()
        if c.state == "human" and c.plays_itself(d):  # the person's forced card, by itself
            n = len(c.session.logs[-1].actions)
            qtbot.waitUntil(lambda n=n: len(c.session.logs[-1].actions) > n, timeout=5000)
            continue
        _answer_first(qtbot, window)
        after_choice[d.seat] = len(c.log)  # applied at once: the others wait a pace
    else:
        pytest.fail("three deals did not end")
    assert checked >= 6 and forced_first >= 1
