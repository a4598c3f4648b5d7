"""Tests for gui.table.cardart: sizes, caching and what the painted pictures contain."""

import hashlib

import pytest
from PySide6.QtGui import QColor, QImage, QPixmap

from gamecore.cards import AD, CLUBS, DIAMONDS, HEARTS, SPADES, card
from gui.table.cardart import ASPECT, CHIP_COLOUR_NAMES, CardArt, render_sheet
from gui.table.cardfaces import index_box


def _image(pix: QPixmap) -> QImage:
    return pix.toImage().convertToFormat(QImage.Format.Format_ARGB32)


def _digest(pix: QPixmap) -> str:
    img = _image(pix)
    return hashlib.sha256(bytes(img.constBits())).hexdigest()


def _is_dark(c: QColor) -> bool:
    return c.alpha() == 255 and max(c.red(), c.green(), c.blue()) < 90


def _is_red(c: QColor) -> bool:
    return c.alpha() == 255 and c.red() > 150 and c.green() < 90 and c.blue() < 100


def _is_light(c: QColor) -> bool:
    return c.alpha() == 255 and min(c.red(), c.green(), c.blue()) > 215


def _count(img: QImage, x0: int, y0: int, x1: int, y1: int, test) -> int:
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if test(img.pixelColor(x, y)))


def test_height_for_and_aspect():
    assert ASPECT == 1.4
    assert CardArt.height_for(60) == 84
    assert CardArt.height_for(50) == 70
    assert CardArt.height_for(81) == 113  # 113.4 rounds down


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_face_and_back_pixel_size(qapp, dpr):
    art = CardArt()
    for pix in (art.face(card(9, HEARTS), 60, dpr), art.back(60, dpr)):
        assert pix.width() == round(60 * dpr)
        assert pix.height() == round(84 * dpr)
        assert pix.devicePixelRatio() == dpr
        logical = pix.deviceIndependentSize()
        assert (logical.width(), logical.height()) == (60.0, 84.0)


def test_cache_returns_identical_pixmap_and_does_not_grow(qapp):
    art = CardArt()
    assert art.cache_size == 0
    first = art.face(5, 70)
    back = art.back(70)
    chip = art.chip(1, 30)
    assert art.cache_size == 3
    assert art.face(5, 70) is first
    assert art.face(5, 70).cacheKey() == first.cacheKey()
    assert art.back(70).cacheKey() == back.cacheKey()
    assert art.chip(1, 30).cacheKey() == chip.cacheKey()
    assert art.cache_size == 3
    # Another size or ratio is another entry.
    assert art.face(5, 70, 2.0).cacheKey() != first.cacheKey()
    assert art.face(5, 71).cacheKey() != first.cacheKey()
    assert art.cache_size == 5
    art.clear()
    assert art.cache_size == 0
    assert art.face(5, 70).cacheKey() != first.cacheKey()
    assert art.cache_size == 1


