"""The table as it stands, as plain data: a :class:`~gui.model.snapshot.TableSnapshot` of
the deal in progress from one seat's point of view (GEN-9), for the stops games (the played
cards in rows by suit) and the trick games (the trick in the centre), and the orders the
hands are drawn in. No Qt: the engine's observation in, the snapshot out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TypedDict

from gamecore.actions import Play, Rob
from gamecore.cards import SUIT_NAMES, SUIT_SYMBOLS, card_label, cards_in, suit_of
from gamecore.decisions import PlayChoice
from gamecore.events import Played
from gamecore.explain import mid_sentence, trick_reason
from gamecore.interface import Card, Rules
from gamecore.match import Session
from gamecore.spoilfive.deal import SpoilFiveObservation
from gamecore.spoilfive.ranks import EFFECTIVE, STRENGTH, TRUMP
from gamecore.stops.deal import StopsDeal, StopsObservation
from gamecore.stops.game import rank_position as stops_rank_position
from gui.model.chancesnap import Unveiled, chance_snapshot
from gui.model.registryview import board_shape, chance_game, pool_views, stock_name, tricks_game
from gui.model.snapshot import PoolView, SeatView, TableSnapshot

#: Suits in hand and played rows: alternating colours (♠ ♥ ♣ ♦) read best.
SUIT_DISPLAY = (0, 1, 3, 2)
#: The labels of the played rows, in :data:`SUIT_DISPLAY` order.
ROW_LABELS = tuple(SUIT_SYMBOLS[s] for s in SUIT_DISPLAY)


def rank_position(c: int, ace_high: bool) -> int:
    """Column of card ``c`` in its suit's row: 0 for the lowest rank."""
    return stops_rank_position(c, ace_high)


def display_order(cards: Iterable[int], ace_high: bool) -> list[int]:
    """Cards sorted for a hand: by suit (♠ ♥ ♣ ♦), then rank under the game's order."""
    return sorted(cards, key=lambda c: (SUIT_DISPLAY.index(suit_of(c)), rank_position(c, ace_high)))


def played_rows(history: Sequence[Played], game: Rules) -> tuple[tuple[int, int, int], ...]:
    """The cards of a stops deal's public ``history`` as the rows draw them: ``(card, row,
    column)`` for each, in play order, the special card included where it went down with
    its card (Spin's ♦A)."""
    cards_played = [p.card for p in history]
    special = game.special_card
    if special is not None:  # the special card went down with its card
        cards_played += [special for p in history if p.spin]
    return tuple(
        (c, SUIT_DISPLAY.index(suit_of(c)), rank_position(c, game.ace_high)) for c in cards_played
    )


def layout_notes(pools: Sequence[PoolView]) -> dict[int, str]:
    """Card → its note on the table for each pool's layout card ("the ♥A card", "the
    Matrimony layout card")."""
    return {
        pv.card: f"the {pv.label} card"
        if pv.label[:1] in SUIT_SYMBOLS
        else f"the {pv.label} layout card"
        for pv in pools
        if pv.card is not None
    }


def playable_cards(d: object, seat: int) -> frozenset[int]:
    """The cards ``seat`` may play or rob with at the pending decision ``d`` (raised on the
    table), or none when ``d`` is not that seat's card choice."""
    if not isinstance(d, PlayChoice) or d.seat != seat:
        return frozenset()
    return frozenset(a.card for a in d.actions if isinstance(a, Play | Rob))


def _seat_views(
    session: Session,
    hand_counts: tuple[int, ...],
    balances: list[int],
    thinking: bool,
    to_act: int | None,
    tricks_won: tuple[int, ...] | None = None,
) -> tuple[SeatView, ...]:
    """The seats' plates of ``session``'s deal in progress, for both engines: names,
    ``balances`` (counters), cards held (``hand_counts``), who acts (``to_act``, as the
    bottom seat's observation shows it: nobody while another seat is privately offered
    the substitute, CM-10; ``thinking``: a computer, now), the dealer, the winner and, in a
    trick game, the tricks won."""
    deal = session.deal
    assert deal is not None
    return tuple(
        SeatView(
            session.players[s],
            balances[s],
            hand_counts[s],
            acting=s == to_act,
            thinking=thinking and s == to_act,
            dealer=s == deal.dealer,
            winner=deal.winner == s,
            tricks=None if tricks_won is None else tricks_won[s],
        )
        for s in range(session.n)
    )


