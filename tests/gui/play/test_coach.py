"""The coach: the first time a person plays a game it explains, at each of their decisions
in one deal, what the rules allow and why (with the legal cards named) and what the Hard
player would choose; one click turns it off, and it stays off."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QPushButton

from gamecore.cards import card_label
from gamecore.decisions import PlayChoice
from gui.model import advice
from gui.store import settings
from gui.windows.coach import CoachBar
from gui.windows.mainwindow import MainWindow

WAIT = 20_000


def _window(qtbot) -> MainWindow:
    window = MainWindow(pace=0, seed=6, remember=True)
    qtbot.addWidget(window)
    window.game_name, window.players, window.seats = "spoil-five", 3, None
    window.resize(1280, 800)
    window.show()
    return window


def _my_play(qtbot, window: MainWindow) -> PlayChoice:
    c = window.controller
    qtbot.waitUntil(
        lambda: (
            c.state == "human"
            and isinstance(c.session.decision(), PlayChoice)
            and c.session.decision().seat == 0
        ),
        timeout=WAIT,
    )
    return c.session.decision()


def test_the_coach_explains_the_first_deal_and_stays_off_once_turned_off(qtbot):
    settings.settings().clear()
    try:
        window = _window(qtbot)
        window.start()
        d = _my_play(qtbot, window)
        coach = window.coach
        qtbot.waitUntil(lambda: coach.isVisible(), timeout=WAIT)
        text = coach.text.text()
        legal = ", ".join(
            card_label(c) for c in sorted({a.card for a in d.actions if hasattr(a, "card")})
        )
        assert f"You may play: {legal}." in text or "rob" in text.lower()
        if len(d.actions) > 1:  # the Hard player's choice follows, off the GUI thread
            qtbot.waitUntil(lambda: "The Hard player would" in coach.text.text(), timeout=WAIT)
        qtbot.mouseClick(coach.findChild(QPushButton, "coachOff"), Qt.MouseButton.LeftButton)
        assert not coach.isVisible() and not window.controller.advisor.coaching
        assert settings.load_prefs().coach_off
        window.close()
        again = _window(qtbot)  # the next run: still off, even for a game never coached
        again.game_name = "spinado"
        again.start()
        assert not again.controller.advisor.coaching
    finally:
        settings.settings().clear()


def test_the_coach_is_for_the_first_deal_of_a_game_only(qtbot):
    settings.settings().clear()
    try:
        window = _window(qtbot)
        window.start()
        assert window.controller.advisor.coaching
        window.controller.advisor.coached.emit("Spoil Five")  # as the end of that deal does
        assert settings.load_prefs().coached == ("Spoil Five",)
        window.close()
        again = _window(qtbot)
        again.start()
        assert not again.controller.advisor.coaching  # Spoil Five has been coached already
        again.coach_action.trigger()  # Help → Coach me through this deal
        assert again.controller.advisor.coaching
    finally:
        settings.settings().clear()


def test_with_several_people_the_coach_never_speaks_over_the_privacy_screen(qtbot):
    """Hot seat: the coach's words name the legal cards of the person it speaks to, so it
    is silent (hidden) whenever the privacy screen covers the table, and speaks again only
    to the person who is ready."""
    from gui.model.setup import Setup
    from gui.play.seats import SeatKind

    window = MainWindow(pace=0, seed=6)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    c = window.controller
    c.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", True), SeatKind("Cat", False)],
        )
    )
    window.coach_this_deal()
    seen_screens = 0
    for _ in range(400):
        qtbot.waitUntil(
            lambda: c.privacy_up or c.state in ("human", "summary", "staking"), timeout=WAIT
        )
        if c.state == "summary":
            break
        if c.privacy_up:
            seen_screens += 1
            assert not window.coach.isVisible()
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        if c.state == "staking":
            c.view.stake_panel.accept()
            continue
        d = c.session.decision()
        if isinstance(d, PlayChoice) and d.seat == c.human:
            # The coach speaks to the person whose hand is shown, of their cards only.
            qtbot.waitUntil(lambda: window.coach.isVisible(), timeout=WAIT)
            legal = {card_label(a.card) for a in d.actions if hasattr(a, "card")}
            said = window.coach.text.text()
            assert any(name in said for name in legal)
            c.person.chose_card(d.actions[0].card)
    assert seen_screens >= 2


def test_while_the_others_play_the_coach_drops_its_advice(qtbot):
    """Advice is for one decision: once the person has played and the computers are at it,
    the coach says it will speak again, instead of naming a card already played."""
    from gui.model.setup import Setup
    from gui.play.seats import SeatKind

    window = MainWindow(pace=0, seed=6)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    c = window.controller
    # Every card of the person's is played here, a forced one too: a forced card playing
    # itself could be followed by the computers' turn between two looks at the table.
    c.auto_play = False
    c.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)],
        )
    )
    window.coach_this_deal()
    said: list[list[str]] = []
    c.advisor.coach_said.connect(lambda lines: said.append(list(lines)))
    for _ in range(50):
        qtbot.waitUntil(
            lambda: (
                c.state in ("human", "summary")
                or (c.state == "staking" and c.view.stake_panel.isVisible())
            ),
            timeout=WAIT,
        )
        if c.state == "staking":
            c.view.stake_panel.accept()
            continue
        d = c.session.decision()
        if c.state == "summary" or not isinstance(d, PlayChoice):
            break
        before = len(said)
        c.person.chose_card(d.actions[0].card)
        if c.session.deal.over or c.session.decision().seat == c.human:
            continue
        qtbot.waitUntil(lambda b=before: [advice.COACH_WAITS] in said[b:], timeout=WAIT)
        assert window.coach.isVisible()
        return
    raise AssertionError("no computer played after the person")


def test_a_hint_at_a_coached_decision_is_the_coachs_own_advice(qtbot, monkeypatch):
    """Game → Hint where the coach has already said what the Hard player would do gives
    that advice, with its figures, and asks for no second search (the two searches had
    said "best in 73% of 5252" and "58% of 4247" side by side)."""
    settings.settings().clear()
    try:
        window = _window(qtbot)
        window.start()
        c = window.controller
        while True:
            d = _my_play(qtbot, window)
            if len(d.actions) > 1 and all(type(a).__name__ == "Play" for a in d.actions):
                break
            before = len(c.session.logs[-1].actions)
            if type(d.actions[-1]).__name__ == "Decline":
                c.person.answered("decline")
            else:
                c.person.chose_card(d.actions[0].card)
            qtbot.waitUntil(lambda b=before: len(c.session.logs[-1].actions) > b, timeout=WAIT)
        coach = window.coach
        said = "The Hard player would "
        qtbot.waitUntil(lambda: said in coach.text.text(), timeout=WAIT)
        line = coach.text.text().splitlines()[-1]
        would, reason = line[len(said) : -1].split(": ", 1)
        asked: list[str] = []
        monkeypatch.setattr(c.thinker, "advise", lambda *a: asked.append(a[5]))
        window.hint_action.trigger()
        assert window.status_label.text() == f"Hint: {would} — {reason}."
        assert asked == []
    finally:
        settings.settings().clear()


def test_a_hot_seat_game_after_a_coached_one_is_not_coached(qtbot):
    """The coach is for one person: coaching a first game alone, then New Game with a
    second person, it was still speaking (to each person, of their cards)."""
    from PySide6.QtWidgets import QComboBox

    settings.settings().clear()
    try:
        window = _window(qtbot)
        window.start()
        _my_play(qtbot, window)
        qtbot.waitUntil(lambda: window.coach.isVisible(), timeout=WAIT)
        first = window.controller.session
        window.new_action.trigger()  # Game → New Game
        dlg = window.new_dialog
        dlg.findChild(QComboBox, "kind_1").setCurrentIndex(0)  # seat 2: Person
        qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.controller.session is not first, timeout=WAIT)
        assert len(window.controller.people) == 2
        assert not window.controller.advisor.coaching and not window.coach.isVisible()
    finally:
        settings.settings().clear()


def test_a_game_resumed_in_its_first_deal_is_still_coached(qtbot, tmp_path):
    """After a crash in the first deal of a game the coach was explaining, the resumed
    deal is explained too (it had fallen silent for the rest of that deal)."""
    from gui.store import persistence

    settings.settings().clear()
    try:
        auto = tmp_path / persistence.AUTOSAVE
        window = MainWindow(pace=0, seed=6, remember=True, autosave=auto)
        qtbot.addWidget(window)
        window.game_name, window.players, window.seats = "spoil-five", 3, None
        window.show()
        window.start()
        d = _my_play(qtbot, window)
        window.controller.person.chose_card(d.actions[0].card)
        qtbot.waitUntil(lambda: auto.exists(), timeout=WAIT)
        window.close()  # the saved game is as a kill would leave it: saved after every move
        again = MainWindow(pace=0, seed=7, remember=True, autosave=auto)
        qtbot.addWidget(again)
        again.show()
        again.start(resume=True)
        _my_play(qtbot, again)
        assert again.controller.advisor.coaching
        qtbot.waitUntil(lambda: again.coach.isVisible(), timeout=WAIT)
    finally:
        settings.settings().clear()


def test_the_coach_keeps_a_line_for_the_hard_players_choice(qtbot):
    """The coach's last line is there from the start of a decision, "weighing your
    choices" until the Hard player's choice replaces it: the coach did not grow a line
    under the person's eyes, shifting the whole table down."""
    settings.settings().clear()
    try:
        window = _window(qtbot)
        said: list[list[str]] = []
        window.controller.advisor.coach_said.connect(lambda lines: said.append(list(lines)))
        window.start()
        while True:
            d = _my_play(qtbot, window)
            if len(d.actions) > 1:
                break
            window.controller.person.chose_card(d.actions[0].card)
        coach = window.coach
        qtbot.waitUntil(lambda: "The Hard player would" in coach.text.text(), timeout=WAIT)
        first = said[-2]
        assert first[-1] == advice.COACH_THINKS
        assert said[-1][:-1] == first[:-1]  # the same sentences, the last one replaced
        assert said[-1][-1].startswith("The Hard player would")
        # and it takes as many lines as the choice that replaces it, at 800×600 too
        window.resize(796, 576)
        qtbot.waitUntil(lambda: window.width() == 796, timeout=WAIT)
        label = coach.text
        metrics, flags = label.fontMetrics(), int(Qt.TextFlag.TextWordWrap)

        def height(text: str) -> int:
            return metrics.boundingRect(QRect(0, 0, label.width(), 10_000), flags, text).height()

        assert height(first[-1]) == height(said[-1][-1])
    finally:
        settings.settings().clear()


