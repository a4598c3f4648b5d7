"""Property tests of the Spoil Five engine: random legal play of whole sessions over many
seeds, 2–10 players and random ``sf.*`` / ``gen.*`` options, through
:meth:`Session.start_deal_seeded`.

Every check is made against this file's own reading of the rules spec, not engine code:
* after every action Σ balances + Σ pools is unchanged (GEN-5);
* the seat to act has a non-empty legal set until the deal ends;
* the offered cards are exactly the cards SF-24 … SF-27 allow (own predicate ``allowed``);
* robbing is offered only to the right seat at the right moment (SF-20 … SF-23);
* stakes (SF-6, SF-7), the deal's result and its payments (SF-8, SF-30 … SF-32), the end of
  the session (GEN-4, GEN-5 rule 1) and the leftover pools (GEN-6) follow an own referee;
* every deal ends within five tricks plus its robbing and jink decisions;
* the deal record round-trips: dumps_record → load_record → replay equals outcome(session),
  also for sessions stopped in the middle of a deal.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.actions import Claim, Decline, Jink, Play, Rob
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import dumps_record, load_record, outcome, replay

DEALS_PLAYED = {"count": 0, "actions": 0, "sessions": 0, "records": 0}

AH = 13  # ace of hearts: suit 1 (H) × 13 + rank 0 (A)

SF_OPTIONS = {
    "sf.staking": st.sampled_from(["foster", "dealerPaysAll"]),
    "sf.ante": st.integers(0, 3),
    "sf.dealerAdd": st.integers(0, 3),
    "sf.jinkBonus": st.integers(0, 3),
    "sf.dealerAddsOnFresh": st.booleans(),
    "sf.jinking": st.booleans(),
    "sf.robbing": st.sampled_from(["optional", "compulsory", "off"]),
    "sf.packets": st.sampled_from(["3-2", "2-3"]),
    "sf.playOutDeadTricks": st.booleans(),
}


@st.composite
def session_options(draw) -> dict:
    options = draw(st.fixed_dictionaries({}, optional=SF_OPTIONS), label="sf options")
    options["gen.rounds"] = draw(st.integers(1, 2), label="rounds")
    debt = draw(st.booleans(), label="allowDebt")
    options["gen.allowDebt"] = debt
    options["gen.startCounters"] = draw(
        st.integers(0, 6) if not debt else st.integers(0, 30), label="startCounters"
    )
    options["gen.endPools"] = draw(
        st.sampled_from(["split", "carryToNextSession"]), label="endPools"
    )
    return options


# ---- the rules, read independently --------------------------------------------------------


def is_trump(c: int, t: int) -> bool:
    """SF-11, SF-12: a trump is a card of the trump suit or the ace of hearts."""
    return c // 13 == t or c == AH


def allowed(hand: list[int], trick: list[int], t: int) -> set[int]:
    """The cards SF-24 … SF-27 allow from ``hand`` to ``trick`` (cards in play order)."""
    if not trick:
        return set(hand)  # SF-24
    led = trick[0]
    trumps = {c for c in hand if is_trump(c, t)}
    if not is_trump(led, t):  # SF-25: follow the led suit or trump; void: anything
        follow = {c for c in hand if not is_trump(c, t) and c // 13 == led // 13}
        return follow | trumps if follow else set(hand)
    if not trumps:  # SF-26: no trump, any card
        return set(hand)
    top = [t * 13 + 4, t * 13 + 10, AH]  # Five, Jack of trumps, then ♥A (SF-15)

    def may_renege_with(c: int) -> bool:  # SF-27: privileged and above the led card
        return c in top and (led not in top or top.index(c) < top.index(led))

    return set(hand) if all(may_renege_with(c) for c in trumps) else trumps


def stakes(options: dict, n: int, dealer: int, fresh: bool) -> list[int]:
    """SF-6 / SF-7: what each seat pays into the pool before a deal."""
    pay = [0] * n
    ante = options.get("sf.ante", 1)
    add = options.get("sf.dealerAdd", 1)
    if options.get("sf.staking", "foster") == "dealerPaysAll":
        pay[dealer] = n * ante
    elif fresh:
        pay = [ante] * n
        if options.get("sf.dealerAddsOnFresh", False):
            pay[dealer] += add
    else:
        pay[dealer] = add
    return pay


def referee(
    winners: list[int], n: int, ineligible: set[int], jinking: bool, choice: str | None
) -> tuple[int | None, int, bool, bool]:
    """SF-30 … SF-32 from the trick winners: returns (pool winner or None, the trick after
    which the deal is decided, jink offered, jink succeeded). ``choice`` is the answer
    given at a jink prompt ("claim" / "jink")."""
    won = [0] * n
    jinker = None
    offered = False
    for i, w in enumerate(winners, start=1):
        won[w] += 1
        if jinker is not None:
            if w != jinker:
                return None, i, offered, False
            if i == 5:
                return jinker, 5, offered, True
            continue
        if i == 3 and winners[:3] == [w] * 3 and w not in ineligible and jinking:
            offered = True
            if choice == "claim":
                return w, 3, True, False
            jinker = w
            continue
        for s in range(n):
            if s not in ineligible and won[s] >= 3:
                return s, i, offered, False
        if not any(won[s] + 5 - i >= 3 for s in range(n) if s not in ineligible):
            return None, i, offered, False
    return "undecided", len(winners), offered, False  # type: ignore[return-value]


# ---- one deal -------------------------------------------------------------------------------


def play_deal(
    session: Session,
    rng: random.Random,
    options: dict,
    fresh: bool,
    total: int,
    stop_after: int | None = None,
) -> bool:
    """Start and play one seeded deal with uniformly random legal actions, checking every
    step. Returns False if it stopped early (after ``stop_after`` actions)."""
    n = session.n
    dealer = session.next_dealer()
    before = list(session.balances)
    pool_before = session.pools[0]
    session.start_deal_seeded(rng.randrange(1 << 30))
    deal = session.deal
    assert deal.dealer == dealer
    pay = stakes(options, n, dealer, fresh)
    assert session.balances == [b - p for b, p in zip(before, pay, strict=True)]
    assert session.pools[0] == pool_before + sum(pay)
    assert session.conserved_total() == total
    pool_at_start = session.pools[0]
    after_stakes = list(session.balances)

    t = deal.turnup // 13
    ace = t * 13  # the ace of trumps
    dealt = [set(_cards(h)) for h in deal.hands]
    assert all(len(h) == 5 for h in dealt)
    robbing = options.get("sf.robbing", "optional")
    rob_done = robbing == "off" or (deal.turnup != ace and not any(ace in h for h in dealt))
    ineligible: set[int] = set()
    choice = None
    discard = None
    jink_prompts = 0
    steps = 0
    while not deal.over:
        if stop_after is not None and steps >= stop_after:
            return False
        d = session.decision()
        assert d is not None and d.actions  # never an empty legal set
        acts = list(d.actions)
        # Who should decide on robbing now (SF-21: the dealer before the first lead; SF-22:
        # the holder at his first turn in trick 1)?
        expected_robber = None
        if not rob_done:
            if deal.turnup == ace and not deal.history:
                expected_robber = dealer
            elif not deal.tricks:
                holder = next(s for s in range(n) if ace in dealt[s])
                if (deal.leader + len(deal.trick)) % n == holder:
                    expected_robber = holder
        if expected_robber is not None:
            assert d.seat == expected_robber
            assert set(acts) == {Rob(d.seat, c) for c in _cards(deal.hands[d.seat])} | {
                Decline(d.seat)
            }
        elif any(isinstance(a, Claim | Jink) for a in acts):
            assert set(acts) == {Claim(d.seat), Jink(d.seat)}
            assert len(deal.tricks) == 3 and not deal.trick
            assert all(tr.seat == d.seat for tr in deal.tricks)
            assert d.seat not in ineligible and options.get("sf.jinking", True)
            jink_prompts += 1
        else:
            assert all(isinstance(a, Play) and a.seat == d.seat for a in acts)
            assert d.seat == (deal.leader + len(deal.trick)) % n
            hand_cards = _cards(deal.hands[d.seat])
            assert {a.card for a in acts} == allowed(hand_cards, [c for _, c in deal.trick], t)
        action = acts[rng.randrange(len(acts))]
        session.apply(action)
        steps += 1
        if isinstance(action, Rob):
            rob_done, discard = True, action.card
            assert deal.hands[action.seat] >> deal.turnup & 1
        elif isinstance(action, Decline):
            rob_done = True
            if robbing == "compulsory":
                ineligible.add(action.seat)
        elif isinstance(action, Claim | Jink):
            choice = "claim" if isinstance(action, Claim) else "jink"
        assert session.conserved_total() == total
        assert sorted(s for s in range(n) if deal.ineligible[s]) == sorted(ineligible)
        assert len(deal.tricks) <= 5
        assert steps <= 5 * n + 2  # five tricks, one robbing and one jink decision at most

    # The result, from the trick winners alone.
    winners = [tr.seat for tr in deal.tricks]
    expected, decided_at, offered, jink_won = referee(
        winners[:5], n, ineligible, options.get("sf.jinking", True), choice
    )
    assert expected != "undecided", winners
    assert offered == (jink_prompts == 1)
    assert deal.winner == expected
    play_out = options.get("sf.playOutDeadTricks", False)
    assert len(deal.tricks) == (5 if play_out else decided_at)
    if discard is not None:  # the discard is in no trick and in no hand
        assert all(discard not in [c for _, c in tr.cards] for tr in deal.tricks)
        assert not any(h >> discard & 1 for h in deal.hands)
    bonus = options.get("sf.jinkBonus", 1) if jink_won else 0
    want = list(after_stakes)
    if expected is None:
        assert session.pools[0] == pool_at_start
    else:
        want[expected] += pool_at_start + bonus * (n - 1)
        for s in range(n):
            if s != expected:
                want[s] -= bonus
        assert session.pools[0] == 0
    assert session.balances == want
    settlement = deal.settlement()
    assert settlement is not None and settlement.winner == expected
    assert list(settlement.deltas) == [w - b for w, b in zip(want, before, strict=True)]
    DEALS_PLAYED["count"] += 1
    DEALS_PLAYED["actions"] += steps
    return True


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


# ---- whole sessions -------------------------------------------------------------------------


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=session_options(), n=st.integers(2, 10), seed=st.integers(0, 2**32 - 1))
def test_random_sessions_follow_the_rules(options, n, seed):
    game = make_game("spoil-five", options)
    rng = random.Random(seed)
    first = rng.randrange(n)
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=first)
    total = session.conserved_total()
    assert total == n * options["gen.startCounters"]
    fresh = True
    deals = 0
    while True:
        # GEN-4 / GEN-5 rule 1: the session ends after rounds × N deals, or before a deal
        # that some player cannot stake when debt is not allowed.
        dealer = (first + deals) % n
        pay = stakes(options, n, dealer, fresh)
        short = not options["gen.allowDebt"] and any(
            b < p for b, p in zip(session.balances, pay, strict=True)
        )
        expect_end = deals >= options["gen.rounds"] * n or short
        assert session.complete == expect_end
        if expect_end:
            break
        play_deal(session, rng, options, fresh, total)
        fresh = session.deal.winner is not None  # SF-6: a won pool starts afresh
        deals += 1
    # GEN-6: leftover pools.
    balances, pools = session.final_accounts()
    assert sum(balances) + sum(pools) == total
    if not session.logs:  # nobody could stake the first deal: nothing was dealt
        assert (
            (balances, pools)
            == (session.balances, session.pools)
            == ([options["gen.startCounters"]] * n, [0])
        )
    elif options["gen.endPools"] == "split":
        left = session.pools[0]
        share, rest = divmod(left, n)
        eldest = (session.logs[-1].dealer + 1) % n
        extra = [share + (1 if (s - eldest) % n < rest else 0) for s in range(n)]
        assert balances == [b + e for b, e in zip(session.balances, extra, strict=True)]
        assert pools == [0]
    else:
        assert balances == session.balances and pools == session.pools
    DEALS_PLAYED["sessions"] += 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=session_options(),
    n=st.integers(2, 10),
    seed=st.integers(0, 2**32 - 1),
    stop=st.one_of(st.none(), st.integers(0, 40)),
    deals_wanted=st.integers(1, 4),
)
def test_record_round_trip(options, n, seed, stop, deals_wanted):
    """dumps_record → load_record → replay gives outcome(session), for finished sessions and
    for sessions left in the middle of a deal (``stop`` actions into their last deal)."""
    game = make_game("spoil-five", options)
    rng = random.Random(seed)
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=rng.randrange(n))
    total = session.conserved_total()
    fresh = True
    played = 0
    while not session.complete and played < deals_wanted:
        last = played == deals_wanted - 1
        if not play_deal(session, rng, options, fresh, total, stop_after=stop if last else None):
            break
        fresh = session.deal.winner is not None
        played += 1
    if not session.logs:
        return  # the first deal could not be staked (GEN-5 rule 1): nothing to record
    text = dumps_record(session)
    assert replay(load_record(text)) == outcome(session)
    DEALS_PLAYED["records"] += 1


def test_report_deals_played():
    """Not a rule: shows how many random deals the property tests played (run with -s)."""
    print(
        f"\nSpoil Five property tests: {DEALS_PLAYED['sessions']} whole sessions and "
        f"{DEALS_PLAYED['records']} record round trips; {DEALS_PLAYED['count']} random "
        f"deals played to the end, {DEALS_PLAYED['actions']} actions"
    )
