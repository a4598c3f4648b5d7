"""The registry is the only list of games (issue 22): the built-in games and their computer
players are found by walking their packages, a descriptor says whether the record format
lists its game and which entries have conformance records, the seat range and family are
the rules class's, and a pinned option is stated once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from gamecore import registry
from gamecore.errors import OptionError, RecordError
from gamecore.games import Entry, GameDescriptor, descriptors, make_game, register, unregister
from gamecore.options import defaults, house_rules, resolve_options
from gamecore.record import parse_record, record_games
from gamecore.stops.newmarket import Newmarket
from helpers import conformance_folders
from paths import DATA, SHARED


def test_the_built_in_games_are_found_in_their_packages_in_menu_order() -> None:
    builtin = [d for d in descriptors() if d.recorded]
    names = [d.name for d in builtin]
    # The five games of the rules spec, in menu order (a cousin added beside them keeps its
    # own place by its ``order``).
    first = ["newmarket", "spin", "spinado", "pope-joan", "spoil-five"]
    assert [n for n in names if n in first] == first
    assert [d.order for d in builtin] == sorted(d.order for d in builtin)
    for d in builtin:
        assert d.rules.__module__.startswith(tuple(p + "." for p in registry.GAME_PACKAGES))


def test_each_player_is_registered_where_it_is_defined() -> None:
    for d in descriptors():  # the game's own player, or the one its declarations pick
        make = registry.player_for(make_game(d.name))
        assert make.__module__.startswith(tuple(p + "." for p in registry.PLAYER_PACKAGES))
    with pytest.raises(ValueError, match="no computer player for 'whist'"):
        registry.player("whist")


def test_the_record_games_are_the_descriptors_that_say_so() -> None:
    assert record_games() == tuple(d.name for d in descriptors() if d.recorded)


def test_the_record_games_are_games_the_format_lists() -> None:
    fmt = SHARED / "formats" / "deal-record.md"
    if not fmt.is_file():
        pytest.skip(f"{fmt} is absent")
    row = next(
        line
        for line in fmt.read_text(encoding="utf-8").splitlines()
        if line.startswith("| `game` |")
    )
    assert set(record_games()) <= set(re.findall(r"`([a-z-]+)`", row.split("|")[2]))


def test_an_entry_has_conformance_records_exactly_when_it_says_so() -> None:
    copied = sorted(p.name for p in (DATA / "conformance").iterdir() if p.is_dir())
    assert sorted(conformance_folders()) == copied


# ---- a game of this file's own: what a descriptor states and what it reads ------------------


class Pinned(Newmarket):
    """Newmarket with aces high pinned (its own name and seat range)."""

    name = "pinned"
    min_players = 4
    max_players = 5


PINNED = GameDescriptor(
    name="pinned",
    title="Pinned",
    rules=Pinned,
    order=901,
    entries=(Entry("Pinned (a test's own game)"),),
    option_prefixes=("nm.",),
    fixed={"nm.aceHigh": (True, "NM-3")},
)


@pytest.fixture
def pinned() -> Iterator[GameDescriptor]:
    register(PINNED)
    yield PINNED
    unregister(PINNED.name)


def test_the_seat_range_and_family_are_the_rules_class(pinned: GameDescriptor) -> None:
    assert (pinned.family, pinned.min_players, pinned.max_players) == ("stops", 4, 5)
    assert isinstance(make_game("pinned"), Pinned)


def test_a_pinned_option_is_stated_once(pinned: GameDescriptor) -> None:
    assert defaults("pinned")["nm.aceHigh"] is True  # the row says False; the pin wins
    assert resolve_options("pinned", {})["nm.aceHigh"] is True
    assert make_game("pinned").ace_high is True  # type: ignore[attr-defined]
    assert "nm.aceHigh" not in [s.key for s in house_rules("pinned")]
    with pytest.raises(OptionError, match=r"nm.aceHigh must be true in Pinned \(NM-3\)"):
        resolve_options("pinned", {"nm.aceHigh": False})


def test_a_pin_is_not_repeated_as_a_default() -> None:
    with pytest.raises(ValueError, match="nm.aceHigh is pinned"):
        GameDescriptor(
            name="twice",
            title="Twice",
            rules=Pinned,
            entries=(Entry("Twice"),),
            option_prefixes=("nm.",),
            fixed={"nm.aceHigh": (True, "NM-3")},
            option_defaults={"nm.aceHigh": True},
        )


def test_only_a_record_game_has_conformance_records() -> None:
    with pytest.raises(ValueError, match="only a game of the record format"):
        GameDescriptor(
            name="nope", title="Nope", rules=Pinned, entries=(Entry("Nope", conformance=True),)
        )


def test_a_game_the_format_does_not_list_is_never_a_record(pinned: GameDescriptor) -> None:
    from gamecore.match import Session
    from gamecore.record import record_of

    session = Session(make_game("pinned"), ["A", "B", "C", "D"], 0)
    with pytest.raises(RecordError, match="'pinned' is not a game of the record format"):
        record_of(session)
    record: dict[str, Any] = {
        "format": "parlour-record",
        "version": 1,
        "game": "pinned",
        "players": ["A", "B", "C", "D"],
        "deals": [{"dealer": 0, "seed": 1}],
    }
    with pytest.raises(RecordError, match="game: unknown game 'pinned'"):
        parse_record(record)
