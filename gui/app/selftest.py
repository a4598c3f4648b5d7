"""``parlour --self-test``: proof that this installation (a source install or a frozen bundle)
has everything the table needs.

It starts the real application offscreen with pacing and animation at 0, checks that Qt's
platform, image-format and icon-engine plugins are present and work, that a real font is found,
that a card and the application icon render to images that are not blank, that Qt's collation
sorts words as English does (on Linux from ICU's data, which the bundle trims), and plays one deal
of every game New Game offers with a computer in every seat through the real window and
controller. It prints one line and returns 0, or one line with the first failure and 1.

Also here: :func:`arm_startup_probe` (``parlour --startup-probe``), which quits as soon as the
table has been painted once, so the time from launch to a painted table can be measured from
outside.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TextIO

__all__ = ["SelfTestFailure", "arm_startup_probe", "blank", "main", "run_checks"]

#: Seconds one all-computer deal may take before the self-test gives up on it.
DEAL_TIMEOUT = 60.0

# The native platform plugin each system needs besides "offscreen" (file name fragments).
_NATIVE = {"linux": "qxcb", "win32": "qwindows", "darwin": "qcocoa"}

_SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32">'
    b'<rect x="4" y="4" width="24" height="24" fill="#c4162a"/></svg>'
)


class SelfTestFailure(Exception):
    """A check failed; the message is the one-line reason."""


def blank(image: object) -> bool:
    """Whether a ``QImage`` is blank: null, or fewer than three distinct colours in a grid
    of samples (a card or a table has many)."""
    from PySide6.QtGui import QImage

    assert isinstance(image, QImage)
    if image.isNull() or image.width() < 2 or image.height() < 2:
        return True
    colours = set()
    steps = 24
    for i in range(steps):
        for j in range(steps):
            x = (2 * i + 1) * image.width() // (2 * steps)
            y = (2 * j + 1) * image.height() // (2 * steps)
            colours.add(image.pixel(x, y))
    return len(colours) < 3


def _check(condition: bool, reason: str) -> None:
    if not condition:
        raise SelfTestFailure(reason)


def _check_plugins() -> str:
    """The platform, image-format and icon-engine plugins are present and load."""
    from PySide6.QtCore import QLibraryInfo
    from PySide6.QtGui import QGuiApplication, QIcon, QImageReader

    root = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath))
    _check(root.is_dir(), f"Qt plugin folder missing: {root}")

    def names(folder: str) -> list[str]:
        path = root / folder
        return [p.name for p in path.iterdir()] if path.is_dir() else []

    platforms = names("platforms")
    native = next((v for k, v in _NATIVE.items() if sys.platform.startswith(k)), None)
    for need in ("qoffscreen", native):
        if need is not None:
            _check(
                any(need in n for n in platforms),
                f"platform plugin {need} missing from {root / 'platforms'}",
            )
    for need in ("qsvg", "qico"):
        _check(
            any(need in n for n in names("imageformats")),
            f"image-format plugin {need} missing from {root / 'imageformats'}",
        )
    _check(
        any("qsvgicon" in n for n in names("iconengines")),
        f"icon-engine plugin qsvgicon missing from {root / 'iconengines'}",
    )
    _check(
        QGuiApplication.platformName() == "offscreen",
        f"expected the offscreen platform, got {QGuiApplication.platformName()!r}",
    )
    formats = {bytes(f.data()).decode() for f in QImageReader.supportedImageFormats()}
    for fmt in ("png", "svg", "ico"):
        _check(fmt in formats, f"Qt cannot read {fmt} images (its plugin did not load)")
    with tempfile.TemporaryDirectory(prefix="parlour-selftest-") as tmp:
        svg = os.path.join(tmp, "icon.svg")
        with open(svg, "wb") as f:
            f.write(_SVG)
        pixmap = QIcon(svg).pixmap(32, 32)
        _check(
            not pixmap.isNull() and pixmap.toImage().pixelColor(16, 16).red() > 150,
            "the SVG icon engine did not draw an SVG icon",
        )
    return f"plugins in {root}"


def _check_art() -> None:
    """A real font is found; a card face and the application icon are not blank."""
    from PySide6.QtGui import QFontDatabase

    from gamecore.cards import parse_card
    from gui.app.preflight import font_problem
    from gui.table.appicon import icon_image
    from gui.table.cardart import CardArt

    problem = font_problem(QFontDatabase.families())
    _check(problem is None, problem or "")
    art = CardArt()
    face = art.face(parse_card("Q♥"), 120).toImage()
    _check(not blank(face), "a rendered card (Q♥) is blank")
    _check(not blank(art.back(120).toImage()), "the rendered card back is blank")
    _check(not blank(icon_image(64)), "the rendered application icon is blank")


def _check_collation() -> None:
    """Qt's collation works (the file dialog sorts names with it). On Linux it is ICU's,
    from the bundle's trimmed ICU data: without the data, Qt warns and falls back to an
    order in which "Banana" comes before "apple"."""
    from PySide6.QtCore import QCollator, QLocale

    collator = QCollator(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
    words = ["Banana", "Äpfel", "apple", "cherry"]
    ordered = sorted(words, key=collator.sortKey)
    _check(
        ordered == ["Äpfel", "apple", "Banana", "cherry"],
        f"Qt's collation sorts {words} as {ordered} (is ICU's data missing?)",
    )


def _play_every_game() -> list[str]:
    """One deal of every game with a computer in every seat, through the real window."""
    from PySide6.QtCore import QEventLoop, QTimer

    from gamecore.games import entries, make_game
    from gui.model.setup import Setup
    from gui.play import controller as ctl
    from gui.play.seats import SeatKind
    from gui.windows.mainwindow import MainWindow

    window = MainWindow(pace=0, seed=2024, remember=False)
    window.show()
    played = []
    try:
        for desc, entry in entries():
            label, name, options = entry.label, desc.name, desc.entry_options(entry)
            game = make_game(name, options)
            players = max(game.min_players, min(4, game.max_players))
            seats = [SeatKind(n, False) for n in ctl.COMPUTER_NAMES[:players]]
            c = window.controller
            loop = QEventLoop()
            timer = QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(loop.quit)

            def finished(c: ctl.Controller = c) -> bool:
                deal = c.session.deal if c.session is not None else None
                return deal is not None and deal.over and c.state in (ctl.SUMMARY, ctl.OVER)

            def changed(_state: str, loop: QEventLoop = loop) -> None:
                if finished():
                    loop.quit()

            c.state_changed.connect(changed)
            try:
                c.new_session(Setup(name, options, seats))
                timer.start(int(DEAL_TIMEOUT * 1000))
                if not finished():
                    loop.exec()
            finally:
                timer.stop()
                c.state_changed.disconnect(changed)
            deal = c.session.deal if c.session is not None else None
            status = window.status_label.text()
            _check(
                deal is not None and deal.over,
                f"{label}: the all-computer deal did not finish within {DEAL_TIMEOUT:.0f} s"
                f" (state {c.state}; status: {status})",
            )
            _check(deal.settlement() is not None, f"{label}: the deal has no settlement")
            _check(not blank(window.view.grab().toImage()), f"{label}: the table is blank")
            played.append(f"{label} ({len(c.session.logs[-1].actions)} actions)")
    finally:
        window.close()
        window.deleteLater()
    return played


def _check_rules_pages() -> None:
    """Help → Rules needs its pages: they must be installed (in a bundle too). And every
    page installed has its game: the registry finds the games by walking their packages
    (:mod:`gamecore.registry`), so a bundle that lacks a game's module shows here."""
    from gui.windows.rules import PAGES, rules_dir

    folder = rules_dir()
    missing = [p.key for p in PAGES if not (folder / f"{p.key}.html").is_file()]
    _check(not missing, f"rules pages missing from {folder}: {', '.join(missing)}")
    known = {p.key for p in PAGES}
    orphans = sorted(f.stem for f in folder.glob("*.html") if f.stem not in known)
    _check(not orphans, f"no game found for the rules pages {', '.join(orphans)}")


