"""What goes into Parlour's standalone bundle, and the budgets it must meet.

Parlour uses QtCore, QtGui, QtWidgets and (through the SVG image-format and icon-engine plugins)
QtSvg. PyInstaller's PySide6 hooks collect much more: every plugin QtGui might load (Wayland,
EGLFS, VNC, input methods, GTK themes), Qt's translations and the libraries those plugins pull
in (QtQuick, QtQml, QtNetwork, QtOpenGL...). :func:`keep` decides for each file of the analysis
whether it stays; :func:`forbidden` says whether a file in a built bundle breaks the rules (the
build and CI fail on one). Paths are bundle-relative with ``/`` separators, and the rules cover
the Linux, Windows and macOS layouts of the PySide6 wheels. :func:`keep_icu_item` chooses what
stays of ICU's data on Linux (``icu_data.py`` trims the library).

This module is plain Python (no Qt, no PyInstaller) so the spec, the build script and the
tests can all import it.
"""

from __future__ import annotations

import re

__all__ = [
    "BUDGET_COMPRESSED_MB",
    "BUDGET_FOLDER_MB",
    "BUDGET_WARM_START_S",
    "EXCLUDED_MODULES",
    "forbidden",
    "interpreter",
    "keep",
    "keep_icu_item",
]

# The budgets are Linux's (the bundle built and started on every change). The Windows and
# macOS bundles are held to budgets of their own, passed to build.py by the release workflow
# (.github/workflows/release.yml), where they are stated.

#: Size budget of the one-folder bundle, in MB (10**6 bytes).
BUDGET_FOLDER_MB = 100.0
#: Size budget of the one-folder bundle packed for download (tar.xz on Linux), in MB.
BUDGET_COMPRESSED_MB = 40.0
#: Budget from launch to the painted table with warm file caches, in seconds.
BUDGET_WARM_START_S = 0.6

#: Python modules PyInstaller must not follow into the bundle.
EXCLUDED_MODULES = [
    *(
        f"PySide6.{m}"
        for m in (
            "QtQml",
            "QtQuick",
            "QtQuickControls2",
            "QtQuickWidgets",
            "QtQuickTest",
            "QtNetwork",
            "QtOpenGL",
            "QtOpenGLWidgets",
            "QtDBus",
            "QtPrintSupport",
            "QtSql",
            "QtTest",
            "QtXml",
            "QtConcurrent",
            "QtDesigner",
            "QtHelp",
            "QtUiTools",
            "QtSvgWidgets",
            "QtSvg",
        )
    ),
    # Never used by Parlour: GUI toolkits, test and build tools, the network and TLS
    # (OpenSSL alone is 5 MB; hashlib falls back to its built-in SHA code for random),
    # decimal arithmetic, compression codecs, the CJK text codecs.
    "tkinter",
    "_tkinter",
    "PIL",
    "numpy",
    "pytest",
    "hypothesis",
    "pydoc_data",
    "unittest",
    "lib2to3",
    "ensurepip",
    "idlelib",
    "sqlite3",
    "ssl",
    "_ssl",
    "_hashlib",
    "urllib.request",
    "http",
    "ftplib",
    "xmlrpc",
    "decimal",
    "_decimal",
    "bz2",
    "_bz2",
    "lzma",
    "_lzma",
    "_codecs_jp",
    "_codecs_hk",
    "_codecs_cn",
    "_codecs_kr",
    "_codecs_tw",
    "_codecs_iso2022",
    "_multibytecodec",
]

# Plugins kept, by folder: the native platform and offscreen (for --self-test), the image
# formats of icons (SVG, ICO, ICNS; PNG is built into QtGui; Parlour draws all its own art, so
# no JPEG, GIF, TIFF or WebP), the SVG icon engine, the compose-key input method, and the
# native widget styles of Windows and macOS.
_PLUGINS: dict[str, tuple[str, ...]] = {
    "platforms": ("qxcb", "qoffscreen", "qwindows", "qcocoa", "qminimal."),
    "imageformats": ("qsvg", "qico", "qicns"),
    "iconengines": ("qsvgicon",),
    "platforminputcontexts": ("composeplatforminputcontextplugin",),
    "styles": ("qmodernwindowsstyle", "qwindowsvistastyle", "qmacstyle"),
}

# Qt libraries kept (Linux libQt6X.so.6, Windows Qt6X.dll, macOS QtX.framework).
_QT_LIBS = ("Core", "Gui", "Widgets", "Svg", "DBus", "XcbQpa")
_QT_LIB = re.compile(r"(?:^|/)(?:lib)?Qt6?([A-Za-z0-9]+)(?:\.so\.6|\.dll|\.framework/)")

