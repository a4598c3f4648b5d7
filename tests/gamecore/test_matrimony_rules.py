"""Matrimony (cousins spec §3: MT-1 … MT-16), the first game without play, with the spec's
worked scenarios T-MT-1 … T-MT-8 (§8.2) as exact expectations, its records (§6) and the
first dealer by the lowest card (§1).

Unless stated: profile MT-F; 4 players A, B, C, D (seats 0–3), dealer D, so the order from
the eldest is A, B, C, D; balances start at 100. Hands are written (down, up) in MT-F and
(down, down, up) in MT-H. In T-MT-2 … T-MT-6 the layout given is the layout as it stands
after this deal's stakes: the helper :func:`resolved` starts the deal one counter short on
Best, the dealer names 1 and puts it on Best, and Δ counts from there.
"""

from __future__ import annotations

import json
import random

import pytest

from gamecore.actions import NameStake, Play, Split, format_action, parse_action
from gamecore.agents.matrimony import AutomaticStaker
from gamecore.cards import FULL_PACK, cards_in, parse_card
from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.errors import IllegalAction, OptionError, RecordError
from gamecore.events import PaidToPool
from gamecore.games import descriptor, make_game
from gamecore.match import Session, first_dealer, lowest_card_dealer, shuffled
from gamecore.matrimony.events import (
    AceTurned,
    Carried,
    CompartmentWon,
    HandsDealt,
    HandShown,
    MatrimonyEnded,
)
from gamecore.options import resolve_options
from gamecore.record import decision_texts, dumps_record, load_record, replay
from helpers import cards

A, B, C, D = range(4)
POOLS = ("matrimony", "intrigue", "confederacy", "pair", "best")
#: T-MT-1's hands, which make nothing (whoever deals).
NOTHING = ["2C 5D", "3C 7H", "4S 9S", "6H 8C"]


def mt(**options):
    """Matrimony rules; keyword ``mt_profile="H"`` → ``mt.profile``."""
    return make_game("matrimony", {k.replace("_", "."): v for k, v in options.items()})


def rest(hands: list[list[int]]) -> list[int]:
    """The stock: every card of the pack no hand holds, in card order."""
    held = {c for h in hands for c in h}
    return [c for c in cards_in(FULL_PACK) if c not in held]


def session(game, hands_text: list[str], *, dealer: int = D, balances=None, pools=None):
    """A session whose first deal (dealer ``dealer``) is dealt ``hands_text``."""
    s = Session(game, ["Ann", "Ben", "Cat", "Dan"], dealer, balances, pools)
    hands = [cards(h) for h in hands_text]
    s.start_deal(hands, rest(hands), None)
    return s


def do(s: Session, *texts: str) -> list:
    """Apply each action (record syntax) to the session's deal; all their events."""
    events: list = []
    for text in texts:
        events += s.apply(parse_action(text, POOLS))
    return events


def legal(s: Session) -> list[str]:
    """``next.legal`` as the replay output writes it."""
    return decision_texts(s.decision(), POOLS)


def resolved(game, hands_text: list[str], layout: list[int]):
    """The deal of ``hands_text`` resolved with ``layout`` on the table after the stakes
    (see the module docstring): ``(session, balances after the stakes, last events)``."""
    start = [*layout[:4], layout[4] - 1]
    s = session(game, hands_text, pools=start)
    do(s, "3 stake 1", "0 split", "1 split", "2 split")
    staked = list(s.balances)
    staked[D] -= 1  # the dealer's own split, paid with the last action
    events = do(s, "3 split best:1")
    return s, staked, events


def delta(s: Session, before: list[int]) -> list[int]:
    return [b - a for a, b in zip(before, s.balances, strict=True)]


# ---- T-MT-1: staking (MT-5, MT-12) ----------------------------------------------------------


