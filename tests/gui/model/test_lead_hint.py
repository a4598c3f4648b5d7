"""The status line at the person's lead (:func:`gui.model.prompts.lead_hint`): what it says
may be led is what the rules allow, after a Spin too (SP-4)."""

from __future__ import annotations

import random

from gamecore.actions import Play
from gamecore.cards import cards_in, parse_card
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import advice, prompts
from helpers import random_action, scenario_deal

C = parse_card
HOW = "(drag it to the table or click it)"


def _t_sp_7() -> Session:
    """T-SP-7 with a 10♦ more in B's hand: A deals, B (seat 1, the person here) leads from
    {5♥ 6♥ 7♥ A♦ 9♦ 10♦ Q♦}, C holds 8♥, K♦ lies in the stock."""
    game = make_game("spin")
    session = Session(game, ["Ann", "You", "Cat"], first_dealer=0)
    hands = [[C(x) for x in h.split()] for h in ("3S 4C", "5H 6H 7H AD QD 9D 10D", "8H 10S 5C")]
    held = {c for h in hands for c in h}
    session.start_deal(hands, [c for c in cards_in(game.pack) if c not in held], None)
    rng = random.Random(7)
    while not isinstance(session.decision(), PlayChoice):  # the stake and the splits
        session.apply(random_action(session.decision(), rng))
    return session


def test_the_lead_is_the_lowest_card_of_a_suit_nm_7():
    session = _t_sp_7()
    assert prompts.lead_hint(session, 1) == f"Your lead: play the lowest card of a suit {HOW}"


def test_after_a_spin_the_lead_may_be_a_pay_card_sp_4():
    # "Your lead: play the lowest card of a suit" while Q♦ (not the lowest diamond) was
    # raised as playable after the Spin.
    session = _t_sp_7()
    session.apply(Play(1, C("5H")))
    session.apply(Play(1, C("6H"), spin=True))
    assert prompts.lead_hint(session, 1) == (
        f"Your lead after your Spin: a pay card, or the lowest card of a suit {HOW}"
    )
    session.apply(Play(1, C("QD")))  # K♦ in the stock: B leads again, ordinarily
    assert prompts.lead_hint(session, 1) == f"Your lead: play the lowest card of a suit {HOW}"


def test_the_coach_gives_each_kind_of_reason_once_and_names_every_card_it_covers():
    # "Why not your other cards: 5♥ is not your lowest heart… And: 7♥ is not your lowest
    # heart" left J♥, 4♦ and Q♦ unexplained (NM-7).
    game = make_game("newmarket")
    session = Session(game, ["Ann", "Ben", "Cat"], 2)
    hands = ["2H 5H 7H JH 3D 4D QD", "3H 5C", "9C JC"]
    session.deal = scenario_deal(game, hands, stock="4C", to_act=0)
    assert advice.coach_lines(session, 0)[1:] == [
        "You may play: 2♥, 3♦.",
        "Why not your other cards: 5♥ is not your lowest heart: lead 2♥ (the same for 7♥ and "
        "J♥); 4♦ is not your lowest diamond: lead 3♦ (the same for Q♦).",
    ]


def test_the_coach_explains_every_suit_at_a_lead_nm_7():
    # With a card of each of four suits not the lowest, the fourth suit went unexplained.
    game = make_game("newmarket")
    session = Session(game, ["Ann", "Ben", "Cat"], 2)
    hands = ["2S 5S 2H 5H 2C 5C 2D 5D", "3H 6C", "9C JC"]
    session.deal = scenario_deal(game, hands, stock="4C", to_act=0)
    why = advice.coach_lines(session, 0)[-1]
    assert why.startswith("Why not your other cards: ")
    assert all(card in why for card in ("5♠", "5♥", "5♣", "5♦"))
