"""The bundle rules (packaging/bundle_rules.py) and the Linux desktop entry: fast checks that
need neither PyInstaller nor a build."""

from __future__ import annotations

import configparser
import sys

import pytest

from paths import ROOT

sys.path.insert(0, str(ROOT / "packaging"))
import bundle_rules  # noqa: E402


@pytest.mark.parametrize(
    "path",
    [
        "_internal/PySide6/Qt/lib/libQt6Core.so.6",
        "_internal/PySide6/Qt/lib/libQt6Gui.so.6",
        "_internal/PySide6/Qt/lib/libQt6Widgets.so.6",
        "_internal/PySide6/Qt/lib/libQt6Svg.so.6",
        "_internal/PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "_internal/PySide6/Qt/lib/libicudata.so.73",
        "_internal/PySide6/Qt/plugins/platforms/libqxcb.so",
        "_internal/PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "_internal/PySide6/Qt/plugins/imageformats/libqsvg.so",
        "_internal/PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "_internal/PySide6/QtWidgets.abi3.so",
        "_internal/PySide6/Qt6Widgets.dll",
        "_internal/PySide6/plugins/platforms/qwindows.dll",
        "_internal/PySide6/plugins/styles/qmodernwindowsstyle.dll",
        "Contents/Frameworks/PySide6/Qt/lib/QtGui.framework/Versions/A/QtGui",
        "Contents/Frameworks/PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "_internal/libxcb-cursor.so.0",
    ],
)
def test_kept(path: str) -> None:
    assert bundle_rules.keep(path)
    assert bundle_rules.forbidden(path) is None


@pytest.mark.parametrize(
    "path",
    [
        "_internal/PySide6/Qt/lib/libQt6Quick.so.6",
        "_internal/PySide6/Qt/lib/libQt6Qml.so.6",
        "_internal/PySide6/Qt/lib/libQt6Network.so.6",
        "_internal/PySide6/Qt/lib/libQt6OpenGL.so.6",
        "_internal/PySide6/Qt/lib/libQt6WaylandClient.so.6",
        "_internal/PySide6/Qt/plugins/platforms/libqwayland.so",
        "_internal/PySide6/Qt/plugins/platforms/libqeglfs.so",
        "_internal/PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "_internal/PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "_internal/PySide6/Qt/plugins/imageformats/libqtiff.so",
        "_internal/PySide6/Qt/translations/qtbase_de.qm",
        "_internal/PySide6/Qt6Quick.dll",
        "_internal/PySide6/libpyside6qml.abi3.so.6.11",
        "_internal/PySide6/QtNetwork.abi3.so",
        "_internal/PySide6/opengl32sw.dll",
    ],
)
def test_dropped(path: str) -> None:
    assert not bundle_rules.keep(path)


@pytest.mark.parametrize(
    "path",
    [
        "_internal/PySide6/Qt/lib/libQt6Quick.so.6",
        "_internal/PySide6/QtQml.abi3.so",
        "_internal/PySide6/QtNetwork.abi3.so",
        "_internal/PySide6/Qt/translations/qtbase_de.qm",
        "_internal/PySide6/Qt/plugins/platforms/libqwayland.so",
        "_internal/tkinter/__init__.pyc",
        "_internal/PySide6/opengl32sw.dll",
    ],
)
def test_forbidden_in_a_built_bundle(path: str) -> None:
    assert bundle_rules.forbidden(path) is not None


@pytest.mark.parametrize(
    "path, is_interpreter",
    [
        ("_internal/python3.11", True),
        ("_internal/bin/python3", True),
        ("python", True),
        ("_internal/python.exe", True),
        ("_internal/pythonw.exe", True),
        ("parlour", False),
        ("parlour.exe", False),
        ("_internal/libpython3.11.so.1.0", False),
        ("_internal/python311.dll", False),
        ("Contents/Frameworks/Python", False),  # macOS: the Python library, not a program
        ("_internal/python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so", False),
    ],
)
def test_a_second_interpreter_is_found_by_its_name(path: str, is_interpreter: bool) -> None:
    assert bundle_rules.interpreter(path) is is_interpreter


