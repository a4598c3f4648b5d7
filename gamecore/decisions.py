"""Decisions: what the seat to act must decide next, as plain data.

Card play offers a finite list of actions. Staking offers a range (the named stake) or a
total to spread over the pools (a split), which is described rather than enumerated.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.actions import Action, Bid, NameStake, Pass, Split


def counters_range(low: int, high: int | None) -> str:
    """A range of counters in words, for refusals: "from 1 to 12 counters", "at least 1
    counter" (``high`` ``None``: no limit), "exactly 3 counters" (``low == high``)."""

    def n(amount: int) -> str:
        return f"{amount} counter" if amount == 1 else f"{amount} counters"

    if high is None:
        return f"at least {n(low)}"
    if high == low:
        return f"exactly {n(low)}"
    return f"from {low} to {n(high)}"


@dataclass(frozen=True, slots=True)
class StakeChoice:
    """The dealer names a stake from ``low`` to ``high`` counters (``None``: no limit). NM-5."""

    seat: int
    low: int
    high: int | None
    default: int

    def allows(self, amount: int) -> bool:
        """Whether ``amount`` (counters) is a stake this dealer may name."""
        return amount >= self.low and (self.high is None or amount <= self.high)

    def default_action(self) -> NameStake:
        """The stake a player gets by accepting the default (``nm.stake``, capped)."""
        return NameStake(self.seat, self.default)


@dataclass(frozen=True, slots=True)
class SplitChoice:
    """``seat`` spreads exactly ``total`` counters over ``pools`` (names, in game order);
    with ``least`` he also chooses his total, from ``least`` to ``total`` (Matrimony's
    ``mt.othersStake = atMost``, MT-5). ``default`` is the automatic split (of ``total``)."""

    seat: int
    total: int
    pools: tuple[str, ...]
    default: tuple[int, ...]
    #: Indexes of pools that may not be named in a split (Michigan's kitty, MI-5).
    closed: tuple[int, ...] = ()
    least: int | None = None

    @property
    def lowest(self) -> int:
        """The smallest total allowed: ``least``, or ``total`` when the total is fixed."""
        return self.total if self.least is None else self.least

    @property
    def ranged(self) -> bool:
        """Whether the player chooses his total too (more than one total is allowed)."""
        return self.lowest < self.total

    def allows(self, amounts: tuple[int, ...]) -> bool:
        """Whether ``amounts`` (one int ≥ 0 per pool) is a valid split: ``total``
        counters, or with ``least`` any total from ``least`` to ``total``, with nothing
        on a :attr:`closed` pool."""
        return (
            len(amounts) == len(self.pools)
            and all(a >= 0 for a in amounts)
            and self.lowest <= sum(amounts) <= self.total
            and not any(amounts[i] for i in self.closed)
        )

    def default_action(self) -> Split:
        """The automatic split of the rules (NM-5: one counter per pool, cycling)."""
        return Split(self.seat, self.default)


@dataclass(frozen=True, slots=True)
class PlayChoice:
    """``seat`` chooses one of ``actions`` (never empty; one action = a forced move)."""

    seat: int
    actions: tuple[Action, ...]

    @property
    def forced(self) -> bool:
        """True when there is exactly one legal action (STOP-14)."""
        return len(self.actions) == 1


@dataclass(frozen=True, slots=True)
class BidChoice:
    """``seat`` bids for the widow from ``low`` to ``high`` counters (``None``: no limit), or
    passes for good (MI-8). When ``high < low`` (the bidder cannot pay the least bid under
    ``gen.allowDebt = false``) his only action is the pass."""

    seat: int
    low: int
    high: int | None

    @property
    def can_bid(self) -> bool:
        """Whether any bid is allowed at all."""
        return self.high is None or self.high >= self.low

    def allows(self, amount: int) -> bool:
        """Whether ``amount`` (counters) is a bid this seat may make."""
        return amount >= self.low and (self.high is None or amount <= self.high)

    @property
    def forced(self) -> bool:
        """True when the pass is the only action (STOP-14, cousins §1)."""
        return not self.can_bid

    def default_action(self) -> Pass:
        """What accepting the default does: pass (no counters are ever bid for a player)."""
        return Pass(self.seat)

    def least_bid(self) -> Bid | None:
        """The lowest allowed bid as an action, or ``None`` when no bid is allowed."""
        return Bid(self.seat, self.low) if self.can_bid else None


Decision = StakeChoice | SplitChoice | PlayChoice | BidChoice


def has_choice(d: Decision) -> bool:
    """Whether decision ``d`` leaves its seat a choice: a play with more than one legal
    action (STOP-14), a stake with more than one amount allowed (NM-5, PJ-21), a split of
    some counters over more than one open pool, a bid for the widow that may be made
    (MI-8)."""
    if isinstance(d, PlayChoice):
        return not d.forced
    if isinstance(d, BidChoice):
        return d.can_bid
    if isinstance(d, StakeChoice):
        return d.high is None or d.high > d.low
    return d.total > 0 and len(d.pools) - len(set(d.closed)) > 1
