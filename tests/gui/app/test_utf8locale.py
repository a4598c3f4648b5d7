"""A UTF-8 character locale is chosen before Qt starts, so that Qt has nothing to warn about
under the C locale."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gui.app.utf8locale import codeset_of, use_utf8_locale, utf8_locale_changes
from paths import ROOT

# A system with C.UTF-8, de_DE.UTF-8 and the plain C locale.
_SYSTEM = {
    "C": "ANSI_X3.4-1968",
    "POSIX": "ANSI_X3.4-1968",
    "C.UTF-8": "UTF-8",
    "de_DE.UTF-8": "UTF-8",
    "de_DE.ISO-8859-1": "ISO-8859-1",
    "de_DE.ISO-8859-15@euro": "ISO-8859-15",
    "en_GB.utf8": "UTF-8",
}


def _changes(**environ: str) -> dict[str, str | None]:
    return utf8_locale_changes(environ, _SYSTEM.get)


def test_a_utf8_locale_is_left_alone() -> None:
    assert _changes(LANG="en_GB.utf8") == {}
    assert _changes(LANG="C", LC_CTYPE="C.UTF-8") == {}
    assert _changes(LC_ALL="de_DE.UTF-8", LANG="C") == {}


def test_the_c_locale_gets_c_utf8_for_its_characters_only() -> None:
    assert _changes(LANG="C") == {"LC_CTYPE": "C.UTF-8"}
    assert _changes() == {"LC_CTYPE": "C.UTF-8"}  # nothing set: the C library's C
    assert _changes(LANG="POSIX") == {"LC_CTYPE": "C.UTF-8"}


def test_a_legacy_encoding_gets_the_same_language_in_utf8() -> None:
    """As Qt would switch: the same locale with .UTF-8 when the system has it."""
    assert _changes(LANG="de_DE.ISO-8859-1") == {"LC_CTYPE": "de_DE.UTF-8"}
    assert _changes(LANG="de_DE.ISO-8859-15@euro") == {"LC_CTYPE": "de_DE.UTF-8"}


def test_a_locale_the_system_lacks_counts_as_c() -> None:
    assert _changes(LANG="fr_FR.UTF-8") == {"LC_CTYPE": "C.UTF-8"}


def test_lc_all_is_spread_so_that_only_the_characters_change() -> None:
    """LC_ALL overrides LC_CTYPE: it becomes LANG, the LC_* it overrode go."""
    assert _changes(LC_ALL="C", LC_TIME="de_DE.UTF-8", LANG="de_DE.UTF-8") == {
        "LC_ALL": None,
        "LC_TIME": None,
        "LC_CTYPE": "C.UTF-8",
        "LANG": "C",
    }


def test_nothing_changes_where_no_utf8_locale_exists() -> None:
    assert utf8_locale_changes({"LANG": "C"}, {"C": "ANSI_X3.4-1968"}.get) == {}


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="Qt's locale check is Unix's")
def test_use_utf8_locale_changes_the_mapping_it_is_given() -> None:
    env = {"LANG": "C", "HOME": "/h"}
    if codeset_of("C.UTF-8") != "UTF-8" and codeset_of("C.utf8") != "UTF-8":
        pytest.skip("this system has no C.UTF-8 locale")
    changes = use_utf8_locale(env)
    assert env == {"LANG": "C", "HOME": "/h", **changes} and codeset_of(env["LC_CTYPE"]) == "UTF-8"


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="Qt's locale check is Unix's")
def test_qt_prints_no_locale_warning_under_the_c_locale(tmp_path) -> None:
    """The real thing, in a child with an empty environment and the C locale: Python's own
    coercion of the C locale (PEP 538) is turned off, as in a frozen bundle."""
    if codeset_of("C.UTF-8") != "UTF-8" and codeset_of("C.utf8") != "UTF-8":
        pytest.skip("this system has no C.UTF-8 locale")
    code = (
        "from gui.app.utf8locale import use_utf8_locale; use_utf8_locale(); "
        "from PySide6.QtCore import QCoreApplication; app = QCoreApplication([]); "
        "print('started')"
    )
    env = {"HOME": str(tmp_path), "LANG": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert done.stdout == "started\n" and done.stderr == ""
    without = subprocess.run(  # the check above is not empty: Qt does warn without it
        [sys.executable, "-c", code.split("; ", 2)[2]],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert "is not UTF-8" in without.stderr
    assert os.environ.get("LC_ALL") != "C"  # the test process itself was not touched
