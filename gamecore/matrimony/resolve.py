"""Who takes which compartment, from the cards alone (MT-3, MT-4, MT-7 … MT-10).

The functions here know nothing of counters: :func:`resolve` turns the hands of a deal (each
in deal order, face-down cards first and the face-up card last, MT-6) into the steps of the
resolution, in the order the table shows them: a turned-up A♦ (MT-7), or the face-down
cards shown from the eldest with each compartment given as soon as it is decided (MT-8, the
two-card game) or once every hand is shown (MT-9, MT-10, the three-card game). Cards are
ints (0..51), ranks ints (0 = ace … 12 = king), seats ints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamecore.cards import ACE, DIAMONDS, JACK, KING, QUEEN, rank_of, suit_of

#: The compartments in record order (MT-3, cousins §6.3).
POOLS = ("matrimony", "intrigue", "confederacy", "pair", "best")
MATRIMONY, INTRIGUE, CONFEDERACY, PAIR, BEST = range(5)
#: MT-3: the three two-rank combinations, any suits: (compartment, rank, rank).
COMBINATIONS = (
    (MATRIMONY, KING, QUEEN),
    (INTRIGUE, QUEEN, JACK),
    (CONFEDERACY, KING, JACK),
)
#: ``mt.h.best`` values (MT-10).
HIGHEST_CARD, HIGHEST_DIAMOND = "highestCard", "highestDiamond"


@dataclass(frozen=True, slots=True)
class Show:
    """A step of the resolution: ``seat`` turns over his face-down ``cards``."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Award:
    """A step of the resolution: compartment ``pool`` goes to ``seat``, won by ``cards``
    under ``rule`` ("MT-7", "MT-8", "MT-9", "MT-10")."""

    pool: int
    seat: int
    cards: tuple[int, ...]
    rule: str


@dataclass(frozen=True, slots=True)
class Resolution:
    """The whole resolution of a deal: ``ace`` the seat whose face-up card is the A♦ (MT-7)
    or ``None``; ``steps`` the :class:`Show` and :class:`Award` steps in order."""

    ace: int | None
    steps: tuple[Show | Award, ...]

    def awards(self) -> dict[int, int]:
        """Compartment → the seat that took it (compartments not won are absent)."""
        return {s.pool: s.seat for s in self.steps if isinstance(s, Award)}


def high(rank: int) -> int:
    """The place of ``rank`` with the ace high (MT-4): 2 → 1 … K → 12, A → 13."""
    return 13 if rank == ACE else rank


def elder_order(n: int, dealer: int) -> list[int]:
    """The seats from the eldest (the dealer's left) round to the dealer (MT-6, MT-8)."""
    return [(dealer + 1 + i) % n for i in range(n)]


def combination_cards(cards: Sequence[int], a: int, b: int) -> tuple[int, ...] | None:
    """A card of rank ``a`` and one of rank ``b`` among ``cards`` (the first of each, in
    deal order), or ``None`` when the hand lacks either (MT-3)."""
    first_a = next((c for c in cards if rank_of(c) == a), None)
    first_b = next((c for c in cards if rank_of(c) == b), None)
    if first_a is None or first_b is None:
        return None
    return (first_a, first_b)


def best_pair(cards: Sequence[int]) -> tuple[int, ...] | None:
    """The cards of the highest rank held twice or more (three of a kind counts as a pair
    of its rank, MT-9), the ace high; ``None`` without a pair."""
    ranks = sorted({rank_of(c) for c in cards}, key=high, reverse=True)
    for r in ranks:
        same = tuple(c for c in cards if rank_of(c) == r)
        if len(same) >= 2:
            return same
    return None


def two_card_pool(cards: Sequence[int]) -> tuple[int, tuple[int, ...]] | None:
    """The one compartment two cards make (MT-8: at most one of the four), with the cards,
    or ``None``."""
    a, b = cards
    if rank_of(a) == rank_of(b):
        return PAIR, (a, b)
    for pool, ra, rb in COMBINATIONS:
        won = combination_cards(cards, ra, rb)
        if won is not None:
            return pool, won
    return None


def resolve(
    hands: Sequence[Sequence[int]],
    dealer: int,
    three_cards: bool,
    best: str,
    sweep: int,
) -> Resolution:
    """The resolution of a deal (MT-7 … MT-10) with ``hands`` by seat, each in deal order
    (face-down cards first, the face-up card last), the dealer ``dealer``, the three-card
    game when ``three_cards`` (MT-H), its ``mt.h.best`` rule ``best``, and ``sweep`` the
    card that turned up takes the whole layout (the rules' declaration: the A♦, MT-7)."""
    n = len(hands)
    for seat in range(n):
        if hands[seat][-1] == sweep:  # MT-7: the whole layout, nothing else looked at
            return Resolution(seat, tuple(Award(p, seat, (sweep,), "MT-7") for p in range(5)))
    order = elder_order(n, dealer)
    if three_cards:
        return Resolution(None, tuple(_three_card_steps(hands, order, best)))
    return Resolution(None, tuple(_two_card_steps(hands, order)))


def _two_card_steps(hands: Sequence[Sequence[int]], order: list[int]) -> list[Show | Award]:
    """MT-8: the down cards shown from the eldest; each of the four compartments goes to
    the first hand that makes it; Best is never won here."""
    steps: list[Show | Award] = []
    taken: set[int] = set()
    for seat in order:
        down = tuple(hands[seat][:-1])
        steps.append(Show(seat, down))
        made = two_card_pool(hands[seat])
        if made is not None and made[0] not in taken:
            taken.add(made[0])
            steps.append(Award(made[0], seat, made[1], "MT-8"))
    return steps


def _three_card_steps(
    hands: Sequence[Sequence[int]], order: list[int], best: str
) -> list[Show | Award]:
    """MT-9, MT-10: every hand shown from the eldest, then the combinations to the eldest
    who holds each, Pair to the highest pair (the elder on a tie), Best by ``best``."""
    steps: list[Show | Award] = [Show(seat, tuple(hands[seat][:-1])) for seat in order]
    for pool, ra, rb in COMBINATIONS:
        for seat in order:
            won = combination_cards(hands[seat], ra, rb)
            if won is not None:
                steps.append(Award(pool, seat, won, "MT-9"))
                break
    pairs = [(seat, best_pair(hands[seat])) for seat in order]
    held = [(seat, cards) for seat, cards in pairs if cards is not None]
    if held:  # max keeps the first of equals: the elder (MT-9)
        seat, cards = max(held, key=lambda sc: high(rank_of(sc[1][0])))
        steps.append(Award(PAIR, seat, cards, "MT-9"))
    top = _best_card(hands, order, best)
    if top is not None:
        steps.append(Award(BEST, top[0], (top[1],), "MT-10"))
    return steps


def _best_card(
    hands: Sequence[Sequence[int]], order: list[int], best: str
) -> tuple[int, int] | None:
    """MT-10: ``(seat, card)`` of the highest card of any suit (``highestCard``) or the
    highest diamond (``highestDiamond``; ``None`` if no hand holds one), the ace high, the
    elder on a tie; a face-down A♦ is an ordinary ace (and the top diamond)."""
    found: list[tuple[int, int]] = []
    for seat in order:
        cards = [c for c in hands[seat] if best != HIGHEST_DIAMOND or suit_of(c) == DIAMONDS]
        if cards:
            found.append((seat, max(cards, key=lambda c: high(rank_of(c)))))
    if not found:
        return None
    return max(found, key=lambda sc: high(rank_of(sc[1])))
