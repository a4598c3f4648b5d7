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
        "The dealer's stake is 5; the others stake one fewer. "
        "Spread your 4 counters over the pools as you like. Pope goes to the player who "
        "plays its card; Matrimony, Intrigue and Confederacy to the player who plays both "
        "their cards, or in halves to two who play one each; Game to the first player out. "
        "A pool nobody wins is carried to the next deal. The proposed split is the usual one."
    ]


def test_a_layout_of_card_pools_says_so_in_one_sentence():
    assert advice.coach_lines(_at_split("newmarket", {}), 0) == [
        "Spread your 5 counters over the pools as you like. Each pool goes to the player "
        "who plays its card. A pool nobody wins is carried to the next deal. The proposed "
        "split is the usual one."
    ]


def test_the_dealer_is_told_the_others_stake_one_fewer_in_the_trump_layout():
    """PJ-21: the dealer names D and the others stake D − 1; the coach said "the stake
    that every player spreads", and a tester read 5 in the log and 4 on the panel."""

    def at_stake(name: str, options: dict) -> list[str]:
        session = Session(make_game(name, options), ["Ann", "Ben", "Cat", "You"], 3)
        session.start_deal_seeded(5)
        return advice.coach_lines(session, 3)

    assert at_stake("pope-joan", {"pj.profile": "M"}) == [
        "You deal, so you name the stake (1 or more counters) that you spread over the "
        "pools, and every other player one counter fewer. Stakes are made before anyone "
        "sees the cards."
    ]
    assert at_stake("newmarket", {}) == [
        "You deal, so you name the stake (4 or more counters) that every player spreads "
        "over the pools. Stakes are made before anyone sees the cards."
    ]


def test_the_staking_panels_say_the_others_stake_one_fewer_where_they_do():
    """The panel asked the dealer of Pope Joan's trump layout for "the stake every player
    puts on the layout"; the others stake one fewer there (PJ-21), as in Matrimony."""
    from gui.model import prompts

    def others(name: str, options: dict) -> str | None:
        session = Session(make_game(name, options), ["Ann", "Ben", "Cat", "You"], 3)
        session.start_deal_seeded(5)
        return prompts.others_stake(session)

    assert others("pope-joan", {"pj.profile": "M"}) == "exact"
    assert others("newmarket", {}) is None
    assert others("matrimony", {"mt.othersStake": "atMost"}) == "atMost"
    assert prompts.stake_prompt("you", 1, None, "exact") == (
        "You deal: name your stake (1 or more counters); every other player stakes one fewer."
    )
