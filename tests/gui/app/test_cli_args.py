"""Command-line values out of range exit 2 with one line naming what is allowed, before any
window opens."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gamecore.games import available_games
from paths import ROOT


def _run(args: list[str], tmp_path, setup: str | None = None) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PARLOUR_DATA_DIR=str(tmp_path / "d"),
        XDG_CONFIG_HOME=str(tmp_path / "c"),
    )
    if setup:
        subprocess.run([sys.executable, "-c", setup], env=env, cwd=ROOT, check=True, timeout=60)
    return subprocess.run(
        [sys.executable, "-m", "gui.app.cli", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "args, line",
    [
        (
            ["--game", "spinado", "--players", "8"],
            "parlour: --players: Spinado is for 2 to 7 players, not 8",
        ),
        (
            ["--game", "newmarket", "--players", "0"],
            "parlour: --players: Newmarket is for 3 to 8 players, not 0",
        ),
        (
            ["--game", "spoil-five", "--players", "11"],
            "parlour: --players: Spoil Five is for 2 to 10 players, not 11",
        ),
        (
            ["--game", "spin", "--profile", "C"],
            "parlour: --profile: only Pope Joan (F, M, C) and Matrimony (F, H) have profiles; "
            "Spin has none",
        ),
        (
            ["--profile", "M", "--players", "2"],
            "parlour: --players: Pope Joan is for 3 to 8 players, not 2",
        ),
        (
            ["--size", "1280"],
            "parlour: --size: give the window's width and height in pixels, e.g. 1280x800 "
            "(not '1280')",
        ),
        (
            ["--size", "99999x5"],
            "parlour: --size: the window is at least 640x480 pixels, e.g. 1280x800 "
            "(not '99999x5'); a larger size than the screen is shrunk to fit",
        ),
        (
            ["--game", "nope"],
            "parlour: argument --game: invalid choice: 'nope' (choose from "
            + ", ".join(repr(g) for g in available_games())
            + ") (see parlour --help)",
        ),
        (
            ["--players", "abc"],
            "parlour: argument --players: invalid int value: 'abc' (see parlour --help)",
        ),
        (["--bogus"], "parlour: unrecognized arguments: --bogus (see parlour --help)"),
        (
            ["replay"],
            "parlour replay: the following arguments are required: file (see parlour --help)",
        ),
    ],
)
def test_out_of_range_values_exit_2_with_one_line(tmp_path, args, line):
    done = _run(args, tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [line]
    assert done.stdout == ""
    assert not (tmp_path / "d").exists() or not any((tmp_path / "d").iterdir())


def test_players_out_of_range_for_the_remembered_game(tmp_path):
    setup = (
        "from gui.store import settings; settings.save_table('spinado', {}, "
        "[('Ann', True), ('Ben', False), ('Cat', False)])"
    )
    done = _run(["--players", "9"], tmp_path, setup)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "parlour: --players: Spinado is for 2 to 7 players, not 9"
    ]
