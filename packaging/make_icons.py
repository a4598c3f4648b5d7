"""Export Parlour's application icon (drawn by gui/table/appicon.py) for every platform.

    python packaging/make_icons.py [OUT]        (default OUT: build/icons)

writes ``parlour-SIZE.png`` for each size in :data:`gui.table.appicon.ICON_SIZES`, the same
again as ``hicolor/SIZExSIZE/apps/parlour.png`` (the Linux icon theme's layout, which the
bundle carries for ``parlour --install-desktop-entry``), ``parlour.png`` (256 px),
``parlour.ico`` (Windows: 16-256 px) and
``parlour.icns`` (macOS: 16-1024 px). Each size is drawn from the vector shapes. Pillow (the
``build`` extra) assembles the ICO and ICNS containers; without it only the PNGs are written.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def _png_bytes(size: int) -> bytes:
    from PySide6.QtCore import QBuffer, QIODevice

    from gui.table.appicon import icon_image

    buf = QBuffer()
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    icon_image(size).save(buf, "PNG")
    return bytes(buf.data().data())


def make_icons(out: Path) -> list[Path]:
    """Write every icon file into ``out`` (created); returns the paths written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from gui.table.appicon import ICON_SIZES

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    out.mkdir(parents=True, exist_ok=True)
    pngs = {s: _png_bytes(s) for s in sorted({*ICON_SIZES, *ICO_SIZES, *ICNS_SIZES})}
    written = []
    for size in ICON_SIZES:
        path = out / f"parlour-{size}.png"
        path.write_bytes(pngs[size])
        themed = out / "hicolor" / f"{size}x{size}" / "apps" / "parlour.png"
        themed.parent.mkdir(parents=True, exist_ok=True)
        themed.write_bytes(pngs[size])
        written += [path, themed]
    (out / "parlour.png").write_bytes(pngs[256])
    written.append(out / "parlour.png")
    try:
        from PIL import Image
    except ImportError:
        print(
            "make_icons: Pillow is not installed (pip install -e '.[build]'); wrote PNGs only",
            file=sys.stderr,
        )
        return written

    def images(sizes: tuple[int, ...]) -> list[Image.Image]:
        return [Image.open(io.BytesIO(pngs[s])).convert("RGBA") for s in sizes]

    ico = images(ICO_SIZES)
    ico[-1].save(
        out / "parlour.ico", format="ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=ico[:-1]
    )
    icns = images(ICNS_SIZES)
    icns[-1].save(out / "parlour.icns", format="ICNS", append_images=icns[:-1])
    written += [out / "parlour.ico", out / "parlour.icns"]
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"
    for p in make_icons(target):
        print(p)
