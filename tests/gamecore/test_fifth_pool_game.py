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

import ast
import random
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from api_checks import ALL_CHECKS
from gamecore.actions import Play
from gamecore.agents import agent_for
from gamecore.agents.levels import HardAgent, agent_for_level
from gamecore.agents.newmarket import NewmarketAgent
from gamecore.arena import ArenaConfig, run
from gamecore.cards import (
    ACE,
    AH,
    DIAMONDS,
    FULL_PACK,
    HEARTS,
    JS,
    KC,
    QD,
    RANK_CODES,
    SPADES,
    SUIT_SYMBOLS,
    card,
    card_code,
    card_label,
    rank_of,
    suit_of,
)
from gamecore.decisions import PlayChoice
from gamecore.errors import OptionError, RecordError
from gamecore.events import LeadPassed
from gamecore.games import (
    Entry,
    GameDescriptor,
    descriptor,
    make_game,
    register,
    register_player,
    unregister,
)
from gamecore.interface import STOPS, PoolFace
from gamecore.match import Session
from gamecore.options import HELP, OptionSpec, defaults, house_rules, resolve_options
from gamecore.record import parse_record
from gamecore.search import SPIN_FLAG
from gamecore.search.determinize import worlds_for
from gamecore.search.fast_stops import FastStops
from gamecore.search.ismcts import search
from gamecore.stops.deal import StopsDeal
from gamecore.stops.game import (
    ANY_CARD,
    EXTRA_HAND,
    FIXED_STOCK,
    LOWEST_OF_SUIT,
    SPECIAL_SPINADO,
    StopsGame,
)
from gui.model import registryview, tablesnap
from helpers import cards, hand, legal_plays, position, random_action
from paths import ROOT

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
            (s, GAME, stake) for s in range(deal.n)
        ]

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        return 4 + int(self.options["fp.stake"])

    def pool_faces(self, turnup: int | None) -> tuple[PoolFace, ...]:
        pay = tuple(
            PoolFace(SUIT_SYMBOLS[suit_of(c)] + RANK_CODES[rank_of(c)], c) for c in self._captures
        )
        return (*pay, PoolFace("Game"))


DESCRIPTOR = GameDescriptor(
    name="five-pools",
    title="Five Pools",
    rules=FivePools,
    order=900,
    entries=(Entry("Five Pools (a test's own game)"),),
    option_prefixes=("fp.",),
    options=(
        OptionSpec("fp.stake", "int", 2, minimum=0),
        OptionSpec("fp.lowestLead", "bool", True),
        OptionSpec("fp.sevenBonus", "bool", False),
    ),
    help={
        "fp.stake": "What each player puts in the Game pool.",
        "fp.lowestLead": "Leads are the lowest card of a suit.",
        "fp.sevenBonus": "The 7♠ earns 1 counter from each other player.",
    },
)

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
        "fp.stake": 2,
        "fp.lowestLead": True,
        "fp.sevenBonus": False,
    }
    assert "stop.autoPlayForced" in opts and "nm.stake" not in opts
    assert [s.key for s in house_rules("five-pools") if s.key.startswith("fp.")] == [
        "fp.stake",
        "fp.lowestLead",
        "fp.sevenBonus",
    ]
    assert HELP["fp.sevenBonus"] == "The 7♠ earns 1 counter from each other player."
    with pytest.raises(OptionError, match="nm.stake is not an option of five-pools"):
        resolve_options("five-pools", {"nm.stake": 4})
    with pytest.raises(OptionError, match="fp.stake is not an option of newmarket"):
        resolve_options("newmarket", {"fp.stake": 4})


