"""Spoil Five card ranking (rules spec SF-11 … SF-15, SF-28; scenarios T-SF-1, T-SF-2).

The rank tables below are copied by hand from the rules spec (SF-13 plain suits, SF-14 trump
suits) as literal strings; they are deliberately *not* derived from
:mod:`gamecore.spoilfive.ranks`. A tiny reference trick-winner built only from these strings is
compared with the engine's :func:`trick_winner` for every trump suit, every led card and every
ordered pair of two further distinct cards (4 × 52 × 51 × 50 = 530 400 three-card tricks).
"""

from __future__ import annotations

import pytest

from gamecore.cards import card_code, parse_card
from gamecore.spoilfive.ranks import (
    EFFECTIVE,
    STRENGTH,
    TRUMP,
    TRUMP_RANK,
    plain_order,
    trick_winner,
    trump_order,
)
from helpers import cards

SUIT = {"S": 0, "H": 1, "D": 2, "C": 3}

# SF-14: the trump suit, best → worst (the Five only at the top, AMB-14).
TRUMPS = {
    "S": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S",
    "H": "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C",
}

# SF-13: a suit that is not trumps, best → worst (A♥ is always a trump, SF-11).
PLAIN = {
    "S": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    "H": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "D": "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
    "C": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
}


def _order_lists(trump: str) -> dict[str, list[int]]:
    """For trump suit ``trump``: effective suit name ("T" or a plain suit letter) → its cards
    best → worst, straight from the literal tables."""
    out = {"T": cards(TRUMPS[trump])}
    for s in "SHDC":
        if s != trump:
            out[s] = cards(PLAIN[s])
    return out


ORDERS = {t: _order_lists(t) for t in "SHDC"}


def _scores(trump: str) -> tuple[list[str], list[int]]:
    """Per card: its effective suit name and its strength (bigger is better) in that suit."""
    suit_of = [""] * 52
    strength = [0] * 52
    for name, order in ORDERS[trump].items():
        for i, c in enumerate(order):
            suit_of[c] = name
            strength[c] = len(order) - i
    return suit_of, strength


SCORES = {t: _scores(t) for t in "SHDC"}


def ref_winner(trump: str, plays: list[tuple[int, int]]) -> int:
    """Reference SF-28 from the literal tables: the best trump wins if any trump was played,
    otherwise the best card of the led suit; off-suit cards never win."""
    suit_of, strength = SCORES[trump]
    trumps = [(strength[c], seat) for seat, c in plays if suit_of[c] == "T"]
    if trumps:
        return max(trumps)[1]
    led = suit_of[plays[0][1]]
    return max((strength[c], seat) for seat, c in plays if suit_of[c] == led)[1]


def codes(cs: list[int]) -> str:
    return " ".join(card_code(c) for c in cs)


# ---- the literal tables themselves --------------------------------------------------------


@pytest.mark.parametrize("trump", "SHDC")
def test_literal_tables_partition_the_pack(trump):
    """Sanity of the hand-copied tables: each trump suit splits the 52 cards exactly once."""
    every = [c for order in ORDERS[trump].values() for c in order]
    assert sorted(every) == list(range(52))
    assert len(ORDERS[trump]["T"]) == (13 if trump == "H" else 14)


# ---- T-SF-1 -------------------------------------------------------------------------------


def engine_trumps(t: int) -> list[int]:
    """Trumps best → worst according to the engine's TRUMP_RANK table."""
    ranked = sorted((r, c) for c, r in enumerate(TRUMP_RANK[t]) if r)
    assert [r for r, _ in ranked] == list(range(1, len(ranked) + 1))
    by_strength = sorted(
        (c for c in range(52) if EFFECTIVE[t][c] == TRUMP), key=lambda c: -STRENGTH[t][c]
    )
    assert by_strength == [c for _, c in ranked]
    return [c for _, c in ranked]


def engine_plain(t: int, s: int) -> list[int]:
    """Cards of effective plain suit ``s`` best → worst according to the engine (trumps ``t``)."""
    return sorted((c for c in range(52) if EFFECTIVE[t][c] == s), key=lambda c: -STRENGTH[t][c])


def test_t_sf_1_clubs_trumps():
    expected = "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C"
    assert codes(engine_trumps(SUIT["C"])) == expected
    assert codes(trump_order(SUIT["C"])) == expected
    assert len(engine_trumps(SUIT["C"])) == 14


def test_t_sf_1_hearts_trumps():
    expected = "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H"
    assert codes(engine_trumps(SUIT["H"])) == expected
    assert codes(trump_order(SUIT["H"])) == expected
    assert len(engine_trumps(SUIT["H"])) == 13


