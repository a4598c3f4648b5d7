"""``parlour --self-test`` and the startup probe, run as a person or CI would: a new process
with the offscreen platform."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from paths import ROOT

NO_FONTS = """<?xml version="1.0"?>
<fontconfig><cachedir>{cache}</cachedir></fontconfig>
"""


def _run(
    *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui.app.cli", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_self_test_passes_and_plays_every_game() -> None:
    from gui.model.registryview import GAME_ENTRIES

    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)  # the self-test chooses offscreen itself
    env.pop("DISPLAY", None)
    done = _run("--self-test", env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("parlour self-test: ok")
    assert f"{len(GAME_ENTRIES)} games played" in lines[0]
    for label, _name, _profile in GAME_ENTRIES:
        assert label in lines[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fontconfig is Linux's")
def test_self_test_fails_in_one_line_without_fonts(tmp_path) -> None:
    conf = tmp_path / "fonts.conf"
    conf.write_text(NO_FONTS.format(cache=tmp_path / "cache"))
    env = dict(os.environ, FONTCONFIG_FILE=str(conf))
    done = _run("--self-test", env=env)
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("parlour self-test: FAILED: no usable font")
    assert "fonts-dejavu-core" in lines[0]


def test_startup_probe_quits_after_the_table_is_painted() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = _run("--startup-probe", env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "table painted" in done.stdout


def test_blank_tells_a_card_from_an_empty_image(qapp) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage

    from gui.app.selftest import blank
    from gui.table.cardart import CardArt

    empty = QImage(80, 112, QImage.Format.Format_ARGB32)
    empty.fill(Qt.GlobalColor.white)
    assert blank(empty)
    assert blank(QImage())
    assert not blank(CardArt().face(0, 80).toImage())
