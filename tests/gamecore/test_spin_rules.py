"""Spin (rules spec section 5: SP-1 … SP-10) on the stops engine, with the spec's worked
scenarios T-SP-* (section 8.3) as exact expectations.

Seats: A = 0, B = 1, C = 2. Balances start at 0 in ``from_position`` deals, so a balance is
the seat's Δ. Filler cards are never pay cards (♥A ♣K ♦Q ♠J), never the ♦A and never the
successor of a card played in the scenario; every other card lies in the stock or has been
played.
"""

import json

import pytest

from gamecore.actions import Play
from gamecore.cards import AD, parse_card
from gamecore.decisions import PlayChoice
from gamecore.errors import IllegalAction, OptionError, RecordError
from gamecore.events import LeadPassed, Paid, PoolTaken, Stopped, WentOut
from gamecore.games import make_game
from gamecore.record import parse_record
from gamecore.stops.deal import StopsDeal
from helpers import legal_plays as legal
from helpers import play_card as play
from helpers import scenario_deal

C = parse_card
AH, KC, QD, JS = range(4)  # pool indexes, record order


def spin(**options):
    """Spin rules; keyword ``sp_spinPayment=3`` → option ``sp.spinPayment``."""
    return make_game("spin", {k.replace("_", "."): v for k, v in options.items()})


def at(game, hands, **kw) -> StopsDeal:
    """A deal in play (see helpers.scenario_deal); cards not placed go to the played."""
    return scenario_deal(game, hands, **{"rest": "played", **kw})


def paid(events) -> list[Paid]:
    return [e for e in events if isinstance(e, Paid)]


# ---- T-SP-3 ---------------------------------------------------------------------------


def test_t_sp_3_no_spin_without_the_next_card():
    deal = at(spin(), ["3H 4C", "AD 5H 6C", "10S 7D 9C"], top="9S", to_act=2)
    # C must play 10♠, with no Spin offered (C lacks the ♦A); B has no legal action.
    assert deal.decision() == PlayChoice(2, (Play(2, C("10S")),))
    assert deal.explain_illegal(Play(2, C("10S"), spin=True)) is not None
    assert "seat 2's turn" in deal.explain_illegal(Play(1, AD))
    with pytest.raises(IllegalAction):
        deal.apply(Play(1, C("5H"), spin=True))
    deal.apply(Play(2, C("10S")))
    assert deal.played >> C("10S") & 1 and deal.hands[1] >> AD & 1


# ---- T-SP-4 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ordinary", "expected"), [(False, {"5C", "9H"}), (True, {"AD", "5C", "9H"})]
)
def test_t_sp_4a_the_diamond_ace_is_never_led_and_no_spin_on_a_lead(ordinary, expected):
    game = spin(sp_diamondAceOrdinary=ordinary)
    deal = at(game, ["7S 4H", "AD 5C 9H", "2D 6S 10H"], to_act=1)
    assert legal(deal) == expected  # none with a Spin option
    with pytest.raises(IllegalAction):
        deal.apply(Play(1, C("5C"), spin=True))
    if not ordinary:
        assert "(SP-6)" in deal.explain_illegal(Play(1, AD))
        return
    # Ordinary lead of the ♦A: C must then play 2♦.
    events = play(deal, 1, "AD")
    assert not paid(events)
    assert deal.decision() == PlayChoice(2, (Play(2, C("2D")),))


@pytest.mark.parametrize(("ordinary", "expected"), [(False, {"3D", "5C"}), (True, {"AD", "5C"})])
def test_t_sp_4b_the_diamond_ace_and_the_lowest_card_rule(ordinary, expected):
    game = spin(sp_diamondAceOrdinary=ordinary)
    deal = at(game, ["7S 4H", "AD 3D 5C", "6S 10H"], to_act=1)
    assert legal(deal) == expected
    if not ordinary:
        with pytest.raises(IllegalAction):
            deal.apply(Play(1, AD))


# ---- T-SP-5 ---------------------------------------------------------------------------


def test_t_sp_5_going_out_with_spin():
    deal = at(spin(), ["3H 5C", "10S AD", "4H 6C 7D"], top="9S", to_act=1)
    assert legal(deal) == {"10S", "spin 10S"}
    events = play(deal, 1, "10S", spin=True)
    assert WentOut(1) in events and deal.over and deal.winner == 1
    assert deal.settlement().deltas == (-2, 5, -3)
    assert deal.pools == [0, 0, 0, 0]


