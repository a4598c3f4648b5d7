"""The deal summary says what moved none of the person's counters, or none at all: the
other seats' stakes, the seats a stake of 1 left staking nothing (PJ-21), and the Pope's
holder who paid nothing for the cards left (PJ-C-7). A tester read a Pope Joan summary
and could not tell why nobody else had staked, nor why Ben paid nothing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gamecore.actions import NameStake
from gamecore.cards import card_label, cards_in
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import dealsummary, summarynotes
from helpers import play_card, play_first_choices, scenario_deal

NAMES = ["You", "Ben", "Cat", "Dan"]


def _played(name: str, options: dict[str, str], dealer: int, stake: int | None = None):
    """A deal of the pack in order, every decision its default or first legal card."""
    game = make_game(name, options)
    session = Session(game, NAMES, dealer)
    session.start_deal_from_deck(list(cards_in(game.pack)))
    while session.deal_in_progress:
        d = session.decision()
        if isinstance(d, PlayChoice):
            session.apply(d.actions[0])
        elif stake is not None and d.__class__.__name__ == "StakeChoice":
            session.apply(NameStake(d.seat, stake))
        else:
            session.apply(d.default_action())
    return session


def test_a_stake_of_one_leaves_the_others_staking_nothing_pj_21():
    session = _played("pope-joan", {"pj.profile": "M"}, 3, stake=1)
    assert summarynotes.stake_lines(session, NAMES, (0,)) == [
        "Dan put 1 on the Pope pool",
        "You, Ben and Cat staked nothing: the dealer's stake was 1, and the others stake "
        "one fewer.",
    ]
    lines = dealsummary.deal_summary(session, NAMES, person=0).lines
    assert lines[:2] == summarynotes.stake_lines(session, NAMES, (0,))


def test_the_other_seats_stakes_are_one_line_the_persons_are_in_the_ledger():
    session = _played("newmarket", {}, 3)
    assert summarynotes.stake_lines(session, NAMES, (0,)) == [
        "Ben, Cat and Dan put 4 each on the layout"
    ]
    assert summarynotes.stake_lines(session, NAMES, ()) == [
        "You, Ben, Cat and Dan put 4 each on the layout"
    ]
    classic = _played("pope-joan", {"pj.profile": "C"}, 2)
    assert summarynotes.stake_lines(classic, NAMES, (0,)) == ["Cat put 15 on the layout"]


def test_the_popes_holder_pays_nothing_for_the_cards_left_and_the_summary_says_why_pj_c_7():
    game = make_game("pope-joan", {"pj.profile": "C"})
    deal = scenario_deal(
        game,
        ["5S", "9D 7C 8C", "6H 6C"],
        stock="2S 3S 4S",
        turnup="2S",
        dealer=2,
        to_act=0,
        pools=[0] * len(game.pools),
    )
    play_card(deal, 0, "5S")
    assert deal.over and deal.winner == 0
    table = SimpleNamespace(game=game, deal=deal, players=("Ann", "Ben", "Cat"))
    assert summarynotes.excused_lines(table, ["Ann", "Ben", "Cat"]) == [
        "Ben paid nothing for 3 cards left in hand: the 9♦ (the Pope) was left in Ben's "
        "hand, which excuses its holder."
    ]
    assert summarynotes.excused_lines(table, ["Ann", "You", "Cat"])[0].endswith(
        "was left in your hand, which excuses its holder."
    )
    # without the excuse (pj.c.popeExcuses off) there is nothing to say
    strict = make_game("pope-joan", {"pj.profile": "C", "pj.c.popeExcuses": False})
    assert (
        summarynotes.excused_lines(SimpleNamespace(game=strict, deal=deal), ["A", "B", "C"]) == []
    )


def test_the_last_winner_let_off_the_stake_is_said_sn_5():
    # A tester's Spinado sums added up only for one who knew that the last deal's winner
    # stakes nothing unless dealing (SN-5).
    session = Session(make_game("spinado", {"gen.rounds": 20}), NAMES[:3], 0)
    for seed in range(50):
        session.start_deal_seeded(seed)
        play_first_choices(session)
        winner = session.deal.winner
        if winner is not None and winner != session.next_dealer() and not session.complete:
            break
    else:
        pytest.fail("no deal was won by a seat that does not deal next")
    session.start_deal_seeded(99)
    dealer = session.deal.dealer
    others = [NAMES[s] for s in range(3) if s not in (dealer, winner)]
    assert summarynotes.stake_lines(session, NAMES, ()) == [
        f"{NAMES[dealer]} put 24 and {others[0]} 3 on the layout",
        f"{NAMES[winner]} staked nothing: the last deal's winner is let off the stake, "
        "unless dealing.",
    ]


def test_the_cards_left_and_the_stock_are_in_the_hands_order():
    # The summary sorted them and the widow by number, ♠♥♦♣, beside hands shown ♠♥♣♦.
    session = _played("spinado", {}, 0)  # the ace low (SN-3)
    summary = dealsummary.deal_summary(session, NAMES, person=0)
    mixed = 0
    for hand in [*summary.hands_left, summary.stock]:  # the widow too
        labels = [card_label(c) for c in hand]
        keys = [
            ("♠♥♣♦".index(x[-1]), "A23456789TJQK".index(x[:-1].replace("10", "T"))) for x in labels
        ]
        assert keys == sorted(keys), labels
        mixed += any(x.endswith("♣") for x in labels) and any(x.endswith("♦") for x in labels)
    assert mixed  # a hand with clubs and diamonds, which the order puts apart
