"""Turns the engine's public state and events into what the table shows and says.

No Qt here: plain data in (a :class:`~gamecore.match.Session`), plain data out (a
:class:`~gui.model.snapshot.TableSnapshot`, lines of text). The words are the games' own
("No nine", "K♣ is a stop", "Ben takes the ♣K pool: 7").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from gamecore.actions import Action, NameStake, Play, Rob, Split
from gamecore.agents.playcheck import action_words as playcheck_words
from gamecore.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    card_label,
    cards_in,
    suit_of,
)
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
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
from gamecore.explain import explain, explain_events, scene_before
from gamecore.fingerprint import hashed_text
from gamecore.games import TRICKS, descriptor, entries
from gamecore.interface import STOPS, Observation, Rules
from gamecore.match import Session
from gamecore.options import HELP, defaults, house_rules
from gamecore.review import DealReview, ShownTable, Step, deal_again_offered
from gamecore.spoilfive.deal import (
    Jinked,
    JinkOffered,
    Robbed,
    RobDeclined,
    Spoiled,
    TrickWon,
)
from gamecore.spoilfive.ranks import EFFECTIVE, STRENGTH, TRUMP, TRUMP_RANK, trump_order
from gamecore.stops.game import SPECIAL_SPINADO
from gamecore.stops.game import rank_position as stops_rank_position
from gui.model.snapshot import DealSummary, GameChoice, PoolView, SeatView, TableSnapshot

#: Suits in hand and played rows: alternating colours (♠ ♥ ♣ ♦) read best.
SUIT_DISPLAY = (0, 1, 3, 2)


def pool_labels(game: Rules) -> list[str]:
    """People's names of the game's pools ("♥A", "Matrimony", "Pool"), as its descriptor's
    pool faces give them."""
    return [f.label for f in descriptor(game.name).pool_faces(game, None)]


def pool_views(game: Rules, pools: list[int], turnup: int | None) -> tuple[PoolView, ...]:
    """The layout as the table draws it: each pool's label, its layout card (if it has one),
    its counters, and a short detail ("K♥ Q♥" for Matrimony once trumps are known), from
    the game's declaration (any number of pools)."""
    faces = descriptor(game.name).pool_faces(game, turnup)
    return tuple(PoolView(f.label, f.card, n, f.detail)
                 for f, n in zip(faces, pools, strict=True))


def stock_name(game: Rules) -> str:
    """What the table calls the undealt cards ("Widow" in Spinado, "Dead hand" in Pope
    Joan, "Stock"…), as the game declares."""
    return descriptor(game.name).stock_name


def tricks_game(game: Rules) -> bool:
    """Whether ``game`` is played in tricks (Spoil Five) rather than in sequences."""
    return descriptor(game.name).family == TRICKS


def rank_position(c: int, ace_high: bool) -> int:
    """Column of card ``c`` in its suit's row: 0 for the lowest rank."""
    return stops_rank_position(c, ace_high)


def display_order(cards: Iterable[int], ace_high: bool) -> list[int]:
    """Cards sorted for a hand: by suit (♠ ♥ ♣ ♦), then rank under the game's order."""
    return sorted(cards, key=lambda c: (SUIT_DISPLAY.index(suit_of(c)),
                                        rank_position(c, ace_high)))


def snapshot(session: Session, bottom: int, *, thinking: bool = False,
             last_play: tuple[int, int] | None = None) -> TableSnapshot:
    """What the table shows now, from the bottom seat's point of view (GEN-9); once the
    session is over, the counters and pools after the split of the pools left (GEN-6)."""
    game, deal = session.game, session.deal
    names = session.players
    balances, pool_amounts = session.final_accounts()
    turnup = None if deal is None or deal.phase == "staking" else deal.turnup
    pools = pool_views(game, pool_amounts, turnup)
    board = "round" if len(pools) > 6 else "row"
    if deal is None:
        seats = tuple(SeatView(names[s], balances[s], 0) for s in range(session.n))
        return TableSnapshot(seats=seats, bottom=bottom, pools=pools, board=board)
    obs = deal.observation(bottom)
    d = deal.decision()
    to_act = None if d is None else d.seat
    seats = tuple(
        SeatView(names[s], balances[s], obs.hand_counts[s], acting=s == to_act,
                 thinking=thinking and s == to_act, dealer=s == deal.dealer,
                 winner=deal.winner == s)
        for s in range(session.n))
    hand = tuple(display_order(cards_in(obs.hand), game.ace_high))
    playable: frozenset[int] = frozenset()
    if isinstance(d, PlayChoice) and d.seat == bottom:
        playable = frozenset(a.card for a in d.actions)
    cards_played = [p.card for p in obs.history]
    # the special card (Spin's ♦A) went down with its card
    cards_played += [game.special_card for p in obs.history if p.spin]
    played = tuple((c, SUIT_DISPLAY.index(suit_of(c)), rank_position(c, game.ace_high))
                   for c in cards_played)
    revealed: dict[int, tuple[int, ...]] = {}
    stock_cards: tuple[int, ...] = ()
    stock_count = 0 if obs.phase == "staking" else deal.stock.bit_count()
    if obs.revealed is not None:
        hands, stock = obs.revealed
        revealed = {s: tuple(display_order(cards_in(h), game.ace_high))
                    for s, h in enumerate(hands) if s != bottom}
        stock_cards = tuple(display_order(cards_in(stock), game.ace_high))
        stock_count = 0
    notes = {pv.card: f"the {pv.label} card" if pv.label[:1] in SUIT_SYMBOLS
             else f"the {pv.label} layout card" for pv in pools if pv.card is not None}
    return TableSnapshot(
        seats=seats, bottom=bottom, hand=hand, playable=playable, played=played,
        card_notes=notes,
        row_labels=tuple(SUIT_SYMBOLS[s] for s in SUIT_DISPLAY), stock_count=stock_count,
        stock_cards=stock_cards, revealed=revealed, pools=pools, last_play=last_play,
        turnup=None if obs.revealed is not None else turnup, stock_name=stock_name(game),
        board=board)