# ---- T-SP-6 ---------------------------------------------------------------------------


def test_t_sp_6_spin_on_a_pay_card():
    deal = at(spin(), ["3H 5D", "JS AD 3C 8H", "QS 5C 7D"], top="10S", to_act=1, pools=[0, 0, 0, 4])
    events = play(deal, 1, "JS", spin=True)
    # Captures ♠J (+4); the sequence stops (C keeps Q♠).
    assert PoolTaken(1, JS, 4) in events
    assert events[-1] == Stopped(1, C("JS"), None)
    assert deal.hands[2] >> C("QS") & 1
    # Privileged lead but no pay card: the ordinary leads.
    assert deal.to_act == 1 and legal(deal) == {"3C", "8H"}
    assert deal.balances == [0, 4, 0] and deal.pools == [0, 0, 0, 0]


# ---- T-SP-7 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "privileged"),
    [
        ({}, {"7H", "9D", "QD"}),
        ({"sp_mustChangeSuit": True}, {"9D", "QD"}),
    ],
)
def test_t_sp_7_spin_cuts_off_ones_own_run(options, privileged):
    deal = at(
        spin(**options),
        ["3S 4C", "5H 6H 7H AD QD 9D", "8H 10S 5C"],
        stock="KD",
        to_act=1,
        pools=[0, 0, 3, 0],
    )
    # 1. The ♦A is ignored: 9♦ is B's lowest diamond.
    assert legal(deal) == {"5H", "9D"}
    play(deal, 1, "5H")
    assert legal(deal) == {"6H", "spin 6H"}
    # 2. The hearts stop at 6♥ although B holds 7♥ and C holds 8♥.
    events = play(deal, 1, "6H", spin=True)
    assert events[-1] == Stopped(1, C("6H"), None)
    assert deal.to_act == 1 and legal(deal) == privileged
    # 3. Q♦ led with the privilege → ♦Q +3; K♦ in the stock → stop; B leads again.
    if "sp_mustChangeSuit" not in options:
        with pytest.raises(IllegalAction):
            deal.apply(Play(1, C("8H")))
    events = play(deal, 1, "QD")
    assert PoolTaken(1, QD, 3) in events
    assert events[-1] == Stopped(1, C("QD"), C("KD"))
    # 4. Ordinary lead again.
    assert deal.to_act == 1 and legal(deal) == {"7H", "9D"}
    assert deal.balances == [0, 3, 0]


# ---- T-SP-8 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("payment", "deltas"), [(3, [9, -3, -3]), (0, [3, 0, 0])])
def test_t_sp_8a_spin_payment(payment, deltas):
    game = spin(sp_spinPayment=payment) if payment else spin()
    deal = at(game, ["5H AD KC 2C 9S", "6H 8D", "3S 10C"], top="4H", to_act=0, pools=[0, 3, 0, 0])
    assert legal(deal) == {"5H", "spin 5H"}
    events = play(deal, 0, "5H", spin=True)
    if payment:
        assert sorted(paid(events), key=repr) == sorted(
            [Paid(1, 0, 3, "Spin"), Paid(2, 0, 3, "Spin")], key=repr
        )
    else:
        assert not paid(events)
    # The hearts stop although B holds 6♥.
    assert events[-1] == Stopped(0, C("5H"), None)
    assert deal.to_act == 0 and legal(deal) == {"2C", "9S", "KC"}
    events = play(deal, 0, "KC")
    assert PoolTaken(0, KC, 3) in events
    assert events[-1] == Stopped(0, C("KC"), None)
    assert legal(deal) == {"2C", "9S"}
    assert deal.balances == deltas and deal.pools == [0, 0, 0, 0]


@pytest.mark.parametrize(("penalty", "c_pays"), [(True, 6), (False, 3)])
def test_t_sp_8b_left_with_spin_penalty(penalty, c_pays):
    game = spin(sp_leftWithSpinPenalty=True) if penalty else spin()
    deal = at(game, ["4H", "7S 10D", "AD 4S 9C"], top="3H", to_act=0)
    events = play(deal, 0, "4H")
    assert WentOut(0) in events
    assert Paid(2, 0, c_pays, "cards left") in events
    assert deal.settlement().deltas == (2 + c_pays, -2, -c_pays)


# ---- T-SP-9 ---------------------------------------------------------------------------