def test_t_sf_1_diamonds_and_spades_trumps():
    assert codes(engine_trumps(SUIT["D"])) == "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D"
    # "spades trumps analogous to clubs"
    assert codes(engine_trumps(SUIT["S"])) == "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S"
    assert len(engine_trumps(SUIT["S"])) == 14


def test_t_sf_1_plain_suits_with_spades_trumps():
    t = SUIT["S"]
    assert codes(engine_plain(t, SUIT["H"])) == "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
    assert parse_card("AH") not in engine_plain(t, SUIT["H"])  # A♥ is absent (a trump)
    assert codes(engine_plain(t, SUIT["D"])) == "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD"
    assert codes(engine_plain(t, SUIT["C"])) == "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"
    for s in (SUIT["H"], SUIT["D"], SUIT["C"]):
        assert engine_plain(t, s) == plain_order(s)


@pytest.mark.parametrize("trump", "SHDC")
def test_engine_tables_match_literal_tables(trump):
    """Every trump suit: the engine's trump order and all three plain orders, and the
    privileged trumps (ranks 1–3) of SF-15, equal the literal spec tables."""
    t = SUIT[trump]
    assert engine_trumps(t) == ORDERS[trump]["T"]
    for s in "SHDC":
        if s != trump:
            assert engine_plain(t, SUIT[s]) == ORDERS[trump][s], (trump, s)
    privileged = [c for c in range(52) if 1 <= TRUMP_RANK[t][c] <= 3]
    assert sorted(privileged) == sorted(cards(f"5{trump} J{trump} AH"))


# ---- T-SF-2 -------------------------------------------------------------------------------

T_SF_2 = [
    # (label, trumps, played cards in order; the first is the lead, expected winner card)
    ("a", "C", "3H 9H AH 10C", "AH"),
    ("b", "S", "8D 9D AD 2D", "9D"),
    ("c", "H", "2C AC 10C KS", "AC"),
    ("d", "D", "7D 2D AD AH", "AH"),
    ("e", "H", "4H 2H AH 6H", "AH"),
    ("f", "S", "10S 2S 7S 6S", "2S"),
    ("g", "C", "QH KH 5H JC", "JC"),
]


@pytest.mark.parametrize(("label", "trump", "played", "winner"), T_SF_2, ids=[x[0] for x in T_SF_2])
def test_t_sf_2_trick_winners(label, trump, played, winner):
    plays = list(enumerate(cards(played)))
    expected_seat = cards(played).index(parse_card(winner))
    assert trick_winner(SUIT[trump], plays) == expected_seat
    assert ref_winner(trump, plays) == expected_seat
    # The winner does not depend on which seats played: rotate the seat numbers.
    rotated = [((seat + 2) % 4, c) for seat, c in plays]
    assert trick_winner(SUIT[trump], rotated) == (expected_seat + 2) % 4


# ---- exhaustive: every trump suit, led card and ordered pair of two more cards ------------


@pytest.mark.parametrize("trump", "SHDC")
def test_every_three_card_trick_matches_reference(trump):
    """trick_winner(trump, [(0, led), (1, a), (2, b)]) for all 52 × 51 × 50 ordered triples of
    distinct cards equals the reference winner from the literal tables."""
    t = SUIT[trump]
    suit_of, strength = SCORES[trump]
    winner = trick_winner
    mismatches = []
    checked = 0
    for led in range(52):
        led_suit = suit_of[led]
        # Score relative to this lead: trumps above every card of the led suit; off-suit
        # non-trumps below the lead (they can never win).
        score = [
            100 + strength[c]
            if suit_of[c] == "T"
            else strength[c]
            if suit_of[c] == led_suit
            else -1
            for c in range(52)
        ]
        s_led = score[led]
        for a in range(52):
            if a == led:
                continue
            s_a = score[a]
            best_ab_seat, best_ab = (1, s_a) if s_a > s_led else (0, s_led)
            for b in range(52):
                if b in (led, a):
                    continue
                expected = 2 if score[b] > best_ab else best_ab_seat
                got = winner(t, [(0, led), (1, a), (2, b)])
                checked += 1
                if got != expected:
                    mismatches.append((codes([led, a, b]), got, expected))
    assert checked == 52 * 51 * 50
    assert not mismatches, mismatches[:10]


@pytest.mark.parametrize("trump", "SHDC")
def test_reference_winner_agrees_with_fast_scores(trump):
    """The readable ref_winner and the fast score table used above agree on a sample of
    four-card tricks (guards the exhaustive test's shortcut), and so does the engine."""
    import random

    rng = random.Random(f"sf-ranks-{trump}")
    for _ in range(3000):
        hand4 = rng.sample(range(52), 4)
        plays = list(enumerate(hand4))
        assert trick_winner(SUIT[trump], plays) == ref_winner(trump, plays), codes(hand4)
