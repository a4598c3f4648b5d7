"""A game that exists only in this file: "Five Pools", a stops game with its own name, its
own option prefix (``fp.``, not ``nm.``) and a fifth pool, registered here and nowhere else.

It proves that a game is a description the rest of Parlour reads (issue 16): the option
table, the engine, the generic state-API checks, the search's fast path and determinizer,
the computer players at every level and the arena all take it without a line changed
elsewhere. It is registered only while this module's tests run (a record cannot hold it:
the record format lists its games, and this is not one of them).

Rules (declared, as every stops game's, see :mod:`gamecore.stops.game`): 3–6 players, the
Newmarket deal (STOP-13 fixed stock); before the deal each player pays 1 counter into each
of the four pay pools ♥A ♣K ♦Q ♠J and ``fp.stake`` into the fifth, the Game pool; a pay card
captures its pool (NM-8); the first player out takes the Game pool and 1 counter per card
left from each other player (STOP-9, STOP-10); leads are the lowest card of a suit
(``fp.lowestLead``, else any card); with ``fp.sevenBonus`` the 7♠ earns 1 counter from
each other player.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from api_checks import ALL_CHECKS
from gamecore.actions import Play
from gamecore.agents import agent_for
from gamecore.agents.levels import HardAgent, agent_for_level
from gamecore.agents.newmarket import NewmarketAgent
from gamecore.arena import ArenaConfig, run
from gamecore.cards import AH, JS, KC, QD, RANK_CODES, SPADES, SUIT_SYMBOLS, card, rank_of, suit_of
from gamecore.decisions import PlayChoice
from gamecore.errors import OptionError, RecordError
from gamecore.games import (
    Entry,
    GameDescriptor,
    descriptor,
    make_game,
    register,
    register_player,
    unregister,
)
from gamecore.interface import PoolFace
from gamecore.match import Session
from gamecore.options import HELP, OptionSpec, defaults, house_rules, resolve_options
from gamecore.record import parse_record
from gamecore.search import SPIN_FLAG
from gamecore.search.determinize import worlds_for
from gamecore.search.fast_stops import FastStops
from gamecore.search.ismcts import search
from gamecore.stops.deal import StopsDeal
from gamecore.stops.game import ANY_CARD, FIXED_STOCK, LOWEST_OF_SUIT, StopsGame
from helpers import cards, hand, random_action

SEVEN_S = card(6, SPADES)
GAME = 4


class FivePools(StopsGame):
    """Five Pools (see the module docstring): everything but the staking is declared."""

    name = "five-pools"
    pools = ("AH", "KC", "QD", "JS", "game")
    min_players = 3
    max_players = 6
    deal_style = FIXED_STOCK
    game_pool = GAME

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.lead_rule = LOWEST_OF_SUIT if self.options["fp.lowestLead"] else ANY_CARD
        if self.options["fp.sevenBonus"]:
            self.card_bonus = {SEVEN_S: (1, "seven")}
        self._captures = {c: i for i, c in enumerate((AH, KC, QD, JS))}
        self._finish_setup()

    def capture_table(self, trump: int | None) -> Mapping[int, int]:
        return self._captures

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        stake = int(self.options["fp.stake"])
        return [(s, p, 1) for s in range(deal.n) for p in range(4)] + [
            (s, GAME, stake) for s in range(deal.n)]

    def least_stake(self, seat: int, dealer: int, balances: list[int],
                    prev_winner: int | None = None, fresh: bool = True) -> int:
        return 4 + int(self.options["fp.stake"])

    def pool_faces(self, turnup: int | None) -> tuple[PoolFace, ...]:
        pay = tuple(PoolFace(SUIT_SYMBOLS[suit_of(c)] + RANK_CODES[rank_of(c)], c)
                    for c in self._captures)
        return (*pay, PoolFace("Game"))


DESCRIPTOR = GameDescriptor(
    name="five-pools", title="Five Pools", rules=FivePools, order=900,
    entries=(Entry("Five Pools (a test's own game)"),), option_prefixes=("fp.",),
    options=(OptionSpec("fp.stake", "int", 2, minimum=0),
             OptionSpec("fp.lowestLead", "bool", True),
             OptionSpec("fp.sevenBonus", "bool", False)),
    help={"fp.stake": "What each player puts in the Game pool.",
          "fp.lowestLead": "Leads are the lowest card of a suit.",
          "fp.sevenBonus": "The 7♠ earns 1 counter from each other player."})

CONFIGS = [{}, {"fp.lowestLead": False, "fp.sevenBonus": True, "fp.stake": 3}]


@pytest.fixture(autouse=True, scope="module")
def five_pools_registered() -> Iterator[None]:
    register(DESCRIPTOR)
    register_player(DESCRIPTOR.name, NewmarketAgent)  # the Newmarket player plays it
    yield
    unregister(DESCRIPTOR.name)


# ---- the option table and the registry ------------------------------------------------------

def test_the_option_table_reads_its_rows() -> None:
    assert descriptor("five-pools") is DESCRIPTOR
    opts = defaults("five-pools")
    assert {k: v for k, v in opts.items() if k.startswith("fp.")} == {
        "fp.stake": 2, "fp.lowestLead": True, "fp.sevenBonus": False}
    assert "stop.autoPlayForced" in opts and "nm.stake" not in opts
    assert [s.key for s in house_rules("five-pools") if s.key.startswith("fp.")] == [
        "fp.stake", "fp.lowestLead", "fp.sevenBonus"]
    assert HELP["fp.sevenBonus"] == "The 7♠ earns 1 counter from each other player."
    with pytest.raises(OptionError, match="nm.stake is not an option of five-pools"):
        resolve_options("five-pools", {"nm.stake": 4})
    with pytest.raises(OptionError, match="fp.stake is not an option of newmarket"):
        resolve_options("newmarket", {"fp.stake": 4})


def test_a_record_cannot_hold_it() -> None:
    with pytest.raises(RecordError, match="game: unknown game 'five-pools'"):
        parse_record({"format": "parlour-record", "version": 1, "game": "five-pools",
                      "players": ["A", "B", "C"], "deals": [{"dealer": 0, "seed": 1}]})


# ---- the engine -------------------------------------------------------------------------------

def test_the_fifth_pool_goes_to_the_player_who_goes_out() -> None:
    game = make_game("five-pools", {"fp.stake": 3})
    session = Session(game, ["A", "B", "C"], 0)
    session.start_deal_seeded(11)
    deal = session.deal
    assert deal.pools == [3, 3, 3, 3, 9]  # STOP-4: the stakes, before any card
    assert isinstance(deal.decision(), PlayChoice)  # no staking decision: all automatic
    rng = random.Random(2)
    while session.deal_in_progress:
        session.apply(random_action(session.decision(), rng))
    winner = deal.winner
    settlement = deal.settlement()
    assert settlement is not None and deal.pools[GAME] == 0
    left = sum(deal.hands[s].bit_count() for s in range(3) if s != winner)
    taken = sum(e.amount for e in settlement.events if getattr(e, "pool", None) == GAME)
    assert taken == 9 and settlement.deltas[winner] >= 9 + left - 7


def test_declared_bonus_and_any_card_leads() -> None:
    game = make_game("five-pools", {"fp.lowestLead": False, "fp.sevenBonus": True})
    deal = StopsDeal.from_position(game, [hand("7S 10S AH"), hand("8S 5D"), hand("2S 4D")],
                                   pools=[1, 0, 0, 0, 5])
    assert {a.card for a in deal.legal_actions()} == set(cards("7S 10S AH"))  # any card
    deal.apply(Play(0, SEVEN_S))  # the 7♠ earns 1 from each other player; B plays the 8♠
    assert deal.balances == [2, -1, -1] and deal.top == SEVEN_S and deal.current == 1
    deal.apply(Play(1, card(7, SPADES)))  # the 9♠ is gone: a stop, B leads
    assert deal.current == 1 and deal.top is None and deal.pools == [1, 0, 0, 0, 5]


@pytest.mark.parametrize("check", ALL_CHECKS, ids=lambda f: f.__name__.removeprefix("check_"))
@pytest.mark.parametrize("options", CONFIGS, ids=["defaults", "changed"])
def test_state_api(check: Any, options: dict[str, Any]) -> None:
    check("five-pools", options, 3)


def test_the_descriptor_shows_five_pools() -> None:
    game = make_game("five-pools")
    faces = DESCRIPTOR.pool_faces(game, None)
    assert [f.label for f in faces] == ["♥A", "♣K", "♦Q", "♠J", "Game"]
    assert [f.card for f in faces] == [AH, KC, QD, JS, None]


# ---- the search ---------------------------------------------------------------------------------

@pytest.mark.parametrize("options", CONFIGS, ids=["defaults", "changed"])
def test_fast_path_agrees_with_the_engine(options: dict[str, Any]) -> None:
    game = make_game("five-pools", options)
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        session = Session(game, [f"p{i}" for i in range(3 + seed % 4)], 0)
        session.start_deal_seeded(seed)
        deal = session.deal
        for _ in range(rng.randrange(20)):
            if deal.over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        while not deal.over and len(deal.legal_actions()) == 1:
            deal.apply(deal.legal_actions()[0])
        if deal.over:
            continue
        fast = FastStops.from_deal(deal)
        start = list(deal.balances)
        while not deal.over:
            assert sorted(fast.acts) == sorted(a.card for a in deal.legal_actions())
            code = rng.choice(fast.acts)
            fast.apply(code)
            deal.apply(Play(deal.current, code & ~SPIN_FLAG))
            while not deal.over and len(deal.legal_actions()) == 1:
                deal.apply(deal.legal_actions()[0])
        assert fast.over and fast.pools == deal.pools and fast.pools[GAME] == 0
        assert fast.deltas == [b - a for a, b in zip(start, deal.balances, strict=True)]
        checked += 1
    assert checked > 10


def test_search_and_every_level_play_it() -> None:
    game = make_game("five-pools", {"fp.sevenBonus": True})
    assert type(agent_for(game)).__name__ == "NewmarketAgent"
    session = Session(game, ["a", "b", "c", "d"], 0)
    session.start_deal_seeded(5)
    deal = session.deal
    rng = random.Random(0)
    agents = [agent_for_level(game, level, iterations=30, workers=1)
              for level in ("hard", "easy", "normal", "hard")]
    searched = 0
    while session.deal_in_progress:
        d = session.decision()
        obs = deal.observation(d.seat)
        if isinstance(agents[d.seat], HardAgent) and len(d.actions) > 1:
            worlds = worlds_for(game, obs)
            hands, stock = worlds.sample(rng)
            assert worlds.world_deal(hands, stock).observation(d.seat) == obs  # GEN-9
            visits, done = search(game, obs, iterations=40, seed=1)
            assert done == 40 and set(visits) <= {a.card for a in d.actions}
            searched += 1
        action = agents[d.seat].choose(game, obs, rng)
        assert action in d.actions
        session.apply(action)
    assert searched > 0 and session.conserved_total() == 4 * 100


def test_the_arena_plays_it() -> None:
    cfg = ArenaConfig("five-pools", {}, 3, "hard", "normal", deals=1, seed=3, iterations=10)
    result = run(cfg, workers=1, progress=False)
    assert len(result["deals"]) == 1 and len(result["deals"][0]["tested"]["won"]) == 3


# ---- the table ------------------------------------------------------------------------------


def test_the_table_shows_and_plays_it(qtbot: Any) -> None:
    """New Game offers it, the presenter lays out five pools, and a whole deal is played at
    the table with the mouse, to its summary, with no other file knowing the game."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from gui import presenter
    from gui.mainwindow import MainWindow
    from gui.seats import SeatKind

    assert "Five Pools (a test's own game)" in [c.label for c in presenter.game_choices()]
    window = MainWindow(pace=0, seed=3)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    c, view = window.controller, window.view
    c.new_session("five-pools", seats=[SeatKind("You", True), SeatKind("Ben", False),
                                       SeatKind("Cat", False)])
    assert window.windowTitle() != "" and presenter.game_label(c.session.game) == \
        "Five Pools (a test's own game)"
    snap = presenter.table_snapshot(c.session, 0)
    assert [(p.label, p.card) for p in snap.pools] == [
        ("♥A", AH), ("♣K", KC), ("♦Q", QD), ("♠J", JS), ("Game", None)]
    qtbot.waitUntil(lambda: len(view.pool_items) == 5, timeout=10_000)
    assert view.pool_items[4].label == "Game"
    for _ in range(200):
        qtbot.waitUntil(lambda: c.state in ("human", "summary") and not view.busy
                        and not c._timer.isActive(), timeout=10_000)
        if c.state == "summary":
            break
        d = c.session.decision()
        if not isinstance(d, PlayChoice) or d.seat != 0:
            continue
        n = len(c.session.logs[-1].actions)
        item = view.cards[d.actions[0].card]
        point = view.mapFromScene(item.sceneBoundingRect().center())
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        qtbot.waitUntil(lambda n=n: len(c.session.logs[-1].actions) > n, timeout=10_000)
    assert c.state == "summary" and c.session.deal.over
    summary = c.dialog.summary
    assert [label for label, _ in summary.pools] == ["♥A", "♣K", "♦Q", "♠J", "Game"]
    assert sum(summary.balances) + sum(n for _, n in summary.pools) == 3 * 100
