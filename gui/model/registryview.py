"""The registry as the table shows it: the games New Game offers and their labels, the
pools' names and faces, what the undealt cards are called, and whether a game is played in
tricks or in sequences. No Qt: the registry's declarations in, plain data out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gamecore.cards import card_label, suit_of
from gamecore.explain import listed, pool_cards
from gamecore.games import CHANCE, TRICKS, descriptor, entries
from gamecore.interface import Rules
from gamecore.options import HELP, defaults, house_rules
from gamecore.stops.deal import STAKING
from gamecore.stops.widow import BEFORE_LEAD
from gui.model.snapshot import GameChoice, PoolView


def pool_labels(game: Rules) -> list[str]:
    """People's names of the game's pools ("♥A", "Matrimony", "Pool"), as its descriptor's
    pool faces give them."""
    return [f.label for f in descriptor(game.name).pool_faces(game, None)]


def pool_views(
    game: Rules, pools: list[int], turnup: int | None, out: int = 0, played: int = 0
) -> tuple[PoolView, ...]:
    """The layout as the table draws it: each pool's label, its layout card (if it has one),
    its counters, a short detail ("K♥ Q♥" for Matrimony once trumps are known) and a
    combination's cards (MI-12), from the game's declaration (any number of pools); and
    why a pool cannot be won this deal (:func:`dead_reason`), from the turn-up and ``out``
    (a card set: the cards announced missing at a stop, STOP-7) and ``played`` (a card set:
    the cards played this deal)."""
    faces = descriptor(game.name).pool_faces(game, turnup)
    return tuple(
        # an empty pool is never marked: nothing on it is lost (the turn-up's own pool, which
        # the dealer took as the deal opened, PJ-C-5)
        PoolView(
            f.label,
            f.card,
            n,
            f.detail,
            f.cards,
            dead_reason(game, i, turnup, out, played) if n else "",
        )
        for i, (f, n) in enumerate(zip(faces, pools, strict=True))
    )


def dead_reason(game: Rules, pool: int, turnup: int | None, out: int, played: int = 0) -> str:
    """Why pool index ``pool`` cannot be won by play this deal, where everyone can see it
    (the cards it needs: :func:`gamecore.explain.pool_cards`):
    a card it needs is the turn-up ("Q♠ is turned up": it lies on the stock, out of play)
    or was announced missing at a stop (``out``, a card set: "J♠ is out of play"), or every
    card it needs has been played (``played``, a card set: "K♠ and Q♠ were played": a
    combination shared in halves left its odd counter there, PJ-23, and it looked still to
    be won); else "". Its counters carry to the next deal (STOP-10). Trumps, where the game
    has them, are the turn-up's suit."""
    if turnup is None and not out and not played:
        return ""
    trump = None if turnup is None else suit_of(turnup)
    cards = pool_cards(game, pool, trump)
    for c in cards:
        if c == turnup:
            return f"{card_label(c)} is turned up"
        if out >> c & 1:
            return f"{card_label(c)} is out of play"
    if cards and all(played >> c & 1 for c in cards):
        labels = [card_label(c) for c in cards]
        return f"{listed(labels)} {'was' if len(labels) == 1 else 'were'} played"
    return ""


def board_shape(game: Rules) -> str:
    """How the table lays out ``game``'s pools: "round", the classic round board of its
    New Game entry (Pope Joan's, PJ-C), else "row", side by side."""
    d = descriptor(game.name)
    return "round" if d.entry_for(game.options).round_board else "row"


def stock_name(game: Rules, phase: str | None = None) -> str:
    """What the table calls the undealt cards ("Widow" in Spinado, "Dead hand" in Pope
    Joan, "Stock"…), as the game declares, in the deal's ``phase`` (its
    :attr:`~gamecore.interface.DealState.phase`, ``None``: at no deal). A game whose widow
    may be taken (Michigan) calls it "Widow" while staking and while the dealer's choice and
    the auction are open, and "Dead hand" from the first lead on, whether the widow nobody
    took or the hand its taker laid down (MI-7, MI-8, MI-15)."""
    d = descriptor(game.name)
    if d.dead_stock_name and phase not in (None, STAKING, BEFORE_LEAD):
        return d.dead_stock_name
    return d.stock_name


def chance_game(game: Rules) -> bool:
    """Whether ``game`` has no play at all (Matrimony): its table is the seats round the
    compartments."""
    return descriptor(game.name).family == CHANCE


def tricks_game(game: Rules) -> bool:
    """Whether ``game`` is played in tricks (Spoil Five) rather than in sequences."""
    return descriptor(game.name).family == TRICKS


#: New Game's entries (label, record game name, profile), as the registry lists them.
GAME_ENTRIES = tuple((e.label, d.name, e.profile) for d, e in entries())


def game_choices() -> list[GameChoice]:
    """Every game New Game offers (the registry's entries), with its player range and house
    rules. Each rule's default is that game's own (Spoil Five starts with 20 counters,
    GEN-5), the same a game started from the command line gets."""
    out = []
    for desc, entry in entries():
        usual = defaults(desc.name)
        rules = tuple(
            replace(spec, default=usual.get(spec.key, spec.default))
            for spec in house_rules(desc.name, entry.profile)
        )
        out.append(
            GameChoice(
                entry.label,
                desc.name,
                entry.profile,
                desc.min_players,
                desc.max_players,
                rules,
                dict(HELP),
                desc.entry_options(entry),
            )
        )
    return out


def game_label(game: Rules) -> str:
    """The entry label of ``game`` ("Pope Joan (classic board)")."""
    return descriptor(game.name).entry_for(game.options).label


def choice_label(name: str, options: Mapping[str, Any]) -> str:
    """The New Game entry label of the game ``name`` (record name) with ``options`` (its
    house rules, the entry's profile among them), as :func:`game_label` gives it."""
    return descriptor(name).entry_for(options).label
