"""Newmarket rules NM-1 … NM-11 and the stops engine STOP-1 … STOP-14, with the spec's
worked scenarios T-NM-* (rules spec 8.2) as exact expectations."""

import random

import pytest

from gamecore.actions import NameStake, Play, Split
from gamecore.cards import parse_card
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.errors import IllegalAction
from gamecore.events import LeadPassed, Paid, PoolTaken, Stopped, WentOut, stop_words
from gamecore.match import Session, first_jack_dealer, shuffled
from gamecore.stops.deal import StopsDeal
from gamecore.stops.game import successor_table
from helpers import cards, hand, nm, play_session, position

C = parse_card
AH, KC, QD, JS = 0, 1, 2, 3  # pool indexes in record order


def leads(deal: StopsDeal) -> set[str]:
    d = deal.decision()
    assert isinstance(d, PlayChoice)
    from gamecore.cards import card_code

    return {card_code(a.card) for a in d.actions}


def test_t_nm_1_staking_nm5():
    session = Session(nm(), ["A", "B", "C", "D"], first_dealer=3)
    session.start_deal_seeded(1)
    d = session.decision()
    assert d == StakeChoice(seat=3, low=4, high=None, default=4)
    with pytest.raises(IllegalAction, match="the stake must be at least 4 counters, not 3"):
        session.apply(NameStake(3, 3))
    session.apply(NameStake(3, 4))
    for action in (
        Split(0, (4, 0, 0, 0)),
        Split(1, (1, 1, 1, 1)),
        Split(2, (0, 2, 0, 2)),
        Split(3, (1, 1, 1, 1)),
    ):
        session.apply(action)
    assert session.pools == [6, 4, 2, 4]
    assert session.balances == [96, 96, 96, 96]
    assert nm().auto_split(6) == (2, 2, 1, 1)


def test_t_nm_1_splits_go_clockwise_from_eldest_dealer_last():
    session = Session(nm(), ["A", "B", "C", "D"], first_dealer=1)
    session.start_deal_seeded(2)
    session.apply(NameStake(1, 5))
    order = []
    while isinstance(d := session.decision(), SplitChoice):
        order.append(d.seat)
        assert d.total == 5
        session.apply(d.default_action())
    assert order == [2, 3, 0, 1]


def test_a_split_must_add_up_to_the_stake():
    session = Session(nm(), ["A", "B", "C"], first_dealer=2)
    session.start_deal_seeded(3)
    session.apply(NameStake(2, 4))
    with pytest.raises(IllegalAction, match="exactly 4 counters on the pools, not 5"):
        session.apply(Split(0, (5, 0, 0, 0)))
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        session.apply(Split(1, (4, 0, 0, 0)))


def test_no_cards_are_visible_during_staking_gen9():
    session = Session(nm(), ["A", "B", "C", "D"], first_dealer=0)
    session.start_deal_seeded(4)
    obs = session.deal.observation(1)  # type: ignore[union-attr]
    assert obs.hand == 0 and obs.hand_counts == (0, 0, 0, 0)
    session.deal.auto_stake()  # type: ignore[union-attr]
    assert session.deal.observation(1).hand == session.deal.hands[1]  # type: ignore[union-attr]


def test_t_nm_2_lowest_card_lead_nm7():
    deal = position(nm(), ["3S 7S 9H KC", "2D"], to_act=0)
    assert leads(deal) == {"3S", "9H", "KC"}
    with pytest.raises(IllegalAction, match=r"7♠ is not your lowest spade: lead 3♠ \(NM-7\)"):
        deal.apply(Play(0, C("7S")))
    deal = position(nm(), ["AD 5D 2C", "2D"], to_act=0)
    assert leads(deal) == {"AD", "2C"}


def test_t_nm_4_heart_ace_only_captured_by_a_lead():
    deal = position(
        nm(),
        ["QS", "3H 8S", "AH 2H 9C"],
        to_act=2,
        stock="4H",
        pools=[6, 0, 0, 0],
        balances=[0, 0, 0],
    )
    events = deal.apply(Play(2, C("AH")))
    assert PoolTaken(2, AH, 6) in events
    assert deal.balances == [0, 0, 6] and deal.pools == [0, 0, 0, 0]
    assert deal.decision() == PlayChoice(2, (Play(2, C("2H")),))
    deal.apply(Play(2, C("2H")))
    assert deal.decision() == PlayChoice(1, (Play(1, C("3H")),))
    events = deal.apply(Play(1, C("3H")))
    assert events[-1] == Stopped(1, C("3H"), C("4H"))
    assert stop_words(C("3H"), C("4H")) == "No 4♥"
    assert deal.decision().seat == 1  # B leads after the stop


