"""Deal fingerprints exactly as the deal-record format's "Version 2" defines them."""

import hashlib

from gamecore import fingerprint as fp
from helpers import cards

SALT = "3f9c0a6e1b2d4c5e6f708192a3b4c5d6"


def test_the_hashed_text_sorts_by_suit_then_rank_and_joins_as_the_format_says():
    hands = [cards("QC 3H AS 10S"), cards("KD JD 2C")]
    text = fp.hashed_text(SALT, hands, cards("9H 4S"), None)
    assert text == f"parlour-deal|{SALT}|AS 10S 3H QC/JD KD 2C|4S 9H|-"


def test_the_digest_is_the_sha256_of_that_text_with_the_turnup():
    hands = [cards("AS 2S"), cards("KH")]
    literal = f"parlour-deal|{SALT}|AS 2S/KH|7D 10D|7D".encode()
    assert (
        fp.digest(SALT, hands, cards("10D 7D"), cards("7D")[0])
        == hashlib.sha256(literal).hexdigest()
    )


def test_an_empty_stock_is_empty_text():
    assert fp.hashed_text(SALT, [cards("AS")], [], None) == f"parlour-deal|{SALT}|AS||-"


def test_a_fresh_salt_is_32_hex_digits_and_the_table_shows_16_in_fours():
    made = fp.make([cards("AS 2S")], cards("3S"), None)
    assert fp.SALT_RE.fullmatch(made.salt) and fp.SHA_RE.fullmatch(made.sha256)
    assert made != fp.make([cards("AS 2S")], cards("3S"), None)  # a new salt each time
    assert made.shown() == " ".join(made.sha256[i : i + 4] for i in (0, 4, 8, 12))
    assert fp.matches(made, [cards("2S AS")], cards("3S"), None)
    assert not fp.matches(made, [cards("AS 3S")], cards("2S"), None)
