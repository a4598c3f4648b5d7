"""Checks made before Qt starts, so a machine that cannot show the window gets one clear line
naming the cause and the fix instead of Qt's abort ("could not load the Qt platform plugin
xcb ... This application failed to start ...", which names neither).

This module never imports Qt: it must work exactly when Qt cannot. :func:`platform_problem`
looks at the environment and the system libraries the X11 (xcb) platform plugin needs;
:func:`font_problem` is asked once a ``QGuiApplication`` exists, with the font families Qt
found.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

__all__ = [
    "FONT_FIX",
    "XCB_LIBRARIES",
    "font_problem",
    "fontconfig_font_count",
    "missing_libraries",
    "platform_problem",
    "qt_plugin_dir",
    "startup_problem",
    "x_display_reachable",
]

#: System libraries that Qt's xcb platform plugin (libqxcb.so and libQt6XcbQpa.so.6) loads,
#: each with the Debian/Ubuntu package that provides it. The PySide6 wheels ship Qt itself but
#: none of these. (tests/gui/app/test_preflight.py checks the list against the installed plugin.)
XCB_LIBRARIES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}

#: The one line printed when Qt finds no font (text would be drawn as empty boxes).
FONT_FIX = (
    "parlour: no usable font was found, so text would be drawn as empty boxes; "
    "install one (on Debian or Ubuntu: sudo apt-get install fonts-dejavu-core)"
)

# Platforms that need no display and no X11 libraries.
_HEADLESS = {"offscreen", "minimal", "vnc", "linuxfb", "eglfs", "vkkhrdisplay", "minimalegl"}


def qt_plugin_dir() -> Path | None:
    """Qt's plugin folder inside the PySide6 package (source install or frozen bundle),
    found without importing PySide6; ``None`` when there is none."""
    spec = importlib.util.find_spec("PySide6")
    roots = list(spec.submodule_search_locations or []) if spec is not None else []
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        roots.append(os.path.join(meipass, "PySide6"))
    for root in roots:
        for sub in ("Qt/plugins", "plugins"):  # wheels on Linux and macOS / on Windows
            path = Path(root, sub)
            if path.is_dir():
                return path
    return None


def _loadable(name: str, search: Iterable[Path]) -> bool:
    """Whether the dynamic loader can load the library ``name`` (first from ``search``,
    where a frozen bundle keeps its copies, then from the system's library path)."""
    for folder in search:
        candidate = folder / name
        if candidate.exists():
            name = str(candidate)
            break
    try:
        ctypes.CDLL(name, mode=getattr(os, "RTLD_LAZY", 0) | getattr(os, "RTLD_LOCAL", 0))
    except OSError:
        return False
    return True


def missing_libraries(
    libraries: Mapping[str, str] = XCB_LIBRARIES, loadable: Callable[[str], bool] | None = None
) -> list[tuple[str, str]]:
    """The (library, Debian package) pairs of ``libraries`` that cannot be loaded."""
    if loadable is None:
        search = [Path(p) for p in (getattr(sys, "_MEIPASS", None),) if p]
        plugins = qt_plugin_dir()
        if plugins is not None:
            search.append(plugins.parent / "lib")

        def loadable(name: str) -> bool:
            return _loadable(name, search)

    return [(lib, pkg) for lib, pkg in libraries.items() if not loadable(lib)]


def platform_problem(
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    loadable: Callable[[str], bool] | None = None,
) -> str | None:
    """One line naming why Qt's platform plugin cannot start here and how to fix it, or
    ``None`` when nothing is known to be wrong. Only Linux (and other X11 systems) is checked:
    Windows and macOS always have their platform's libraries and a display."""
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    if system.startswith(("win", "darwin", "cygwin")):
        return None
    requested = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if requested in _HEADLESS:
        return None
    has_x = bool(env.get("DISPLAY"))
    has_wayland = bool(env.get("WAYLAND_DISPLAY"))
    if requested.startswith("wayland"):
        if has_wayland:
            return None
        return (
            "parlour: QT_QPA_PLATFORM asks for Wayland but WAYLAND_DISPLAY is not set; "
            "run Parlour inside a Wayland session, or unset QT_QPA_PLATFORM to use X11"
        )
    if requested not in ("", "xcb"):
        return None  # some other plugin the user chose: let Qt speak for it
    if not has_x:
        if has_wayland and not requested:
            return None  # Qt may use its Wayland plugin where the bundle has one
        return (
            "parlour: no display to open a window on (DISPLAY is not set); run Parlour "
            "from a desktop session, or set QT_QPA_PLATFORM=offscreen to run headless"
        )
    missing = missing_libraries(loadable=loadable)
    if missing:
        libs = ", ".join(lib for lib, _ in missing)
        pkgs = " ".join(dict.fromkeys(pkg for _, pkg in missing))
        return (
            f"parlour: Qt's X11 platform plugin cannot load: missing {libs}; install it "
            f"(on Debian or Ubuntu: sudo apt-get install {pkgs})"
        )
    if loadable is None and not x_display_reachable():
        return (
            f"parlour: cannot connect to the X display {env.get('DISPLAY')!r} (is the "
            "desktop session running, and DISPLAY right?); set QT_QPA_PLATFORM=offscreen "
            "to run headless"
        )
    return None


def x_display_reachable(display: str | None = None, socket_dir: str = "/tmp/.X11-unix") -> bool:
    """Whether the local X server named by ``display`` (default: ``DISPLAY``) has its socket,
    ``/tmp/.X11-unix/X<n>``. Remote displays (``host:n``), and systems without that folder,
    are left to Qt (True). No connection is made: an X server with no other client resets
    itself when its last client leaves, and would refuse Qt's connection a moment later."""
    display = os.environ.get("DISPLAY", "") if display is None else display
    host, _, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if host not in ("", "unix") or not number.isdigit() or not os.path.isdir(socket_dir):
        return True
    return os.path.exists(os.path.join(socket_dir, f"X{number}"))


# Names fontconfig answers with even when it has no font at all.
_ALIASES = {"", "monospace", "sans serif", "sans-serif", "serif", "sans", "mono", "system-ui"}


def font_problem(families: Iterable[str]) -> str | None:
    """:data:`FONT_FIX` when ``families`` (``QFontDatabase.families()``) holds no real font,
    only fontconfig's generic aliases; else ``None``."""
    return None if any(f.strip().lower() not in _ALIASES for f in families) else FONT_FIX


def fontconfig_font_count() -> int | None:
    """How many fonts fontconfig (which Qt uses on Linux) knows, asked through its C library
    before Qt starts; ``None`` where fontconfig cannot be asked (Windows, macOS, or no
    libfontconfig, which :func:`platform_problem` reports). It loads fontconfig's default
    configuration, the one Qt then uses, so the work is not done twice."""
    if sys.platform.startswith(("win", "darwin", "cygwin")):
        return None
    name = "libfontconfig.so.1"
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass and os.path.exists(os.path.join(meipass, name)):
        name = os.path.join(meipass, name)  # the bundle's copy, which Qt will use
    try:
        fc = ctypes.CDLL(name)
    except OSError:
        return None
    fc.FcPatternCreate.restype = ctypes.c_void_p
    fc.FcObjectSetBuild.restype = ctypes.c_void_p
    fc.FcObjectSetBuild.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    fc.FcFontList.restype = ctypes.c_void_p
    fc.FcFontList.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    for fn in ("FcFontSetDestroy", "FcObjectSetDestroy", "FcPatternDestroy"):
        getattr(fc, fn).argtypes = [ctypes.c_void_p]
    if not fc.FcInit():
        return 0
    pattern = fc.FcPatternCreate()
    objects = fc.FcObjectSetBuild(b"family", None)
    fonts = fc.FcFontList(None, pattern, objects)  # None: the default configuration
    # FcFontSet starts with ``int nfont``.
    count = ctypes.cast(fonts, ctypes.POINTER(ctypes.c_int))[0] if fonts else 0
    if fonts:
        fc.FcFontSetDestroy(fonts)
    fc.FcObjectSetDestroy(objects)
    fc.FcPatternDestroy(pattern)
    return int(count)


def startup_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """The first reason the window cannot open usefully here (:func:`platform_problem`, then
    no fonts at all), as one line naming the fix; ``None`` when all looks well."""
    problem = platform_problem(environ)
    if problem is None and fontconfig_font_count() == 0:
        problem = FONT_FIX
    return problem