def test_unticked_in_settings_the_coach_stops_at_once_and_ticked_it_comes_back(qtbot):
    """Settings' coach box acts on the deal at the table: unticked mid-deal, the coach went
    on talking until its own off button was found."""
    settings.settings().clear()
    try:
        window = _window(qtbot)
        window.start()
        _my_play(qtbot, window)
        coach = window.coach
        qtbot.waitUntil(lambda: coach.isVisible(), timeout=WAIT)
        window.ask_prefs()
        dlg = window.prefs_dialog
        dlg.coach.click()  # unticked
        qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
        assert not coach.isVisible() and not window.controller.advisor.coaching
        assert settings.load_prefs().coach_off
        window.ask_prefs()
        dlg = window.prefs_dialog
        dlg.coach.click()  # ticked again, in the game's first deal: coached again
        qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
        assert window.controller.advisor.coaching
    finally:
        settings.settings().clear()


def test_the_coach_says_it_is_done_when_its_deal_ends(qtbot):
    """The coach is for the first deal of a game: from the second deal on it was simply
    gone, and a tester took it for broken. At the end of its deal it says it is done and
    how to bring it back, and the words go when the next deal begins."""

    from gui.windows.dialogs import DealSummaryDialog

    settings.settings().clear()
    try:
        window = _window(qtbot)
        window.start()
        c = window.controller
        assert c.advisor.coaching
        for _ in range(200):
            qtbot.waitUntil(
                lambda: c.state in ("human", "summary") or c.view.prompt.isVisible(),
                timeout=WAIT,
            )
            if c.state == "summary":
                break
            d = c.session.decision()
            if isinstance(d, PlayChoice) and d.seat == c.human:
                c.apply(d.actions[0])
            elif c.view.prompt.isVisible():  # rob or not, claim or jink: the first answer
                qtbot.mouseClick(
                    c.view.prompt.findChildren(QPushButton)[0], Qt.MouseButton.LeftButton
                )
        assert isinstance(c.dialog, DealSummaryDialog)
        assert window.coach.isVisible() and window.coach.text.text() == advice.COACH_DONE
        assert "Help → Coach me through this deal" in advice.COACH_DONE
        first = len(c.session.logs)
        qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: len(c.session.logs) == first + 1, timeout=WAIT)
        assert not window.coach.isVisible() and not c.advisor.coaching
    finally:
        settings.settings().clear()


def test_the_coachs_button_shows_the_keys_focus(qtbot):
    """Tab reached "Turn the coach off" with no ring to be seen on the blue bar, and a
    tester pressed Space there not knowing: with the keys it has a gold rim."""
    bar = CoachBar()
    qtbot.addWidget(bar)
    bar.resize(600, 60)
    bar.say(["Spread your 4 counters over the pools as you like."])
    qtbot.waitExposed(bar)
    off = bar.findChild(QPushButton, "coachOff")

    def rim() -> tuple[int, int, int]:
        c = off.grab().toImage().pixelColor(1, off.height() // 2)
        return c.red(), c.green(), c.blue()

    assert rim() == (0x5B, 0x7D, 0xB3)
    off.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(off.hasFocus)
    assert rim() == (0xC8, 0xA4, 0x00)