@pytest.mark.parametrize(
    "name",
    [
        "icudt73l/root.res",
        "icudt73l/pool.res",
        "icudt73l/res_index.res",
        "icudt73l/en.res",
        "icudt73l/en_GB.res",
        "icudt73l/en_US_POSIX.res",
        "icudt73l/likelySubtags.res",
        "icudt73l/supplementalData.res",
        "icudt73l/zoneinfo64.res",
        "icudt73l/metaZones.res",
        "icudt73l/coll/root.res",
        "icudt73l/coll/ucadata.icu",
        "icudt73l/coll/en.res",
        "icudt73l/zone/root.res",
        "icudt73l/zone/en_GB.res",
    ],
)
def test_icu_items_qt_reads_are_kept(name: str) -> None:
    assert bundle_rules.keep_icu_item(name)


@pytest.mark.parametrize(
    "name",
    [
        "icudt73l/de.res",
        "icudt73l/ja_JP.res",
        "icudt73l/coll/zh.res",
        "icudt73l/coll/de.res",
        "icudt73l/zone/de.res",
        "icudt73l/curr/pool.res",
        "icudt73l/brkitr/cjdict.dict",
        "icudt73l/translit/root.res",
        "icudt73l/euc-tw-2014.cnv",
        "icudt73l/unames.icu",
        "icudt73l/langInfo.res",
        "icudt73l/unit/root.res",
    ],
)
def test_icu_items_qt_never_reads_are_dropped(name: str) -> None:
    assert not bundle_rules.keep_icu_item(name)


def test_excluded_modules_are_not_used_by_the_app() -> None:
    """Nothing the app imports is on the exclusion list (the bundle's self-test is the
    real proof; this catches it without a build)."""
    used = set()
    for folder in ("gamecore", "gui"):
        for path in (ROOT / folder).rglob("*.py"):
            for line in path.read_text(encoding="utf-8").splitlines():
                words = line.strip().split()
                if len(words) >= 2 and words[0] in ("import", "from"):
                    used.add(words[1].rstrip(","))
    for module in bundle_rules.EXCLUDED_MODULES:
        assert not any(u == module or u.startswith(module + ".") for u in used), module


def test_the_bundle_holds_every_module_the_registry_walks() -> None:
    """No module imports the games' rules modules or their players by name: the registry
    imports every module of its packages (gamecore/registry.py). The analysis cannot follow
    that, so the spec must name those packages' modules as hidden imports, from the
    registry's own list of packages."""
    from gamecore import registry

    spec = (ROOT / "packaging" / "parlour.spec").read_text(encoding="utf-8")
    assert "from gamecore.registry import GAME_PACKAGES, PLAYER_PACKAGES" in spec
    assert "for p in (*GAME_PACKAGES, *PLAYER_PACKAGES) for m in collect_submodules(p)" in spec
    assert "hiddenimports=DISCOVERED," in spec
    assert registry.GAME_PACKAGES and registry.PLAYER_PACKAGES


def test_desktop_entry() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(ROOT / "packaging" / "parlour.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Name"] == "Parlour"
    assert d["Exec"].split()[0] == "parlour" and d["Icon"] == "parlour"
    assert d["Terminal"] == "false" and "Game" in d["Categories"].split(";")


def test_budgets_are_the_issues() -> None:
    assert bundle_rules.BUDGET_FOLDER_MB == 100
    assert bundle_rules.BUDGET_COMPRESSED_MB == 40
    assert bundle_rules.BUDGET_WARM_START_S == 0.6


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG locations are Linux's")
def test_data_and_settings_live_in_the_platform_locations(qapp, monkeypatch, tmp_path) -> None:
    """A frozen app started from any folder finds its files: never the working folder."""
    import os
    from pathlib import Path

    from gui.store import settings
    from gui.store.paths import app_data_dir

    monkeypatch.delenv("PARLOUR_DATA_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    data = app_data_dir()
    assert data.is_dir() and data.is_absolute()
    assert data.is_relative_to(Path(os.environ["XDG_DATA_HOME"]))
    config = Path(settings.settings().fileName())
    assert config.is_relative_to(Path(os.environ["XDG_CONFIG_HOME"]))
    assert not any(tmp_path.iterdir())