def _v(name: str, verb: str) -> str:
    """``verb`` in the third person, or plain after "You" ("You play", "Ben plays")."""
    if name != "You":
        return verb
    return {"is": "are", "takes": "take", "robs": "rob", "holds": "hold", "does": "do",
            "wins": "win", "jinks": "jink", "pays": "pay", "puts": "put", "names": "name",
            "leads": "lead", "plays": "play", "cannot": "cannot", "took": "took",
            "paid": "paid", "deals": "deal"}.get(verb, verb)


COMBOS = ("Matrimony", "Intrigue", "Confederacy")


def spoken(names: list[str], people: list[int]) -> list[str]:
    """The words for each seat in the table's sentences: with exactly one person at the
    screen (``people``: their seats) that seat is "You" (the plates keep the name); with
    several people at one screen everyone is named, for everyone reads the screen."""
    out = list(names)
    if len(people) == 1:
        out[people[0]] = "You"
    return out


def _obj(name: str) -> str:
    """A seat's word in the middle of a sentence ("Ben pays you 3")."""
    return "you" if name == "You" else name


def _trick_line(event: Event, names: list[str]) -> str | None:
    """Spoil Five's events in words (robbing, tricks, jinks, spoils)."""
    match event:
        case Robbed(seat=s, card=c):
            return f"{names[s]} {_v(names[s], 'robs')} the {card_label(c)}"
        case RobDeclined(seat=s, ineligible=inel):
            extra = " and cannot win this deal" if inel else ""
            return f"{names[s]} {_v(names[s], 'holds')} the ace and {_v(names[s], 'does')} " \
                   f"not rob{extra}"
        case TrickWon(seat=s, number=k):
            return f"{names[s]} {_v(names[s], 'wins')} trick {k}"
        case JinkOffered(seat=s):
            return f"{names[s]} won the first three tricks: claim or jink?"
        case Jinked(seat=s):
            return f"{names[s]} {_v(names[s], 'jinks')}: all five tricks or nothing!"
        case Spoiled(reason=why):
            return f"Spoiled: {why}. The pool stays."
    return None


def first_dealer_line(name: str, why: str = "") -> str:
    """Who deals first: "Ben deals first (first Jack)." or "You deal first." (``why``: a
    reason in brackets, with its leading space, or "")."""
    return f"{name} {_v(name, 'deals')} first{why}."


def deal_line(session: Session, names: list[str] | None = None) -> str:
    """The line that opens a deal: "Deal 3 of 4: Ben deals." or "Deal 3 of 4: you deal."
    (``names``: the seats' words, :func:`spoken`)."""
    assert session.deal is not None
    dealer = (names or session.players)[session.deal.dealer]
    who = "you" if dealer == "You" else dealer
    return f"Deal {len(session.logs)} of {session.total_deals}: {who} {_v(dealer, 'deals')}."


@dataclass(frozen=True)
class Seen:
    """The cards everyone at the table can see: ``played`` this deal (a card set, int
    mask) and the face-up ``turnup`` (card int, or ``None``)."""

    played: int = 0
    turnup: int | None = None


def seen_cards(session: Session) -> Seen:
    """What everyone can see of the deal in progress (public knowledge, GEN-9)."""
    deal = session.deal
    if deal is None:
        return Seen()
    turnup = None if getattr(deal, "phase", "") == "staking" else getattr(deal, "turnup", None)
    return Seen(int(getattr(deal, "played", 0) or 0), turnup)


def stop_call(event: Stopped, seen: Seen = Seen()) -> str:
    """Why the sequence stopped, truthfully: "No 8♠: played earlier" when the next card is
    already on the table, "No 7♦: turned up" when it lies face up on the stock, else the
    usual call ("No eight": the card is unseen, in the stock or out of the pack; "K♣ is a
    stop")."""
    missing = event.missing
    if missing is not None and seen.played >> missing & 1:
        return f"No {card_label(missing)}: played earlier"
    if missing is not None and missing == seen.turnup:
        return f"No {card_label(missing)}: turned up"
    return stop_words(event.card, missing)


@dataclass(frozen=True)
class SpinCall:
    """What the table says when the special card goes down with a card: ``call``, the
    game's own word ("Spin", "Spinado"; SP-2, SN-8), and ``card``, the special card's name
    ("♦A", from the game's declaration)."""

    call: str = "Spin"
    card: str = ""


def spin_call(game: Rules) -> SpinCall:
    """The game's :class:`SpinCall`, from its declarations (``spin_name``, the special
    card's name)."""
    return SpinCall(getattr(game, "spin_name", "") or "Spin", game.special_name())


def announcement(event: Event, names: list[str], labels: list[str],
                 spin: SpinCall = SpinCall(), seen: Seen = Seen()) -> str | None:
    """The call the table makes for ``event``, or ``None`` (most events pass silently).
    ``spin``: the game's call for its special card (:func:`spin_call`); ``seen``: the cards
    in view (:func:`seen_cards`), for a stop's reason."""
    if isinstance(event, Jinked):
        return f"{names[event.seat]}: Jink!"
    if isinstance(event, Spoiled):
        return "Spoiled!"
    if isinstance(event, Stopped):
        return stop_call(event, seen)
    if isinstance(event, Played) and event.spin:
        return f"{spin.call}!"
    if isinstance(event, PoolTaken) and event.amount and labels[event.pool] in COMBOS:
        who = names[event.seat]
        return f"{labels[event.pool]}! {who} {_v(who, 'takes')} {event.amount}"
    if isinstance(event, PoolTaken) and event.amount:
        who = names[event.seat]
        pool = "the pool" if labels[event.pool] == "Pool" else f"the {labels[event.pool]} pool"
        return f"{who} {_v(who, 'takes')} {pool}: {event.amount}"
    if isinstance(event, WentOut):
        return f"{names[event.seat]} {_v(names[event.seat], 'is')} out!"
    if isinstance(event, LeadPassed):
        to = names[event.to]
        return f"{names[event.seat]} cannot lead; {_obj(to)} {_v(to, 'leads')}"
    return None


