"""Spinado (rules spec section 6: SN-1 … SN-16) on the stops engine, with the spec's worked
scenarios T-SN-* (section 8.4) as exact expectations.

Unless stated: 4 players A, B, C, D (seats 0–3), dealer D; 47-card pack (no 2s, no 8♦).
Balances start at 0 in ``from_position`` deals, so a balance is the seat's Δ. Filler cards are
never Kings, never ♦A/♦K/♦Q/♦J and never the successor of a card played in the scenario;
every other card lies in the widow (stock) or has been played.
"""

import random

import pytest

from gamecore.actions import Play
from gamecore.cards import AD, cards_in, mask_of, parse_card
from gamecore.events import LeadPassed, Paid, PaidToPool, PoolTaken, Stopped, WentOut
from gamecore.games import make_game
from gamecore.match import Session, shuffled
from gamecore.stops.deal import StopsDeal
from helpers import hand, scenario_deal
from helpers import legal_plays as legal
from helpers import play_card as play

C = parse_card
MAT, INT, GAME = range(3)  # pool indexes


def sn(**options):
    """Spinado rules; keyword ``sn_allowSpinadoAlone=True`` → ``sn.allowSpinadoAlone``."""
    return make_game("spinado", {k.replace("_", "."): v for k, v in options.items()})


def at(game, hands, **kw) -> StopsDeal:
    """A deal in play (see helpers.scenario_deal); cards not placed go to the stock."""
    return scenario_deal(game, hands, **{"rest": "stock", **kw})


def paid(events) -> list:
    return sorted((e for e in events if isinstance(e, Paid)), key=repr)


def spinado_paid(events) -> list:
    return [e for e in paid(events) if e.reason == "Spinado"]


def bonus(payee: int, payers, amount: int, reason: str) -> list:
    return sorted((Paid(p, payee, amount, reason) for p in payers), key=repr)


# ---- T-SN-1 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "k", "widow"), [(2, 15, 17), (3, 11, 14), (4, 9, 11), (5, 7, 12), (6, 6, 11), (7, 5, 12)]
)
def test_t_sn_1_deal_sizes(n, k, widow):
    """T-SN-1 (SN-6): the extra-hand deal of 47 cards; the over-cards go to the widow."""
    game = sn()
    assert game.pack_size() == 47
    session = Session(game, [f"P{i}" for i in range(n)], first_dealer=n - 1)
    session.start_deal_from_deck(shuffled(game.pack, random.Random(n)))
    deal = session.deal
    assert [h.bit_count() for h in deal.hands] == [k] * n
    assert deal.stock.bit_count() == widow and deal.turnup is None  # no trump


def test_t_sn_1_four_player_deterministic_deal():
    game = sn()
    deck = shuffled(game.pack, random.Random(41))
    hands, stock, turnup = game.deal_from_deck(deck, 4, dealer=3)
    # i < 45: position i mod 5 = 0, 1, 2, 3 → A, B, C, D; 4 → widow; 45, 46 → widow.
    for seat in range(4):
        assert hands[seat] == [deck[i] for i in range(45) if i % 5 == seat]
    assert stock == [deck[i] for i in range(45) if i % 5 == 4] + deck[45:]
    assert turnup is None


# ---- T-SN-2 / T-SN-3 ------------------------------------------------------------------


def test_t_sn_2_fresh_staking():
    session = Session(sn(), ["A", "B", "C", "D"], first_dealer=3)
    events = session.start_deal_seeded(2)
    assert sorted(events, key=repr) == sorted(
        [
            PaidToPool(3, MAT, 12),
            PaidToPool(3, INT, 6),
            PaidToPool(3, GAME, 6),
            PaidToPool(0, GAME, 3),
            PaidToPool(1, GAME, 3),
            PaidToPool(2, GAME, 3),
        ],
        key=repr,
    )
    assert session.pools == [12, 6, 15]
    assert [b - 100 for b in session.balances] == [-3, -3, -3, -24]
    # No staking decision: the eldest leads at once.
    assert session.deal.phase == "play" and session.deal.to_act == 0