def test_t_nm_5_stop_on_an_already_played_card():
    deal = position(nm(), ["2C 7S 10H", "9D"], to_act=0, played="3C")
    assert leads(deal) == {"2C", "7S", "10H"}
    events = deal.apply(Play(0, C("2C")))
    assert events[-1] == Stopped(0, C("2C"), C("3C"))
    assert leads(deal) == {"7S", "10H"}


def test_t_nm_7_going_out_in_the_middle_of_a_sequence_stop9():
    """T-NM-7 (STOP-9, NM-9): the deal ends at once; each other player pays 1 per card."""
    deal = position(nm(), ["5H", "2S 3S 4S", "6H 2D"], to_act=0, top="4H", balances=[0, 0, 0])
    events = deal.apply(Play(0, C("5H")))
    assert WentOut(0) in events
    assert deal.over and deal.winner == 0
    assert [e for e in events if isinstance(e, Paid)] == [
        Paid(1, 0, 3, "cards left"),
        Paid(2, 0, 2, "cards left"),
    ]
    assert deal.balances == [5, -3, -2]
    assert deal.hands[2] == hand("6H 2D")  # C never plays 6♥


def test_t_nm_8_a_player_must_play_out_his_own_run_stop6():
    deal = position(nm(), ["3S 4S 5S 9D", "10C", "6S JD"], to_act=0)
    deal.apply(Play(0, C("3S")))
    assert deal.legal_actions() == [Play(0, C("4S"))]
    deal.apply(Play(0, C("4S")))
    assert deal.legal_actions() == [Play(0, C("5S"))]
    with pytest.raises(IllegalAction, match="5♠ must be played to continue the sequence"):
        deal.apply(Play(0, C("9D")))
    deal.apply(Play(0, C("5S")))
    assert deal.legal_actions() == [Play(2, C("6S"))]


def _session_after_bs_deal(balances, pools):
    """3 players, no debts; B (seat 1) dealt the deal just finished, C deals next."""
    session = Session(nm(gen_allowDebt=False), ["A", "B", "C"], first_dealer=1)
    play_session(session, random.Random(7), max_deals=1)
    session.balances, session.pools = list(balances), list(pools)
    return session


def test_t_nm_9_no_debts_session_ends_before_a_deal_someone_cannot_stake():
    session = _session_after_bs_deal([10, 3, 20], [5, 0, 2, 0])
    assert session.next_dealer() == 2 and len(session.logs) < session.total_deals
    assert session.cannot_stake() == [1]
    assert session.complete
    assert session.final_accounts() == ([12, 5, 23], [0, 0, 0, 0])
    with pytest.raises(ValueError, match="session is over"):
        session.start_deal_seeded(1)


def test_t_nm_9_part_3_stake_capped_by_the_poorest_balance():
    session = _session_after_bs_deal([10, 6, 20], [5, 0, 2, 0])
    assert not session.complete
    session.start_deal_seeded(5)
    assert session.decision() == StakeChoice(seat=2, low=4, high=6, default=4)
    with pytest.raises(IllegalAction):
        session.apply(NameStake(2, 7))
    # B caught with 5 cards pays all 5 even into debt (GEN-5 rule 3).
    deal = position(
        nm(gen_allowDebt=False),
        ["5H", "2S 3S 4S 6S 7S", "6H 2D"],
        to_act=0,
        top="4H",
        balances=[0, 2, 0],
    )
    deal.apply(Play(0, C("5H")))
    assert deal.balances == [7, -3, -2]


def test_pay_cards_capture_nm8_and_stay_when_unplayed_nm10():
    # ♣K is always a stop with the ace low; its pool is captured by playing it.
    deal = position(
        nm(), ["QC KC 2H", "3H 9S", "4S"], to_act=0, pools=[1, 7, 0, 0], balances=[0, 0, 0]
    )
    events = deal.apply(Play(0, C("QC")))
    assert deal.decision() == PlayChoice(0, (Play(0, C("KC")),))
    events = deal.apply(Play(0, C("KC")))
    assert PoolTaken(0, KC, 7) in events
    assert events[-1] == Stopped(0, C("KC"), None)
    assert stop_words(C("KC"), None) == "K♣ is a stop"


def test_ace_high_order_nm3():
    succ_low = successor_table((1 << 52) - 1, ace_high=False)
    succ_high = successor_table((1 << 52) - 1, ace_high=True)
    assert succ_low[C("KS")] is None and succ_low[C("AS")] == C("2S")
    assert succ_high[C("KS")] == C("AS") and succ_high[C("AS")] is None
    # Ace high: the ace is the top of its suit, so the lowest heart is the 2.
    deal = position(nm(nm_aceHigh=True), ["AH 2H 9C", "3H"], to_act=0)
    assert leads(deal) == {"2H", "9C"}
    deal = position(nm(nm_aceHigh=True), ["AH 9C", "3H"], to_act=0)
    assert leads(deal) == {"AH", "9C"}


