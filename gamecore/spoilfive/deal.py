"""One deal of Spoil Five: staking, robbing, tricks, three-trick wins, spoils and jinking
(SF-6 … SF-33), behind the same state API as the stops engine."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamecore.actions import Action, Claim, Decline, Jink, NameStake, Play, Rob, Split
from gamecore.cards import ACE, card, card_code, card_label, cards_in, suit_of
from gamecore.dealcore import DealCore
from gamecore.decisions import Decision, PlayChoice
from gamecore.errors import IllegalAction
from gamecore.events import DealEnded, Event, Paid, PaidToPool, Played, PoolTaken
from gamecore.spoilfive.ranks import EFF_MASKS, EFFECTIVE, RENEGE_OK, TRUMP, trick_winner

if TYPE_CHECKING:
    from gamecore.spoilfive.game import SpoilFive

PLAY, OVER = "play", "over"
POOL = 0


@dataclass(frozen=True, slots=True)
class Robbed(Event):
    """``seat`` robbed: took the turn-up ``card``; the discard stays hidden (SF-21, SF-22)."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class RobDeclined(Event):
    """``seat`` declined to rob (announcing the ace under SF-22); ``ineligible`` under
    compulsory robbing (SF-23)."""

    seat: int
    ineligible: bool


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """Trick ``number`` (1..5) went to ``seat``; ``cards`` as ``(seat, card)`` in play order."""

    seat: int
    number: int
    cards: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class JinkOffered(Event):
    """``seat`` won tricks 1–3 and must claim or jink (SF-31)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Jinked(Event):
    """``seat`` plays on for all five tricks (SF-31)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Spoiled(Event):
    """Nobody can take the pool this deal: it stays (SF-8, SF-30, SF-32)."""

    reason: str


@dataclass(frozen=True)
class SpoilFiveObservation:
    """What one seat may know (GEN-9): its hand (int mask), the trick in progress, the tricks
    played (public), trick counts, the turn-up and who robbed it, counters, its decision."""

    seat: int
    game: str
    phase: str
    dealer: int
    hand: int
    hand_counts: tuple[int, ...]
    trump: int
    turnup: int
    robbed_by: int | None
    #: Who declined to rob: the holder of the trump ace, announcing it (SF-22), or the
    #: dealer leaving a turned ace dead (SF-21); ``None`` if nobody did.
    declined_by: int | None
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[TrickWon, ...]
    tricks_won: tuple[int, ...]
    ineligible: tuple[bool, ...]
    jinker: int | None
    to_act: int | None
    pools: tuple[int, ...]
    balances: tuple[int, ...]
    decision: Decision | None