def test_t_mt_1_staking_the_dealer_names_then_everyone_spreads_mt_5():
    s = session(mt(), NOTHING)
    assert s.decision() == StakeChoice(D, 1, None, 5)
    assert legal(s) == ["3 stake 1.."]
    with pytest.raises(IllegalAction, match="the stake must be at least 1 counter, not 0"):
        do(s, "3 stake 0")
    do(s, "3 stake 5")
    assert (s.decision().seat, legal(s)) == (A, ["0 split 4"])
    four = "split matrimony:1 intrigue:1 confederacy:1 pair:1"
    events = do(s, *(f"{seat} {four}" for seat in (0, 1, 2)))
    # MT-5 step 4: each split is paid in as it is made, the dealer's own last
    assert s.balances == [96, 96, 96, 100] and legal(s) == ["3 split 5"]
    assert events.count(PaidToPool(A, 0, 1)) == 1
    do(s, "3 split matrimony:1 intrigue:1 confederacy:1 pair:1 best:1")
    assert s.deal.over and s.deal.winner is None  # MT-12: finished with the last split
    assert s.deal.replay_facts() == {"awards": {}}
    assert s.pools == [4, 4, 4, 4, 1] and sum(s.pools) == 17
    assert s.balances == [96, 96, 96, 95]  # Δ A −4, B −4, C −4, D −5; −17 + 17 = 0
    assert legal(s) == []


def test_t_mt_1_a_stake_of_one_leaves_the_others_nothing_to_spread_mt_5():
    s = session(mt(), NOTHING)
    do(s, "3 stake 1")
    assert s.decision() == SplitChoice(A, 0, POOLS, (0, 0, 0, 0, 0))
    assert legal(s) == ["0 split 0"]
    assert format_action(Split(A, (0,) * 5), POOLS) == "0 split"
    do(s, "0 split", "1 split", "2 split", "3 split pair:1")
    assert s.pools == [0, 0, 0, 1, 0] and s.balances == [100, 100, 100, 99]


def test_t_mt_1_as_a_record_the_staking_is_always_written_mt_16():
    """§6.5: a deal whose action list stops inside the staking (an empty list included) is
    unfinished, and ``next`` is the next staking decision."""
    s = session(mt(), NOTHING)
    out = replay(load_record(dumps_record(s)))
    assert out["deals"][0]["finished"] is False and out["deals"][0]["awards"] == {}
    assert out["next"] == {"seat": 3, "legal": ["3 stake 1.."]}
    do(s, "3 stake 5", "0 split pair:4")
    assert replay(load_record(dumps_record(s)))["next"] == {"seat": 1, "legal": ["1 split 4"]}
    text = dumps_record(s)
    assert json.loads(text)["deals"][0]["actions"] == ["3 stake 5", "0 split pair:4"]


# ---- T-MT-2: a turned-up A♦ sweeps the layout (MT-7) --------------------------------------


def test_t_mt_2_a_turned_up_ace_of_diamonds_sweeps_the_layout_mt_7():
    s, staked, events = resolved(mt(), ["7S KH", "QC AD", "2C 3C", "4H 9S"], [6, 5, 4, 7, 3])
    assert delta(s, staked) == [0, 25, 0, 0]  # B +25; pools all 0; 25 − 25 = 0
    assert s.pools == [0, 0, 0, 0, 0]
    assert s.deal.winner == B and s.logs[-1].winner == B
    assert s.deal.replay_facts() == {"awards": dict.fromkeys(POOLS, B)}
    # nothing else is looked at: no hand is shown, nothing carries
    assert AceTurned(B) in events and not any(isinstance(e, HandShown | Carried) for e in events)
    won = [e for e in events if isinstance(e, CompartmentWon)]
    assert [(e.pool, e.amount, e.rule) for e in won] == [
        (0, 6, "MT-7"),
        (1, 5, "MT-7"),
        (2, 4, "MT-7"),
        (3, 7, "MT-7"),
        (4, 3, "MT-7"),
    ]
    assert events[-1] == MatrimonyEnded(B)
    # The next deal (dealer A) stakes on an empty layout: Foster's fresh pool.
    assert s.next_dealer() == A


# ---- T-MT-3: the first player in order takes a combination (MT-8, MT-11) ----------------


