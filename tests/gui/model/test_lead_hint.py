"""The status line at the person's lead (:func:`gui.model.prompts.lead_hint`): what it says
may be led is what the rules allow, after a Spin too (SP-4)."""

from __future__ import annotations

import random

from gamecore.actions import Claim, Play
from gamecore.cards import card_label, cards_in, parse_card
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import advice, prompts, tablewords
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


def _spoil_five(hands: list[str], turnup: str) -> Session:
    """Spoil Five, D (seat 3) dealing, A (seat 0) the eldest hand, with these hands."""
    session = Session(make_game("spoil-five", {}), ["A", "B", "C", "D"], first_dealer=3)
    dealt = [[C(x) for x in h.split()] for h in hands]
    held = {c for h in dealt for c in h} | {C(turnup)}
    session.start_deal(dealt, [c for c in range(52) if c not in held], C(turnup))
    return session


def test_a_trump_lead_asks_for_a_trump_sf_26():
    """Spades are trumps; A leads the 5♠ (the best trump, SF-12): B, holding K♠ and 2♠, is
    asked for a trump, not to "follow suit or play a trump"."""
    session = _spoil_five(
        ["5S 8H 8D 9D 10C", "KS 2S 5D 6D 7C", "AH 2H 4D 8C QC", "KH 7D 3C 9C 4H"], "3S"
    )
    session.apply(Play(0, C("5S")))
    assert prompts.lead_hint(session, 1) == (
        "Your turn: trumps were led: follow with a trump; playable cards are raised"
    )
    session.apply(Play(1, C("2S")))
    session.apply(Play(2, C("AH")))  # C's one trump, below the 5♠: it must go (SF-27)
    # D holds no trump: every card may go, and the line does not ask for a trump
    assert prompts.lead_hint(session, 3) == (
        "Your turn: any card may be played; playable cards are raised"
    )


def test_a_last_card_led_is_the_lead_sf_24():
    """Whoever leads the last trick with one card left is told it is their lead (it said
    "Your turn"): the first seeded deal, cards played first-listed, that gets there."""
    for seed in range(100):
        session = Session(make_game("spoil-five", {}), ["A", "B", "C", "D"], first_dealer=3)
        session.start_deal_seeded(seed)
        deal = session.deal
        while deal.decision() is not None and (
            deal.trick or sum(map(int.bit_count, deal.hands)) != 4
        ):
            legal = deal.legal_actions()  # the first card; jink rather than claim: play on
            session.apply(next((a for a in legal if not isinstance(a, Claim)), legal[0]))
        d = deal.decision()
        if isinstance(d, PlayChoice):
            break
    assert isinstance(d, PlayChoice) and d.forced and not deal.trick
    card = d.actions[0].card
    assert (
        prompts.lead_hint(session, d.seat)
        == f"Your lead: {card_label(card)} is your only legal card"
    )


def test_the_summary_says_another_players_spin_sp_3_sp_7():
    # The deal summary said nothing of a Spin: in Spin it moves no counter (SP-7), and its
    # lines were only captures and payments. The person's own Spin stays out of the lines
    # headed "Between the other players".
    session = _t_sp_7()
    session.apply(Play(1, C("5H")))
    session.apply(Play(1, C("6H"), spin=True))
    lines = tablewords.summary_lines
    assert lines(session, session.deal_events, ["Ann", "Ben", "Cat"], skip=(0,)) == [
        "Ben played 6♥ with the ♦A: Spin! The sequence stopped at 6♥."
    ]
    assert lines(session, session.deal_events, ["Ann", "You", "Cat"], skip=(1,)) == []
