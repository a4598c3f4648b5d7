"""Commit (cousins spec §2, CM-1 … CM-16) on the stops engine.

Commit is the game whose missing 8♦ Pope Joan borrows "to form an extra and known stop":
one pool, a bonus for Kings, and the 9♦, the *Commit*, a wild stop. Everything it does in
play is declared (see :mod:`gamecore.stops.game`): the 9♦ is the special card of the
substitute kind, offered by the turn round after every other card (``cm.commitTiming``,
CM-10) and answered by playing it or ``pass``; its payment and the Kings' are card bonuses;
the settlement is the declared card payment with its rate, the caught multiplier, the flat
payment and the unplayed-King penalty (CM-13). Staking (the ante) and the deal sizes are
hooks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import DIAMONDS, FULL_PACK, KING, SUITS, card
from gamecore.games import Entry, GameDescriptor, register
from gamecore.interface import Card, PoolFace
from gamecore.options import OptionSpec
from gamecore.search.settings import SearchSettings
from gamecore.stops.game import (
    ANY_TIME,
    FIXED_STOCK,
    FIXED_STOCK_CARDS,
    IN_TURN,
    SPECIAL_SUBSTITUTE,
    StopsGame,
)

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal

#: CM-4: the Commit; CM-2: the card taken out of the pack.
NINE_OF_DIAMONDS = card(8, DIAMONDS)
EIGHT_OF_DIAMONDS = card(7, DIAMONDS)
KINGS = tuple(card(KING, s) for s in SUITS)
POOL = 0


class Commit(StopsGame):
    """Commit with its resolved options.

    Rules: CM-1 3–8 players; CM-2 51 cards, the 8♦ out; CM-3 ace low, every King a stop;
    CM-4 the 9♦ (declared :attr:`special_card`, :data:`SPECIAL_SUBSTITUTE`); CM-5 the ante
    into one pool (``cm.ante``); CM-6 the deal (``cm.deal``); CM-7 any-card leads, the 9♦
    included; CM-8 continuing (STOP-6); CM-9, CM-10 the offer (``cm.commitTiming``);
    CM-11 the Commit's payment (``cm.commitPayment``), a stop, its player leads; CM-12
    Kings (``cm.kingPayment``); CM-13 settlement (``cm.perCard``,
    ``cm.commitCaughtMultiplier``, ``cm.flatPayment``, ``cm.unplayedKingPenalty``);
    CM-14 the session (GEN-3, GEN-4). CM-15: no irregularity to implement.
    """

    name = "commit"
    #: How Hard searches Commit (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)
    pools = ("pool",)
    min_players = 3
    max_players = 8
    deal_style = FIXED_STOCK
    #: CM-13 step 1: the first player out takes the pool.
    game_pool = POOL
    special_card = NINE_OF_DIAMONDS
    special_kind = SPECIAL_SUBSTITUTE
    #: CM-7, CM-9: the Commit may be led alone, like any card.
    special_leads = True
    #: The call and the reason of its payment (CM-11).
    spin_name = "Commit"
    #: CM-13 step 2: a player caught with the Commit pays the multiplier on his cards.
    double_pay_card = NINE_OF_DIAMONDS

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.pack = FULL_PACK & ~(1 << EIGHT_OF_DIAMONDS)  # CM-2
        timing = self.options["cm.commitTiming"]
        self.offer_timing = ANY_TIME if timing == ANY_TIME else IN_TURN  # CM-10
        self.ante = int(self.options["cm.ante"])  # CM-5
        self.spin_payment = int(self.options["cm.commitPayment"])
        king = int(self.options["cm.kingPayment"])
        # CM-11, CM-12: paid at once by every other player to whoever plays the card.
        self.card_bonus = {
            **{k: (king, "King") for k in KINGS},
            NINE_OF_DIAMONDS: (self.spin_payment, self.spin_name),
        }
        self.card_rate = int(self.options["cm.perCard"])  # CM-13 step 2
        self.double_pay_factor = int(self.options["cm.commitCaughtMultiplier"])
        self.flat_payment = int(self.options["cm.flatPayment"])  # CM-13 step 3
        penalty = int(self.options["cm.unplayedKingPenalty"])
        self.held_penalty = {k: penalty for k in KINGS} if penalty else {}
        self.as_far_as_they_go = self.options["cm.deal"] == "asFarAsTheyGo"  # CM-6
        self._finish_setup()

    # ---- dealing (CM-6) -----------------------------------------------------------------

    def hand_size(self, n: int) -> int:
        """Cards each of ``n`` players receives (CM-6): the table's column (3p 15, 4p 12, 5p 9,
        6p 8, 7p 7, 8p 6), or ``floor(51 / n)`` dealt as far as they go."""
        if self.as_far_as_they_go:
            return self.pack_size() // n
        return FIXED_STOCK_CARDS[n]

    # ---- staking (CM-5) -----------------------------------------------------------------

    def auto_stakes(self, deal: StopsDeal) -> list[tuple[int, int, int]]:
        """CM-5: every player, dealer included, pays ``cm.ante`` into the pool, from the
        eldest round to the dealer."""
        if not self.ante:
            return []
        return [((deal.dealer + i) % deal.n, POOL, self.ante) for i in range(1, deal.n + 1)]

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        """GEN-5 rule 1: ``cm.ante`` for every player (cousins §1)."""
        return self.ante

    # ---- words ---------------------------------------------------------------------------

    def explain_spin(self, deal: StopsDeal, seat: int, c: Card, lead: bool) -> str:
        """No card goes down with another: the 9♦ is played alone (CM-9)."""
        return (
            f"no card goes down with another in Commit: the {self.special_name()} is played "
            "alone, as a lead or in place of a missing card (CM-9)"
        )

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """The one pool (CM-5)."""
        return (PoolFace("Pool"),)


OPTIONS = (
    OptionSpec(
        "cm.deal",
        "choice",
        "table",
        choices=("table", "asFarAsTheyGo"),
        caption="Deal",
        words=(
            ("table", "Foster's table: more stops with three or five"),
            ("asFarAsTheyGo", "as far as the cards go"),
        ),
    ),
    OptionSpec("cm.ante", "int", 1, caption="Ante from each player"),
    OptionSpec(
        "cm.commitTiming",
        "choice",
        IN_TURN,
        choices=(IN_TURN, ANY_TIME),
        caption="When the Commit may be played",
        words=((IN_TURN, "in turn, as the round reaches its holder"), (ANY_TIME, "at any time")),
    ),
    OptionSpec("cm.commitPayment", "int", 2, caption="Payment for the Commit"),
    OptionSpec("cm.kingPayment", "int", 1, caption="Payment for a King"),
    OptionSpec("cm.perCard", "int", 1, caption="Payment per card left"),
    OptionSpec(
        "cm.commitCaughtMultiplier", "int", 2, minimum=1, caption="Caught with the Commit: times"
    ),
    OptionSpec("cm.flatPayment", "int", 0, caption="Flat payment from each loser"),
    OptionSpec("cm.unplayedKingPenalty", "int", 0, caption="Payment per King left"),
)
HELP = {
    "cm.deal": (
        "The deal: by Foster's table of hand sizes, which leaves more cards over as stops "
        "(15 each for three players, 9 for five), or one card each as far as the pack goes "
        "(17 for three, 10 for five); with four, six, seven or eight players both deal "
        "alike (CM-6)."
    ),
    "cm.ante": "Counters each player puts into the pool before every deal (CM-5).",
    "cm.commitTiming": "The 9♦ is offered when the turn round reaches its holder before the "
    "holder of the next card, or after every card (CM-10).",
    "cm.commitPayment": "Counters each other player pays whoever plays the 9♦ (CM-11).",
    "cm.kingPayment": "Counters each other player pays whoever plays a King (CM-12).",
    "cm.perCard": "Counters the first player out receives for each card left in a hand (CM-13).",
    "cm.commitCaughtMultiplier": "A player still holding the 9♦ pays his cards this many "
    "times over (CM-13).",
    "cm.flatPayment": "Counters every other player also pays the first player out (Parlett: "
    "2; CM-13).",
    "cm.unplayedKingPenalty": "Counters a player pays for each King left in his hand "
    "(Parlett: 1; CM-13).",
}


DESCRIPTOR = register(
    GameDescriptor(
        name="commit",
        title="Commit",
        rules=Commit,
        order=45,
        recorded=True,
        entries=(Entry("Commit", rules_page="commit", rules_title="Commit", conformance=True),),
        option_prefixes=("cm.",),
        options=OPTIONS,
        help=HELP,
        # cousins §1: the lowest card drawn may choose the first dealer (default firstJack)
        more_choices={"gen.firstDealer": ("lowestCard",)},
    )
)
