"""The table's words for what happens: the play log's short lines, the calls the table
makes ("No 8♠", "Spin!", "Matrimony! Ben takes 4"), the deal summary's lines and the
status line's reasons, with the seats' words ("You" for the one person at the screen).

This is the table's log: one short line per event, as the game is played. The full
reason for an event, one sentence with its rule, is the engine's
(:mod:`gamecore.explain`); the table's status line shows those reasons (:func:`why_lines`)
and the review shows them beside each step, and this module never words a reason itself.
The two say different things on purpose: "Ben takes the ♥A pool: 3" in the log, "Ben takes
the ♥A pool (3): Ben played ♥A, the card that captures it (STOP-8)." as its reason. Both
conjugate the seats' words the same way (:func:`gamecore.explain.agree`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from gamecore.cards import card_label, suit_of
from gamecore.events import (
    Event,
    LeadPassed,
    Paid,
    PaidToPool,
    Played,
    PoolTaken,
    StakeNamed,
    Stopped,
    WentOut,
    stop_words,
)
from gamecore.explain import (
    agree,
    explain,
    listed,
    mid_sentence,
    pool_phrase,
    possessive,
    scene_before,
)
from gamecore.interface import DealState, Rules
from gamecore.match import Session
from gamecore.spoilfive.deal import (
    Jinked,
    JinkOffered,
    Robbed,
    RobDeclined,
    Spoiled,
    TrickWon,
)
from gamecore.stops.deal import StopsDeal
from gamecore.stops.game import SPECIAL_SUBSTITUTE, StopsGame
from gui.model.registryview import pool_labels
from gui.model.widowwords import widow_call

#: The pools whose capture the table calls by name ("Matrimony! Ben takes 4").
COMBOS = ("Matrimony", "Intrigue", "Confederacy")


def spoken(names: list[str], people: list[int]) -> list[str]:
    """The words for each seat in the table's sentences: with exactly one person at the
    screen (``people``: their seats) that seat is "You" (the plates keep the name); with
    several people at one screen everyone is named, for everyone reads the screen."""
    out = list(names)
    if len(people) == 1:
        out[people[0]] = "You"
    return out


def _trick_line(event: Event, names: list[str]) -> str | None:
    """Spoil Five's events in words (robbing, tricks, jinks, spoils)."""
    match event:
        case Robbed(seat=s, card=c):
            return f"{names[s]} {agree(names[s], 'robs')} the {card_label(c)}"
        case RobDeclined(seat=s, ineligible=inel):
            extra = " and cannot win this deal" if inel else ""
            return (
                f"{names[s]} {agree(names[s], 'holds')} the ace and "
                f"{agree(names[s], 'does')} not rob{extra}"
            )
        case TrickWon(seat=s, number=k):
            return f"{names[s]} {agree(names[s], 'wins')} trick {k}"
        case JinkOffered(seat=s):
            return f"{names[s]} won the first three tricks: claim or jink?"
        case Jinked(seat=s):
            return f"{names[s]} {agree(names[s], 'jinks')}: all five tricks or nothing!"
        case Spoiled(reason=why):
            # not "The pool stays": after the session's last deal it is shared out (GEN-6),
            # and the log said so on the next line; the next deal's "Carried over" says it
            return f"Spoiled: {why}, so nobody takes the pool."
    return None


def deal_line(session: Session, names: list[str] | None = None) -> str:
    """The line that opens a deal: "Deal 3 of 4: Ben deals." or "Deal 3 of 4: you deal."
    (``names``: the seats' words, :func:`spoken`)."""
    assert session.deal is not None
    dealer = (names or session.players)[session.deal.dealer]
    who = "you" if dealer == "You" else dealer
    return f"Deal {len(session.logs)} of {session.total_deals}: {who} {agree(dealer, 'deals')}."


