"""The table's words for the widow's decisions before the first lead (MI-7, MI-8): the
dealer's choice and the auction as questions in the panel above the hand, with their
buttons, the table's calls for what was chosen and bid, and the review's words for these
decisions. No Qt: :mod:`gui.model.intents`
turns them into questions and reads the buttons back."""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.actions import AUCTION, EXCHANGE, KEEP, Action, Bid, Pass, Widow
from gamecore.decisions import BidChoice, PlayChoice
from gamecore.events import Event
from gamecore.explain import agree, mid_sentence
from gamecore.interface import DealState
from gamecore.stops.widow import BidMade, BidPassed, WidowChosen, WidowDead, WidowTaken

#: How many bids the panel offers as buttons, from the least allowed upwards (MI-8).
BID_BUTTONS = 2
#: A prompt key ``amount:<prefix>:<least>:<most>`` asks for an amount of the person's
#: choosing, answered as ``<prefix>:<amount>`` (see :class:`~gui.table.calls.PromptPanel`).
AMOUNT = "amount"
#: A bid confirmed at the question of :func:`debt_question`: ``sure-bid:<amount>``.
SURE_BID = "sure-bid"
#: Back to the auction's question from :func:`debt_question`, to change the bid.
REBID = "rebid"
_LABELS = {
    EXCHANGE: "Exchange (take the widow)",
    AUCTION: "Auction it",
    KEEP: "Keep your hand",
}


def widow_question(d: PlayChoice) -> tuple[str, list[tuple[str, str]], str]:
    """The dealer's widow choice (MI-7): question, buttons (key = the choice), status
    line."""
    choices = [a.choice for a in d.actions if isinstance(a, Widow)]
    buttons = [(c, _LABELS[c]) for c in choices]
    return (
        "The widow: take it unseen, sell it to the others, or keep your hand?",
        buttons,
        "Choose what to do with the widow: exchange, auction or keep.",
    )


def bid_question(
    deal: DealState, d: BidChoice, players: list[str]
) -> tuple[str, list[tuple[str, str]], str]:
    """A bid in the auction for the widow (MI-8): the current high bid and its bidder in
    view, a few bids from the least allowed (within the bound) and Pass."""
    high = getattr(deal, "high_bid", None)
    bidder = getattr(deal, "high_bidder", None)
    now = (
        "No bid yet."
        if high is None or bidder is None
        else f"High bid: {high} ({players[bidder]})."
    )
    buttons = []
    if d.can_bid:
        top = d.low + BID_BUTTONS - 1 if d.high is None else min(d.high, d.low + BID_BUTTONS - 1)
        buttons = [(f"bid:{n}", f"Bid {n}") for n in range(d.low, top + 1)]
        if d.high is None or d.high > top:  # any higher bid, typed or stepped (MI-8)
            most = "" if d.high is None else str(d.high)
            buttons.append((f"{AMOUNT}:bid:{top + 1}:{most}", "Bid"))
    buttons.append(("pass", "Pass"))
    return (
        f"The widow is for sale. {now}",
        buttons,
        "Bid for the widow or pass; a pass is final.",
    )


def debt_question(amount: int, balance: int) -> tuple[str, list[tuple[str, str]], str] | None:
    """The question before a bid of ``amount`` counters that the bidder's ``balance``
    (counters) does not cover, or ``None`` when it does. With debts allowed any bid is
    legal (MI-8, GEN-5), and a bid typed with a zero too many was paid at once: 100,000
    from a stack of 99. "Change the bid" comes first, the answer Enter gives."""
    if amount <= balance:
        return None
    now = f"you have {balance:,}" if balance >= 0 else f"you owe {-balance:,} already"
    return (
        f"Bid {amount:,} for the widow? Paid, it leaves you {amount - balance:,} in debt ({now}).",
        [(REBID, "Change the bid"), (f"{SURE_BID}:{amount}", f"Bid {amount:,}")],
        "Your bid is more than you have: bid it, or change it.",
    )


