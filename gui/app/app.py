"""Starting the application window (the only path that imports Qt from ``parlour``)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication

from gamecore.games import descriptor
from gui.app.stopsignals import close_on_stop_signals
from gui.model.choices import profile_options, table_args_problem
from gui.model.setup import COMPUTER_NAMES
from gui.store import persistence
from gui.store.paths import app_data_dir, data_dir_path
from gui.table.appicon import app_icon
from gui.windows.mainwindow import MainWindow


def run(
    argv: list[str] | None = None,
    game: str | None = None,
    profile: str | None = None,
    players: int | None = None,
    watch: bool = False,
    resume: bool = False,
    seed: int | None = None,
    pace: int | None = None,
    size: str | None = None,
    notice_log: str | None = None,
) -> int:
    """Create the application, open the table with a game in progress (``game``, Pope Joan
    ``profile`` and ``players`` when given; every seat a computer with ``watch``; the
    autosaved game with ``resume``), run the event loop. ``seed`` and ``pace`` (ms) are for
    tests; ``size`` ("WxH") sets the window's size; ``notice_log`` (tests) is a file that
    receives every notice the window shows. A data folder that cannot be used never stops
    the table: it plays without saving and says why."""
    # Balances are exact integers of any size (a long doubling Pope Joan session may show
    # one beyond Python's default 4,300 digits); the record reader never converts a long
    # digit string itself, so lifting the limit opens no hole.
    sys.set_int_max_str_digits(0)
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Parlour")
    app.setOrganizationName("Parlour")
    # The menu entry (parlour.desktop) this window belongs to: desktops group the window
    # under the entry's name and icon.
    app.setDesktopFileName("parlour")
    app.setWindowIcon(app_icon())
    window = _open_window(seed, notice_log)
    if pace is not None:
        window.controller.set_pace(pace)  # tests: the command line beats the settings
    wrong = _choose_table(window, game, profile, players, watch)
    if wrong is not None:  # the remembered game, which --game did not replace
        print(f"parlour: {wrong}", file=sys.stderr)
        return 2
    asked = None
    if size:  # checked by the command line: "WxH"
        w, _, h = size.lower().partition("x")
        asked = QSize(int(w), int(h))
    window.place_on_screen(asked)  # never beyond the screen, frame included
    window.show()
    close_on_stop_signals(app, window.close)  # a logout saves as the close button does
    window.start(resume=resume)
    return app.exec()


def _open_window(seed: int | None, notice_log: str | None) -> MainWindow:
    """The main window on the data folder's autosave; a data folder that cannot be used
    gives a window that plays without saving and a notice saying why."""
    try:
        autosave: Path | None = app_data_dir() / persistence.AUTOSAVE
        problem = None
    except OSError as e:
        autosave = None
        problem = (
            f"Games cannot be saved: the data folder {data_dir_path()} cannot be used "
            f"({e.strerror or e}). You can play, but nothing is kept."
        )
    window = MainWindow(
        seed=seed,
        remember=True,
        autosave=autosave,
        notice_log=Path(notice_log) if notice_log else None,
    )
    if problem:
        window.add_notice(problem)
    return window


def _choose_table(
    window: MainWindow, game: str | None, profile: str | None, players: int | None, watch: bool
) -> str | None:
    """Set the command line's game, Pope Joan ``profile``, ``players`` and ``watch`` (every
    seat a computer) on ``window`` before it starts; returns why ``players`` does not fit
    the game (the remembered one when ``game`` is ``None``), or ``None``. The game last
    chosen in New Game, asked for again (``--game pope-joan``), keeps its seats and house
    rules: a tester's two people and a computer became one person and three computers
    when a damaged saved game sent the table to a new game."""
    chosen = profile_options(game, profile) if game is not None else {}
    same = game == window.game_name and all(window.options.get(k) == v for k, v in chosen.items())
    if game is not None and not same:
        window.game_name = game
        window.options = chosen
        window.seats = None
    if players is not None:
        key = descriptor(window.game_name).profile_key
        profile_now = window.options.get(key) if key is not None else None
        wrong = table_args_problem(window.game_name, profile_now, players)
        if wrong is not None:
            return wrong
        window.players = players
        window.seats = None
    if watch:
        # Every seat a computer's, however many (Matrimony seats 14: a list of ten names cut
        # short left the person in the first seat).
        names = ("Ann", *COMPUTER_NAMES)
        window.seats = [(n, False, "normal") for n in names[: window.players]]
    return None
