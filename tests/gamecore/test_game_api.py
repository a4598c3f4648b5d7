"""The state API of every registered game and profile (architecture, "State API"), checked
the same way for each, in the spirit of OpenSpiel's generic game tests (the checks are in
``tests/support/api_checks.py``): the legal set is non-empty until the deal is over; an illegal
action (out of turn, GEN-10, or out of the rules) raises and leaves the state unchanged; a
clone is independent; the observation hides what it must (GEN-9); play is deterministic by
seed (GEN-8); and the record round-trips for the games the format lists."""

from __future__ import annotations

from typing import Any

import pytest

from api_checks import ALL_CHECKS
from gamecore.games import descriptors, make_game
from gamecore.interface import CHANCE, STOPS, TRICKS
from gamecore.match import Session
from gamecore.options import resolve_options
from gamecore.record import record_games
from helpers import entry_key, registry_entries

ENTRIES = registry_entries()


@pytest.mark.parametrize("check", ALL_CHECKS, ids=lambda f: f.__name__.removeprefix("check_"))
@pytest.mark.parametrize(("desc", "entry"), ENTRIES, ids=[entry_key(d, e) for d, e in ENTRIES])
@pytest.mark.parametrize("seed", [1, 2])
def test_state_api(check: Any, desc: Any, entry: Any, seed: int) -> None:
    check(desc.name, desc.entry_options(entry), seed)


@pytest.mark.parametrize(("desc", "entry"), ENTRIES, ids=[entry_key(d, e) for d, e in ENTRIES])
def test_descriptor_agrees_with_its_rules(desc: Any, entry: Any) -> None:
    """The descriptor states no seat range or family of its own: it reads its rules class
    (``desc.rules``), and every entry's rules are of that class, with the same facts."""
    game = make_game(desc.name, desc.entry_options(entry))
    assert isinstance(game, desc.rules)
    assert game.name == desc.name and game.family == desc.family in (STOPS, TRICKS, CHANCE)
    assert (game.min_players, game.max_players) == (desc.min_players, desc.max_players)
    assert (desc.family, desc.min_players, desc.max_players) == (
        desc.rules.family,
        desc.rules.min_players,
        desc.rules.max_players,
    )
    assert desc.min_players <= desc.default_players <= desc.max_players
    assert desc.entry_for(game.options) is entry
    faces = desc.pool_faces(game, None)
    assert len(faces) == len(game.pools) and all(f.label for f in faces)
    assert resolve_options(desc.name, desc.entry_options(entry)) == game.options


def test_every_record_game_is_registered() -> None:
    names = [d.name for d in descriptors()]
    assert set(record_games()) <= set(names) and len(names) == len(set(names))


@pytest.mark.parametrize(
    ("desc", "entry"),
    registry_entries(STOPS),
    ids=[entry_key(d, e) for d, e in registry_entries(STOPS)],
)
def test_stop_5_the_eldest_leads_first_and_a_lead_opens_a_sequence(desc: Any, entry: Any) -> None:
    """STOP-5: the first leader of a deal is the eldest hand (unless STOP-11 passes the lead
    or a turn-up award ends the deal); the card he leads opens a sequence with it on top,
    or is a stop at once, or the turn round offers the substitute (CM-10)."""
    game = make_game(desc.name, desc.entry_options(entry))
    for seed in range(6):
        n = game.min_players + seed % (game.max_players - game.min_players + 1)
        session = Session(game, [f"P{i}" for i in range(n)], first_dealer=seed % n)
        session.start_deal_seeded(seed)
        deal = session.deal
        events = list(deal.start_events)
        while deal.phase in ("staking", "before-lead"):
            d = deal.decision()  # the widow kept (MI-7) when there is a choice of it
            events += session.apply(
                d.default_action() if hasattr(d, "default_action") else d.actions[-1]
            )
        if deal.over:
            continue
        passed = any(type(e).__name__ == "LeadPassed" for e in events)
        eldest = (deal.dealer + 1) % n
        assert deal.to_act == ((eldest + 1) % n if passed else eldest)
        lead = deal.legal_actions()[0]
        session.apply(lead)
        assert deal.history[0].lead and deal.history[0].card == lead.card
        if deal.top is not None and deal.round_from is not None:
            # CM-10: the turn round offers the substitute to its holder, who lacks the next card
            assert deal.top == lead.card and deal.round_from == lead.seat
            assert deal.hands[deal.to_act] >> game.special_card & 1
            nxt = game.succ[lead.card]
            assert nxt is None or not deal.hands[deal.to_act] >> nxt & 1
        elif deal.top is not None:  # open: the holder of the next card is to play it
            assert deal.top == lead.card
            assert deal.hands[deal.to_act] >> game.succ[lead.card] & 1
        elif not deal.over:  # a stop at once: the leader leads again (STOP-7, STOP-11)
            assert deal.to_act in (lead.seat, (lead.seat + 1) % n)
