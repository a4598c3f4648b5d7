"""Michigan (cousins spec §4: MI-1 … MI-18) on the stops engine, with the spec's worked
scenarios T-MI-1 … T-MI-10 (§8.3) as exact expectations and the record's widow actions (§6).

Unless stated: ace high, layout ``AH KC QD JS``, fixed antes, ``mi.widow = dealerOrAuction``,
``mi.newLead = changeSuit``, no kitty; ``from_position`` deals start every balance at 0, so
a balance is the seat's Δ. Seats: A = 0, B = 1, C = 2, D = 3.
"""

from __future__ import annotations

import json

import pytest

from gamecore.actions import parse_action
from gamecore.cards import SPADES, card_code
from gamecore.errors import IllegalAction, OptionError, RecordError
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import decision_texts, load_record, replay
from gamecore.stops.deal import StopsDeal
from helpers import hand, scenario_deal


def mi(**options):
    """Michigan rules; keyword ``mi_newLead="any"`` → ``mi.newLead``."""
    return make_game("michigan", {k.replace("_", "."): v for k, v in options.items()})


def legal(deal: StopsDeal) -> set[str]:
    """The legal actions in record syntax, a bid as its range (§6.6)."""
    return set(decision_texts(deal.decision(), deal.game.pools))


def do(deal: StopsDeal, *texts: str) -> list:
    """Apply each action (record syntax), checking first that it is legal; the events."""
    events: list = []
    for text in texts:
        action = parse_action(text, deal.game.pools, passes=True, widow=True)
        assert deal.explain_illegal(action) is None, (text, deal.explain_illegal(action))
        events += deal.apply(action)
    return events


def fresh(game, n: int = 4, balances=None) -> StopsDeal:
    """A dealt deal (deck in index order, dealer the last seat) after the antes."""
    session = Session(game, [f"P{i}" for i in range(n)], n - 1, balances)
    session.start_deal_from_deck(list(range(52)))
    assert session.deal is not None
    return session.deal  # type: ignore[return-value]


# ---- T-MI-1: antes and the deal (MI-4, MI-5, MI-6) ------------------------------------------


def test_t_mi_1_antes_and_the_widow_dealt_first():
    deal = fresh(mi())
    assert deal.pools == [5, 5, 5, 5]
    assert [b - 100 for b in deal.balances] == [-4, -4, -4, -8]
    assert sum(deal.balances) + sum(deal.pools) == 400
    for i, c in enumerate(range(52)):
        j = i % 5
        where = deal.stock if j == 0 else deal.hands[(3 + j) % 4]
        assert where >> c & 1
    assert [deal.stock.bit_count(), *(h.bit_count() for h in deal.hands)] == [11, 11, 10, 10, 10]


def test_t_mi_1_a_record_with_the_wrong_hand_sizes_is_refused():
    game = mi()
    hands, stock, _ = game.deal_from_deck(list(range(52)), 4, 3)
    hands[1].append(hands[0].pop())  # A 10 cards, B 11
    record = {
        "format": "parlour-record",
        "version": 1,
        "game": "michigan",
        "players": ["A", "B", "C", "D"],
        "deals": [
            {
                "dealer": 3,
                "hands": [[format_card(c) for c in h] for h in hands],
                "stock": [format_card(c) for c in stock],
                "actions": [],
            }
        ],
    }
    with pytest.raises(RecordError, match="seat 0 was dealt 10 cards, not 11"):
        replay(load_record(json.dumps(record)))


def format_card(c: int) -> str:
    return card_code(c)


def test_t_mi_1_the_kitty_is_staked_too():
    deal = fresh(mi(mi_kitty=True))
    assert deal.game.pools == ("AH", "KC", "QD", "JS", "kitty")
    assert deal.pools == [5, 5, 5, 5, 5]
    assert [b - 100 for b in deal.balances] == [-5, -5, -5, -10]


# ---- T-MI-2: the dealer's widow choice (MI-7) -----------------------------------------------


def test_t_mi_2_the_dealers_choices_and_the_exchange():
    deal = fresh(mi())
    assert legal(deal) == {"3 exchange", "3 auction", "3 keep"}
    widow, dealt = deal.stock, deal.hands[3]
    before = list(deal.balances)
    do(deal, "3 exchange")
    assert deal.hands[3] == widow and deal.stock == dealt
    assert deal.phase == "play" and deal.current == 0
    assert deal.balances == before
    assert deal.replay_facts() == {"widow": {"to": 3, "price": None}}
    assert deal.observation(3).seen == dealt and deal.observation(0).seen == 0  # GEN-9