def test_a_record_cannot_hold_it() -> None:
    with pytest.raises(RecordError, match="game: unknown game 'five-pools'"):
        parse_record(
            {
                "format": "parlour-record",
                "version": 1,
                "game": "five-pools",
                "players": ["A", "B", "C"],
                "deals": [{"dealer": 0, "seed": 1}],
            }
        )


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
    deal = StopsDeal.from_position(
        game, [hand("7S 10S AH"), hand("8S 5D"), hand("2S 4D")], pools=[1, 0, 0, 0, 5]
    )
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
    agents = [
        agent_for_level(game, level, iterations=30, workers=1)
        for level in ("hard", "easy", "normal", "hard")
    ]
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
    """New Game offers it, the table snapshot lays out five pools, and a whole deal is played at
    the table with the mouse, to its summary, with no other file knowing the game."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from gui.model import registryview as model_registryview
    from gui.model.setup import Setup
    from gui.play.seats import SeatKind
    from gui.windows.mainwindow import MainWindow

    assert "Five Pools (a test's own game)" in [c.label for c in registryview.game_choices()]
    window = MainWindow(pace=0, seed=3)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    c, view = window.controller, window.view
    c.new_session(
        Setup(
            "five-pools",
            seats=[SeatKind("You", True), SeatKind("Ben", False), SeatKind("Cat", False)],
        )
    )
    assert (
        window.windowTitle() != ""
        and model_registryview.game_label(c.session.game) == "Five Pools (a test's own game)"
    )
    snap = tablesnap.table_snapshot(c.session, 0)
    assert [(p.label, p.card) for p in snap.pools] == [
        ("♥A", AH),
        ("♣K", KC),
        ("♦Q", QD),
        ("♠J", JS),
        ("Game", None),
    ]
    qtbot.waitUntil(lambda: len(view.pool_items) == 5, timeout=10_000)
    assert view.pool_items[4].label == "Game"
    for _ in range(200):
        qtbot.waitUntil(
            lambda: c.state in ("human", "summary") and not view.busy and not c._timer.isActive(),
            timeout=10_000,
        )
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


# ---- a special card of its own: the 9♦ (issue 22) ---------------------------------------------
#
# "Ninado", a second game that exists only in this file: Spinado's kind of special card, but the
# card is the 9♦ (and the 8♦ is out of the pack, so the 9♦ is never a continuation). Its holder
# may put it down with any card he plays, a lead or a continuation (SN-8's mechanism): the
# sequence stops there and every other player pays him ``ni.payment``; it is never led alone
# (SN-9) and its holder pays 2 per card left (SN-14). The ♦A is an ordinary card. One pool, the
# Game pool, 2 counters from every player; the Spinado deal with a widow (STOP-13). Declared
# only: no hook but the stakes, so the engine, the fast path, the players and every sentence
# at the table must take the card from the declaration.

NINE_D, EIGHT_D, ACE_D = card(8, DIAMONDS), card(7, DIAMONDS), card(ACE, DIAMONDS)


class Ninado(StopsGame):
    """Ninado (see the comment above): the 9♦ is its special card."""

    name = "ninado"
    pools = ("game",)
    min_players = 3
    max_players = 6
    deal_style = EXTRA_HAND
    game_pool = 0
    special_card = NINE_D
    special_kind = SPECIAL_SPINADO
    special_leads = False
    spin_name = "Ninado"
    double_pay_card = NINE_D

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.pack = FULL_PACK & ~(1 << EIGHT_D)
        self.spin_payment = int(self.options["ni.payment"])
        self._finish_setup()

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        return [(s, 0, 2) for s in range(deal.n)]

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        return 2


NINADO = GameDescriptor(
    name="ninado",
    title="Ninado",
    rules=Ninado,
    order=901,
    entries=(Entry("Ninado (a test's own game)"),),
    stock_name="Widow",
    option_prefixes=("ni.",),
    options=(OptionSpec("ni.payment", "int", 2, minimum=0),),
    help={"ni.payment": "What each other player pays for a Ninado."},
)


@pytest.fixture(scope="module")
def ninado() -> Iterator[None]:
    register(NINADO)  # no player of its own: the stops players pick one by its declarations
    yield
    unregister(NINADO.name)


def _code(a: Play) -> int:
    return a.card | (SPIN_FLAG if a.spin else 0)


def test_the_nine_is_declared_and_the_ace_is_ordinary(ninado: None) -> None:
    game = make_game("ninado")
    assert game.special_card == NINE_D and game.special_name() == "9♦"
    assert game.pack_size() == 51 and game.pack >> ACE_D & 1 and not game.pack >> EIGHT_D & 1
    deal = position(game, ["5S 9D AD", "6S 2H", "7S 3H"], to_act=0)
    # the 9♦ goes down with any card its holder leads, never alone (SN-8, SN-9)
    assert legal_plays(deal) == {"5S", "AD", "spin 5S", "spin AD"}
    assert "the 9♦ is never led alone" in deal.explain_illegal(Play(0, NINE_D))
    assert "never with itself" in deal.explain_illegal(Play(0, NINE_D, spin=True))
    events = deal.apply(Play(0, card(4, SPADES), spin=True))
    assert [type(e).__name__ for e in events] == ["Played", "Paid", "Paid", "Stopped"]
    assert [(e.payer, e.payee, e.amount, e.reason) for e in events[1:3]] == [
        (1, 0, 2, "Ninado"),
        (2, 0, 2, "Ninado"),
    ]
    assert deal.balances == [4, -2, -2] and deal.hands[0] == hand("AD")
    assert deal.played_by[NINE_D] == 0 and deal.current == 0 and deal.top is None
    # the ♦A is an ordinary card: led alone, it continues to the 2♦ and earns nothing
    assert legal_plays(deal) == {"AD"}
    deal.apply(Play(0, ACE_D))
    # B and C pay 1 for each of their two cards left (STOP-10)
    assert deal.over and deal.winner == 0 and deal.balances == [4 + 2 + 2, -2 - 2, -2 - 2]


def test_the_ace_is_not_special_and_the_nines_holder_pays_double(ninado: None) -> None:
    game = make_game("ninado", {"ni.payment": 3})
    # the ♦A leads alone and carries no other card; B cannot add an ace that is not his
    deal = position(game, ["AD 5C", "2D 9D 4H", "6S 7S"], to_act=0)
    assert legal_plays(deal) == {"AD", "5C"}
    deal.apply(Play(0, ACE_D))
    assert deal.current == 1 and legal_plays(deal) == {"2D", "spin 2D"}
    deal.apply(Play(1, card(1, DIAMONDS)))  # 2♦ plain: the 3♦ is out, a stop; B leads
    assert deal.current == 1 and legal_plays(deal) == {"4H", "spin 4H"}
    events = deal.apply(Play(1, card(3, HEARTS)))  # 4♥ plain, a stop again
    # B holds only the 9♦, never led alone: the lead passes to C (STOP-11)
    assert [(e.seat, e.to) for e in events if isinstance(e, LeadPassed)] == [(1, 2)]
    assert deal.current == 2 and legal_plays(deal) == {"6S", "7S"}
    deal.apply(Play(2, card(5, SPADES)))
    deal.apply(Play(2, card(6, SPADES)))
    assert deal.over and deal.winner == 2
    assert deal.balances == [-1, -2, 3]  # B holds the 9♦: 2 for his one card (SN-14)


@pytest.mark.parametrize("seed", range(2))
def test_fast_path_agrees_on_random_playouts(ninado: None, seed: int) -> None:
    game = make_game("ninado", {"ni.payment": 1 + seed})
    checked = spins = 0
    for k in range(40):
        rng = random.Random(1000 * seed + k)
        session = Session(game, [f"p{i}" for i in range(3 + k % 4)], k % 3)
        session.start_deal_seeded(rng.randrange(1 << 30))
        deal = session.deal
        for _ in range(rng.randrange(6)):
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
            assert sorted(fast.acts) == sorted(_code(a) for a in deal.legal_actions())
            code = rng.choice(fast.acts)
            spins += code >= SPIN_FLAG
            fast.apply(code)
            deal.apply(Play(deal.current, code & ~SPIN_FLAG, spin=code >= SPIN_FLAG))
            while not deal.over and len(deal.legal_actions()) == 1:
                deal.apply(deal.legal_actions()[0])
        assert fast.over and fast.pools == deal.pools
        assert fast.deltas == [b - a for a, b in zip(start, deal.balances, strict=True)]
        checked += 1
    assert checked > 20 and spins > 5


def _spins_of(session: Session) -> list[str]:
    return [a for log in session.logs for a in log.actions if " spin " in a]


def test_rule_based_and_hard_players_play_whole_sessions(ninado: None) -> None:
    game = make_game("ninado", {"gen.rounds": 2})
    assert type(agent_for(game)).__name__ == "SpinadoAgent"
    rng = random.Random(4)
    spins: list[str] = []
    for n, levels in ((3, ("normal", "normal", "normal")), (4, ("hard", "normal", "easy", "hard"))):
        session = Session(game, [f"p{i}" for i in range(n)], 0)
        agents = [agent_for_level(game, level, iterations=20, workers=1) for level in levels]
        while not session.complete:
            session.start_deal_seeded(rng.randrange(1 << 30))
            while session.deal_in_progress:
                d = session.decision()
                action = agents[d.seat].choose(game, session.deal.observation(d.seat), rng)
                assert action in d.actions
                session.apply(action)
        assert len(session.logs) == 2 * n and session.conserved_total() == n * 100
        spins += _spins_of(session)
        for log in session.logs:  # a Ninado only from a deal whose 9♦ was dealt to a hand
            assert NINE_D not in log.stock or not any(" spin " in a for a in log.actions)
    # the 9♦ went down with other cards, never with itself
    assert spins and all(not a.endswith(" 9D") for a in spins)


def test_the_words_name_the_nine_and_never_the_ace(ninado: None) -> None:
    """The table's log and calls, the hint and coach lines, the refusals, the review's
    sentences and the play check's words all take the special card from the declaration."""
    from gamecore.agents.playcheck import action_words
    from gamecore.explain import explain_events, scene_before
    from gamecore.review import review_deal, show_rule, shown_table
    from gui.model import advice, prompts, reviewtext, tablewords

    game = make_game("ninado")
    rng = random.Random(7)
    session = Session(game, ["You", "Ben", "Cat"], 0)
    texts: list[str] = []
    spoken: list[str] = []
    while len(session.logs) < 8 and not session.complete:
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            d = session.decision()
            texts += advice.coach_lines(session, d.seat)
            texts.append(prompts.lead_hint(session, d.seat))
            before = session.deal.clone()
            action = rng.choice(d.actions)
            texts.append(advice.action_words(action, game))
            texts.append(action_words(action, session.deal.observation(d.seat), game))
            events = session.apply(action)
            spin = tablewords.spin_call(game)
            for e in events:
                texts += [
                    t
                    for t in (
                        tablewords.log_line(e, session.players, ["Game"], spin),
                        tablewords.announcement(e, session.players, ["Game"], spin),
                    )
                    if t
                ]
            spoken += explain_events(events, scene_before(before, session.players, events))
    texts += spoken
    call, effect = prompts.spin_question(game)
    texts += [call.call, call.card, effect]
    review = review_deal(session, 1)
    rule = show_rule(True, STOPS, 1, False, None, 0)
    for step in review.steps:
        st = reviewtext.review_step_text(
            review, shown_table(review, step.index, rule), list(review.players)
        )
        texts += [st.heading, st.turn, st.choices, st.taken, *st.why, *st.calls, *st.log]
    assert not [t for t in texts if "♦A" in t]
    with_nine = [t for t in texts if "with the 9♦" in t]
    assert with_nine and call.card == "9♦" and call.call == "Ninado"
    assert any("with the 9♦: Ninado!" in t for t in texts)  # the log line of a Ninado
    assert any("with the 9♦: Ninado! Every other player pays" in t for t in spoken)  # SN-8


