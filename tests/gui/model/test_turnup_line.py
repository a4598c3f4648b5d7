"""The log names the turn-up and trumps once everyone can see them (PJ-22, SF-3): after
the stakes paid as the deal is dealt, or after the last stake where stakes are made at the
table (PJ-21: the turn-up is hidden until then), and before what the turn-up gives
(PJ-C-5). It never did: a player who missed the card on the stock had no line to read."""

from __future__ import annotations

import random

from gamecore.cards import cards_in
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.stops.deal import STAKING
from gui.model import ledger
from helpers import random_action

NAMES = ["You", "Ben", "Cat", "Dan"]


def _dealt(name: str, options: dict[str, str], dealer: int) -> Session:
    game = make_game(name, options)
    session = Session(game, NAMES, dealer)
    session.start_deal_from_deck(list(cards_in(game.pack)))  # the pack in order
    return session


def test_the_turn_up_follows_the_stakes_and_comes_before_its_pool_pj_c_5():
    session = _dealt("pope-joan", {"pj.profile": "C"}, 3)
    assert ledger.start_lines(session, NAMES, [0]) == [
        "Dan puts 15 on the layout",
        "K♣ is turned up: clubs are trumps.",
        "Dan takes the King pool: 1",
    ]


def test_spoil_five_names_its_trumps_sf_3():
    session = _dealt("spoil-five", {}, 0)
    assert ledger.start_lines(session, NAMES, [0])[-1] == "8♥ is turned up: hearts are trumps."


def test_a_game_without_a_trump_turn_up_names_none():
    for name in ("newmarket", "spinado", "commit", "michigan"):
        session = _dealt(name, {}, 0)
        assert not any("turned up" in line for line in ledger.start_lines(session, NAMES, [0]))


def test_while_stakes_are_made_the_turn_up_waits_for_the_last_pj_21():
    session = _dealt("pope-joan", {"pj.profile": "M"}, 3)
    assert session.deal.phase == STAKING
    assert ledger.start_lines(session, NAMES, [0]) == []
    rng = random.Random(3)
    said = []
    while session.deal.phase == STAKING:
        before = session.deal.clone()
        action = random_action(session.decision(), rng)
        events = session.apply(action)
        said.append(ledger.action_lines(session, before, action, events, NAMES, [0]))
    assert [lines[-1] for lines in said].count("10♣ is turned up: clubs are trumps.") == 1
    assert said[-1][-1] == "10♣ is turned up: clubs are trumps."
    # The log rebuilt for a resumed game says it once, in the same place.
    log, _since = ledger.deal_log(session, NAMES, [0])
    assert log.count("10♣ is turned up: clubs are trumps.") == 1
    assert log[-1] == "10♣ is turned up: clubs are trumps."
