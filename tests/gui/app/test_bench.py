"""``python -m gui.app.bench --deals 1``, run as a person would: a new process, offscreen,
one game; it measures one deal and prints its row and the summary line."""

from __future__ import annotations

import re
import subprocess
import sys

from paths import ROOT

ROW = re.compile(
    r"^(?P<label>\S+) +(?P<deals>\d+) +(?P<decisions>\d+) +(?P<longest>\d+\.\d) ms +"
    r"(?P<p99>\d+\.\d) ms +\(any moment: \d+ ms, with the table drawing each play at once\)$"
)
SUMMARY = re.compile(
    r"^longest GUI event-loop gap while Hard thinks: (?P<worst>\d+\.\d) ms \(target ≤ 50 ms\)$"
)


def test_the_bench_with_one_deal_measures_one_deal() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gui.app.bench", "--deals", "1", "--games", "newmarket"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == [
        "Gaps between ticks of a 10 ms timer while a Hard computer player thinks.",
        "game            deals  decisions  longest gap  p99 gap",
    ]
    assert len(lines) == 4, done.stdout
    row = ROW.match(lines[2])
    assert row is not None, lines[2]
    assert row["label"] == "newmarket"
    assert row["deals"] == "1"
    assert int(row["decisions"]) > 0
    assert float(row["p99"]) <= float(row["longest"])
    summary = SUMMARY.match(lines[3])
    assert summary is not None, lines[3]
    assert summary["worst"] == row["longest"]  # one game: its longest gap is the worst
