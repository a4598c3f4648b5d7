"""A saved game read back: its record replayed with its journal's good moves, the part before
the first fault of a record that stops replaying, and the words of the notices that say what
was kept (players by name, cards as the table shows them)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gamecore.cards import card_label, parse_card
from gamecore.errors import ParlourError, RecordError
from gamecore.explain import possessive
from gamecore.limits import short_message
from gamecore.match import Session
from gamecore.options import specs
from gamecore.record import Record, read_record, replay_salvaged
from gui.store.journal import journal_actions, replay_journal


@dataclass(frozen=True)
class Replayed:
    """A saved game read back (:func:`replay_checked`): the ``session``; ``kept``, how many
    of the journal's actions were used, and ``journal_fault``, what is wrong with the
    journal if anything; ``record_fault``: what is wrong with the record itself when it
    replayed only up to a fault (the session then stops just before it, and the journal,
    written after the whole record, is not used); ``record_kept``, how many of the faulty
    deal's actions, as the record writes them, were kept."""

    session: Session
    kept: int = 0
    journal_fault: str | None = None
    record_fault: str | None = None
    record_kept: int = 0


def replay_checked(path: Path) -> Replayed:
    """Read and replay the record at ``path`` with its journal's actions; a record that
    cannot be read at all is a :class:`ParlourError`. The journal's actions are replayed
    up to the first one that cannot be read or that the game refuses. A record that reads
    but stops replaying at a fault gives back the part before it
    (:func:`gamecore.record.replay_salvaged`) when that holds a deal; otherwise its fault
    is raised."""
    try:
        record = read_record(path, salvage=True)
        if record.fault is not None:  # a deal's cards damaged: the deals before it (the
            return _salvaged(record, RecordError(record.fault))  # journal's are later moves)
        extra, fault = journal_actions(path, record)
        try:
            session, kept, refused = replay_journal(record, extra)
        except RecordError as e:
            return _salvaged(record, e)
        journal_fault = fault if refused is None else refused
        if journal_fault is not None:
            journal_fault = named(journal_fault, session.players)
        return Replayed(session, kept, journal_fault)
    except RecordError as e:  # in words for people, not the format's keys
        raise RecordError(plain_fault(str(e))) from None
    except ParlourError:
        raise
    except Exception as e:  # noqa: BLE001 - a fault the reader does not name: still one line
        raise ParlourError(f"the file cannot be read ({type(e).__name__})") from None


def _salvaged(record: Record, error: RecordError) -> Replayed:
    """The good part of ``record``, which ``error`` stopped
    (:func:`gamecore.record.replay_salvaged`); ``error`` raised when that holds no deal."""
    salvaged = replay_salvaged(record)
    if salvaged is None or not salvaged.session.logs:
        raise error
    players = salvaged.session.players
    fault_words = named(plain_fault(short_message(salvaged.fault), players), players)
    return Replayed(salvaged.session, record_fault=fault_words, record_kept=salvaged.actions)


#: The reader's words for a file that is no game record at all, and for people.
_NOT_A_GAME = (
    (re.compile(r'^format: (missing, so this is not a deal record|expected "parlour-record").*'),
     "it is not a Parlour game file"),
    (re.compile(r"^the file is not a deal record \(expected a JSON object\)$"),
     "it is not a Parlour game file"),
    (re.compile(r"^the file is not a deal record \(not UTF-8 text\)$"),
     "it is not a Parlour game file (it is not text)"),
    # broken at its very first character: never a record (every one begins with "{"); a
    # tester's unrelated text file was said to be "damaged"
    (re.compile(r"^the file is not valid JSON: [^:]*? at line 1, column 1$"),
     "it is not a Parlour game file"),
    (re.compile(r"^the file is not valid JSON: "), "the file is damaged: "),
    # the decoder's own words ("expecting property name enclosed in double quotes") say
    # nothing to a player: where the text breaks does
    (re.compile(r"^the file is damaged: (?!it ends)[a-z][^:]*? (at line \d+, column \d+)$"),
     r"the file is damaged: its text is broken \1"),
)  # fmt: skip
_HAND = re.compile(r"\bhands\[(\d+)\]")
_OPTION = re.compile(r"\b(?:options: )?([a-z]{2,5}\.[A-Za-z]+)\b")


