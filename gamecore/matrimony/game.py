"""Matrimony's rules: the pack, the deal, the staking bounds and the layout (cousins spec §3,
MT-1 … MT-16), its options (§7.2) and its registration.

A game without play (:data:`~gamecore.interface.CHANCE`): the dealer names a stake, everyone
spreads counters over five compartments, the cards are dealt and the deal resolves itself
(:mod:`gamecore.matrimony.deal`). Two profiles: Foster's two-card game (``mt.profile = F``,
the default) and the Hoyle three-card game (``H``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gamecore.cards import AD, FULL_PACK, card_label
from gamecore.games import Entry, GameDescriptor, register
from gamecore.interface import CHANCE, Card, CardSet, PoolFace
from gamecore.matrimony.resolve import HIGHEST_CARD, HIGHEST_DIAMOND, POOLS
from gamecore.options import OptionSpec
from gamecore.search.settings import SearchSettings

if TYPE_CHECKING:
    from gamecore.matrimony.deal import MatrimonyDeal

#: The profiles (AMB-35): Foster's two cards, the Hoyle text's three.
FOSTER, HOYLE = "F", "H"
#: ``mt.othersStake`` (MT-5, AMB-37): exactly one fewer than the dealer, or at most.
EXACT, AT_MOST = "exact", "atMost"
#: MT-5 step 5: the automatic split gives one counter per compartment in this order.
AUTO_SPLIT_ORDER = (0, 1, 2, 3, 4)


class Matrimony:
    """Matrimony with its resolved options (see :mod:`gamecore.options`, cousins §7.2).

    Rules: MT-1 3–14 players; MT-2 the full pack; MT-3 five compartments (:data:`POOLS`);
    MT-4 ranks (the ace high in MT-H, :attr:`ace_high`); MT-5 staking
    (:meth:`stake_bounds`, :meth:`split_bounds`, :meth:`auto_split`, :meth:`least_stake`);
    MT-6 the deal (:meth:`deal_from_deck`); MT-7 … MT-12 the resolution
    (:mod:`gamecore.matrimony.resolve`, :mod:`gamecore.matrimony.deal`); MT-13 the session
    (GEN-3, GEN-4, GEN-6, the session's); MT-14 no irregularity; MT-15 the first dealer by
    the lowest card (the descriptor's default); MT-16 options and records.
    """

    name = "matrimony"
    family = CHANCE
    pools = POOLS
    min_players = 3
    max_players = 14
    #: No trump is turned, no card is put down with another, nothing is offered to decline.
    turns_trump = False
    turnup_in_stock = True
    special_card: Card | None = None
    has_pass = False
    #: No widow is decided before a card is dealt (see ``Rules.has_widow``).
    has_widow = False
    #: No card is played, so none plays itself.
    plays_forced_by_itself = False
    #: No card decision, so nothing is searched: the defaults, never read.
    search_settings = SearchSettings()
    #: MT-7: the card that, dealt face up, takes the whole layout at once; face down it is
    #: an ordinary card (MT-8, MT-10). Everything else reads it from here.
    sweep_card: Card = AD

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        #: ``"F"`` or ``"H"`` (AMB-35).
        self.profile = str(self.options["mt.profile"])
        #: MT-6: two cards each (one down, one up) in MT-F, three (two down, one up) in MT-H.
        self.three_cards = self.profile == HOYLE
        #: MT-4: MT-H compares ranks with the ace high; MT-F compares none.
        self.ace_high = self.three_cards
        self.pack: CardSet = FULL_PACK
        #: MT-5 step 2: ``exact`` or ``atMost``.
        self.others_stake = str(self.options["mt.othersStake"])
        #: MT-10: how Best is won without a turned A♦ in MT-H (no effect in MT-F).
        self.best = str(self.options["mt.h.best"])

    def special_name(self) -> str:
        """No card is special in play: there is no play (``""``)."""
        return ""

    def sweep_name(self) -> str:
        """What the table calls :attr:`sweep_card` ("A♦")."""
        return card_label(self.sweep_card)

    # ---- the pack and the deal (MT-2, MT-6) --------------------------------------------

    def pack_size(self) -> int:
        """52 (MT-2)."""
        return 52

    def hand_size(self, n: int) -> int:
        """Cards each player receives: 2 in MT-F, 3 in MT-H, whatever ``n`` (MT-6)."""
        return 3 if self.three_cards else 2

    def hand_sizes(self, n: int, dealer: int) -> list[int]:
        """Cards each of the ``n`` seats receives, whoever deals: all alike (MT-6)."""
        return [self.hand_size(n)] * n

    def deal_from_deck(
        self, deck: list[int], n: int, dealer: int
    ) -> tuple[list[list[int]], list[int], int | None]:
        """MT-6: rounds of one card each from the eldest to the dealer, face down, then one
        round face up: deck index ``i`` below ``k·N`` goes to seat
        ``(dealer + 1 + i mod N) mod N`` in round ``i div N``; the rest is the stock (unused,
        never shown). Each hand lists its face-down cards first and its face-up card last
        (cousins §6.2). Returns ``(hands, stock, None)``."""
        k = self.hand_size(n)
        hands: list[list[int]] = [[] for _ in range(n)]
        for i, c in enumerate(deck[: k * n]):
            hands[(dealer + 1 + i % n) % n].append(c)
        return hands, list(deck[k * n :]), None

    # ---- staking (MT-5, GEN-5) ---------------------------------------------------------

    def stake_bounds(self, dealer: int, balances: Sequence[int]) -> tuple[int, int | None, int]:
        """``(low, high, default)`` of the dealer's stake D (MT-5 steps 1, 5, 6): at least 1;
        with ``gen.allowDebt = false`` at most his balance and, under ``exact``, at most one
        more than every other player's balance (each must pay D − 1); ``high`` is ``None``
        without a cap. The default is ``mt.dealerStake`` lowered to the cap."""
        high: int | None = None
        if not self.options["gen.allowDebt"]:
            high = balances[dealer]
            if self.others_stake == EXACT:
                others = [b + 1 for s, b in enumerate(balances) if s != dealer]
                high = min([high, *others])
        default = int(self.options["mt.dealerStake"])
        if high is not None:
            default = max(1, min(default, high))
        return 1, high, default

    def split_bounds(self, dealer: int, seat: int, stake: int, balance: int) -> tuple[int, int]:
        """``(least, most)`` counters ``seat`` (with ``balance``) spreads once the dealer
        named ``stake`` (MT-5 steps 1, 2, 6): the dealer exactly ``stake``; another player
        exactly ``stake − 1`` under ``exact``, or under ``atMost`` any total from
        ``min(1, h)`` to ``h``, where ``h`` is ``stake − 1``, lowered to his balance with
        ``gen.allowDebt = false``."""
        if seat == dealer:
            return stake, stake
        most = stake - 1
        if self.others_stake == EXACT:
            return most, most
        if not self.options["gen.allowDebt"]:
            most = max(0, min(most, balance))
        return min(1, most), most

    def auto_split(self, total: int) -> tuple[int, ...]:
        """The automatic split of ``total`` counters (MT-5 step 5): one per compartment in
        the order Matrimony, Intrigue, Confederacy, Pair, Best, cycling."""
        rounds, rest = divmod(total, len(AUTO_SPLIT_ORDER))
        amounts = [0] * len(self.pools)
        for i, pool in enumerate(AUTO_SPLIT_ORDER):
            amounts[pool] = rounds + (1 if i < rest else 0)
        return tuple(amounts)

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        """GEN-5 rule 1 (cousins §1): the dealer must be able to pay 1, the others 0."""
        return 1 if seat == dealer else 0

    def new_deal(
        self,
        dealer: int,
        hands: list[int],
        stock: int,
        turnup: int | None,
        balances: list[int],
        pools: list[int],
        prev_winner: int | None,
        fresh: bool = True,
        order: Sequence[Sequence[Card]] | None = None,
    ) -> MatrimonyDeal:
        """A new deal: ``hands`` (int masks) and ``order`` (the same hands in deal order,
        which says the face-up card: required, MT-6), ``stock`` (int mask), counters.
        Raises ``ValueError`` without ``order``, or with an ``order`` that is not
        ``hands``."""
        from gamecore.matrimony.deal import MatrimonyDeal

        return MatrimonyDeal(self, dealer, hands, stock, balances, pools, order)

    # ---- the layout as shown (MT-3) ----------------------------------------------------

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """The five compartments with what wins each (MT-3, MT-7, MT-10)."""
        best = f"{self.sweep_name()} up"
        if self.three_cards:
            best = f"{self.sweep_name()} or " + (
                "top ♦" if self.best == HIGHEST_DIAMOND else "high"
            )
        details = ("K Q", "Q J", "K J", "two alike", best)
        return tuple(
            PoolFace(name.capitalize(), None, detail)
            for name, detail in zip(self.pools, details, strict=True)
        )


# ---- options (cousins §7.2) --------------------------------------------------------------

OPTIONS = (
    OptionSpec(
        "mt.profile",
        "choice",
        FOSTER,
        choices=(FOSTER, HOYLE),
        caption="Cards each",
        words=(
            (FOSTER, "two: one down, one up (Foster)"),
            (HOYLE, "three: two down, one up (Hoyle)"),
        ),
    ),
    OptionSpec("mt.dealerStake", "int", 5, minimum=1, caption="Dealer's stake"),
    OptionSpec(
        "mt.othersStake",
        "choice",
        EXACT,
        choices=(EXACT, AT_MOST),
        caption="The others stake",
        words=((EXACT, "exactly one fewer"), (AT_MOST, "at most one fewer")),
    ),
    OptionSpec(
        "mt.h.best",
        "choice",
        HIGHEST_CARD,
        choices=(HIGHEST_CARD, HIGHEST_DIAMOND),
        caption="Best without the A♦",
        words=(
            (HIGHEST_CARD, "the highest card (Hoyle)"),
            (HIGHEST_DIAMOND, "the highest diamond (Cassell)"),
        ),
    ),
)
HELP = {
    "mt.profile": "Foster's two cards each, or the Hoyle game's three (MT-6, AMB-35).",
    "mt.dealerStake": "The dealer's usual stake D, which the table proposes and the computer "
    "players name; everyone else stakes D − 1 (MT-5).",
    "mt.othersStake": "The others stake exactly one fewer than the dealer, or choose any "
    "total up to one fewer (Cassell; MT-5).",
    "mt.h.best": "In the three-card game, without a turned A♦ Best goes to the highest card "
    "shown, or to the highest diamond (MT-10).",
}


DESCRIPTOR = register(
    GameDescriptor(
        name="matrimony",
        title="Matrimony",
        rules=Matrimony,
        order=47,
        recorded=True,
        entries=(
            Entry(
                "Matrimony",
                profile=FOSTER,
                house_rules=("mt.dealerStake", "mt.othersStake"),
                rules_page="matrimony-f",
                rules_title="Matrimony",
                conformance=True,
            ),
            Entry(
                "Matrimony, three cards (Hoyle)",
                profile=HOYLE,
                house_rules=("mt.",),
                rules_page="matrimony-h",
                rules_title="Matrimony, three cards",
                conformance=True,
            ),
        ),
        default_players=5,
        stock_name="Pack",
        option_prefixes=("mt.",),
        options=OPTIONS,
        help=HELP,
        profile_key="mt.profile",
        # MT-15 (cousins §1, AMB-44): Foster's players draw and the lowest card deals
        option_defaults={"gen.firstDealer": "lowestCard"},
        more_choices={"gen.firstDealer": ("lowestCard",)},
    )
)