def test_t_mt_3_the_first_in_order_takes_a_combination_and_the_rest_carries_mt_8_mt_11():
    s, staked, events = resolved(mt(), ["3C 9D", "KS QD", "QH KC", "JH JC"], [4, 4, 4, 4, 1])
    assert delta(s, staked) == [0, 4, 0, 4]  # B Matrimony, D Pair; 8 − 8 = 0
    assert s.pools == [0, 4, 4, 0, 1]
    assert s.deal.winner is None
    assert s.deal.replay_facts() == {"awards": {"matrimony": B, "pair": D}}
    # the down cards shown from the eldest, each compartment given as soon as it is shown
    kinds = [(type(e).__name__, getattr(e, "seat", None)) for e in events[1:]]
    assert kinds == [
        ("HandsDealt", None),
        ("HandShown", A),
        ("HandShown", B),
        ("CompartmentWon", B),
        ("HandShown", C),
        ("HandShown", D),
        ("CompartmentWon", D),
        ("Carried", None),
        ("MatrimonyEnded", None),
    ]
    assert HandsDealt(tuple(cards("9D QD KC JC"))) in events
    assert Carried((1, 2, 4)) in events


def test_t_mt_3_the_next_deal_adds_its_automatic_stakes_to_what_carried_mt_5_mt_11():
    s, _, _ = resolved(mt(), ["3C 9D", "KS QD", "QH KC", "JH JC"], [4, 4, 4, 4, 1])
    hands = [cards(h) for h in ["6H 8C", "2C 5D", "3C 7H", "4S 9S"]]
    before = list(s.balances)
    s.start_deal(hands, rest(hands), None)
    staker = AutomaticStaker()
    while s.deal_in_progress:
        d = s.decision()
        s.apply(staker.choose(s.game, s.deal.observation(d.seat), random.Random(0)))
    assert [a.split(" ")[1:3] for a in s.logs[-1].actions][0] == ["stake", "5"]
    assert s.pools == [4, 8, 8, 4, 2]
    assert delta(s, before) == [-5, -4, -4, -4]  # −17 + 17 = 0


# ---- T-MT-4: a face-down A♦ only pairs; Best carries (MT-8) -------------------------------


def test_t_mt_4_a_face_down_ace_of_diamonds_only_pairs_and_best_carries_mt_8():
    s, staked, events = resolved(mt(), ["AD AS", "QS JD", "KH JC", "10H 2C"], [3, 5, 2, 6, 4])
    assert delta(s, staked) == [6, 5, 2, 0]  # A Pair, B Intrigue, C Confederacy; 13 − 13 = 0
    assert s.pools == [3, 0, 0, 0, 4]
    assert s.deal.winner is None and not any(isinstance(e, AceTurned) for e in events)
    assert s.deal.replay_facts() == {"awards": {"intrigue": B, "confederacy": C, "pair": A}}
    pair = next(e for e in events if isinstance(e, CompartmentWon) and e.pool == 3)
    assert pair.cards == (parse_card("AD"), parse_card("AS")) and pair.rule == "MT-8"


# ---- T-MT-5, T-MT-6: the three-card game (MT-4, MT-9, MT-10) --------------------------------

T_MT_5 = ["KC QH JS", "KD QD 5C", "9S 9H 4D", "AS 2H 2D"]
T_MT_6 = ["7S 7H 3C", "AC 4H 5S", "7D 7C 2S", "AH 6C 8D"]


def test_t_mt_5_one_hand_takes_three_compartments_mt_4_mt_9_mt_10():
    s, staked, events = resolved(mt(mt_profile="H"), T_MT_5, [4, 4, 4, 4, 4])
    # A's K Q J takes Matrimony, Intrigue, Confederacy (B's Matrimony loses to the elder);
    # C's nines beat D's twos; Best (highestCard): D's A♠, the ace high.
    assert delta(s, staked) == [12, 0, 4, 4]  # 20 − 20 = 0
    assert s.pools == [0, 0, 0, 0, 0] and s.deal.winner is None
    assert s.deal.replay_facts() == {
        "awards": {"matrimony": A, "intrigue": A, "confederacy": A, "pair": C, "best": D}
    }
    # every hand is shown from the eldest before any compartment is given (MT-9)
    shown = [i for i, e in enumerate(events) if isinstance(e, HandShown)]
    won = [i for i, e in enumerate(events) if isinstance(e, CompartmentWon)]
    assert [events[i].seat for i in shown] == [A, B, C, D] and max(shown) < min(won)