def carried_line(session: Session) -> str:
    """What the pools held as the current deal began, before its stakes: "Carried over: 4
    in the pool." / "Carried over: 2 on the ♥A pool and 5 on the ♠J pool.", or "" when
    they were empty. A spoiled Spoil Five deal's pool of 4 became 5 with one stake, and
    the log said only the stake."""
    logs = session.logs
    held = logs[-2].pools if len(logs) >= 2 and logs[-2].pools else session.start_pools
    labels = pool_labels(session.game)
    parts = [
        f"{n:,} in the pool" if labels[p] == "Pool" else f"{n:,} on {pool_phrase(labels[p])}"
        for p, n in enumerate(held)
        if n
    ]
    return f"Carried over: {listed(parts)}." if parts else ""


@dataclass(frozen=True)
class Seen:
    """The cards everyone at the table can see: ``played`` this deal (a card set, int
    mask), the face-up ``turnup`` (card int, or ``None``) and ``spun``, the cards played
    with the special card (a Spin, a Spinado: a card set, int mask)."""

    played: int = 0
    turnup: int | None = None
    spun: int = 0

    @classmethod
    def with_spins(cls, played: int, turnup: int | None, events: Iterable[Event]) -> Seen:
        """``played`` and ``turnup`` as given, ``spun`` the cards played with the special
        card among ``events``."""
        return cls(played, turnup, spun_cards(events))


def seen_cards(session: Session) -> Seen:
    """What everyone can see of the deal in progress (public knowledge, GEN-9)."""
    deal = session.deal
    if deal is None:
        return Seen()
    turnup = None if deal.phase == "staking" else deal.turnup
    # only the stops engine keeps the played cards as one set; a trick game's stop calls
    # never need them
    if not isinstance(deal, StopsDeal):
        return Seen(0, turnup)
    return Seen(deal.played, turnup, spun_cards(session.deal_events))


def spun_cards(events: Iterable[Event]) -> int:
    """The cards played with the special card among ``events`` (a card set, int mask)."""
    return sum(1 << e.card for e in events if isinstance(e, Played) and e.spin)


def stop_call(event: Stopped, seen: Seen = Seen()) -> str:
    """Why the sequence stopped, truthfully: "No 8♠: played earlier" when the next card is
    already on the table, "No 7♦: turned up" when it lies face up on the stock, else the
    usual call ("No 8♠": the card is unseen, in the stock or out of the pack; "K♣ is a
    stop"). A card played with the special card stops the sequence whatever it is: "The
    sequence stops at 3♦" (SP-3, SN-8), where "3♦ is a stop" read as if it always were."""
    missing = event.missing
    if missing is None and seen.spun >> event.card & 1:
        return f"The sequence stops at {card_label(event.card)}"
    if missing is not None and seen.played >> missing & 1:
        return f"No {card_label(missing)}: played earlier"
    if missing is not None and missing == seen.turnup:
        return f"No {card_label(missing)}: turned up"
    return stop_words(event.card, missing)


@dataclass(frozen=True)
class SpinCall:
    """What the table says when the special card goes down with a card: ``call``, the
    game's own word ("Spin", "Spinado"; SP-2, SN-8), and ``card``, the special card's name
    ("♦A", from the game's declaration); ``alone``: the special card when it is a
    substitute, called when it is played by itself (Commit's 9♦, CM-11), else ``None``."""

    call: str = "Spin"
    card: str = ""
    alone: int | None = None


def spin_call(game: Rules) -> SpinCall:
    """The game's :class:`SpinCall`, from its declarations (``spin_name``, the special
    card's name and kind)."""
    # only the stops engine declares a call for its special card; the others say "Spin"
    if not isinstance(game, StopsGame):
        return SpinCall("Spin", game.special_name())
    alone = game.special_card if game.special_kind == SPECIAL_SUBSTITUTE else None
    return SpinCall(game.spin_name or "Spin", game.special_name(), alone)


