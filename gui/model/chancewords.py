"""The table's words for the events of a game without play (Matrimony): the log's short
lines and the calls in the middle of the table ("Cat takes Pair: two 9s", "A♦! Ben takes
everything"). The stakes are said as in every game (:mod:`gui.model.tablewords`); the full
reason of each event, with its rule, is the engine's (:mod:`gamecore.explain`)."""

from __future__ import annotations

from collections.abc import Collection

from gamecore.events import Event
from gamecore.explain import agree, listed, mid_sentence
from gamecore.matrimony.events import (
    AceTurned,
    Carried,
    CompartmentWon,
    HandsDealt,
    HandShown,
    MatrimonyEnded,
)
from gamecore.matrimony.words import cards_text, short_reason
from gui.model import tablewords


def announcement(event: Event, names: list[str], labels: list[str]) -> str | None:
    """The call the table makes for ``event`` (``names``: the seats' words, ``labels``: the
    compartments' names), or ``None``."""
    match event:
        case AceTurned(seat=s):
            return f"{names[s]}: the whole layout!"
        case CompartmentWon(seat=s, pool=p, amount=a):
            what = f"{labels[p]} ({a})" if a else f"{labels[p]}, empty"
            return f"{names[s]} {agree(names[s], 'takes')} {what}: {short_reason(event)}"
        case Carried(pools=pools):
            words = listed([labels[p] for p in pools])
            return f"{words} {'carries' if len(pools) == 1 else 'carry'}"
    return None


def log_line(event: Event, names: list[str], labels: list[str], sweep: str) -> str | None:
    """A line for the table's log and the status bar (the stakes as in every game), or
    ``None`` (the end of the deal is said by its summary); ``sweep`` names the card that
    takes the whole layout (the A♦, MT-7)."""
    match event:
        case HandsDealt():
            return "The cards are dealt"
        case HandShown(seat=s, cards=cards):
            return f"{names[s]} {agree(names[s], 'shows')} {cards_text(cards)}"
        case AceTurned(seat=s):
            takes = agree(names[s], "takes")
            return f"{names[s]} {agree(names[s], 'turns')} up the {sweep} and {takes} everything"
        case MatrimonyEnded():
            return None
    return announcement(event, names, labels) or tablewords.log_line(event, names, labels)


def summary_lines(
    events: list[Event],
    names: list[str],
    labels: list[str],
    skip: Collection[int] = (),
    last: bool = False,
) -> list[str]:
    """The compartments of one deal in the summary's words ("Ben took Matrimony (12): K♠
    Q♦"), then what carries; ``skip``: seats whose winnings the summary's own lines (the
    person's ledger) have said already; ``last``: the session's last deal, after which
    nothing carries: what was not won is shared out (GEN-6)."""
    out = []
    for e in events:
        if isinstance(e, CompartmentWon) and e.seat in skip:
            continue
        if isinstance(e, CompartmentWon):
            amount = f" ({e.amount})" if e.amount else ", empty"
            out.append(f"{names[e.seat]} took {labels[e.pool]}{amount}: {short_reason(e)}")
        elif isinstance(e, Carried):
            words = listed([labels[p] for p in e.pools])
            if last:  # "carry to the next deal" on the last deal read wrong
                out.append(f"{words}: not won, shared out with the rest at the end")
            else:
                out.append(
                    f"{words} {'carries' if len(e.pools) == 1 else 'carry'} to the next deal"
                )
    return out


def headline(events: list[Event], names: list[str], labels: list[str]) -> str:
    """The summary's heading for a deal of a game without play: who turned up the card
    that sweeps the layout, or which compartment went to whom, or that all of it carries."""
    for e in events:
        if isinstance(e, AceTurned):
            return f"{names[e.seat]} {agree(names[e.seat], 'takes')} the whole layout"
    won = [e for e in events if isinstance(e, CompartmentWon)]
    if not won:
        return "Nobody won a compartment"
    return ", ".join(f"{labels[e.pool]} to {mid_sentence(names[e.seat])}" for e in won)
