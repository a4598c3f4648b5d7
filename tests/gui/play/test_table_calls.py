"""The events of one action are all shown, in order: the table makes its calls as a queue,
each shown a while before the next (issue: "Ann takes the ♣K pool: 7" used to be replaced
by the stop in the same moment)."""

from __future__ import annotations

from gamecore.cards import parse_card
from gamecore.decisions import PlayChoice
from gamecore.events import Played
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import registryview, tablewords
from gui.model.setup import Setup
from gui.play import feed
from gui.play.seats import SeatKind
from gui.windows.mainwindow import MainWindow

WAIT = 10_000


def _window(qtbot, pace: int) -> MainWindow:
    window = MainWindow(pace=pace, seed=1)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def _held_window(qtbot, pace: int) -> MainWindow:
    """A window at a Newmarket table of three computers, held still: only the calls move."""
    window = _window(qtbot, pace=pace)
    window.controller.new_session(
        Setup("newmarket", seats=[SeatKind(n, False) for n in ("Ann", "Ben", "Cat")])
    )
    window.controller.hold()
    qtbot.waitUntil(lambda: window.view.layout_ is not None, timeout=WAIT)
    return window


def _held_table(qtbot, pace: int):
    """The view of :func:`_held_window`."""
    return _held_window(qtbot, pace).view


def test_two_calls_are_shown_one_after_the_other(qtbot):
    window = _window(qtbot, pace=20)
    view = window.view
    window.controller.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", False), SeatKind("Ben", False), SeatKind("Cat", False)],
        )
    )
    window.controller.hold()  # keep the table still: only the calls move
    qtbot.waitUntil(lambda: view.layout_ is not None, timeout=WAIT)
    before = len(view.announced)
    view.announce("Ann takes the ♣K pool: 7")
    view.announce("No eight")
    assert view.announced[before:] == ["Ann takes the ♣K pool: 7"]
    assert view.announcement.text == "Ann takes the ♣K pool: 7"  # the first is on show
    qtbot.waitUntil(
        lambda: view.announced[before:] == ["Ann takes the ♣K pool: 7", "No eight"], timeout=WAIT
    )
    assert view.announcement.text == "No eight"


def test_every_call_of_an_action_at_the_table_is_made_in_order(qtbot):
    """Pope Joan (trump layout), deal seed 0: one play makes three calls (Matrimony,
    Confederacy and a stop); the table makes all three, in the engine's order."""
    window = _window(qtbot, pace=0)
    c = window.controller
    session = Session(make_game("pope-joan", {"pj.profile": "M"}), ["You", "Ben", "Cat", "Dan"], 0)
    session.start_deal_seeded(0)
    c.resume(session, [False] * 4)
    c.hold()  # the test makes every play itself, as the table would apply them
    labels, spin = registryview.pool_labels(session.game), tablewords.spin_call(session.game)
    view = c.view
    while True:
        d = session.decision()
        action = d.actions[0] if isinstance(d, PlayChoice) else d.default_action()
        before = len(view.announced)
        events = session.deal.clone().apply(action)
        c.apply(action)
        seen = tablewords.seen_cards(session)
        calls = [
            x
            for e in events
            if (x := tablewords.announcement(e, session.players, labels, spin, seen))
        ]
        assert view.announced[before:] == calls
        if len(calls) >= 3:
            break
    assert calls[:2] == ["Matrimony! Cat takes 4", "Confederacy! Cat takes 4"]


def test_a_call_stays_in_the_middle_when_the_table_changes_size(qtbot):
    """A call made before the table had its final size (the review window's first step,
    say) moves with the layout instead of staying at the old middle, off the edge."""
    window = _window(qtbot, pace=0)
    view = window.view
    window.controller.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", False), SeatKind("Ben", False), SeatKind("Cat", False)],
        )
    )
    window.controller.hold()
    qtbot.waitUntil(lambda: view.layout_ is not None, timeout=WAIT)
    view.announce("Cat takes the Jack pool: 1")
    window.resize(800, 600)
    qtbot.waitUntil(lambda: view.layout_.width == view.viewport().width(), timeout=WAIT)
    lay = view.layout_
    assert view.announcement.center.x() == lay.width / 2
    assert view.announcement.center.y() == lay.announce_y
    box = view.announcement.mapRectToScene(view.announcement.boundingRect())
    assert view.scene().sceneRect().contains(box)
    assert view.announcement.isVisible() and view.announcement.text == "Cat takes the Jack pool: 1"


def test_a_withdrawn_call_fades_at_once_or_is_never_made(qtbot):
    """A forced card's call ("Your only card to play: 3♦") is taken back when the card has played
    itself: on show, it fades at once instead of staying over the next play (it used to
    stay its whole time, then fade slowly); still waiting, it is never made."""
    view = _held_table(qtbot, pace=350)  # long calls: the whole hold would be seconds
    view.announce("Your only card to play: 3♦")
    assert view.announcement.text == "Your only card to play: 3♦"
    assert view.announcement.opacity() == 1.0
    view.withdraw_call("Your only card to play: 3♦")
    assert not view._call_timer.isActive()  # its hold is over
    qtbot.waitUntil(lambda: view.announcement.opacity() == 0.0, timeout=WAIT)
    before = len(view.announced)
    view.announce("No eight")
    view.announce("Your only card to play: 4♦")  # waits behind "No eight"
    view.withdraw_call("Your only card to play: 4♦")
    view.withdraw_call("Something never called")  # nothing to take back: nothing happens
    assert view.announcement.opacity() == 1.0  # "No eight" stays its time
    qtbot.waitUntil(lambda: view.announcement.opacity() < 0.5, timeout=WAIT)
    assert view.announced[before:] == ["No eight"]


