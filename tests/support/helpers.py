"""Helpers for engine tests: readable cards and quick sessions."""

from __future__ import annotations

import random
from typing import Any

from gamecore.actions import Action, Bid, NameStake, Pass, Play, Split
from gamecore.cards import card_code, mask_of, parse_card
from gamecore.decisions import BidChoice, PlayChoice, SplitChoice, StakeChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.stops.deal import StopsDeal


def cards(text: str) -> list[int]:
    """``"3S 7S 9H"`` → card ints."""
    return [parse_card(t) for t in text.split()]


def hand(text: str) -> int:
    """``"3S 7S 9H"`` → card set (int mask)."""
    return mask_of(cards(text))


def nm(**options: Any) -> Any:
    """Newmarket rules with options given as keyword arguments (``nm_aceHigh=True``)."""
    return make_game("newmarket", {k.replace("_", "."): v for k, v in options.items()})


def position(game: Any, hands: list[str], **kw: Any) -> StopsDeal:
    """A Newmarket deal in play from readable hands."""
    for key in ("stock", "played"):
        if isinstance(kw.get(key), str):
            kw[key] = hand(kw[key])
    if isinstance(kw.get("top"), str):
        kw["top"] = parse_card(kw["top"])
    return StopsDeal.from_position(game, [hand(h) for h in hands], **kw)


def random_action(decision: Any, rng: random.Random) -> Action:
    """A uniformly chosen legal action for ``decision`` (stakes and splits too)."""
    if isinstance(decision, PlayChoice):
        return rng.choice(decision.actions)
    if isinstance(decision, StakeChoice):
        high = decision.high if decision.high is not None else decision.low + 12
        return NameStake(decision.seat, rng.randint(decision.low, high))
    if isinstance(decision, BidChoice):  # MI-8: a bid within its bounds, or a pass
        if not decision.can_bid or rng.random() < 0.5:
            return Pass(decision.seat)
        high = decision.high if decision.high is not None else decision.low + 6
        return Bid(decision.seat, rng.randint(decision.low, high))
    assert isinstance(decision, SplitChoice)
    amounts = [0] * len(decision.pools)
    for _ in range(decision.total):
        if decision.closed and len(decision.closed) == len(amounts):
            break
        pool = rng.randrange(len(amounts))
        while pool in decision.closed:
            pool = rng.randrange(len(amounts))
        amounts[pool] += 1
    return Split(decision.seat, tuple(amounts))


def play_session(session: Session, rng: random.Random, max_deals: int | None = None) -> int:
    """Play deals with random legal actions until the session is complete (or
    ``max_deals``); returns the number of deals played."""
    played = 0
    while not session.complete and (max_deals is None or played < max_deals):
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))
        played += 1
    return played


def play_first_choices(session: Session) -> None:
    """Play the deal in progress to its end: the first action of each card decision, the
    default of every other (the proposed stake, the split)."""
    while session.deal_in_progress:
        d = session.decision()
        session.apply(d.actions[0] if isinstance(d, PlayChoice) else d.default_action())


def swap_cards(hands: list[int], a: int, b: int, ca: int, cb: int) -> list[int]:
    """``hands`` (masks) with card ``ca`` of seat ``a`` and card ``cb`` of seat ``b``
    exchanged."""
    out = list(hands)
    out[a] = out[a] & ~(1 << ca) | 1 << cb
    out[b] = out[b] & ~(1 << cb) | 1 << ca
    return out


