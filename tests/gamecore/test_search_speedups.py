"""The search's shortcuts change no result: each gives, on positions of every game, exactly
what the plain computation it replaced gives (so Hard's decisions stay the same to the
bit), and Hard's search is reproducible with them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamecore.bench import positions
from gamecore.games import descriptor
from gamecore.search.determinize import _Sampler, fast_state_for, worlds_for
from gamecore.search.endgame import NOT_POSITION, position_key
from gamecore.search.inference import WeightedWorlds, evidence_for, model_for
from helpers import config_id, game_configs

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    c for c in game_configs() if descriptor(c[0]).family != "chance"
]


def reflected_key(st: Any) -> tuple[Any, ...]:
    """The endings' table key as it was built before: every slot but
    :data:`NOT_POSITION`, by reflection, lists as tuples."""
    out = []
    for f in type(st).__slots__:
        if f not in NOT_POSITION:
            v = getattr(st, f)
            out.append(tuple(v) if isinstance(v, list) else v)
    return tuple(out)


def decisions(name: str, options: dict[str, Any], count: int) -> list[tuple[Any, Any]]:
    n = descriptor(name).default_players
    found = positions(name, options, n, count, 23, fraction=0.6, choice=True)
    return [(game, deal.observation(deal.decision().seat)) for game, deal in found]


def plain_greedy(sampler: _Sampler, rng: random.Random) -> list[int] | None:
    """The constrained cards' placement as first written (one pass for the owners with
    room, one to draw among them)."""
    caps = sampler.caps[:]
    owned = [0] * sampler.k
    for c in sampler.tight:
        a = sampler.allowed[c]
        total, choices = 0, []
        for o in range(sampler.k):
            if a >> o & 1 and caps[o]:
                total += caps[o]
                choices.append(o)
        if not total:
            return None
        r = rng.random() * total
        for o in choices:
            r -= caps[o]
            if r < 0:
                break
        caps[o] -= 1
        owned[o] |= 1 << c
    free = sampler.free[:]
    rng.shuffle(free)
    i = 0
    for o in range(sampler.k):
        for c in free[i : i + caps[o]]:
            owned[o] |= 1 << c
        i += caps[o]
    return owned


@pytest.mark.parametrize("name,options", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_position_key_is_the_reflected_key(name: str, options: dict[str, Any]) -> None:
    n = descriptor(name).default_players
    seen = 0
    for _, deal in positions(name, options, n, 3, 5, fraction=0.3):
        st = fast_state_for(deal)
        rng = random.Random(seen)
        while not st.over:
            assert position_key(st) == reflected_key(st)
            st.apply(st.acts[rng.randrange(len(st.acts))])
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("name,options", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_sampler_places_cards_as_before(name: str, options: dict[str, Any]) -> None:
    for game, obs in decisions(name, options, 2):
        sampler = worlds_for(game, obs).sampler
        assert sampler.tight, "the positions have constrained cards"
        for seed in range(40):
            a, b = random.Random(seed), random.Random(seed)
            assert sampler._greedy(a) == plain_greedy(sampler, b)
            assert a.random() == b.random()  # the same draws were used


@pytest.mark.parametrize("name,options", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_weighted_worlds_shortcuts_give_the_same_numbers(
    name: str, options: dict[str, Any]
) -> None:
    """The likelihood worked out once per (seat, hand) equals the plain sum over seats,
    and a copy of a candidate's state built once equals a fresh build."""
    for game, obs in decisions(name, options, 2):
        base = worlds_for(game, obs)
        ev = evidence_for(game, obs)
        if not len(ev):
            continue
        model = model_for(game)
        rng = random.Random(3)
        worlds = [base.sample(rng) for _ in range(60)]
        for hands, _ in worlds + worlds:
            plain = model.combine([ev.seat_log_likelihood(s, hands[s], model) for s in ev.seats])
            assert ev.log_likelihood(hands, model) == plain
        ww = WeightedWorlds(base, ev, model, candidates=30)
        ww.build(random.Random(4))
        for seed in range(90):
            st = ww.fast_state(random.Random(seed))
            hands, rest = ww.sample(random.Random(seed))
            fresh = base.fast_from(list(hands), rest)
            assert reflected_key(st) == reflected_key(fresh)
            assert (st.deltas, st.acts) == (fresh.deltas, fresh.acts)


@pytest.mark.parametrize("name,options", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_world_from_the_template_is_the_rebuilt_deal(name: str, options: dict[str, Any]) -> None:
    """A world dealt into the decision's template (derived from the observation once) is
    the state rebuilt from that world's whole engine deal, field for field."""
    for game, obs in decisions(name, options, 3):
        worlds = worlds_for(game, obs)
        rng = random.Random(8)
        for _ in range(10):
            hands, rest = worlds.sample(rng)
            direct = worlds.fast_from(hands, rest)
            rebuilt = fast_state_for(worlds.world_deal(hands, rest))
            assert reflected_key(direct) == reflected_key(rebuilt)
            assert (direct.deltas, direct.acts) == (rebuilt.deltas, rebuilt.acts)
