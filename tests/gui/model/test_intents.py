"""The intents layer (gui/model/intents.py), without Qt: what a card click means for the
decision at hand, with the exact actions it yields, one game family at a time."""

from __future__ import annotations

from gamecore.actions import Claim, Decline, Jink, Play, Rob
from gamecore.cards import parse_card
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import intents, prompts
from gui.model.intents import CardIntent
from helpers import cards, nm, scenario_deal

C = parse_card


def test_a_newmarket_card_is_played_as_it_is_or_refused_with_the_engines_reason():
    # Seat 1 holds 5♠ 9♥ and the 4♠ is on top: the 5♠ continues the sequence (STOP-6).
    deal = scenario_deal(nm(), ["3H 4C", "5S 9H", "7D 8D"], top="4S", to_act=1)
    play = intents.card_intent(deal, 1, C("5S"))
    assert play == CardIntent(C("5S"), (Play(1, C("5S")),))
    assert not play.ask and play.why is None
    refused = intents.card_intent(deal, 1, C("9H"))
    assert refused.actions == (Play(1, C("9H")),)
    assert refused.why == "5♠ must be played to continue the sequence (STOP-6)"
    d = deal.decision()
    # Forced: played by itself when the table's option (on in Newmarket) or the setting says.
    assert intents.plays_by_itself(d, deal.game, None)
    assert not intents.plays_by_itself(d, deal.game, False)
    assert intents.question_for(Session(nm(), ["A", "B", "C"], first_dealer=0), d) is None


def test_a_spin_card_that_may_go_alone_or_with_the_diamond_ace_is_asked_about():
    game = make_game("spin", {})
    deal = scenario_deal(game, ["3H 5C", "10S AD", "4H 6C 7D"], top="9S", to_act=1)
    offer = intents.card_intent(deal, 1, C("10S"))
    assert offer == CardIntent(C("10S"), (Play(1, C("10S")), Play(1, C("10S"), spin=True)))
    assert offer.ask
    assert offer.chosen(with_special=True) == Play(1, C("10S"), spin=True)
    assert offer.chosen(with_special=False) == Play(1, C("10S"))
    spin = intents.spin_offer(game, C("10S"))
    assert (spin.call, spin.special, spin.card) == ("Spin", "♦A", "10♠")
    # The ♦A itself, which cannot go alone (SP-2): the 10♠ with it, the one card that may
    # take it ("you may add the ♦A" sent a tester to the ♦A, and it was refused)
    added = intents.card_intent(deal, 1, C("AD"))
    assert added == CardIntent(C("AD"), (Play(1, C("10S"), spin=True),))
    assert not added.ask and added.why is None


def test_the_diamond_ace_where_no_card_may_take_it_is_refused_sp_2():
    # Seat 1 leads: the ♦A cannot be led, and no continuation may take it.
    game = make_game("spin", {})
    deal = scenario_deal(game, ["3H 5C", "10S AD", "4H 6C 7D"], top=None, to_act=1)
    refused = intents.card_intent(deal, 1, C("AD"))
    assert refused.actions == (Play(1, C("AD")),) and refused.why is not None


def test_a_spoil_five_card_chosen_while_robbing_is_offered_is_the_discard():
    # T-SF-9: the dealer (seat 3) may rob the turned-up A♠ before the eldest leads.
    hands = ["2C 8H 8D 9D 10C", "KS 3H 5D 6D 7C", "AH 2H 4D 8C QC", "KH 7D 3C 9S 4H"]
    session = Session(make_game("spoil-five", {}), ["A", "B", "C", "D"], first_dealer=3)
    used = set(cards(" ".join(hands))) | {C("AS")}
    session.start_deal([cards(h) for h in hands], [c for c in range(52) if c not in used], C("AS"))
    deal = session.deal
    assert intents.card_intent(deal, 3, C("3C")) == CardIntent(C("3C"), (Rob(3, C("3C")),))
    question = intents.question_for(session, deal.decision())
    assert question is not None and question.buttons == (("decline", "Decline"),)
    assert intents.answer(deal, 3, "decline") == Decline(3)
    assert intents.answer(deal, 3, "claim") is None  # not offered now
    assert intents.answer(deal, 3, "resume") is None  # another panel's button
    assert not intents.plays_by_itself(deal.decision(), deal.game, None)
    assert {Claim, Jink}.isdisjoint(type(a) for a in deal.legal_actions())


def test_the_jink_question_says_what_a_jink_wins_and_risks_sf_32():
    text, buttons, line = prompts.claim_question(4, 1)
    assert text == "You won the first three tricks."
    assert buttons == [("claim", "Claim the pool (4)"), ("jink", "Jink: win all five")]
    assert line == (
        "A jink wins the pool and 1 from each player; lose a trick and nobody pays, the pool stays."
    )
    assert prompts.claim_question(4, 0)[2].startswith("A jink wins the pool; lose a trick")
