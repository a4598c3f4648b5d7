"""Pope Joan (rules spec section 3: PJ-F, PJ-M, PJ-C) on the stops engine, with the spec's
worked scenarios T-PJ-* (section 8.1) as exact expectations.

Seats: A = 0, B = 1, C = 2, D = 3. Balances in ``from_position`` deals start at 0, so a seat's
balance at the end is its Δ. Every card of the pack is placed explicitly: in a hand, in the
stock, or played (the remainder goes where each test says).
"""

import random

import pytest

from gamecore.actions import NameStake, Play
from gamecore.cards import cards_in, mask_of, parse_card
from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.events import DealEnded, Paid, PaidToPool, PoolTaken, Stopped, WentOut
from gamecore.games import make_game
from gamecore.match import Session, shuffled
from gamecore.stops.deal import StopsDeal
from helpers import legal_plays as legal
from helpers import play_card as play
from helpers import scenario_deal

C = parse_card
# PJ-F compartments (game.pools order).
TEN, JACK, QUEEN, KING, POPE = range(5)
# PJ-M compartments.
M_MAT, M_INT, M_CONF, M_POPE, M_GAME = range(5)
# PJ-C compartments.
C_POPE, C_MAT, C_INT, C_ACE, C_KING, C_QUEEN, C_JACK, C_GAME = range(8)


def pj(**options):
    """Pope Joan rules; keyword ``pj_m_doubleCombos=False`` → option ``pj.m.doubleCombos``."""
    return make_game("pope-joan", {k.replace("_", "."): v for k, v in options.items()})


def at(game, hands, **kw) -> StopsDeal:
    """A deal in play (see helpers.scenario_deal); cards not placed go to the played."""
    return scenario_deal(game, hands, **{"rest": "played", **kw})


def forced(deal: StopsDeal, seat: int, text: str):
    """Play ``text``, checking it is the only legal action (STOP-6 continuation)."""
    assert deal.legal_actions() == [Play(seat, C(text))]
    return deal.apply(Play(seat, C(text)))


def settled(deal: StopsDeal, *stages) -> None:
    """The settlement events are ``stages`` in order (STOP-10: Game pool, payments for cards
    left, doubling); within a stage the order is free."""
    events = list(deal.settlement().events)
    for stage in stages:
        head, events = events[: len(stage)], events[len(stage) :]
        assert sorted(map(repr, head)) == sorted(map(repr, stage))
    assert not events, events


def auto_stake(session: Session) -> list:
    """Apply the default stake and automatic splits through the session."""
    events = []
    while session.deal.phase == "staking":
        events += session.apply(session.decision().default_action())
    return events


# ---- T-PJ-1 ---------------------------------------------------------------------------


def test_t_pj_1_dressing_and_fixed_stock_deal_4_players():
    game = pj()
    session = Session(game, ["A", "B", "C", "D"], first_dealer=3)
    deck = shuffled(game.pack, random.Random(1))
    events = session.start_deal_from_deck(deck)
    # 1. Dressing by the dealer D only: Ten 1, Jack 2, Queen 3, King 4, Pope 5.
    assert events == [PaidToPool(3, pool, pool + 1) for pool in range(5)]
    assert session.pools == [1, 2, 3, 4, 5]
    assert [b - 100 for b in session.balances] == [0, 0, 0, -15]
    # 2. A gets deck indices 0,4,…,44; B 1,5,…,45; C 2,…,46; D 3,…,47; stock 48–51.
    deal = session.deal
    for seat in range(4):
        assert deal.hands[seat] == mask_of(deck[i] for i in range(seat, 48, 4))
    assert deal.stock == mask_of(deck[48:]) and deal.stock.bit_count() == 4
    assert deal.turnup is None  # PJ-6: no trump in PJ-F
    # No other player stakes: play starts at once with the eldest, A.
    assert deal.phase == "play" and deal.to_act == 0


@pytest.mark.parametrize(
    ("options", "n", "k", "stock"),
    [
        ({"pj_removeEightOfDiamonds": True}, 4, 12, 3),
        ({}, 6, 8, 4),
        ({}, 3, 15, 7),
    ],
)
def test_t_pj_1_deal_size_variants(options, n, k, stock):
    game = pj(**options)
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=n - 1)
    deck = shuffled(game.pack, random.Random(n))
    assert len(deck) == game.pack_size() == n * k + stock
    session.start_deal_from_deck(deck)
    deal = session.deal
    assert [h.bit_count() for h in deal.hands] == [k] * n
    for i in range(n * k):
        assert deal.hands[i % n] >> deck[i] & 1  # seat (dealer + 1 + i) mod N
    assert deal.stock == mask_of(deck[n * k :]) and deal.stock.bit_count() == stock
    assert session.pools == [1, 2, 3, 4, 5]