def play_checking_swaps(
    game: Any,
    deal: Any,
    agent_of: Any,
    pick: random.Random,
    *,
    checked: int = 0,
    stock_swaps: bool = False,
    seed: int = 0,
) -> int:
    """Play ``deal`` to its end, ``agent_of(seat)`` choosing. At every real choice, exchange
    a card between two opponents (and, with ``stock_swaps``, an opponent's card with a stock
    card): the seat's observation and its agent's decision, with the same rng seed, must not
    change (GEN-9: agents see only what their seat may know). Returns ``checked`` plus the
    number of positions checked."""
    from gamecore.cards import cards_in

    while not deal.over:
        d = deal.decision()
        assert d is not None
        seat, agent = d.seat, agent_of(d.seat)
        opponents = [s for s in range(deal.n) if s != seat and deal.hands[s]]
        if isinstance(d, PlayChoice) and len(opponents) >= 2:
            a, b = pick.sample(opponents, 2)
            ca = pick.choice(list(cards_in(deal.hands[a])))
            cb = pick.choice(list(cards_in(deal.hands[b])))
            other = deal.clone()
            other.hands = swap_cards(deal.hands, a, b, ca, cb)
            variants = [other]
            if stock_swaps and deal.stock:
                cs = pick.choice(list(cards_in(deal.stock)))
                third = deal.clone()
                third.hands = list(deal.hands)
                third.hands[a] = deal.hands[a] & ~(1 << ca) | 1 << cs
                third.stock = deal.stock & ~(1 << cs) | 1 << ca
                variants.append(third)
            obs = deal.observation(seat)
            for v in variants:
                v_obs = v.observation(seat)
                assert v_obs == obs
                assert agent.choose(game, obs, random.Random(checked)) == agent.choose(
                    game, v_obs, random.Random(checked)
                )
            checked += 1
        deal.apply(agent.choose(game, deal.observation(seat), random.Random(seed)))
    return checked


# ---- worked scenarios of the stops games (rules spec section 8) ----------------------


def scenario_deal(
    game: Any,
    hands: list[str],
    *,
    stock: str = "",
    played: str = "",
    rest: str = "played",
    **kw: Any,
) -> StopsDeal:
    """A deal in play. Every pack card not in ``hands``, ``stock`` or ``played`` goes to
    ``rest`` ("played" or "stock"); the four places are checked to partition the pack."""
    hs = [hand(h) for h in hands]
    st, pl = hand(stock), hand(played)
    held = 0
    for h in hs:
        assert not held & h
        held |= h
    assert not held & st and not held & pl and not st & pl
    assert (held | st | pl) & ~game.pack == 0
    free = game.pack & ~held & ~st & ~pl
    if rest == "stock":
        st |= free
    else:
        pl |= free
    for key in ("top", "turnup"):
        if isinstance(kw.get(key), str):
            kw[key] = parse_card(kw[key])
    if kw.get("turnup") is not None:
        assert st >> kw["turnup"] & 1, "the turn-up lies in the stock"
    kw.setdefault("balances", [0] * len(hs))
    deal = StopsDeal.from_position(game, hs, stock=st, played=pl, **kw)
    assert deal.played == pl and deal.stock == st
    return deal


def legal_plays(deal: StopsDeal) -> set[str]:
    """The legal actions as ``"5S"`` / ``"spin 5S"`` strings."""
    d = deal.decision()
    assert isinstance(d, PlayChoice)
    return {("spin " if a.spin else "") + card_code(a.card) for a in d.actions}


def trump_layout_going_out() -> tuple[StopsDeal, StopsDeal, list[Any]]:
    """Pope Joan's trump layout (PJ-11, PJ-24): seat 2 goes out with J♠ while seat 0 holds
    the K♠ and seat 1 the Q♠ and the Pope (7♦), spades trumps (5♠ turned up), pools
    6, 4, 5, 3, 2. Returns the deal before seat 2's last card, the deal over, and the
    events of the three cards played (9♠, 10♠, J♠)."""
    from gamecore.cards import parse_card as card_of
    from gamecore.games import make_game

    game = make_game("pope-joan", {"pj.profile": "M"})
    deal = scenario_deal(
        game,
        ["9S KS 4H", "QS 7D 6C", "10S JS"],
        stock="5S",
        turnup=card_of("5S"),
        dealer=2,
        to_act=0,
        pools=[6, 4, 5, 3, 2],
        rest="played",
    )
    events = [*play_card(deal, 0, "9S"), *play_card(deal, 2, "10S")]
    before = deal.clone()
    events += play_card(deal, 2, "JS")
    return before, deal, events


def play_card(deal: StopsDeal, seat: int, text: str, spin: bool = False) -> list[Any]:
    """Play ``text`` (with the ♦A when ``spin``), checking first that it is legal."""
    action = Play(seat, parse_card(text), spin)
    assert deal.explain_illegal(action) is None, deal.explain_illegal(action)
    return deal.apply(action)


# ---- the games to loop over: read from the registry (gamecore.games) -------------------


