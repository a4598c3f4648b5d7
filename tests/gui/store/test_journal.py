"""The autosave's journal: every good move is kept up to the first line that does not read
or does not follow the game, and a journal that cannot all be used is set aside with a
notice, never dropped or left to be written over."""

from __future__ import annotations

import codecs
import json
from types import SimpleNamespace
from typing import cast

import pytest

from gamecore.match import Session
from gui.store import persistence, readback
from journals import autosave

BASE, MOVES = 8, 10


def _aside(folder) -> list:
    return sorted(folder.glob("autosave.parlour.journal.damaged-*"))


def _moves(checked: persistence.Checked) -> int:
    assert checked.saved is not None
    return len(checked.saved[0].logs[-1].actions)


def test_a_whole_journal_is_kept_and_not_set_aside(tmp_path):
    game = autosave(BASE, MOVES)
    path = game.lay_out(tmp_path)
    checked = persistence.check_autosave(path)
    assert checked.notices == [] and checked.writable
    assert _moves(checked) == 18
    assert list(checked.saved[0].logs[-1].actions[BASE:]) == game.moves
    assert persistence.journal_path(path).exists() and _aside(tmp_path) == []


@pytest.mark.parametrize("good", [0, 1, 7, 10])
def test_an_illegal_move_keeps_the_moves_before_it(tmp_path, good):
    game = autosave(BASE, MOVES)
    # The last good move again: its card has left the hand, so the game refuses it.
    illegal = json.dumps(game.moves[good - 1] if good else "2 AH")
    lines = [json.dumps(m) for m in game.moves[:good]] + [illegal]
    lines += [json.dumps(m) for m in game.moves[good:]]
    bad = game.journal(lines)
    path = game.lay_out(tmp_path, bad)
    checked = persistence.check_autosave(path)
    assert _moves(checked) == BASE + good
    assert list(checked.saved[0].logs[-1].actions[BASE:]) == game.moves[:good]
    aside = _aside(tmp_path)
    assert len(aside) == 1 and aside[0].read_bytes() == bad
    assert not persistence.journal_path(path).exists()
    assert checked.writable and len(checked.notices) == 1
    notice = checked.notices[0]
    assert f"its move {good + 1} does not follow the saved game" in notice
    assert aside[0].name in notice
    kept = {0: "none of its moves were used", 1: "after the first of its moves"}
    assert kept.get(good, f"after the first {good} of its moves") in notice


def test_a_line_that_does_not_read_keeps_the_moves_before_it(tmp_path):
    game = autosave(BASE, MOVES)
    lines = [json.dumps(m) for m in game.moves]
    lines[4] = "0 XX"
    path = game.lay_out(tmp_path, game.journal(lines))
    checked = persistence.check_autosave(path)
    assert _moves(checked) == BASE + 4
    assert len(_aside(tmp_path)) == 1
    assert checked.notices == [
        "The moves of your saved game's last deal could not all be read (line 6 is not a "
        f"move): the game goes on after the first 4 of its moves ({BASE + 4} moves into "
        f"deal 1). The journal was set aside "
        f"as {_aside(tmp_path)[0].name}."
    ]


@pytest.mark.parametrize("bad", [b'"2 2\xc3', b"\x00\xff"])
def test_a_line_that_is_not_utf8_keeps_the_moves_before_it(tmp_path, bad):
    """A byte that is not UTF-8 spoils its own line only: the moves before it are kept
    (the whole journal had been refused as unreadable)."""
    game = autosave(BASE, MOVES)
    good = game.journal([json.dumps(m) for m in game.moves[:3]])
    path = game.lay_out(tmp_path, good + bad + b"\n" + json.dumps(game.moves[3]).encode() + b"\n")
    checked = persistence.check_autosave(path)
    assert _moves(checked) == BASE + 3
    assert list(checked.saved[0].logs[-1].actions[BASE:]) == game.moves[:3]
    assert checked.notices == [
        "The moves of your saved game's last deal could not all be read (line 5 is not a "
        f"move): the game goes on after the first 3 of its moves ({BASE + 3} moves into "
        f"deal 1). The journal was set aside "
        f"as {_aside(tmp_path)[0].name}."
    ]


def test_a_header_that_is_not_utf8_is_not_a_header(tmp_path):
    game = autosave(BASE, MOVES)
    path = game.lay_out(tmp_path, b"\xff" + game.journal())
    checked = persistence.check_autosave(path)
    assert _moves(checked) == BASE
    assert "its first line is not a journal's header" in checked.notices[0]


@pytest.mark.parametrize("where", ["header", "move"])
def test_deeply_nested_json_in_the_journal_costs_only_the_journal(tmp_path, where):
    """A line nested too deeply to read is a line that does not read: the record and the
    moves before it are kept (it once set the whole saved game aside)."""
    game = autosave(BASE, MOVES)
    nested = "[" * 100_000 + "]" * 100_000
    lines = [json.dumps(m) for m in game.moves]
    if where == "move":
        lines[3] = nested
        bad = game.journal(lines)
    else:
        bad = game.journal().replace(game.header.encode(), nested.encode(), 1)
    path = game.lay_out(tmp_path, bad)
    checked = persistence.check_autosave(path)
    assert path.exists() and checked.writable
    assert _moves(checked) == BASE + (3 if where == "move" else 0)
    assert len(_aside(tmp_path)) == 1 and _aside(tmp_path)[0].read_bytes() == bad
    why = "line 5 is not a move" if where == "move" else "its first line is not a journal's"
    assert len(checked.notices) == 1 and why in checked.notices[0]