def log_line(event: Event, names: list[str], labels: list[str], spin: SpinCall = SpinCall(),
             seen: Seen = Seen()) -> str | None:
    """A line for the play log and the status bar, or ``None`` (``seen`` as for
    :func:`announcement`)."""
    trick_line = _trick_line(event, names)
    if trick_line is not None:
        return trick_line
    match event:
        case StakeNamed(seat=s, amount=a):
            return f"{names[s]} {_v(names[s], 'names')} a stake of {a}"
        case PaidToPool(seat=s, pool=p, amount=a):
            return f"{names[s]} {_v(names[s], 'puts')} {a} on {labels[p]}"
        case Played(seat=s, card=c, lead=lead, spin=with_special):
            verb = _v(names[s], "leads" if lead else "plays")
            return f"{names[s]} {verb} {card_label(c)}" + (
                f" with the {spin.card}: {spin.call}!" if with_special else "")
        case Paid(payer=a, payee=b, amount=n, reason=why):
            return f"{names[a]} {_v(names[a], 'pays')} {_obj(names[b])} {n} ({why})"
    return announcement(event, names, labels, spin, seen)


def summary_lines(session: Session, events: Iterable[Event],
                  names: list[str] | None = None) -> list[str]:
    """Captures and payments of one deal, phrased for the summary; in Spoil Five the pool
    and its fate (taken, or left for the next deal when the deal is spoiled). ``names``: the
    seats' words (:func:`spoken`; default the players' names)."""
    names = names or list(session.players)
    labels = pool_labels(session.game)
    out = []
    for e in events:
        if isinstance(e, Spoiled):
            out.append(f"Spoiled: {e.reason}. The pool stays for the next deal.")
        elif isinstance(e, Paid) and e.reason == "jink":
            out.append(f"{names[e.payer]} paid {_obj(names[e.payee])} {e.amount} for the jink")
        elif isinstance(e, PoolTaken) and e.amount:
            pool = "the pool" if labels[e.pool] == "Pool" else f"the {labels[e.pool]} pool"
            out.append(f"{names[e.seat]} took {pool}: {e.amount}")
        elif isinstance(e, Paid):
            out.append(f"{names[e.payer]} paid {_obj(names[e.payee])} {e.amount} for "
                       f"{e.amount} card{'s' if e.amount != 1 else ''} left"
                       if e.reason == "cards left" else
                       f"{names[e.payer]} paid {_obj(names[e.payee])} {e.amount} ({e.reason})")
    return out


def lead_hint(session: Session, seat: int) -> str:
    """The status line for a person whose turn it is."""
    deal = session.deal
    if deal is None:
        return ""
    d = deal.decision()
    if not isinstance(d, PlayChoice) or d.seat != seat:
        return ""
    if tricks_game(session.game):
        if d.forced:
            return f"Your turn: {card_label(d.actions[0].card)} is your only legal card"
        if not getattr(deal, "trick", None):
            return "Your lead: play any card (drag it to the table or click it)"
        return "Your turn: follow suit or play a trump; playable cards are raised"
    if deal.top is not None:
        spin = f" (you may add the {session.game.special_name()})" if len(d.actions) > 1 \
            else ""
        return f"Continue the sequence: play {card_label(d.actions[0].card)}{spin}"
    if d.forced:
        return f"Your lead: {card_label(d.actions[0].card)} is your only lead"
    how = "(drag it to the table or click it)"
    leads = {a.card for a in d.actions}
    special = session.game.special_card
    if leads | ({special} if special is not None else set()) >= set(cards_in(deal.hands[seat])):
        return f"Your lead: play any card {how}"
    return f"Your lead: play the lowest card of a suit {how}"


#: New Game's entries (label, record game name, profile), as the registry lists them.
GAME_ENTRIES = tuple((e.label, d.name, e.profile) for d, e in entries())


def game_choices() -> list[GameChoice]:
    """Every game New Game offers (the registry's entries), with its player range and house
    rules. Each rule's default is that game's own (Spoil Five starts with 20 counters,
    GEN-5), the same a game started from the command line gets."""
    out = []
    for desc, entry in entries():
        usual = defaults(desc.name)
        rules = tuple(replace(spec, default=usual.get(spec.key, spec.default))
                      for spec in house_rules(desc.name, entry.profile))
        out.append(GameChoice(entry.label, desc.name, entry.profile, desc.min_players,
                              desc.max_players, rules, dict(HELP),
                              desc.entry_options(entry)))
    return out


def game_label(game: Rules) -> str:
    """The entry label of ``game`` ("Pope Joan (classic board)")."""
    return descriptor(game.name).entry_for(game.options).label


# ---- Spoil Five ------------------------------------------------------------------------

ORDINALS = ("", "best", "second-best", "third-best", "fourth-best", "fifth-best",
            "sixth-best", "seventh-best", "eighth-best", "ninth-best", "tenth-best",
            "eleventh-best", "twelfth-best", "thirteenth-best", "lowest")


