"""The interface every rules engine offers: the rules object and the deal state, as
:class:`typing.Protocol` classes that mypy checks (architecture, "State API").

Three engines implement it: the stops engine (:class:`gamecore.stops.game.StopsGame` and
:class:`gamecore.stops.deal.StopsDeal`, for Pope Joan, Newmarket, Spin, Spinado and
Commit), the tricks engine (:class:`gamecore.spoilfive.game.SpoilFive` and
:class:`gamecore.spoilfive.deal.SpoilFiveDeal`) and the engine of a game without play
(:class:`gamecore.matrimony.game.Matrimony` and
:class:`gamecore.matrimony.deal.MatrimonyDeal`). The session, the record, the arena, the
bench and the search are written against these protocols, never against one engine's class.

Cards are ints and card sets int masks (:mod:`gamecore.cards`); the aliases below say which
is meant. Counters are ints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

if TYPE_CHECKING:
    from gamecore.actions import Action
    from gamecore.dealcore import Settlement
    from gamecore.decisions import Decision
    from gamecore.events import Event
    from gamecore.search.settings import SearchSettings

#: A card: ``suit * 13 + rank`` in ``0..51`` (:mod:`gamecore.cards`).
Card: TypeAlias = int
#: A set of cards: an int with bit ``c`` set for each card ``c``.
CardSet: TypeAlias = int

#: The engine families: sequences of cards to a stop (STOP-1), tricks (SF-24), or no play
#: at all, a game of pure chance: stakes on a layout, a deal and its resolution (MT-5 …
#: MT-12, Matrimony).
STOPS, TRICKS, CHANCE = "stops", "tricks", "chance"


@dataclass(frozen=True)
class PoolFace:
    """How the table shows one pool, whatever it holds: ``label`` (``"♥A"``, ``"Matrimony"``),
    its layout ``card`` (or ``None``) and a short ``detail`` (``"K♥ Q♥"`` once the turn-up has
    fixed the trumps, else ``""``). ``cards`` are every card of a combination item (MI-12:
    ``(K♦, Q♦)`` for ``KD+QD``), drawn together; empty for a pool of one card or none.
    A pool without a card (Michigan's kitty, MI-5) is drawn as a plate with its label."""

    label: str
    card: Card | None = None
    detail: str = ""
    cards: tuple[Card, ...] = ()


class Rules(Protocol):
    """A game's rules with its options resolved (immutable during a session).

    ``name`` is the record name, ``family`` :data:`STOPS`, :data:`TRICKS` or :data:`CHANCE`,
    ``pools`` the
    pool names in record order, ``pack`` the playing pack, ``options`` every option with its
    value (:mod:`gamecore.options`).
    """

    @property
    def name(self) -> str: ...
    @property
    def family(self) -> str: ...
    @property
    def pools(self) -> tuple[str, ...]: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def pack(self) -> CardSet: ...
    @property
    def ace_high(self) -> bool: ...
    @property
    def turns_trump(self) -> bool: ...
    @property
    def turnup_in_stock(self) -> bool: ...
    @property
    def plays_forced_by_itself(self) -> bool:
        """Whether the table plays a forced decision by itself (the one legal card) after a
        short pause, as the game's own table option says (STOP-14)."""

    @property
    def special_card(self) -> Card | None:
        """The card that may go down together with another (Spin's and Spinado's ♦A, the
        stops engine's declaration), or ``None``: a ``Played`` event with ``spin`` set
        put this card down too."""

    def special_name(self) -> str:
        """What the table calls :attr:`special_card` in sentences ("♦A"), or ``""``."""

    @property
    def has_pass(self) -> bool:
        """Whether the game offers a player something he may decline with ``pass`` (the
        Commit, CM-10; a bid for the widow, MI-8): only then does a record's ``pass`` read
        as an action."""

    @property
    def has_widow(self) -> bool:
        """Whether the game has the widow's decisions before the first lead (MI-7, MI-8):
        only then do a record's ``exchange``, ``auction``, ``keep`` and ``bid`` read."""

    @property
    def search_settings(self) -> SearchSettings:
        """How the computer's Hard player searches this game (the game's declaration,
        :mod:`gamecore.search.settings`)."""

    def pack_size(self) -> int:
        """Cards in the playing pack."""
        ...

    def hand_size(self, n: int) -> int:
        """Cards each of ``n`` players receives (STOP-13, SF-9)."""
        ...

    def hand_sizes(self, n: int, dealer: int) -> list[int]:
        """Cards each seat receives with ``n`` players and ``dealer`` (unequal only in a
        game that deals every card with a widow first, MI-6)."""
        ...

    def deal_from_deck(
        self, deck: list[Card], n: int, dealer: int
    ) -> tuple[list[list[Card]], list[Card], Card | None]:
        """``(hands, stock, turnup)`` dealt from ``deck`` (index 0 on top, GEN-8)."""
        ...

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        """The smallest stake the next deal could require of ``seat`` (GEN-5 rule 1)."""
        ...

    def new_deal(
        self,
        dealer: int,
        hands: list[CardSet],
        stock: CardSet,
        turnup: Card | None,
        balances: list[int],
        pools: list[int],
        prev_winner: int | None,
        fresh: bool = True,
        order: Sequence[Sequence[Card]] | None = None,
    ) -> DealState:
        """A new deal with these cards and counters (stakes paid at once where automatic).
        ``order``: the same hands as lists in deal order (as the record lists them), read
        only by a game in which the order tells which card lies face up (Matrimony's last
        card, MT-6); the others ignore it."""
        ...

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """One :class:`PoolFace` per pool, in ``pools`` order, for a deal with ``turnup``."""
        ...


class Observation(Protocol):
    """What one seat may know (GEN-9); each engine adds its own public facts."""

    @property
    def seat(self) -> int: ...
    @property
    def game(self) -> str: ...
    @property
    def phase(self) -> str: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hand(self) -> CardSet: ...
    @property
    def hand_counts(self) -> tuple[int, ...]: ...
    @property
    def turnup(self) -> Card | None:
        """The turned-up card in view (public), or ``None``: none in this game, or not yet
        shown while the stakes are made."""

    @property
    def to_act(self) -> int | None: ...
    @property
    def pools(self) -> tuple[int, ...]: ...
    @property
    def balances(self) -> tuple[int, ...]: ...
    @property
    def decision(self) -> Decision | None: ...


class DealState(Protocol):
    """One deal in progress: the state API the table, the computer players and the tests
    share (architecture, "State API"). ``apply`` applies exactly one action and returns its
    events, or raises :class:`~gamecore.errors.IllegalAction` leaving the state unchanged."""

    @property
    def game(self) -> Rules: ...
    @property
    def n(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def hands(self) -> list[CardSet]: ...
    @property
    def dealt(self) -> tuple[CardSet, ...]: ...
    @property
    def stock(self) -> CardSet: ...
    @property
    def turnup(self) -> Card | None: ...
    @property
    def top(self) -> Card | None: ...
    @property
    def balances(self) -> list[int]: ...
    @property
    def opening_balances(self) -> tuple[int, ...]: ...
    @property
    def pools(self) -> list[int]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def start_events(self) -> list[Event]: ...
    @property
    def over(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...

    def decision(self) -> Decision | None:
        """What the seat to act must decide, or ``None`` once the deal is over."""
        ...

    def legal_actions(self) -> list[Action]:
        """The legal actions now (empty once the deal is over)."""
        ...

    def explain_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; its events in order."""
        ...

    def clone(self) -> DealState:
        """An independent copy."""
        ...

    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may know now (GEN-9)."""
        ...

    def settlement(self) -> Settlement | None:
        """The settlement once the deal is over (else ``None``)."""
        ...

    def others(self, seat: int) -> list[int]:
        """Every seat but ``seat``, clockwise from its left."""
        ...

    def replay_facts(self) -> dict[str, Any]:
        """Fields the game adds to this deal in the replay output (cousins §6.6: Matrimony's
        ``awards``); empty for most games."""
        ...


__all__ = [
    "CHANCE",
    "STOPS",
    "TRICKS",
    "Card",
    "CardSet",
    "DealState",
    "Observation",
    "PoolFace",
    "Rules",
]
