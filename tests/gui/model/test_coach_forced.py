"""The coach at a forced card that plays itself (STOP-6, STOP-14) says what the status line
says, not "You may play: 8♠" as if there were a choice; where the person plays it by hand
(auto-play off), the coach names the one card as before."""

from __future__ import annotations

from gamecore.actions import Claim, Jink, Play
from gamecore.cards import parse_card as C
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import advice, prompts
from helpers import scenario_deal


def _forced_session() -> Session:
    """Ann holds 8♠ and 2♥ with the sequence at 7♠: she must play the 8♠ (STOP-6)."""
    game = make_game("newmarket")
    session = Session(game, ["Ann", "Ben", "Cat"], 2)
    session.deal = scenario_deal(game, ["8S 2H", "3H 5D", "9D JC"], stock="4C", top="7S", to_act=0)
    return session


def test_stop_6_the_coach_says_the_forced_card_plays_itself_as_the_status_line_does():
    session = _forced_session()
    line = prompts.forced_words(session.deal, Play(0, C("8S")), "You", True).line
    assert line == (
        "Your only card to play, 8♠, plays itself: the next card of a sequence must be played "
        "by its holder."
    )
    assert advice.coach_lines(session, 0, plays_itself=True) == [
        line,
        "Why not your other cards: 8♠ must be played to continue the sequence.",  # the 2♥
    ]


def test_stop_14_with_auto_play_off_the_coach_names_the_one_card_to_click():
    lines = advice.coach_lines(_forced_session(), 0, plays_itself=False)
    assert "You may play: 8♠." in lines
    assert lines[0] == "Continue the sequence: play 8♠."


def test_sf_22_at_a_rob_the_coach_names_the_discards_not_a_lead():
    """A rob comes before the lead: the coach offered "Your lead: play any card" and "You
    may play" for what are discards for the turned-up trump."""
    game = make_game("spoil-five")
    session = Session(game, ["Ann", "Ben", "Cat", "Dan"], 3)
    hands = [[C(c) for c in h.split()] for h in ["AD KS 10C 9H 3S", "2C 3C 4C 5C 6C"]]
    rest = [c for c in range(52) if c not in {*hands[0], *hands[1], C("9D")}]
    session.start_deal([*hands, rest[:5], rest[5:10]], rest[10:], C("9D"))
    assert advice.coach_lines(session, 0) == [
        "You may rob: click the card to throw away for the turned-up trump, or keep your "
        "cards (Decline).",
        "You may throw away: 3♠, K♠, 9♥, 10♣, A♦.",  # as the hand shows them: trumps last
    ]


def test_sf_at_a_claim_or_a_jink_the_coach_says_no_lead(monkeypatch):
    """After three tricks the choice is to claim or jink, not a card: the coach said "Your
    lead: play any card" above it."""
    game = make_game("spoil-five")
    session = Session(game, ["Ann", "Ben"], 1)
    session.start_deal_seeded(7)
    offer = PlayChoice(0, (Claim(0), Jink(0)))
    monkeypatch.setattr(session.deal, "decision", lambda: offer)
    assert advice.coach_lines(session, 0) == [
        "Claim takes the pool now; a jink plays on for all five tricks: win them all and "
        "the jink pays, lose one and you win nothing."
    ]
