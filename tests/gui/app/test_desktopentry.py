"""``parlour --install-desktop-entry`` / ``--remove-desktop-entry``: the menu entry and icons
go into (and out of) the XDG data folder, here a temporary one."""

from __future__ import annotations

import configparser
import os
import stat
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from gui.app import desktopentry
from paths import ROOT

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the XDG application menu is Linux's"
)

SIZES = [16, 24, 32, 48, 64, 128, 256, 512]


def _run(args: list[str], data_home: Path, argv0: str | None = None) -> subprocess.CompletedProcess:
    """``parlour ARGS`` in a child process whose XDG data folder is ``data_home``; the
    child's ``sys.argv[0]`` is ``argv0`` (the program the entry must start)."""
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), QT_QPA_PLATFORM="offscreen")
    code = (
        "import sys; from gui.app.cli import main; "
        f"sys.argv[0] = {argv0!r}; sys.exit(main({args!r}))"
        if argv0
        else f"import sys; from gui.app.cli import main; sys.exit(main({args!r}))"
    )
    return subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def _entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_install_puts_the_entry_and_every_icon_in_the_xdg_data_folder(tmp_path) -> None:
    program = tmp_path / "opt" / "parlour"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    home = tmp_path / "xdg"
    done = _run(["--install-desktop-entry"], home, argv0=str(program))
    entry = home / "applications" / "parlour.desktop"
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"parlour: added to the application menu: {entry} (starts {program})\n"
    assert done.stderr == ""
    d = _entry(entry)
    assert d["Exec"] == str(program) and d["TryExec"] == str(program)
    assert d["Icon"] == "parlour" and d["Name"] == "Parlour" and d["Type"] == "Application"
    icons = sorted(home.glob("icons/hicolor/*/apps/parlour.png"))
    assert sorted(_png_size(p)[0] for p in icons) == SIZES
    for p in icons:
        width, height = _png_size(p)
        assert p.parent.parent.name == f"{width}x{height}"
    for p in [entry, *icons]:  # the menu and the icon theme are read by other programs
        assert stat.S_IMODE(p.stat().st_mode) == 0o644
    assert sorted(p.name for p in (home / "applications").iterdir()) == ["parlour.desktop"]


def test_remove_takes_out_only_parlours_files(tmp_path) -> None:
    home = tmp_path / "xdg"
    other_entry = home / "applications" / "other.desktop"
    other_icon = home / "icons" / "hicolor" / "48x48" / "apps" / "other.png"
    for p in (other_entry, other_icon):
        p.parent.mkdir(parents=True)
        p.write_text("x")
    desktopentry.install(home, ["/opt/parlour/parlour"], {48: b"png48", 256: b"png256"})
    done = _run(["--remove-desktop-entry"], home)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f"parlour: removed from the application menu under {home}: 1 desktop entry and 2 icons\n"
    )
    left = sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file())
    assert left == ["applications/other.desktop", "icons/hicolor/48x48/apps/other.png"]
    again = _run(["--remove-desktop-entry"], home)
    assert again.returncode == 0
    assert again.stdout == f"parlour: removed from the application menu under {home}: nothing\n"


def test_install_then_remove_leaves_the_menu_as_it_was(tmp_path) -> None:
    home = tmp_path / "xdg"
    desktopentry.install(home, ["/opt/parlour/parlour"], {16: b"a", 32: b"b"})
    removed = desktopentry.remove(home)
    assert [p.relative_to(home).as_posix() for p in removed] == [
        "applications/parlour.desktop",
        "icons/hicolor/16x16/apps/parlour.png",
        "icons/hicolor/32x32/apps/parlour.png",
    ]
    assert not any(p.is_file() for p in home.rglob("*"))


def test_the_bundles_own_icons_are_installed_as_they_are(tmp_path, monkeypatch) -> None:
    """In a bundle the icons come from ``_internal/share/icons/hicolor``, byte for byte."""
    bundle = tmp_path / "_internal"
    for size in (16, 64):
        p = bundle / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "parlour.png"
        p.parent.mkdir(parents=True)
        p.write_bytes(f"icon {size}".encode())
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert desktopentry.bundled_icons() == {16: b"icon 16", 64: b"icon 64"}
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "parlour"))
    assert desktopentry.program_command() == [str(tmp_path / "parlour")]


def test_outside_a_bundle_there_are_no_bundled_icons(monkeypatch) -> None:
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert desktopentry.bundled_icons() is None


def test_data_home_follows_xdg_data_home(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    assert desktopentry.data_home() == tmp_path / "d"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # not absolute: ignored by the rules
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert desktopentry.data_home() == tmp_path / "home" / ".local" / "share"


@pytest.mark.parametrize(
    "path, written",
    [
        ("/opt/parlour/parlour", "/opt/parlour/parlour"),
        ("/home/ann/My Games/parlour", '"/home/ann/My Games/parlour"'),
        ("/home/ann/100%/parlour", "/home/ann/100%%/parlour"),
        ('/x/a"b$c`d/parlour', '"/x/a\\\\"b\\\\$c\\\\`d/parlour"'),
        ("/x/back\\slash/parlour", '"/x/back\\\\\\\\slash/parlour"'),
    ],
)
def test_exec_quotes_the_program_as_the_desktop_entry_specification_says(
    path: str, written: str
) -> None:
    assert desktopentry.exec_argument(path) == written


def test_a_program_path_with_a_line_break_is_refused() -> None:
    with pytest.raises(ValueError):
        desktopentry.exec_argument("/x/a\nb/parlour")


def test_the_shipped_desktop_file_is_the_entry_for_a_parlour_on_the_path() -> None:
    shipped = (ROOT / "packaging" / "parlour.desktop").read_text(encoding="utf-8")
    assert desktopentry.desktop_entry() == shipped


def test_a_source_install_draws_the_icons_at_every_size(qapp) -> None:
    pngs = desktopentry.drawn_icons()
    assert sorted(pngs) == SIZES
    for size, png in pngs.items():
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)


def test_remove_leaves_an_entry_of_the_same_name_that_is_not_parlours(tmp_path) -> None:
    """Another program's ``parlour.desktop`` (named Other) is not deleted; Parlour's is."""
    home = tmp_path / "xdg"
    foreign = home / "applications" / desktopentry.DESKTOP_FILE
    foreign.parent.mkdir(parents=True)
    foreign.write_text("[Desktop Entry]\nType=Application\nName=Other\nExec=other\n")
    assert desktopentry.remove(home) == []
    assert foreign.read_text().startswith("[Desktop Entry]\nType=Application\nName=Other")
    desktopentry.install(home, ["/opt/parlour/parlour"], {48: b"png48"})
    assert desktopentry.remove(home)[0] == foreign  # Parlour's own, written over it
    assert not foreign.exists()


def test_a_data_folder_that_is_a_file_is_said_in_words(tmp_path) -> None:
    home = tmp_path / "afile"
    home.write_text("not a folder")
    done = _run(["--install-desktop-entry"], home)
    assert done.returncode == 1
    assert done.stderr.startswith("parlour: --install-desktop-entry: cannot write ")
    assert done.stderr.rstrip().endswith(": Not a directory")
    assert "Errno" not in done.stderr and done.stderr.count("\n") == 1