def test_the_table_offers_the_nine_by_mouse(ninado: None, qtbot: Any) -> None:
    """At the table: a click on a card its holder may play with the 9♦ asks, naming the 9♦;
    the Ninado is made with the dialog's button and the log says so, naming the 9♦."""
    from PySide6.QtWidgets import QLabel, QPushButton

    from game_driver import actions, find_seed, open_game, reach, spin_offered
    from gui.windows.dialogs import SpinChoiceDialog
    from table_driver import click_button, click_card

    seed, expected = find_seed("ninado", 3, {}, lambda deal, d: spin_offered(deal, d) is not None)
    win = open_game(qtbot, "ninado", seed, players=3)
    c = win.controller
    d = reach(qtbot, win, lambda deal, d: spin_offered(deal, d) is not None, expected)
    card_ = spin_offered(c.session.deal, d)
    assert card_ is not None and c.session.deal.hands[0] >> NINE_D & 1
    click_card(win, win.view.cards[card_])
    dlg = c.dialog
    assert isinstance(dlg, SpinChoiceDialog) and dlg.isVisible()
    texts = [w.text() for w in dlg.findChildren(QLabel)] + [
        b.text() for b in dlg.findChildren(QPushButton)
    ]
    label = card_label(card_)
    assert f"Play {label} with the 9♦?" in texts and f"Play {label} + 9♦: Ninado!" in texts
    assert not [t for t in texts if "♦A" in t]
    click_button(qtbot, dlg, dlg.findChild(QPushButton, "spin"))
    assert actions(win)[len(expected)] == f"0 spin {card_code(card_)}"
    assert not c.session.deal.hands[0] >> NINE_D & 1
    assert any(
        line.startswith("You ") and line.endswith(f" {label} with the 9♦: Ninado!")
        for line in c.log
    ), c.log[-3:]


