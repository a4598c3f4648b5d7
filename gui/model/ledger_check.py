"""The ledger check (issue 24): is what the table tells the person about their counters
right? Run as ``python -m gui.model.ledger_check --deals 50``.

For every registered game and profile (the registry's New Game entries, so a new game is
checked without a line here), whole sessions of at least ``--deals`` deals in all are played
with the rule-based computer player in every seat, the person's included, from 2 players
to the game's most. The check reads back the text the person is shown, as strings: the
table log's lines for each action (:func:`gui.model.ledger.action_lines`, as the controller
says them) and the deal summary's lines (:func:`gui.model.dealsummary.deal_summary`), and at
the end of a session the split of the pools left. It takes each sentence's amount of the
person's counters and any card count it states, and requires, deal by deal, that the
log's amounts and the summary's amounts each add up to the person's balance change in the
deal, that the end-of-session split said matches the split made (GEN-6), and that every
stated card count matches the hand it speaks of. Summing the engine's events would always
balance: the point is that what is *said* is right.

It also reports the share of deals in which the person had at least one decision with a
choice (a stake, a split, a card, a rob, a claim or a jink), and at least one choice of
card. No Qt: the words are the model's.
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamecore.decisions import PlayChoice, has_choice
from gamecore.games import GameDescriptor, entries, make_game
from gamecore.interface import Rules
from gamecore.match import Session, first_dealer
from gamecore.registry import player_for
from gui.model import dealsummary, ledger
from gui.model.setup import COMPUTER_NAMES
from gui.model.tablewords import spoken

#: The person's name on the plate; the sentences call them "You".
PERSON = "Ann"


@dataclass
class Figures:
    """What the check found for one game and profile (``label``): ``deals`` checked,
    ``wrong`` deals whose text does not add up, ``decided`` deals in which the person had
    a decision with a choice, ``carded`` those with a choice of card, ``problems`` (one
    line per fault found, with its deal)."""

    label: str
    deals: int = 0
    wrong: int = 0
    decided: int = 0
    carded: int = 0
    problems: list[str] = field(default_factory=list)


class Reader:
    """Reads the person's counters out of the table's sentences, as a person would.

    ``words``: the seats' words ("You" for the person, at seat ``person``); ``names``: the
    players' names (the standings name everyone).
    """

    def __init__(self, words: Sequence[str], names: Sequence[str], person: int) -> None:
        self.words, self.person = list(words), person
        self.name = names[person]
        others = "|".join(
            re.escape(w)
            for i, w in sorted(enumerate(words), key=lambda x: -len(x[1]))
            if i != person
        )
        you = re.escape(words[person])
        self.moves = [
            (re.compile(rf"^{you} (?:put|pay|paid) (?:(?:{others}) )?(\d+)\b"), -1),
            (re.compile(rf"^{you} (?:take|took) (?:the )?[^():]*?(?:\((\d+)\)|: (\d+)$)"), 1),
            (re.compile(rf"^(?:{others}) (?:pays|paid) you (\d+)\b"), 1),
        ]
        # "3 of the 7 counters", "none of the 7 counters", "the 7 counters" (all of them)
        self.split = re.compile(rf"^{you} (?:get|gets) (?:(\d+|none) of )?the (\d+) counters?\b")
        #: "You paid nothing for 3 cards left in hand: …" (the Pope excuses, PJ-C-7)
        self.nothing = re.compile(rf"^{you} (?:pay|paid) nothing\b")
        self.standings = re.compile(rf"shared out: .*\b{re.escape(self.name)} \+(\d+)\b")
        self.money = re.compile(r"\b(?:pay|pays|paid|put|puts|take|takes|took|get|gets)\b")
        self.about = re.compile(r"\b(?:you|your)\b", re.IGNORECASE)
        self.claim = re.compile(r"(\d+) cards? (?:left|in hand)")
        words_re = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
        self.subject = re.compile(rf"^({words_re})\b")

    def amount(self, line: str) -> int | None:
        """The person's counters ``line`` moves (+ received, − paid), 0 for a line that
        moves none of theirs; ``None`` for a line that seems to speak of their counters
        but cannot be read (it counts as wrong)."""
        if self.nothing.search(line):
            return 0
        for pattern, sign in self.moves:
            m = pattern.search(line)
            if m:
                return sign * int(next(g for g in m.groups() if g is not None))
        if self.split.search(line):
            return 0  # the split is read on its own (:meth:`split_share`)
        if self.about.search(line) and self.money.search(line) and re.search(r"\d", line):
            return None
        return 0

    def split_share(self, line: str) -> tuple[int, int] | None:
        """The person's share of the split and the counters shared out in all, from a
        sentence that says them ("You get 3 of the 7 counters …", "none of the 7", "the 7
        counters"), else ``None``."""
        m = self.split.search(line)
        if m is None:
            return None
        share, total = m.group(1), int(m.group(2))
        if share is None:  # all of them
            return total, total
        return (0 if share == "none" else int(share)), total

    def card_claims(self, line: str) -> list[tuple[int, int]]:
        """Each card count ``line`` states of a hand ("5 cards left in hand"), as
        ``(seat, cards)``: the hand of the seat the sentence begins with."""
        counts = [int(m.group(1)) for m in self.claim.finditer(line)]
        if not counts:
            return []
        m = self.subject.search(line)
        seat = -1 if m is None else self.words.index(m.group(1))
        return [(seat, k) for k in counts]


@dataclass
class DealText:
    """One deal as the person was told it: ``log`` (the log's lines), the summary's lines
    (``summary``: its ledger, its other lines, its no-choice note), ``standings`` (the
    split line of the final standings, or ""), and what the deal asked of the person:
    ``decided`` (a decision with a choice), ``carded`` (a choice of card); ``balance``,
    the person's balance the summary shows (``None``: not known, not checked)."""

    log: list[str]
    summary: list[str]
    standings: str
    decided: bool
    carded: bool
    balance: int | None = None


def play_deal(
    session: Session, agents: Sequence[Any], words: list[str], person: int, rng: random.Random
) -> DealText:
    """Deal and play the next deal of ``session`` with ``agents`` (one per seat), and
    gather the text the person at ``person`` is shown for it."""
    game = session.game
    session.start_deal_seeded(rng.randrange(1 << 62))
    deal = session.deal
    assert deal is not None
    log = ledger.start_lines(session, words, [person])
    decided = carded = False
    while session.deal_in_progress:
        d = deal.decision()
        assert d is not None
        if d.seat == person and has_choice(d):
            decided = True
            carded = carded or isinstance(d, PlayChoice)
        action = agents[d.seat].choose(game, deal.observation(d.seat), rng)
        before = deal.clone()
        events = session.apply(action)
        log += ledger.action_lines(session, before, action, events, words, [person])
    log += ledger.split_lines(session, words, [person])
    summary = dealsummary.deal_summary(session, words, people=1, person=person)
    said = [*summary.ledger, *summary.lines, summary.no_choice]
    standings = dealsummary.split_line(session)
    balance = summary.balances[person]
    return DealText(log, [t for t in said if t], standings, decided, carded, balance)


def faults(session: Session, text: DealText, reader: Reader) -> list[str]:
    """Where ``text`` (the deal just over in ``session``) is wrong about the person's
    counters or a hand's cards: an empty list when it adds up."""
    deal = session.deal
    assert deal is not None and deal.settlement() is not None
    person = reader.person
    delta = deal.balances[person] - deal.opening_balances[person]
    out = []
    for where, lines in (("log", text.log), ("summary", text.summary)):
        amounts = [reader.amount(line) for line in lines]
        unread = [line for line, n in zip(lines, amounts, strict=True) if n is None]
        out += [f"{where}: cannot read {line!r}" for line in unread]
        said = sum(n for n in amounts if n is not None)
        if said != delta:
            out.append(f"{where}: says {said:+d}, the balance changed {delta:+d}")
        for line in lines:
            for seat, k in reader.card_claims(line):
                held = deal.hands[seat].bit_count() if seat >= 0 else None
                if held != k:
                    out.append(f"{where}: {line!r} says {k} cards, the hand holds {held}")
    return out + _split_faults(session, text, reader)


def _split_faults(session: Session, text: DealText, reader: Reader) -> list[str]:
    """The end-of-session split (GEN-6) as said in the log, the summary and the final
    standings, against the split made; and the summary's balance against the plates'."""
    shares, total = ledger.split_shares(session)
    person = reader.person
    out = []
    final = session.final_accounts()[0][person]
    if text.balance is not None and text.balance != final:
        out.append(f"summary: balance {text.balance}, the plate shows {final}")
    for where, lines in (("log", text.log), ("summary", text.summary)):
        said = [s for s in map(reader.split_share, lines) if s is not None]
        expected = [(shares[person], total)] if total > 0 else []
        if said != expected:
            out.append(f"{where}: the split said {said}, made {expected}")
    m = reader.standings.search(text.standings)
    standing = int(m.group(1)) if m else 0
    if standing != shares[person]:
        out.append(f"standings: the split gives {standing}, made {shares[person]}")
    return out


def check_game(game: Rules, label: str, deals: int, seed: int = 1) -> Figures:
    """Play whole sessions of ``game`` until at least ``deals`` deals are checked (the
    seats from the fewest to the most, the person in a random seat) and return the
    figures, labelled ``label``."""
    rng = random.Random(f"{label}/{seed}")
    figures = Figures(label)
    sizes = itertools.cycle(range(game.min_players, game.max_players + 1))
    while figures.deals < deals:
        n = next(sizes)
        person = rng.randrange(n)
        names = [*COMPUTER_NAMES, *(f"Player {i}" for i in range(11, n + 1))][: n - 1]
        names.insert(person, PERSON)
        session = Session(game, names, first_dealer(game, n, rng))
        words = spoken(session.players, [person])
        reader = Reader(words, session.players, person)
        make = player_for(game)
        agents = [make() for _ in range(n)]
        while not session.complete:
            text = play_deal(session, agents, words, person, rng)
            figures.deals += 1
            figures.decided += text.decided
            figures.carded += text.carded
            found = faults(session, text, reader)
            if found:
                figures.wrong += 1
                figures.problems += [f"deal {figures.deals} ({n} players): {f}" for f in found]
    return figures


def check_entry(desc: GameDescriptor, label: str, profile: str | None, deals: int) -> Figures:
    """:func:`check_game` for one New Game entry (the game with its profile's options)."""
    options = {} if profile is None or desc.profile_key is None else {desc.profile_key: profile}
    return check_game(make_game(desc.name, options), label, deals)


def report(all_figures: Sequence[Figures]) -> str:
    """The figures as a table, one line per game and profile, and the total."""
    w = max([4, *(len(f.label) for f in all_figures)])
    rows = [
        f"{'game':<{w}}  deals  not adding up  with a decision  with a card choice",
        *(
            f"{f.label:<{w}}  {f.deals:>5}  {f.wrong:>13}  {f.decided / f.deals:>15.0%}  "
            f"{f.carded / f.deals:>18.0%}"
            for f in all_figures
        ),
    ]
    deals = sum(f.deals for f in all_figures)
    wrong = sum(f.wrong for f in all_figures)
    rows.append(f"{deals} deals checked, {wrong} do not add up.")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    """The command: check every game and profile; exit status 1 if a deal does not add
    up."""
    parser = argparse.ArgumentParser(
        prog="python -m gui.model.ledger_check", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--deals", type=int, default=50, help="deals per game and profile, at least"
    )
    parser.add_argument("--game", help="only this game (its record name)")
    args = parser.parse_args(argv)
    found = []
    for desc, entry in entries():
        if args.game and desc.name != args.game:
            continue
        figures = check_entry(desc, entry.label, entry.profile, args.deals)
        found.append(figures)
        for line in figures.problems[:10]:
            print(f"{figures.label}: {line}")
    print(report(found))
    return 1 if any(f.wrong for f in found) else 0


if __name__ == "__main__":
    sys.exit(main())