def test_t_mi_2_dealer_only_and_no_widow():
    assert legal(fresh(mi(mi_widow="dealerOnly"))) == {"3 exchange", "3 keep"}
    deal = fresh(mi(mi_widow="none"))
    assert deal.phase == "play" and deal.current == 0


def test_t_mi_2_a_holder_of_a_pay_card_may_neither_exchange_nor_bid():
    game = mi(mi_exchangeNeedsNoBoodle=True)
    hands = [hand("2S 3S 4S"), hand("AH 5S"), hand("KC JS"), hand("QD 6S")]
    deal = StopsDeal(game, 3, hands, hand("7S"), None, [100] * 4, [0] * 4)
    assert legal(deal) == {"3 auction", "3 keep"}
    do(deal, "3 auction")
    assert legal(deal) == {"0 bid 1..", "0 pass"}
    do(deal, "0 pass")
    assert deal.phase == "play" and deal.current == 0
    assert deal.replay_facts() == {"widow": {"to": None, "price": None}}


# ---- T-MI-3: the auction (MI-8) --------------------------------------------------------------


def test_t_mi_3_the_auction():
    deal = fresh(mi())
    do(deal, "3 auction")
    assert legal(deal) == {"0 bid 1..", "0 pass"}
    do(deal, "0 bid 2")
    assert legal(deal) == {"1 bid 3..", "1 pass"}
    do(deal, "1 pass")
    assert legal(deal) == {"2 bid 3..", "2 pass"}
    widow, dealt = deal.stock, deal.hands[2]
    do(deal, "2 bid 3")
    assert legal(deal) == {"0 bid 4..", "0 pass"}
    do(deal, "0 pass")
    assert deal.phase == "play" and deal.current == 0
    assert deal.hands[2] == widow and deal.stock == dealt
    assert deal.balances == [96, 96, 93, 95]
    assert deal.replay_facts() == {"widow": {"to": 2, "price": 3}}
    assert sum(deal.balances) + sum(deal.pools) == 400


def test_t_mi_3_nobody_bids():
    deal = fresh(mi())
    widow = deal.stock
    do(deal, "3 auction", "0 pass", "1 pass", "2 pass")
    assert deal.stock == widow and deal.balances == [96, 96, 96, 92]
    assert deal.replay_facts() == {"widow": {"to": None, "price": None}}


@pytest.mark.parametrize(("start", "expected"), [(6, {"2 pass"}), (9, {"2 bid 3..5", "2 pass"})])
def test_t_mi_3_no_bid_above_the_balance(start, expected):
    deal = fresh(mi(gen_allowDebt=False), balances=[100, 100, start, 100])
    do(deal, "3 auction", "0 bid 2", "1 pass")
    assert legal(deal) == expected
    with pytest.raises(IllegalAction, match="MI-8"):
        deal.apply(parse_action(f"2 bid {start}", deal.game.pools, passes=True, widow=True))


# ---- T-MI-4 … T-MI-9: play (MI-9 … MI-14) ----------------------------------------------------

T4 = ["2S 9C JC", "3S 4S 6S", "QD KD 10C 3H"]


def t4(game, pools=(4, 4, 4, 4)) -> StopsDeal:
    return scenario_deal(game, T4, stock="5S AD QC", rest="stock", pools=list(pools), dealer=2)


def test_t_mi_4_ace_high_change_of_suit_and_the_lead_passing_left():
    deal = t4(mi())
    assert legal(deal) == {"0 2S", "0 9C"}
    do(deal, "0 2S", "1 3S", "1 4S")
    assert deal.current == 2 and legal(deal) == {"2 3H", "2 10C", "2 QD"}
    do(deal, "2 QD", "2 KD")
    assert legal(deal) == {"2 3H", "2 10C"}
    do(deal, "2 10C", "0 JC")
    assert deal.current == 1 and legal(deal) == {"1 6S"}
    do(deal, "1 6S")
    assert deal.over and deal.winner == 1
    assert deal.balances == [-1, 2, 3] and deal.pools == [4, 4, 0, 4]


def test_t_mi_4_with_any_new_lead():
    deal = t4(mi(mi_newLead="any"))
    do(deal, "0 2S", "1 3S", "1 4S")
    assert deal.current == 1 and legal(deal) == {"1 6S"}
    do(deal, "1 6S")
    assert deal.winner == 1 and deal.balances == [-2, 6, -4] and deal.pools == [4, 4, 4, 4]


def test_t_mi_4_next_deal_antes():
    session = Session(mi(), ["A", "B", "C"], 2, None, [4, 4, 0, 4])
    session.start_deal_from_deck(list(range(52)))
    assert session.pools == [8, 8, 4, 8]


