"""The rules browser: a list of pages on the left, the page on the right.

The pages are plain HTML files in ``assets/rules/``: one per game (and per Pope Joan
profile), one on the table's controls and one on the keyboard. The page of the game being
played also shows the house rules in force at the table, each with its value, its one-line
help from :data:`gamecore.options.HELP` in plain words (without the rule ids,
:func:`gui.model.housewords.plain_help`) and a mark when it differs from the default.

Use::

    window = RulesWindow(parent, game="newmarket", options={"nm.aceHigh": True})
    window.show()

or :func:`show_rules`, which also reuses an open window.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QPalette
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gamecore.games import available_games, descriptor, entries
from gamecore.options import OptionSpec, defaults, house_rules
from gui.model.housewords import (
    caption,
    cards_text,
    choice_text,
    plain_help,
    suit_letters,
    suit_text,
)
from gui.windows.screenfit import FittedDialog

__all__ = [
    "pages",
    "RulesPage",
    "RulesWindow",
    "format_value",
    "house_rules_html",
    "load_page",
    "page_html",
    "page_key",
    "rules_dir",
    "show_rules",
]


@dataclass(frozen=True)
class RulesPage:
    """One page of the browser: ``key`` is the file name without ``.html``; ``game`` and
    ``profile`` say which game (and Pope Joan profile) the page describes, if any."""

    key: str
    title: str
    game: str | None = None
    profile: str | None = None


def pages() -> tuple[RulesPage, ...]:
    """Every page, in the order of the list: the table's page, each registered game
    entry's page (as its descriptor names it), the keyboard."""
    games = tuple(
        RulesPage(e.rules_page, e.rules_title or e.label, d.name, e.profile)
        for d, e in entries()
        if e.rules_page
    )
    return (
        RulesPage("table", "How to play at this table"),
        *games,
        RulesPage("keyboard", "Keyboard"),
    )


def _by_key() -> dict[str, RulesPage]:
    return {p.key: p for p in pages()}


def __getattr__(name: str) -> Any:
    if name == "PAGES":  # the pages as they stand now (a game may register later)
        return pages()
    raise AttributeError(name)


#: Where a page's house-rules summary goes (the box itself ends the page).
MARKER = "<!-- house-rules -->"
_ANCHOR = "house-rules"


def rules_dir() -> Path:
    """The folder holding the pages: inside a PyInstaller bundle (``sys._MEIPASS``) when
    frozen, else ``assets/rules`` beside the ``gui`` package."""
    here = Path(__file__).resolve().parents[2] / "assets" / "rules"
    # PyInstaller sets ``sys.frozen`` and ``sys._MEIPASS`` in a bundle only: they are not
    # declared attributes of ``sys``, so they are read from its namespace, absent elsewhere.
    meipass = sys.__dict__.get("_MEIPASS")
    if sys.__dict__.get("frozen", False) and meipass:
        bundled = Path(meipass) / "assets" / "rules"
        if bundled.is_dir() or not here.is_dir():
            return bundled
    return here


def page_key(
    game: str | None, profile: str | None = None, options: Mapping[str, Any] | None = None
) -> str:
    """The page of ``game``'s entry (a game with profiles: of ``profile``, else the one
    ``options`` select, else its default); the table page when there is no game, it is
    unknown, or its entry has no page."""
    if game is None or game not in available_games():
        return "table"
    desc = descriptor(game)
    if profile is not None:
        profile = str(profile).upper()
    entry = desc.entry_for(options, profile)
    return entry.rules_page or "table"


def load_page(key: str) -> str:
    """The HTML of page ``key`` as stored; a short note if its file is missing."""
    page = _by_key().get(key)
    title = html.escape(page.title if page else key)
    path = rules_dir() / f"{key}.html"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return (
            f"<html><body><h1>{title}</h1><p>This page is missing from the installation "
            f"({html.escape(str(path))}).</p></body></html>"
        )