@pytest.mark.parametrize(
    ("prev_winner", "deltas", "pools"),
    [
        (1, [-24, 0, -3, -3], [24, 12, 12]),
        (0, [-24, -3, -3, -3], [24, 12, 15]),
    ],
    ids=["winner-B-exempt", "winner-is-the-dealer"],
)
def test_t_sn_3_winners_exemption(prev_winner, deltas, pools):
    """T-SN-3 (SN-5, SN-15): the unwon Matrimony and Intrigue carry over and the dealer's new
    12 and 6 are added; the previous winner stakes nothing to the Game pool."""
    session = Session(sn(), ["A", "B", "C", "D"], first_dealer=0, pools=[12, 6, 0])
    session.prev_winner = prev_winner
    session.start_deal_seeded(3)
    assert session.deal.dealer == 0
    assert [b - 100 for b in session.balances] == deltas
    assert session.pools == pools


# ---- T-SN-4 ---------------------------------------------------------------------------


def test_t_sn_4_aces_are_stops():
    deal = at(sn(), ["AC 7H 9H", "3S 5C", "4D 6S", "10C 3H"], to_act=0)
    assert legal(deal) == {"AC", "7H", "9H"}  # SN-7: any card
    events = play(deal, 0, "AC")
    assert events[-1] == Stopped(0, C("AC"), None)  # no 2♣ in the pack
    assert deal.to_act == 0 and legal(deal) == {"7H", "9H"}


# ---- T-SN-5 ---------------------------------------------------------------------------


def test_t_sn_5_spinado_with_a_continuation_card():
    deal = at(sn(), ["3S 5H", "10C AD 6H 8S", "JC 4S", "9H 4C"], top="9C", to_act=1)
    assert legal(deal) == {"10C", "spin 10C"}
    events = play(deal, 1, "10C", spin=True)
    assert paid(events) == bonus(1, (0, 2, 3), 3, "Spinado")
    # The sequence stops at 10♣ (C keeps J♣); B leads next from {6♥ 8♠}.
    assert events[-1] == Stopped(1, C("10C"), None)
    assert deal.hands[2] >> C("JC") & 1
    assert deal.hands[1] == hand("6H 8S")
    assert deal.to_act == 1 and legal(deal) == {"6H", "8S"}
    assert deal.balances == [-3, 9, -3, -3]


# ---- T-SN-7 ---------------------------------------------------------------------------


def test_t_sn_7_jack_queen_king_of_diamonds_by_three_players():
    deal = at(sn(), ["JD 5C", "QD 9S", "KD 3H 8C", "4S 6H"], to_act=0, pools=[12, 6, 15])
    play(deal, 0, "JD")
    events = play(deal, 1, "QD")
    assert not [e for e in events if isinstance(e, PoolTaken)]
    events = play(deal, 2, "KD")
    assert paid(events) == bonus(2, (0, 1, 3), 2, "♦K")
    assert not [e for e in events if isinstance(e, PoolTaken)]
    assert deal.pools == [12, 6, 15]
    assert events[-1] == Stopped(2, C("KD"), None)
    assert deal.to_act == 2 and legal(deal) == {"3H", "8C"}
    assert deal.balances == [-2, -2, 6, -2]


# ---- T-SN-8 ---------------------------------------------------------------------------


def test_t_sn_8_kings_other_than_the_diamond_king():
    deal = at(sn(), ["3H 5C", "6C 9H", "KS 4H 7C", "10H 3C"], top="QS", to_act=2)
    events = play(deal, 2, "KS")
    assert paid(events) == bonus(2, (0, 1, 3), 1, "King")
    assert events[-1] == Stopped(2, C("KS"), None)
    assert deal.to_act == 2 and legal(deal) == {"4H", "7C"}
    assert deal.balances == [-1, -1, 3, -1]


# ---- T-SN-10 --------------------------------------------------------------------------

T_SN_10 = ["5S 9H", "AC AD", "3H 10S", "6C 7S"]