def test_t_mi_5_the_kitty_goes_to_the_first_player_out():
    deal = t4(mi(mi_kitty=True), pools=(4, 4, 4, 4, 4))
    do(deal, "0 2S", "1 3S", "1 4S", "2 QD", "2 KD", "2 10C", "0 JC", "1 6S")
    assert deal.balances == [-1, 6, 3] and deal.pools == [4, 4, 0, 4, 0]


def test_t_mi_6_nobody_holds_another_suit_the_restriction_lapses():
    game = mi()
    deal = scenario_deal(
        game,
        ["8H 9H", "6H", "4H JH QH"],
        stock="5H AH KH",
        pools=[3, 0, 0, 0],
        dealer=2,
        top="3H",
        to_act=2,
    )
    do(deal, "2 4H")
    assert deal.current == 2 and legal(deal) == {"2 JH"}
    do(deal, "2 JH", "2 QH")
    assert deal.winner == 2 and deal.balances == [-2, -1, 3] and deal.pools == [3, 0, 0, 0]


def test_t_mi_7_a_combination_pool():
    game = mi(mi_layout="AH KC QD JS KD+QD")
    assert game.pools == ("AH", "KC", "QD", "JS", "KD+QD")
    deal = t4(game, pools=(4, 4, 4, 4, 6))
    do(deal, "0 2S", "1 3S", "1 4S", "2 QD", "2 KD", "2 10C", "0 JC", "1 6S")
    assert deal.balances == [-1, 2, 9] and deal.pools == [4, 4, 0, 4, 0]


def test_t_mi_7_played_by_two_players_the_combination_carries():
    game = mi(mi_layout="AH KC QD JS KD+QD")
    deal = scenario_deal(
        game, ["QD 2S", "KD 3C", "4H 5H"], stock="AD", pools=[0, 0, 4, 0, 6], dealer=2
    )
    do(deal, "0 QD", "1 KD")
    assert deal.balances == [4, 0, 0] and deal.pools == [0, 0, 0, 0, 6]


@pytest.mark.parametrize(
    ("rule", "a", "expected"),
    [
        ("changeSuit", "4C 9H 2D", {"0 2D", "0 4C", "0 9H"}),
        ("changeColour", "4C 9H 2D", {"0 2D", "0 9H"}),
        ("any", "4C 9H 2D", {"0 2D", "0 4C", "0 9H"}),
        ("changeSuit", "4C 7S", {"0 4C"}),
        ("changeColour", "4C 7S", {"0 4C"}),
        ("any", "4C 7S", {"0 4C", "0 7S"}),
    ],
)
def test_t_mi_8_the_three_new_lead_rules(rule, a, expected):
    deal = scenario_deal(
        mi(mi_newLead=rule), [a, "5H", "6D"], pools=[0] * 4, dealer=2, last_suit=SPADES
    )
    assert legal(deal) == expected


@pytest.mark.parametrize(
    ("rule", "seat", "expected"),
    [("changeSuit", 1, {"1 2H"}), ("changeColour", 1, {"1 2H"}), ("any", 0, {"0 7S"})],
)
def test_t_mi_8_a_leader_who_cannot_passes_the_lead(rule, seat, expected):
    deal = scenario_deal(
        mi(mi_newLead=rule),
        ["KS 7S 9S", "5S 2H", "6S"],
        stock="AS",
        pools=[0] * 4,
        dealer=2,
        top="QS",
        to_act=0,
    )
    do(deal, "0 KS")
    assert deal.current == seat and legal(deal) == expected


def test_t_mi_9_the_ace_of_hearts_at_the_top_of_a_run():
    deal = scenario_deal(
        mi(), ["JH QH 2C", "KH AH 5C", "3C 4D"], played="10H", pools=[5, 0, 0, 0], dealer=2
    )
    assert legal(deal) == {"0 2C", "0 JH"}
    do(deal, "0 JH", "0 QH", "1 KH", "1 AH")
    assert deal.balances == [0, 5, 0] and deal.pools == [0, 0, 0, 0]
    assert deal.current == 1 and legal(deal) == {"1 5C"}


def test_t_mi_9_ace_low():
    deal = scenario_deal(
        mi(mi_aceHigh=False),
        ["JH QH 2C", "KH AH 5C", "3C 4D"],
        played="10H",
        pools=[5, 0, 0, 0],
        dealer=2,
    )
    do(deal, "0 JH", "0 QH", "1 KH")
    assert deal.current == 1 and legal(deal) == {"1 5C"}
    assert deal.balances == [0, 0, 0] and deal.pools == [5, 0, 0, 0]


# ---- T-MI-10: spread staking (MI-4, MI-5, §6.5) ---------------------------------------------


def spread_deal() -> StopsDeal:
    return fresh(mi(mi_staking="spread", mi_kitty=True), n=3)