def test_t_mt_5_best_to_the_highest_diamond_mt_10():
    s, staked, _ = resolved(mt(mt_profile="H", mt_h_best="highestDiamond"), T_MT_5, [4] * 5)
    assert delta(s, staked) == [12, 4, 4, 0]  # B's K♦ is the highest diamond
    assert s.pools == [0, 0, 0, 0, 0]


def test_t_mt_6_ties_go_to_the_elder_mt_9_mt_10():
    s, staked, _ = resolved(mt(mt_profile="H"), T_MT_6, [2, 2, 2, 3, 3])
    assert delta(s, staked) == [3, 3, 0, 0]  # A's sevens before C's; B's ace before D's
    assert s.pools == [2, 2, 2, 0, 0]
    assert s.deal.replay_facts() == {"awards": {"pair": A, "best": B}}


def test_t_mt_6_with_the_highest_diamond_mt_10():
    s, staked, _ = resolved(mt(mt_profile="H", mt_h_best="highestDiamond"), T_MT_6, [2, 2, 2, 3, 3])
    assert delta(s, staked) == [3, 0, 0, 3]  # D's 8♦ over C's 7♦
    assert s.pools == [2, 2, 2, 0, 0]


def test_mt_10_best_carries_when_no_hand_holds_a_diamond():
    hands = ["KC QH JS", "KS QS 5C", "9S 9H 4C", "AS 2H 2C"]
    s, staked, events = resolved(mt(mt_profile="H", mt_h_best="highestDiamond"), hands, [4] * 5)
    assert delta(s, staked) == [12, 0, 4, 0] and s.pools == [0, 0, 0, 0, 4]
    assert Carried((4,)) in events


def test_mt_9_three_of_a_kind_is_a_pair_of_its_rank_and_the_ace_is_high_mt_4():
    hands = ["5S 5H 5D", "AC AH 2S", "KC KH 3S", "9C 8C 4S"]
    s, staked, events = resolved(mt(mt_profile="H"), hands, [1, 1, 1, 1, 1])
    pair = next(e for e in events if isinstance(e, CompartmentWon) and e.pool == 3)
    assert pair.seat == B and len(pair.cards) == 2  # the aces, above the Kings and the fives
    triple = ["5S 5H 5D", "3C 3H 2S", "4C 4H 6S", "9C 8C 7S"]
    s, _, events = resolved(mt(mt_profile="H"), triple, [1, 1, 1, 1, 1])
    pair = next(e for e in events if isinstance(e, CompartmentWon) and e.pool == 3)
    assert pair.seat == A and len(pair.cards) == 3


def test_mt_8_two_cards_form_at_most_one_compartment_and_mt_f_compares_no_rank_mt_4():
    # K K is a pair, not Matrimony; Q J is Intrigue; the first pair shown wins, low or high.
    s, staked, _ = resolved(mt(), ["2S 2H", "KS KH", "QC JC", "QS QH"], [1, 1, 1, 1, 1])
    assert s.deal.replay_facts() == {"awards": {"intrigue": C, "pair": A}}
    assert delta(s, staked) == [1, 0, 1, 0] and s.pools == [1, 0, 1, 0, 1]


# ---- T-MT-7: stake limits, "at most" and no debts (MT-5, GEN-5) ------------------------------


def test_t_mt_7_exact_stakes_are_capped_by_the_poorest_other_player_mt_5_gen_5():
    game = mt(gen_allowDebt=False)
    s = session(game, NOTHING, balances=[3, 10, 10, 10])
    assert legal(s) == ["3 stake 1..4"]  # A must be able to pay D − 1
    auto = AutomaticStaker().choose(game, s.deal.observation(D), random.Random(0))
    assert auto == NameStake(D, 4)  # the automatic stake lowers 5 to 4
    with pytest.raises(IllegalAction, match="from 1 to 4 counters"):
        do(s, "3 stake 5")


