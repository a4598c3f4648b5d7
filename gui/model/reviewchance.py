"""A recorded deal of a game without play (Matrimony) as the review window shows it: the
stakes step by step with no card on the table, then, at the last step, every seat's cards
as dealt (each face up where the shown table lets it be, GEN-9), with the table's calls and
log in its own words. No Qt: :mod:`gui.model.reviewtext` asks here for such a game."""

from __future__ import annotations

from dataclasses import replace

from gamecore.interface import Rules
from gamecore.matrimony.deal import MatrimonyObservation
from gamecore.review import DealReview, ShownTable
from gui.model import chancewords
from gui.model.registryview import chance_game, pool_views, stock_name
from gui.model.snapshot import TableSnapshot


def game_without_play(game: Rules) -> bool:
    """Whether ``game`` has no play at all (its review shows stakes, then the cards)."""
    return chance_game(game)


def review_chance(
    review: DealReview, shown: ShownTable, base: TableSnapshot, obs: MatrimonyObservation
) -> TableSnapshot:
    """``base`` (the seats) with the table of a game without play at step ``shown.step``:
    the compartments and what each seat staked; no card while the stakes are made (none is
    dealt yet), every seat's cards in deal order once the deal is over, all face up from
    every seat's view (the deal is resolved as it is dealt, and then every card is shown,
    GEN-9); the undealt pack face down (MT-6). ``shown`` gives the step."""
    k = shown.step
    state = review.state(k)
    game, n = review.game, len(review.players)
    over = state.phase == "over"
    cards = tuple(tuple((c, True) for c in review.hands[s]) if over else () for s in range(n))
    seats = tuple(
        replace(v, staked=sum(obs.staked[s]) if obs.spread[s] else None, count=len(cards[s]))
        for s, v in enumerate(base.seats)
    )
    return replace(
        base,
        seats=seats,
        hand=(),
        revealed={},
        playable=frozenset(),
        pools=pool_views(game, list(review.steps[k].pools), None),
        mode="chance",
        seat_cards=cards,
        cards_each=game.hand_size(n),
        stock_count=game.pack_size() - sum(len(c) for c in cards),
        stock_name=stock_name(game),
    )


def chance_calls_and_log(
    review: DealReview, k: int, names: list[str], labels: list[str], sweep: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The table's calls for the events of step ``k`` of a game without play, and the last
    lines of its log up to it (``sweep``: the name of the card that sweeps the layout)."""
    calls = tuple(
        c
        for e in review.steps[k].events
        if (c := chancewords.announcement(e, names, labels)) is not None
    )
    log: list[str] = []
    for step in review.steps[max(0, k - 8) : k + 1]:
        log += [
            line
            for e in step.events
            if (line := chancewords.log_line(e, names, labels, sweep)) is not None
        ]
    return calls, tuple(log[-6:])