def entry_key(desc: Any, entry: Any) -> str:
    """A New Game entry's short name: the game's record name, with its profile in lower
    case when it has several ("pope-joan-m"); also the name of its conformance folder."""
    return desc.name if entry.profile is None else f"{desc.name}-{entry.profile.lower()}"


def registry_entries(family: str | None = None) -> list[tuple[Any, Any]]:
    """Every registered ``(descriptor, entry)``, in menu order (only ``family``'s, if
    given)."""
    from gamecore.games import entries

    return [(d, e) for d, e in entries() if family is None or d.family == family]


def played_entries() -> list[tuple[Any, Any]]:
    """Every registered ``(descriptor, entry)`` of a game with card play (the stops and
    trick games): the computer players' search and its fast paths have something to
    search only there; a game without play (Matrimony) has stakes alone (docs/games.md)."""
    from gamecore.games import STOPS, TRICKS

    return [(d, e) for d, e in registry_entries() if d.family in (STOPS, TRICKS)]


def _variants(desc: Any, entry: Any) -> list[dict[str, Any]]:
    """Option sets that exercise an entry's own house rules (the general ``gen.`` keys
    stay at their defaults): every bool flipped, every choice moved on by one (and by two
    where there are three or more), every int one above its default, suits rotated."""
    from gamecore.options import house_rules

    own = [
        s for s in house_rules(desc.name, entry.profile) if s.key.startswith(desc.option_prefixes)
    ]
    first: dict[str, Any] = {}
    second: dict[str, Any] = {}
    for s in own:
        if s.kind == "bool":
            first[s.key] = not s.default
        elif s.kind == "choice" or (s.kind == "text" and s.choices):  # named values (MI-3)
            i = s.choices.index(s.default)
            first[s.key] = s.choices[(i + 1) % len(s.choices)]
            if len(s.choices) > 2:
                second[s.key] = s.choices[(i + 2) % len(s.choices)]
        elif s.kind == "int":
            first[s.key] = s.default + 1
        elif s.kind == "suits":
            first[s.key] = s.default[1:] + s.default[0]
    return [v for v in (first, second) if v]


#: General options for a session where nobody may go into debt (GEN-5): a few deals end it.
NO_DEBT = {"gen.allowDebt": False, "gen.startCounters": 40}


def game_configs(
    family: str | None = None, variants: bool = True, no_debt: bool = False
) -> list[tuple[str, dict[str, Any]]]:
    """``(game name, options)`` for every registered New Game entry (only ``family``'s, if
    given): its preset options; with ``variants`` also option sets that change each of its
    house rules (:func:`_variants`); with ``no_debt`` also its preset with :data:`NO_DEBT`.
    Sets the game refuses are left out."""
    from gamecore.errors import OptionError
    from gamecore.options import resolve_options

    out: list[tuple[str, dict[str, Any]]] = []
    for d, e in registry_entries(family):
        base = d.entry_options(e)
        sets = [base] + ([{**base, **v} for v in _variants(d, e)] if variants else [])
        if no_debt:
            sets.append({**base, **NO_DEBT})
        for options in sets:
            try:
                resolve_options(d.name, options)
            except OptionError:
                continue
            if (d.name, options) not in out:
                out.append((d.name, options))
    return out


def played_configs() -> list[tuple[str, dict[str, Any]]]:
    """:func:`game_configs` of the games with card play only (see :func:`played_entries`):
    the search's tests, whose positions are card decisions."""
    from gamecore.games import STOPS, TRICKS

    return game_configs(STOPS) + game_configs(TRICKS)


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    """A test id for a ``(name, options)`` config: the name, then the options given."""
    name, options = config
    return name + "".join(f",{k}={v}" for k, v in sorted(options.items()))


def played_conformance_folders() -> tuple[str, ...]:
    """:func:`conformance_folders` of the games with card play (:func:`played_entries`):
    the tests of a deal drawn card by card as it is played."""
    return tuple(entry_key(d, e) for d, e in played_entries() if e.conformance)


def conformance_folders() -> tuple[str, ...]:
    """The conformance folders (``tests/data/conformance``): one per New Game entry that
    says it has a conformance set (:attr:`gamecore.games.Entry.conformance`)."""
    return tuple(entry_key(d, e) for d, e in registry_entries() if e.conformance)
