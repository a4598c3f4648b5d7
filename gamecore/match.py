"""A session (match): seats, dealers, deals, counters and pools (GEN-1 … GEN-10).

:class:`Session` is what the table drives from deal to deal. It owns the current
:class:`~gamecore.stops.deal.StopsDeal`, keeps the log from which the deal record is written,
and applies the whole-rounds, no-debt and end-of-session rules.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from gamecore.actions import Action, format_action, parse_action
from gamecore.cards import JACK, cards_in, mask_of, rank_of
from gamecore.decisions import Decision, PlayChoice
from gamecore.errors import IllegalAction
from gamecore.events import Event
from gamecore.fingerprint import SALT_RE, Fingerprint, make, matches
from gamecore.interface import DealState as Deal
from gamecore.interface import Rules as Game
from gamecore.limits import fit_name


def first_jack_dealer(deck: list[int], n: int, distributor: int = 0) -> int:
    """GEN-2: cards of ``deck`` (ints, top first) are turned face up one at a time, the first
    to the distributor's left, clockwise; the first seat to receive a Jack deals first."""
    for i, c in enumerate(deck):
        if rank_of(c) == JACK:
            return (distributor + 1 + i) % n
    raise ValueError("a pack without Jacks")


def lowest_card_dealer(deck: list[int], n: int, distributor: int = 0) -> int:
    """Cousins §1 (``gen.firstDealer = lowestCard``): cards of ``deck`` (ints, top first)
    are dealt face up, one to each seat from the distributor's left, clockwise; the lowest
    rank deals (ace lowest, suits do not count); seats tied for the lowest receive one
    more card each, in the same order, until one is lowest. Raises ``ValueError`` if the
    deck runs out first."""
    seats = [(distributor + 1 + i) % n for i in range(n)]
    i = 0
    while len(seats) > 1:
        if i + len(seats) > len(deck):
            raise ValueError("the pack ran out before one card was lowest")
        ranks = {s: rank_of(deck[i + k]) for k, s in enumerate(seats)}
        i += len(seats)
        low = min(ranks.values())
        seats = [s for s in seats if ranks[s] == low]
    return seats[0]


def first_dealer(game: Game, n: int, rng: random.Random) -> int:
    """The first dealer of a session of ``n`` seats as ``gen.firstDealer`` says (GEN-2):
    ``"firstJack"`` deals a shuffled full pack face up until a Jack falls
    (:func:`first_jack_dealer`), ``"lowestCard"`` deals it face up until one card is
    lowest (:func:`lowest_card_dealer`, cousins §1), ``"random"`` draws a seat, ``"seat"``
    is seat 0."""
    how = game.options["gen.firstDealer"]
    if how == "firstJack":
        return first_jack_dealer(shuffled((1 << 52) - 1, rng), n)
    if how == "lowestCard":
        return lowest_card_dealer(shuffled((1 << 52) - 1, rng), n)
    if how == "random":
        return rng.randrange(n)
    return 0


def shuffled(pack: int, rng: random.Random) -> list[int]:
    """The cards of ``pack`` (int mask) in a uniformly random order (GEN-7)."""
    deck = list(cards_in(pack))
    rng.shuffle(deck)
    return deck


@dataclass
class DealLog:
    """One deal as the record lists it: dealer, cards as dealt (lists of ints, deck order),
    turn-up, and every action in record syntax; ``fingerprint`` when the table showed one
    before the deal's first decision (deal-record format, "Version 2")."""

    dealer: int
    hands: list[list[int]]
    stock: list[int]
    turnup: int | None
    actions: list[str] = field(default_factory=list)
    winner: int | None = None
    finished: bool = False
    balances: list[int] = field(default_factory=list)
    pools: list[int] = field(default_factory=list)
    fingerprint: Fingerprint | None = None
    #: What the game adds to the deal in the replay output (cousins §6.6: Matrimony's
    #: ``awards``), from the deal's :meth:`~gamecore.interface.DealState.replay_facts`.
    facts: dict[str, Any] = field(default_factory=dict)