def plain_fault(text: str, names: Sequence[str] | None = None) -> str:
    """A reader's fault ``text`` in words for people rather than the format's keys: a file
    that is no game record says so ("it is not a Parlour game file"), a file that is not
    JSON is "damaged", "hands[2]" is "Cat's hand" (``names``: the seats' names, when the
    file gave them) or "hand 3", and a house rule is named by its caption ("Counters at
    the start", not "gen.startCounters")."""
    for pattern, words in _NOT_A_GAME:
        text = pattern.sub(words, text)

    def hand(match: re.Match[str]) -> str:
        i = int(match.group(1))
        if names is not None and i < len(names):
            return f"{possessive(names[i])} hand"
        return f"hand {i + 1}"

    def option(match: re.Match[str]) -> str:
        spec = specs().get(match.group(1))
        return f'the house rule "{spec.caption}"' if spec and spec.caption else match.group(0)

    return _OPTION.sub(option, _HAND.sub(hand, text))


def named(text: str, names: Sequence[str]) -> str:
    """``text`` (an engine's message, which numbers the seats from 0 and cites rules by
    their ids) as a notice for people says it: each "seat N" by the player's name ("it is
    Ben's turn, not Ann's"; a player named "You" as "your turn", "You do not hold"; a name
    two players share with the seat counted from 1, "Ann (seat 3)"), without the rule ids
    ("(rotation, GEN-3)" → "(rotation)"), and cards as the table shows them ("5♥"), but
    in a move quoted as the file writes it."""

    def name(match: re.Match[str]) -> str:
        n = int(match.group(1))
        if n >= len(names):
            return match.group(0)
        who = names[n]
        if names.count(who) > 1:
            who = f"{who} (seat {n + 1})"
        if match.group(2):  # "your turn", but "not yours"
            rest = match.string[match.end() : match.end() + 2]
            owned = possessive(who)
            return owned + ("s" if who == "You" and not rest[1:].isalpha() else "")
        return who + (" do" if who == "You" and match.group(3) else match.group(3) or "")

    said = re.sub(r"\bseat (\d+)(?:('s)|( does)\b)?", name, text)
    said = re.sub(r",? ?\b[A-Z]{2,5}-\d+\b", "", said)  # rule ids
    said = said.replace(" ()", "").replace("()", "")
    # cards as the table shows them (5♥), except in a move quoted as the file writes it
    parts = said.split('"')
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(
            r"\b(?:10|[2-9JQKA])[SHDC]\b", lambda m: card_label(parse_card(m.group(0))), parts[i]
        )
    return '"'.join(parts)


def salvage_words(session: Session, written: int | None = None) -> str:
    """What a damaged record's good part holds, for a notice: "deals 1 to 36 and the first
    11 moves of deal 37". ``written``: the moves of the last deal counted as the record
    writes them (:attr:`Replayed.record_kept`), so that they agree with the fault's "action
    12" when the record leaves the staking out; ``None``: the session's own count."""
    logs = session.logs
    going = bool(logs) and not logs[-1].finished
    done = len(logs) - 1 if going else len(logs)
    parts = []
    if done:
        parts.append({1: "deal 1", 2: "deals 1 and 2"}.get(done, f"deals 1 to {done}"))
    if going:
        k = len(logs)
        moves = len(logs[-1].actions) if written is None else written
        if moves == 0:
            parts.append(f"deal {k} as it was dealt")
        else:
            first = "move" if moves == 1 else f"{moves} moves"
            parts.append(f"the first {first} of deal {k}")
    return (", and " if " and " in parts[0] else " and ").join(parts)


def kept_words(kept: int, session: Session) -> str:
    """Words for a notice on how far a damaged journal's ``kept`` moves take ``session`` (as
    replayed with them): "the game goes on after the first 2 of its moves (5 moves into
    deal 1)". The journal's own count agrees with the fault's "line 4" or "its move 3";
    the deal's is the one a player counts (a tester read "2" as two moves of the deal)."""
    if kept == 0:
        return "none of its moves were used; the game goes on from the saved record"
    first = "first" if kept == 1 else f"first {kept}"
    logs = session.logs
    if not logs:
        return f"the game goes on after the {first} of its moves"
    deal, moves = len(logs), len(logs[-1].actions)
    if logs[-1].finished:
        where = f"at the end of deal {deal}"
    else:
        where = f"{moves} move{'' if moves == 1 else 's'} into deal {deal}"
    return f"the game goes on after the {first} of its moves ({where})"
