"""The rules browser (gui.windows.rules): every page, the page of each game, the house-rules box,
moving between pages, where the pages are found, and that the pages are our own words."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QListWidget, QTextBrowser

from gamecore.games import descriptor
from gamecore.options import HELP, OptionSpec, defaults, house_rules, resolve_options
from gui.model.housewords import plain_help
from gui.windows import rules
from gui.windows.rules import PAGES, RulesWindow, caption, format_value, page_html, page_key
from helpers import registry_entries
from paths import ROOT, SHARED

SPEC = SHARED / "rules" / "rules-spec.md"
SEEDS = SHARED / "seeds"
RULES_DIR = ROOT / "assets" / "rules"

#: (game, profile) → the page it opens on, with that page's title: every registered entry
#: that has a page.
GAME_PAGES = [(d.name, e.profile, e.rules_page) for d, e in registry_entries() if e.rules_page]
TITLES = {p.key: p.title for p in PAGES}
VOID = {"meta", "br", "hr", "img", "link", "input", "col", "area", "base", "wbr", "source"}


def _window(qtbot: Any, *args: Any, **kwargs: Any) -> RulesWindow:
    win = RulesWindow(None, *args, **kwargs)
    qtbot.addWidget(win)
    return win


class _Text(HTMLParser):
    """The text of a page, the tags still open, and every table row as a list of cells."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "br" and self._cell is not None:
            self._cell.append(" ")
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> does not close <{self.stack[-1] if self.stack else ''}>")
            return
        self.stack.pop()
        if tag in ("td", "th") and self._cell is not None and self.rows:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def _parse(html_text: str) -> _Text:
    p = _Text()
    p.feed(html_text)
    p.close()
    return p


def _words(text: str) -> list[str]:
    """Lower-case words (letters and digits), punctuation and markup ignored."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("’", "").replace("'", ""))


def _other_value(spec: OptionSpec, default: Any) -> Any:
    """A valid value of ``spec`` other than ``default``."""
    if spec.kind == "bool":
        return not default
    if spec.kind == "int":
        return default + 1
    if spec.kind == "int?":
        return 9
    if spec.kind == "choice" or (spec.kind == "text" and spec.choices):
        return next(c for c in spec.choices if c != default)
    if spec.kind == "suits":
        return "HHHH"
    raise AssertionError(spec.kind)


def _house_rows(win: RulesWindow) -> dict[str, list[str]]:
    """The house-rules rows of the page shown, by rule name."""
    rows = _parse(win.text.toHtml()).rows
    head = next(i for i, r in enumerate(rows) if r[:1] == ["Rule"])
    return {r[0]: r for r in rows[head + 1 :] if r}


# ---- the pages ----------------------------------------------------------------------------


def test_there_is_a_file_for_every_page() -> None:
    assert {p.key for p in PAGES} == {f.stem for f in RULES_DIR.glob("*.html")}
    assert [p.key for p in PAGES][0] == "table" and [p.key for p in PAGES][-1] == "keyboard"


@pytest.mark.parametrize("key", [p.key for p in PAGES])
def test_every_page_loads_non_empty(qtbot: Any, key: str) -> None:
    win = _window(qtbot)
    win.show_page(key)
    assert win.current_page() == key
    text = win.text.toPlainText()
    assert len(text.split()) > 80
    assert TITLES[key] in text
    assert "missing from the installation" not in text
    assert win.windowTitle() == f"Rules — {TITLES[key]}"


#: A rule id of the specification ("MI-7", "GEN-2") or one of its sections ("cousins §1"):
#: they belong to the docstrings and the tests, not to what the player reads (SHA-256 and
#: UTF-8 are names, not rule ids).
RULE_ID = re.compile(r"\b(?!SHA-256\b|UTF-8\b)[A-Z]{2,4}-\d+\b|§")


@pytest.mark.parametrize("key", [p.key for p in PAGES])
def test_no_page_nor_house_rules_box_cites_a_rule_id(qtbot: Any, key: str) -> None:
    """Every page as shown, a game's page with its house-rules box (it read "… the lowest
    card drawn (GEN-2, cousins §1)."), at the table and not."""
    page = next(p for p in PAGES if p.key == key)
    for game in (page.game, None):
        win = _window(qtbot, game, page.profile, {})
        win.show_page(key)
        text = win.text.toPlainText()
        assert TITLES[key] in text and not RULE_ID.findall(text), RULE_ID.findall(text)


