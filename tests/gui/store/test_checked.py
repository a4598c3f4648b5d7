"""The one checked reader of settings and side files: every class of damage gives the
value's default and a sentence naming it, never an exception."""

from __future__ import annotations

import json

import pytest

from gui.store import checked, persistence, settings

DEEP = "[" * 100_000 + "]" * 100_000
#: Nested past Python's recursion limit, yet short enough for the New Game choices.
DEEP_SHORT = "[" * 9_000 + "]" * 9_000


@pytest.fixture
def kept():
    """The settings file, emptied after the test."""
    s = settings.settings()
    s.clear()
    yield s
    s.clear()
    s.sync()


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (DEEP, "nested too deeply"),
        ("[" * 17 + "]" * 17, "nested too deeply"),
        ('{"a": ' + "9" * 5000 + "}", "holding a number too large"),
        ('{"a": ' + "9" * 30 + "}", "holding a number too large"),
        ("[1e999]", "holding a number too large"),
        ("[NaN]", "holding NaN, which is not a JSON number"),
        ("{not json", "not valid JSON"),
        (b'{"a": "\xff\xfe"}', "not valid UTF-8 text"),
        ('{"a": "\ufffd"}', "not valid UTF-8 text"),
        ("[" + "1," * 600_000 + "1]", "longer than 1000000 characters"),
    ],
)
def test_parse_names_each_class_of_damage(raw, why):
    with pytest.raises(checked.Damaged) as e:
        checked.parse(raw)
    assert str(e.value) == why
    assert checked.parse_or_none(raw) is None


def test_parse_reads_what_parlour_writes():
    text = json.dumps({"game": "newmarket", "options": {"gen.rounds": 2}, "seats": [["A", True]]})
    assert checked.parse(text) == json.loads(text)
    assert checked.parse(b"[1.5, -3, null]") == [1.5, -3, None]


@pytest.mark.parametrize(
    ("value", "why"),
    [
        (DEEP_SHORT, "nested too deeply"),
        ('{"seats": ' + DEEP_SHORT + "}", "nested too deeply"),
        (DEEP, "longer than 20000 characters"),
        ('["newmarket"]', "not a table of choices"),
        ('{"game": ' + "7" * 40 + "}", "holding a number too large"),
        ("x" * 30_000, "longer than 20000 characters"),
        ('{"game": "new\ufffdmarket"}', "not valid UTF-8 text"),
    ],
)
def test_damaged_new_game_choices_give_none_and_a_notice(kept, value, why):
    kept.setValue("newgame/last", value)
    notices: list[str] = []
    assert settings.load_table(notices) == {}
    assert notices == [
        f"Some of your settings could not be read (the last New Game choices: {why}); "
        "their defaults are used."
    ]


def test_good_new_game_choices_are_read_without_a_notice(kept):
    kept.setValue("newgame/last", json.dumps({"game": "spin", "options": {}}))
    notices: list[str] = []
    assert settings.load_table(notices) == {"game": "spin", "options": {}}
    assert notices == []


def test_every_damaged_table_setting_falls_back_to_its_default(kept):
    for key in (
        "table/speed",
        "table/fourColour",
        "table/back",
        "table/felt",
        "table/autoPlay",
        "table/name",
        "table/zoom",
        "table/revealTricks",
        "coach/off",
        "coach/coached",
    ):
        kept.setValue(key, DEEP)
    notices: list[str] = []
    assert settings.load_prefs(notices) == settings.Prefs()
    long = "longer than 200 characters"
    assert notices == [
        "Some of your settings could not be read ("
        f"the animation speed: {long}; four-colour suits: {long}; the card back: {long}; "
        f"the table's colour: {long}; auto-play: {long}; your name: {long}; "
        f"the zoom: {long}; showing unplayed cards: {long}; the coach's off switch: {long}; "
        f"the games coached: {long}); their defaults are used."
    ]


@pytest.mark.parametrize(
    ("key", "value", "why"),
    [
        ("table/speed", "warp", "the animation speed: not one Parlour knows"),
        ("table/fourColour", "maybe", "four-colour suits: not one Parlour knows"),
        ("table/back", "navy; rm", "the card back: not one Parlour knows"),
        ("table/name", "Ann\u0007", "your name: not one Parlour knows"),
        ("table/name", ["Ann", "Ben"], "your name: not text"),
        ("table/zoom", "1e999", "the zoom: not a number from 0.5 to 2"),
        ("table/zoom", "9" * 150, "the zoom: not a number from 0.5 to 2"),
        ("table/zoom", "nan", "the zoom: not a number from 0.5 to 2"),
        ("table/felt", "gr\ufffden", "the table's colour: not valid UTF-8 text"),
    ],
)
def test_each_damaged_table_setting_is_named(kept, key, value, why):
    kept.setValue(key, value)
    notices: list[str] = []
    assert settings.load_prefs(notices) == settings.Prefs()
    assert notices == [f"Some of your settings could not be read ({why}); their defaults are used."]


def test_good_table_settings_are_read_without_a_notice(kept):
    want = settings.Prefs(
        speed="fast", four_colour=True, back="navy", felt="blue", auto_play=False, name="Ann"
    )
    want.zoom, want.coached = 1.25, ("Spin", "Newmarket")
    settings.save_prefs(want)
    notices: list[str] = []
    assert settings.load_prefs(notices) == want
    assert notices == []


@pytest.mark.parametrize(
    "value",
    [DEEP, "1,2,3", "10,10," + "9" * 400 + ",10,0", "1,2,300000,4,0", "1,2,3,4,7", "a,b,c,d,e"],
)
def test_a_damaged_window_place_gives_none_and_a_notice(kept, value):
    kept.setValue("window/geometry", value)
    notices: list[str] = []
    assert settings.load_window(notices) is None
    assert len(notices) == 1 and notices[0].startswith(
        "Some of your settings could not be read (the window's place: "
    )


def test_a_kept_window_place_is_read(kept):
    settings.save_window(-20, 30, 800, 600, True)
    notices: list[str] = []
    assert settings.load_window(notices) == (-20, 30, 800, 600, True)
    assert notices == []


@pytest.mark.parametrize(
    ("side", "why"),
    [
        (DEEP.encode(), "nested too deeply"),
        (b'{"people": [true, false], "allow_undo": "\xff"}', "not valid UTF-8 text"),
        (b'{"people": ' + b"1" * 40 + b"}", "holding a number too large"),
    ],
)
def test_a_damaged_side_file_is_said_and_the_game_kept(tmp_path, side, why):
    from gamecore.games import make_game
    from gamecore.match import Session

    session = Session(make_game("newmarket", {}), ["A", "B", "C"], 0)
    session.start_deal_seeded(3)
    path = tmp_path / persistence.AUTOSAVE
    persistence.save(session, path, persistence.TableMeta([True, False, False]))
    persistence.meta_path(path).write_bytes(side)
    out = persistence.check_autosave(path)
    assert out.saved is not None and out.saved[1].people == [True, False, False]
    assert out.notices[0].startswith(
        f"The seats of your saved game could not be read (autosave.parlour.table.json: {why});"
    )