def run_checks() -> str:
    """Every check, in the running ``QApplication`` (which must use the offscreen platform);
    returns a one-line summary or raises :class:`SelfTestFailure`."""
    where = _check_plugins()
    _check_art()
    _check_collation()
    _check_rules_pages()
    played = _play_every_game()
    return f"{len(played)} games played ({'; '.join(played)}); {where}"


def _say(stream: TextIO | None, line: str) -> None:
    if stream is not None:  # a windowed Windows build has no console
        print(line, file=stream, flush=True)


def main(out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the self-test as ``parlour --self-test`` does: offscreen, in a new application
    unless one exists. Prints one line; returns 0 when every check passed, else 1."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    started = time.perf_counter()
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    try:
        from gui.app.preflight import startup_problem

        problem = startup_problem()
        if problem is not None:
            raise SelfTestFailure(problem.removeprefix("parlour: "))
        from PySide6.QtCore import qInstallMessageHandler
        from PySide6.QtWidgets import QApplication

        def quiet(kind: object, context: object, message: str) -> None:
            # The offscreen plugin warns about window features it lacks; say nothing.
            if "does not support" not in message:
                _say(err, message)

        previous = qInstallMessageHandler(quiet)
        try:
            app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "parlour"])
            app.setApplicationName("Parlour")
            app.setOrganizationName("Parlour")
            summary = run_checks()
        finally:
            qInstallMessageHandler(previous)
    except SelfTestFailure as e:
        _say(err, f"parlour self-test: FAILED: {e}")
        return 1
    except Exception as e:  # a crash is a failure too, still on one line
        _say(err, f"parlour self-test: FAILED: {type(e).__name__}: {e}")
        return 1
    _say(out, f"parlour self-test: ok in {time.perf_counter() - started:.1f} s: {summary}")
    return 0


def arm_startup_probe(stream: TextIO | None = None) -> None:
    """Create the application and make it quit right after the table's first paint, printing
    the milliseconds since this process started (``parlour --startup-probe``)."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from gui.table.view import TableView

    out = sys.stdout if stream is None else stream
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "parlour"])

    class Probe(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
            if (
                event.type() == QEvent.Type.Paint
                and isinstance(obj.parent(), TableView)
                and obj.parent().scene().items()
            ):
                app.removeEventFilter(self)
                _say(out, f"parlour: table painted {_since_start_ms():.0f} ms after launch")
                QTimer.singleShot(0, app.quit)
            return False

    probe = Probe(app)
    app.installEventFilter(probe)


def _since_start_ms() -> float:
    """Milliseconds since this process started (Linux: from /proc; elsewhere since Python
    imported this module's caller, which is close enough for a probe)."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return (uptime - start_ticks / os.sysconf("SC_CLK_TCK")) * 1000.0
    except (OSError, ValueError, IndexError):
        return (time.perf_counter() - _T0) * 1000.0


_T0 = time.perf_counter()