def test_t_sn_10_the_diamond_ace_alone_cannot_lead():
    deal = at(sn(), T_SN_10, to_act=1, pools=[12, 6, 15])
    # B plays a stop card (A♣), keeping only the ♦A.
    events = play(deal, 1, "AC")
    assert events[-2:] == [Stopped(1, C("AC"), None), LeadPassed(1, 2)]
    # The lead passes to C, who may lead any card.
    assert deal.to_act == 2 and legal(deal) == {"3H", "10S"}
    play(deal, 2, "10S")  # J♠ in the widow: stop
    assert deal.to_act == 2
    events = play(deal, 2, "3H")
    assert WentOut(2) in events and deal.winner == 2
    # B never played again; he pays 2 (2 × 1 card); A and D 1 per card.
    assert deal.hands[1] == mask_of([AD])
    assert Paid(1, 2, 2, "cards left") in events
    assert deal.settlement().deltas == (-2, -2, 21, -2)
    assert deal.pools == [12, 6, 0]


def test_t_sn_10_spinado_alone_allowed_b_leads_it_and_wins():
    deal = at(sn(sn_allowSpinadoAlone=True), T_SN_10, to_act=1, pools=[12, 6, 15])
    play(deal, 1, "AC")
    assert deal.to_act == 1 and legal(deal) == {"AD"}
    events = play(deal, 1, "AD")
    assert WentOut(1) in events and deal.winner == 1
    assert spinado_paid(events) == bonus(1, (0, 2, 3), 3, "Spinado")
    # Game 15; A, C, D pay 2 each for their cards.
    assert deal.settlement().deltas == (-5, 30, -5, -5)
    assert deal.pools == [12, 6, 0]


# ---- T-SN-11 --------------------------------------------------------------------------


def test_t_sn_11_seven_of_diamonds_is_a_stop():
    game = sn()
    deal = at(game, ["5D 6D 3S", "7D 4C", "9D 3H", "10S 6C"], to_act=0)
    play(deal, 0, "5D")
    assert deal.legal_actions() == [Play(0, C("6D"))]
    play(deal, 0, "6D")
    assert deal.legal_actions() == [Play(1, C("7D"))]
    events = play(deal, 1, "7D")
    assert events[-1] == Stopped(1, C("7D"), None)  # no 8♦
    assert deal.to_act == 1 and legal(deal) == {"4C"}
    # C's 9♦ can only be led: it is nobody's successor in the Spinado pack.
    assert all(game.succ[c] != C("9D") for c in cards_in(game.pack))


# ---- T-SN-12 --------------------------------------------------------------------------


def test_t_sn_12_spinado_attached_to_a_lead():
    deal = at(sn(), ["3S 9C", "5H AD 10S 3C", "6H 4S", "7C 9S"], to_act=1)
    assert legal(deal) == {"5H", "10S", "3C", "spin 5H", "spin 10S", "spin 3C"}
    events = play(deal, 1, "5H", spin=True)
    assert paid(events) == bonus(1, (0, 2, 3), 3, "Spinado")
    # 5♥ is a stop although C holds 6♥; B leads again from {10♠ 3♣}.
    assert events[-1] == Stopped(1, C("5H"), None)
    assert deal.hands[2] >> C("6H") & 1
    assert deal.to_act == 1 and legal(deal) == {"10S", "3C"}
    assert deal.balances == [-3, 9, -3, -3]


# ---- T-SN-13 --------------------------------------------------------------------------

# B's card before the scenario: A♠, a stop (every Ace is), after which he holds only the ♦A.
T_SN_13 = ["3C 4C 9H", "AS AD", "JS 10H", "QS KS 5C"]


