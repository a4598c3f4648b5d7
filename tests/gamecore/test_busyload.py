"""The busy loops of ``--busy N`` (``python -m gamecore.bench``, ``python -m gui.app.bench``):
they spin while the measurement runs and are gone after it, however it ends, and one whose
parent is killed ends by itself (issue 29: the loaded figures, reproducible by anyone)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamecore import bench, busyload
from paths import ROOT

#: Seconds after which a process that should be gone fails the test (no timing asserted).
NO_HANG = 60.0


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has exited (a zombie has)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat[stat.rindex(")") + 2] in "ZX"


def test_the_loops_spin_inside_the_block_and_are_gone_after_it() -> None:
    with busyload.busy_loops(2) as loops:
        assert len(loops) == 2
        assert [p.poll() for p in loops] == [None, None]
    assert all(p.returncode is not None for p in loops)


def test_the_loops_are_stopped_when_the_measurement_is_interrupted() -> None:
    kept: list[subprocess.Popen[bytes]] = []
    with pytest.raises(KeyboardInterrupt), busyload.busy_loops(1) as loops:
        kept.extend(loops)
        raise KeyboardInterrupt
    assert len(kept) == 1 and kept[0].returncode is not None


def test_no_loop_is_a_no_op() -> None:
    with busyload.busy_loops(0) as loops:
        assert loops == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_loop_whose_parent_is_killed_ends_by_itself(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(
        textwrap.dedent("""
            import time
            from gamecore.busyload import start_busy_loops
            print(start_busy_loops(1)[0].pid, flush=True)
            time.sleep(300)
        """)
    )
    parent = subprocess.Popen(
        [sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    loop = 0
    try:
        assert parent.stdout is not None
        loop = int(parent.stdout.readline())
        assert not _gone(loop)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + NO_HANG
        while not _gone(loop) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _gone(loop)
    finally:
        if parent.poll() is None:
            parent.kill()
        if loop and not _gone(loop):
            with contextlib.suppress(ProcessLookupError):
                os.kill(loop, signal.SIGKILL)


def test_the_bench_with_busy_loops_reports_hards_p95_and_maximum(tmp_path, monkeypatch):
    """``python -m gamecore.bench --busy 1`` (small): its row has the decision times'
    median, p95 and maximum and the fallbacks, and its busy loop is gone after it."""
    started: list[subprocess.Popen[bytes]] = []

    @contextlib.contextmanager
    def recorded(n: int) -> Iterator[list[subprocess.Popen[bytes]]]:
        with busyload.busy_loops(n) as loops:
            started.extend(loops)
            yield loops

    monkeypatch.setattr(bench, "busy_loops", recorded)
    out = tmp_path / "bench.json"
    argv = ["--seconds", "0.05", "--iterations", "20", "--positions", "3"]
    assert bench.main([*argv, "--games", "newmarket", "--busy", "1", "--json", str(out)]) == 0
    assert len(started) == 1 and started[0].returncode is not None
    [row] = json.loads(out.read_text())
    assert (row["game"], row["busy"], row["hard_n"]) == ("newmarket", 1, 3)
    assert 0 < row["hard_median"] <= row["hard_p95"] <= row["hard_max"]
    assert 0 <= row["hard_fallbacks"] <= 3
    assert row["hard_max_cpu_wait"] is None or row["hard_max_cpu_wait"] >= 0
