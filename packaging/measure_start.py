"""Measure how long the built bundle takes from launch to the painted table.

    python packaging/measure_start.py [EXECUTABLE] [--runs N] [--cold]

Starts ``EXECUTABLE --startup-probe`` (default: dist/parlour/parlour) N times (default 7) and
reports the median and best wall time from launch until the process has painted the table
and quit, measured from outside, with the probe's own figure (launch to first paint, from
/proc on Linux). Uses the display in ``DISPLAY`` (xcb) when there is one, else offscreen.
``--cold`` first empties the page cache before each run (Linux, root: writes
/proc/sys/vm/drop_caches), so the bundle's files are read from disk again. Prints one line per
run and a summary; exits 1 when the warm median is over the budget.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bundle_rules import BUDGET_WARM_START_S  # noqa: E402


def drop_caches() -> None:
    """Empty Linux's page cache (needs root)."""
    os.sync()
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")


def one_run(executable: Path, env: dict[str, str]) -> tuple[float, float | None]:
    """(wall seconds, probe seconds or None) for one start to the painted table."""
    t0 = time.perf_counter()
    done = subprocess.run(
        [str(executable), "--startup-probe"], env=env, capture_output=True, text=True, timeout=120
    )
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"measure_start: the bundle failed: {done.stderr.strip()[-300:]}")
    m = re.search(r"painted (\d+) ms", done.stdout)
    return wall, (int(m.group(1)) / 1000.0 if m else None)


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="packaging/measure_start.py")
    parser.add_argument(
        "executable", nargs="?", default=str(HERE.parent / "dist" / "parlour" / "parlour")
    )
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cold", action="store_true", help="drop the page cache before each")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    platform = env.get("QT_QPA_PLATFORM") or "xcb"
    exe = Path(args.executable).resolve()
    if not args.cold:
        one_run(exe, env)  # warm the caches
    walls, probes = [], []
    for i in range(args.runs):
        if args.cold:
            drop_caches()
        wall, probe = one_run(exe, env)
        walls.append(wall)
        if probe is not None:
            probes.append(probe)
        print(
            f"run {i + 1}: {wall * 1000:.0f} ms launch to painted table and exit"
            + (f" (probe: painted at {probe * 1000:.0f} ms)" if probe is not None else "")
        )
    kind = "cold" if args.cold else "warm"
    median = statistics.median(walls)
    print(
        f"{kind} start on {platform}: median {median * 1000:.0f} ms, best "
        f"{min(walls) * 1000:.0f} ms over {len(walls)} runs"
        + (f"; probe median {statistics.median(probes) * 1000:.0f} ms" if probes else "")
        + (f" (budget {BUDGET_WARM_START_S * 1000:.0f} ms)" if not args.cold else "")
    )
    return 1 if not args.cold and median > BUDGET_WARM_START_S else 0


if __name__ == "__main__":
    sys.exit(main())
