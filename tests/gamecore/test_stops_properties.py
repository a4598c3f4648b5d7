"""Property tests of the stops engine over every registered stops game and profile (Newmarket,
Spin, Spinado, Pope Joan F / M / C, Commit): random legal play over many seeds, player counts and
every option the game takes (strategies built from the option table).
After every action: counters are conserved (GEN-5), every card is in exactly one place
(STOP-3; the stock holds any turn-up), the seat to act has a non-empty legal set until the
deal ends, and every deal ends with a winner."""

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.actions import Pass, Play, Widow
from gamecore.decisions import PlayChoice
from gamecore.errors import OptionError
from gamecore.games import STOPS, make_game
from gamecore.match import Session
from gamecore.options import OptionSpec, resolve_options, specs
from gamecore.stops.widow import BEFORE_LEAD
from helpers import entry_key, random_action, registry_entries

DEALS_PLAYED = {"count": 0}

#: The general options varied, in ranges that keep a session short.
GEN_OPTIONS = {
    "gen.rounds": st.integers(1, 2),
    "gen.allowDebt": st.booleans(),
    "gen.startCounters": st.integers(0, 60),
    "gen.endPools": st.sampled_from(["split", "carryToNextSession"]),
}


def _strategy(spec: OptionSpec) -> st.SearchStrategy[Any] | None:
    """Values of one option row (:mod:`gamecore.options` kinds), or ``None`` to leave it."""
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "choice":
        return st.sampled_from(spec.choices)
    if spec.kind == "int":
        return st.integers(spec.minimum, spec.minimum + 8)
    if spec.kind == "int?":
        return st.none() | st.integers(spec.minimum, spec.minimum + 12)
    if spec.kind == "suits":
        return st.text("SHDC", min_size=4, max_size=4)
    return None  # reserved keys: false only


def _profiles() -> dict[str, tuple[str, dict[str, Any], dict[str, Any]]]:
    """Entry key → (game name, its preset options, strategies of every other option it
    takes): every registered stops game and profile, from the option table."""
    out = {}
    for d, e in registry_entries(STOPS):
        fixed = d.entry_options(e)
        optional: dict[str, Any] = dict(GEN_OPTIONS)
        for key, spec in specs().items():
            if key.startswith(d.option_prefixes) and key not in fixed and key not in d.fixed:
                strategy = _strategy(spec)
                if strategy is not None:
                    optional[key] = strategy
        out[entry_key(d, e)] = (d.name, fixed, optional)
    return out


#: entry key → (game name, fixed options, strategy of the optional options)
PROFILES = _profiles()


def _valid(name: str, options: dict[str, Any]) -> bool:
    try:
        resolve_options(name, options)
    except OptionError:
        return False
    return True


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
    """A turn-up award may end the deal before any card is played (PJ-C-5: a turned Pope
    with ``popeGameAndEnd``); a deal that saw play ended with a player out (STOP-9)."""
    return not deal.history


@pytest.mark.parametrize("profile", list(PROFILES))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_sessions_conserve_counters_and_always_end(profile, data, seed):
    name, fixed, optional = PROFILES[profile]
    options = {
        **fixed,
        **data.draw(
            st.fixed_dictionaries({}, optional=optional).filter(
                lambda o: _valid(name, {**fixed, **o})
            ),
            label="options",
        ),
    }
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
                    assert isinstance(a, Play | Pass | Widow) and a.seat == d.seat
                    assert deal.explain_illegal(a) is None
            widow_phase = deal.phase == BEFORE_LEAD  # MI-7, MI-8: the widow and the auction
            taken = deal.widow_to
            session.apply(random_action(d, rng))
            assert session.conserved_total() == start_total
            _check_deal(session)
            if deal.widow_to != taken:  # the widow's taker laid his hand down as the dead hand
                assert widow_phase and deal.hands[deal.widow_to] == stock
                stock = deal.stock
            assert deal.stock == stock  # STOP-12: the stock is dead
            steps += not widow_phase
            # one action per card at most, plus staking, plus one pass per card (CM-10)
            assert steps <= 52 * (2 if game.has_pass else 1) + n + 1
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
        deal.balances,
        deal.pools,
        deal.winner,
        deal.hands,
    )
