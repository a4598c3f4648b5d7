"""The review says one seat's stakes paid at once in one sentence, as the deal summary
does: its first step of a classic board said "…: your stake as dealer, paid before the
cards are seen" once for each of the eight compartments."""

from __future__ import annotations

from gamecore.games import make_game
from gamecore.match import Session
from gamecore.review import review_deal, show_rule, shown_table
from gui.model import reviewtext
from helpers import play_first_choices

NAMES = ["You", "Ben", "Cat"]


def test_the_dealers_stakes_on_the_classic_board_are_one_sentence_pj_c_gen_9():
    """Pope Joan C, deck in index order, You dealing: the deal's first step puts the
    dealer's 15 counters on the board, 6 on the Pope and 2 on Matrimony and Intrigue."""
    session = Session(make_game("pope-joan", {"pj.profile": "C"}), NAMES, 0)
    session.start_deal_from_deck(list(range(52)))
    play_first_choices(session)
    review = review_deal(session, 1)
    rule = show_rule(False, "stops", 0, False, 0, 0)
    why = reviewtext.review_step_text(review, shown_table(review, 0, rule), NAMES).why
    stakes = [line for line in why if "paid before the cards are seen" in line]
    assert stakes == [
        "You put 15 on the layout: 6 on the Pope pool, 2 on the Matrimony pool, 2 on the "
        "Intrigue pool, 1 on the Ace pool, 1 on the King pool, 1 on the Queen pool, 1 on the "
        "Jack pool and 1 on the Game pool, your stake as dealer, paid before the cards are "
        "seen."
    ]