# Anything matching these must never be in a bundle (checked on the built folder). Windows'
# opengl32sw.dll (21 MB) is Qt's software OpenGL, loaded only for an OpenGL context, which
# Parlour's widgets never make.
_FORBIDDEN = re.compile(
    r"Qt6?(Quick|Qml|Network|OpenGL|Pdf|Wayland|Lottie|Labs|Designer|Help|Sql|Test|Xml|"
    r"Concurrent|PrintSupport|EglFS|VirtualKeyboard|SvgWidgets|UiTools|Multimedia|WebEngine)"
    r"|/translations/|/qml/|pyside6qml|wayland|tkinter|/PIL/|libqgtk3|qtvirtualkeyboard"
    r"|opengl32sw",
    re.IGNORECASE,
)

# A Python interpreter as a program of its own (python3.11, pythonw.exe...): the bundle's
# program is the interpreter, and a second one is never run. Case matters: macOS bundles
# carry the Python library itself as "Python".
_INTERPRETER = re.compile(r"(?:^|/)pythonw?(?:\d+(?:\.\d+)*)?(?:\.exe)?$")

# ICU's data items Qt reads (found by tracing Qt's ICU calls, see keep_icu_item): the root
# locale's and English locales' resource bundles, the collation root (QCollator, which the
# file dialog sorts with) and UCA table, the time-zone data (QTimeZone) and the locale
# fallback tables those use. Anything else (other languages, break dictionaries,
# transliterators, legacy converters, units, currencies) Qt never asks ICU for, or ICU falls
# back to the root locale for it without a warning.
_ICU_KEEP = re.compile(
    r"icudt\d+l/(?:"
    r"(?:coll/|zone/)?(?:root|pool|res_index|en(?:_[A-Za-z0-9]+)*)\.res"
    r"|coll/ucadata\.icu"
    r"|(?:likelySubtags|supplementalData|keyTypeData|metaZones|timezoneTypes|zoneinfo64)\.res"
    r")"
)


def _plugin(path: str) -> tuple[str, str] | None:
    """(folder, file name) of a Qt plugin path, else ``None``."""
    parts = path.split("/")
    if "plugins" in parts[:-2] and "PySide6" in parts:
        i = parts.index("plugins")
        return parts[i + 1], parts[-1]
    return None


def keep(path: str) -> bool:
    """Whether the file at bundle-relative ``path`` belongs in Parlour's bundle."""
    path = path.replace("\\", "/")
    plugin = _plugin(path)
    if plugin is not None:
        folder, name = plugin
        return any(k in name for k in _PLUGINS.get(folder, ()))
    if "/translations/" in f"/{path}" and "PySide6" in path:
        return False  # Parlour speaks English only; Qt's own strings stay English too
    m = _QT_LIB.search(path)
    if m is not None and "PySide6" in path:
        return m.group(1) in _QT_LIBS
    return forbidden(path) is None


def forbidden(path: str) -> str | None:
    """The excluded thing ``path`` is (for the report), or ``None`` when it may ship."""
    m = _FORBIDDEN.search(path.replace("\\", "/"))
    return m.group(0) if m else None


def interpreter(path: str) -> bool:
    """Whether the *file* at bundle-relative ``path`` is a Python interpreter program (a
    folder such as ``_internal/python3.11/`` of extension modules is not asked about)."""
    return _INTERPRETER.search(path.replace("\\", "/")) is not None


def keep_icu_item(name: str) -> bool:
    """Whether the ICU data item ``name`` (``"icudt73l/coll/root.res"``) stays in the
    bundle's trimmed ICU data library (Linux; see icu_data.py). Measured by running Qt's
    ICU users (QCollator, the file dialog, QLocale's case mapping and dates, QTimeZone)
    under the C, en_GB, de_DE, ja_JP and tr_TR locales with ICU reading loose files, and
    listing the files opened."""
    return _ICU_KEEP.fullmatch(name) is not None


def trimmed_qt_dependencies(hook_file: str) -> tuple[list, list, list]:
    """PyInstaller's ``add_qt6_dependencies`` for the hook ``hook_file``, with the plugins
    and translations :func:`keep` rejects left out (for packaging/hooks/)."""
    import os

    from PyInstaller.utils.hooks.qt import add_qt6_dependencies

    hiddenimports, binaries, datas = add_qt6_dependencies(hook_file)

    def wanted(entry: tuple[str, str]) -> bool:
        src, dest_dir = entry
        return keep(f"{dest_dir}/{os.path.basename(src)}".replace(os.sep, "/"))

    return list(hiddenimports), [b for b in binaries if wanted(b)], [d for d in datas if wanted(d)]