def snapshot(
    session: Session,
    bottom: int,
    *,
    thinking: bool = False,
    last_play: tuple[int, int] | None = None,
) -> TableSnapshot:
    """What the table shows now, from the bottom seat's point of view (GEN-9); once the
    session is over, the counters and pools after the split of the pools left (GEN-6)."""
    game, deal = session.game, session.deal
    names = session.players
    balances, pool_amounts = session.final_accounts()
    turnup = None if deal is None or deal.phase == "staking" else deal.turnup
    # the cards announced missing at a stop are known to all (STOP-7): a pool that needs
    # one, or the turn-up, cannot be won this deal
    out = deal.known_out if isinstance(deal, StopsDeal) else 0
    played = deal.played if isinstance(deal, StopsDeal) else 0
    pools = pool_views(game, pool_amounts, turnup, out, played)
    board = board_shape(game)
    if deal is None:
        seats = tuple(SeatView(names[s], balances[s], 0) for s in range(session.n))
        return TableSnapshot(seats=seats, bottom=bottom, pools=pools, board=board)
    obs = deal.observation(bottom)
    assert isinstance(obs, StopsObservation), "a stops game is played on the stops engine"
    d = deal.decision()
    seats = _seat_views(session, obs.hand_counts, balances, thinking, obs.to_act)
    hand = tuple(display_order(cards_in(obs.hand), game.ace_high))
    revealed, stock_cards, stock_count = _shown_at_the_end(obs, deal.stock, game.ace_high)
    return TableSnapshot(
        seats=seats,
        bottom=bottom,
        hand=hand,
        playable=playable_cards(d, bottom),
        played=played_rows(obs.history, game),
        card_notes=layout_notes(pools),
        row_labels=ROW_LABELS,
        stock_count=stock_count,
        stock_cards=stock_cards,
        revealed=revealed,
        pools=pools,
        last_play=last_play,
        turnup=None if obs.revealed is not None else turnup,
        stock_name=stock_name(game, obs.phase),
        board=board,
        deal=len(session.logs),
    )


def _shown_at_the_end(
    obs: StopsObservation, stock: int, ace_high: bool
) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...], int]:
    """``(revealed, stock_cards, stock_count)`` for a stops deal seen from ``obs``: once the
    deal is over every other hand and the ``stock`` (card set) face up, in display order;
    before it, nothing face up and the stock's count (none while staking)."""
    if obs.revealed is None:
        return {}, (), 0 if obs.phase == "staking" else stock.bit_count()
    hands, shown_stock = obs.revealed
    revealed = {
        s: tuple(display_order(cards_in(h), ace_high)) for s, h in enumerate(hands) if s != obs.seat
    }
    return revealed, tuple(display_order(cards_in(shown_stock), ace_high)), 0


def trick_display_order(cards: Iterable[int], trump: int) -> list[int]:
    """A Spoil Five hand for people: plain suits first (♠ ♥ ♣ ♦ order), each from worst to
    best, then the effective trumps (♥A included) together at the right, worst to best."""
    eff, strength = EFFECTIVE[trump], STRENGTH[trump]
    return sorted(
        cards,
        key=lambda c: (
            eff[c] == TRUMP,
            SUIT_DISPLAY.index(eff[c]) if eff[c] != TRUMP else 0,
            strength[c],
        ),
    )


def last_trick_line(
    names: list[str], trump: int, plays: tuple[tuple[int, int], ...], winner: int
) -> str:
    """Who won the last trick and why: "Last trick to Eve: J♠ is the second-best trump"
    ("… to you: …" for you). The reason is the engine's (:func:`gamecore.explain.trick_reason`)."""
    who = "you" if names[winner] == "You" else names[winner]
    return f"Last trick to {who}: {trick_reason(trump, plays, winner)}"


def trump_notes(trump: int) -> dict[int, str]:
    """Card → "trump" for every effective trump of suit ``trump`` (0..3, ♥A included)."""
    eff = EFFECTIVE[trump]
    return {c: "trump" for c in range(52) if eff[c] == TRUMP}


def trump_note(trump: int, turnup: Card, robbed_by: int | None, names: list[str]) -> str:
    """The note beside the pack: "Trumps: hearts", and who robbed the turn-up
    (``robbed_by``: a seat, or ``None``; ``names``: the seats' words)."""
    note = f"Trumps: {SUIT_NAMES[trump]}"
    if robbed_by is not None:
        note = f"{note}\n{card_label(turnup)} robbed by {mid_sentence(names[robbed_by])}"
    return note


