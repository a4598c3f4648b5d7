"""The table of a game without play (Matrimony) as plain data: the seats round the
compartments with their counters and their cards (:func:`chance_snapshot`), and the end of
a deal shown beat by beat (:func:`unveiling`): the cards dealt one at a time, then the
turned A♦, or the face-down cards shown from the eldest with each compartment paid as it is
won. No Qt: the engine's state and events in, snapshots and beats out.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.events import Event, PaidToPool, PoolTaken
from gamecore.interface import DealState
from gamecore.match import Session
from gamecore.matrimony.deal import MatrimonyDeal, MatrimonyObservation
from gamecore.matrimony.events import AceTurned, HandsDealt, HandShown
from gui.model.registryview import pool_views, stock_name
from gui.model.snapshot import SeatView, TableSnapshot

#: What each beat of the unveiling is (its pause follows from it): the stakes made, a card
#: dealt, a hand shown, a compartment paid, the end.
STAKES, DEAL, SHOW, PAY, END = "stakes", "deal", "show", "pay", "end"


@dataclass(frozen=True)
class Unveiled:
    """How far the table has shown a deal's end: the first ``dealt`` cards of the deal
    (in deal order), the seats whose face-down cards are ``turned``, and the counters on
    the plates and the compartments (``balances``, ``pools``) at that moment."""

    dealt: int
    turned: frozenset[int]
    balances: tuple[int, ...]
    pools: tuple[int, ...]


@dataclass(frozen=True)
class Beat:
    """One beat of the unveiling: the table as ``shown``, the ``events`` told with it (the
    log, the calls, the counters sliding) and what kind of beat it is (:data:`DEAL` …)."""

    shown: Unveiled
    events: tuple[Event, ...]
    kind: str


def dealt_in_order(order: tuple[tuple[int, ...], ...], dealer: int) -> list[tuple[int, int]]:
    """Every card of the deal as ``(seat, card)`` in the order it is dealt (MT-6): a round
    from the eldest to the dealer for each card of a hand, the face-up card's round last."""
    n = len(order)
    k = len(order[0]) if order else 0
    return [(s, order[s][r]) for r in range(k) for s in ((dealer + 1 + j) % n for j in range(n))]


def unveiling(before: DealState, events: list[Event]) -> list[Beat]:
    """The beats of the action that ended a deal of a game without play (``before``: the
    deal just before it; ``events``: its events): the stakes paid, each card dealt, then
    each step of the resolution as the engine told it. Empty for any other action."""
    deal = before.clone()
    if not isinstance(deal, MatrimonyDeal) or not any(isinstance(e, HandsDealt) for e in events):
        return []
    balances, pools = list(deal.balances), list(deal.pools)
    beats: list[Beat] = []
    stakes = [e for e in events if isinstance(e, PaidToPool)]
    for paid in stakes:
        balances[paid.seat] -= paid.amount
        pools[paid.pool] += paid.amount
    turned: frozenset[int] = frozenset()

    def now(dealt: int) -> Unveiled:
        return Unveiled(dealt, turned, tuple(balances), tuple(pools))

    beats.append(Beat(now(0), tuple(stakes), STAKES))
    cards = len(dealt_in_order(deal.order, deal.dealer))
    rest = [e for e in events if not isinstance(e, PaidToPool)]
    beats += [Beat(now(i), tuple(rest[:1]) if i == 1 else (), DEAL) for i in range(1, cards + 1)]
    for e in rest[1:]:
        if isinstance(e, HandShown):
            turned = turned | {e.seat}
        if isinstance(e, PoolTaken):
            balances[e.seat] += e.amount
            pools[e.pool] -= e.amount
            if beats[-1].kind == PAY and isinstance(beats[-1].events[0], AceTurned):
                beats[-1] = Beat(now(cards), (*beats[-1].events, e), PAY)  # one sweep
                continue
        kind = SHOW if isinstance(e, HandShown) else PAY if isinstance(e, PoolTaken) else END
        beats.append(Beat(now(cards), (e,), PAY if isinstance(e, AceTurned) else kind))
    return beats


def _seat_cards(
    obs: MatrimonyObservation, deal: MatrimonyDeal, shown: Unveiled | None
) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Each seat's cards on the table, in deal order, as ``(card, face_up)``: none while the
    stakes are made; all face up once the deal is over, or as far as ``shown`` has gone."""
    n = len(obs.balances)
    if obs.revealed is None:
        return tuple(() for _ in range(n))
    if shown is None:
        return tuple(tuple((c, True) for c in hand) for hand in obs.revealed)
    out: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
    for seat, card in dealt_in_order(deal.order, deal.dealer)[: shown.dealt]:
        up = card == deal.order[seat][-1] or seat in shown.turned
        out[seat].append((card, up))
    return tuple(tuple(cards) for cards in out)


def chance_snapshot(
    session: Session, bottom: int, *, thinking: bool = False, shown: Unveiled | None = None
) -> TableSnapshot:
    """The table of a game without play from seat ``bottom``'s place at it: the seats with
    their counters, what each staked this deal and their cards; the compartments and the
    pack. ``shown``: how far the end of the deal is shown (:func:`unveiling`), or ``None``
    for the deal as it stands. Once the session is over, the counters after the split of
    what is left on the layout (GEN-6)."""
    game, deal = session.game, session.deal
    balances, pool_amounts = session.final_accounts()
    if shown is not None:
        balances, pool_amounts = list(shown.balances), list(shown.pools)
    pools = pool_views(game, pool_amounts, None)
    names = session.players
    if not isinstance(deal, MatrimonyDeal):
        seats = tuple(SeatView(names[s], balances[s], 0) for s in range(session.n))
        return TableSnapshot(
            seats=seats,
            bottom=bottom,
            pools=pools,
            mode="chance",
            cards_each=game.hand_size(session.n),
            stock_count=game.pack_size(),
            stock_name=stock_name(game),
        )
    obs = deal.observation(bottom)
    cards = _seat_cards(obs, deal, shown)
    d = deal.decision()
    to_act = None if d is None else d.seat
    seats = tuple(
        SeatView(
            names[s],
            balances[s],
            len(cards[s]),
            acting=s == to_act,
            thinking=thinking and s == to_act,
            dealer=s == deal.dealer,
            winner=deal.winner == s and shown is None,
            staked=sum(obs.staked[s]) if obs.spread[s] else None,
        )
        for s in range(session.n)
    )
    undealt = game.pack_size() - sum(len(c) for c in cards)
    return TableSnapshot(
        seats=seats,
        bottom=bottom,
        pools=pools,
        mode="chance",
        seat_cards=cards,
        cards_each=game.hand_size(session.n),
        stock_count=undealt,
        stock_name=stock_name(game),
    )
