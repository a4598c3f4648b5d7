"""``parlour --install-desktop-entry`` and ``--remove-desktop-entry``: Parlour in the Linux
application menu.

The menu is made of desktop entries (``applications/*.desktop``) and icon themes
(``icons/hicolor/SIZExSIZE/apps/*.png``) under the XDG data folders; the user's own is
``$XDG_DATA_HOME``, or ``~/.local/share`` when that is unset or not absolute
(:func:`data_home`, by platformdirs' reading of the XDG Base Directory rules). Installing
writes ``parlour.desktop``, whose ``Exec`` starts this very program wherever it was unpacked,
and the icon at every size; removing takes out exactly those files.

The icons come from the bundle (``_internal/share/icons/hicolor``, put there by the build)
or, in a source install, are drawn by :mod:`gui.table.appicon` as the build draws them. The
entry's text is :func:`desktop_entry`; ``packaging/parlour.desktop`` is the same text for a
``parlour`` on the ``PATH`` (a test keeps the two equal).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

from gamecore.atomicfile import write_atomic

__all__ = [
    "DESKTOP_FILE",
    "bundled_icons",
    "data_home",
    "desktop_entry",
    "drawn_icons",
    "exec_argument",
    "install",
    "program_command",
    "remove",
]

#: The desktop entry's file name (its id, ``parlour``, is also the icon's name).
DESKTOP_FILE = "parlour.desktop"
_ICON = "parlour.png"
_SIZE_DIR = re.compile(r"\d+x\d+")

# Characters the Desktop Entry Specification reserves in Exec (an argument holding one is
# quoted), and those escaped by a backslash inside the quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
_ESCAPED_IN_QUOTES = set('"`$\\')

# Version 1.4 of the specification: the entry uses nothing newer, and the validators of
# older distributions know no later one.
_ENTRY = """[Desktop Entry]
Type=Application
Version=1.4
Name=Parlour
GenericName=Card Games
Comment=Old parlour card games: Pope Joan, Newmarket, Spin, Commit, Matrimony and more
{exec}Icon=parlour
Terminal=false
Categories=Game;CardGame;
Keywords=cards;pope joan;newmarket;stops;spin;spinado;commit;michigan;matrimony;spoil five;
StartupWMClass=parlour
"""


def data_home() -> Path:
    """The user's XDG data folder: ``$XDG_DATA_HOME`` when it is an absolute path, else
    ``~/.local/share``."""
    import platformdirs

    return Path(platformdirs.user_data_dir())


def exec_argument(arg: str) -> str:
    """``arg`` written as one argument of a desktop entry's ``Exec`` key: ``%`` doubled (it
    starts a field code), quoted in double quotes with ``"``, `` ` ``, ``$`` and ``\\``
    escaped when it holds a reserved character, then every backslash escaped once more,
    since the key's value is a string. Raises ``ValueError`` for a line break or a control
    character, which no entry can hold."""
    if any(ord(c) < 0x20 and c != "\t" for c in arg):
        raise ValueError(f"a program path with a control character cannot be started: {arg!r}")
    text = arg.replace("%", "%%")
    if any(c in _RESERVED for c in arg):
        text = '"' + "".join("\\" + c if c in _ESCAPED_IN_QUOTES else c for c in text) + '"'
    return text.replace("\\", "\\\\")


def desktop_entry(command: list[str] | None = None) -> str:
    """The text of ``parlour.desktop``. ``command`` is the program and its arguments that
    the menu starts; ``None`` gives ``Exec=parlour`` (a ``parlour`` on the ``PATH``, as in
    ``packaging/parlour.desktop``). With a command, ``TryExec`` names its program, so the
    menu hides the entry if that program is moved or deleted."""
    if command is None:
        lines = "Exec=parlour\n"
    else:
        program = command[0].replace("\\", "\\\\")
        lines = f"Exec={' '.join(map(exec_argument, command))}\nTryExec={program}\n"
    return _ENTRY.format(exec=lines)


def program_command() -> list[str]:
    """What starts this Parlour: the bundle's program when frozen, else the ``parlour``
    script that is running (or the one on the ``PATH``), else this Python with ``-m
    gui.app.cli``. Paths are absolute."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    script = sys.argv[0] if sys.argv else ""
    if Path(script).name == "parlour" and os.path.isfile(script):
        return [os.path.abspath(script)]
    found = shutil.which("parlour")
    if found:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "gui.app.cli"]


def bundled_icons() -> dict[int, bytes] | None:
    """The icons the bundle carries (``_internal/share/icons/hicolor``), as PNG bytes by
    size in pixels; ``None`` outside a bundle or when the bundle has none."""
    base = getattr(sys, "_MEIPASS", None)
    if base is None:
        return None
    found = {}
    for path in Path(base, "share", "icons", "hicolor").glob(f"*/apps/{_ICON}"):
        size = path.parent.parent.name
        if _SIZE_DIR.fullmatch(size):
            found[int(size.split("x")[0])] = path.read_bytes()
    return found or None


def drawn_icons() -> dict[int, bytes]:
    """The application icon drawn at every size of :data:`gui.table.appicon.ICON_SIZES`,
    as PNG bytes (Qt, offscreen when no application is running yet)."""
    from PySide6.QtCore import QBuffer, QIODevice
    from PySide6.QtGui import QGuiApplication

    from gui.table.appicon import ICON_SIZES, icon_image

    app = QGuiApplication.instance() or QGuiApplication(["parlour", "-platform", "offscreen"])
    pngs = {}
    for size in ICON_SIZES:
        buf = QBuffer()
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        icon_image(size).save(buf, "PNG")
        pngs[size] = bytes(buf.data().data())
    del app
    return pngs


def install(home: Path, command: list[str], icons: dict[int, bytes]) -> list[Path]:
    """Write the desktop entry starting ``command`` and the ``icons`` (PNG bytes by size)
    under the XDG data folder ``home``, each file atomically, creating the folders;
    returns the files written, the entry first. Raises ``OSError`` when one cannot be
    written (files already written stay: installing again replaces them)."""
    entry = home / "applications" / DESKTOP_FILE
    entry.parent.mkdir(parents=True, exist_ok=True)
    written = []
    for size, png in sorted(icons.items()):
        path = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / _ICON
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, png)
        os.chmod(path, 0o644)  # write_atomic makes its files private; icons are not
        written.append(path)
    # The entry last: a menu never shows it before its icon is there.
    write_atomic(entry, desktop_entry(command))
    os.chmod(entry, 0o644)
    return [entry, *written]


def _ours(entry: Path) -> bool:
    """Whether ``entry`` is a desktop entry this program wrote (named Parlour, its window
    class parlour)."""
    try:
        lines = entry.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return False
    return "Name=Parlour" in lines and "StartupWMClass=parlour" in lines


def remove(home: Path) -> list[Path]:
    """Delete Parlour's desktop entry and its icons (``parlour.png`` at every size) under
    the XDG data folder ``home``; returns the files deleted (none when none were there).
    Other files and the folders stay, and so does a ``parlour.desktop`` that is not
    Parlour's (another program's entry of the same name). Raises ``OSError`` when one
    cannot be deleted."""
    entry = home / "applications" / DESKTOP_FILE
    targets = [entry] if _ours(entry) else []
    icons = home / "icons" / "hicolor"
    targets += sorted(
        p for p in icons.glob(f"*/apps/{_ICON}") if _SIZE_DIR.fullmatch(p.parent.parent.name)
    )
    removed = []
    for path in targets:
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
