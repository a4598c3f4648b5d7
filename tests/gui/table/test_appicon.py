"""The application icon, drawn by our code at every exported size."""

from __future__ import annotations

import pytest

from gui.app.selftest import blank
from gui.table.appicon import ICON_SIZES, app_icon, icon_image


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_is_drawn_at_each_size(qapp, size: int) -> None:
    img = icon_image(size)
    assert (img.width(), img.height()) == (size, size)
    assert not blank(img)
    assert img.pixelColor(0, 0).alpha() < 255 or size < 32  # rounded corners show through
    assert img.pixelColor(size // 2, size // 2).alpha() == 255


def test_window_icon_has_the_window_sizes(qapp) -> None:
    sizes = {(s.width(), s.height()) for s in app_icon().availableSizes()}
    assert {(s, s) for s in ICON_SIZES if s <= 256} <= sizes


def test_too_small_is_refused(qapp) -> None:
    with pytest.raises(ValueError):
        icon_image(4)
