"""The hot seat's words for a person called "You" (issue 24): everyone reads the screen, so
"Pass to You" and "I'm You — show my cards" read as nonsense; the name is said as a name."""

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QWidget

from gui.model.prompts import addressee, stake_prompt
from gui.table.privacy import PrivacyScreen


def test_the_privacy_screen_names_a_person_called_you_as_a_name(qtbot):
    view = QWidget()
    qtbot.addWidget(view)
    screen = PrivacyScreen(view)
    screen.ask("You", ["Ben plays 7♠"])
    assert screen.title.text() == ("Pass to the player named You — click or press Space when ready")
    assert screen.button.text() == "That's me — show my cards"
    screen.ask("Ann", [])
    assert screen.title.text() == "Pass to Ann — click or press Space when ready"
    assert screen.button.text() == "I'm Ann — show my cards"


def test_a_dealer_called_you_is_asked_for_the_stake_in_the_second_person():
    who = addressee("You", alone=False)  # several people: everyone by name
    assert stake_prompt(who, 4, None) == (
        "You deal: name the stake every player puts on the layout (4 or more counters)."
    )
    assert stake_prompt("Ann", 4, 20) == (
        "Ann deals: name the stake every player puts on the layout (4 to 20 counters)."
    )


def test_the_longest_heading_fits_an_800_pixel_table(qtbot):
    """At 800×600 "Pass to the player named You — click or press Space when ready" ran off
    both sides of the screen: it wraps within it."""
    view = QWidget()
    qtbot.addWidget(view)
    view.resize(796, 520)
    view.show()
    screen = PrivacyScreen(view)
    screen.ask("You", ["Ben plays 7♠"])
    qtbot.waitUntil(lambda: screen.title.width() > 0)
    title = screen.title
    needed = QFontMetrics(title.font()).boundingRect(
        QRect(0, 0, title.width(), 10_000),
        int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
        title.text(),
    )
    assert title.geometry().right() <= screen.width()
    assert needed.width() <= title.width() and needed.height() <= title.height()


def _asked(qtbot, width: int, height: int, lines: int) -> PrivacyScreen:
    """A privacy screen over a table of ``width`` × ``height`` pixels, asking for Ann with
    ``lines`` lines since her last turn ("Ben plays 0♠" on)."""
    view = QWidget()
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    screen = PrivacyScreen(view)
    screen.ask("Ann", [f"Ben plays {n}♠" for n in range(lines)])
    return screen


def test_the_lines_scroll_from_the_keyboard(qtbot):
    """The lines since the last turn scroll with Home, End and the arrows (the area never
    takes the focus, for Space passes the screen); none of these passes it."""
    screen = _asked(qtbot, 796, 400, 60)
    bar = screen.events_area.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    qtbot.keyClick(screen, Qt.Key.Key_Home)
    assert bar.value() == 0
    qtbot.keyClick(screen, Qt.Key.Key_Down)
    assert bar.value() == bar.singleStep()
    qtbot.keyClick(screen, Qt.Key.Key_End)
    assert bar.value() == bar.maximum() and screen.isVisible()