def trick_display_order(cards: Iterable[int], trump: int) -> list[int]:
    """A Spoil Five hand for people: plain suits first (♠ ♥ ♣ ♦ order), each from worst to
    best, then the effective trumps (♥A included) together at the right, worst to best."""
    eff, strength = EFFECTIVE[trump], STRENGTH[trump]
    return sorted(cards, key=lambda c: (eff[c] == TRUMP,
                                        SUIT_DISPLAY.index(eff[c]) if eff[c] != TRUMP else 0,
                                        strength[c]))


def trick_reason(trump: int, plays: tuple[tuple[int, int], ...], winner: int) -> str:
    """Why ``winner`` took the trick, in words ("J♣ is the second-best trump")."""
    eff, rank = EFFECTIVE[trump], TRUMP_RANK[trump]
    card_of = dict(plays)
    c = card_of[winner]
    if eff[c] == TRUMP:
        if sum(1 for _, x in plays if eff[x] == TRUMP) == 1:
            return f"{card_label(c)} is the only trump played"
        which = "lowest" if rank[c] == len(trump_order(trump)) else ORDINALS[rank[c]]
        return f"{card_label(c)} is the {which} trump"
    return f"{card_label(c)} is the best {SUIT_NAMES[suit_of(c)][:-1]} played; no trump was played"


def last_trick_line(names: list[str], trump: int, plays: tuple[tuple[int, int], ...],
                    winner: int) -> str:
    """Who won the last trick and why: "Last trick to Eve: J♠ is the second-best trump"
    ("… to you: …" for you)."""
    who = "you" if names[winner] == "You" else names[winner]
    return f"Last trick to {who}: {trick_reason(trump, plays, winner)}"


def snapshot_tricks(session: Session, bottom: int, *, thinking: bool = False,
                    last_play: tuple[int, int] | None = None,
                    words: list[str] | None = None) -> TableSnapshot:
    """The Spoil Five table from the bottom seat's point of view (GEN-9); after the session,
    the counters after the split of the pool left (GEN-6)."""
    deal = session.deal
    names = session.players
    balances, pool_amounts = session.final_accounts()
    pools = (PoolView("Pool", None, pool_amounts[0]),)
    if deal is None:
        seats = tuple(SeatView(names[s], balances[s], 0) for s in range(session.n))
        return TableSnapshot(seats=seats, bottom=bottom, pools=pools, mode="tricks")
    obs = deal.observation(bottom)
    d = deal.decision()
    to_act = None if d is None else d.seat
    seats = tuple(
        SeatView(names[s], balances[s], obs.hand_counts[s], acting=s == to_act,
                 thinking=thinking and s == to_act, dealer=s == deal.dealer,
                 winner=deal.winner == s, tricks=obs.tricks_won[s])
        for s in range(session.n))
    hand = tuple(trick_display_order(cards_in(obs.hand), obs.trump))
    playable: frozenset[int] = frozenset()
    if isinstance(d, PlayChoice) and d.seat == bottom:
        playable = frozenset(a.card for a in d.actions if isinstance(a, Play | Rob))
    last = obs.tricks[-1] if obs.tricks else None
    note = f"Trumps: {SUIT_NAMES[obs.trump]}"
    if obs.robbed_by is not None:
        note = f"{note}\n{card_label(obs.turnup)} robbed by {_obj(names[obs.robbed_by])}"
    turnup = None if obs.robbed_by is not None else obs.turnup
    eff = EFFECTIVE[obs.trump]
    notes = {c: "trump" for c in range(52) if eff[c] == TRUMP}
    return TableSnapshot(
        card_notes=notes,
        seats=seats, bottom=bottom, hand=hand, playable=playable, pools=pools,
        last_play=last_play, turnup=turnup, stock_count=deal.stock.bit_count() + (
            1 if turnup is not None else 0), stock_name="Pack", mode="tricks",
        trick=obs.trick, last_trick=last.cards if last else (),
        trick_reason=last_trick_line(words or list(names), obs.trump, last.cards, last.seat)
        if last else "",
        trump_note=note)


#: Points of a session's balance chart at most: a long session is sampled evenly.
CHART_POINTS = 200


def balance_history(session: Session, points: int = CHART_POINTS
                    ) -> tuple[list[tuple[str, list[int]]], int]:
    """Each player's net result after the session's finished deals, as ``(name, values)``,
    sampled evenly to at most ``points`` values (the last deal always included), and the
    number of finished deals they stand for. Costs ``points``, not the session's length."""
    logs = session.logs
    n = len(logs) if logs and logs[-1].finished else len(logs) - 1
    if n <= 0:
        return [(name, []) for name in session.players], 0
    picks = range(n) if n <= points else sorted(
        {round(k * (n - 1) / (points - 1)) for k in range(points)})
    start = session.start_balances
    return [(name, [logs[i].balances[s] - start[s] for i in picks])
            for s, name in enumerate(session.players)], n


def hide_hands(snap: TableSnapshot) -> TableSnapshot:
    """The table with no hand face up (the hot-seat privacy screen is up)."""
    return replace(snap, hand=(), playable=frozenset(), revealed={})


def action_words(action: object, game: Rules) -> str:
    """An action of ``game`` in words for a hint ("play 7♠", "play 10♠ with the ♦A", the
    game's special card by name; "claim the pool")."""
    match action:
        case Play(card=c, spin=True):
            return f"play {card_label(c)} with the {game.special_name()}"
        case Play(card=c):
            return f"play {card_label(c)}"
        case Rob(card=c):
            return f"rob, discarding {card_label(c)}"
    name = type(action).__name__.lower()
    return {"decline": "keep your cards (do not rob)", "claim": "claim the pool",
            "jink": "jink for all five tricks"}.get(name, name)