# ---- T-PJ-2 ---------------------------------------------------------------------------

T_PJ_2_HANDS = ["4S 5S 6S 9C", "7S 8S KH", "10S JS 2D"]


def test_t_pj_2_run_across_two_players_stock_stop_king_lead_going_out():
    game = pj(pj_honourSuits="DDDD")
    # The 7-card stock: 9♠, the five layout cards, and 2♣.
    deal = at(
        game, T_PJ_2_HANDS, stock="9S 10D JD QD KD 7D 2C", dealer=2, to_act=0, pools=[1, 2, 3, 4, 5]
    )
    assert legal(deal) == {"4S", "5S", "6S", "9C"}  # PJ-7: any card may be led
    play(deal, 0, "4S")
    # 1. A must continue 5♠ and 6♠; then B plays 7♠, 8♠.
    forced(deal, 0, "5S")
    forced(deal, 0, "6S")
    forced(deal, 1, "7S")
    events = forced(deal, 1, "8S")
    # 2. 9♠ is in the stock → stop ("No nine"); B leads.
    assert events[-1] == Stopped(1, C("8S"), C("9S"))
    assert deal.to_act == 1 and legal(deal) == {"KH"}
    # 3. B leads K♥, his only card → B wins at once.
    events = play(deal, 1, "KH")
    assert WentOut(1) in events and deal.over and deal.winner == 1
    # 4. A pays 1, C pays 3; every layout card is in the stock → no doubling.
    s = deal.settlement()
    settled(deal, [Paid(0, 1, 1, "cards left"), Paid(2, 1, 3, "cards left")])
    assert s.deltas == (-1, 4, -3)
    assert deal.pools == [1, 2, 3, 4, 5]
    # Carried to the next deal, where dealer A adds 15.
    nxt = Session(game, ["A", "B", "C"], first_dealer=0, balances=[100, 100, 100], pools=deal.pools)
    nxt.start_deal_seeded(2)
    assert nxt.pools == [2, 4, 6, 8, 10]
    assert nxt.balances == [85, 100, 100]


def test_t_pj_2_contrast_default_layout_king_card_led():
    game = pj()  # 10♦ J♣ Q♠ K♥ 7♦
    deal = at(
        game, T_PJ_2_HANDS, stock="9S 10D JC QS 7D 2C 3H", dealer=2, to_act=0, pools=[1, 2, 3, 4, 5]
    )
    for c in ("4S", "5S", "6S"):
        play(deal, 0, c)
    for c in ("7S", "8S"):
        play(deal, 1, c)
    events = play(deal, 1, "KH")
    assert PoolTaken(1, KING, 4) in events
    assert deal.over and deal.winner == 1
    assert deal.settlement().deltas == (-1, 8, -3)
    assert deal.pools == [1, 2, 3, 0, 5]


# ---- T-PJ-4 ---------------------------------------------------------------------------

T_PJ_4_HANDS = ["5D 6D 10C", "4D QS 3H", "7D JH 2C"]


def test_t_pj_4_eight_removed_seven_pope_is_a_stop_and_captured():
    game = pj(pj_removeEightOfDiamonds=True, pj_honourSuits="DDDD")
    assert not game.pack >> C("8D") & 1 and game.succ[C("7D")] is None
    deal = at(
        game,
        T_PJ_4_HANDS,
        stock="QH 10D JD QD KD",
        played="3C",
        rest="stock",
        dealer=2,
        to_act=1,
        pools=[1, 2, 3, 4, 5],
    )
    play(deal, 1, "4D")
    forced(deal, 0, "5D")
    forced(deal, 0, "6D")
    # 1. C plays 7♦ → captures Pope (+5); no 8♦ in the pack → stop; C leads.
    events = forced(deal, 2, "7D")
    assert PoolTaken(2, POPE, 5) in events
    assert events[-1] == Stopped(2, C("7D"), None)
    assert deal.to_act == 2 and legal(deal) == {"JH", "2C"}
    # 2. J♥: Q♥ in the stock → stop; C leads 2♣ → hand empty → C wins.
    events = play(deal, 2, "JH")
    assert events[-1] == Stopped(2, C("JH"), C("QH"))
    events = play(deal, 2, "2C")
    assert WentOut(2) in events and deal.winner == 2
    # 3. A pays 1, B pays 2; no layout card in a hand → no doubling.
    s = deal.settlement()
    settled(deal, [Paid(0, 2, 1, "cards left"), Paid(1, 2, 2, "cards left")])
    assert s.deltas == (-1, -2, 8)
    assert deal.pools == [1, 2, 3, 4, 0]