def test_t_mt_7_at_most_one_fewer_each_chooses_his_total_mt_5():
    game = mt(gen_allowDebt=False, mt_othersStake="atMost")
    s = session(game, NOTHING, balances=[3, 10, 10, 10])
    assert legal(s) == ["3 stake 1..10"]
    do(s, "3 stake 9")
    assert legal(s) == ["0 split 1..3"]
    with pytest.raises(IllegalAction, match="from 1 to 3 counters on the compartments, not 4"):
        do(s, "0 split pair:4")
    do(s, "0 split pair:2")
    assert legal(s) == ["1 split 1..8"]
    do(s, "1 split best:8")
    assert legal(s) == ["2 split 1..8"]
    do(s, "2 split matrimony:1")
    assert legal(s) == ["3 split 9"]  # the dealer spreads exactly his stake
    do(s, "3 split matrimony:9")
    assert s.balances == [1, 2, 9, 1] and s.pools == [10, 0, 0, 2, 8]


def test_mt_5_at_most_with_debts_allowed_and_the_automatic_total_is_the_largest():
    game = mt(mt_othersStake="atMost")
    s = session(game, NOTHING, balances=[0, 0, 0, 5])
    assert legal(s) == ["3 stake 1.."]
    do(s, "3 stake 6")
    d = s.decision()
    assert legal(s) == ["0 split 1..5"] and d.default == (1, 1, 1, 1, 1)
    do(s, "0 split pair:1", "1 split pair:5", "2 split best:3", "3 split pair:6")
    assert s.balances == [-1, -5, -3, -1] and s.pools == [0, 0, 0, 12, 3]


def test_mt_5_at_most_refuses_an_empty_split_while_one_may_be_made():
    game = mt(mt_othersStake="atMost")
    s = session(game, NOTHING)
    do(s, "3 stake 6")
    with pytest.raises(IllegalAction, match="from 1 to 5 counters"):
        do(s, "0 split")


# ---- T-MT-8: the first dealer by the lowest card (MT-15) -----------------------------------


def test_t_mt_8_the_lowest_card_deals_first_mt_15():
    deck = cards("9S 4H KC 7D") + [c for c in range(52) if c not in cards("9S 4H KC 7D")]
    assert lowest_card_dealer(deck, 4, 0) == 2  # the 4♥, to seat 2
    tie = cards("AS 5H AC 9D 3C 2H")
    deck = tie + [c for c in range(52) if c not in tie]
    assert lowest_card_dealer(deck, 4, 0) == 3  # the aces of seats 1 and 3 tie; 2♥ to seat 3


def test_mt_15_the_lowest_card_is_matrimonys_default_first_dealer_amb_44():
    game = mt()
    assert game.options["gen.firstDealer"] == "lowestCard"
    for seed in range(5):
        rng = random.Random(seed)
        expect = lowest_card_dealer(shuffled(FULL_PACK, random.Random(seed)), 6)
        assert first_dealer(game, 6, rng) == expect
    # the other ways remain choices, and lowestCard is refused for a seed game
    assert mt(gen_firstDealer="firstJack").options["gen.firstDealer"] == "firstJack"
    with pytest.raises(OptionError):
        resolve_options("newmarket", {"gen.firstDealer": "lowestCard"})


# ---- the rest of MT-1 … MT-16 ----------------------------------------------------------------


def test_mt_1_three_to_fourteen_players_and_mt_2_the_full_pack():
    game = mt()
    assert (game.min_players, game.max_players) == (3, 14)
    assert game.pack == FULL_PACK and game.pack_size() == 52
    for n in (2, 15):
        with pytest.raises(ValueError, match="3 to 14 players"):
            Session(game, [f"P{i}" for i in range(n)], 0)


def test_mt_3_the_five_compartments_in_record_order():
    game = mt()
    assert game.pools == POOLS
    labels = [f.label for f in descriptor("matrimony").pool_faces(game, None)]
    assert labels == ["Matrimony", "Intrigue", "Confederacy", "Pair", "Best"]


