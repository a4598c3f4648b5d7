"""Property tests of the stops engine over every stops game and profile (Newmarket, Spin,
Spinado, Pope Joan F / M / C): random legal play over many seeds, player counts and options.
After every action: counters are conserved (GEN-5), every card is in exactly one place
(STOP-3; the stock holds any turn-up), the seat to act has a non-empty legal set until the
deal ends, and every deal ends with a winner."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.actions import Play
from gamecore.cards import parse_card
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from helpers import random_action

DEALS_PLAYED = {"count": 0}

GEN_OPTIONS = {
    "gen.rounds": st.integers(1, 2),
    "gen.allowDebt": st.booleans(),
    "gen.startCounters": st.integers(0, 60),
    "gen.endPools": st.sampled_from(["split", "carryToNextSession"]),
}
NM_OPTIONS = {
    "nm.mustChangeSuit": st.booleans(),
    "nm.removeEightOfDiamonds": st.booleans(),
    "nm.maxStake": st.integers(4, 12),
}
SUITS = st.text("SHDC", min_size=4, max_size=4)

#: profile id → (game name, fixed options, strategy of the optional options)
PROFILES = {
    "newmarket": ("newmarket", {}, {**GEN_OPTIONS, **NM_OPTIONS,
                                    "nm.aceHigh": st.booleans()}),
    "spin": ("spin", {}, {
        **GEN_OPTIONS, **NM_OPTIONS,
        "sp.diamondAceOrdinary": st.booleans(),
        "sp.mustChangeSuit": st.booleans(),
        "sp.leftWithSpinPenalty": st.booleans(),
        "sp.spinPayment": st.integers(0, 5),
    }),
    "spinado": ("spinado", {}, {
        **GEN_OPTIONS,
        "sn.spinadoPayment": st.integers(0, 5),
        "sn.allowSpinadoAlone": st.booleans(),
        "sn.intrigue": st.sampled_from(["QJ", "KJ"]),
    }),
    "pope-joan-F": ("pope-joan", {"pj.profile": "F"}, {
        **GEN_OPTIONS,
        "pj.pope": st.sampled_from(["7D", "9D"]),
        "pj.honourSuits": SUITS,
        "pj.removeEightOfDiamonds": st.booleans(),
        "pj.doubling": st.booleans(),
        "pj.dealerMayViewStock": st.booleans(),
    }),
    "pope-joan-M": ("pope-joan", {"pj.profile": "M"}, {
        **GEN_OPTIONS,
        "pj.pope": st.sampled_from(["7D", "9D"]),
        "pj.removeEightOfDiamonds": st.booleans(),
        "pj.doubling": st.booleans(),
        "pj.m.doubleCombos": st.booleans(),
        "pj.m.dealerStake": st.integers(1, 8),
        "pj.m.turnUpAwards": st.sampled_from(["none", "classic"]),
    }),
    "pope-joan-C": ("pope-joan", {"pj.profile": "C"}, {
        **GEN_OPTIONS,
        "pj.c.popeExcuses": st.booleans(),
        "pj.c.parlettLead": st.booleans(),
        "pj.c.popeTurnUp": st.sampled_from(["popeGameAndEnd", "popeOnly"]),
    }),
}
NINE_D = parse_card("9D")


def _check_deal(session: Session) -> None:
    deal = session.deal
    assert deal is not None
    total = 0
    for h in deal.hands:
        assert not total & h
        total |= h
    assert not total & deal.stock and not total & deal.played and not deal.stock & deal.played
    assert total | deal.stock | deal.played == deal.game.pack
    if deal.game.turns_trump:
        assert deal.turnup is not None and deal.stock >> deal.turnup & 1
    else:
        assert deal.turnup is None


def _ended_without_play(deal) -> bool:
    """PJ-C-5: a turned Pope (popeGameAndEnd) ends the deal before any card is played."""
    return (deal.game.options.get("pj.profile") == "C" and deal.turnup == NINE_D
            and deal.game.options["pj.c.popeTurnUp"] == "popeGameAndEnd")


@pytest.mark.parametrize("profile", list(PROFILES))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_sessions_conserve_counters_and_always_end(profile, data, seed):
    name, fixed, optional = PROFILES[profile]
    options = {**fixed, **data.draw(st.fixed_dictionaries({}, optional=optional),
                                     label="options")}
    game = make_game(name, options)
    n = data.draw(st.integers(game.min_players, game.max_players), label="players")
    rng = random.Random(seed)
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=rng.randrange(n))
    start_total = session.conserved_total()
    while not session.complete:
        pools_before = sum(session.pools)
        session.start_deal_seeded(rng.randrange(1 << 30))
        _check_deal(session)
        deal = session.deal
        stock = deal.stock
        steps = 0
        while session.deal_in_progress:
            d = session.decision()
            assert d is not None
            if isinstance(d, PlayChoice):
                assert d.actions  # never an empty legal set
                for a in d.actions:
                    assert isinstance(a, Play) and a.seat == d.seat
                    assert deal.explain_illegal(a) is None
            session.apply(random_action(d, rng))
            assert session.conserved_total() == start_total
            _check_deal(session)
            assert deal.stock == stock  # STOP-12: the stock is dead
            steps += 1
            assert steps <= 52 + n + 1  # one action per card at most, plus staking
        assert session.conserved_total() == start_total
        assert deal.winner is not None
        if _ended_without_play(deal):
            assert deal.winner == deal.dealer and not deal.history
        else:
            assert deal.hands[deal.winner] == 0
        settlement = deal.settlement()
        assert settlement is not None and settlement.winner == deal.winner
        assert sum(settlement.deltas) + sum(session.pools) - pools_before == 0
        DEALS_PLAYED["count"] += 1
    balances, pools = session.final_accounts()
    assert sum(balances) + sum(pools) == start_total
    if options.get("gen.endPools", "split") == "split":
        assert not any(pools)


@pytest.mark.parametrize("profile", list(PROFILES))
@settings(max_examples=25, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_clone_is_independent_and_replays_identically(profile, data, seed):
    name, fixed, _ = PROFILES[profile]
    game = make_game(name, fixed)
    n = data.draw(st.integers(game.min_players, game.max_players), label="players")
    rng = random.Random(seed)
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=0)
    session.start_deal_seeded(seed)
    deal = session.deal
    copy = deal.clone()
    phase = deal.phase
    trail = []
    while not deal.over:
        action = random_action(deal.decision(), rng)
        trail.append(action)
        deal.apply(action)
    assert copy.phase == phase and (copy.over or not trail or copy.hands != deal.hands)
    for action in trail:
        copy.apply(action)
    assert (copy.balances, copy.pools, copy.winner, copy.hands) == (
        deal.balances, deal.pools, deal.winner, deal.hands)