def test_t_pj_4_with_default_layout_cards_q_spades_doubles_queen():
    game = pj(pj_removeEightOfDiamonds=True)  # Ten 10♦, Jack J♣, Queen Q♠, King K♥
    deal = at(
        game,
        T_PJ_4_HANDS,
        stock="QH 10D JC KH",
        played="3C",
        rest="stock",
        dealer=2,
        to_act=1,
        pools=[1, 2, 3, 4, 5],
    )
    play(deal, 1, "4D")
    for c in ("5D", "6D"):
        play(deal, 0, c)
    for c in ("7D", "JH", "2C"):
        play(deal, 2, c)
    s = deal.settlement()
    # B still holds the Queen card Q♠ → pays the Queen's 3 into it.
    settled(
        deal, [Paid(0, 2, 1, "cards left"), Paid(1, 2, 2, "cards left")], [PaidToPool(1, QUEEN, 3)]
    )
    assert s.deltas == (-1, -5, 8)
    assert deal.pools == [1, 2, 6, 4, 0]


# ---- T-PJ-5 ---------------------------------------------------------------------------


def test_t_pj_5_stop_on_an_already_played_card():
    game = pj()
    deal = at(
        game,
        ["AC 2C 9H 10H KS", "6C 7H", "8H JH"],
        stock="QH 10D JC QS KH 7D",
        played="3C 4C 5C",
        rest="stock",
        dealer=2,
        to_act=0,
        pools=[1, 2, 3, 4, 5],
    )
    play(deal, 0, "AC")
    # 1. A continues 2♣; 3♣ already played → stop; A leads (not B, although B holds a club).
    events = forced(deal, 0, "2C")
    assert events[-1] == Stopped(0, C("2C"), C("3C"))
    assert deal.to_act == 0
    # 2. A leads 9♥, 10♥; C plays J♥; Q♥ in the stock → stop; leader C.
    play(deal, 0, "9H")
    forced(deal, 0, "10H")
    events = forced(deal, 2, "JH")
    assert events[-1] == Stopped(2, C("JH"), C("QH"))
    assert deal.to_act == 2
    # 3. C leads 8♥ (9♥ already played) → C's hand is empty → C wins.
    events = play(deal, 2, "8H")
    assert WentOut(2) in events and deal.winner == 2
    s = deal.settlement()
    settled(deal, [Paid(0, 2, 1, "cards left"), Paid(1, 2, 2, "cards left")])
    assert s.deltas == (-1, -2, 3)
    assert deal.pools == [1, 2, 3, 4, 5]


# ---- T-PJ-6 ---------------------------------------------------------------------------


def test_t_pj_6_nine_pope_with_eight_removed_only_led_and_doubled():
    game = pj(pj_pope="9D", pj_removeEightOfDiamonds=True)
    deal = at(
        game,
        ["9D 3S", "6D 7D 4S QH", "5S 10C"],
        stock="6S 10D JC QS KH",
        rest="stock",
        dealer=2,
        to_act=1,
        pools=[1, 2, 3, 4, 5],
    )
    play(deal, 1, "6D")
    # 1. B continues 7♦; 8♦ not in the pack → stop; A's 9♦ is never a continuation.
    events = forced(deal, 1, "7D")
    assert events[-1] == Stopped(1, C("7D"), None)
    assert deal.to_act == 1 and legal(deal) == {"4S", "QH"}
    assert all(game.succ[c] != C("9D") for c in cards_in(game.pack))
    # 2. B leads 4♠; C plays 5♠; 6♠ in the stock → stop; C leads 10♣ → C wins.
    play(deal, 1, "4S")
    events = forced(deal, 2, "5S")
    assert events[-1] == Stopped(2, C("5S"), C("6S"))
    play(deal, 2, "10C")
    assert deal.over and deal.winner == 2
    # 3. A pays 2, B pays 1; A holds the Pope 9♦ → pays 5 → Pope 10.
    s = deal.settlement()
    settled(
        deal, [Paid(0, 2, 2, "cards left"), Paid(1, 2, 1, "cards left")], [PaidToPool(0, POPE, 5)]
    )
    assert s.deltas == (-7, -1, 3)
    assert deal.pools == [1, 2, 3, 4, 10]


# ---- T-PJ-7 ---------------------------------------------------------------------------


