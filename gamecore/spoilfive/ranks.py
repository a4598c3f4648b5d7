"""Spoil Five's card orders, precomputed per trump suit (SF-11 … SF-15).

For trump suit ``t`` (0..3, ``S H D C``): ``EFFECTIVE[t][c]`` is card ``c``'s effective suit
(``TRUMP`` = 4 for trumps, ♥A included; else its printed suit) and ``STRENGTH[t][c]`` its
strength within that effective suit (higher is better; comparable only within one effective
suit). ``TRUMP_RANK[t][c]`` is the 1-based rank among trumps (1 = best) or 0.
``EFF_MASKS[t][e]`` is the set of cards (int mask) of effective suit ``e`` (SF-12);
``RENEGE_OK[t][led]`` the trumps a player may keep back when trump ``led`` is led (SF-27);
``TRICK_KEY[t][c]`` the strength with which ``c`` wins a trick it may win (SF-28: every
trump beats every plain card). The engine, the computer players and their fast path all
read these tables; they are the hot path of every computer player.
"""

from __future__ import annotations

from gamecore.cards import ACE, HEARTS, JACK, KING, QUEEN, SUITS, card

TRUMP = 4
AH = card(ACE, HEARTS)
_RED = (HEARTS, 2)  # hearts, diamonds


def _spots(suit: int) -> list[int]:
    """Spot ranks 2..10 best → worst: high first in red suits, low first in black (SF-13)."""
    spots = list(range(1, 10))  # rank indexes of 2..10
    return spots[::-1] if suit in _RED else spots


def plain_order(suit: int) -> list[int]:
    """Cards of ``suit`` as a plain (non-trump) suit, best → worst (SF-13); ♥A excluded."""
    ranks = [KING, QUEEN, JACK]
    if suit in _RED:
        ranks += _spots(suit) + ([ACE] if suit != HEARTS else [])
    else:
        ranks += [ACE] + _spots(suit)
    return [card(r, suit) for r in ranks]


def trump_order(trump: int) -> list[int]:
    """Trumps best → worst (SF-14): 5, J, ♥A, A (unless hearts), K, Q, then the spots."""
    five, jack = card(4, trump), card(JACK, trump)
    order = [five, jack, AH]
    if trump != HEARTS:
        order.append(card(ACE, trump))
    order += [card(KING, trump), card(QUEEN, trump)]
    order += [card(r, trump) for r in _spots(trump) if r != 4]
    return order


def _tables() -> tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]
]:
    eff_all, str_all, rank_all = [], [], []
    for t in SUITS:
        eff, strength, rank = [0] * 52, [0] * 52, [0] * 52
        trumps = trump_order(t)
        for i, c in enumerate(trumps):
            eff[c], strength[c], rank[c] = TRUMP, len(trumps) - i, i + 1
        for s in SUITS:
            if s == t:
                continue
            order = plain_order(s)
            for i, c in enumerate(order):
                eff[c], strength[c] = s, len(order) - i
        eff_all.append(tuple(eff))
        str_all.append(tuple(strength))
        rank_all.append(tuple(rank))
    return tuple(eff_all), tuple(str_all), tuple(rank_all)


EFFECTIVE, STRENGTH, TRUMP_RANK = _tables()


def _masks() -> tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]
]:
    eff_masks, renege, key = [], [], []
    for t in SUITS:
        masks = [0] * 5
        for c in range(52):
            masks[EFFECTIVE[t][c]] |= 1 << c
        eff_masks.append(tuple(masks))
        rank = TRUMP_RANK[t]
        keep = []
        for led in range(52):
            m = 0
            if rank[led]:
                for c in range(52):
                    if rank[c] and rank[c] <= 3 and rank[c] < rank[led]:
                        m |= 1 << c
            keep.append(m)
        renege.append(tuple(keep))
        key.append(
            tuple(
                100 + STRENGTH[t][c] if EFFECTIVE[t][c] == TRUMP else STRENGTH[t][c]
                for c in range(52)
            )
        )
    return tuple(eff_masks), tuple(renege), tuple(key)


EFF_MASKS, RENEGE_OK, TRICK_KEY = _masks()


def trick_winner(trump: int, plays: list[tuple[int, int]]) -> int:
    """The seat that wins a trick (SF-28). ``plays``: ``(seat, card)`` in play order, the
    first being the lead."""
    eff, strength = EFFECTIVE[trump], STRENGTH[trump]
    led = eff[plays[0][1]]
    best_seat, best_key = plays[0][0], (eff[plays[0][1]] == TRUMP, strength[plays[0][1]])
    for seat, c in plays[1:]:
        is_trump = eff[c] == TRUMP
        if not is_trump and eff[c] != led:
            continue  # an off-suit card never wins
        key = (is_trump, strength[c])
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat
