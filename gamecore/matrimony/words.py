"""The sentences of Matrimony's events (MT-6 … MT-12), one per event class, added to the
engine's sentences (:data:`gamecore.explain.EXPLAINERS`) when the game is registered: the
table's log and status line, the review and the deal's summary read them through
:func:`gamecore.explain.explain`, as every other event's.

"Cat takes Pair (4): two 9s, the first pair shown from the eldest (MT-8)." The sentences say
only what the table has seen: the face-up cards from the deal on, the face-down cards as
they are shown (GEN-9).
"""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.cards import JACK, KING, QUEEN, RANK_CODES, card_label, rank_of
from gamecore.events import Event
from gamecore.explain import EXPLAINERS, Scene, agree, mid_sentence
from gamecore.matrimony.events import (
    AceTurned,
    Carried,
    CompartmentWon,
    HandsDealt,
    HandShown,
    MatrimonyEnded,
)
from gamecore.matrimony.game import Matrimony
from gamecore.matrimony.resolve import BEST, HIGHEST_DIAMOND, PAIR

_NUMBERS = ("", "one", "two", "three", "four")
_HONOURS = {KING: "King", QUEEN: "Queen", JACK: "Jack", 0: "Ace"}
#: The two ranks each combination needs, in words (MT-3).
_COMBINATION_WORDS = ("a King and a Queen", "a Queen and a Jack", "a King and a Jack")


def rank_plural(rank: int, count: int) -> str:
    """ "two 9s", "three Kings": ``count`` cards of ``rank`` (0 = ace … 12 = king)."""
    word = _HONOURS.get(rank)
    return f"{_NUMBERS[count]} {word or RANK_CODES[rank]}s"


def cards_text(cards: Sequence[int]) -> str:
    """The cards as the table labels them, "K♠ and Q♦", "7♠, 7♥ and 3♣"."""
    labels = [card_label(c) for c in cards]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _sweep(scene: Scene) -> str:
    """The sweeping card's name ("A♦", MT-7), from the rules' declaration."""
    return scene.game.sweep_name() if isinstance(scene.game, Matrimony) else ""


def _says(scene: Scene, seat: int, verb: str) -> str:
    name = scene.names[seat]
    return f"{name} {agree(name, verb)}"


def _up_cards(scene: Scene, event: Event) -> tuple[int, ...] | None:
    dealt = [e for e in scene.before(event) if isinstance(e, HandsDealt)]
    return dealt[-1].up if dealt else None


def _hands_dealt(e: HandsDealt, scene: Scene) -> str:
    down = "two cards face down" if scene.game.hand_size(len(e.up)) == 3 else "one card face down"
    return (
        f"The cards are dealt: {down} and one face up to each player, from the eldest to "
        "the dealer (MT-6)."
    )


def _ace_turned(e: AceTurned, scene: Scene) -> str:
    name = scene.names[e.seat]
    return (
        f"{_says(scene, e.seat, 'turns')} up the {_sweep(scene)}: the whole layout is "
        f"{'yours' if name == 'You' else name + chr(39) + 's'}, and nothing else is looked at "
        "(MT-7)."
    )


def _hand_shown(e: HandShown, scene: Scene) -> str:
    up = _up_cards(scene, e)
    with_up = "" if up is None else f", with {card_label(up[e.seat])} face up"
    return f"{_says(scene, e.seat, 'turns')} over {cards_text(e.cards)}{with_up}."


def _why(e: CompartmentWon, scene: Scene) -> str:
    """Why the cards of ``e`` win its compartment, under its rule."""
    if e.rule == "MT-7":
        return f"the {card_label(e.cards[0])} turned up takes the whole layout"
    if e.pool == PAIR:
        pair = rank_plural(rank_of(e.cards[0]), len(e.cards))
        if e.rule == "MT-8":
            return f"{pair}, the first pair shown from the eldest"
        return f"{pair}, the highest pair shown (equal pairs go to the elder)"
    if e.pool == BEST:
        if isinstance(scene.game, Matrimony) and scene.game.best == HIGHEST_DIAMOND:
            return f"{card_label(e.cards[0])}, the highest diamond shown"
        return (
            f"{card_label(e.cards[0])}, the highest card shown, the ace high (of equal "
            "cards the elder's)"
        )
    combination = f"{cards_text(e.cards)}, {_COMBINATION_WORDS[e.pool]}"
    if e.rule == "MT-8":
        return f"{combination}, the first shown from the eldest"
    return f"{combination}, and the eldest to hold them"


def short_reason(e: CompartmentWon) -> str:
    """What won the compartment, in a few words for the table's call ("two 9s", "K♠ Q♦",
    "A♦ up", "A♠ high"): "Cat takes Pair: two 9s"."""
    if e.rule == "MT-7":
        return f"{card_label(e.cards[0])} up"
    if e.pool == PAIR:
        return rank_plural(rank_of(e.cards[0]), len(e.cards))
    if e.pool == BEST:
        return f"{card_label(e.cards[0])} high"
    return " ".join(card_label(c) for c in e.cards)


def _compartment_won(e: CompartmentWon, scene: Scene) -> str:
    label = scene.label(e.pool)
    amount = f"({e.amount})" if e.amount else "(nothing lay on it)"
    return f"{_says(scene, e.seat, 'takes')} {label} {amount}: {_why(e, scene)} ({e.rule})."


def _carried(e: Carried, scene: Scene) -> str:
    labels = [scene.label(p) for p in e.pools]
    names = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
    verb = "is not won and stays" if len(labels) == 1 else "are not won and stay"
    return f"{names} {verb} for the next deal (MT-11)."


def _matrimony_ended(e: MatrimonyEnded, scene: Scene) -> str:
    if e.winner is not None:
        who = mid_sentence(scene.names[e.winner])
        return (
            f"The deal is over: {who} turned up the {_sweep(scene)} and took the whole "
            "layout (MT-7, MT-12)."
        )
    return "The deal is over: the compartments won are paid and the rest carries (MT-12)."


EXPLAINERS.update(
    {
        HandsDealt: _hands_dealt,
        AceTurned: _ace_turned,
        HandShown: _hand_shown,
        CompartmentWon: _compartment_won,
        Carried: _carried,
        MatrimonyEnded: _matrimony_ended,
    }
)