def test_t_pj_7_one_player_takes_three_combinations_game_pope_doubled():
    """T-PJ-7 (PJ-23, PJ-24, PJ-25, PJ-27): the winner takes Game and the per-card payments
    (PJ-25); the holder of the Pope doubles it (PJ-24)."""
    game = pj(pj_profile="M")
    deal = at(
        game,
        ["JH QH KH 2C", "7D 9S 10S", "5C 6S"],
        stock="4H",
        rest="stock",
        turnup="4H",
        dealer=2,
        to_act=0,
        pools=[6, 4, 4, 5, 3],
    )
    play(deal, 0, "JH")
    # 1. Q♥: A has played Q♥ and J♥ → Intrigue +4.
    events = forced(deal, 0, "QH")
    assert PoolTaken(0, M_INT, 4) in events
    # 2. K♥: Matrimony +6 and Confederacy +4; King → stop; A leads.
    events = forced(deal, 0, "KH")
    assert PoolTaken(0, M_MAT, 6) in events and PoolTaken(0, M_CONF, 4) in events
    assert events[-1] == Stopped(0, C("KH"), None)
    assert deal.balances == [14, 0, 0]
    # 3. A leads 2♣ → A wins: Game +3; B pays 3, C pays 2.
    play(deal, 0, "2C")
    assert deal.over and deal.winner == 0
    s = deal.settlement()
    # 4. B holds the Pope → pays 5; no combination doubling (all paid out).
    settled(
        deal,
        [PoolTaken(0, M_GAME, 3)],
        [Paid(1, 0, 3, "cards left"), Paid(2, 0, 2, "cards left")],
        [PaidToPool(1, M_POPE, 5)],
    )
    assert s.deltas == (22, -8, -2)
    assert deal.pools == [0, 0, 0, 10, 0]


# ---- T-PJ-9 ---------------------------------------------------------------------------


def _pj9_deck(game, n, pope):
    """A shuffled deck whose top stock card (deck index N·k) is the Pope."""
    deck = [c for c in shuffled(game.pack, random.Random(9)) if c != pope]
    deck.insert(n * game.hand_size(n), pope)
    return deck


def test_t_pj_9_turned_pope_pj_m_default_gives_nothing_and_cannot_be_won():
    """T-PJ-9 (PJ-22, PJ-24, PJ-26): a turned Pope only fixes trumps; in the stock it is
    neither captured nor doubled, and its compartment carries."""
    game = pj(pj_profile="M")
    seven_d = C("7D")
    session = Session(game, ["A", "B", "C", "D"], first_dealer=3, pools=[0, 0, 0, 5, 0])
    session.start_deal_from_deck(_pj9_deck(game, 4, seven_d))
    deal = session.deal
    assert deal.turnup == seven_d and deal.stock >> seven_d & 1
    events = auto_stake(session)
    # Dealer 5 (one each), others 4 (Pope, Matrimony, Intrigue, Confederacy): Pope 5 + 4.
    assert deal.pools == [4, 4, 4, 9, 1]
    # Nobody receives anything at the turn-up.
    assert not [e for e in events if isinstance(e, PoolTaken | Paid)]
    assert [b - 100 for b in deal.balances] == [-4, -4, -4, -5]
    while not deal.over:
        assert all(a.card != seven_d for a in deal.legal_actions())
        session.apply(deal.legal_actions()[0])
    # The Pope is dead: never captured, nobody doubles it.
    assert session.pools[M_POPE] == 9
    assert not [e for e in deal.settle_events if isinstance(e, PaidToPool) and e.pool == M_POPE]
    # The next staking is added to it (dealer A: 5, others 4 → Pope +4).
    session.start_deal_seeded(3)
    auto_stake(session)
    assert session.pools[M_POPE] == 13


def test_t_pj_9_turned_pope_with_classic_turn_up_awards():
    """T-PJ-9 with ``pj.m.turnUpAwards = classic`` (PJ-26): the dealer takes the Pope."""
    game = pj(pj_profile="M", pj_m_turnUpAwards="classic")
    session = Session(game, ["A", "B", "C", "D"], first_dealer=3, pools=[0, 0, 0, 5, 0])
    session.start_deal_from_deck(_pj9_deck(game, 4, C("7D")))
    events = auto_stake(session)
    # The dealer takes the 9 at once and play continues normally.
    assert PoolTaken(3, M_POPE, 9) in events
    assert session.pools == [4, 4, 4, 0, 1]
    assert [b - 100 for b in session.balances] == [-4, -4, -4, 4]
    assert session.deal.phase == "play" and session.deal.to_act == 0
    while session.deal_in_progress:
        session.apply(session.legal_actions()[0])
    assert session.pools[M_POPE] == 0


# ---- T-PJ-10 --------------------------------------------------------------------------


def _deck_with_last(game, last, seed):
    deck = [c for c in shuffled(game.pack, random.Random(seed)) if c != last]
    return [*deck, last]