def addressee(name: str, alone: bool) -> str:
    """How the table speaks to the player ``name`` at the screen: "you" when only one
    person plays here (``alone``), else by name (hot seat: everyone reads the screen)."""
    return "you" if alone else name


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def stake_prompt(who: str, low: int, high: int | None) -> str:
    """The staking panel's question to the dealer ``who`` ("you" or a name) (NM-5, PJ-21):
    "You deal: name the stake every player puts on the layout (4 to 20 counters)."."""
    deal = "deal" if who == "you" else "deals"
    bound = f"{low:,} or more" if high is None else f"{low:,} to {high:,}"
    return f"{_cap(who)} {deal}: name the stake every player puts on the layout " \
           f"({bound} counters)."


def split_prompt(who: str, total: int) -> str:
    """The staking panel's question to ``who`` ("you" or a name) spreading ``total``
    counters: "Spread your 4 counters over the layout." / "Ann, spread your 4 …"."""
    counters = "counter" if total == 1 else "counters"
    if who == "you":
        return f"Spread your {total:,} {counters} over the layout."
    return f"{who}, spread your {total:,} {counters} over the layout."


def table_snapshot(session: Session, bottom: int, *, thinking: bool = False,
                   last_play: tuple[int, int] | None = None,
                   words: list[str] | None = None) -> TableSnapshot:
    """What the table shows now from seat ``bottom``'s point of view (GEN-9): the played
    cards by suit for the stops games, the trick in the centre for trick games (``words``:
    the seats' words in its sentences, :func:`spoken`)."""
    if tricks_game(session.game):
        return snapshot_tricks(session, bottom, thinking=thinking, last_play=last_play,
                               words=words)
    return snapshot(session, bottom, thinking=thinking, last_play=last_play)


def first_dealer_words(how: str) -> str:
    """Why that seat deals first, in brackets with its leading space, or "" (GEN-2)."""
    return " (first Jack)" if how == "firstJack" else ""


def rob_question(turnup: int) -> tuple[str, str]:
    """The rob panel's question and the status line (SF-21, SF-22)."""
    label = card_label(turnup)
    return (f"Rob the {label}?\nClick or drag the card to discard,\nor keep your cards:",
            f"You may rob the {label}: choose a card to discard, or decline.")


def claim_question(pool: int) -> tuple[str, list[tuple[str, str]], str]:
    """The claim-or-jink panel (SF-31): question, buttons (key, label), status line."""
    return ("You won the first three tricks.",
            [("claim", f"Claim the pool ({pool})"), ("jink", "Jink: win all five")],
            "Claim the pool now, or jink for all five tricks.")


def spin_question(game: Rules) -> tuple[SpinCall, str]:
    """The Spin or Spinado choice: the call and what it does, from the game's declared
    special card (SP-2, SP-4, SN-8)."""
    spin = spin_call(game)
    call = spin.call
    if getattr(game, "special_kind", "") == SPECIAL_SPINADO:
        return spin, (f"Each other player pays you for the {call}, the sequence stops, and "
                      "you lead next.")
    return spin, ("The sequence stops at this card, and you lead next: you may lead any "
                  "pay card you hold.")


def deal_summary(session: Session, words: list[str] | None = None, *, reveal: bool = True,
                 people: int = 1, person: int | None = None) -> DealSummary:
    """The end of the deal in ``session`` (its current deal is over), as the summary shows
    it: every hand and the stock for the stops games; in trick games only the tricks won,
    for unplayed cards stay hidden (GEN-9). ``words`` names the seats as the table says
    them; ``reveal`` is the Settings' Spoil Five choice; ``people`` counts the people at the
    screen and ``person`` is the seat of the one there (deal again offers the others)."""
    deal = session.deal
    assert deal is not None
    settlement = deal.settlement()
    assert settlement is not None
    tricks = tricks_game(session.game)
    history, span = balance_history(session)
    return DealSummary(
        names=list(session.players), winner=deal.winner, dealer=deal.dealer,
        hands_left=[[] if tricks else list(cards_in(h)) for h in deal.hands],
        stock=[] if tricks else list(cards_in(deal.stock)),
        lines=summary_lines(session, session.deal_events, words),
        deltas=list(settlement.deltas), balances=list(session.balances),
        pools=list(zip(pool_labels(session.game), session.pools, strict=True)),
        last_deal=session.complete,
        tricks=list(getattr(deal, "tricks_won", ())) if tricks else None,
        history=history, history_span=span, **_fingerprint_fields(session, reveal, people),
        practice=session.practice,
        deal_again=not session.practice and people == 1 and deal_again_offered(
            True, descriptor(session.game.name).family, people, reveal),
        person=person if people == 1 else None)


def split_line(session: Session) -> str:
    """The end-of-session split of the pools left (GEN-6) in words, for the standings:
    "The 7 counters left in the pools were shared out: Ann +3, Ben +2, Cat +2." (the
    eldest hand first takes what does not divide evenly), or "" when nothing was split."""
    if not session.complete:
        return ""
    final, _pools = session.final_accounts()
    shares = [final[s] - session.balances[s] for s in range(session.n)]
    total = sum(shares)
    if total <= 0:
        return ""
    who = ", ".join(f"{name} +{n}" for name, n in zip(session.players, shares, strict=True))
    counters = "counter" if total == 1 else "counters"
    return f"The {total} {counters} left in the pools were shared out: {who}."


def _fingerprint_fields(session: Session, reveal: bool, people: int) -> dict[str, object]:
    """The finished deal's fingerprint for the summary: its hash, and its salt and the exact
    text that was hashed (every card as dealt) when the rules let the cards be shown after
    the deal (GEN-9: always in the stops games; Spoil Five only with ``reveal`` and one
    person). Otherwise the salt is ``None``: with it, the hash would give the unplayed
    cards away to anyone who tries the few deals left."""
    fp = session.fingerprint
    if fp is None:
        return {}
    log = session.logs[-1]
    shown = not tricks_game(session.game) or (reveal and people <= 1)
    if not shown:  # the salt would let the unplayed cards be worked out from the hash
        return {"fingerprint": (None, fp.sha256), "fingerprint_text": ""}
    text = hashed_text(fp.salt, log.hands, log.stock, log.turnup)
    return {"fingerprint": (fp.salt, fp.sha256), "fingerprint_text": text}