def format_value(spec: OptionSpec, value: Any) -> str:
    """``value`` of the option ``spec`` for people: "on"/"off", "no limit", "♦♣♠♥"…"""
    if spec.kind in ("bool", "false"):
        return "on" if value else "off"
    if value is None:
        return "no limit"
    if spec.kind == "suits" and isinstance(value, str):
        return suit_text(value)
    if spec.kind == "choice":
        return choice_text(spec.key, value)
    if spec.kind == "text":
        return cards_text(spec.key, value)
    return str(value)


def _same(spec: OptionSpec, a: Any, b: Any) -> bool:
    if spec.kind == "suits" and isinstance(a, str) and isinstance(b, str):
        a, b = suit_letters(a), suit_letters(b)
    return type(a) is type(b) and a == b


def house_rules_html(
    game: str, profile: str | None, options: Mapping[str, Any] | None, at_table: bool = True
) -> str:
    """The house-rules box of ``game``: every house rule with its value at the table (from
    ``options``, else the default), its help line, and a mark on those that differ from the
    default. With ``at_table`` false it lists the defaults of a game not being played."""
    given = dict(options or {})
    usual = defaults(game)
    specs = house_rules(game, profile)
    rows, changed = [], 0
    for spec in specs:
        default = usual.get(spec.key, spec.default)
        value = given.get(spec.key, default) if at_table else default
        cell = html.escape(format_value(spec, value))
        if at_table and not _same(spec, value, default):
            changed += 1
            cell = (
                f"<b>{cell}</b><br><small>★ changed from the default "
                f"({html.escape(format_value(spec, default))})</small>"
            )
        rows.append(
            f"<tr><td><b>{html.escape(caption(spec.key))}</b></td><td>{cell}</td>"
            f"<td>{html.escape(plain_help(spec.key))}</td></tr>"
        )
    if at_table:
        head = "House rules at this table"
        if changed:
            note = (
                f"{changed} of these {'differs' if changed == 1 else 'differ'} from the "
                "usual setting, marked ★."
            )
        else:
            note = "All of them have their usual setting."
        value_head = "At this table"
    else:
        head = "House rules of this game"
        note = "Chosen in New Game; shown here with their usual settings."
        value_head = "Usual setting"
    return (
        f'<hr><h2><a name="{_ANCHOR}"></a>{head}</h2><p>{note}</p>'
        f'<table class="house"><tr><th>Rule</th><th>{value_head}</th>'
        f"<th>What it means</th></tr>{''.join(rows)}</table>"
    )