def test_t_pj_10_classic_board_pope_turned_ends_the_deal():
    """T-PJ-10 (PJ-C-3 dressing, PJ-C-4 deal of 51 cards and the last card turned, PJ-C-5)."""
    game = pj(pj_profile="C")
    nine_d = C("9D")
    session = Session(game, ["A", "B", "C", "D"], first_dealer=3)
    deck = _deck_with_last(game, nine_d, 10)
    assert len(deck) == 51
    events = session.start_deal_from_deck(deck)
    deal = session.deal
    # 1. Dressing: Pope 6, Matrimony 2, Intrigue 2, Ace, King, Queen, Jack, Game 1 each.
    assert events[:8] == [PaidToPool(3, pool, n) for pool, n in enumerate((6, 2, 2, 1, 1, 1, 1, 1))]
    # 2. Five hands: A, B, C, D 10 each (deck index i < 50: i mod 5), dead hand 11.
    for i in range(50):
        j = i % 5
        if j < 4:
            assert deal.hands[j] >> deck[i] & 1
        else:
            assert deal.stock >> deck[i] & 1
    assert [h.bit_count() for h in deal.hands] == [10, 10, 10, 10]
    assert deal.stock.bit_count() == 11 and deal.turnup == nine_d == deck[50]
    # 3. Pope 6 + Game 1 to D, A B C pay 10 each; no play.
    assert events[8:] == [
        PoolTaken(3, C_POPE, 6),
        PoolTaken(3, C_GAME, 1),
        Paid(0, 3, 10, "turned Pope"),
        Paid(1, 3, 10, "turned Pope"),
        Paid(2, 3, 10, "turned Pope"),
        DealEnded(3),
    ]
    assert deal.over and deal.winner == 3 and not deal.history
    assert deal.settlement().deltas == (-10, -10, -10, 22)
    assert session.pools == [0, 2, 2, 1, 1, 1, 1, 0]
    # Next deal, dealer A dresses on top of the carried board (turn-up 2♠: no award).
    session.start_deal_from_deck(_deck_with_last(game, C("2S"), 11))
    assert session.deal.dealer == 0 and session.deal.turnup == C("2S")
    assert session.pools == [6, 4, 4, 2, 2, 2, 2, 1]


def test_t_pj_10_pope_only_variant_plays_the_deal():
    game = pj(pj_profile="C", pj_c_popeTurnUp="popeOnly")
    session = Session(game, ["A", "B", "C", "D"], first_dealer=3)
    events = session.start_deal_from_deck(_deck_with_last(game, C("9D"), 10))
    assert events[8:] == [PoolTaken(3, C_POPE, 6)]
    assert session.pools == [0, 2, 2, 1, 1, 1, 1, 1]
    assert [b - 100 for b in session.balances] == [0, 0, 0, -9]
    deal = session.deal
    assert deal.phase == "play" and deal.to_act == 0
    while session.deal_in_progress:
        session.apply(session.legal_actions()[0])
    assert deal.winner is not None and deal.hands[deal.winner] == 0


# ---- T-PJ-11 --------------------------------------------------------------------------


def test_t_pj_11_honour_turned_queen_taken_by_dealer():
    game = pj(pj_profile="C")
    session = Session(game, ["A", "B", "C", "D"], first_dealer=3)
    deck = _deck_with_last(game, C("QC"), 12)
    # B (deck position j = 1) holds J♣; K♣ goes to A (j = 0).
    deck.remove(C("JC"))
    deck.remove(C("KC"))
    deck[0:0] = [C("KC"), C("JC")]
    events = session.start_deal_from_deck(deck)
    deal = session.deal
    assert deal.turnup == C("QC") and deal.hands[1] >> C("JC") & 1
    assert not deal.hands[1] >> C("KC") & 1
    # 1. D takes the Queen compartment: D +1 (−15 dressing), Queen 0.
    assert events[8:] == [PoolTaken(3, C_QUEEN, 1)]
    assert [b - 100 for b in session.balances] == [0, 0, 0, -14]
    assert session.pools == [6, 2, 2, 1, 1, 0, 1, 1]


def test_t_pj_11_jack_led_intrigue_blocked_by_the_turned_queen():
    game = pj(pj_profile="C")
    # Later in the deal: B has the lead with J♣ (no K♣); the Q♣ turn-up lies in the dead hand.
    deal = at(
        game,
        ["3H 5S", "JC 4H 6S", "KC 5H 8S", "10H 2S"],
        stock="QC",
        rest="stock",
        turnup="QC",
        dealer=3,
        to_act=1,
        pools=[6, 2, 2, 1, 1, 0, 1, 1],
    )
    # 3. B leads J♣ → takes Jack (+1); Q♣ is dead → stop; B leads again; Intrigue stays 2.
    events = play(deal, 1, "JC")
    assert PoolTaken(1, C_JACK, 1) in events
    assert events[-1] == Stopped(1, C("JC"), C("QC"))
    assert deal.to_act == 1 and legal(deal) == {"4H", "6S"}
    assert deal.balances == [0, 1, 0, 0] and deal.pools[C_INT] == 2
    # 2. Matrimony cannot be won either: C's K♣ later takes only the King compartment.
    play(deal, 1, "4H")
    forced(deal, 2, "5H")  # 6♥ is dead: stop, C leads
    events = play(deal, 2, "KC")
    assert [e for e in events if isinstance(e, PoolTaken)] == [PoolTaken(2, C_KING, 1)]
    assert deal.pools == [6, 2, 2, 1, 0, 0, 0, 1]