T_SP_9 = ["8C 4H 5H", "6C AD", "2S 3S 9D"]


@pytest.mark.parametrize(
    ("options", "deltas"),
    [
        ({}, (-3, -1, 4)),
        ({"sp_leftWithSpinPenalty": True}, (-3, -2, 5)),
    ],
)
def test_t_sp_9_last_card_diamond_ace_the_lead_passes(options, deltas):
    deal = at(spin(**options), T_SP_9, stock="7C 4S 2D", dealer=0, to_act=1, pools=[3, 2, 4, 1])
    # 1. B's only legal lead is 6♣: a forced move (STOP-14).
    d = deal.decision()
    assert d == PlayChoice(1, (Play(1, C("6C")),)) and d.forced
    events = play(deal, 1, "6C")
    # 2. 7♣ in the stock → stop; B holds only the ♦A → the lead passes to C.
    assert events[-2:] == [Stopped(1, C("6C"), C("7C")), LeadPassed(1, 2)]
    assert deal.to_act == 2 and legal(deal) == {"2S", "9D"}
    # 3. C leads 2♠, 3♠; 4♠ in the stock → stop; C leads 9♦ → C wins.
    play(deal, 2, "2S")
    events = play(deal, 2, "3S")
    assert events[-1] == Stopped(2, C("3S"), C("4S"))
    events = play(deal, 2, "9D")
    assert WentOut(2) in events and deal.winner == 2
    # 4. A pays 3; B pays for the ♦A; pools unchanged.
    assert deal.settlement().deltas == deltas
    assert deal.pools == [3, 2, 4, 1]


def test_t_sp_9_diamond_ace_ordinary_b_leads_it_and_wins():
    deal = at(
        spin(sp_diamondAceOrdinary=True),
        T_SP_9,
        stock="7C 4S 2D",
        dealer=0,
        to_act=1,
        pools=[3, 2, 4, 1],
    )
    assert legal(deal) == {"6C", "AD"}
    play(deal, 1, "6C")
    assert deal.to_act == 1 and legal(deal) == {"AD"}
    events = play(deal, 1, "AD")  # 2♦ in the stock: a stop too, and B's hand is empty
    assert WentOut(1) in events and deal.winner == 1
    assert deal.settlement().deltas == (-3, 6, -3)
    assert deal.pools == [3, 2, 4, 1]


# ---- T-SP-10 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "b_hand", "expected"),
    [
        (True, "6H AD 9H JH 4C", {"4C"}),
        (False, "6H AD 9H JH 4C", {"4C", "9H"}),
        (True, "6H AD 9H JH", {"9H"}),
        (False, "6H AD 9H JH", {"9H"}),
    ],
    ids=["a-change", "a-default", "b-change-lapses", "b-default"],
)
def test_t_sp_10_a_spin_that_must_change_suit(change, b_hand, expected):
    game = spin(sp_mustChangeSuit=True) if change else spin()
    deal = at(game, ["2S 3D", b_hand, "7H 10S 8C"], top="5H", to_act=1)
    events = play(deal, 1, "6H", spin=True)
    assert events[-1] == Stopped(1, C("6H"), None)
    assert deal.to_act == 1 and legal(deal) == expected
    if expected == {"4C"}:
        assert "suit other than hearts" in deal.explain_illegal(Play(1, C("9H")))


def test_t_sp_10c_ace_high_refused_for_spin_accepted_for_newmarket():
    with pytest.raises(OptionError, match=r"nm\.aceHigh must be false in Spin \(SP-9\)"):
        make_game("spin", {"nm.aceHigh": True})
    assert make_game("newmarket", {"nm.aceHigh": True}).ace_high
    record = {
        "format": "parlour-record",
        "version": 1,
        "game": "spin",
        "options": {"nm.aceHigh": True},
        "players": ["A", "B", "C"],
        "deals": [{"dealer": 0, "seed": 1}],
    }
    with pytest.raises(RecordError, match=r"nm\.aceHigh must be false in Spin \(SP-9\)"):
        parse_record(json.loads(json.dumps(record)))
    record["game"] = "newmarket"
    assert parse_record(record).game.ace_high


# ---- SP-6 / SP-9: the ♦A is never a successor -----------------------------------------


def test_diamond_ace_is_never_the_successor_of_any_card_sp9():
    game = spin()
    assert AD not in game.succ and game.succ[C("KD")] is None