def test_a_card_played_after_a_call_retires_it_after_its_reading_time(qtbot):
    """ "No five" stayed up while the log already said "Ben leads 9♦ / Ben plays 10♦ / Dan
    plays J♦": a card played with no call of its own now ends the call on show once it has
    been up for its reading time (3 × the pace + 0.5 s), instead of after its whole slow
    fade (6 × the pace + 1.2 s). A card with its own call keeps the queue as it was."""
    window = _held_window(qtbot, pace=350)
    view, c = window.view, window.controller
    pace = view.duration
    assert pace > 0
    view.announce("No five")
    assert view._fade is not None and view._fade.duration() == pace * 6 + 1200
    played = [Played(1, parse_card("10D"), lead=False)]
    feed.announce(view, c.session, played, ["Ann", "Ben", "Cat"])
    fade = view._fade
    assert fade is not None and pace * 3 < fade.duration() <= pace * 3 + 500 + pace
    assert fade.endValue() == 0.0 and view.announcement.opacity() == 1.0
    qtbot.waitUntil(lambda: view.announcement.opacity() == 0.0, timeout=WAIT)
    assert view.announced[-1] == "No five"


def test_a_new_lead_retires_the_last_sequences_calls_after_a_glance(qtbot):
    """ "No K♣: played earlier" was still up over the next lead: a lead with no call of its
    own opens a new sequence, so the call on show goes after a glance (the pace + 0.3 s),
    not its reading time, and calls still waiting from the sequence before are dropped
    (the log keeps them)."""
    window = _held_window(qtbot, pace=350)
    view, c = window.view, window.controller
    pace = view.duration
    before = len(view.announced)
    view.announce("Ann takes the ♣K pool: 7", fresh=True)
    view.announce("No K♣: played earlier")  # waits behind the pool
    played = [Played(0, parse_card("9D"), lead=True)]
    feed.announce(view, c.session, played, ["Ann", "Ben", "Cat"])
    assert list(view._calls) == []
    fade = view._fade
    assert fade is not None and fade.duration() <= pace + 300 + pace
    qtbot.waitUntil(lambda: view.announcement.opacity() == 0.0, timeout=WAIT)
    assert view.announced[before:] == ["Ann takes the ♣K pool: 7"]


def test_a_later_actions_call_drops_the_waiting_ones_and_comes_after_a_glance(qtbot):
    """Behind fast computers the queue lagged: "No queen" showed while the stop was "No
    five". The first call of a new action (``fresh``) drops the calls still waiting from
    earlier actions (the log keeps them) and cuts the call on show to a glance (the pace
    + 0.3 s) instead of its whole reading time (3 × the pace + 0.5 s)."""
    view = _held_table(qtbot, pace=350)  # long calls: the whole hold would be seconds
    pace = view.duration
    before = len(view.announced)
    view.announce("No queen", fresh=True)
    assert view._call_timer.interval() == 3 * pace + 500  # its reading time
    view.announce("Ann takes the ♣K pool: 7", fresh=True)  # the next action, two calls
    view.announce("No ten")
    view.announce("No five", fresh=True)  # a third action before the second was shown
    assert view._call_timer.interval() <= pace + 300  # set, not as a coarse timer rounds it
    assert view.announcement.text == "No queen"
    qtbot.waitUntil(lambda: view.announcement.text == "No five", timeout=WAIT)
    assert view.announced[before:] == ["No queen", "No five"]
    view.announce("No six")  # a call of the same action waits its turn
    assert view.announcement.text == "No five" and list(view._calls) == ["No six"]


def test_a_call_left_alone_by_withdrawn_ones_still_fades(qtbot):
    """A call shown while others waited had no fade of its own; when those were taken back
    (a forced card's call asked twice, its card played) it stayed up until the next call:
    "Your only card to play: 7♥" over the 10♥ to play. Every copy of a withdrawn call
    goes, and the call left on show fades after its time."""
    view = _held_table(qtbot, pace=200)
    forced = "Your only card to play: 7♥"
    view.announce(forced, fresh=True)
    view.announce(forced, fresh=True)  # asked again: a second copy waits
    view.withdraw_call(forced)  # the card played itself
    assert list(view._calls) == []
    qtbot.waitUntil(lambda: view.announcement.opacity() == 0.0, timeout=WAIT)
    view.announce("No ten")
    view.announce("No jack")
    view.announce(forced)  # waits behind "No jack", which is shown with no fade of its own
    qtbot.waitUntil(lambda: view.announcement.text == "No jack", timeout=WAIT)
    view.withdraw_call(forced)
    qtbot.waitUntil(lambda: view.announcement.opacity() == 0.0, timeout=WAIT)
    assert view.announcement.text == "No jack"


def test_a_forced_cards_call_taken_back_is_not_held_up_by_the_next_card(qtbot):
    """ "Your only card to play: 4♠" stayed at full strength over three more plays (two
    testers saw it): taken back as the card played itself, it began to fade at once, and
    the card's own play, with no call of its own, then held it up for its reading time
    again. The fade already under way is kept."""
    view = _held_table(qtbot, pace=200)
    forced = "Your only card to play: 4♠"
    view.announce(forced, fresh=True)
    qtbot.waitUntil(lambda: view.announcement.text == forced, timeout=WAIT)
    view.withdraw_call(forced)  # the card played itself
    fading = view._fade
    assert fading is not None and fading.endValue() == 0.0
    view.retire_call()  # the card went down with no call of its own
    assert view._fade is fading
    qtbot.waitUntil(lambda: view.announcement.opacity() == 0.0, timeout=WAIT)