# ---- T-PJ-13 --------------------------------------------------------------------------


def test_t_pj_13_confederacy_divided_between_two_players():
    game = pj(pj_profile="M")
    deal = at(
        game,
        ["10C JC 6H 3S", "4D 5D 9S", "KC 7H 2S"],
        stock="3C QC 8H 7D",
        rest="played",
        turnup="3C",
        dealer=2,
        to_act=0,
        pools=[4, 2, 7, 3, 2],
    )
    play(deal, 0, "10C")
    # 1. A continues J♣; Q♣ in the stock → stop; A leads 6♥; C 7♥; 8♥ in the stock → stop.
    events = forced(deal, 0, "JC")
    assert events[-1] == Stopped(0, C("JC"), C("QC"))
    play(deal, 0, "6H")
    events = forced(deal, 2, "7H")
    assert events[-1] == Stopped(2, C("7H"), C("8H"))
    assert deal.to_act == 2
    # 2. C leads K♣ → Confederacy divided 3 + 3, the odd counter stays.
    events = play(deal, 2, "KC")
    assert PoolTaken(2, M_CONF, 3) in events and PoolTaken(0, M_CONF, 3) in events
    assert deal.pools[M_CONF] == 1
    assert events[-1] == Stopped(2, C("KC"), None)
    play(deal, 2, "2S")
    assert deal.over and deal.winner == 2
    # 3. Game 2 to C; A pays 1, B pays 3. 4. No doubling.
    s = deal.settlement()
    settled(
        deal, [PoolTaken(2, M_GAME, 2)], [Paid(0, 2, 1, "cards left"), Paid(1, 2, 3, "cards left")]
    )
    assert s.deltas == (2, -3, 9)
    assert deal.pools == [4, 2, 1, 3, 0]


# ---- T-PJ-14 --------------------------------------------------------------------------


T_PJ_14 = ["9S KS 4H", "QS 7D 6C", "10S JS"]
T_PJ_14_QS_TURNED = ["9S KS 4H", "5S 7D 6C", "10S JS"]
# B holds the Pope; A holds K♠ (Matrimony, Confederacy); B holds Q♠ (Matrimony, Intrigue).
ALL_DOUBLED = [
    PaidToPool(1, M_POPE, 3),
    PaidToPool(0, M_MAT, 6),
    PaidToPool(1, M_MAT, 6),
    PaidToPool(1, M_INT, 4),
    PaidToPool(0, M_CONF, 5),
]


@pytest.mark.parametrize(
    ("options", "hands", "turnup", "doubling", "deltas", "pools"),
    [
        ({}, T_PJ_14, "5S", ALL_DOUBLED, (-13, -16, 7), [18, 8, 10, 6, 0]),
        (
            {"pj_m_doubleCombos": False},
            T_PJ_14,
            "5S",
            [PaidToPool(1, M_POPE, 3)],
            (-2, -6, 7),
            [6, 4, 5, 6, 0],
        ),
        ({"pj_doubling": False}, T_PJ_14, "5S", [], (-2, -3, 7), [6, 4, 5, 3, 0]),
        (
            {"pj_doubling": False, "pj_m_doubleCombos": True},
            T_PJ_14,
            "5S",
            [],
            (-2, -3, 7),
            [6, 4, 5, 3, 0],
        ),
        (
            {},
            T_PJ_14_QS_TURNED,
            "QS",
            [PaidToPool(1, M_POPE, 3), PaidToPool(0, M_CONF, 5)],
            (-7, -6, 7),
            [6, 4, 10, 6, 0],
        ),
    ],
    ids=[
        "default",
        "doubleCombos-false",
        "doubling-false",
        "doubling-false-combos-true",
        "turnup-QS",
    ],
)
def test_t_pj_14_unplayed_trump_honours_double_their_combinations(
    options, hands, turnup, doubling, deltas, pools
):
    game = pj(pj_profile="M", **options)
    deal = at(game, hands, stock=turnup, turnup=turnup, dealer=2, to_act=0, pools=[6, 4, 5, 3, 2])
    play(deal, 0, "9S")
    forced(deal, 2, "10S")
    # 1. C plays J♠ → hand empty → C wins at once, although B holds Q♠ in the default.
    events = forced(deal, 2, "JS")
    assert WentOut(2) in events and deal.over and deal.winner == 2
    # 2. Game 2 to C; A pays 2, B pays 3. 3. Doubling with the end-of-play amounts.
    settled(
        deal,
        [PoolTaken(2, M_GAME, 2)],
        [Paid(0, 2, 2, "cards left"), Paid(1, 2, 3, "cards left")],
        doubling,
    )
    assert deal.settlement().deltas == deltas
    assert deal.pools == pools