def practice_line(name: str, word: str) -> str:
    """The line that opens a practice deal from ``name``'s seat (``word``: "You" when it
    is the person's own)."""
    return (f"Practice deal: the same cards, now from {name}'s seat. It counts in no "
            "statistics and is not saved.")


_RULE_ID = re.compile(r"\s*\((?:[A-Z]{2,4}(?:-[A-Z])?-\d+(?:,\s*)?)+\)")


def plain_words(sentence: str) -> str:
    """``sentence`` without its rule ids in brackets ("… stops (STOP-7); …" → "… stops;
    …"): the rules browser explains the rules in words."""
    return _RULE_ID.sub("", sentence)


#: The events whose reason the table gives in the status line (issue: "Why, in words").
_WHY = (Stopped, PoolTaken, TrickWon)


def why_lines(before: object, words: list[str], events: list[Event]) -> list[str]:
    """The engine's one-sentence reason for each stop, pool taken and trick won among
    ``events`` (an action applied to the deal state ``before``), in plain words."""
    picked = [e for e in events if isinstance(e, _WHY) and getattr(e, "amount", 1)]
    if not picked:
        return []
    scene = scene_before(before, words, events)  # type: ignore[arg-type]
    return [plain_words(explain(e, scene)) for e in picked]


#: What the coach says while the others play (its advice was for the decision just made).
COACH_WAITS = "The coach will speak at your next decision in this deal."


def coach_lines(session: Session, seat: int, you_alone: bool = True) -> list[str]:
    """What the coach says at ``seat``'s pending decision: what the rules allow there and
    why, from the engine (its reasons for the cards it refuses, in plain words), with the
    legal cards named (they are also raised on the table)."""
    deal = session.deal
    d = None if deal is None else deal.decision()
    if d is None or d.seat != seat:
        return []
    if isinstance(d, StakeChoice):
        bound = f"{d.low:,} or more" if d.high is None else f"{d.low:,} to {d.high:,}"
        return [f"You deal, so you name the stake ({bound} counters) that every player "
                "spreads over the pools. Stakes are made before anyone sees the cards."]
    if isinstance(d, SplitChoice):
        return [f"Spread your {d.total:,} counters over the pools as you like: each pool is "
                "won by the player who plays its card, or carried to the next deal. The "
                "proposed split is the usual one."]
    assert isinstance(d, PlayChoice)
    lines = [lead_hint(session, seat) + "."] if lead_hint(session, seat) else []
    cards = [a.card for a in d.actions if isinstance(a, Play | Rob)]
    others = {type(a).__name__ for a in d.actions if not isinstance(a, Play | Rob)}
    if "Decline" in others:
        lines.append("You may rob: click the card to throw away for the turned-up trump, or "
                     "keep your cards (Decline).")
    if "Claim" in others:
        lines.append("Claim takes the pool now; a jink plays on for all five tricks: win "
                     "them all and the jink pays, lose one and you win nothing.")
    if cards:
        names = ", ".join(card_label(c) for c in sorted(set(cards)))
        lines.append(f"You may play: {names}.")
        held = set(cards_in(deal.hands[seat]))
        reasons: list[str] = []
        for c in sorted(held - set(cards)):
            why = deal.explain_illegal(Play(seat, c))
            if why and plain_words(why) not in reasons:
                reasons.append(plain_words(why))
            if len(reasons) == 2:
                break
        lines += [f"Why not your other cards: {r}." if i == 0 else f"And: {r}."
                  for i, r in enumerate(reasons)]
    return [line for line in lines if line]


# ---- review of a deal (issue 18, points 1 and 2) --------------------------------------------


def _review_turnup(obs: Observation) -> int | None:
    """The turn-up in view in ``obs`` (none while the stakes are made)."""
    return None if obs.phase == "staking" else getattr(obs, "turnup", None)


def discard_drawn(review: DealReview, shown: ShownTable) -> int | None:
    """Spoil Five's rob discard where a review draws it: after the rob, when
    :func:`gamecore.review.shown_table` may show it (after the deal, GEN-9) and the view is
    the whole table or the robber's own; else ``None``."""
    if shown.discard is None or review.robbed is None:
        return None
    if shown.viewpoint is not None and shown.viewpoint != review.robbed[0]:
        return None
    robbed_at = next((s.index for s in review.steps if isinstance(s.action, Rob)), None)
    return shown.discard if robbed_at is not None and shown.step > robbed_at else None