class SpoilFiveDeal(DealCore):
    """The state of one deal of Spoil Five.

    Args: ``game``, ``dealer`` (seat), ``hands`` (int masks), ``stock`` (int mask, without
    the turn-up), ``turnup`` (card), ``balances`` and ``pools`` (copied), ``fresh`` (the pool
    starts fresh: everyone antes, SF-6). Stakes are paid at construction.
    """

    def __init__(
        self,
        game: SpoilFive,
        dealer: int,
        hands: list[int],
        stock: int,
        turnup: int,
        balances: list[int],
        pools: list[int],
        fresh: bool = True,
    ) -> None:
        self._init_core(game, dealer, hands, stock, turnup, balances, pools)
        self.game: SpoilFive = game
        self.turnup: int = turnup
        self.trump = suit_of(turnup)
        self.fresh = fresh
        self.phase = PLAY
        self.leader = (dealer + 1) % self.n
        self.current = self.leader
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[TrickWon] = []
        self.tricks_won = [0] * self.n
        self.ineligible = [False] * self.n
        self.discard: int | None = None
        self.robbed_by: int | None = None
        self.declined_by: int | None = None
        self.rob_pending: int | None = None  # seat that must decide on robbing now
        self.rob_done = False
        self.jink_offer: int | None = None
        self.jinker: int | None = None
        self.decided = False
        self.history: list[Played] = []
        self.start_events: list[Event] = []
        self.stake = 0
        for seat, amount in game.stakes(self.n, dealer, fresh):
            self.balances[seat] -= amount
            self.pools[POOL] += amount
            self.start_events.append(PaidToPool(seat, POOL, amount))
        self.ace = card(ACE, self.trump)
        self._setup_robbing()

    # ---- robbing (SF-20 … SF-23) -------------------------------------------------------

    def _setup_robbing(self) -> None:
        if self.game.robbing == "off":
            self.rob_done = True
            return
        if self.turnup == self.ace:
            self.rob_pending = self.dealer  # SF-21: before the first lead
        elif self.holder(self.ace) is None:
            self.rob_done = True  # the ace is among the undealt cards

    def _rob_decider(self) -> int | None:
        """Seat that must decide on robbing before anything else, or ``None``."""
        if self.rob_done or self.phase != PLAY:
            return None
        if self.rob_pending is not None:
            return self.rob_pending
        holder = self.holder(self.ace)
        if holder is not None and not self.tricks and holder == self.current:
            return holder  # SF-22: at his first turn in trick 1, before he plays
        return None

    # ---- queries ---------------------------------------------------------------------

    @property
    def top(self) -> None:
        """Spoil Five has no open sequence (kept for the table's common code)."""
        return None

    def decision(self) -> PlayChoice | None:
        """The pending decision (robbing, claim or jink, or a card), or ``None``."""
        if self.phase == OVER:
            return None
        rob = self._rob_decider()
        if rob is not None:
            acts: list[Action] = [
                Rob(rob, c) for c in cards_in(self.hands[rob]) if c != self.turnup
            ]
            acts.append(Decline(rob))
            return PlayChoice(rob, tuple(acts))
        if self.jink_offer is not None:
            s = self.jink_offer
            return PlayChoice(s, (Claim(s), Jink(s)))
        return PlayChoice(
            self.current,
            tuple(Play(self.current, c) for c in cards_in(self.legal_mask(self.current))),
        )

    @property
    def to_act(self) -> int | None:
        """The seat that acts next, or ``None``."""
        d = self.decision()
        return None if d is None else d.seat

    def legal_actions(self) -> list[Action]:
        """Every legal action now (empty once the deal is over)."""
        d = self.decision()
        return [] if d is None else list(d.actions)

    def legal_mask(self, seat: int) -> int:
        """Cards ``seat`` may play to the current trick (SF-24 … SF-27), as an int mask,
        from the effective-suit masks (SF-12) and the renege table (SF-27) of
        :mod:`gamecore.spoilfive.ranks`."""
        hand = self.hands[seat]
        if not self.trick:
            return hand  # SF-24: any card may be led
        masks = EFF_MASKS[self.trump]
        led = self.trick[0][1]
        e = EFFECTIVE[self.trump][led]
        trumps = hand & masks[TRUMP]
        if e != TRUMP:
            follow = hand & masks[e]
            return (follow | trumps) if follow else hand  # SF-25
        # SF-27: renege only if every trump held is privileged and ranks above the led card.
        if not trumps or not trumps & ~RENEGE_OK[self.trump][led]:
            return hand
        return trumps  # SF-26

    def explain_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, in the game's words; ``None`` if legal."""
        d = self.decision()
        if d is None:
            return "the deal is over"
        if action.seat != d.seat:
            return f"it is seat {d.seat}'s turn, not seat {action.seat}'s"
        if action in d.actions:
            return None
        if isinstance(action, Play):
            c = action.card
            if not self.hands[action.seat] >> c & 1:
                return f"seat {action.seat} does not hold {card_code(c)}"
            if action.spin:
                return (
                    "a card is played alone: Spoil Five has no Spin (one card each to a "
                    "trick, SF-24)"
                )
            if self._rob_decider() is not None:
                return "first decide whether to rob the turned-up ace (SF-21, SF-22)"
            if self.jink_offer is not None:
                return "first claim the pool or jink (SF-31)"
            led = self.trick[0][1]
            if EFFECTIVE[self.trump][led] == TRUMP:
                return f"a trump must be played to the trump lead of {card_label(led)} (SF-26)"
            return f"you must follow suit to {card_label(led)} or play a trump (SF-25)"
        if isinstance(action, Rob):
            if self._rob_decider() is None:
                return f"you cannot rob now: {self._why_no_rob()}"
            if action.card == self.turnup:
                return (
                    f"the turned-up {card_label(self.turnup)} is the card you take: "
                    "discard one of your own (SF-22)"
                )
            return f"seat {action.seat} does not hold {card_code(action.card)}"
        if isinstance(action, Decline):
            return f"there is nothing to decline now: {self._why_no_rob()}"
        if isinstance(action, NameStake | Split):
            return "nobody names or splits a stake: the stakes are paid before the deal (SF-6)"
        return "you may claim or jink only after winning the first three tricks (SF-31)"

    def _why_no_rob(self) -> str:
        """Why nobody decides on robbing at this point (SF-20 … SF-23)."""
        if self.game.robbing == "off":
            return "robbing is not played at this table (SF-23)"
        if self.robbed_by is not None:
            return f"seat {self.robbed_by} has already robbed the turn-up (SF-21, SF-22)"
        if self.declined_by is not None:
            return f"seat {self.declined_by} has already declined to rob (SF-21, SF-22)"
        if self.turnup == self.ace or self.holder(self.ace) is not None:
            return (
                "only the dealer may rob a turned-up ace, before the first lead (SF-21), "
                "and only the holder of the ace of trumps, at his first turn in the first "
                "trick (SF-22)"
            )
        return "the ace of trumps is among the undealt cards: nobody robs this deal (SF-20)"

    # ---- applying ----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply exactly one action; returns its events. Raises :class:`IllegalAction`."""
        why = self.explain_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        events: list[Event] = []
        seat = action.seat
        if isinstance(action, Rob):
            self.hands[seat] &= ~(1 << action.card)
            self.hands[seat] |= 1 << self.turnup
            self.discard = action.card
            self.robbed_by = seat
            self.rob_done, self.rob_pending = True, None
            events.append(Robbed(seat, self.turnup))
        elif isinstance(action, Decline):
            inel = self.game.robbing == "compulsory"
            self.ineligible[seat] = self.ineligible[seat] or inel
            self.rob_done, self.rob_pending = True, None
            self.declined_by = seat
            events.append(RobDeclined(seat, inel))
        elif isinstance(action, Claim):
            self.jink_offer = None
            self._win(seat, events)
        elif isinstance(action, Jink):
            self.jink_offer = None
            self.jinker = seat
            events.append(Jinked(seat))
        else:
            assert isinstance(action, Play)
            self._play(action, events)
        return events

    def _play(self, action: Play, events: list[Event]) -> None:
        seat, c = action.seat, action.card
        self.hands[seat] &= ~(1 << c)
        played = Played(seat, c, not self.trick)
        self.trick.append((seat, c))
        self.history.append(played)
        events.append(played)
        if len(self.trick) < self.n:
            self.current = (seat + 1) % self.n
            return
        winner = trick_winner(self.trump, self.trick)
        self.tricks_won[winner] += 1
        won = TrickWon(winner, len(self.tricks) + 1, tuple(self.trick))
        self.tricks.append(won)
        events.append(won)
        self.trick = []
        self.leader = self.current = winner
        self._after_trick(winner, events)

    def _after_trick(self, winner: int, events: list[Event]) -> None:
        done = len(self.tricks)
        if self.decided:
            if done == 5:
                self._finish(events)
            return
        if self.jinker is not None:
            if winner != self.jinker:
                self._spoil("the jink failed", events)  # SF-32
            elif done == 5:
                self._win(self.jinker, events, jink=True)
            return
        eligible = [s for s in range(self.n) if not self.ineligible[s]]
        if (
            done == 3
            and all(t.seat == winner for t in self.tricks)
            and not self.ineligible[winner]
            and self.game.jinking
        ):
            self.jink_offer = winner  # SF-31
            events.append(JinkOffered(winner))
            return
        for s in eligible:
            if self.tricks_won[s] >= 3:
                self._win(s, events)  # SF-30
                return
        left = 5 - done
        if not any(self.tricks_won[s] + left >= 3 for s in eligible):
            # After the fifth trick nobody "can" any more: the words say what happened.
            why = "nobody won three tricks" if left == 0 else "nobody can win three tricks"
            self._spoil(why, events)  # SF-30

    def _win(self, seat: int, events: list[Event], jink: bool = False) -> None:
        first = len(events)
        self.winner = seat
        if self.pools[POOL]:
            amount = self.pools[POOL]
            self.pools[POOL] = 0
            self.balances[seat] += amount
            events.append(PoolTaken(seat, POOL, amount))
        if jink:
            bonus = self.game.jink_bonus
            for o in self.others(seat):
                if bonus:
                    self.balances[o] -= bonus
                    self.balances[seat] += bonus
                    events.append(Paid(o, seat, bonus, "jink"))
        self.settle_events = tuple(events[first:])
        self._decide(events)

    def _spoil(self, reason: str, events: list[Event]) -> None:
        events.append(Spoiled(reason))
        self.settle_events = (events[-1],)
        self._decide(events)

    def _decide(self, events: list[Event]) -> None:
        self.decided = True
        self.jinker = None
        if len(self.tricks) == 5 or not self.game.play_out_dead_tricks:
            self._finish(events)

    def _finish(self, events: list[Event]) -> None:
        self.phase = OVER
        events.append(DealEnded(self.winner))

    # ---- copies, views, settlement -------------------------------------------------------

    def clone(self) -> SpoilFiveDeal:
        """An independent copy."""
        c = copy.copy(self)
        c.hands, c.balances, c.pools = list(self.hands), list(self.balances), list(self.pools)
        c.trick, c.tricks = list(self.trick), list(self.tricks)
        c.tricks_won, c.ineligible = list(self.tricks_won), list(self.ineligible)
        c.history, c.start_events = list(self.history), list(self.start_events)
        return c

    def observation(self, seat: int) -> SpoilFiveObservation:
        """Exactly what ``seat`` may know (GEN-9); the robber's discard stays hidden."""
        d = self.decision()
        return SpoilFiveObservation(
            seat=seat,
            game=self.game.name,
            phase=self.phase,
            dealer=self.dealer,
            hand=self.hands[seat],
            hand_counts=tuple(h.bit_count() for h in self.hands),
            trump=self.trump,
            turnup=self.turnup,
            robbed_by=self.robbed_by,
            declined_by=self.declined_by,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            tricks_won=tuple(self.tricks_won),
            ineligible=tuple(self.ineligible),
            jinker=self.jinker,
            to_act=None if d is None else d.seat,
            pools=tuple(self.pools),
            balances=tuple(self.balances),
            decision=d if d is not None and d.seat == seat else None,
        )
