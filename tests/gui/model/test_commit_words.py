"""Commit's words at the table, from the rules (cousins §2): the offer's question and its two
answers (CM-10), the call and log line of the Commit (CM-11), the engine's reasons, the
coach and the hint at an offer, the summary's payment line, and the review's seat views,
where another seat's offer is private (CM-10, GEN-9)."""

from __future__ import annotations

from gamecore.actions import Pass, Play
from gamecore.cards import cards_in, parse_card
from gamecore.events import Paid, Played, Stopped
from gamecore.explain import explain_events, scene_before
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.review import review_deal, show_rule, shown_table
from gui.model import advice, intents, prompts, reviewtext, tablesnap, tablewords

C = parse_card
NINE_D = C("9D")
#: T-CM-3's hands (A, B, C, D); D deals, A leads.
T_CM_3 = ["4S 5S 10C 2H", "KH 7C 8C", "9D JH QH 3C", "6S 7S 2D"]


def _session() -> Session:
    game = make_game("commit")
    session = Session(game, ["You", "Ben", "Cat", "Dan"], first_dealer=3)
    cards = [[C(x) for x in h.split()] for h in T_CM_3]
    held = {x for h in cards for x in h}
    session.start_deal(cards, [x for x in cards_in(game.pack) if x not in held], None)
    return session


def _at_offer() -> Session:
    """T-CM-3 after A's 4♠ and 5♠: the round offers Cat (seat 2) the Commit."""
    session = _session()
    session.apply(Play(0, C("4S")))
    session.apply(Play(0, C("5S")))
    return session


def test_the_offer_is_a_question_with_two_answers():
    """CM-10: "Play the Commit (9♦)" or "Pass"; each key gives its action."""
    session = _at_offer()
    deal = session.deal
    d = deal.decision()
    q = intents.question_for(session, d)
    assert q is not None
    assert q.text == "After 5♠: play the 9♦, the Commit, in place of the 6♠?"
    assert q.buttons == (("commit", "Play the Commit (9♦)"), ("pass", "Pass"))
    assert (
        q.line
        == "Play the 9♦ for the 6♠: 2 from each player, and you lead next; or pass and keep it."
    )
    assert intents.answer(deal, 2, "commit") == Play(2, NINE_D)
    assert intents.answer(deal, 2, "pass") == Pass(2)
    assert intents.answer(deal, 2, "decline") is None
    assert intents.card_intent(deal, 2, NINE_D).actions == (Play(2, NINE_D),)
    assert prompts.lead_hint(session, 2) == q.line


def test_the_commit_is_called_and_logged():
    """CM-11: the table calls "Commit!" and logs the play with it."""
    game = make_game("commit")
    spin = tablewords.spin_call(game)
    names = ["You", "Ben", "Cat", "Dan"]
    played = Played(2, NINE_D, False)
    assert tablewords.announcement(played, names, ["Pool"], spin) == "Commit!"
    assert tablewords.log_line(played, names, ["Pool"], spin) == "Cat plays 9♦: Commit!"
    assert tablewords.log_line(Played(0, C("5S"), False), names, ["Pool"], spin) == "You play 5♠"
    line = tablewords.log_line(Paid(0, 2, 2, "Commit"), names, ["Pool"], spin)
    assert line == "You pay Cat 2 (Commit)"


def test_the_engines_reasons_for_the_commit():
    """The reasons cite CM-10, CM-11: played in place of the missing card, paid for, and the
    stop it makes."""
    session = _at_offer()
    before = session.deal.clone()
    events = session.apply(Play(2, NINE_D))
    names = ["You", "Ben", "Cat", "Dan"]
    lines = explain_events(events, scene_before(before, names))
    assert lines[0] == (
        "Cat plays 9♦, the Commit, in place of the missing card: every other player pays "
        "for it and the sequence stops (CM-10, CM-11)."
    )
    assert "You pay Cat 2 for the Commit (CM-11)." in lines
    stop = next(i for i, e in enumerate(events) if isinstance(e, Stopped))
    assert lines[stop] == (
        "The Commit stops the sequence: nothing follows the 9♦ (CM-11); Cat leads next."
    )
    assert tablewords.why_lines(before, names, events)[-1] == (
        "The Commit stops the sequence: nothing follows the 9♦; Cat leads next."
    )


def test_the_summary_says_why_a_caught_commit_pays_double():
    """CM-13: a player caught with the Commit pays the multiplier (2) on each card left; the
    summary says how many cards and why the amount is more (the ledger's words)."""
    paid = Paid(1, 0, 6, "cards left", 3)
    lines = tablewords.summary_lines(_session(), [paid], ["You", "Ben"])
    assert lines == ["Ben paid you 6 for 3 cards left in hand, doubled: Ben held the 9♦"]


def test_a_computers_offer_shows_nobody_acting_to_the_others():
    """CM-10: the person's table shows no seat acting while Cat decides about the 9♦."""
    session = _at_offer()
    snap = tablesnap.table_snapshot(session, 0, thinking=True)
    assert not any(s.acting or s.thinking for s in snap.seats)
    own = tablesnap.table_snapshot(session, 2)
    assert [s.acting for s in own.seats] == [False, False, True, False]


def test_the_coach_and_the_hint_at_an_offer():
    session = _at_offer()
    lines = advice.coach_lines(session, 2)
    assert any("nobody learns that you passed" in line for line in lines)
    assert "You may play: 9♦." in lines
    assert advice.action_words(Pass(2), session.game) == "pass and keep the 9♦"


def test_the_review_passes_over_another_seats_offer():
    """In a seat's view, the step where Cat decides about the 9♦ shows nobody acting and
    nothing taken; the whole table and Cat's own view show her decision (CM-10, GEN-9)."""
    session = _at_offer()
    session.apply(Pass(2))
    review = review_deal(session, 1)
    k = 2  # after A's two spades: Cat's offer
    assert review.steps[k].seat == 2 and review.private_to_another(k, 0)
    assert not review.private_to_another(k, 2) and not review.private_to_another(k, None)
    words = ["You", "Ben", "Cat", "Dan"]
    rule = show_rule(False, "stops", 1, False, 0, 0)
    shown = shown_table(review, k, rule)
    text = reviewtext.review_step_text(review, shown, words)
    assert text.turn == "The turn goes round the table." and text.taken == ""
    snap = reviewtext.review_snapshot(review, shown, 0, words)
    assert not any(s.acting for s in snap.seats)
    whole = shown_table(review, k, show_rule(True, "stops", 1, False, None, 0))
    assert reviewtext.review_step_text(review, whole, words).taken == ("Taken: pass (keep the 9♦).")


def test_the_offer_after_a_king_says_the_run_has_ended():
    """CM-10, CM-12: after a King there is no next card; the Commit may still be played."""
    text, buttons, line = prompts.offer_question(make_game("commit"), C("KS"))
    assert text == "K♠ ends the run: play the 9♦, the Commit, now?"
    assert buttons == [("commit", "Play the Commit (9♦)"), ("pass", "Pass")]
    assert line == "Play the 9♦ now: 2 from each player, and you lead next; or pass and keep it."