@pytest.mark.parametrize(
    ("c", "light_share"),
    [(card(0, SPADES), 0.75), (card(6, CLUBS), 0.75), (card(12, SPADES), 0.5)],
)
def test_black_face_has_dark_index_and_is_mostly_light(qapp, c, light_share):
    img = _image(CardArt().face(c, 60))
    w, h = img.width(), img.height()
    # Index region: top-left strip, where the rank and suit symbol sit.
    assert _count(img, 0, 0, w // 4, w // 2, _is_dark) >= 40
    assert _count(img, 0, 0, w // 4, w // 2, _is_red) == 0
    light = _count(img, 0, 0, w, h, _is_light)
    assert light / (w * h) > light_share  # courts carry more ink than number cards
    # Rounded corners: outside them the pixmap is transparent; inside the border it is ivory.
    assert img.pixelColor(0, 0).alpha() == 0
    assert img.pixelColor(w - 1, h - 1).alpha() == 0
    assert _is_light(img.pixelColor(w // 2, 3))


@pytest.mark.parametrize("c", [card(0, HEARTS), card(9, DIAMONDS), card(11, HEARTS)])
def test_red_face_has_red_index(qapp, c):
    img = _image(CardArt().face(c, 60))
    w = img.width()
    assert _count(img, 0, 0, w // 4, w // 2, _is_red) >= 40
    assert _count(img, 0, 0, w // 4, w // 2, _is_dark) == 0


def test_bottom_right_index_is_top_left_rotated(qapp):
    img = _image(CardArt().face(card(7, SPADES), 80))
    w, h = img.width(), img.height()
    top = _count(img, 0, 0, w // 4, w // 2, _is_dark)
    bottom = _count(img, w - w // 4, h - w // 2, w, h, _is_dark)
    assert top >= 60
    assert abs(top - bottom) <= top // 10


@pytest.mark.parametrize(
    ("width", "pip", "rank_h"),
    [(35, 7.0, 0.2 * 35 / (0.15 / 0.185)), (50, 7.5, 10.0), (100, 13.0, 18.5)],
)
def test_index_suit_and_rank_are_legible_on_small_cards(width, pip, rank_h):
    """A played card at 800×600 is 35 pixels wide: its index's suit is 7 pixels tall, not
    0.13 of the card (4.55, where ♠ and ♣ were the same blot); an ordinary card keeps the
    usual proportions."""
    box = index_box(5, width)
    assert box.pip == pytest.approx(pip)
    assert box.rank_h == pytest.approx(rank_h)


@pytest.mark.parametrize("rank", [0, 9, 11])
def test_index_keeps_clear_of_the_pips_at_every_width(rank):
    for width in range(16, 200):
        box = index_box(rank, width)
        right = box.cx + max(box.rank_w, box.pip) / 2
        assert right <= 0.2375 * width + 1e-9  # the left pip column's edge
        assert box.cx - max(box.rank_w, box.pip) / 2 >= 0.035 * width - 1e-9  # the focus band


@pytest.mark.parametrize("c", [card(0, SPADES), card(0, CLUBS), card(5, SPADES)])
def test_small_card_index_has_ink_enough_to_read(qapp, c):
    """At 35 pixels the index (the strip a row of played cards leaves in view) has more
    than twice the ink it had at 0.13 and 0.185 of the card (19 to 21 dark pixels)."""
    width = 35
    img = _image(CardArt().face(c, width))
    assert _count(img, 0, 0, width // 4, round(0.6 * width), _is_dark) >= 40


def test_ace_has_large_central_pip(qapp):
    img = _image(CardArt().face(card(0, SPADES), 80))
    w, h = img.width(), img.height()
    assert _count(img, w // 2 - 10, h // 2 - 10, w // 2 + 10, h // 2 + 10, _is_dark) >= 300


def test_number_cards_have_more_ink_with_more_pips(qapp):
    art = CardArt()

    def ink(c: int) -> int:
        img = _image(art.face(c, 80))
        # Centre column band between the indices.
        return _count(img, 20, 10, 60, img.height() - 10, _is_red)

    counts = [ink(card(r, HEARTS)) for r in range(1, 10)]
    assert counts == sorted(counts)
    assert counts[-1] > 3 * counts[0]


def test_different_cards_give_different_images(qapp):
    art = CardArt()
    assert _image(art.face(card(1, SPADES), 60)) != _image(art.face(card(2, SPADES), 60))
    digests = {_digest(art.face(c, 60)) for c in range(52)}
    assert len(digests) == 52


def test_back_differs_from_every_face(qapp):
    art = CardArt()
    back = _digest(art.back(60))
    assert all(_digest(art.face(c, 60)) != back for c in range(52))
    img = _image(art.back(60))
    # A dark red field in the middle of the back, an ivory border near the edge.
    field = img.pixelColor(img.width() // 2, img.height() // 4)
    assert field.red() > field.green() + 40 and field.red() > field.blue() + 40
    assert _is_light(img.pixelColor(2, img.height() // 2))


def _colour_at_centre(pix: QPixmap) -> QColor:
    img = _image(pix)
    return img.pixelColor(img.width() // 2, img.height() // 2)


def test_four_colour_changes_diamonds_to_blue_and_clubs_to_green(qapp):
    two = CardArt()
    four = CardArt(four_colour=True)
    red = _colour_at_centre(two.face(AD, 60))
    blue = _colour_at_centre(four.face(AD, 60))
    assert red.red() > red.blue() + 100
    assert blue.blue() > blue.red() + 80 and blue.blue() > blue.green() + 40
    club_two = _colour_at_centre(two.face(card(0, CLUBS), 60))
    club_four = _colour_at_centre(four.face(card(0, CLUBS), 60))
    assert max(club_two.red(), club_two.green(), club_two.blue()) < 60
    assert club_four.green() > club_four.red() + 60 and club_four.green() > club_four.blue() + 40
    # Spades and hearts keep their colours.
    assert _image(two.face(card(0, SPADES), 60)) == _image(four.face(card(0, SPADES), 60))
    assert _image(two.face(card(0, HEARTS), 60)) == _image(four.face(card(0, HEARTS), 60))


def test_face_at_ratio_two_is_drawn_not_upscaled(qapp):
    art = CardArt()
    sharp = _image(art.face(card(9, CLUBS), 60, 2.0))
    blown_up = _image(art.face(card(9, CLUBS), 60, 1.0)).scaled(120, 168)
    assert sharp.size() == blown_up.size()
    assert sharp != blown_up


def test_chips(qapp):
    art = CardArt()
    assert len(CHIP_COLOUR_NAMES) == 5
    chips = [art.chip(k, 40) for k in range(5)]
    for pix in chips:
        assert (pix.width(), pix.height()) == (40, 40)
        img = _image(pix)
        assert img.pixelColor(0, 0).alpha() == 0
        assert img.pixelColor(20, 20).alpha() == 255
    assert len({_digest(p) for p in chips}) == 5
    big = art.chip(2, 40, 2.0)
    assert (big.width(), big.height(), big.devicePixelRatio()) == (80, 80, 2.0)
    centre = _colour_at_centre(art.chip(2, 40))
    assert centre.blue() > centre.red() + 80  # the blue chip is blue
    with pytest.raises(ValueError):
        art.chip(5, 40)


def test_bad_arguments_are_refused(qapp):
    art = CardArt()
    for bad in (-1, 52):
        with pytest.raises(ValueError):
            art.face(bad, 60)
    with pytest.raises(ValueError):
        art.back(0)
    with pytest.raises(ValueError):
        art.face(0, 60, 0.0)
    assert art.cache_size == 0


def test_render_sheet_writes_png(qapp, tmp_path):
    out = tmp_path / "sheet.png"
    render_sheet(str(out), width=40)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    img = QImage(str(out))
    assert not img.isNull()
    gap = 6
    assert (img.width(), img.height()) == (gap + 13 * (40 + gap), gap + 5 * (56 + gap))


@pytest.mark.parametrize("width", [40, 50, 80])  # a hand's cards, 800×600 at 0.8 zoom up
def test_the_focus_band_leaves_the_corner_index_in_view(qtbot, width):
    """The keyboard's focus band lies mostly outside the card's edge: wholly inside it, it
    hid the top of a 50-pixel card's rank ("7" under the blue, at 800×600)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from gui.table.items import CardItem

    art = CardArt()
    item = CardItem(card(6, SPADES), art)
    item.set_look(width, 1.0, True)
    item.in_hand = True
    item.set_playable(True)
    item.set_focused(True)
    image = QImage(width + 20, round(width * ASPECT) + 20, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.translate(10 - item.card_rect().left(), 10 - item.card_rect().top())
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    box = index_box(6, width)
    left, top = 10 + round(box.cx - box.rank_w / 2), 10 + round(box.top)
    rank = (left, top, left + round(box.rank_w), top + round(box.rank_h))
    blue = _count(image, *rank, lambda c: c.blue() > 150 and c.red() < 120)
    assert blue == 0
    assert _count(image, *rank, _is_dark) >= 6  # the rank is there, in ink