class TrickFields(TypedDict):
    """The fields of a :class:`~gui.model.snapshot.TableSnapshot` a trick game fills from
    its public observation (see :func:`trick_fields`)."""

    mode: str
    trick: tuple[tuple[int, int], ...]
    last_trick: tuple[tuple[int, int], ...]
    trick_reason: str
    trump_note: str
    card_notes: dict[int, str]
    stock_name: str


def trick_fields(obs: SpoilFiveObservation, names: list[str]) -> TrickFields:
    """The trick game's public fields of a snapshot from ``obs``: the trick in play, the
    last trick and why it was won, the trump note and notes (``names``: the seats' words)."""
    last = obs.tricks[-1] if obs.tricks else None
    return {
        "mode": "tricks",
        "trick": obs.trick,
        "last_trick": last.cards if last else (),
        "trick_reason": last_trick_line(names, obs.trump, last.cards, last.seat) if last else "",
        "trump_note": trump_note(obs.trump, obs.turnup, obs.robbed_by, names),
        "card_notes": trump_notes(obs.trump),
        "stock_name": "Pack",
    }


def snapshot_tricks(
    session: Session,
    bottom: int,
    *,
    thinking: bool = False,
    last_play: tuple[int, int] | None = None,
    words: list[str] | None = None,
) -> TableSnapshot:
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
    assert isinstance(obs, SpoilFiveObservation), "a trick game is played on the tricks engine"
    d = deal.decision()
    seats = _seat_views(session, obs.hand_counts, balances, thinking, obs.to_act, obs.tricks_won)
    hand = tuple(trick_display_order(cards_in(obs.hand), obs.trump))
    turnup = None if obs.robbed_by is not None else obs.turnup
    return TableSnapshot(
        seats=seats,
        bottom=bottom,
        hand=hand,
        playable=playable_cards(d, bottom),
        pools=pools,
        last_play=last_play,
        turnup=turnup,
        stock_count=deal.stock.bit_count() + (1 if turnup is not None else 0),
        deal=len(session.logs),
        **trick_fields(obs, words or list(names)),
    )


def round_waits_on(snap: TableSnapshot, seat: int) -> TableSnapshot:
    """The table while the hot seat's turn round waits on ``seat`` to say "No six"
    (CM-10): that seat is the one shown to act, not the holder of the next card, whom the
    round has not reached (the marker on the holder told the others who held it)."""
    seats = tuple(replace(v, acting=s == seat, thinking=False) for s, v in enumerate(snap.seats))
    return replace(snap, seats=seats)


def hide_hands(snap: TableSnapshot) -> TableSnapshot:
    """The table with no hand face up (the hot-seat privacy screen is up)."""
    return replace(snap, hand=(), playable=frozenset(), revealed={})


def with_seat_notes(snap: TableSnapshot, notes: Sequence[str]) -> TableSnapshot:
    """The table with each seat's note (by seat: "(in your seat)", or "" for none) after the
    name on its plate: in a practice deal the names move with the person, and nothing on
    the table said which seat now holds the person's own cards of the deal itself."""
    seats = tuple(
        replace(sv, name=f"{sv.name} {note}") if note else sv
        for sv, note in zip(snap.seats, notes, strict=True)
    )
    return replace(snap, seats=seats)


def table_snapshot(
    session: Session,
    bottom: int,
    *,
    thinking: bool = False,
    last_play: tuple[int, int] | None = None,
    words: list[str] | None = None,
    unveiled: Unveiled | None = None,
) -> TableSnapshot:
    """What the table shows now from seat ``bottom``'s point of view (GEN-9): the played
    cards by suit for the stops games, the trick in the centre for trick games (``words``:
    the seats' words in its sentences, :func:`~gui.model.tablewords.spoken`), the seats
    round the compartments for a game without play (``unveiled``: how far the end of its
    deal is shown, :func:`~gui.model.chancesnap.unveiling`)."""
    if chance_game(session.game):
        return chance_snapshot(session, bottom, thinking=thinking, shown=unveiled)
    if tricks_game(session.game):
        return snapshot_tricks(session, bottom, thinking=thinking, last_play=last_play, words=words)
    return snapshot(session, bottom, thinking=thinking, last_play=last_play)