def widow_answer(seat: int, key: str) -> Action | None:
    """The action of a widow button ``key`` (a choice, ``bid:<n>``, ``pass``), or
    ``None`` for another panel's key."""
    if key in _LABELS:
        return Widow(seat, key)
    kind, _, amount = key.partition(":")
    if kind in ("bid", SURE_BID) and amount.isdigit():
        return Bid(seat, int(amount))
    if key == "pass":
        return Pass(seat)
    return None


def widow_call(event: Event, names: list[str]) -> str | None:
    """The table's call (and log line) for a widow event (MI-7, MI-8), in short words, or
    ``None`` for another event. The auction's payment is a :class:`~gamecore.events.Paid`,
    said with the other payments; the dead hand's cards are never named."""
    match event:
        case WidowChosen(seat=s, choice=choice):
            who = names[s]
            if choice == EXCHANGE:
                return f"{who} {agree(who, 'exchanges')} with the widow"
            if choice == AUCTION:
                return f"{who} {agree(who, 'offers')} the widow for sale"
            return f"{who} {agree(who, 'keeps')} the dealt hand"
        case BidMade(seat=s, amount=n):
            return f"{names[s]} {agree(names[s], 'bids')} {n}"
        case BidPassed(seat=s):
            return f"{names[s]} {agree(names[s], 'passes')}"
        case WidowTaken(seat=s, price=price) if price is not None:
            return f"The widow goes to {mid_sentence(names[s])} for {price}"
        case WidowDead():
            return "The widow stays face down as the dead hand"
    return None


def widow_coach(deal: DealState, d: object) -> list[str] | None:
    """What the coach says at the widow's choice or a bid (MI-7, MI-8), or ``None`` at
    another decision. It names no card of the widow nor of any hand: nobody has seen them."""
    if isinstance(d, BidChoice):
        if not d.can_bid:
            return ["You cannot pay the least bid, so you can only pass."]
        bound = f"{d.low} or more" if d.high is None else f"{d.low} to {d.high}"
        return [
            f"You may bid {bound} counters for the widow, or pass for good. The "
            "highest bidder pays the dealer and takes the widow unseen; his own hand becomes "
            "the dead hand. Bid only what a fresh hand is worth to you against your own."
        ]
    if isinstance(d, PlayChoice) and any(isinstance(a, Widow) for a in d.actions):
        offered = [a.choice for a in d.actions if isinstance(a, Widow)]
        words = {
            EXCHANGE: "exchange: take the widow unseen and lay your hand down as the dead hand",
            AUCTION: "auction: sell the widow to the highest bidder, who pays you",
            KEEP: "keep: play the hand you were dealt; the widow stays dead",
        }
        return [
            "You deal, so you decide what happens to the widow: "
            + "; ".join(words[c] for c in offered)
            + ". Nobody has seen the widow."
        ]
    return None


def widow_turn(d: object, legal: Sequence[Action]) -> str | None:
    """What a seat is to do at a widow decision ``d`` in the review's turn line ("to bid
    for the widow or pass", "to choose what becomes of the widow"), or ``None`` at another
    decision. ``legal``: the decision's legal actions (empty for a bid)."""
    if isinstance(d, BidChoice):
        return "to bid for the widow or pass"
    if any(isinstance(a, Widow) for a in legal):
        return "to choose what becomes of the widow"
    return None


def bid_choices(d: BidChoice) -> str:
    """The choices of a bid for the widow in the review's words: "a bid of 3 or more, or
    pass (out of the auction)", "a bid of 3 to 9, …", or "pass only (the least bid, 3, is
    more than may be paid)"."""
    if not d.can_bid:
        return f"pass only (the least bid, {d.low:,}, is more than may be paid)"
    bound = f"{d.low:,} or more" if d.high is None else f"{d.low:,} to {d.high:,}"
    return f"a bid of {bound}, or pass (out of the auction)"
