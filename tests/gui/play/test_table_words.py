"""The table tells the truth in plain words (issue 15, point 10): who deals, why a sequence
stopped, what happened in a Spoil Five deal. Driven through the real window."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QPushButton

from game_driver import SEARCH, drive, find_seed, mirror, open_game, reach
from gamecore.cards import card_label, parse_card
from gamecore.decisions import PlayChoice
from gamecore.events import Paid, Stopped
from gamecore.games import make_game
from gui.model import tablewords
from gui.windows.dialogs import DealSummaryDialog
from helpers import play_card, scenario_deal, trump_layout_going_out
from table_driver import WAIT, click_button, status


def test_deal_line_says_you_deal(qtbot):
    win = open_game(qtbot, "newmarket", 1, options={"gen.firstDealer": "seat"})
    c = win.controller
    assert c.log[:2] == ["You deal first.", "Deal 1 of 4: you deal."]
    assert drive(qtbot, win) is None
    click_button(qtbot, c.dialog, c.dialog.findChild(QPushButton, "next"))
    qtbot.waitUntil(lambda: len(c.session.logs) == 2, timeout=WAIT)
    dealer = c.session.players[c.session.deal.dealer]
    assert dealer != "You"
    assert f"Deal 2 of 4: {dealer} deals." in c.log
    assert not any("You deals" in line for line in c.log)


# ---------------------------------------------------------------------------------------------
# A stop on a card already played


def _stops(deal) -> list[tuple[int, int, str]]:
    """The stops of the deal so far: (card stopped on, missing card, "played" when the
    missing one was already played then, "turnup" when it is the turn-up, else "")."""
    game, out, seen = deal.game, [], 0
    history = list(deal.history)
    for i, p in enumerate(history):
        seen |= 1 << p.card
        stopped = history[i + 1].lead if i + 1 < len(history) else deal.top is None
        nxt = game.succ[p.card]
        if stopped and not p.spin and nxt is not None:
            kind = "played" if seen >> nxt & 1 else "turnup" if nxt == deal.turnup else ""
            out.append((p.card, nxt, kind))
    return out


def _stopped_for(kind: str):
    def stop(deal, d) -> bool:
        """The person to choose a card (not a forced one, which plays itself) after a
        stop of this kind."""
        return (
            isinstance(d, PlayChoice)
            and not d.forced
            and any(k == kind for _c, _m, k in _stops(deal))
        )

    return stop


@pytest.mark.parametrize(
    ("game", "options", "kind", "reason"),
    [
        ("newmarket", {}, "played", "played earlier"),
        ("pope-joan", {"pj.profile": "C"}, "turnup", "turned up"),
    ],
    ids=["played", "turn-up"],
)
def test_a_stop_on_a_card_in_view_says_why(qtbot, game, options, kind, reason):
    stop = _stopped_for(kind)
    seed, expected = find_seed(game, 4, options, stop)
    win = open_game(qtbot, game, seed, options=options)
    reach(qtbot, win, stop, expected)
    log = win.controller.log
    for _card, missing, k in _stops(win.controller.session.deal):
        said = {"played": "played earlier", "turnup": "turned up"}.get(k)
        if said is not None:
            assert f"No {card_label(missing)}: {said}" in log
    assert any(line.endswith(f": {reason}") for line in log)
    assert status(win)  # the table is still speaking


def test_stop_words_from_the_engine_events():
    # 7♠ is played on the 6♠; the 8♠ went down in an earlier sequence, so the call names
    # it and says why. A stop on a card nobody has seen (in the stock) names it too: "No
    # four" in clubs and then in hearts would read alike in the log.
    game = make_game("newmarket", {})
    deal = scenario_deal(
        game, ["7S 2H", "3H 5D", "9D JC", "QC KH"], stock="4C 3C", top="6S", to_act=0
    )
    assert deal.played >> parse_card("8S") & 1
    stop = next(e for e in play_card(deal, 0, "7S") if isinstance(e, Stopped))
    assert (stop.card, stop.missing) == (parse_card("7S"), parse_card("8S"))
    seen = tablewords.Seen(deal.played)
    assert tablewords.stop_call(stop, seen) == "No 8♠: played earlier"
    names = ["You", "Ben", "Cat", "Dan"]
    assert tablewords.announcement(stop, names, [], "Spin", seen) == ("No 8♠: played earlier")
    assert tablewords.log_line(stop, names, [], "Spin", seen) == "No 8♠: played earlier"
    unseen = Stopped(0, parse_card("3C"), parse_card("4C"))
    assert tablewords.stop_call(unseen, seen) == "No 4♣"
    hearts = Stopped(1, parse_card("3H"), parse_card("4H"))
    assert tablewords.stop_call(hearts) == "No 4♥"
    # Pope Joan's turn-up lies face up on the dead hand: a stop for want of it says so.
    turned = tablewords.Seen(deal.played, parse_card("4C"))
    assert tablewords.stop_call(unseen, turned) == "No 4♣: turned up"


# ---------------------------------------------------------------------------------------------
# The Spoil Five summary


def _spoil_five_seed(spoiled: bool) -> int:
    for seed in range(SEARCH):
        session, _ = mirror("spoil-five", 4, {}, seed, lambda deal, d: False)
        if (session.deal.winner is None) == spoiled:
            return seed
    pytest.fail("no such deal")


@pytest.mark.parametrize("spoiled", [False, True], ids=["won", "spoiled"])
def test_spoil_five_summary_speaks_of_tricks_and_the_pool(qtbot, spoiled):
    win = open_game(qtbot, "spoil-five", _spoil_five_seed(spoiled))
    assert drive(qtbot, win) is None
    c = win.controller
    deal, session = c.session.deal, c.session
    dlg = c.dialog
    assert isinstance(dlg, DealSummaryDialog)
    heading = dlg.findChild(QLabel, "heading").text()
    texts = [w.text() for w in dlg.findChildren(QLabel)]
    assert not any("went out" in t or "Stock" in t or "Cards left" in t for t in texts)
    assert dlg.findChild(QLabel, "stock") is None
    assert "Tricks" in texts
    assert [dlg.findChild(QLabel, f"tricks_{s}").text() for s in range(4)] == [
        str(n) for n in deal.tricks_won
    ]
    pool = dlg.findChild(QLabel, "pools").text()
    lines = dlg.findChild(QLabel, "lines").text()
    if spoiled:
        assert heading == "Spoiled"
        assert "Spoiled: " in lines and "The pool stays for the next deal." in lines
        assert pool == f"Pool for the next deal: {session.pools[0]}"
    else:
        name = session.players[deal.winner]
        won = deal.tricks_won[deal.winner]
        assert heading == (
            f"{name} won all five tricks" if won == 5 else f"{name} won {won} tricks"
        )
        assert f"{name} took the pool: " in lines
        assert pool == (
            "Pool for the next deal: empty (a fresh pool is made)"
            if session.pools[0] == 0
            else f"Pool for the next deal: {session.pools[0]}"
        )
    assert dlg.findChild(QLabel, f"name_{deal.dealer}").text().endswith("(dealer)")
    click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))


def test_the_summary_says_why_a_pool_was_doubled():
    """PJ-11, PJ-24: in Pope Joan's trump layout C goes out while B holds the Pope and the
    Q♠ and A the K♠; each doubles the pool of its card or combination. The summary listed
    only the cards left, and a player read "−16" for Ben with no line saying why."""
    from types import SimpleNamespace

    _before, deal, events = trump_layout_going_out()
    assert deal.over and deal.winner == 2
    table = SimpleNamespace(game=deal.game, deal=deal, players=("Ann", "Ben", "Cat"))
    assert tablewords.summary_lines(table, events) == [
        "Cat took the Game pool: 2",
        "Ann paid Cat 2 for 2 cards left in hand",
        "Ben paid Cat 3 for 3 cards left in hand",
        "Ben paid 3 into the Pope pool, matching it: the 7♦ was left in Ben's hand",
        "Ann paid 6 into the Matrimony pool, matching it: the K♠ was left in Ann's hand",
        "Ben paid 6 into the Matrimony pool, matching it: the Q♠ was left in Ben's hand",
        "Ben paid 4 into the Intrigue pool, matching it: the Q♠ was left in Ben's hand",
        "Ann paid 5 into the Confederacy pool, matching it: the K♠ was left in Ann's hand",
    ]


def test_a_kings_payment_is_said_as_the_table_writes_cards_sn_10_sn_13():
    # "Dan paid Cat 2 (♦K)" and "Cat paid Ben 1 (King)" beside "K♦ earns its player 2"
    names = ["You", "Ben", "Cat"]
    assert tablewords.paid_words(Paid(2, 1, 2, "♦K"), names, past=True) == (
        "Cat paid Ben 2 for the K♦"
    )
    assert tablewords.paid_words(Paid(0, 2, 1, "King"), names) == "You pay Cat 1 for a King"
    assert tablewords.paid_words(Paid(1, 0, 3, "Spinado"), names) == "Ben pays you 3 (Spinado)"


def test_a_spin_stop_says_the_sequence_stops_not_that_the_card_is_a_stop_sp_3():
    """A card played with the ♦A stops the sequence (SP-3), whatever it is: the table
    called "3♦ is a stop" and "J♥ is a stop", as if those cards always were."""
    from gamecore.actions import Play

    game = make_game("spin", {})
    deal = scenario_deal(
        game, ["3H 4C", "AD 5H 6C", "10S 7D 9C"], top="4H", to_act=1, rest="played"
    )
    events = deal.apply(Play(1, parse_card("5H"), spin=True))
    stop = next(e for e in events if isinstance(e, Stopped))
    assert (stop.card, stop.missing) == (parse_card("5H"), None)
    seen = tablewords.Seen.with_spins(deal.played, None, events)
    names = ["You", "Ben", "Cat"]
    assert tablewords.announcement(stop, names, [], tablewords.SpinCall(), seen) == (
        "The sequence stops at 5♥"
    )
    assert tablewords.log_line(stop, names, [], tablewords.SpinCall(), seen) == (
        "The sequence stops at 5♥"
    )
    king = Stopped(0, parse_card("KS"), None)  # a King is a stop of its own (STOP-7)
    assert tablewords.stop_call(king, seen) == "K♠ is a stop"