def announcement(
    event: Event,
    names: list[str],
    labels: list[str],
    spin: SpinCall = SpinCall(),
    seen: Seen = Seen(),
) -> str | None:
    """The call the table makes for ``event``, or ``None`` (most events pass silently).
    ``spin``: the game's call for its special card (:func:`spin_call`); ``seen``: the cards
    in view (:func:`seen_cards`), for a stop's reason."""
    if isinstance(event, Jinked):
        return f"{names[event.seat]}: Jink!"
    if isinstance(event, Spoiled):
        return "Spoiled!"
    if isinstance(event, Stopped):
        return stop_call(event, seen)
    if isinstance(event, Played) and (event.spin or event.card == spin.alone):
        return f"{spin.call}!"
    if isinstance(event, PoolTaken) and event.amount and labels[event.pool] in COMBOS:
        who = names[event.seat]
        return f"{labels[event.pool]}! {who} {agree(who, 'takes')} {event.amount}"
    if isinstance(event, PoolTaken) and event.amount:
        who = names[event.seat]
        return f"{who} {agree(who, 'takes')} {pool_phrase(labels[event.pool])}: {event.amount}"
    if isinstance(event, WentOut):
        return f"{names[event.seat]} {agree(names[event.seat], 'is')} out!"
    if isinstance(event, LeadPassed):
        to = names[event.to]
        return f"{names[event.seat]} cannot lead; {mid_sentence(to)} {agree(to, 'leads')}"
    return widow_call(event, names)


def log_line(
    event: Event,
    names: list[str],
    labels: list[str],
    spin: SpinCall = SpinCall(),
    seen: Seen = Seen(),
    *,
    after_out: bool = False,
) -> str | None:
    """A line for the play log and the status bar, or ``None`` (``seen`` as for
    :func:`announcement`). ``after_out``: a player went out earlier in the same action, so
    a payment into a pool matches it for a card left in hand (PJ-11, STOP-10), no stake:
    "Ben pays 1 into the Confederacy pool, matching it: a card of it was left in Ben's
    hand" (it read "puts 1 on", a stake's words)."""
    trick_line = _trick_line(event, names)
    if trick_line is not None:
        return trick_line
    match event:
        case StakeNamed(seat=s, amount=a):
            return f"{names[s]} {agree(names[s], 'names')} a stake of {a}"
        case PaidToPool(seat=s, pool=p, amount=a) if after_out:
            # why, or the line read as cut off after "matching it" (a tester)
            its = "a card of it" if labels[p] in COMBOS else "its card"
            paid = f"{names[s]} {agree(names[s], 'pays')} {a} into {pool_phrase(labels[p])}"
            return f"{paid}, matching it: {its} was left in {possessive(names[s])} hand"
        case PaidToPool(seat=s, pool=p, amount=a):
            return f"{names[s]} {agree(names[s], 'puts')} {a} on {pool_phrase(labels[p])}"
        case Played(seat=s, card=c, lead=lead, spin=with_special):
            verb = agree(names[s], "leads" if lead else "plays")
            if c == spin.alone:  # the substitute, by itself (CM-11)
                return f"{names[s]} {verb} {card_label(c)}: {spin.call}!"
            return f"{names[s]} {verb} {card_label(c)}" + (
                f" with the {spin.card}: {spin.call}!" if with_special else ""
            )
        case Paid():
            return paid_words(event, names)
    return announcement(event, names, labels, spin, seen)


def action_log_lines(
    events: Iterable[Event],
    names: list[str],
    labels: list[str],
    spin: SpinCall = SpinCall(),
    seen: Seen = Seen(),
) -> list[str]:
    """:func:`log_line` for each of one action's ``events`` that has one, a payment into a
    pool after a player went out said as matching it (``after_out``, PJ-11)."""
    out, gone = [], False
    for e in events:
        gone = gone or isinstance(e, WentOut)
        if (line := log_line(e, names, labels, spin, seen, after_out=gone)) is not None:
            out.append(line)
    return out


