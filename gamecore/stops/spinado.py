"""Spinado (SN-1 … SN-16) on the stops engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import AD, CLUBS, DIAMONDS, FULL_PACK, HEARTS, JACK, KING, QUEEN, SPADES, card
from gamecore.events import Event
from gamecore.stops.game import EXTRA_HAND, StopsGame

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal

KD, QD_, JD = card(KING, DIAMONDS), card(QUEEN, DIAMONDS), card(JACK, DIAMONDS)
OTHER_KINGS = (card(KING, SPADES), card(KING, HEARTS), card(KING, CLUBS))
MATRIMONY, INTRIGUE, GAME = 0, 1, 2


class Spinado(StopsGame):
    """Spinado: 47 cards, extra-hand deal with a widow, three pools, the ♦A (Spinado) played
    with a companion card for 3 counters from each player.

    Rules: SN-1 players 2–7; SN-2 pack without the 2s and the 8♦; SN-3 stops; SN-4 pools;
    SN-5 staking and the winner's exemption; SN-6 deal; SN-7 any-card leads; SN-8 Spinado;
    SN-9 never alone (``sn.allowSpinadoAlone``); SN-10 ♦K; SN-11 Matrimony; SN-12 Intrigue
    (``sn.intrigue``); SN-13 other Kings; SN-14 settlement; SN-15 carry over.
    """

    name = "spinado"
    pools = ("matrimony", "intrigue", "game")
    min_players = 2
    max_players = 7
    deal_style = EXTRA_HAND
    game_pool = GAME

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        twos = sum(1 << card(1, s) for s in range(4))
        self.pack = FULL_PACK & ~twos & ~(1 << card(7, DIAMONDS))
        self.alone = bool(self.options["sn.allowSpinadoAlone"])
        intrigue = (KD, JD) if self.options["sn.intrigue"] == "KJ" else (QD_, JD)
        self.combos = ((MATRIMONY, (KD, QD_)), (INTRIGUE, intrigue))
        self._finish_setup()

    # ---- staking (SN-5) ----------------------------------------------------------

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        out = [(deal.dealer, MATRIMONY, 12), (deal.dealer, INTRIGUE, 6), (deal.dealer, GAME, 6)]
        for seat in deal.others(deal.dealer):
            if seat != deal.prev_winner:
                out.append((seat, GAME, 3))
        return out

    def least_stake(self, seat: int, dealer: int, balances: list[int],
                    prev_winner: int | None = None, fresh: bool = True) -> int:
        if seat == dealer:
            return 24
        return 0 if seat == prev_winner else 3

    # ---- play --------------------------------------------------------------------

    def lead_mask(self, deal: StopsDeal, seat: int) -> int:
        """SN-7, SN-9: any card, but the ♦A never alone (unless the option allows it)."""
        hand = deal.hands[seat]
        return hand if self.alone else hand & ~(1 << AD)

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        if c == AD:
            return "the ♦A is never played alone: play it with another card, as Spinado (SN-9)"
        return super().explain_lead(deal, seat, c)

    def spin_allowed(self, deal: StopsDeal, seat: int, c: int, lead: bool) -> bool:
        """SN-8: with any card he may play now (a lead or a continuation)."""
        return c != AD and bool(deal.hands[seat] >> AD & 1)

    def on_play(self, deal: StopsDeal, seat: int, c: int, spin: bool,
                events: list[Event]) -> None:
        """SN-8 … SN-13: the card's effects, then the Spinado payment."""
        others = deal.others(seat)
        if c == KD:
            for o in others:
                deal.pay(o, seat, 2, "♦K", events)
        elif c in OTHER_KINGS:
            for o in others:
                deal.pay(o, seat, 1, "King", events)
        for pool, (a, b) in self.combos:
            if c in (a, b):
                other = b if c == a else a
                if deal.played_by.get(other) == seat and deal.pools[pool]:
                    deal.take_pool(seat, pool, events)
        if spin or c == AD:
            for o in others:
                deal.pay(o, seat, int(self.options["sn.spinadoPayment"]), "Spinado", events)

    def card_payment(self, deal: StopsDeal, seat: int) -> int:
        """SN-14: 1 per card; 2 per card (the ♦A included) for the holder of the ♦A."""
        n = deal.hands[seat].bit_count()
        return 2 * n if deal.hands[seat] >> AD & 1 else n
