"""The state API of every registered game and profile (architecture, "State API"; GEN-5,
GEN-7, GEN-8, GEN-9, STOP-5, STOP-14, SF-24), checked the same way for each, in the spirit
of OpenSpiel's generic game tests (the checks are in ``tests/api_checks.py``): the legal set
is non-empty until the deal is over; an illegal action raises and leaves the state
unchanged; a clone is independent; the observation hides what it must; play is
deterministic by seed; and the record round-trips for the games the format lists."""

from __future__ import annotations

from typing import Any

import pytest

from api_checks import ALL_CHECKS
from gamecore.games import descriptors, make_game
from gamecore.interface import STOPS, TRICKS
from gamecore.options import resolve_options
from gamecore.record import GAMES
from helpers import entry_key, registry_entries

ENTRIES = registry_entries()


@pytest.mark.parametrize("check", ALL_CHECKS, ids=lambda f: f.__name__.removeprefix("check_"))
@pytest.mark.parametrize(("desc", "entry"), ENTRIES, ids=[entry_key(d, e) for d, e in ENTRIES])
@pytest.mark.parametrize("seed", [1, 2])
def test_state_api(check: Any, desc: Any, entry: Any, seed: int) -> None:
    check(desc.name, desc.entry_options(entry), seed)


@pytest.mark.parametrize(("desc", "entry"), ENTRIES, ids=[entry_key(d, e) for d, e in ENTRIES])
def test_descriptor_agrees_with_its_rules(desc: Any, entry: Any) -> None:
    game = make_game(desc.name, desc.entry_options(entry))
    assert game.name == desc.name and game.family == desc.family in (STOPS, TRICKS)
    assert (game.min_players, game.max_players) == (desc.min_players, desc.max_players)
    assert desc.min_players <= desc.default_players <= desc.max_players
    assert desc.entry_for(game.options) is entry
    faces = desc.pool_faces(game, None)
    assert len(faces) == len(game.pools) and all(f.label for f in faces)
    assert resolve_options(desc.name, desc.entry_options(entry)) == game.options


def test_every_record_game_is_registered() -> None:
    names = [d.name for d in descriptors()]
    assert set(GAMES) <= set(names) and len(names) == len(set(names))
