"""Spin: Newmarket with the ♦A (SP-1 … SP-10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamecore.cards import AD, SUIT_NAMES, card_label, suit_of
from gamecore.events import Event
from gamecore.stops.newmarket import Newmarket

if TYPE_CHECKING:
    from gamecore.stops.deal import StopsDeal

_PRIVILEGE = "spin-privilege"  # flag: seat that may make the privileged lead (SP-4)
_SPIN_SUIT = "spin-suit"  # flag: suit of the card the ♦A went down with (SP-10)


class Spin(Newmarket):
    """Spin: the holder of the ♦A may put it down with a continuation card ("Spin"), which
    stops the sequence and gives him a privileged lead.

    Rules: SP-1 base Newmarket; SP-2/SP-3 the Spin and its effect; SP-4 the privileged lead;
    SP-5 never on a lead; SP-6 the ♦A is played only as a Spin (``sp.diamondAceOrdinary``);
    SP-7 ``sp.spinPayment`` and ``sp.leftWithSpinPenalty``; SP-8 going out by Spin; SP-9 ace
    low only; SP-10 ``sp.mustChangeSuit``; STOP-11 a leader holding only the ♦A passes.
    """

    name = "spin"

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.ordinary_ace = bool(self.options["sp.diamondAceOrdinary"])

    def leadable(self, deal: StopsDeal, seat: int) -> int:
        """SP-6: the ♦A does not count for the lowest-card rule (unless ordinary)."""
        hand = deal.hands[seat]
        return hand if self.ordinary_ace else hand & ~(1 << AD)

    def _privileged(self, deal: StopsDeal, seat: int) -> bool:
        return deal.flags.get(_PRIVILEGE) == seat

    def lead_suits(self, deal: StopsDeal, seat: int) -> list[int]:
        suits = super().lead_suits(deal, seat)
        if self._privileged(deal, seat) and self.options["sp.mustChangeSuit"]:
            stopped = deal.flags.get(_SPIN_SUIT)
            if stopped in suits and len(suits) > 1:
                suits.remove(stopped)
        return suits

    def lead_mask(self, deal: StopsDeal, seat: int) -> int:
        """NM-7 leads, plus any pay card held right after a Spin (SP-4, SP-10)."""
        mask = super().lead_mask(deal, seat)
        if self._privileged(deal, seat):
            suits = self.lead_suits(deal, seat)
            for c in self.pay_cards:
                if deal.hands[seat] >> c & 1 and suit_of(c) in suits:
                    mask |= 1 << c
        return mask

    def explain_lead(self, deal: StopsDeal, seat: int, c: int) -> str:
        if c == AD and not self.ordinary_ace:
            return "the ♦A cannot be led: it is played only with a continuation, as a Spin (SP-6)"
        if self._privileged(deal, seat) and suit_of(c) not in self.lead_suits(deal, seat):
            return (f"after a Spin the next sequence must be in a suit other than "
                    f"{SUIT_NAMES[suit_of(c)]} (SP-10)")
        return super().explain_lead(deal, seat, c)

    def spin_allowed(self, deal: StopsDeal, seat: int, c: int, lead: bool) -> bool:
        """SP-2, SP-5: only with a continuation card, by the holder of the ♦A."""
        return not lead and c != AD and bool(deal.hands[seat] >> AD & 1)

    def on_play(self, deal: StopsDeal, seat: int, c: int, spin: bool,
                events: list[Event]) -> None:
        super().on_play(deal, seat, c, spin, events)  # SP-3: the card's own effects first
        if spin:
            for other in deal.others(seat):
                deal.pay(other, seat, int(self.options["sp.spinPayment"]), "Spin", events)

    def after_stop(self, deal: StopsDeal, seat: int, spin: bool) -> None:
        if spin:
            deal.flags[_PRIVILEGE] = seat
            deal.flags[_SPIN_SUIT] = deal.last_suit
        else:
            deal.flags.pop(_PRIVILEGE, None)

    def after_lead_passed(self, deal: StopsDeal) -> None:
        deal.flags.pop(_PRIVILEGE, None)  # STOP-11: a privilege never passes

    def card_payment(self, deal: StopsDeal, seat: int) -> int:
        """SP-7: 1 per card; 2 per card for the holder of the ♦A with the penalty option."""
        n = deal.hands[seat].bit_count()
        if self.options["sp.leftWithSpinPenalty"] and deal.hands[seat] >> AD & 1:
            return 2 * n
        return n


def spin_words(c: int) -> str:
    """The call for a Spin: "Spin! (10♠ with the ♦A)"."""
    return f"Spin! ({card_label(c)} with the ♦A)"