def review_snapshot(review: DealReview, shown: ShownTable, bottom: int,
                    words: list[str] | None = None, *, legal_shown: bool = True
                    ) -> TableSnapshot:
    """The table at step ``shown.step`` of ``review`` with seat ``bottom`` at the bottom,
    drawing exactly the cards ``shown`` (:func:`gamecore.review.shown_table`) lets be face
    up: each seat's hand (the bottom seat's as its hand, the others' as face-up fans), the
    stock of a stops game when it is shown, and what is public at that step (the played
    cards by suit, or Spoil Five's trick, last trick and turn-up), read from the engine's
    observation. Spoil Five's undealt pack is never drawn face up (it takes no part in
    the play; :func:`review_step_text` lists it when it may be shown); its rob discard is
    drawn beside the pack where :func:`discard_drawn` says. ``legal_shown``: the acting
    seat's legal cards are raised when it is the bottom seat (``False`` where its choices
    may not be shown). ``words``: the seats' words in sentences (:func:`spoken`)."""
    k = shown.step
    game = review.game
    state = review.state(k)
    obs: Any = review.observation(k, bottom)  # public facts only: played, tricks, turn-up
    step = review.steps[k]
    n = len(review.players)
    tricks = tricks_game(game)
    turnup = _review_turnup(obs)
    seats = tuple(
        SeatView(review.players[s], step.balances[s], shown.hands[s].bit_count()
                 + shown.backs[s], acting=step.seat == s, dealer=s == review.dealer,
                 winner=state.over and state.winner == s,
                 tricks=obs.tricks_won[s] if tricks else None)
        for s in range(n))
    order = ((lambda cs: trick_display_order(cs, obs.trump)) if tricks
             else (lambda cs: display_order(cs, game.ace_high)))
    hand = tuple(order(cards_in(shown.hands[bottom])))
    revealed = {s: tuple(order(cards_in(shown.hands[s]))) for s in range(n)
                if s != bottom and shown.hands[s]}
    playable: frozenset[int] = frozenset()
    if legal_shown and step.seat == bottom:
        playable = frozenset(a.card for a in step.legal_actions
                             if isinstance(a, Play | Rob)) & frozenset(hand)
    last_play = next(((e.seat, e.card) for e in reversed(step.events)
                      if isinstance(e, Played)), None)
    if tricks:
        o = obs
        last = o.tricks[-1] if o.tricks else None
        note = f"Trumps: {SUIT_NAMES[o.trump]}"
        if o.robbed_by is not None:
            who = (words or list(review.players))[o.robbed_by]
            note = f"{note}\n{card_label(o.turnup)} robbed by {_obj(who)}"
        up = None if o.robbed_by is not None else o.turnup
        discard = discard_drawn(review, shown)
        eff = EFFECTIVE[o.trump]
        return TableSnapshot(
            seats=seats, bottom=bottom, hand=hand, playable=playable,
            card_notes={c: "trump" for c in range(52) if eff[c] == TRUMP},
            pools=(PoolView("Pool", None, step.pools[0]),), last_play=last_play,
            turnup=up, stock_count=state.stock.bit_count() + (1 if up is not None else 0),
            stock_cards=() if discard is None else (discard,), stock_name="Pack",
            mode="tricks", trick=o.trick, last_trick=last.cards if last else (),
            trick_reason=last_trick_line(words or list(review.players), o.trump, last.cards,
                                         last.seat) if last else "",
            trump_note=note, revealed=revealed)
    history: Any = getattr(obs, "history", ())
    cards_played = [p.card for p in history] + [game.special_card for p in history if p.spin]
    played = tuple((c, SUIT_DISPLAY.index(suit_of(c)), rank_position(c, game.ace_high))
                   for c in cards_played)
    pools = pool_views(game, list(step.pools), turnup)
    stock_count = 0 if obs.phase == "staking" else state.stock.bit_count()
    stock_cards: tuple[int, ...] = ()
    whole_stock = shown.stock_backs == 0 and shown.stock != 0 and shown.stock == state.stock
    if whole_stock and shown.viewpoint is None:
        # The whole stock face up (after the deal, GEN-9), the turn-up among its cards.
        stock_cards, stock_count, turnup = tuple(display_order(cards_in(shown.stock),
                                                               game.ace_high)), 0, None
    elif turnup is not None and not shown.stock >> turnup & 1:
        turnup = None
    notes = {pv.card: f"the {pv.label} card" if pv.label[:1] in SUIT_SYMBOLS
             else f"the {pv.label} layout card" for pv in pools if pv.card is not None}
    return TableSnapshot(
        seats=seats, bottom=bottom, hand=hand, playable=playable, played=played,
        card_notes=notes, row_labels=tuple(SUIT_SYMBOLS[s] for s in SUIT_DISPLAY),
        stock_count=stock_count, stock_cards=stock_cards, revealed=revealed, pools=pools,
        last_play=last_play, turnup=turnup, stock_name=stock_name(game),
        board="round" if len(pools) > 6 else "row")


@dataclass(frozen=True)
class StepText:
    """The words beside a reviewed step (:func:`review_step_text`), each a line or ``""``:
    ``heading`` ("Step 5 of 37"), ``turn`` (who acts, or how the deal stands), ``choices``
    (the legal choices there, or why they are not shown), ``taken`` (the action taken
    there), ``why`` (one sentence per event that led to the step, from
    :mod:`gamecore.explain`), ``counters`` (who gained or lost counters in that step),
    ``calls`` (the table's calls for those events), ``log`` (the last few public events up
    to the step, as the table's log shows them), ``notes`` (what stays hidden, and the
    undealt Spoil Five pack when it may be shown)."""

    heading: str
    turn: str
    choices: str
    taken: str
    why: tuple[str, ...]
    counters: str
    calls: tuple[str, ...]
    log: tuple[str, ...]
    notes: tuple[str, ...]


def choices_shown(shown: ShownTable, step: Step) -> bool:
    """Whether a review may name the legal choices at ``step``: always for stakes, splits,
    claims and jinks (public); for card choices only when the acting seat's whole hand is
    face up in ``shown`` (legality would tell something of hidden cards)."""
    if step.seat is None:
        return False
    if not any(isinstance(a, Play | Rob) for a in step.legal_actions):
        return True
    return shown.backs[step.seat] == 0


def _action_text(action: Action, obs: Observation, game: Rules, labels: list[str],
                 hidden: bool) -> str:
    """An action in the review's words; a rob's discard unnamed when ``hidden``."""
    if isinstance(action, NameStake):
        return f"a stake of {action.amount:,}"
    if isinstance(action, Split):
        parts = [f"{n:,} on {labels[p]}" for p, n in enumerate(action.amounts) if n]
        return "put " + ", ".join(parts) if parts else "put nothing on the layout"
    if isinstance(action, Rob) and hidden:
        return "rob (discarding one card face down)"
    return playcheck_words(action, obs, game)