# ---- T-PJ-15 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "deltas", "pools"),
    [
        ({}, (-1, -17, 4), [2, 0, 6, 16, 20]),
        ({"pj_doubling": False}, (-1, 1, 4), [2, 0, 6, 8, 10]),
    ],
    ids=["default", "doubling-false"],
)
def test_t_pj_15_one_player_doubles_two_compartments(options, deltas, pools):
    game = pj(**options)
    deal = at(
        game,
        ["9C 10C 5H", "JC KH 7D 3S", "QC 8S 6H"],
        stock="KC 9S 10D QS",
        dealer=2,
        to_act=0,
        pools=[2, 4, 6, 8, 10],
    )
    play(deal, 0, "9C")
    forced(deal, 0, "10C")
    # 1. B plays J♣ → Jack (+4); C plays Q♣ (not the Queen card); K♣ in stock → stop.
    events = forced(deal, 1, "JC")
    assert PoolTaken(1, JACK, 4) in events
    events = forced(deal, 2, "QC")
    assert not [e for e in events if isinstance(e, PoolTaken)]
    assert events[-1] == Stopped(2, C("QC"), C("KC"))
    # 2. C leads 8♠; 9♠ in the stock → stop; C leads 6♥ → C wins.
    events = play(deal, 2, "8S")
    assert events[-1] == Stopped(2, C("8S"), C("9S"))
    play(deal, 2, "6H")
    assert deal.over and deal.winner == 2
    s = deal.settlement()
    # 3. A pays 1, B pays 3. 4. B doubles King (8) and Pope (10) in the default.
    doubling = [] if options else [PaidToPool(1, KING, 8), PaidToPool(1, POPE, 10)]
    settled(deal, [Paid(0, 2, 1, "cards left"), Paid(1, 2, 3, "cards left")], doubling)
    assert s.deltas == deltas
    assert deal.pools == pools
    if not options:
        # Next deal (dealer A, Δ −15): Ten 3, Jack 2, Queen 9, King 20, Pope 25.
        nxt = Session(game, ["A", "B", "C"], first_dealer=0, pools=deal.pools)
        nxt.start_deal_seeded(15)
        assert nxt.pools == [3, 2, 9, 20, 25]
        assert [b - 100 for b in nxt.balances] == [-15, 0, 0]


# ---- PJ-M staking (PJ-21) -------------------------------------------------------------


def test_pj_m_staking_dealer_names_d_others_stake_d_minus_1_pj21():
    game = pj(pj_profile="M")
    session = Session(game, ["A", "B", "C", "D"], first_dealer=3)
    session.start_deal_seeded(21)
    assert session.decision() == StakeChoice(seat=3, low=1, high=None, default=5)
    auto_stake(session)
    # With defaults and 4 players: Pope 4, Matrimony 4, Intrigue 4, Confederacy 4, Game 1.
    assert session.pools == [4, 4, 4, 4, 1]
    assert [b - 100 for b in session.balances] == [-4, -4, -4, -5]
    assert game.auto_split(4) == (1, 1, 1, 1, 0)  # order Pope, Mat., Intrigue, Conf., Game
    session = Session(game, ["A", "B", "C"], first_dealer=2)
    session.start_deal_seeded(22)
    session.apply(NameStake(2, 3))
    assert session.decision() == SplitChoice(0, 2, game.pools, game.auto_split(2))


# ---- PJ-20, PJ-C-1, PJ-C-4, PJ-C-7, PJ-C-8, PJ-C-10 ----------------------------------------


