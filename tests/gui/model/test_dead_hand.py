"""Michigan's spare hand by the spec's names (MI-6, MI-7, MI-8, MI-15): the table and the
deal summary call it the widow while it may still be taken, and the dead hand from the
first lead on, whether the widow nobody took or the hand its taker laid down (they called
the exchanger's own discarded hand "Widow"). Spinado's widow keeps its name."""

from __future__ import annotations

from gamecore.actions import parse_action
from gamecore.cards import cards_in
from gamecore.events import Stopped
from gamecore.games import make_game
from gamecore.match import Session
from gui.model import dealsummary, tablesnap, tablewords

NAMES = ["You", "Ben", "Cat", "Dan"]
#: Deck in index order, Dan dealing: the widow is dealt first (indices 0, 5, 10, …: 11
#: cards), Dan last (indices 4, 9, 14, …: 10 cards).
WIDOW = {i for i in range(52) if i % 5 == 0}
DANS_HAND = {i for i in range(52) if i % 5 == 4}


def _session(*texts: str) -> Session:
    game = make_game("michigan")
    session = Session(game, NAMES, 3)
    session.start_deal_from_deck(list(range(52)))
    for text in texts:
        session.apply(parse_action(text, game.pools, passes=True, widow=True))
    return session


def _stock(session: Session) -> tuple[str, int]:
    snap = tablesnap.table_snapshot(session, 0)
    return snap.stock_name, snap.stock_count


def _dealt(session: Session) -> tuple[set[int], set[int]]:
    """The widow and the dealer's hand as dealt (the record's stock and hand)."""
    log = session.logs[-1]
    return set(log.stock), set(log.hands[3])


def test_the_deal_in_index_order():
    assert _dealt(_session()) == (WIDOW, DANS_HAND)


def test_the_table_calls_it_the_widow_until_the_first_lead_mi_7_mi_8():
    assert _stock(_session()) == ("Widow", 11)
    assert _stock(_session("3 auction", "0 bid 2")) == ("Widow", 11)


def test_after_an_exchange_the_table_shows_the_dead_hand_mi_7():
    session = _session("3 exchange")
    assert set(cards_in(session.deal.stock)) == DANS_HAND  # the laid-down hand is the stock
    assert _stock(session) == ("Dead hand", 10)


def test_a_kept_widow_and_a_sold_one_are_the_dead_hand_in_play_mi_7_mi_8():
    assert _stock(_session("3 keep")) == ("Dead hand", 11)
    assert _stock(_session("3 auction", "0 bid 2", "1 pass", "2 pass")) == ("Dead hand", 11)


def _play_out(session: Session) -> list[str]:
    """Play the deal to its end with the first legal action; the reasons of its stops."""
    why: list[str] = []
    while session.deal_in_progress:
        before = session.deal.clone()
        events = session.apply(session.legal_actions()[0])
        if any(isinstance(e, Stopped) for e in events):
            why += tablewords.why_lines(before, NAMES, events)
    return why


def test_the_summary_shows_the_laid_down_hand_as_the_dead_hand_mi_15():
    session = _session("3 exchange")
    why = _play_out(session)
    summary = dealsummary.deal_summary(session, NAMES, people=1, person=0)
    assert (summary.stock_name, set(summary.stock)) == ("Dead hand", DANS_HAND)
    # a stop at a card of the dead hand says so (MI-9); it said "lies in the widow"
    assert why[0] == (
        "No 5♠: nobody holds it, so it lies in the dead hand, unseen, and the sequence "
        "stops; Cat leads next."
    )
    assert not [w for w in why if "widow" in w]
