"""Michigan in the person's ledger and the table's log (issue 24, issue 27): the antes and
the kitty said with their reason, the auction's bids in short words, its payment to the
dealer in the engine's sentence with its reason (MI-4, MI-5, MI-7, MI-8)."""

from __future__ import annotations

from gamecore.actions import parse_action
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import ledger
from gui.model.ledger_check import Reader
from gui.model.tablewords import spoken

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def _log(kitty: bool, person: int, *texts: str) -> tuple[list[str], Session]:
    """The log's lines of a four-hand deal (deck in index order, Dan dealing) after the
    antes, for the person at ``person``, with the actions ``texts`` (record syntax)."""
    game = make_game("michigan", {"mi.kitty": kitty})
    session = Session(game, NAMES, 3)
    session.start_deal_from_deck(list(range(52)))
    words = spoken(list(session.players), [person])
    lines = ledger.start_lines(session, words, [person])
    for text in texts:
        deal = session.deal
        assert deal is not None
        before = deal.clone()
        action = parse_action(text, game.pools, passes=True, widow=True)
        events = session.apply(action)
        lines += ledger.action_lines(session, before, action, events, words, [person])
    return lines, session


AUCTION = ("3 auction", "0 bid 2", "1 pass", "2 bid 3", "0 pass")


def test_the_dealer_is_told_the_antes_the_kitty_and_the_price_of_the_widow_mi_5_mi_8():
    lines, session = _log(True, 3, *AUCTION)
    assert lines == [
        "You put 10 on the layout: 2 on each pool, your stake as dealer, paid before the "
        "cards are seen.",  # the Kitty's 2 among them
        "Ann, Ben and Cat put 5 each on the layout",  # the others' antes, in one line
        "You offer the widow for sale",
        "Ann bids 2",
        "Ben passes",
        "Cat bids 3",
        "Ann passes",
        "Cat pays you 3 for the widow: the high bid in the auction buys it, unseen, from "
        "the dealer.",
        "The widow goes to Cat for 3",
    ]
    words = spoken(list(session.players), [3])
    reader = Reader(words, session.players, 3)
    deal = session.deal
    assert deal is not None
    assert (
        sum(reader.amount(line) or 0 for line in lines)
        == (deal.balances[3] - deal.opening_balances[3])
        == -7
    )


def test_the_buyer_is_told_what_the_widow_cost_mi_8():
    lines, session = _log(False, 2, *AUCTION)
    assert lines[0] == (
        "You put 4 on the layout: 1 on each pool, your stake, paid before the cards are seen."
    )
    assert lines[-2:] == [
        "You pay Dan 3 for the widow: the high bid in the auction buys it, unseen, from the "
        "dealer.",
        "The widow goes to you for 3",
    ]
    deal = session.deal
    assert deal is not None and deal.balances[2] - deal.opening_balances[2] == -7


def test_a_keep_and_a_sale_nobody_bid_for_are_said_without_counters_mi_7():
    assert _log(False, 0, "3 keep")[0][1:] == [
        "Ben puts 4, Cat 4 and Dan 8 on the layout",  # the others' antes; Dan deals
        "Dan keeps the dealt hand",
        "The widow stays face down as the dead hand",
    ]
    assert _log(False, 0, "3 exchange")[0][2:] == ["Dan exchanges with the widow"]