def _possessive(name: str) -> str:
    """"Ben's", "your" (for the person)."""
    return "your" if name == "You" else f"{name}'s"


def _signed(name: str, n: int) -> str:
    return f"{name} {n:+,}".replace("-", "−")


def review_step_text(review: DealReview, shown: ShownTable, words: list[str]) -> StepText:
    """The words beside step ``shown.step`` of ``review`` under the rule ``shown`` was made
    with (``words``: the seats' words, :func:`spoken`). Names only what the shown table
    may show: legal card choices only where :func:`choices_shown`, a rob's discard only
    where :func:`discard_drawn` (or to the robber's own view), the stock in the sentences
    only when a stops deal's whole table is shown after it (GEN-9)."""
    k, game = shown.step, review.game
    step = review.steps[k]
    state = review.state(k)
    labels = pool_labels(game)
    names = list(words)
    heading = f"Step {k} of {review.last}" + (": as dealt" if k == 0 else "")
    # the turn, or how the deal stands
    d = step.decision
    if d is None and state.over:
        turn = ("The deal is over: " + (f"{names[state.winner]} won it." if state.winner
                                          is not None else "spoiled, nobody won it."))
    elif d is None:
        turn = "The deal is not decided here."
    else:
        who = names[d.seat]
        if isinstance(d, StakeChoice):
            turn = f"{who} {_v(who, 'names')} the stake."
        elif isinstance(d, SplitChoice):
            verb = "spread" if who == "You" else "spreads"
            turn = f"{who} {verb} {d.total:,} counters over the layout."
        else:
            # "the only legal choice" tells of the hand: said only where its cards are shown
            only = step.forced and choices_shown(shown, step)
            turn = f"{who} to play" + (" (the only legal choice)." if only else ".")
        if step.action is None:
            turn += " The record stops here."
    # the choices, and the action taken
    choices = taken = ""
    if d is not None:
        acting_obs = review.observation(k, d.seat)
        if isinstance(d, StakeChoice):
            bound = f"{d.low:,} or more" if d.high is None else f"{d.low:,} to {d.high:,}"
            choices = f"Choices: a stake of {bound}."
        elif isinstance(d, SplitChoice):
            choices = f"Choices: any spread of {d.total:,} counters over the pools."
        elif choices_shown(shown, step):
            choices = "Choices: " + ", ".join(
                playcheck_words(a, acting_obs, game) for a in step.legal_actions) + "."
        elif shown.viewpoint is not None:
            viewer = names[shown.viewpoint]
            choices = (f"Choices not shown: {viewer} could not see "
                       f"{_possessive(names[d.seat])} cards.")
        else:
            choices = f"Choices not shown: {names[d.seat]} held cards that stay hidden."
        if step.action is not None:
            # a rob's discard is named to the robber's own view, or after the deal
            own = shown.viewpoint == d.seat or (shown.viewpoint is None
                                                and shown.discard is not None)
            taken = "Taken: " + _action_text(step.action, acting_obs, game, labels, not own) + "."
    # why, in words (the stock named only when the whole stops table is shown)
    show_stock = (review.finished and game.family == STOPS and shown.viewpoint is None
                  and shown.stock == state.stock)
    why: tuple[str, ...] = ()
    if step.events:
        scene = scene_before(review.state(max(k - 1, 0)), names, show_stock=show_stock)
        why = tuple(explain_events(step.events, scene))
    # counters moved in this step
    counters = ""
    if k > 0:
        before = review.steps[k - 1]
        moved = [_signed(names[s], b - a) for s, (a, b) in
                 enumerate(zip(before.balances, step.balances, strict=True)) if a != b]
        moved += [_signed(f"{labels[p]} pool" if labels[p] != "Pool" else "the pool", b - a)
                  for p, (a, b) in enumerate(zip(before.pools, step.pools, strict=True))
                  if a != b]
        counters = ("Counters: " + ", ".join(moved) + ".") if moved else ""
    # the table's calls and log
    spin = spin_call(game)
    prev = review.state(max(k - 1, 0))
    seen = Seen(int(getattr(prev, "played", 0) or 0),
                _review_turnup(prev.observation(prev.dealer)))
    calls = tuple(c for e in step.events
                  if (c := announcement(e, names, labels, spin, seen)) is not None)
    log: list[str] = []
    for s in review.steps[max(0, k - 8):k + 1]:
        log += [line for e in s.events
                if (line := log_line(e, names, labels, spin)) is not None]
    # what stays hidden
    notes: list[str] = []
    if shown.viewpoint is not None:
        viewer = names[shown.viewpoint]
        when = "" if review.finished else " (the deal is not over)"
        notes.append(f"As {_obj(viewer)} saw it at this step{when}: {_possessive(viewer)} "
                     "own hand and what was public (GEN-9).")
    elif sum(shown.backs) and state.phase != "staking":
        notes.append("Face-down cards stay hidden: they were never played (GEN-9).")
    if game.family != STOPS and shown.viewpoint is None and shown.stock:
        notes.append("The undealt pack: " + " ".join(
            card_label(c) for c in display_order(cards_in(shown.stock), True)) + ".")
    return StepText(heading, turn, choices, taken, why, counters, calls, tuple(log[-4:]),
                    tuple(notes))


def first_review_deal(session: Session) -> int:
    """The deal a review opens on when none is asked for (``parlour review FILE``): the
    session's first finished deal, else its last deal (from 1). Raises ``IndexError`` for a
    session with no deal."""
    if not session.logs:
        raise IndexError("the record holds no deal")
    return next((i for i, log in enumerate(session.logs, start=1) if log.finished),
                len(session.logs))
