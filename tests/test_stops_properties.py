"""Property tests of the stops engine (Newmarket): random legal play over many seeds, player
counts and options. After every action: counters are conserved (GEN-5), every card is in
exactly one place (STOP-3), the seat to act has a non-empty legal set until the deal ends,
and every deal ends."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.actions import Play
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from helpers import random_action

DEALS_PLAYED = {"count": 0}

options_strategy = st.fixed_dictionaries(
    {},
    optional={
        "nm.aceHigh": st.booleans(),
        "nm.mustChangeSuit": st.booleans(),
        "nm.removeEightOfDiamonds": st.booleans(),
        "gen.rounds": st.integers(1, 2),
        "gen.allowDebt": st.booleans(),
        "gen.startCounters": st.integers(0, 60),
        "gen.endPools": st.sampled_from(["split", "carryToNextSession"]),
        "nm.maxStake": st.integers(4, 12),
    },
)


def _check_deal(session: Session) -> None:
    deal = session.deal
    assert deal is not None
    total = 0
    for h in deal.hands:
        assert not total & h
        total |= h
    assert not total & deal.stock and not total & deal.played and not deal.stock & deal.played
    assert total | deal.stock | deal.played == deal.game.pack


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 8), options=options_strategy, seed=st.integers(0, 2**32 - 1))
def test_random_sessions_conserve_counters_and_always_end(n, options, seed):
    game = make_game("newmarket", options)
    rng = random.Random(seed)
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=rng.randrange(n))
    start_total = session.conserved_total()
    while not session.complete:
        session.start_deal_seeded(rng.randrange(1 << 30))
        _check_deal(session)
        steps = 0
        while session.deal_in_progress:
            d = session.decision()
            assert d is not None
            if isinstance(d, PlayChoice):
                assert d.actions  # never an empty legal set
                for a in d.actions:
                    assert isinstance(a, Play) and a.seat == d.seat
                    assert session.deal.explain_illegal(a) is None
            session.apply(random_action(d, rng))
            assert session.conserved_total() == start_total
            _check_deal(session)
            steps += 1
            assert steps <= 52 + n + 1  # one action per card at most, plus staking
        assert session.deal.winner is not None
        assert session.deal.hands[session.deal.winner] == 0
        DEALS_PLAYED["count"] += 1
    balances, pools = session.final_accounts()
    assert sum(balances) + sum(pools) == start_total
    if options.get("gen.endPools", "split") == "split":
        assert not any(pools)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(3, 8), seed=st.integers(0, 2**32 - 1))
def test_clone_is_independent_and_replays_identically(n, seed):
    rng = random.Random(seed)
    session = Session(make_game("newmarket", {}), [f"P{i}" for i in range(n)], first_dealer=0)
    session.start_deal_seeded(seed)
    deal = session.deal
    copy = deal.clone()
    trail = []
    while not deal.over:
        action = random_action(deal.decision(), rng)
        trail.append(action)
        deal.apply(action)
    assert not copy.over and copy.phase == "staking"
    for action in trail:
        copy.apply(action)
    assert (copy.balances, copy.pools, copy.winner, copy.hands) == (
        deal.balances, deal.pools, deal.winner, deal.hands)
