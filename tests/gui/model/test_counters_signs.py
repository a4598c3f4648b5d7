"""Counters written with a real minus sign, and only the number's sign turned into one: the
review's counters line kept a hyphenated name's hyphen as a minus ("Jo−Anne −4")."""

from __future__ import annotations

from gamecore.games import make_game
from gamecore.match import Session
from gamecore.review import review_deal, show_rule, shown_table
from gui.model import reviewtext
from gui.model.amounts import number, short_number, signed
from helpers import play_first_choices

NAMES = ["You", "Jo-Anne", "Cat", "Dan"]


def test_amounts_and_changes_use_the_minus_sign():
    assert [number(n) for n in (12, 0, -4)] == ["12", "0", "\u22124"]
    assert [signed(n) for n in (5, 0, -3)] == ["+5", "0", "\u22123"]


def test_a_hyphenated_name_keeps_its_hyphen_in_the_review_nm_5():
    """Newmarket, deck in index order, Dan dealing, every seat taking its first choice: at
    step 3 Jo-Anne puts her 4 counters on the layout, one on each pool (NM-5)."""
    game = make_game("newmarket")
    session = Session(game, NAMES, 3)
    session.start_deal_from_deck(list(range(52)))
    play_first_choices(session)
    review = review_deal(session, 1)
    rule = show_rule(False, "stops", 1, False, 0, 0)
    text = reviewtext.review_step_text(review, shown_table(review, 3, rule), NAMES)
    assert text.counters == (
        "Counters moved at this step: Jo-Anne \u22124, ♥A pool +1, ♣K pool +1, ♦Q pool +1, "
        "♠J pool +1."
    )


def test_amounts_and_changes_separate_thousands_as_the_panels_do():
    """A plate read "4900" beside the debt question's "4,900": every amount is written one
    way, thousands separated."""
    assert [number(n) for n in (999, 4900, -12345)] == ["999", "4,900", "\u221212,345"]
    assert [signed(n) for n in (1000, -2500)] == ["+1,000", "\u22122,500"]
    assert short_number(9999) == "9,999"
    assert short_number(12345) == "12.3k"