def summary_lines(
    session: Session,
    events: Iterable[Event],
    names: list[str] | None = None,
    skip: Collection[int] = (),
) -> list[str]:
    """Captures and payments of one deal, phrased for the summary (a pool doubled by the
    holder of its card at the end of play too, PJ-11), and each Spin (SP-3, SN-8); in
    Spoil Five the pool and its fate (taken, or left for the next deal when the deal is
    spoiled). ``names``: the seats'
    words (:func:`spoken`; default the players' names); ``skip``: seats whose counters and
    Spins are left out here (the person's: the summary's ledger says their counters first,
    and these lines are headed "Between the other players")."""
    names = names or list(session.players)
    labels = pool_labels(session.game)
    out = []
    went_out = False  # after a player goes out, a payment into a pool doubles it
    offered: set[int] = set()  # Spoil Five: who won tricks 1-3 (SF-31)
    jinked: set[int] = set()  # and who of them then jinked
    events = list(events)
    # a pool shared by several (PJ-23): "Ben took the Intrigue pool: 1" read as all of it
    takers = [e.pool for e in events if isinstance(e, PoolTaken) and e.amount]
    for e in events:
        went_out = went_out or isinstance(e, WentOut)
        offered |= {e.seat} if isinstance(e, JinkOffered) else set()
        jinked |= {e.seat} if isinstance(e, Jinked) else set()
        if any(seat in skip for seat, n in e.counters() if n):
            continue
        if isinstance(e, PaidToPool) and went_out:
            out.append(doubled_words(e, names, session))
        elif isinstance(e, Spoiled):
            out.append(f"Spoiled: {e.reason}. {_spoiled_pool(session)}")
        elif isinstance(e, PoolTaken) and e.amount:
            # a claim or a jink was said only in the status line, gone by the summary
            how = (
                ", jinked and won all five tricks"
                if e.seat in jinked
                else ", claimed after the first three tricks"
                if e.seat in offered
                else ""
            )
            share = "a share of " if takers.count(e.pool) > 1 else ""
            took = f"{names[e.seat]} took {share}{pool_phrase(labels[e.pool])}"
            out.append(f"{took}: {e.amount}{how}")
        elif isinstance(e, Paid):
            out.append(paid_words(e, names, session.game, past=True))
        elif isinstance(e, Played) and e.spin and e.seat not in skip:
            out.append(spun_words(e, names, spin_call(session.game)))
    return out


def spun_words(e: Played, names: list[str], spin: SpinCall) -> str:
    """A card that went down with the special card, in the summary's words (SP-3, SN-8:
    the sequence stops at it): "Ben played 6♥ with the ♦A: Spin! The sequence stopped at
    6♥." A Spin in Spin moves no counter (SP-7), and the summary had no line for it."""
    card = card_label(e.card)
    return (
        f"{names[e.seat]} played {card} with the {spin.card}: {spin.call}! "
        f"The sequence stopped at {card}."
    )


def _spoiled_pool(session: Session) -> str:
    """What becomes of a spoiled deal's pool (SF-30): it stays for the next deal, or after
    the session's last deal it is shared out (GEN-6); a practice deal shares nothing out,
    and its pool stayed in the deal it copies."""
    if session.complete and not session.practice:
        return "It was the last deal: the pool is shared out."
    return "The pool stays for the next deal."


def doubled_words(e: PaidToPool, names: list[str], session: Session) -> str:
    """A pool doubled at the end of play by the holder of its card, in the summary's short
    words: "Dan paid 2 into the Ten pool, matching it: the 10♦ was left in Dan's hand"; a
    combination's pool by the holder of one of its honours, "Ben paid 6 into the Matrimony
    pool, matching it: the Q♠ was left in Ben's hand" (PJ-11, PJ-24, STOP-10). ``names``:
    the seats' words. The cards are the game's declarations for the pool under the deal's
    trumps (``doubling_table``, ``combo_table``) that the payer still held."""
    game, deal = session.game, session.deal
    trump = None if deal is None or deal.turnup is None else suit_of(deal.turnup)
    cards = [c for p, c in getattr(game, "doubling_table", lambda t: ())(trump) if p == e.pool]
    for p, a, b in getattr(game, "combo_table", lambda t: ())(trump):
        cards += [a, b] if p == e.pool else []
    hand = 0 if deal is None else deal.hands[e.seat]
    held = [card_label(c) for c in cards if hand >> c & 1]
    who = names[e.seat]
    # "matching it", not "doubled": ", doubled" read as a payment made twice over, and
    # two holders of one combination's honours each pay its amount (PJ-24)
    paid = f"{who} paid {e.amount} into {pool_phrase(pool_labels(game)[e.pool])}, matching it"
    if not held:
        return f"{paid}: a card of it was left in hand"
    was = "was" if len(held) == 1 else "were"
    return f"{paid}: the {' and the '.join(held)} {was} left in {possessive(who)} hand"


