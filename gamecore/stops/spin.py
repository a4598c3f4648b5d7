"""Spin: Newmarket with the ♦A (SP-1 … SP-10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import AD, SUIT_NAMES, suit_of
from gamecore.games import Entry, GameDescriptor, register
from gamecore.options import OptionSpec
from gamecore.search.settings import SearchSettings
from gamecore.stops.game import SPECIAL_SPIN
from gamecore.stops.newmarket import Newmarket, check_stakes

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal


class Spin(Newmarket):
    """Spin: the holder of the ♦A may put it down with a continuation card ("Spin"), which
    stops the sequence and gives him a privileged lead.

    Rules: SP-1 base Newmarket; SP-2/SP-3 the Spin and its effect; SP-4 the privileged lead;
    SP-5 never on a lead; SP-6 the ♦A is played only as a Spin (``sp.diamondAceOrdinary``);
    SP-7 ``sp.spinPayment`` and ``sp.leftWithSpinPenalty``; SP-8 going out by Spin; SP-9 ace
    low only; SP-10 ``sp.mustChangeSuit``; STOP-11 a leader holding only the ♦A passes.
    All of it is declared (see :mod:`gamecore.stops.game`); only the words of a refused lead
    are Spin's own code.
    """

    name = "spin"
    #: How Hard searches Spin (:mod:`gamecore.search.settings`).
    search_settings = SearchSettings(inference=True, endgame=True, value_ties=True)
    #: SP-2, SP-5: the ♦A goes down only with a continuation card; SP-3 it stops the sequence.
    special_card = AD
    special_label = "♦A"
    special_kind = SPECIAL_SPIN
    spin_name = "Spin"
    #: SP-4: the spinner may lead any pay card next.
    spin_privilege = True

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        #: SP-6: the ♦A is an ordinary card too (else it never counts for a lead).
        self.ordinary_ace = bool(self.options["sp.diamondAceOrdinary"])
        self.special_leads = self.ordinary_ace
        self.privilege_must_change = bool(self.options["sp.mustChangeSuit"])  # SP-10
        self.spin_payment = int(self.options["sp.spinPayment"])  # SP-7
        if self.options["sp.leftWithSpinPenalty"]:
            self.double_pay_card = AD  # SP-7: 2 per card for the holder of the ♦A

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        if c == self.special_card and not self.ordinary_ace:
            return (
                f"the {self.special_name()} cannot be led: it is played only with a "
                f"continuation, as a {self.spin_name} (SP-6)"
            )
        if self.privileged(deal, seat) and suit_of(c) not in self.lead_suits(deal, seat):
            return (
                f"after a Spin the next sequence must be in a suit other than "
                f"{SUIT_NAMES[suit_of(c)]} (SP-10)"
            )
        return super().explain_lead(deal, seat, c)


OPTIONS = (
    OptionSpec(
        "sp.diamondAceOrdinary", "bool", False, caption="The ♦A may be led as an ordinary card"
    ),
    OptionSpec("sp.mustChangeSuit", "bool", False, caption="Change suit after a Spin"),
    OptionSpec(
        "sp.leftWithSpinPenalty", "bool", False, caption="Penalty for being left with the ♦A"
    ),
    OptionSpec("sp.spinPayment", "int", 0, minimum=0, caption="Payment for a Spin"),
)
HELP = {
    "sp.diamondAceOrdinary": "The ♦A may also be led as an ordinary card (SP-6).",
    "sp.mustChangeSuit": "The lead right after a Spin must change suit (SP-10).",
    "sp.leftWithSpinPenalty": "A player caught holding the ♦A pays 2 per card (SP-7).",
    "sp.spinPayment": "Counters each other player pays the spinner (SP-7).",
}


DESCRIPTOR = register(
    GameDescriptor(
        name="spin",
        title="Spin",
        rules=Spin,
        order=20,
        recorded=True,
        entries=(Entry("Spin", rules_page="spin", rules_title="Spin", conformance=True),),
        option_prefixes=("nm.", "sp."),
        options=OPTIONS,
        help=HELP,
        check_options=check_stakes,
        fixed={"nm.aceHigh": (False, "SP-9")},
    )
)
