"""A pool too big for its digits is written short, never cut: Matrimony with debt allowed
(MT-5: the dealer's stake has no cap) put about 800,000,000 counters in each compartment,
and at 800×600 the table wrote "8000000", two digits clipped off, a hundredth of the pool."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from gamecore.actions import NameStake, Split
from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.games import make_game
from gamecore.limits import MAX_AMOUNT
from gamecore.match import Session
from gui.model.amounts import MINUS, short_number
from gui.model.layout import compute_layout
from gui.table.cardart import CardArt
from gui.table.pools import PoolItem
from gui.windows.mainwindow import MainWindow
from table_driver import SMALL_SCREEN, WAIT


def test_short_numbers_keep_three_figures_rounded_down():
    amounts = [9_999, 10_000, 12_345, 99_999, 123_456, 1_500_000, 799_999_999, 3_999_999_997]
    assert [short_number(n) for n in amounts] == [
        "9,999", "10k", "12.3k", "99.9k", "123k", "1.5M", "799M", "3.99B",
    ]  # fmt: skip
    assert short_number(-12_345) == f"{MINUS}12.3k"
    assert short_number(0) == "0"


def _huge_matrimony() -> Session:
    """Matrimony for four, you dealing a stake of MAX_AMOUNT in debt (MT-5), every other
    player's stake one fewer, each spread as the automatic split."""
    session = Session(make_game("matrimony"), ["You", "Ann", "Ben", "Cat"], first_dealer=0)
    session.start_deal_seeded(5)
    d = session.decision()
    assert isinstance(d, StakeChoice) and d.seat == 0 and d.high is None
    session.apply(NameStake(0, MAX_AMOUNT))
    while isinstance(d := session.decision(), SplitChoice):
        session.apply(Split(d.seat, d.default))
    return session


def test_a_huge_pool_is_written_short_inside_its_place_at_800x600(qtbot):
    win = MainWindow(pace=0, seed=1)
    qtbot.addWidget(win)
    win.show()
    win.resize(*SMALL_SCREEN)
    session = _huge_matrimony()
    win.controller.resume(session, [True, False, False, False])
    view = win.view
    qtbot.waitUntil(lambda: len(view.pool_items) == 5 and view.layout_ is not None, timeout=WAIT)
    qtbot.waitUntil(lambda: win.size().toTuple() == SMALL_SCREEN, timeout=WAIT)
    items: list[PoolItem] = view.pool_items
    qtbot.waitUntil(lambda: [i.amount for i in items] == list(session.deal.pools), timeout=WAIT)
    shown = []
    for item in items:
        font, text = item.number_shown()
        assert QFontMetricsF(font).horizontalAdvance(text) <= item._number_rect().width() + 0.5
        assert f"{item.amount} counter" in item.toolTip()  # in full where the number is short
        shown.append(text)
    assert shown == [short_number(n) for n in session.deal.pools]
    assert shown == ["800M", "800M", "0", "800M", "799M"]
    # one size for every pool's number: the "0" beside them was written larger
    assert len({item.number_shown()[0].pixelSize() for item in items}) == 1


@pytest.mark.parametrize(("width", "height"), [(800, 600), (1280, 800), (1920, 1080)])
def test_a_tall_stack_of_counters_stays_off_the_pools_card(qtbot, width, height):
    """Twelve counters, the tallest stack drawn, leave the pool's card as it is without
    them (eleven reached over the foot of Spin's K♣ at 1280×800)."""
    lay = compute_layout(width, height, 4, 4)
    cr, ch = lay.pool_cards[1], lay.pool_chips[1]
    art = CardArt()

    def card_pixels(amount: int) -> QImage:
        item = PoolItem(art, "♣K")
        item.set_state(
            QRectF(cr.x, cr.y, cr.w, cr.h), QRectF(ch.x, ch.y, ch.w, ch.h), 38, amount, 1.0
        )
        image = QImage(round(cr.w), round(cr.h), QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.translate(-cr.x, -cr.y)
        option = QStyleOptionGraphicsItem()
        option.exposedRect = item.boundingRect()
        item.paint(painter, option, None)
        painter.end()
        return image

    assert card_pixels(12) == card_pixels(0)
