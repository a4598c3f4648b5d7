"""The layout's compartments name themselves inside their plates at 800×600 (issue 24):
Pope Joan's trump layout wrote "Matrimony" and "Confederacy" over their plates' edges, and
its Pope compartment, a card, had no name at all."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from game_driver import open_game_at
from gui.model.ringlayout import compute_ring_layout
from gui.table.cardart import CardArt
from gui.table.pools import PoolItem
from gui.windows.mainwindow import MainWindow
from table_driver import SMALL_SCREEN


def _at(qtbot, game: str, players: int, options: dict, size=SMALL_SCREEN) -> MainWindow:
    return open_game_at(qtbot, size, game, seed=4, players=players, options=options)


def _inside(outer: QRectF, inner: QRectF) -> bool:
    return outer.adjusted(-0.5, -0.5, 0.5, 0.5).contains(inner)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("pope-joan", 3, {"pj.profile": "M"}),
        ("pope-joan", 8, {"pj.profile": "M"}),
        ("spinado", 7, {}),
        ("pope-joan", 3, {"pj.profile": "F"}),
        ("newmarket", 4, {}),
    ],
    ids=["pope-joan-m-3", "pope-joan-m-8", "spinado-7", "pope-joan-f-3", "newmarket-4"],
)
def test_every_compartment_is_named_inside_its_plate_at_800x600(qtbot, game, players, options):
    win = _at(qtbot, game, players, options)
    items: list[PoolItem] = win.view.pool_items
    assert items
    snap = win.view.snapshot
    turnup = win.view.cards.get(snap.turnup) if snap.turnup is not None else None
    for item, pool in zip(items, snap.pools, strict=True):
        if item.card is None:
            _font, box, _text = item._name_font_and_rect()
            plate = item._plate()
            assert _inside(plate.adjusted(1, 0, -1, 0), box), (item.label, box, plate)
        else:
            # the Pope is named on its 7♦; the ♥A pool is its own name
            assert item.name_on_card == (pool.label not in ("♥A", "♣K", "♦Q", "♠J"))
            if item.name_on_card:
                assert _inside(item.card_rect, item._tag_rect()), item.label
        if turnup is not None:
            assert not item.sceneBoundingRect().intersects(turnup.sceneBoundingRect())
    plates = [it.sceneBoundingRect() for it in items]
    for a, b in zip(plates, plates[1:], strict=False):
        assert a.right() <= b.left(), "two pools overlap"


def test_matrimony_compartment_names_never_run_together_in_a_small_review(qtbot):
    """Fourteen seats in the review's table at 800×600 (about 525 × 480): the compartments
    are too narrow for "Matrimony" and "Confederacy" even in the smallest type, so a name
    reaches a little into the gaps beside its plate and is cut short with "…" beyond that;
    no two names meet, and a name that fits is whole."""
    labels = ["Matrimony", "Intrigue", "Confederacy", "Pair", "Best"]  # as the table says
    lay = compute_ring_layout(525, 480, 14, len(labels), 2)
    art = CardArt()
    boxes, texts = [], []
    for label, rect, chips in zip(labels, lay.pool_cards, lay.pool_chips, strict=True):
        item = PoolItem(art, label)
        card = QRectF(rect.x, rect.y, rect.w, rect.h)
        item.set_state(card, QRectF(chips.x, chips.y, chips.w, chips.h), None, 0, 1.0, "K Q")
        _font, box, text = item._name_font_and_rect()
        # the detail line has room for its letters, inside the plate and under the name
        detail = item._detail_rect()
        assert detail.height() >= QFontMetricsF(item._detail_font()).height()
        assert card.contains(detail) and box.bottom() <= detail.top() + 0.01
        boxes.append(box)
        texts.append(text)
    assert texts[0].endswith("…") and texts[2].endswith("…")  # Matrimony, Confederacy
    assert labels[0].startswith(texts[0][:-1]) and len(texts[0]) >= 4
    assert texts[3] == labels[3]  # Pair fits whole
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert a.right() < b.left(), (a, b)


def test_a_pool_that_cannot_be_won_this_deal_is_marked_on_the_table(qtbot):
    """The Q♠ turned up in Pope Joan's trump layout: Matrimony and Intrigue need it, and
    looked like live pools (PJ-C-6). They are faded, say "out this deal" at their foot,
    and say why to the mouse and to screen readers; Confederacy stays as it was."""
    from gamecore.actions import NameStake, Split
    from gamecore.cards import cards_in
    from gamecore.cards import parse_card as C
    from gamecore.decisions import SplitChoice, StakeChoice
    from gamecore.games import make_game
    from gamecore.match import Session

    game = make_game("pope-joan", {"pj.profile": "M"})
    hands = [[C(x) for x in h.split()] for h in ("9S KS 4H", "7D 6C 2C", "10S JS 3H")]
    held = {c for h in hands for c in h}
    stock = [c for c in cards_in(game.pack) if c not in held and c != C("QS")] + [C("QS")]
    session = Session(game, ["You", "Ben", "Cat"], 2)
    session.start_deal(hands, stock, C("QS"))
    while isinstance(d := session.decision(), StakeChoice | SplitChoice):
        stake = NameStake(d.seat, d.default) if isinstance(d, StakeChoice) else None
        session.apply(stake or Split(d.seat, d.default))
    assert session.deal.turnup == C("QS") and session.deal.pools[0] > 0
    win = MainWindow(pace=0, seed=1)
    qtbot.addWidget(win)
    win.resize(*SMALL_SCREEN)
    win.show()
    win.controller.resume(session, [True, False, False])
    items: list[PoolItem] = win.view.pool_items
    qtbot.waitUntil(lambda: len(items) == 5 and items[0].dead != "")
    assert [i.dead for i in items] == ["Q♠ is turned up", "Q♠ is turned up", "", "", ""]
    assert items[0].toolTip().endswith(": it cannot be won this deal (Q♠ is turned up)")
    assert items[2]._detail_shown() == "K♠ J♠"
    # at its foot "out this deal", or "out" where even the smallest type cannot fit the
    # whole (it read "ut this dea" on an 800×600 plate): always whole
    item = items[0]
    for width in (26, 50, 90):
        rect = QRectF(item.card_rect.x(), item.card_rect.y(), width, width * 1.4)
        item.set_state(rect, item.chip_rect, None, 5, 1.0, "", rect, (), item.dead)
        shown = item._detail_shown()
        wide = QFontMetricsF(item._detail_font()).horizontalAdvance(shown)
        assert wide <= width - 6, (width, shown)
        assert shown == {26: "out", 50: shown, 90: "out this deal"}[width]


def test_out_this_deal_is_written_on_a_dark_pill_over_the_faded_card(qtbot):
    """Pale "out this deal" on a faded K♣ could hardly be read (a tester): over a card the
    detail line has a dark pill of its own; on a plate, the plate is dark enough."""
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from gamecore.cards import parse_card as C

    item = PoolItem(CardArt(), "♣K")
    card = QRectF(10, 10, 90, 126)
    item.set_state(card, QRectF(10, 140, 90, 40), C("KC"), 3, 1.0, dead="K♣ is in the stock")
    image = QImage(120, 200, QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)  # a white ground: only the pill is dark there
    painter = QPainter(image)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    pill = item.detail_pill()
    assert item._detail_shown() == "out this deal"
    assert card.top() < pill.top() < pill.bottom() < card.bottom()
    edge = image.pixelColor(round(pill.left() + 3), round(pill.center().y()))
    assert max(edge.red(), edge.green(), edge.blue()) < 90, edge.name()
