"""The checks made before Qt starts: one clear line for a missing display, a missing system
library or no fonts, instead of Qt's abort."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from gui.app import preflight
from paths import ROOT

LINUX = {"DISPLAY": ":0"}


def test_headless_platforms_need_nothing() -> None:
    for value in ("offscreen", "minimal", "offscreen:fontengine=freetype"):
        assert (
            preflight.platform_problem({"QT_QPA_PLATFORM": value}, "linux", lambda _n: False)
            is None
        )


def test_windows_and_macos_are_not_checked() -> None:
    for system in ("win32", "darwin"):
        assert preflight.platform_problem({}, system, lambda _n: False) is None


def test_no_display_names_offscreen() -> None:
    line = preflight.platform_problem({}, "linux", lambda _n: True)
    assert line is not None and "\n" not in line
    assert "DISPLAY" in line and "QT_QPA_PLATFORM=offscreen" in line


def test_wayland_session_without_x_is_left_to_qt() -> None:
    assert (
        preflight.platform_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux", lambda _n: False)
        is None
    )
    line = preflight.platform_problem({"QT_QPA_PLATFORM": "wayland"}, "linux", lambda _n: True)
    assert line is not None and "WAYLAND_DISPLAY" in line


def test_missing_xcb_cursor_names_the_debian_package() -> None:
    line = preflight.platform_problem(LINUX, "linux", lambda n: n != "libxcb-cursor.so.0")
    assert line == (
        "parlour: Qt's X11 platform plugin cannot load: missing libxcb-cursor.so.0; "
        "install it (on Debian or Ubuntu: sudo apt-get install libxcb-cursor0)"
    )


def test_several_missing_libraries_in_one_line() -> None:
    line = preflight.platform_problem(
        LINUX, "linux", lambda n: not n.startswith(("libxcb-icccm", "libxkb"))
    )
    assert line is not None and "\n" not in line
    assert "libxcb-icccm4 libxkbcommon0 libxkbcommon-x11-0" in line


def test_all_libraries_present_is_fine() -> None:
    assert preflight.platform_problem(LINUX, "linux", lambda _n: True) is None


def test_font_problem_ignores_fontconfig_aliases() -> None:
    assert preflight.font_problem(["Sans Serif", "Serif", "Monospace"]) == preflight.FONT_FIX
    assert "fonts-dejavu-core" in preflight.FONT_FIX
    assert preflight.font_problem(["Monospace", "DejaVu Sans"]) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")
def test_fontconfig_is_asked_without_qt() -> None:
    assert (preflight.fontconfig_font_count() or 0) > 0


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("ldd") is None, reason="needs ldd on Linux"
)
def test_the_library_table_covers_the_xcb_plugin() -> None:
    """Every system library the installed xcb plugin links (outside Qt's own and glibc's)
    is in the table, so a missing one is named with its package."""
    plugins = preflight.qt_plugin_dir()
    assert plugins is not None
    qt_lib = plugins.parent / "lib"
    needed: set[str] = set()
    for path in (plugins / "platforms" / "libqxcb.so", qt_lib / "libQt6XcbQpa.so.6"):
        out = subprocess.run(["ldd", str(path)], capture_output=True, text=True).stdout
        needed |= {line.split()[0] for line in out.splitlines() if "=>" in line}
    direct = {
        n
        for n in needed
        if n.startswith(("libxcb", "libX11", "libxkb", "libEGL", "libGL.", "libfontconfig"))
    }
    assert direct, "ldd found none of the expected libraries"
    assert direct <= set(preflight.XCB_LIBRARIES), direct - set(preflight.XCB_LIBRARIES)


def _cli(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys\nfrom gui.app.cli import main\nrc = main([])\n"
        "print('qt-imported' if 'PySide6.QtGui' in sys.modules else 'no-qt')\n"
        "sys.exit(rc)"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 check is Linux's")
def test_parlour_without_a_display_prints_one_line_not_qts_abort() -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    done = _cli(env)
    assert done.returncode == 1
    assert done.stdout.strip() == "no-qt"  # Qt never started, so it could not abort
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "QT_QPA_PLATFORM=offscreen" in lines[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fontconfig is Linux's")
def test_parlour_without_fonts_names_the_package(tmp_path) -> None:
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        f'<?xml version="1.0"?>\n<fontconfig><cachedir>{tmp_path}</cachedir></fontconfig>\n'
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FONTCONFIG_FILE=str(conf))
    done = _cli(env)
    assert done.returncode == 1 and done.stdout.strip() == "no-qt"
    assert done.stderr.strip() == preflight.FONT_FIX


def test_unreachable_x_display_is_one_line(tmp_path, monkeypatch) -> None:
    sockets = tmp_path / "x11"
    sockets.mkdir()
    (sockets / "X3").touch()
    assert preflight.x_display_reachable(":3", str(sockets))
    assert preflight.x_display_reachable(":3.0", str(sockets))
    assert not preflight.x_display_reachable(":250", str(sockets))
    assert preflight.x_display_reachable("remote:250", str(sockets))  # left to Qt
    assert preflight.x_display_reachable(":250", str(tmp_path / "none"))  # left to Qt
    monkeypatch.setattr(preflight, "x_display_reachable", lambda: False)
    line = preflight.platform_problem({"DISPLAY": ":250"}, "linux", None)
    if preflight.missing_libraries():
        pytest.skip("this machine lacks the X11 libraries")
    assert line is not None and "':250'" in line and "QT_QPA_PLATFORM=offscreen" in line