@pytest.mark.parametrize(("profile", "k"), [("F", 2), ("H", 3)])
def test_mt_6_the_deal_from_the_eldest_down_cards_first_up_card_last(profile, k):
    game = mt(mt_profile=profile)
    deck = list(range(52))
    n, dealer = 5, 2
    hands, stock, turnup = game.deal_from_deck(deck, n, dealer)
    assert turnup is None and stock == deck[k * n :] and game.hand_size(n) == k
    for i in range(k * n):  # index i: round i div N, seat (dealer + 1 + i mod N) mod N
        assert hands[(dealer + 1 + i % n) % n][i // n] == deck[i]


def test_mt_12_the_deal_is_over_at_the_last_split_and_mt_14_nothing_else_is_an_action():
    """MT-12: the deal is finished when the last split is made; MT-14: nothing but the
    staking is ever an action (no card is played, no irregularity to answer)."""
    s = session(mt(), NOTHING)
    for action in (Play(D, 0), Split(D, (1, 0, 0, 0, 0))):
        with pytest.raises(IllegalAction, match="MT-5"):
            s.apply(action)
    do(s, "3 stake 2", "0 split best:1", "1 split best:1", "2 split best:1")
    with pytest.raises(IllegalAction, match="no card is played in Matrimony"):
        s.apply(Play(D, cards("8C")[0]))
    do(s, "3 split best:2")
    assert s.deal.over and s.decision() is None and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="MT-12"):
        s.deal.apply(NameStake(A, 2))


def test_mt_13_a_session_of_whole_rounds_splits_the_layout_at_the_end():
    """MT-13: the deal passes left, whole rounds, GEN-6 splits what is left at the end."""
    game = mt(gen_rounds=1)
    s = Session(game, ["Ann", "Ben", "Cat"], 1)
    rng = random.Random(4)
    dealers = []
    while not s.complete:
        s.start_deal_seeded(rng.randrange(1 << 30))
        dealers.append(s.deal.dealer)
        while s.deal_in_progress:
            s.apply(s.legal_actions()[0])
    assert dealers == [1, 2, 0]  # the deal passes left (GEN-3), one whole round (GEN-4)
    balances, pools = s.final_accounts()  # GEN-6
    assert pools == [0] * 5 and sum(balances) == 300
    assert sum(s.balances) + sum(s.pools) == 300


def test_mt_16_the_options_and_their_defaults_amb_35_amb_37():
    game = mt()
    assert game.options["mt.profile"] == "F"  # AMB-35: Foster by default
    assert game.options["mt.othersStake"] == "exact"  # AMB-37: one fewer exactly
    assert game.options["mt.dealerStake"] == 5 and game.options["mt.h.best"] == "highestCard"
    assert mt(mt_h_best="highestDiamond").options["mt.h.best"] == "highestDiamond"  # no effect
    for bad in ({"mt.profile": "X"}, {"mt.dealerStake": 0}, {"mt.othersStake": "some"}):
        with pytest.raises(OptionError):
            mt(**{k.replace(".", "_"): v for k, v in bad.items()})
    with pytest.raises(OptionError, match="not an option of newmarket"):
        resolve_options("newmarket", {"mt.profile": "F"})


def test_mt_16_amb_44_stakes_are_totals_spread_freely_zeros_allowed():
    """AMB-44: a stake is a total, spread over the compartments as its player likes."""
    s = session(mt(), NOTHING)
    do(s, "3 stake 5", "0 split matrimony:4", "1 split best:2 pair:2", "2 split intrigue:4")
    do(s, "3 split confederacy:5")
    assert s.pools == [4, 4, 5, 2, 2]


def test_mt_16_a_record_must_give_the_stock_and_may_not_turn_a_card():
    s = session(mt(), NOTHING)
    data = json.loads(dumps_record(s))
    del data["deals"][0]["stock"]
    with pytest.raises(RecordError, match="stock missing"):
        replay(load_record(json.dumps(data)))
    data = json.loads(dumps_record(s))
    data["deals"][0]["turnup"] = data["deals"][0]["stock"][0]
    with pytest.raises(RecordError, match="turns no trump"):
        replay(load_record(json.dumps(data)))
    data = json.loads(dumps_record(s))
    data["deals"][0]["actions"] = ["3 stake 5", "0 7S"]
    with pytest.raises(RecordError, match="no card is played in Matrimony"):
        replay(load_record(json.dumps(data)))


def test_mt_16_the_replay_output_carries_the_awards_of_each_deal():
    s, _, _ = resolved(mt(), ["3C 9D", "KS QD", "QH KC", "JH JC"], [4, 4, 4, 4, 1])
    out = replay(load_record(dumps_record(s)))
    assert out["deals"][0]["awards"] == {"matrimony": 1, "pair": 3}
    assert out["deals"][0]["winner"] is None and out["deals"][0]["finished"] is True