def _names_and_strings(path: Path) -> tuple[set[str], list[str]]:
    """The names a module reads and its string constants that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {
        a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
    }
    strings = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    ]
    return names, strings


def test_only_the_rules_of_its_games_name_the_diamond_ace() -> None:
    """Issue 22: ``AD`` is named in gamecore/ and gui/ only by gamecore/cards.py and the
    rules modules of the games that declare it (the special card of Spin and Spinado, the
    card that sweeps Matrimony's layout, MT-7), and no string there but in those modules
    says "♦A": everything else reads the declaration."""
    from gamecore.cards import AD
    from gamecore.games import descriptors

    root = ROOT
    owners = {
        Path(sys.modules[type(make_game(d.name)).__module__].__file__ or "").resolve()
        for d in descriptors()
        if AD
        in (
            getattr(make_game(d.name), "special_card", None),
            getattr(make_game(d.name), "sweep_card", None),
        )
    }
    assert {p.relative_to(root).as_posix() for p in owners} == {
        "gamecore/stops/spin.py",
        "gamecore/stops/spinado.py",
        "gamecore/matrimony/game.py",
    }
    allowed = owners | {(root / "gamecore" / "cards.py").resolve()}
    offenders = []
    for path in sorted([*root.glob("gamecore/**/*.py"), *root.glob("gui/**/*.py")]):
        if path.resolve() in allowed:
            continue
        names, strings = _names_and_strings(path)
        if "AD" in names:
            offenders.append(f"{path.relative_to(root)} names AD")
        offenders += [f"{path.relative_to(root)} says {s!r}" for s in strings if "♦A" in s]
    assert offenders == []


def test_a_game_the_format_does_not_list_plays_at_the_table_unsaved(qtbot: Any, tmp_path) -> None:
    """A game no record may hold still plays at a table that autosaves: it is said once not
    to be saved, no autosave is written, and Save As says why in a message (it once fell
    back to Newmarket, as the autosave refused the game)."""
    from gamecore.match import Session as _Session
    from gui.model.setup import Setup
    from gui.play.seats import SeatKind
    from gui.store import persistence
    from table_driver import window_with_autosave

    window = window_with_autosave(qtbot, tmp_path)
    c = window.controller
    c.new_session(
        Setup(
            "five-pools",
            {},
            [SeatKind("You", True), SeatKind("Ben", False), SeatKind("Cat", False)],
        )
    )
    assert isinstance(c.session, _Session) and c.session.game.name == "five-pools"
    said = [t for t in window.notices.texts() if "is not saved" in t]
    assert said == [
        "This game of Five Pools (a test's own game) is not saved: the deal-record format "
        "does not list it yet. You can play, but it is not kept."
    ]
    c.keeper.autosave()  # again: said once only
    assert [t for t in window.notices.texts() if "is not saved" in t] == said
    assert c.keeper.flush_autosave()
    assert not (tmp_path / persistence.AUTOSAVE).exists()
    assert window.save_file(tmp_path / "five") is False
    assert window.message is not None and window.message.windowTitle() == "The game was not saved"
    assert "game: 'five-pools' is not a game of the record format" in window.message.text()
    assert not (tmp_path / "five.parlour.json").exists()