def test_removed_eight_of_diamonds_makes_the_seven_a_stop_nm2():
    game = nm(nm_removeEightOfDiamonds=True)
    assert game.pack_size() == 51 and game.succ[C("7D")] is None
    session = Session(game, ["A", "B", "C", "D"], first_dealer=0)
    session.start_deal_seeded(9)
    assert [h.bit_count() for h in session.deal.hands] == [12, 12, 12, 12]
    assert session.deal.stock.bit_count() == 3


def test_must_change_suit_nm11():
    game = nm(nm_mustChangeSuit=True)
    deal = position(game, ["2C 4C 7S", "9D"], to_act=0, played="3C")
    deal.apply(Play(0, C("2C")))  # stops: 3♣ already played
    assert leads(deal) == {"7S"}
    with pytest.raises(IllegalAction, match="suit other than clubs"):
        deal.apply(Play(0, C("4C")))
    # With no other suit the restriction lapses.
    deal = position(game, ["2C 4C", "9D"], to_act=0, played="3C")
    deal.apply(Play(0, C("2C")))
    assert leads(deal) == {"4C"}


@pytest.mark.parametrize(
    ("n", "k", "stock"), [(3, 15, 7), (4, 12, 4), (5, 9, 7), (6, 8, 4), (7, 7, 3), (8, 6, 4)]
)
def test_fixed_stock_deal_table_stop13(n, k, stock):
    """NM-6: the fixed-stock deal of STOP-13's table."""
    session = Session(nm(), [f"P{i}" for i in range(n)], first_dealer=0)
    session.start_deal_seeded(n)
    deal = session.deal
    assert [h.bit_count() for h in deal.hands] == [k] * n
    assert deal.stock.bit_count() == stock


def test_deck_order_deal_gen8():
    """NM-6, GEN-8: one card at a time from the eldest, in deck order; the rest is the
    stock."""
    deck = list(range(52))
    hands, stock, turnup = nm().deal_from_deck(deck, 4, dealer=3)
    # Index i < N·k goes to seat (dealer + 1 + i) mod N; the rest is the stock in order.
    assert hands[0][:3] == [0, 4, 8] and hands[1][:2] == [1, 5]
    assert stock == [48, 49, 50, 51] and turnup is None


def test_first_dealer_is_the_first_to_receive_a_jack_gen2():
    """GEN-2: cards turned from the distributor's left; the first Jack deals."""
    deck = cards("2S 3S JH 4S")  # third card turned goes to seat (0 + 1 + 2) % 4
    assert first_jack_dealer(deck, 4) == 3


def test_forced_move_is_a_single_legal_action_stop14():
    deal = position(nm(), ["4D 5D", "9S", "6D 2C"], to_act=0)
    assert deal.decision().forced  # only diamonds: one legal lead
    deal = position(nm(), ["4D 5D 2C", "9S"], to_act=0)
    assert not deal.decision().forced


def test_play_out_of_turn_is_refused_and_state_unchanged():
    """GEN-10: the app never lets a player act out of turn."""
    deal = position(nm(), ["4D 5D", "9S 3C"], to_act=0)
    before = (list(deal.hands), deal.current, deal.top)
    with pytest.raises(IllegalAction, match="seat 0's turn, not seat 1's"):
        deal.apply(Play(1, C("3C")))
    with pytest.raises(IllegalAction, match="does not hold"):
        deal.apply(Play(0, C("3C")))
    assert (list(deal.hands), deal.current, deal.top) == before


def test_end_of_session_split_gen6_remainder_from_the_eldest():
    session = Session(nm(), ["A", "B", "C", "D"], first_dealer=0)
    play_session(session, random.Random(11))
    assert session.complete and len(session.logs) == 4
    session.pools = [4, 1, 0, 0]  # 5 counters: 1 each, the last one to the eldest
    session.balances = [100, 100, 100, 95]
    eldest = (session.logs[-1].dealer + 1) % 4
    balances, pools = session.final_accounts()
    expected = [101, 101, 101, 96]
    expected[eldest] += 1
    assert balances == expected and pools == [0, 0, 0, 0]


def test_carry_pools_to_next_session():
    session = Session(nm(gen_endPools="carryToNextSession"), ["A", "B", "C"], first_dealer=0)
    play_session(session, random.Random(12))
    assert session.final_accounts() == (session.balances, session.pools)


