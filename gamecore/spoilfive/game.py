"""Spoil Five's rules description: options, pack, deal, staking (SF-1 … SF-10, SF-6/7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gamecore.cards import FULL_PACK
from gamecore.games import TRICKS, Entry, GameDescriptor, register
from gamecore.interface import Card, CardSet, PoolFace
from gamecore.options import OptionSpec
from gamecore.search.settings import SearchSettings

if TYPE_CHECKING:
    from gamecore.spoilfive.deal import SpoilFiveDeal


class SpoilFive:
    """Spoil Five with its resolved options (see :mod:`gamecore.options`, section 7.9).

    Shares the interface the session and the record use with
    :class:`gamecore.stops.game.StopsGame`: ``name``, ``pools``, ``min_players``,
    ``max_players``, ``pack``, ``options``, ``hand_size``, ``deal_from_deck``,
    ``least_stake`` and ``new_deal``.
    """

    name = "spoil-five"
    family = TRICKS
    pools = ("pool",)
    min_players = 2
    max_players = 10
    turns_trump = True
    turnup_in_stock = False
    ace_high = False
    #: No card goes down with another in a trick game (see ``Rules.special_card``).
    special_card: Card | None = None
    #: Nothing is offered to be declined with ``pass`` (see ``Rules.has_pass``).
    has_pass = False
    #: No widow is decided before the first lead (see ``Rules.has_widow``).
    has_widow = False
    #: How Hard searches Spoil Five (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)

    def special_name(self) -> str:
        """What the table calls the special card: a trick game has none (``""``)."""
        return ""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        #: A forced card plays itself after a short pause, the table's option (off here).
        self.plays_forced_by_itself = bool(self.options.get("sf.autoPlayForced", False))
        self.pack: CardSet = FULL_PACK
        # Declarations the engine, the fast path and the determinizer read (a cousin game
        # with options of its own sets these from them).
        #: SF-21 … SF-23: robbing the turned-up trump: "optional", "compulsory" or "off".
        self.robbing = str(self.options["sf.robbing"])
        #: SF-31: a player who won the first three tricks may play on for all five.
        self.jinking = bool(self.options["sf.jinking"])
        #: SF-32: what each other player pays a successful jinker.
        self.jink_bonus = int(self.options["sf.jinkBonus"])
        #: AMB-18: tricks are played out once the deal is decided.
        self.play_out_dead_tricks = bool(self.options["sf.playOutDeadTricks"])

    def pack_size(self) -> int:
        """52 (SF-2)."""
        return 52

    def hand_size(self, n: int) -> int:
        """Five cards each (SF-9)."""
        return 5

    def hand_sizes(self, n: int, dealer: int) -> list[int]:
        """Five cards each seat (SF-9)."""
        return [5] * n

    def deal_from_deck(
        self, deck: list[int], n: int, dealer: int
    ) -> tuple[list[list[int]], list[int], int | None]:
        """SF-9, SF-10: packets of 3 then 2 (or 2 then 3) from the eldest; deck index 5N
        is turned for trumps; the rest is the stock. Returns ``(hands, stock, turnup)``."""
        first, second = (3, 2) if self.options["sf.packets"] == "3-2" else (2, 3)
        hands: list[list[int]] = [[] for _ in range(n)]
        i = 0
        for size in (first, second):
            for j in range(n):
                seat = (dealer + 1 + j) % n
                hands[seat].extend(deck[i : i + size])
                i += size
        return hands, deck[5 * n + 1 :], deck[5 * n]

    def stakes(self, n: int, dealer: int, fresh: bool) -> list[tuple[int, int]]:
        """SF-6 / SF-7: what each seat pays into the pool before a deal, as
        ``(seat, counters)``; ``fresh`` when the pool was won last deal (or none yet)."""
        opt = self.options
        if opt["sf.staking"] == "dealerPaysAll":
            return [(dealer, n * int(opt["sf.ante"]))]
        if not fresh:
            return [(dealer, int(opt["sf.dealerAdd"]))]
        out = [((dealer + 1 + j) % n, int(opt["sf.ante"])) for j in range(n)]
        if opt["sf.dealerAddsOnFresh"]:
            out.append((dealer, int(opt["sf.dealerAdd"])))
        return out

    def least_stake(
        self,
        seat: int,
        dealer: int,
        balances: list[int],
        prev_winner: int | None = None,
        fresh: bool = True,
    ) -> int:
        """GEN-5 rule 1: what SF-6/SF-7 make ``seat`` pay before the next deal."""
        return sum(n for s, n in self.stakes(len(balances), dealer, fresh) if s == seat)

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
    ) -> SpoilFiveDeal:
        """A new deal with these cards (int masks) and counters (``order``, the hands in
        deal order, is not read: no card of a hand lies face up)."""
        from gamecore.spoilfive.deal import SpoilFiveDeal

        assert turnup is not None
        return SpoilFiveDeal(self, dealer, hands, stock, turnup, balances, pools, fresh)

    def pool_faces(self, turnup: Card | None) -> tuple[PoolFace, ...]:
        """The one pool (SF-6)."""
        return (PoolFace("Pool"),)


# ---- options (section 7.9) -----------------------------------------------------------------

OPTIONS = (
    OptionSpec(
        "sf.staking",
        "choice",
        "foster",
        choices=("foster", "dealerPaysAll"),
        caption="Staking",
        words=(
            ("foster", "everyone antes"),
            ("dealerPaysAll", "the dealer stakes for all"),
        ),
    ),
    OptionSpec("sf.ante", "int", 1, minimum=0, caption="Stake to a fresh pool"),
    OptionSpec("sf.dealerAdd", "int", 1, minimum=0, caption="Dealer's addition to a running pool"),
    OptionSpec("sf.jinkBonus", "int", 1, minimum=0, caption="Jink bonus"),
    OptionSpec(
        "sf.dealerAddsOnFresh", "bool", False, caption="The dealer adds to a fresh pool too"
    ),
    OptionSpec("sf.jinking", "bool", True, caption="Jinking"),
    # SF-41, SF-42: the app deals by itself and offers no redeal, so the forfeit can never
    # apply; a record may still carry it, but New Game does not offer a choice that does
    # nothing (a player read it as a rule that was missing from the table).
    OptionSpec(
        "sf.misdealForfeit",
        "bool",
        False,
        house_rule=False,
        caption="A misdealer may pay and deal again",
    ),
    OptionSpec(
        "sf.playOutDeadTricks", "bool", False, caption="Play out tricks once the deal is decided"
    ),
    OptionSpec(
        "sf.autoPlayForced",
        "bool",
        False,
        house_rule=False,
        caption="Play forced cards automatically",
    ),
    OptionSpec(
        "sf.robbing",
        "choice",
        "optional",
        choices=("optional", "compulsory", "off"),
        caption="Robbing the turned-up trump",
        words=(
            ("optional", "allowed"),
            ("compulsory", "compulsory"),
            ("off", "not played"),
        ),
    ),
    OptionSpec(
        "sf.packets",
        "choice",
        "3-2",
        choices=("3-2", "2-3"),
        caption="Dealing",
        words=(("3-2", "three cards, then two"), ("2-3", "two cards, then three")),
    ),
)
HELP = {
    "sf.staking": "Each player antes, or the dealer stakes for everybody (SF-6).",
    "sf.ante": "Each player's stake to a fresh pool (SF-6).",
    "sf.dealerAdd": "What each later dealer adds while the pool is running (SF-6).",
    "sf.jinkBonus": "What each other player pays a player who jinks and wins all five (SF-32).",
    "sf.dealerAddsOnFresh": "The dealer of a fresh pool also adds his dealer's counter (AMB-16).",
    "sf.jinking": "After winning three tricks a player may play on for all five (SF-31).",
    "sf.misdealForfeit": "A dealer who misdeals may pay 2 counters into the pool and deal "
    "again (SF-42; automatic dealing never misdeals).",
    "sf.playOutDeadTricks": "Play the remaining tricks when the deal is already decided (AMB-18).",
    "sf.robbing": "Allowed, compulsory, or not played at all (SF-21).",
    "sf.packets": "Deal in packets of three then two, or two then three (SF-9).",
}


DESCRIPTOR = register(
    GameDescriptor(
        name="spoil-five",
        title="Spoil Five",
        rules=SpoilFive,
        order=50,
        recorded=True,
        entries=(
            Entry(
                "Spoil Five", rules_page="spoil-five", rules_title="Spoil Five", conformance=True
            ),
        ),
        default_players=5,
        stock_name="Pack",
        option_prefixes=("sf.",),
        options=OPTIONS,
        help=HELP,
        option_defaults={"gen.startCounters": 20},
        bench_target=15_000,
    )
)
