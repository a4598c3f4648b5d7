"""One deal of a stops game: staking, play and settlement (STOP-1 … STOP-14).

:class:`StopsDeal` is the state API the table, the computer players and the tests share:
``decision()`` (who acts and what they may do), ``legal_actions()``, ``apply(action)``
(exactly one action, returning its events), ``over``, ``clone()`` and ``observation(seat)``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from gamecore.actions import (
    Action,
    Bid,
    Claim,
    Decline,
    Jink,
    NameStake,
    Pass,
    Play,
    Rob,
    Split,
    Widow,
)
from gamecore.cards import card_code, card_label, suit_of
from gamecore.dealcore import DealCore
from gamecore.decisions import (
    BidChoice,
    Decision,
    PlayChoice,
    SplitChoice,
    StakeChoice,
    counters_range,
)
from gamecore.errors import IllegalAction
from gamecore.events import (
    DealEnded,
    Event,
    LeadPassed,
    Paid,
    PaidToPool,
    Played,
    PoolTaken,
    StakeNamed,
    Stopped,
    WentOut,
)
from gamecore.interface import Card
from gamecore.stops import widow
from gamecore.stops.game import NEW_LEAD_ANY, SPECIAL_SUBSTITUTE, StopsGame

STAKING, PLAY, OVER = "staking", "play", "over"
#: What a stops game has none of: Spoil Five's decisions, by action class.
_NOT_HERE = {
    Rob: "robbing",
    Decline: "declining to rob",
    Claim: "claiming the pool",
    Jink: "jinking",
}


def played_by_of(
    history: list[Played] | tuple[Played, ...], special_card: Card | None
) -> dict[int, int]:
    """Card → the seat that played it, from a deal's public history, with ``special_card``
    (the game's :attr:`~gamecore.stops.game.StopsGame.special_card`) where it went down with
    a card (SP-2, SN-8): who played a card (PJ-23, PJ-C-6, SN-11)."""
    out: dict[int, int] = {}
    for p in history:
        out[p.card] = p.seat
        if p.spin and special_card is not None:
            out[special_card] = p.seat
    return out


@dataclass(frozen=True)
class StopsObservation:
    """What one seat may know (GEN-9). Cards are ints, card sets int masks, counters ints.

    ``known_out`` holds the cards announced missing at a stop ("No nine": nobody holds the
    nine) that have not been played: they are in the stock or out of the pack. During
    staking no cards at all are shown (``hand`` is 0, ``hand_counts`` all 0). At the
    end of the deal every hand and the stock are shown (``revealed``).

    While the turn round offers a seat the substitute (CM-10), only that seat sees whose
    decision it is (``to_act``, ``decision``): to every other seat ``to_act`` is ``None``,
    as the round would be if that seat had no such card to decide about (offers are private,
    GEN-9), and ``top`` is the card the round follows.
    """

    seat: int
    game: str
    phase: str
    dealer: int
    hand: int
    hand_counts: tuple[int, ...]
    played: int
    history: tuple[Played, ...]
    top: int | None
    to_act: int | None
    pools: tuple[int, ...]
    balances: tuple[int, ...]
    stake: int | None
    turnup: int | None
    known_out: int
    revealed: tuple[tuple[int, ...], int] | None
    decision: Decision | None
    #: Dead cards this seat has seen: the hand he gave up for the widow (MI-7, MI-8); 0
    #: for everyone else (GEN-9, cousins §1).
    seen: int = 0
    #: Who took the widow (seat, or ``None``), public once taken (MI-7, MI-8).
    widow_to: int | None = None


def offered(obs: StopsObservation) -> bool:
    """Whether ``obs`` is its seat's own offer of the substitute (CM-10): its decision is
    the substitute or a pass. The round follows ``obs.top``, played by the seat of the last
    card of ``obs.history``."""
    d = obs.decision
    return isinstance(d, PlayChoice) and any(isinstance(a, Pass) for a in d.actions)


def offer_pending_elsewhere(obs: StopsObservation) -> bool:
    """Whether another seat than ``obs.seat`` is deciding about an offer (CM-10): in play,
    nobody is shown to act (offers are private)."""
    return obs.phase == PLAY and obs.to_act is None


class StopsDeal(DealCore):
    """The state of one deal of a stops game.

    Args (constructor): ``game`` (:class:`StopsGame`), ``dealer`` (seat), ``hands`` (one int
    mask per seat), ``stock`` (int mask; includes the turn-up), ``turnup`` (card or
    ``None``), ``balances`` and ``pools`` (lists of ints, copied; pools in game order).
    The deal starts in staking; automatic stakes (PJ-F dressing, Spinado) are paid at once.
    """

    def __init__(
        self,
        game: StopsGame,
        dealer: int,
        hands: list[int],
        stock: int,
        turnup: int | None,
        balances: list[int],
        pools: list[int],
        prev_winner: int | None = None,
    ) -> None:
        self._init_core(game, dealer, hands, stock, turnup, balances, pools)
        self.game: StopsGame = game
        self.prev_winner = prev_winner
        self.played = 0
        self.played_by: dict[int, int] = {}
        self.known_out = 0
        self.history: list[Played] = []
        self.top: int | None = None
        self.last_suit: int | None = None
        self.current: int = (dealer + 1) % self.n
        self.phase = STAKING
        self.stake: int | None = None
        self.split_queue: list[int] = []
        self.flags: dict[str, object] = {}
        #: While the turn round offers :attr:`current` the substitute (CM-10): the seat
        #: whose card ``top`` the round follows, else ``None``.
        self.round_from: int | None = None
        self._widow_state()
        self.start_events: list[Event] = []
        for seat, pool, amount in game.auto_stakes(self):
            self.pay_pool(seat, pool, amount, self.start_events)
        if game.stake_bounds(self) is None:
            self.stake = 0
            self._queue_splits()
        self._advance_staking(self.start_events)

    # ---- construction for tests (GEN-8) ----------------------------------------------

    @classmethod
    def from_position(
        cls,
        game: StopsGame,
        hands: list[int],
        *,
        dealer: int | None = None,
        stock: int = 0,
        played: int = 0,
        top: int | None = None,
        to_act: int = 0,
        pools: list[int] | None = None,
        balances: list[int] | None = None,
        turnup: int | None = None,
        last_suit: int | None = None,
    ) -> StopsDeal:
        """A deal in play from an explicit position (GEN-8), staking already done.

        ``to_act`` is the seat that acts; when ``top`` (the open sequence's top card) is
        given, ``to_act`` must hold its successor. Cards in neither hands nor ``stock`` are
        taken as played unless ``played`` says otherwise.
        """
        n = len(hands)
        if dealer is None:
            dealer = n - 1
        pools = list(pools) if pools is not None else [0] * len(game.pools)
        balances = list(balances) if balances is not None else [0] * n
        deal = cls.__new__(cls)
        deal.game, deal.n, deal.dealer = game, n, dealer
        deal.hands, deal.dealt = list(hands), tuple(hands)
        deal.stock, deal.turnup = stock, turnup
        deal.balances, deal.pools, deal.prev_winner = balances, pools, None
        deal.opening_balances, deal.settle_events = tuple(balances), ()
        held = 0
        for h in hands:
            held |= h
        deal.played = played or (game.pack & ~held & ~stock)
        deal.history, deal.top, deal.last_suit = [], top, last_suit
        deal.known_out, deal.played_by = 0, {}
        deal.current, deal.phase, deal.stake = to_act, PLAY, 0
        deal.split_queue, deal.winner, deal.flags, deal.start_events = [], None, {}, []
        deal.round_from = None
        deal._widow_state()
        return deal

    def _widow_state(self) -> None:
        """The widow's state (MI-7, MI-8; :mod:`gamecore.stops.widow`): the auction's
        bidders still in (``None`` before an auction), whose turn, the high bid and bidder,
        who took the widow and at what price, and the dead cards its taker has seen."""
        self.auction: list[int] | None = None
        self.bid_turn = 0
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.widow_to: int | None = None
        self.widow_price: int | None = None
        self.widow_seen = 0

    # ---- queries ----------------------------------------------------------------------

    def decision(self) -> Decision | None:
        """What the seat to act must decide, or ``None`` when the deal is over."""
        if self.phase == OVER:
            return None
        if self.phase == STAKING:
            if self.stake is None:
                low, high, default = self.game.stake_bounds(self)  # type: ignore[misc]
                return StakeChoice(self.dealer, low, high, default)
            seat = self.split_queue[0]
            total = self.game.split_total(self, seat) or 0
            return SplitChoice(
                seat,
                total,
                self.game.pools,
                self.game.auto_split(total),
                closed=self.game.closed_pools,
            )
        if self.phase == widow.BEFORE_LEAD:
            return widow.decision(self)
        return PlayChoice(self.current, tuple(self._play_actions()))

    @property
    def to_act(self) -> int | None:
        """The seat that acts next, or ``None`` when the deal is over."""
        d = self.decision()
        return None if d is None else d.seat

    def legal_actions(self) -> list[Action]:
        """The legal card plays (in play), or the default choice during staking.

        Staking choices are ranges (see :meth:`decision`); for them this returns the one
        automatic action, so code that just wants to move on can. Empty once the deal is over.
        """
        d = self.decision()
        if d is None:
            return []
        if isinstance(d, PlayChoice):
            return list(d.actions)
        return [d.default_action()]

    def _play_actions(self) -> list[Action]:
        seat, game = self.current, self.game
        if self.round_from is not None:  # CM-10: the substitute, or a pass
            assert game.special_card is not None
            return [Play(seat, game.special_card), Pass(seat)]
        out: list[Action] = []
        if self.top is not None:
            nxt = game.succ[self.top]
            assert nxt is not None and self.hands[seat] >> nxt & 1
            out.append(Play(seat, nxt))
            if game.spin_allowed(self, seat, nxt, False):
                out.append(Play(seat, nxt, spin=True))
            return out
        mask = game.lead_mask(self, seat)
        while mask:
            low = mask & -mask
            c = low.bit_length() - 1
            mask ^= low
            out.append(Play(seat, c))
            if game.spin_allowed(self, seat, c, True):
                out.append(Play(seat, c, spin=True))
        return out

    def explain_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, in the game's words; ``None`` if it is legal."""
        d = self.decision()
        if d is None:
            return "the deal is over"
        if action.seat != d.seat:
            if self.round_from is not None:  # offers are private (CM-10): say not whose
                return (
                    f"the turn round after {card_label(self.top or 0)} is going round: "
                    "wait for your turn (STOP-6, CM-10)"
                )
            return f"it is seat {d.seat}'s turn, not seat {action.seat}'s"
        if isinstance(d, StakeChoice):
            if not isinstance(action, NameStake):
                return (
                    "the dealer must name the stake first: staking comes before the cards "
                    "are seen (GEN-9)"
                )
            if not d.allows(action.amount):
                return f"the stake must be {counters_range(d.low, d.high)}, not {action.amount}"
            return None
        if isinstance(d, SplitChoice):
            return self._explain_split(d, action)
        if isinstance(d, BidChoice):
            return self._explain_bid(d, action)
        if action in d.actions:
            return None
        if self.phase == widow.BEFORE_LEAD:
            return (
                "the dealer chooses what to do with the widow first: "
                + ", ".join(a.choice for a in d.actions if isinstance(a, Widow))
                + " (MI-7)"
            )
        if isinstance(action, Widow | Bid):
            return (
                "the widow is decided before the first lead: a card must be played now (MI-7, MI-8)"
                if self.game.has_widow
                else "there is no widow in this game: a card must be played (STOP-5)"
            )
        if isinstance(action, NameStake | Split):
            return (
                "the stakes were made before the cards were seen (GEN-9): a card must be "
                "played now (STOP-5, STOP-6)"
            )
        if isinstance(action, Pass):
            return self.game.explain_pass(self, action.seat)
        if not isinstance(action, Play):
            return (
                f"{_NOT_HERE[type(action)]} is no part of this game: a card must be played "
                "(STOP-5, STOP-6)"
            )
        return self.game_explain_play(action)

    def _explain_split(self, d: SplitChoice, action: Action) -> str | None:
        """Why ``action`` does not answer the split ``d`` (NM-5, MI-4), or ``None``."""
        if not isinstance(action, Split):
            return (
                f"seat {d.seat} must spread his stake of {d.total} over the pools "
                "first: staking comes before the cards are seen (GEN-9)"
            )
        closed = [self.game.pools[i] for i in d.closed if action.amounts[i]]
        if closed:
            return f"the {closed[0]} is never spread: it is staked automatically (MI-5)"
        if not d.allows(action.amounts):
            return (
                f"the split must put exactly {d.total} counters on the pools, "
                f"not {sum(action.amounts)}"
            )
        return None

    @staticmethod
    def _explain_bid(d: BidChoice, action: Action) -> str | None:
        """Why ``action`` does not answer the bid ``d`` (MI-8), or ``None``."""
        if isinstance(action, Pass):
            return None
        if not isinstance(action, Bid):
            return "the auction for the widow comes before the first lead: bid or pass (MI-8)"
        if not d.can_bid:
            return f"no bid is possible: the least bid is {d.low}, above your balance (MI-8)"
        if not d.allows(action.amount):
            return f"a bid must be {counters_range(d.low, d.high)}, not {action.amount} (MI-8)"
        return None

    def game_explain_play(self, action: Play) -> str:
        """Reason a card play is refused (STOP-5, STOP-6, NM-7, SP-5, SP-6, SN-8, SN-9): a
        card not held; a card that may not go now (the successor must continue the open
        sequence, or the game's lead rule, :meth:`StopsGame.explain_lead`); the special card
        put down with a card that may go (:meth:`StopsGame.explain_spin`)."""
        seat, c = action.seat, action.card
        if not self.hands[seat] >> c & 1:
            return f"seat {seat} does not hold {card_code(c)}"
        if self.round_from is not None:
            return self.game.explain_offer(self, seat, c)
        if (
            action.spin
            and c != self.game.special_card
            and Play(seat, c) not in self._play_actions()
        ):
            return self.game_explain_play(Play(seat, c))  # the card itself may not go
        if action.spin:
            return self.game.explain_spin(self, seat, c, self.top is None)
        if self.top is not None:
            nxt = self.game.succ[self.top]
            assert nxt is not None
            return f"{card_label(nxt)} must be played to continue the sequence (STOP-6)"
        return self.game.explain_lead(self, seat, c)

    # ---- applying actions -------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply exactly one action and return its events, in order.

        Raises :class:`IllegalAction` (with :meth:`explain_illegal`'s reason) and leaves the
        state unchanged if the action is not legal now.
        """
        why = self.explain_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        events: list[Event] = []
        if isinstance(action, NameStake):
            self.stake = action.amount
            events.append(StakeNamed(action.seat, action.amount))
            self._queue_splits()
            self._advance_staking(events)
        elif isinstance(action, Split):
            for pool, amount in enumerate(action.amounts):
                if amount:
                    self.pay_pool(action.seat, pool, amount, events)
            self.split_queue.pop(0)
            self._advance_staking(events)
        elif self.phase == widow.BEFORE_LEAD:
            assert isinstance(action, Widow | Bid | Pass)
            if widow.apply(self, action, events):
                self._begin_play(events)
        elif isinstance(action, Pass):
            self._pass(events)
        else:
            assert isinstance(action, Play)
            self._play(action, events)
        return events

    def _queue_splits(self) -> None:
        seats = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]
        self.split_queue = [s for s in seats if self.game.split_total(self, s) is not None]

    def _advance_staking(self, events: list[Event]) -> None:
        # MI-7: the widow is decided before the first lead
        if (
            self.phase == STAKING
            and self.stake is not None
            and not self.split_queue
            and not widow.start(self)
        ):
            self._begin_play(events)

    def _begin_play(self, events: list[Event]) -> None:
        """Play begins: the eldest leads (STOP-5, MI-9), after the game's start of play."""
        self.phase = PLAY
        self.current = (self.dealer + 1) % self.n
        self.flags.clear()
        self.game.on_deal_start(self, events)
        if self.phase == PLAY:
            self._ensure_leader_can_lead(events)

    def auto_stake(self) -> list[Event]:
        """Apply the default stake and automatic splits (record without staking actions)."""
        events: list[Event] = []
        while self.phase == STAKING:
            d = self.decision()
            assert isinstance(d, StakeChoice | SplitChoice)
            events += self.apply(d.default_action())
        return events

    def _play(self, action: Play, events: list[Event]) -> None:
        seat, c, game = action.seat, action.card, self.game
        lead = self.top is None
        self.round_from = None
        self.hands[seat] &= ~(1 << c)
        self.played |= 1 << c
        self.played_by[c] = seat
        if action.spin:
            sc = game.special_card
            assert sc is not None  # explain_illegal refused a spin in a game without one
            self.hands[seat] &= ~(1 << sc)
            self.played |= 1 << sc
            self.played_by[sc] = seat
        played = Played(seat, c, lead, action.spin)
        self.history.append(played)
        events.append(played)
        game.on_play(self, seat, c, action.spin, events)
        if not self.hands[seat]:
            events.append(WentOut(seat))
            self._end(seat, events)
            return
        nxt = game.succ[c]
        holder = None if (nxt is None or action.spin) else self.holder(nxt)
        sc = game.special_card
        if game.special_kind == SPECIAL_SUBSTITUTE and c != sc:
            assert sc is not None
            offered = game.offered_seat(self.n, seat, holder, self.holder(sc))
            if offered is not None:  # CM-10: the turn round offers the substitute
                self.top, self.current, self.round_from = c, offered, seat
                return
        self._go_on(seat, c, nxt, holder, action.spin, events)

    def _pass(self, events: list[Event]) -> None:
        """The offered seat declines the substitute (CM-10): the round goes on past him, as
        past a seat without the next card, to its holder, or back to the player of the card
        the round follows, who stopped the sequence (STOP-6, STOP-7)."""
        seat, c = self.round_from, self.top
        assert seat is not None and c is not None
        self.round_from = None
        nxt = self.game.succ[c]
        self._go_on(seat, c, nxt, None if nxt is None else self.holder(nxt), False, events)

    def _go_on(
        self,
        seat: int,
        c: int,
        nxt: int | None,
        holder: int | None,
        spin: bool,
        events: list[Event],
    ) -> None:
        """After ``seat`` played ``c``: the holder of its successor ``nxt`` plays it
        (STOP-6), or the sequence stops and ``seat`` leads (STOP-7)."""
        if holder is None:
            self.top = None
            self.last_suit = suit_of(c)
            self.current = seat
            events.append(Stopped(seat, c, None if spin else nxt))
            if nxt is not None and not spin and not self.played >> nxt & 1:
                self.known_out |= 1 << nxt
            self.game.after_stop(self, seat, spin)
            self._ensure_leader_can_lead(events)
        else:
            self.top = c
            self.current = holder

    def _ensure_leader_can_lead(self, events: list[Event]) -> None:
        if self.game.new_lead != NEW_LEAD_ANY:
            self._pass_lead_on(events)
            return
        # STOP-11: a leader whose only card may not be led passes the lead to his left once.
        if not self.game.lead_mask(self, self.current):
            to = (self.current + 1) % self.n
            events.append(LeadPassed(self.current, to))
            self.current = to
            self.game.after_lead_passed(self)

    def _pass_lead_on(self, events: list[Event]) -> None:
        """MI-11: a leader who holds no card he may lead passes the lead to his left, and so
        on round the table; if nobody may lead, the restriction lapses for this one lead and
        the stopper leads (``last_suit`` is then ``None``)."""
        first = self.current
        for k in range(self.n):
            seat = (first + k) % self.n
            if self.game.lead_mask(self, seat):
                break
        else:
            self.last_suit = None  # step 3
            return
        for j in range(k):
            events.append(LeadPassed((first + j) % self.n, (first + j + 1) % self.n))
        self.current = seat
        if k:
            self.game.after_lead_passed(self)

    def end_without_play(self, winner: int, events: list[Event]) -> None:
        """End the deal before any card is played (a turned Pope, PJ-C-5); the game's
        :meth:`StopsGame.settle_without_play` has already paid what is due."""
        self.winner = winner
        self.top = None
        self.phase = OVER
        events.append(DealEnded(winner))

    def _end(self, winner: int, events: list[Event]) -> None:
        self.winner = winner
        self.top = None
        first = len(events)
        self.game.settle(self, winner, events)
        self.settle_events = tuple(events[first:])
        self.phase = OVER
        events.append(DealEnded(winner))

    # ---- money -----------------------------------------------------------------------

    def pay_pool(self, seat: int, pool: int, amount: int, events: list[Event]) -> None:
        """``seat`` pays ``amount`` counters into pool index ``pool``."""
        self.balances[seat] -= amount
        self.pools[pool] += amount
        events.append(PaidToPool(seat, pool, amount))

    def take_pool(
        self, seat: int, pool: int, events: list[Event], amount: int | None = None
    ) -> None:
        """``seat`` takes ``amount`` counters (default: all) from pool index ``pool``."""
        if amount is None:
            amount = self.pools[pool]
        self.pools[pool] -= amount
        self.balances[seat] += amount
        events.append(PoolTaken(seat, pool, amount))

    def pay(
        self,
        payer: int,
        payee: int,
        amount: int,
        reason: str,
        events: list[Event],
        cards: int | None = None,
    ) -> None:
        """``payer`` pays ``amount`` counters to ``payee`` (nothing happens for 0);
        ``cards``: the cards the payment counts, if it counts cards (:class:`Paid`)."""
        if amount:
            self.balances[payer] -= amount
            self.balances[payee] += amount
            events.append(Paid(payer, payee, amount, reason, cards))

    def replay_facts(self) -> dict[str, Any]:
        """What the replay output adds to this deal (cousins §6.6): in a game with a widow,
        ``{"widow": {"to": seat or None, "price": n or None}}``; else nothing."""
        if not self.game.has_widow and self.game.deal_style != "widow-first":
            return {}
        return {"widow": {"to": self.widow_to, "price": self.widow_price}}

    # ---- copies and views ------------------------------------------------------------

    def clone(self) -> StopsDeal:
        """An independent copy (the game description is shared: it is immutable)."""
        c = copy.copy(self)
        c.hands = list(self.hands)
        c.balances = list(self.balances)
        c.pools = list(self.pools)
        c.history = list(self.history)
        c.split_queue = list(self.split_queue)
        c.flags = dict(self.flags)
        c.played_by = dict(self.played_by)
        c.start_events = list(self.start_events)
        c.auction = None if self.auction is None else list(self.auction)
        return c

    def observation(self, seat: int) -> StopsObservation:
        """Exactly what ``seat`` may know now (GEN-9; a pending offer only to the offered
        seat, CM-10)."""
        staking = self.phase == STAKING
        d = self.decision()
        if d is not None and self.round_from is not None and d.seat != seat:
            d = None  # offers are private: nobody else sees that a seat is asked
        mine = d if d is not None and d.seat == seat else None
        return StopsObservation(
            seat=seat,
            game=self.game.name,
            phase=self.phase,
            dealer=self.dealer,
            hand=0 if staking else self.hands[seat],
            hand_counts=tuple(0 if staking else h.bit_count() for h in self.hands),
            played=self.played,
            history=tuple(self.history),
            top=self.top,
            to_act=None if d is None else d.seat,
            pools=tuple(self.pools),
            balances=tuple(self.balances),
            stake=self.stake,
            turnup=None if staking else self.turnup,
            known_out=self.known_out,
            revealed=(tuple(self.hands), self.stock) if self.phase == OVER else None,
            decision=mine,
            seen=self.widow_seen if seat == self.widow_to else 0,
            widow_to=self.widow_to,
        )
