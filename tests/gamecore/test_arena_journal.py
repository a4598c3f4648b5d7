"""The arena's journal: a long measurement stopped and started again loses no deal and
plays none twice (issue 29)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamecore import arena, arena_journal
from gamecore.arena import ArenaConfig, run


def _cfg(deals: int, table: str = "normal") -> ArenaConfig:
    return ArenaConfig("newmarket", {}, 4, "easy", table, deals=deals, seed=7, iterations=10)


def test_a_stopped_run_goes_on_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = run(_cfg(4), workers=1, progress=False)
    path = str(tmp_path / "run.jsonl")
    first = run(_cfg(2), workers=1, progress=False, journal=path)
    assert first["deals"] == whole["deals"][:2]
    # the stop cut the third deal's line short: it is played again
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"deal": 2, "seed"')
    played: list[int] = []
    real = arena.run_deal

    def counted(cfg: ArenaConfig, i: int, pool: object = None) -> dict:
        played.append(i)
        return real(cfg, i)

    monkeypatch.setattr(arena, "run_deal", counted)
    again = run(_cfg(4), workers=1, progress=False, journal=path)
    assert played == [2, 3]
    assert again["deals"] == whole["deals"]
    assert again["summary"] == whole["summary"]
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {
        "arena-journal": 1,
        "config": arena_journal.config_key(_cfg(4).__dict__),
    }
    assert [json.loads(x)["deal"] for x in lines[1:] if x.endswith("}")][-2:] == [2, 3]
    # everything in the journal: nothing is played
    played.clear()
    assert run(_cfg(3), workers=1, progress=False, journal=path)["deals"] == whole["deals"][:3]
    assert played == []


def test_a_journal_of_another_run_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "run.jsonl")
    run(_cfg(1), workers=1, progress=False, journal=path)
    with pytest.raises(ValueError, match=r"another run \(it differs in table\)"):
        run(_cfg(1, table="easy"), workers=1, progress=False, journal=path)
    other = tmp_path / "notes.txt"
    other.write_text("shopping list\n", encoding="utf-8")
    with pytest.raises(ValueError, match="is not an arena journal"):
        run(_cfg(1), workers=1, progress=False, journal=str(other))


def test_the_command_line_says_which_journal_does_not_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.jsonl"
    argv = ["--game", "newmarket", "--agent", "easy", "--deals", "1", "--workers", "1"]
    assert arena.main([*argv, "--quiet", "--journal", str(path)]) == 0
    with pytest.raises(SystemExit):
        arena.main([*argv, "--seed", "3", "--quiet", "--journal", str(path)])
    assert "differs in seed" in capsys.readouterr().err
