"""Michigan's widow decisions in the review (MI-7, MI-8): the dealer's choice, each bid and
each pass named at its step, with the choices there, as the review window shows them (they
read "Choices: ." and "Taken: pass (keep the )." before)."""

from __future__ import annotations

from gamecore.actions import Bid, Pass, Widow, parse_action
from gamecore.agents.playcheck import action_words
from gamecore.decisions import BidChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.review import review_deal, show_rule, shown_table
from gui.model import reviewtext, widowwords

NAMES = ["You", "Ben", "Cat", "Dan"]
#: Dan deals and sells the widow: You bid 2, Ben passes, Cat bids 3, You pass.
AUCTION = ("3 auction", "0 bid 2", "1 pass", "2 bid 3", "0 pass")


def _steps(*texts: str) -> list[tuple[str, str, str]]:
    """The turn, choices and taken lines of every step of a four-hand Michigan deal (deck
    in index order, Dan dealing) after the actions ``texts`` (record syntax), in the
    person's view (seat 0)."""
    game = make_game("michigan")
    session = Session(game, NAMES, 3)
    session.start_deal_from_deck(list(range(52)))
    for text in texts:
        session.apply(parse_action(text, game.pools, passes=True, widow=True))
    review = review_deal(session, 1)
    rule = show_rule(False, "stops", 1, False, 0, 0)
    out = []
    for k in range(len(texts)):
        st = reviewtext.review_step_text(review, shown_table(review, k, rule), NAMES)
        out.append((st.turn, st.choices, st.taken))
    return out


def test_the_auction_reads_bid_by_bid_in_the_review_mi_7_mi_8():
    assert _steps(*AUCTION) == [
        (
            "Dan to choose what becomes of the widow.",
            "Choices: exchange with the widow, auction the widow, keep the dealt hand.",
            "Taken: auction the widow.",
        ),
        (
            "You to bid for the widow or pass.",
            "Choices: a bid of 1 or more, or pass (out of the auction).",
            "Taken: bid 2.",
        ),
        (
            "Ben to bid for the widow or pass.",
            "Choices: a bid of 3 or more, or pass (out of the auction).",
            "Taken: pass (out of the auction).",
        ),
        (
            "Cat to bid for the widow or pass.",
            "Choices: a bid of 3 or more, or pass (out of the auction).",
            "Taken: bid 3.",
        ),
        (
            "You to bid for the widow or pass.",
            "Choices: a bid of 4 or more, or pass (out of the auction).",
            "Taken: pass (out of the auction).",
        ),
    ]


def test_an_exchange_and_a_keep_are_named_mi_7():
    assert _steps("3 exchange")[0][2] == "Taken: exchange with the widow."
    assert _steps("3 keep")[0][2] == "Taken: keep the dealt hand."


def test_the_play_checks_words_for_the_widow_decisions():
    """The play check's line names the same words ("your auction the widow: …")."""
    game = make_game("michigan")
    session = Session(game, NAMES, 3)
    session.start_deal_from_deck(list(range(52)))
    obs = session.deal.observation(3)
    words = [
        action_words(a, obs, game)
        for a in (Widow(3, "exchange"), Widow(3, "auction"), Widow(3, "keep"), Bid(0, 4), Pass(1))
    ]
    assert words == [
        "exchange with the widow",
        "auction the widow",
        "keep the dealt hand",
        "bid 4",
        "pass (out of the auction)",
    ]


def test_a_bidder_who_cannot_pay_may_only_pass_mi_8():
    assert widowwords.bid_choices(BidChoice(1, 5, 3)) == (
        "pass only (the least bid, 5, is more than may be paid)"
    )
    assert widowwords.bid_choices(BidChoice(1, 5, 9)) == (
        "a bid of 5 to 9, or pass (out of the auction)"
    )


def test_a_bid_is_asked_first_only_when_the_bidders_counters_do_not_cover_it_mi_8():
    assert widowwords.debt_question(99, 99) is None
    text, buttons, _ = widowwords.debt_question(100, 99)
    assert text == "Bid 100 for the widow? Paid, it leaves you 1 in debt (you have 99)."
    assert buttons == [("rebid", "Change the bid"), ("sure-bid:100", "Bid 100")]
    text, _, _ = widowwords.debt_question(2_000, -5)
    assert text == "Bid 2,000 for the widow? Paid, it leaves you 2,005 in debt (you owe 5 already)."
    assert widowwords.widow_answer(2, "sure-bid:2000") == Bid(2, 2000)