def page_html(
    key: str,
    game: str | None = None,
    profile: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    """Page ``key`` ready to show: a game page ends with its house rules, at the table's
    values when it is the page of ``game`` (and ``profile``), else with their defaults."""
    text = load_page(key)
    page = _by_key().get(key)
    if page is None or page.game is None:
        return text
    current = page_key(game, profile, options) == key
    box = house_rules_html(page.game, page.profile, options if current else None, current)
    if current:
        link = (
            f'<p><small><a href="#{_ANCHOR}">House rules at this table</a> '
            "are listed at the end of this page.</small></p>"
        )
        text = text.replace(MARKER, link, 1)
    end = text.lower().rfind("</body>")
    return text[:end] + box + text[end:] if end >= 0 else text + box


def _style(palette: QPalette) -> str:
    """The pages' style sheet: only lines and spacing, in the palette's own colours, so
    the pages read in light and dark themes alike."""
    line = palette.color(QPalette.ColorRole.Mid).name()
    return (
        "table { border-collapse: collapse; margin-top: 4px; margin-bottom: 8px; }"
        f" th, td {{ border: 1px solid {line}; padding: 3px 8px; vertical-align: top; }}"
        " th { text-align: left; } h1 { margin-bottom: 4px; } h2 { margin-top: 16px; }"
        " li { margin-bottom: 3px; }"
    )


class RulesWindow(FittedDialog):
    """The rules browser. Opens on the page of ``game`` (Pope Joan: ``profile`` or
    ``options["pj.profile"]``), or on "How to play at this table" when ``game`` is
    ``None``; that game's page ends with its house rules at the values in ``options``.

    Modeless use: ``window.show()``. :meth:`set_table` points an open window at another
    game; :meth:`show_page` and :meth:`current_page` move about by page key.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        game: str | None = None,
        profile: str | None = None,
        options: dict | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("rulesWindow")
        self.setWindowTitle("Rules")
        self.game, self.profile = game, profile
        self.options: dict = dict(options or {})
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.pages = QListWidget(self)
        self.pages.setObjectName("pages")
        self.pages.setAccessibleName("Rules pages")
        self.pages.setAccessibleDescription("Choose a page; it is shown beside the list.")
        for page in pages():
            item = QListWidgetItem(page.title, self.pages)
            item.setData(Qt.ItemDataRole.UserRole, page.key)
        self.pages.setSpacing(2)
        self.pages.setMinimumWidth(self.pages.sizeHintForColumn(0) + 24)
        self.pages.setMaximumWidth(self.pages.sizeHintForColumn(0) + 48)
        row.addWidget(self.pages)
        self.text = QTextBrowser(self)
        self.text.setObjectName("text")
        self.text.setAccessibleName("Rules text")
        self.text.setOpenLinks(False)
        self.text.document().setDocumentMargin(14)
        # a column that reads: the window shrank to a text pane 60 pixels wide
        self.text.setMinimumSize(320, 200)
        self.text.anchorClicked.connect(self._follow)
        row.addWidget(self.text, 1)
        layout.addLayout(row, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setObjectName("close")
        close.setAutoDefault(False)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.pages.currentRowChanged.connect(self._show_row)
        self.show_page(page_key(game, profile, self.options))
        self.pages.setFocus()

    def preferred_size(self) -> QSize:
        """960 × 680 pixels; the screen may bound it."""
        return QSize(960, 680)

    # ---- API ---------------------------------------------------------------------------

    def current_page(self) -> str:
        """The key of the page shown ("newmarket", "pope-joan-m", "table"…)."""
        item = self.pages.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def show_page(self, key: str) -> None:
        """Show page ``key`` and select it in the list (unknown keys show the table page)."""
        keys = [p.key for p in pages()]
        row = keys.index(key) if key in keys else 0
        if self.pages.currentRow() == row:
            self._show_row(row)
        else:
            self.pages.setCurrentRow(row)

    def set_table(
        self, game: str | None, profile: str | None = None, options: dict | None = None
    ) -> None:
        """The table now plays ``game``: show its page with these house rules."""
        self.game, self.profile, self.options = game, profile, dict(options or {})
        self.show_page(page_key(game, profile, self.options))

    # ---- inside ------------------------------------------------------------------------

    def _show_row(self, row: int) -> None:
        shown = pages()
        if not 0 <= row < len(shown):
            return
        page = shown[row]
        self.text.document().setDefaultStyleSheet(_style(self.palette()))
        self.text.setHtml(page_html(page.key, self.game, self.profile, self.options))
        self.setWindowTitle(f"Rules — {page.title}")
        self.text.setAccessibleDescription(page.title)

    def _follow(self, url: QUrl) -> None:
        """A link: ``#anchor`` scrolls, ``other.html`` opens that page, web links open in
        the browser."""
        if url.scheme() in ("http", "https"):
            QDesktopServices.openUrl(url)
            return
        name = url.path().rsplit("/", 1)[-1]
        key = name.removesuffix(".html")
        if key in _by_key():
            self.show_page(key)
        if url.fragment():
            self.text.scrollToAnchor(url.fragment())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "text"):
            self._show_row(self.pages.currentRow())  # lines follow the new palette
        super().changeEvent(event)


def show_rules(
    parent: QWidget | None,
    game: str | None = None,
    profile: str | None = None,
    options: dict | None = None,
    window: RulesWindow | None = None,
) -> RulesWindow:
    """Show the rules at ``game``'s page: reuse ``window`` if given, else make one. Returns
    the window, raised and modeless, for the caller to keep."""
    if window is None:
        window = RulesWindow(parent, game, profile, options)
    else:
        window.set_table(game, profile, options)
    window.show()
    window.raise_()
    window.activateWindow()
    return window
