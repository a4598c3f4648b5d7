"""A hand flies in from the pack when it is new to the deal, never when it is shown again:
in a hot seat a person's hand, face down while another seat played, came back as its cards
stacked face up on the stock (a tester saw the 9♦ there in Commit)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF

from gamecore.games import make_game
from gamecore.match import Session
from gui.model import tablesnap
from gui.table.view import TableView


def _on_the_stock(view: TableView) -> set[int]:
    """The hand's cards that lie on the stock now (where a dealt card starts its flight)."""
    lay = view.layout_
    assert lay is not None
    stock = QPointF(lay.stock.x, lay.stock.y)
    return {c for c in view.snapshot.hand if view.cards[c].pos() == stock}


def test_a_hand_shown_again_in_its_deal_does_not_fly_from_the_pack(qtbot):
    view = TableView()
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.setVisible(True)
    qtbot.waitExposed(view)
    session = Session(make_game("commit"), ["Ann", "Ben", "Cat"], 0)
    session.start_deal_seeded(3)
    snap = tablesnap.table_snapshot(session, 0)
    assert snap.deal == 1 and len(snap.hand) > 5
    view.show(snap, 400)
    assert _on_the_stock(view) == set(snap.hand)  # dealt: from the pack
    view.show(tablesnap.hide_hands(snap), 400)  # another seat's turn in a hot seat
    view.show(snap, 400)
    assert _on_the_stock(view) == set()
    view.show(tablesnap.hide_hands(snap), 400)
    view.show(replace(snap, deal=2), 400)  # the next deal (the same cards, by chance)
    assert _on_the_stock(view) == set(snap.hand)