def test_pj_20_trump_layout_compartments():
    """PJ-20: Matrimony K+Q, Intrigue Q+J and Confederacy K+J of trumps; the Pope is the
    ``pj.pope`` card whatever the trumps; Game; no single-honour compartment."""
    game = pj(pj_profile="M")
    assert game.pools == ("matrimony", "intrigue", "confederacy", "pope", "game")
    hearts = C("4H") // 13
    assert game.combo_table(hearts) == (
        (M_MAT, C("KH"), C("QH")),
        (M_INT, C("QH"), C("JH")),
        (M_CONF, C("KH"), C("JH")),
    )
    assert game.combo_table(None) == ()
    for trump in range(4):
        assert dict(game.capture_table(trump)) == {C("7D"): M_POPE}
    assert dict(pj(pj_profile="M", pj_pope="9D").capture_table(hearts)) == {C("9D"): M_POPE}
    faces = game.pool_faces(C("4H"))
    assert [(f.label, f.card, f.detail) for f in faces] == [
        ("Matrimony", None, "K♥ Q♥"),
        ("Intrigue", None, "Q♥ J♥"),
        ("Confederacy", None, "K♥ J♥"),
        ("Pope", C("7D"), ""),
        ("Game", None, ""),
    ]


@pytest.mark.parametrize(
    ("n", "k", "dead"), [(3, 12, 15), (4, 10, 11), (5, 8, 11), (6, 7, 9), (7, 6, 9), (8, 5, 11)]
)
def test_pj_c_1_and_pj_c_4_classic_board_seats_and_deal(n, k, dead):
    """PJ-C-1: 3–8 players. PJ-C-4: 51 cards, the extra-hand deal (k each, a dead hand of the
    rest) and the last card dealt (deck index 50, in the dead hand) turned for trumps."""
    game = pj(pj_profile="C")
    assert (game.min_players, game.max_players) == (3, 8)
    for wrong in (2, 9):
        with pytest.raises(ValueError, match="3 to 8 players"):
            Session(game, [f"P{i}" for i in range(wrong)], first_dealer=0)
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=n - 1)
    deck = shuffled(game.pack, random.Random(n))
    assert len(deck) == 51
    session.start_deal_from_deck(deck)
    deal = session.deal
    assert [h.bit_count() for h in deal.hands] == [k] * n
    assert deal.stock.bit_count() == dead and deal.turnup == deck[50]
    assert deal.stock >> deck[50] & 1


def _pj_c_end(**options):
    """PJ-C, clubs trumps (3♣ turned, in the dead hand), 3 players: A goes out with 5♠; B holds
    the Pope 9♦ and 2♥; C holds the trump Ace and King (A♣ K♣) and 4♥."""
    game = pj(pj_profile="C", **options)
    deal = at(
        game,
        ["5S", "9D 2H", "AC KC 4H"],
        stock="3C",
        rest="played",
        turnup="3C",
        dealer=2,
        to_act=0,
        pools=[6, 2, 2, 1, 1, 1, 1, 1],
    )
    events = play(deal, 0, "5S")
    assert WentOut(0) in events and deal.over and deal.winner == 0
    return deal


def test_pj_c_7_the_winner_takes_game_and_the_pope_excuses_its_holder():
    """PJ-C-7: the winner takes Game; every other player pays 1 per card, except the holder
    of the unplayed Pope (``pj.c.popeExcuses``)."""
    deal = _pj_c_end()
    settled(deal, [PoolTaken(0, C_GAME, 1)], [Paid(2, 0, 3, "cards left")])
    assert deal.settlement().deltas == (4, 0, -3)
    deal = _pj_c_end(pj_c_popeExcuses=False)
    settled(
        deal, [PoolTaken(0, C_GAME, 1)], [Paid(1, 0, 2, "cards left"), Paid(2, 0, 3, "cards left")]
    )
    assert deal.settlement().deltas == (6, -2, -3)


def test_pj_c_8_no_doubling_unwon_compartments_carry():
    """PJ-C-8: nobody pays for the Pope or the trump honours left in hand; the compartments
    not won simply carry over."""
    deal = _pj_c_end()
    assert not [e for e in deal.settlement().events if isinstance(e, PaidToPool)]
    assert deal.pools == [6, 2, 2, 1, 1, 1, 1, 0]


def test_pj_c_10_the_pope_is_never_played_in_lieu_of_a_stop():
    """PJ-C-10 (documented only): Peel's rule letting the Pope be played "in lieu of a stop"
    is not played. When the 5♠ stops (6♠ played) A leads again; B, holding the 9♦, has no
    play out of turn; the classic board keeps its eight compartments."""
    game = pj(pj_profile="C")
    assert len(game.pools) == 8
    deal = at(
        game,
        ["4S 5S 2H", "9D 3H", "KC 4H"],
        stock="3C",
        played="6S",
        rest="played",
        turnup="3C",
        dealer=2,
        to_act=0,
    )
    play(deal, 0, "4S")
    forced(deal, 0, "5S")  # A's own run; the 6♠ is played: a stop
    assert deal.to_act == 0 and legal(deal) == {"2H"}
    assert deal.explain_illegal(Play(1, C("9D"))) == "it is seat 0's turn, not seat 1's"
