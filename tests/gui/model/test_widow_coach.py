"""The coach at Michigan's widow decisions (MI-7, MI-8): what the rules allow, said without
naming a card of the widow or of any hand."""

from __future__ import annotations

from gamecore.actions import parse_action
from gamecore.cards import card_label, cards_in
from gamecore.games import make_game
from gamecore.match import Session
from gui.model.advice import coach_lines


def _session() -> Session:
    session = Session(make_game("michigan"), ["You", "Ann", "Ben", "Cat"], 0)
    session.start_deal_from_deck(list(range(52)))
    return session


def _names_no_card(lines: list[str]) -> bool:
    return not any(card_label(c) in line for c in range(52) for line in lines)


def test_the_dealer_is_coached_at_the_widow_choice_mi_7():
    session = _session()
    lines = coach_lines(session, 0)
    assert lines == [
        "You deal, so you decide what happens to the widow: exchange: take the widow "
        "unseen and lay your hand down as the dead hand; auction: sell the widow to the "
        "highest bidder, who pays you; keep: play the hand you were dealt; the widow stays "
        "dead. Nobody has seen the widow."
    ]
    assert _names_no_card(lines) and coach_lines(session, 1) == []


def test_a_bidder_is_coached_with_the_bounds_of_his_bid_mi_8():
    session = _session()
    for text in ("0 auction", "1 bid 2"):
        session.apply(parse_action(text, session.game.pools, passes=True, widow=True))
    lines = coach_lines(session, 2)
    assert lines[0].startswith("You may bid 3 or more counters for the widow, or pass for good")
    assert _names_no_card(lines)
    deal = session.deal
    assert deal is not None and list(cards_in(deal.stock))  # the widow is there, unnamed
