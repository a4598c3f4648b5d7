"""Card ints, sets and the record notation (deal-record format, "Cards")."""

import pytest

from gamecore.cards import (
    CardSyntaxError,
    card,
    card_code,
    card_label,
    cards_in,
    mask_of,
    parse_card,
    rank_of,
    suit_of,
)


def test_card_layout_suit_times_13_plus_rank():
    assert card(0, 0) == 0  # AS
    assert parse_card("KC") == 51
    assert parse_card("10D") == 2 * 13 + 9
    assert (suit_of(parse_card("QH")), rank_of(parse_card("QH"))) == (1, 11)


@pytest.mark.parametrize("text", ["10D", "TD", "td", "10d", "10♦", "T♦", "t♦"])
def test_lenient_reading_of_the_ten_of_diamonds(text):
    assert parse_card(text) == parse_card("10D")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1D",
        "11S",
        "10X",
        "D10",
        "AHH",
        "10",
        "♦",
        # Nothing around the card, and no look-alikes that
        # upper-case or read as ASCII (format "Cards", "Limits").
        " 10D ",
        "10D ",
        "7\u017f",
        "\uff17S",
        "\uff110D",
    ],
)
def test_bad_cards_are_refused(text):
    with pytest.raises(CardSyntaxError):
        parse_card(text)


def test_writing_is_canonical_and_round_trips_every_card():
    for c in range(52):
        assert parse_card(card_code(c)) == c
    assert card_code(parse_card("t♣")) == "10C"
    assert card_label(parse_card("10D")) == "10♦"


def test_sets_are_bitmasks():
    m = mask_of([parse_card("AS"), parse_card("KC"), parse_card("2H")])
    assert m.bit_count() == 3
    assert list(cards_in(m)) == [0, 14, 51]


@pytest.mark.parametrize(
    ("value", "words"),
    [(None, "null"), (True, "true"), (12, "12"), ([1], "a list"), ({"a": 1}, "an object")],
)
def test_a_card_that_is_not_text_is_named_as_the_file_spells_it(value, words):
    with pytest.raises(CardSyntaxError) as e:
        parse_card(value)
    assert str(e.value) == f'not a card: {words} (a card is text such as "QS")'