def test_lead_passes_when_the_leader_cannot_lead_stop11():
    # No Newmarket hand is ever unable to lead (that needs Spin's or Spinado's ♦A); the
    # engine's pass is exercised through a game whose seat 0 may lead nothing.
    game = nm()
    original = game.lead_mask
    game.lead_mask = lambda deal, seat: 0 if seat == 0 else original(deal, seat)
    deal = position(game, ["4C 9D", "5S 6H", "7S"], to_act=0, top="3C")
    events = deal.apply(Play(0, C("4C")))
    assert events[-2:] == [Stopped(0, C("4C"), C("5C")), LeadPassed(0, 1)]
    assert leads(deal) == {"5S", "6H"}


def test_observation_hides_other_hands_and_the_stock_gen9():
    session = Session(nm(), ["A", "B", "C", "D"], first_dealer=0)
    session.start_deal_seeded(21)
    session.deal.auto_stake()
    obs = session.deal.observation(2)
    assert obs.hand == session.deal.hands[2]
    assert obs.revealed is None
    assert obs.hand_counts == (12, 12, 12, 12)
    text = repr(obs)
    for seat in (0, 1, 3):
        assert str(session.deal.hands[seat]) not in text
    assert str(session.deal.stock) not in text


def test_settlement_lists_the_payments_and_the_deal_deltas_stop10():
    deal = position(nm(), ["5H", "2S 3S 4S", "6H 2D"], to_act=0, top="4H", balances=[10, 10, 10])
    assert deal.settlement() is None
    deal.apply(Play(0, C("5H")))
    s = deal.settlement()
    assert s.winner == 0
    assert s.events == (Paid(1, 0, 3, "cards left"), Paid(2, 0, 2, "cards left"))
    assert s.deltas == (5, -3, -2)


def test_nm_10_a_pay_card_never_played_costs_nothing_and_its_pool_stays():
    """NM-10: B ends holding the ♥A and the ♣K lies in the stock: B pays only for his cards
    (NM-9: 1 each) and both pools stay for the next deal."""
    deal = position(
        nm(),
        ["5H", "AH 9S", "2S 3D 4D"],
        to_act=0,
        top="4H",
        stock="KC",
        pools=[5, 3, 0, 0],
        balances=[0, 0, 0],
    )
    deal.apply(Play(0, C("5H")))
    assert deal.over and deal.winner == 0
    assert deal.settlement().events == (Paid(1, 0, 2, "cards left"), Paid(2, 0, 3, "cards left"))
    assert deal.balances == [5, -2, -3] and deal.pools == [5, 3, 0, 0]


def test_amb_23_default_stake_and_round_robin_split():
    """AMB-23: the dealer names 4 by default; the automatic split goes round ♥A, ♣K, ♦Q, ♠J
    one counter at a time."""
    game = nm()
    session = Session(game, ["A", "B", "C"], first_dealer=2)
    session.start_deal_seeded(1)
    stake = session.decision()
    assert isinstance(stake, StakeChoice) and stake.default == 4
    session.apply(stake.default_action())
    split = session.decision()
    assert isinstance(split, SplitChoice) and split.default == (1, 1, 1, 1)
    assert game.auto_split(6) == (2, 2, 1, 1) and game.auto_split(3) == (1, 1, 1, 0)


def test_stop_8_a_card_takes_effect_before_its_player_goes_out():
    """STOP-8 before STOP-9: A's last card, the ♥A, captures its pool first; then A is out
    and the settlement follows (STOP-10)."""
    deal = position(nm(), ["AH", "2S 3S", "4S"], to_act=0, pools=[6, 0, 0, 0], balances=[0, 0, 0])
    events = deal.apply(Play(0, C("AH")))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:3] == ["Played", "PoolTaken", "WentOut"]
    assert events[1] == PoolTaken(0, AH, 6)
    assert deal.balances == [9, -2, -1] and deal.pools == [0, 0, 0, 0]


def test_gen_1_seats_never_change_during_a_session():
    """GEN-1: the seat order is fixed for the whole session; only the deal passes to the left
    (GEN-3)."""
    session = Session(nm(gen_rounds=2), ["Ann", "Ben", "Cat"], first_dealer=1)
    played = play_session(session, random.Random(4))
    assert played == 6 and session.players == ["Ann", "Ben", "Cat"]
    assert [log.dealer for log in session.logs] == [1, 2, 0, 1, 2, 0]
    assert all(len(log.hands) == 3 for log in session.logs)


def test_gen_7_the_shuffle_is_a_uniform_permutation():
    """GEN-7: every deal is dealt from a uniformly shuffled pack (the cut is not simulated).
    Seeded, so exact: 5,200 shuffles put each of the 52 cards on top 100 times on average,
    and every count lies within 100 ± 40."""
    rng = random.Random(7)
    tops = [0] * 52
    for _ in range(5200):
        deck = shuffled(nm().pack, rng)
        assert sorted(deck) == list(range(52))
        tops[deck[0]] += 1
    assert sum(tops) == 5200 and min(tops) >= 60 and max(tops) <= 140
