"""Decisions between the deal and the first lead: the widow (MI-7, MI-8).

A game declares :attr:`~gamecore.stops.game.StopsGame.widow_choices` (the dealer's choices,
a subset of ``exchange``, ``auction``, ``keep``), :attr:`~gamecore.stops.game.StopsGame.widow_bar`
(cards whose holder may neither take nor bid for the widow) and
:attr:`~gamecore.stops.game.StopsGame.min_bid`; this module runs the phase on a
:class:`~gamecore.stops.deal.StopsDeal` whose stock is the widow (the spare hand dealt first,
MI-6). Whoever takes the widow takes it unseen and lays his own dealt hand down as the dead
hand, which becomes the deal's stock; only he knows either (GEN-9, cousins §1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamecore.actions import AUCTION, EXCHANGE, KEEP, Bid, Pass, Widow
from gamecore.decisions import BidChoice, PlayChoice
from gamecore.events import Event

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal

#: The deal's phase while the widow is decided (between staking and play).
BEFORE_LEAD = "before-lead"
#: The reason of the auction's payment (MI-8), as events and the ledger show it.
WIDOW_PRICE = "the widow"


@dataclass(frozen=True, slots=True)
class WidowChosen(Event):
    """The dealer chose ``choice`` (``exchange``, ``auction`` or ``keep``; MI-7)."""

    seat: int
    choice: str


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid ``amount`` counters for the widow (MI-8)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BidPassed(Event):
    """``seat`` passed in the auction and is out of it (MI-8)."""

    seat: int


@dataclass(frozen=True, slots=True)
class WidowTaken(Event):
    """``seat`` took the widow unseen (his dealt hand is now the dead hand); ``price`` is
    what he paid the dealer in the auction, ``None`` for the dealer's exchange (MI-7, MI-8)."""

    seat: int
    price: int | None

    def shown_to(self) -> tuple[int, ...]:
        """The taker sees the widow (GEN-9)."""
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class WidowDead(Event):
    """Nobody took the widow: it is the dead hand (MI-7 ``keep``, MI-8 no sale)."""


def barred(deal: StopsDeal, seat: int) -> bool:
    """Whether ``seat`` may neither take nor bid for the widow: he holds a card of
    :attr:`~gamecore.stops.game.StopsGame.widow_bar` (``mi.exchangeNeedsNoBoodle``, MI-7)."""
    return bool(deal.hands[seat] & deal.game.widow_bar)


def bidders(deal: StopsDeal) -> list[int]:
    """The non-dealers who may bid, clockwise from the eldest (MI-8)."""
    return [s for s in deal.others(deal.dealer) if not barred(deal, s)]


def dealer_choices(deal: StopsDeal) -> list[str]:
    """The dealer's widow choices now (MI-7): ``exchange`` unless he is barred,
    ``auction`` when some other player may take the widow, ``keep`` always; each only if
    the game declares it."""
    allowed = deal.game.widow_choices
    out = []
    if EXCHANGE in allowed and not barred(deal, deal.dealer):
        out.append(EXCHANGE)
    if AUCTION in allowed and bidders(deal):
        out.append(AUCTION)
    if KEEP in allowed:
        out.append(KEEP)
    return out


def decision(deal: StopsDeal) -> PlayChoice | BidChoice:
    """The widow decision pending: the dealer's choice, or the bid of the seat whose turn it
    is in the auction, bounded below by ``mi.minBid`` and the high bid and, under
    ``gen.allowDebt = false``, above by his balance (MI-8, GEN-5 rule 2)."""
    if deal.auction is None:
        d = deal.dealer
        return PlayChoice(d, tuple(Widow(d, c) for c in dealer_choices(deal)))
    seat = deal.auction[deal.bid_turn]
    low = max(deal.game.min_bid, (deal.high_bid or 0) + 1)
    debt = deal.game.options.get("gen.allowDebt", True)
    return BidChoice(seat, low, None if debt else deal.balances[seat])


def start(deal: StopsDeal) -> bool:
    """Open the phase once the stakes are made, when the game has widow decisions (MI-7);
    returns whether it did (else play begins at once)."""
    if not deal.game.widow_choices:
        return False
    deal.phase = BEFORE_LEAD
    deal.current = deal.dealer
    deal.auction = None
    return True


def apply(deal: StopsDeal, action: Widow | Bid | Pass, events: list[Event]) -> bool:
    """Apply one legal widow action; returns whether the phase is over (play begins)."""
    if isinstance(action, Widow):
        events.append(WidowChosen(action.seat, action.choice))
        if action.choice == EXCHANGE:
            take(deal, deal.dealer, None, events)
            return True
        if action.choice == KEEP:
            events.append(WidowDead())
            return True
        deal.auction, deal.bid_turn = bidders(deal), 0
        deal.high_bid = deal.high_bidder = None
        return False
    assert deal.auction is not None
    if isinstance(action, Bid):
        events.append(BidMade(action.seat, action.amount))
        deal.high_bid, deal.high_bidder = action.amount, action.seat
        deal.bid_turn += 1
    else:
        events.append(BidPassed(action.seat))
        deal.auction.pop(deal.bid_turn)
    left = deal.auction
    if not left:  # nobody bid: no sale, the widow stays dead (MI-8)
        events.append(WidowDead())
        return True
    if left == [deal.high_bidder]:
        price = deal.high_bid
        assert price is not None
        deal.pay(left[0], deal.dealer, price, WIDOW_PRICE, events)
        take(deal, left[0], price, events)
        return True
    deal.bid_turn %= len(left)
    deal.current = left[deal.bid_turn]
    return False


def take(deal: StopsDeal, seat: int, price: int | None, events: list[Event]) -> None:
    """``seat`` takes the widow unseen and his dealt hand becomes the dead hand (MI-7,
    MI-8); he alone has seen both (:attr:`StopsDeal.widow_seen`)."""
    deal.hands[seat], deal.stock = deal.stock, deal.hands[seat]
    deal.widow_to, deal.widow_price = seat, price
    deal.widow_seen = deal.stock
    events.append(WidowTaken(seat, price))