def _doubler(game: Rules | None) -> str:
    """The card whose holder pays 2 a card left (SP-7, SN-14), named as the table names
    it ("♦A"), or "" when ``game`` has none or is not given."""
    if not isinstance(game, StopsGame) or game.double_pay_card is None:
        return ""
    if game.double_pay_card == game.special_card:
        return game.special_name()
    return card_label(game.double_pay_card)


def paid_words(e: Paid, names: list[str], game: Rules | None = None, past: bool = False) -> str:
    """A payment in the table's short words: "Ben pays you 3 for 3 cards left in hand",
    "Gus paid Cat 10 for 5 cards left in hand, doubled: Gus held the ♦A" (``past``: the
    summary's tense; ``game`` names the card that doubles the payment), "Ben pays Cat 1
    for a King", "Ben pays Cat 2 for the K♦"."""
    payer = names[e.payer]
    verb = "paid" if past else agree(payer, "pays")
    pays = f"{payer} {verb} {mid_sentence(names[e.payee])} {e.amount}"
    k = e.cards
    if e.reason == "jink":
        return f"{pays} for the jink"
    if e.reason == "cards left" and k:
        left = f"{pays} for {k} card{'s' if k != 1 else ''} left in hand"
        if e.amount == 2 * k:
            held = _doubler(game)
            return left + (
                f", doubled: {mid_sentence(payer)} held the {held}" if held else ", doubled"
            )
        return left if e.amount == k else f"{left}, {e.amount} in all"
    if k:
        return f"{pays} for the {e.reason}: {k} card{'s' if k != 1 else ''} in hand"
    return f"{pays} {_bonus_words(e.reason)}"


def _bonus_words(reason: str) -> str:
    """A payment's reason without cards counted, as the table writes cards: Spinado's
    "♦K" (SN-10) "for the K♦", "King" (SN-13, CM-12) "for a King", any other in brackets
    ("(Spinado)"). A tester read "(♦K)" and "(King)" beside "K♦ earns its player 2"."""
    if reason == "King":
        return "for a King"
    rank = reason[1:]
    if len(reason) >= 2 and reason[0] in "♠♥♦♣" and rank in ("A", "K", "Q", "J", "10", *"23456789"):
        return f"for the {rank}{reason[0]}"
    return f"({reason})"


_RULE_ID = re.compile(r"\s*\((?:[A-Z]{2,4}(?:-[A-Z])?-\d+(?:,\s*)?)+\)")


def plain_words(sentence: str) -> str:
    """``sentence`` without its rule ids in brackets ("… stops (STOP-7); …" → "… stops;
    …"): the rules browser explains the rules in words."""
    return _RULE_ID.sub("", sentence)


#: The events whose reason the table gives in the status line (issue: "Why, in words").
_WHY = (Stopped, PoolTaken, TrickWon)


def why_lines(
    before: DealState, words: list[str], events: list[Event], skip: Collection[int] = ()
) -> list[str]:
    """The engine's one-sentence reason for each stop, pool taken and trick won among
    ``events`` (an action applied to the deal state ``before``), in plain words; ``skip``:
    seats whose pools taken are left out (the people's: the log said them with reasons)."""
    # a pool taken with nothing in it is no news; stops and tricks always are
    picked = [
        e
        for e in events
        if isinstance(e, _WHY)
        and (not isinstance(e, PoolTaken) or (e.amount and e.seat not in skip))
    ]
    if not picked:
        return []
    scene = scene_before(before, words, events)
    return [plain_words(explain(e, scene)) for e in picked]