def test_the_help_of_every_house_rule_is_plain() -> None:
    assert {k: plain_help(k) for k in HELP if RULE_ID.search(plain_help(k))} == {}
    # and never its caption again: New Game read "Players may go below zero: Players may go
    # below zero; off: …"
    repeated = [k for k in HELP if re.match(re.escape(caption(k)) + r"[;:]? ", plain_help(k))]
    assert repeated == ["sn.intrigue", "mt.othersStake"]  # they go on to say what it is
    assert plain_help("gen.firstDealer") == (
        "How the first dealer is chosen: the first Jack dealt face up, at random, the first "
        "seat or, in the games that take it, the lowest card drawn."
    )


@pytest.mark.parametrize("path", sorted(RULES_DIR.glob("*.html")), ids=lambda p: p.name)
def test_pages_are_simple_valid_html(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert source.startswith("<!DOCTYPE html>")
    assert '<html lang="en">' in source and '<meta charset="utf-8">' in source
    parsed = _parse(source)
    assert not parsed.errors and not parsed.stack, (parsed.errors, parsed.stack)
    assert source.count("<h1>") == 1 and "<title>" in source
    # Readable in light and dark palettes: no colours or backgrounds of our own.
    assert not re.search(r"color|background|bgcolor|<font|style=", source, re.IGNORECASE)
    # Game pages say where their house-rules summary goes.
    page = next(p for p in PAGES if p.key == path.stem)
    assert (rules.MARKER in source) == (page.game is not None)


def test_keyboard_page_lists_every_shortcut(qtbot: Any) -> None:
    win = _window(qtbot)
    win.show_page("keyboard")
    text = win.text.toPlainText()
    for keys in (
        "Ctrl+N",
        "Ctrl+O",
        "Ctrl+Shift+S",
        "Ctrl+Z",
        "F1",
        "Ctrl+Q",
        "Left, Right",
        "Enter or Space",
        "Escape",
        "Ctrl+plus",
        "Ctrl+minus",
        "Ctrl+mouse wheel",
        "Ctrl+0",
    ):
        assert keys in text, keys


def test_table_page_covers_the_controls(qtbot: Any) -> None:
    win = _window(qtbot)
    text = win.text.toPlainText().lower()
    for topic in (
        "drag",
        "raised and outlined",
        "status line",
        "name the stake",
        "proposed",
        "♦a",
        "rob",
        "claim",
        "jink",
        "covers the table",
        "undo",
        "saves itself",
        "save as",
        "open",
        "new game",
        "statistics",
        "fingerprint",
        "sha-256",
        "salt",
        "review",
        "deal again",
        "coach",
    ):
        assert topic in text, topic


# ---- opening at the game being played ------------------------------------------------------


@pytest.mark.parametrize(("game", "profile", "key"), GAME_PAGES)
def test_opens_on_the_page_of_the_game(
    qtbot: Any, game: str, profile: str | None, key: str
) -> None:
    win = _window(qtbot, game, profile, {})
    assert win.current_page() == key
    pages = win.findChild(QListWidget, "pages")
    assert pages is not None and pages.currentItem().text() == TITLES[key]
    text = win.findChild(QTextBrowser, "text").toPlainText()
    assert text.startswith(TITLES[key])
    assert "House rules at this table" in text


def test_pope_joan_profile_comes_from_the_options(qtbot: Any) -> None:
    assert _window(qtbot, "pope-joan", None, {"pj.profile": "C"}).current_page() == "pope-joan-c"
    assert _window(qtbot, "pope-joan").current_page() == "pope-joan-f"


def test_no_game_opens_on_the_table_page(qtbot: Any) -> None:
    win = _window(qtbot)
    assert win.current_page() == "table"
    assert "House rules" not in win.text.toPlainText()
    assert page_key("no-such-game") == "table"


# ---- the house-rules box -------------------------------------------------------------------


@pytest.mark.parametrize(("game", "profile", "key"), GAME_PAGES)
def test_house_rules_box_lists_every_rule_with_its_default(
    qtbot: Any, game: str, profile: str | None, key: str
) -> None:
    win = _window(qtbot, game, profile, {})
    rows = _house_rows(win)
    specs = house_rules(game, profile)
    usual = defaults(game)
    assert len({caption(s.key) for s in specs}) == len(specs)  # every rule has its own name
    assert len(rows) == len(specs)
    for spec in specs:
        row = rows[caption(spec.key)]
        assert row[1] == format_value(spec, usual[spec.key])
        assert row[2] == plain_help(spec.key)
    assert "changed from the default" not in win.text.toPlainText()
    assert "All of them have their usual setting." in win.text.toPlainText()


@pytest.mark.parametrize(("game", "profile", "key"), GAME_PAGES)
def test_house_rules_box_shows_given_values_and_marks_changes(
    qtbot: Any, game: str, profile: str | None, key: str
) -> None:
    specs = house_rules(game, profile)
    usual = defaults(game)
    changed = {s.key: _other_value(s, usual[s.key]) for s in specs[::2]}
    if "nm.minStake" in changed:  # the named stake may not be below the smallest stake
        changed["nm.stake"] = changed["nm.minStake"]
    key_of_profile = descriptor(game).profile_key
    options = dict(changed, **({key_of_profile: profile} if profile and key_of_profile else {}))
    resolve_options(game, options)  # the test's own values are valid
    win = _window(qtbot, game, None, options)
    assert win.current_page() == key
    rows = _house_rows(win)
    for spec in specs:
        row = rows[caption(spec.key)]
        if spec.key in changed:
            assert row[1] == (
                f"{format_value(spec, changed[spec.key])} ★ changed from the "
                f"default ({format_value(spec, usual[spec.key])})"
            )
        else:
            assert row[1] == format_value(spec, usual[spec.key])
    n = len(changed)
    assert f"{n} of these {'differs' if n == 1 else 'differ'}" in win.text.toPlainText()


def test_newmarket_ace_high_is_shown_on_and_changed(qtbot: Any) -> None:
    win = _window(qtbot, "newmarket", None, {"nm.aceHigh": True})
    rows = _house_rows(win)
    assert rows["Aces high"][1] == "on ★ changed from the default (off)"
    assert rows["Play without the 8♦"][1] == "off"
    assert win.text.toPlainText().count("changed from the default") == 1


def test_spoil_five_compares_with_its_own_default() -> None:
    # gen.startCounters is 20 in Spoil Five (GEN-5), 100 elsewhere.
    assert "changed from the default" not in page_html("spoil-five", "spoil-five", None, {})
    changed = page_html("spoil-five", "spoil-five", None, {"gen.startCounters": 100})
    assert "changed from the default (20)" in changed


def test_other_game_pages_list_their_rules_with_defaults(qtbot: Any) -> None:
    win = _window(qtbot, "newmarket", None, {"nm.aceHigh": True})
    win.show_page("spin")
    text = win.text.toPlainText()
    assert "House rules of this game" in text and "House rules at this table" not in text
    assert "changed from the default" not in text
    win.show_page("pope-joan-m")  # not the Newmarket options
    assert caption("pj.m.dealerStake") in win.text.toPlainText()


def test_values_in_words() -> None:
    specs = {s.key: s for s in house_rules("pope-joan", "F")}
    assert format_value(specs["pj.honourSuits"], "DCSH") == "♦♣♠♥"
    assert format_value(specs["pj.pope"], "9D") == "9♦"
    nm = {s.key: s for s in house_rules("newmarket")}
    assert format_value(nm["nm.maxStake"], None) == "no limit"
    # Suits written with symbols are the same setting as letters.
    assert "changed" not in page_html("pope-joan-f", "pope-joan", "F", {"pj.honourSuits": "♦♣♠♥"})


# ---- moving about --------------------------------------------------------------------------


def test_clicking_another_page_shows_it(qtbot: Any) -> None:
    win = _window(qtbot, "newmarket")
    win.show()
    qtbot.waitExposed(win)
    pages = win.findChild(QListWidget, "pages")
    for key in ("spoil-five", "keyboard", "pope-joan-c"):
        item = pages.item([p.key for p in PAGES].index(key))
        rect = pages.visualItemRect(item)
        qtbot.mouseClick(pages.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        assert win.current_page() == key
        assert win.text.toPlainText().startswith(TITLES[key])


def test_keyboard_moves_between_pages(qtbot: Any) -> None:
    win = _window(qtbot, "spin")
    win.show()
    qtbot.waitExposed(win)
    win.pages.setFocus()
    qtbot.keyClick(win.pages, Qt.Key.Key_Down)
    assert win.current_page() == "spinado"


def test_links_open_other_pages(qtbot: Any) -> None:
    win = _window(qtbot, "spin")
    assert 'href="newmarket.html"' in (RULES_DIR / "spin.html").read_text(encoding="utf-8")
    win.text.anchorClicked.emit(QUrl("newmarket.html"))
    assert win.current_page() == "newmarket"
    win.text.anchorClicked.emit(QUrl("#house-rules"))  # stays on the page
    assert win.current_page() == "newmarket"


def test_set_table_and_show_rules_reuse_the_window(qtbot: Any) -> None:
    win = rules.show_rules(None, "spin")
    qtbot.addWidget(win)
    assert win.isVisible() and win.current_page() == "spin"
    again = rules.show_rules(None, "pope-joan", "M", {"pj.m.dealerStake": 3}, window=win)
    assert again is win and win.current_page() == "pope-joan-m"
    assert _house_rows(win)["Dealer's stake"][1].startswith("3 ★ changed")


def test_a_palette_change_redraws_the_page(qtbot: Any) -> None:
    win = _window(qtbot, "newmarket", None, {"nm.aceHigh": True})
    palette = win.palette()
    palette.setColor(QPalette.ColorRole.Mid, QColor("#123456"))
    win.setPalette(palette)
    assert "#123456" in win.text.document().defaultStyleSheet()
    assert "changed from the default" in win.text.toPlainText()


def test_accessible_names(qtbot: Any) -> None:
    win = _window(qtbot)
    assert win.findChild(QListWidget, "pages").accessibleName()
    assert win.findChild(QTextBrowser, "text").accessibleName()


# ---- where the pages are found -------------------------------------------------------------


def test_rules_dir_in_the_source_tree() -> None:
    assert rules.rules_dir() == RULES_DIR


def test_rules_dir_in_a_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "assets" / "rules").mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert rules.rules_dir() == tmp_path / "assets" / "rules"


def test_a_missing_page_says_so(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(rules, "rules_dir", lambda: tmp_path)
    win = _window(qtbot, "spinado")
    text = win.text.toPlainText()
    assert "missing from the installation" in text
    assert "House rules at this table" in text  # the box is still there


# ---- our own words -------------------------------------------------------------------------


def _grams(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.skipif(not SPEC.is_file(), reason="the rules spec is not on this machine")
@pytest.mark.parametrize("path", sorted(RULES_DIR.glob("*.html")), ids=lambda p: p.name)
def test_no_long_runs_copied_from_the_spec_or_seeds(path: Path) -> None:
    sources = [SPEC.read_text(encoding="utf-8")]
    sources += [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))]
    copied: set[tuple[str, ...]] = set()
    for source in sources:
        copied |= _grams(_words(source), 12)
    page = _words(" ".join(_parse(path.read_text(encoding="utf-8")).text))
    hits = [" ".join(g) for g in _grams(page, 12) & copied]
    assert not hits, hits


def test_each_rules_page_names_the_stock_as_the_table_does():
    """The table says "Dead hand · 4" in Pope Joan and "Stock · 3" in Commit; the rules of
    Foster's layout said only "stock", Commit's and Newmarket's only "left over"."""
    for page in rules.pages():
        if page.game is None:
            continue
        desc = descriptor(page.game)
        text = rules.load_page(page.key).lower()
        for name in filter(None, (desc.stock_name, desc.dead_stock_name)):
            if name != "Pack":  # the rest of the pack, in the trick games' own words
                assert name.lower() in text, (page.key, name)


def test_michigans_layout_reads_in_cards_not_letters_mi_3():
    """The house rules of a Michigan game showed "Layout: AS KH QC JD"."""
    from gamecore.options import specs
    from gui.model.housewords import cards_letters, cards_symbols

    spec = specs()["mi.layout"]
    assert format_value(spec, "AH KC QD JS") == "♥A ♣K ♦Q ♠J (Bicycle)"  # its own words
    assert format_value(spec, "AS KH 10C JD KD+QD") == "♠A ♥K ♣10 ♦J ♦K+♦Q"
    assert cards_symbols("2h tc") == "♥2 ♣10"
    assert cards_letters("♠A k♥ ♦10+♦J what") == "AS KH 10D+JD what"  # not a card: as typed


def test_the_keyboard_page_names_every_menu_shortcut(qtbot):
    """Help → Keyboard lists every menu action's keys (View → This deal so far, Ctrl+L, was
    missing, and a tester found it only by chance)."""
    from gui.windows.mainwindow import MainWindow

    win = MainWindow(pace=0, seed=1)
    qtbot.addWidget(win)
    page = (RULES_DIR / "keyboard.html").read_text(encoding="utf-8")
    words = {"Ctrl++": "Ctrl+plus", "Ctrl+-": "Ctrl+minus"}  # written out on the page
    menus = [(t, k) for t, k in win.shortcut_lines() if " " not in k]  # the table's own: " / "
    assert ("This deal so far", "Ctrl+L") in menus
    cells = re.findall(r"<td>([^<]*)</td>", page)
    missing = [(t, k) for t, k in menus if not any(words.get(k, k) in c.split(", ") for c in cells)]
    assert missing == []


def test_the_rules_window_keeps_a_readable_column_however_small(qtbot):
    """Shrunk as far as it goes, the text keeps 320 × 200 pixels beside the page list (a
    tester brought it down to 283 × 150, a pane 60 pixels wide)."""
    win = _window(qtbot, "newmarket")
    win.show()
    win.resize(100, 100)
    qtbot.waitUntil(lambda: win.text.width() > 0)
    assert win.text.width() >= 320 and win.text.height() >= 200
    assert win.width() >= win.pages.width() + 320