class Session:
    """A session of one game.

    Args: ``game`` (rules with options), ``players`` (names, seat order; each one fitted to
    the deal record's name rule by :func:`gamecore.limits.fit_name`, "Player 3" if nothing
    is left, so the session's record can always be read back), ``first_dealer`` (seat),
    ``balances`` (counters per seat; default ``gen.startCounters`` each), ``pools``
    (counters per pool carried in; default all 0).

    A practice session (:func:`gamecore.practice.deal_again`) also gives ``max_deals``
    (the session is complete after that many deals instead of ``gen.rounds × N``),
    ``prev_winner`` and ``fresh`` (the state its first deal is staked in: the winner of the
    deal before, Spinado's exemption SN-5; whether the pool starts fresh, SF-6) and
    ``practice`` (True: it counts in no statistics and is no saved game).
    """

    def __init__(
        self,
        game: Game,
        players: list[str],
        first_dealer: int,
        balances: list[int] | None = None,
        pools: list[int] | None = None,
        *,
        max_deals: int | None = None,
        prev_winner: int | None = None,
        fresh: bool = True,
        practice: bool = False,
    ) -> None:
        n = len(players)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(
                f"{game.name} is for {game.min_players} to {game.max_players} players, not {n}"
            )
        self.game = game
        self.options = game.options
        self.players = [fit_name(p, f"Player {i + 1}") for i, p in enumerate(players)]
        self.n = n
        self.first_dealer = first_dealer
        start = int(game.options["gen.startCounters"])
        self.start_balances = list(balances) if balances is not None else [start] * n
        self.start_pools = list(pools) if pools is not None else [0] * len(game.pools)
        self.balances = list(self.start_balances)
        self.pools = list(self.start_pools)
        self.logs: list[DealLog] = []
        self.deal: Deal | None = None
        self.prev_winner: int | None = prev_winner
        self.max_deals = max_deals
        #: A practice session: outside the session at the table, in no statistics.
        self.practice = practice
        #: The state the first deal is staked in (``prev_winner``, ``fresh``).
        self.start_prev_winner = prev_winner
        self.start_fresh = fresh
        #: Every event of the current deal, its start events included, in order (a resumed
        #: session has them too: they come from replaying the deal's actions).
        self.deal_events: list[Event] = []
        # The session's state just before the current deal was dealt, for rewinding it.
        self._before_deal: tuple[list[int], list[int], int | None, bool] | None = None

    # ---- session shape (GEN-3, GEN-4, GEN-5) ------------------------------------------

    @property
    def total_deals(self) -> int:
        """Deals in a whole session: ``gen.rounds × N`` (GEN-4), or ``max_deals`` when
        given (a practice session)."""
        if self.max_deals is not None:
            return self.max_deals
        return int(self.options["gen.rounds"]) * self.n

    def next_dealer(self) -> int:
        """Dealer of the next deal: rotation to the left from the first dealer (GEN-3)."""
        return (self.first_dealer + len(self.logs)) % self.n

    def cannot_stake(self) -> list[int]:
        """Seats whose balance is below the least stake of the next deal (GEN-5 rule 1);
        always empty with ``gen.allowDebt = true``."""
        if self.options["gen.allowDebt"]:
            return []
        dealer = self.next_dealer()
        return [
            s
            for s in range(self.n)
            if self.balances[s]
            < self.game.least_stake(s, dealer, self.balances, self.prev_winner, self.fresh)
        ]

    @property
    def fresh(self) -> bool:
        """Whether the next deal starts a fresh pool: the first deal of a record or session,
        or the pool was won last deal (Spoil Five, SF-6); before the first deal, as the
        session was made (``fresh``)."""
        if not self.logs:
            return self.start_fresh
        return self.logs[-1].winner is not None

    @property
    def deal_in_progress(self) -> bool:
        """True while the current deal is not over."""
        return self.deal is not None and not self.deal.over

    @property
    def complete(self) -> bool:
        """True when no further deal can follow: all rounds dealt, or someone cannot pay the
        next stake with ``gen.allowDebt = false`` (GEN-4, GEN-5)."""
        if self.deal_in_progress:
            return False
        return len(self.logs) >= self.total_deals or bool(self.cannot_stake())

    # ---- dealing ---------------------------------------------------------------------

    def start_deal(
        self,
        hands: list[list[int]],
        stock: list[int],
        turnup: int | None,
        fingerprint: Fingerprint | None = None,
    ) -> list[Event]:
        """Start the next deal with the given cards (lists of ints in deal order).

        ``fingerprint``: the deal's fingerprint, shown before its first decision (format
        "Version 2"); it is kept in the deal's log and written to the record. Returns the
        start events (automatic stakes). Raises ``ValueError`` if the session is complete,
        a deal is in progress or ``fingerprint`` is not that of these cards; the cards must
        already be validated.
        """
        if self.deal_in_progress:
            raise ValueError("a deal is in progress")
        if self.complete:
            raise ValueError("the session is over")
        if fingerprint is not None and not matches(fingerprint, hands, stock, turnup):
            raise ValueError("the fingerprint does not match the cards")
        dealer = self.next_dealer()
        self._before_deal = (list(self.balances), list(self.pools), self.prev_winner, self.fresh)
        self.deal = self.game.new_deal(
            dealer,
            [mask_of(h) for h in hands],
            mask_of(stock),
            turnup,
            self.balances,
            self.pools,
            self.prev_winner,
            self.fresh,
            order=hands,
        )
        self.logs.append(
            DealLog(dealer, [list(h) for h in hands], list(stock), turnup, fingerprint=fingerprint)
        )
        self._sync()
        self.deal_events = list(self.deal.start_events)
        return list(self.deal.start_events)

    def start_deal_from_deck(self, deck: list[int], *, fingerprinted: bool = False) -> list[Event]:
        """Deal ``deck`` (cards, index 0 on top) by the game's deal rule (GEN-8, STOP-13).

        With ``fingerprinted`` the deal gets a fingerprint with a fresh random salt
        (:func:`gamecore.fingerprint.make`) before its first decision: :attr:`fingerprint`
        gives it to the table to show.

        SF-40: a deck that is not exactly the game's pack (a card twice, a card missing) is
        never dealt; a correct pack is shuffled instead (deterministically from the faulty
        one) and the same dealer deals, with no penalty."""
        if sorted(deck) != list(cards_in(self.game.pack)):
            deck = shuffled(self.game.pack, random.Random(",".join(map(str, deck))))
        hands, stock, turnup = self.game.deal_from_deck(deck, self.n, self.next_dealer())
        fp = make(hands, stock, turnup) if fingerprinted else None
        return self.start_deal(hands, stock, turnup, fp)

    def start_deal_seeded(self, seed: int, *, fingerprinted: bool = False) -> list[Event]:
        """Deal from a pack shuffled by ``random.Random(seed)`` (GEN-7, GEN-8); with
        ``fingerprinted``, as :meth:`start_deal_from_deck`."""
        return self.start_deal_from_deck(
            shuffled(self.game.pack, random.Random(seed)), fingerprinted=fingerprinted
        )

    @property
    def fingerprint(self) -> Fingerprint | None:
        """The current (last) deal's fingerprint, or ``None``."""
        return self.logs[-1].fingerprint if self.logs else None

    def fingerprint_deal(self, salt: str | None = None) -> Fingerprint:
        """Give the current deal a fingerprint of its cards (a fresh random salt unless
        ``salt``, 32 lower-case hex digits, is given) and return it; the table shows it
        before the deal's first decision. Raises ``ValueError`` without a current deal, once
        the deal has an action (a fingerprint made after a decision proves nothing) or for
        a malformed ``salt``."""
        if self.deal is None:
            raise ValueError("no current deal")
        if salt is not None and not SALT_RE.fullmatch(salt):
            raise ValueError("a salt is 32 lower-case hex digits")
        log = self.logs[-1]
        if log.actions:
            raise ValueError("the deal has begun: a fingerprint comes before its first decision")
        log.fingerprint = make(log.hands, log.stock, log.turnup, salt)
        return log.fingerprint

    # ---- the state API, delegated to the current deal --------------------------------

    def decision(self) -> Decision | None:
        """The pending decision of the current deal, or ``None``."""
        return None if self.deal is None else self.deal.decision()

    def legal_actions(self) -> list[Action]:
        """See :meth:`StopsDeal.legal_actions`."""
        return [] if self.deal is None else self.deal.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Apply one action to the current deal, log it, and settle the session's counters
        when the deal ends. Raises :class:`IllegalAction` (state unchanged)."""
        if self.deal is None or self.deal.over:
            raise IllegalAction("no deal is in progress")
        events = self.deal.apply(action)
        self.logs[-1].actions.append(format_action(action, self.game.pools))
        self._sync()
        self.deal_events += events
        return events

    def rewind(self, keep: int) -> None:
        """Take back the current deal's actions after its first ``keep``: the deal is dealt
        again from its log (the same cards: nothing is shuffled) with the counters the
        session had before it, and those ``keep`` actions are applied again. Time grows
        with the deal, not with the session. Raises ``ValueError`` without a current deal
        or for ``keep`` beyond its actions."""
        if self.deal is None or self._before_deal is None:
            raise ValueError("no deal to rewind")
        log = self.logs[-1]
        if not 0 <= keep <= len(log.actions):
            raise ValueError(f"the deal has {len(log.actions)} actions, not {keep}")
        texts = log.actions[:keep]
        balances, pools, self.prev_winner, _fresh = self._before_deal
        self.balances, self.pools = list(balances), list(pools)
        self.logs.pop()
        self.deal = None
        self.start_deal(log.hands, log.stock, log.turnup, log.fingerprint)
        for text in texts:
            self.apply(
                parse_action(
                    text, self.game.pools, passes=self.game.has_pass, widow=self.game.has_widow
                )
            )

    def undo_point(self, people: Collection[int]) -> int | None:
        """How many actions of the current deal to keep to take back the last decision of
        one of the seats in ``people`` (the others' replies after it go too), or ``None``
        when there is none to take back. Only card decisions count, never a forced one:
        a stake or split is made before its maker has seen the cards (GEN-9), so going
        back to it would let them stake again knowing the hand. Nor back before an action
        that showed one of ``people`` hidden cards (:meth:`~gamecore.events.Event.shown_to`:
        Michigan's widow, taken): undone, the widow was chosen again with its cards seen."""
        if self.deal is None or self.deal.over:
            return None
        deal = self.dealt()
        target = None
        for i, text in enumerate(self.logs[-1].actions):
            d = deal.decision()
            if isinstance(d, PlayChoice) and d.seat in people and not d.forced:
                target = i
            events = deal.apply(
                parse_action(
                    text, self.game.pools, passes=self.game.has_pass, widow=self.game.has_widow
                )
            )
            if any(seat in people for e in events for seat in e.shown_to()):
                target = None
        return target

    def opening(self, index: int) -> tuple[list[int], list[int], int | None, bool]:
        """The state deal ``index`` (0-based, one of :attr:`logs`) was dealt in:
        ``(balances, pools, prev_winner, fresh)``, from the logs before it. Raises
        ``IndexError`` for a deal the session does not hold."""
        if not 0 <= index < len(self.logs):
            raise IndexError(f"the session holds {len(self.logs)} deals, not {index + 1}")
        if index == 0:
            return (
                list(self.start_balances),
                list(self.start_pools),
                self.start_prev_winner,
                self.start_fresh,
            )
        before = self.logs[index - 1]
        return list(before.balances), list(before.pools), before.winner, before.winner is not None

    def dealt(self) -> Deal:
        """A fresh copy of the current deal as it was dealt, before its first action
        (for looking back over its decisions). Raises ``ValueError`` without one."""
        if self.deal is None or self._before_deal is None:
            raise ValueError("no current deal")
        log = self.logs[-1]
        balances, pools, prev_winner, fresh = self._before_deal
        return self.game.new_deal(
            log.dealer,
            [mask_of(h) for h in log.hands],
            mask_of(log.stock),
            log.turnup,
            balances,
            pools,
            prev_winner,
            fresh,
            order=log.hands,
        )

    def _sync(self) -> None:
        assert self.deal is not None
        self.balances = list(self.deal.balances)
        self.pools = list(self.deal.pools)
        log = self.logs[-1]
        log.balances, log.pools = list(self.balances), list(self.pools)
        log.winner = self.deal.winner
        log.facts = self.deal.replay_facts()
        if self.deal.over:
            log.finished = True
            self.prev_winner = self.deal.winner

    # ---- the end (GEN-6) -------------------------------------------------------------

    def final_accounts(self) -> tuple[list[int], list[int]]:
        """Balances and pools after the end-of-session split (GEN-6) when the session is
        complete and ``gen.endPools = split``; otherwise as they stand. A practice session
        is never split: its one deal stands for a deal of a session that goes on, whose
        pools carry (a practice of deal 1 of 4 shared its pools out as if it were the
        last, and its balances no longer matched the deal it was set against)."""
        balances, pools = list(self.balances), list(self.pools)
        split = self.complete and self.options["gen.endPools"] == "split" and self.logs
        if self.practice or not split:
            return balances, pools
        total = sum(pools)
        share, rest = divmod(total, self.n)
        eldest = (self.logs[-1].dealer + 1) % self.n
        for i in range(self.n):
            balances[i] += share
        for i in range(rest):
            balances[(eldest + i) % self.n] += 1
        return balances, [0] * len(pools)

    def conserved_total(self) -> int:
        """Σ balances + Σ pools, which must never change (GEN-5)."""
        return sum(self.balances) + sum(self.pools)