def test_t_sn_13_the_lead_passes_over_the_diamond_ace_holder():
    deal = at(sn(), T_SN_13, to_act=1, pools=[12, 6, 15])
    events = play(deal, 1, "AS")  # B makes a stop, so B is to lead
    # 1. B cannot lead → the lead passes to C, who may lead any card.
    assert events[-2:] == [Stopped(1, C("AS"), None), LeadPassed(1, 2)]
    assert deal.to_act == 2 and legal(deal) == {"JS", "10H"}
    # 2. C leads J♠; D plays Q♠ and K♠ → A, B and C each pay D 1.
    play(deal, 2, "JS")
    assert deal.legal_actions() == [Play(3, C("QS"))]
    play(deal, 3, "QS")
    events = play(deal, 3, "KS")
    assert paid(events) == bonus(3, (0, 1, 2), 1, "King")
    assert events[-1] == Stopped(3, C("KS"), None)
    # 3. D leads 5♣ → D wins.
    assert deal.to_act == 3 and legal(deal) == {"5C"}
    events = play(deal, 3, "5C")
    assert WentOut(3) in events and deal.winner == 3
    # 4. D takes Game 15; A pays 3; B pays 2 (2 × the ♦A); C pays 1.
    s = deal.settlement()
    assert s.events[0] == PoolTaken(3, GAME, 15)
    assert sorted(s.events[1:], key=repr) == sorted(
        [Paid(0, 3, 3, "cards left"), Paid(1, 3, 2, "cards left"), Paid(2, 3, 1, "cards left")],
        key=repr,
    )
    assert s.deltas == (-4, -3, -2, 24)
    assert deal.pools == [12, 6, 0]
    # 5. Next deal (dealer A): D, the winner, is exempt.
    session = Session(sn(), ["A", "B", "C", "D"], first_dealer=0, pools=deal.pools)
    session.prev_winner = deal.winner
    session.start_deal_seeded(13)
    assert [b - 100 for b in session.balances] == [-24, -3, -3, 0]
    assert session.pools == [24, 12, 12]


def test_t_sn_13_spinado_alone_allowed():
    deal = at(sn(sn_allowSpinadoAlone=True), T_SN_13, to_act=1, pools=[12, 6, 15])
    play(deal, 1, "AS")
    assert deal.to_act == 1 and legal(deal) == {"AD"}
    events = play(deal, 1, "AD")
    assert WentOut(1) in events and deal.winner == 1
    assert spinado_paid(events) == bonus(1, (0, 2, 3), 3, "Spinado")
    # Game 15; A pays 3, C 2, D 3.
    s = deal.settlement()
    assert s.events[0] == PoolTaken(1, GAME, 15)
    assert sorted(s.events[1:], key=repr) == sorted(
        [Paid(0, 1, 3, "cards left"), Paid(2, 1, 2, "cards left"), Paid(3, 1, 3, "cards left")],
        key=repr,
    )
    assert s.deltas == (-6, 32, -5, -6)
    assert deal.pools == [12, 6, 0]


# ---- SN-14: the ♦A holder pays double for every card ----------------------------------


def test_holder_of_the_diamond_ace_pays_double_for_every_card_sn14():
    deal = at(sn(), ["5H", "AD 3S 4C 6D", "9C 10S", "7C JH"], top="4H", to_act=0)
    events = play(deal, 0, "5H")
    assert Paid(1, 0, 8, "cards left") in events  # ♦A and three other cards → 8


def test_sn_15_game_is_won_every_deal_and_the_pairs_carry():
    """SN-15: the Game pool is won every deal; unwon Matrimony and Intrigue carry over, the
    next dealer's 12 and 6 added to them (SN-5)."""
    session = Session(sn(gen_rounds=2), ["A", "B", "C", "D"], first_dealer=3)
    rng = random.Random(15)
    carried = [0, 0, 0]
    carries = 0
    while not session.complete:
        session.start_deal_seeded(rng.randrange(1 << 30))
        deal = session.deal
        exempt = deal.prev_winner is not None and deal.prev_winner != deal.dealer
        assert session.pools == [carried[MAT] + 12, carried[INT] + 6, 6 + 3 * (2 if exempt else 3)]
        while session.deal_in_progress:
            session.apply(rng.choice(session.legal_actions()))
        assert session.pools[GAME] == 0  # the winner takes it, always
        carried = list(session.pools)
        carries += bool(carried[MAT] or carried[INT])
    assert len(session.logs) == 8 and carries > 0
