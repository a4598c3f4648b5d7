"""Spinado (SN-1 … SN-16) on the stops engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import (
    AD,
    CLUBS,
    DIAMONDS,
    FULL_PACK,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    card,
    card_label,
)
from gamecore.games import Entry, GameDescriptor, register
from gamecore.interface import Card, PoolFace
from gamecore.options import OptionSpec
from gamecore.search.settings import SearchSettings
from gamecore.stops.game import EXTRA_HAND, SPECIAL_SPINADO, StopsGame

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
    (``sn.intrigue``); SN-13 other Kings; SN-14 settlement; SN-15 carry over. Play and
    settlement are declared (see :mod:`gamecore.stops.game`).
    """

    name = "spinado"
    #: How Hard searches Spinado (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)
    pools = ("matrimony", "intrigue", "game")
    min_players = 2
    max_players = 7
    deal_style = EXTRA_HAND
    game_pool = GAME
    #: SN-8: the ♦A goes down with any card its holder plays, a lead or a continuation.
    special_card = AD
    special_label = "♦A"
    special_kind = SPECIAL_SPINADO
    spin_name = "Spinado"
    #: SN-10, SN-13: ♦K 2 from each other player, the other Kings 1.
    card_bonus = {KD: (2, "♦K"), **{k: (1, "King") for k in OTHER_KINGS}}
    #: SN-14: the holder of the ♦A pays 2 per card, the ♦A included.
    double_pay_card = AD

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        twos = sum(1 << card(1, s) for s in range(4))
        self.pack = FULL_PACK & ~twos & ~(1 << card(7, DIAMONDS))
        self.alone = bool(self.options["sn.allowSpinadoAlone"])
        self.special_leads = self.alone  # SN-9
        self.spin_payment = int(self.options["sn.spinadoPayment"])
        intrigue = (KD, JD) if self.options["sn.intrigue"] == "KJ" else (QD_, JD)
        self.combos = ((MATRIMONY, (KD, QD_)), (INTRIGUE, intrigue))
        self._combo_table = tuple((pool, a, b) for pool, (a, b) in self.combos)
        self._finish_setup()

    def combo_table(self, trump: int | None) -> tuple[tuple[int, Card, Card], ...]:
        """SN-11, SN-12: Matrimony and Intrigue, to a player who played both cards."""
        return self._combo_table

    # ---- staking (SN-5) ----------------------------------------------------------

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        out = [(deal.dealer, MATRIMONY, 12), (deal.dealer, INTRIGUE, 6), (deal.dealer, GAME, 6)]
        for seat in deal.others(deal.dealer):
            if seat != deal.prev_winner:
                out.append((seat, GAME, 3))
        return out

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        if seat == dealer:
            return 24
        return 0 if seat == prev_winner else 3

    # ---- play (SN-7 … SN-14 are declared above) ---------------------------------------

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        if c == self.special_card:
            return (
                f"the {self.special_name()} is never played alone: play it with another card, "
                f"as {self.spin_name} (SN-9)"
            )
        return super().explain_lead(deal, seat, c)

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """Matrimony, Intrigue and Game, the two pairs shown with their cards."""
        details = {pool: f"{card_label(a)} {card_label(b)}" for pool, (a, b) in self.combos}
        return tuple(
            PoolFace(name.capitalize(), None, details.get(i, ""))
            for i, name in enumerate(self.pools)
        )


OPTIONS = (
    OptionSpec("sn.spinadoPayment", "int", 3, minimum=0, caption="Payment for a Spinado"),
    OptionSpec("sn.allowSpinadoAlone", "bool", False, caption="The ♦A may be led alone"),
    OptionSpec(
        "sn.intrigue",
        "choice",
        "QJ",
        choices=("QJ", "KJ"),
        caption="Intrigue",
        words=(("QJ", "♦Q and ♦J"), ("KJ", "♦K and ♦J")),
    ),
)
HELP = {
    "sn.spinadoPayment": "Counters each other player pays for a Spinado (SN-8).",
    "sn.allowSpinadoAlone": "On: it may be led on its own, a stop that still earns its 3 "
    "counters (Cassell, SN-9); off: it goes only with another card.",
    "sn.intrigue": "Intrigue is the ♦Q and ♦J, or the ♦K and ♦J (Cassell, SN-12).",
}


DESCRIPTOR = register(
    GameDescriptor(
        name="spinado",
        title="Spinado",
        rules=Spinado,
        order=30,
        recorded=True,
        entries=(Entry("Spinado", rules_page="spinado", rules_title="Spinado", conformance=True),),
        stock_name="Widow",
        option_prefixes=("sn.",),
        options=OPTIONS,
        help=HELP,
    )
)
