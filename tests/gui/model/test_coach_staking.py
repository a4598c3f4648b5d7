"""The coach at a split of the stake: how each pool is won is the layout's own (a tester
read "each pool is won by the player who plays its card" over Pope Joan's trump layout,
whose Matrimony, Intrigue and Confederacy need two cards and whose Game goes to the first
player out)."""

from __future__ import annotations

from gamecore.actions import NameStake
from gamecore.decisions import SplitChoice
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import advice


def _at_split(name: str, options: dict) -> Session:
    session = Session(make_game(name, options), ["You", "Ben", "Cat", "Dan"], 3)
    session.start_deal_seeded(5)
    session.apply(NameStake(3, 5))  # the dealer names a stake of 5
    assert isinstance(session.decision(), SplitChoice) and session.decision().seat == 0
    return session


def test_the_trump_layout_says_which_pools_need_two_cards_and_which_going_out():
    assert advice.coach_lines(_at_split("pope-joan", {"pj.profile": "M"}), 0) == [
        "Spread your 4 counters over the pools as you like. Pope goes to the player who "
        "plays its card; Matrimony, Intrigue and Confederacy to the player who plays both "
        "their cards; Game to the first player out. A pool nobody wins is carried to the "
        "next deal. The proposed split is the usual one."
    ]


def test_a_layout_of_card_pools_says_so_in_one_sentence():
    assert advice.coach_lines(_at_split("newmarket", {}), 0) == [
        "Spread your 5 counters over the pools as you like. Each pool goes to the player "
        "who plays its card. A pool nobody wins is carried to the next deal. The proposed "
        "split is the usual one."
    ]