def test_a_journal_naming_another_record_is_set_aside(tmp_path):
    game = autosave(BASE, MOVES)
    head = json.loads(game.header)
    head["record"] = "0" * 64
    bad = game.journal()
    bad = bad.replace(game.header.encode(), json.dumps(head).encode(), 1)
    path = game.lay_out(tmp_path, bad)
    checked = persistence.check_autosave(path)
    assert _moves(checked) == BASE
    aside = _aside(tmp_path)
    assert len(aside) == 1 and aside[0].read_bytes() == bad
    assert len(checked.notices) == 1
    assert "(its header names another record): none of its moves were used" in checked.notices[0]


@pytest.mark.parametrize("where", ["record", "journal", "both"])
def test_a_byte_order_mark_keeps_the_journal(tmp_path, where):
    game = autosave(BASE, MOVES)
    path = game.lay_out(tmp_path)
    if where in ("record", "both"):
        path.write_bytes(codecs.BOM_UTF8 + game.record)
    if where in ("journal", "both"):
        persistence.journal_path(path).write_bytes(codecs.BOM_UTF8 + game.journal())
    checked = persistence.check_autosave(path)
    assert checked.notices == [] and _moves(checked) == 18
    assert _aside(tmp_path) == []


def test_a_journal_that_cannot_be_set_aside_stops_the_saving(tmp_path, monkeypatch):
    game = autosave(BASE, MOVES)
    lines = [json.dumps(m) for m in game.moves[:3]] + [json.dumps(game.moves[2])]
    bad = game.journal(lines)
    path = game.lay_out(tmp_path, bad)

    def refuse(p, stamp=None):
        raise PermissionError(13, "Permission denied", str(p))

    monkeypatch.setattr(persistence, "set_aside", refuse)
    checked = persistence.check_autosave(path)
    assert not checked.writable and _moves(checked) == BASE + 3
    assert persistence.journal_path(path).read_bytes() == bad
    assert len(checked.notices) == 1
    notice = checked.notices[0]
    assert notice.startswith(
        "The moves of your saved game's last deal could not all be read (its move 4 does not "
        "follow the saved game ("
    )
    assert notice.endswith(
        ") nor set aside (Permission denied): the game goes on after the first 3 of its moves "
        f"({BASE + 3} moves into deal 1), and games will not be saved this time."
    )


def test_open_uses_the_good_moves_and_leaves_the_journal_where_it_is(tmp_path):
    game = autosave(BASE, MOVES)
    lines = [json.dumps(m) for m in game.moves[:6]] + [json.dumps(game.moves[5])]
    bad = game.journal(lines)
    path = tmp_path / "mine.parlour.json"
    path.write_bytes(game.record)
    persistence.journal_path(path).write_bytes(bad)
    session, meta, note = persistence.load_noted(path)
    assert len(session.logs[-1].actions) == BASE + 6
    assert meta.people == [True, False, False, False]
    assert note is not None and note.startswith(
        "The moves in mine.parlour.journal could not all be used (its move 7 does not follow"
    )
    assert note.endswith(
        f"the game goes on after the first 6 of its moves ({BASE + 6} moves into deal 1). "
        "The journal was left as it is."
    )
    assert persistence.journal_path(path).read_bytes() == bad
    assert persistence.load(path)[0].logs[-1].actions == session.logs[-1].actions


def test_open_of_a_whole_journal_says_nothing(tmp_path):
    game = autosave(BASE, MOVES)
    path = tmp_path / "mine.parlour.json"
    path.write_bytes(codecs.BOM_UTF8 + game.record)
    persistence.journal_path(path).write_bytes(game.journal())
    session, _meta, note = persistence.load_noted(path)
    assert note is None and len(session.logs[-1].actions) == 18


def test_an_unreadable_record_is_set_aside_with_its_companions_all_named(tmp_path):
    """A record that cannot be read takes its seats file and its journal aside with it, and
    the notice names all three (it used to name only the record)."""
    path = autosave(BASE, MOVES).lay_out(tmp_path)
    persistence.meta_path(path).write_text(json.dumps({"people": [True, False, False, False]}))
    cut = path.read_bytes()[:100]  # cut short
    path.write_bytes(cut)
    with pytest.raises(json.JSONDecodeError) as e:
        json.loads(cut)
    checked = persistence.check_autosave(path)
    assert checked.saved is None and checked.writable
    record = sorted(tmp_path.glob("autosave.parlour.json.damaged-*"))
    seats = sorted(tmp_path.glob("autosave.parlour.table.json.damaged-*"))
    assert len(record) == len(seats) == len(_aside(tmp_path)) == 1
    assert checked.notices == [
        "Your saved game could not be read (the file is damaged: it ends too early, "
        f"at line {e.value.lineno}, column {e.value.colno}), so nothing of it could be "
        "played on, and a new game begins. It was set aside as "
        f"{record[0].name}, with its seats as {seats[0].name} and its journal as "
        f"{_aside(tmp_path)[0].name}, in {tmp_path}."
    ]


def test_the_kept_moves_are_also_counted_in_the_deal_a_player_counts():
    """A tester read "after the first 2 of its moves" (the journal's) as two moves of the
    deal, when the table went on 5 moves into it; a deal the journal finished is said so."""
    deal = SimpleNamespace(actions=["a"] * 5, finished=False)
    game = cast(Session, SimpleNamespace(logs=[SimpleNamespace(finished=True), deal]))
    said = readback.kept_words(2, game)
    assert said == "the game goes on after the first 2 of its moves (5 moves into deal 2)"
    deal.actions = ["a"]
    assert readback.kept_words(1, game).endswith("the first of its moves (1 move into deal 2)")
    deal.finished = True
    assert readback.kept_words(1, game).endswith("of its moves (at the end of deal 2)")
    assert readback.kept_words(0, game).startswith("none of its moves were used")