def test_t_mi_10_spread_staking():
    deal = spread_deal()
    assert deal.pools == [0, 0, 0, 0, 4]
    assert legal(deal) == {"0 split 4"}
    do(deal, "0 split AH:4", "1 split KC:2 QD:2")
    assert deal.pools == [4, 2, 2, 0, 4] and deal.balances == [95, 95, 98]
    assert legal(deal) == {"2 split 8"}
    assert sum(deal.balances) + sum(deal.pools) == 300


def test_t_mi_10_the_kitty_is_never_spread():
    deal = spread_deal()
    with pytest.raises(IllegalAction, match="MI-5"):
        deal.apply(parse_action("0 split kitty:4", deal.game.pools))


def spread_record(actions: list[str]) -> dict:
    game = mi(mi_staking="spread", mi_kitty=True)
    hands, stock, _ = game.deal_from_deck(list(range(52)), 3, 2)
    return {
        "format": "parlour-record",
        "version": 1,
        "game": "michigan",
        "options": {"mi.staking": "spread", "mi.kitty": True},
        "players": ["A", "B", "C"],
        "deals": [
            {
                "dealer": 2,
                "hands": [[format_card(c) for c in h] for h in hands],
                "stock": [format_card(c) for c in stock],
                "actions": actions,
            }
        ],
    }


def test_t_mi_10_staking_left_out_is_the_automatic_split():
    out = replay(load_record(json.dumps(spread_record(["2 keep"]))))
    assert out["pools"] == {"AH": 4, "KC": 4, "QD": 4, "JS": 4, "kitty": 4}
    assert out["next"]["seat"] == 0


def test_t_mi_10_leaving_out_only_some_splits_is_refused():
    with pytest.raises(RecordError):
        replay(load_record(json.dumps(spread_record(["0 split AH:4", "2 keep"]))))


# ---- MI-3: the layout's grammar; §6.4: the words ----------------------------------------------


@pytest.mark.parametrize(
    "layout", ["AH  KC", " AH", "AH KC AH", "KD+KD", "TD", "AH KD+QD QD+KD", "ZZ", "AH+", "+KC"]
)
def test_mi_3_a_layout_against_the_grammar_is_refused(layout):
    with pytest.raises(OptionError, match="mi.layout"):
        mi(mi_layout=layout)


def test_mi_3_named_layouts():
    assert mi(mi_layout="AS KH QC JD").pools == ("AS", "KH", "QC", "JD")


def test_the_widow_words_are_read_only_in_michigan():
    assert parse_action("3 Exchange", widow=True) == parse_action("3 exchange", widow=True)
    with pytest.raises(Exception):  # noqa: B017 - a malformed card elsewhere
        parse_action("3 exchange")


def test_mi_6_the_hand_sizes():
    game = mi()
    for n, sizes in {3: [13] * 3, 5: [9, 9, 9, 8, 8], 8: [6] * 6 + [5, 5]}.items():
        dealer = n - 1
        got = game.hand_sizes(n, dealer)
        assert got == sizes
        hands, stock, _ = game.deal_from_deck(list(range(52)), n, dealer)
        assert [len(h) for h in hands] == sizes
        assert len(stock) == 52 - sum(sizes)


# ---- MI-13, MI-15 … MI-17 -------------------------------------------------------------------


def _short_deal() -> StopsDeal:
    """Ann (seat 0) to lead holding 2♠ and the pay card A♥; Ben holds 3♠ alone."""
    return scenario_deal(mi(), ["2S AH", "3S", "5H 6H"], rest="stock", pools=[4, 4, 4, 4], dealer=2)


def test_mi_13_a_pay_card_left_in_hand_costs_no_more_than_a_card_mi_15_all_shown():
    deal = _short_deal()
    do(deal, "0 2S", "1 3S")
    assert deal.over and deal.winner == 1
    assert deal.balances == [-1, 3, -2] and deal.pools == [4, 4, 4, 4]  # MI-13: A♥ is a card
    hands, stock = deal.observation(2).revealed  # MI-15: every hand and the dead hand shown
    assert list(hands) == [hand("AH"), 0, hand("5H 6H")] and stock == deal.stock


def test_mi_16_an_irregular_lead_is_refused_not_penalised_mi_17_no_poker_round():
    deal = scenario_deal(
        mi(), ["2S 7H AH", "3S", "5H 6H"], rest="stock", pools=[4, 4, 4, 4], dealer=2
    )
    with pytest.raises(IllegalAction):  # MI-16: A♥ is not her lowest heart, refused outright
        deal.apply(parse_action("0 AH", deal.game.pools, passes=True, widow=True))
    assert deal.balances == [0, 0, 0]
    with pytest.raises(OptionError):  # MI-17: documented only, no option offers it
        mi(mi_pokerRound=True)
