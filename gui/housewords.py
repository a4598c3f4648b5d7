"""House rules in plain words: a caption for every option key, words for every choice, and
the one-line help without the rule ids (no Qt, no rules).

New Game and the rules browser both name the house rules from here, so a rule is called
the same everywhere. The rule ids ("GEN-4", "SN-9") belong to the rules specification and
stay in :data:`gamecore.options.HELP`; people at the table see :func:`plain_help`.
"""

from __future__ import annotations

import re
from typing import Any

from gamecore.options import HELP

__all__ = ["CAPTIONS", "CHOICE_WORDS", "caption", "choice_text", "plain_help", "suit_text",
           "suit_letters"]

#: The name of every house rule, as people read it.
CAPTIONS: dict[str, str] = {
    "gen.rounds": "Rounds",
    "gen.startCounters": "Counters at the start",
    "gen.allowDebt": "Players may go below zero",
    "gen.endPools": "Pools left at the end",
    "gen.firstDealer": "First dealer",
    "pj.profile": "Layout",
    "pj.pope": "The Pope",
    "pj.honourSuits": "Suits of the layout cards",
    "pj.removeEightOfDiamonds": "Play without the 8♦",
    "pj.doubling": "Held layout cards double their pool",
    "pj.m.doubleCombos": "Unplayed honours double their pool",
    "pj.c.popeExcuses": "The Pope excuses its holder",
    "pj.c.parlettLead": "Ace high, lowest-card leads",
    "pj.m.dealerStake": "Dealer's stake",
    "pj.m.turnUpAwards": "A turned-up Pope",
    "pj.c.popeTurnUp": "A turned-up Pope",
    "nm.stake": "Stake named by a computer dealer",
    "nm.minStake": "Smallest stake",
    "nm.maxStake": "Largest stake",
    "nm.aceHigh": "Aces high",
    "nm.removeEightOfDiamonds": "Play without the 8♦",
    "nm.mustChangeSuit": "Change suit after a stop",
    "sp.diamondAceOrdinary": "The ♦A may be led as an ordinary card",
    "sp.mustChangeSuit": "Change suit after a Spin",
    "sp.leftWithSpinPenalty": "Penalty for being left with the ♦A",
    "sp.spinPayment": "Payment for a Spin",
    "sn.spinadoPayment": "Payment for a Spinado",
    "sn.allowSpinadoAlone": "The ♦A may be led alone",
    "sn.intrigue": "Intrigue",
    "sf.staking": "Staking",
    "sf.ante": "Stake to a fresh pool",
    "sf.dealerAdd": "Dealer's addition to a running pool",
    "sf.jinkBonus": "Jink bonus",
    "sf.dealerAddsOnFresh": "The dealer adds to a fresh pool too",
    "sf.jinking": "Jinking",
    "sf.misdealForfeit": "A misdealer may pay and deal again",
    "sf.playOutDeadTricks": "Play out tricks once the deal is decided",
    "sf.robbing": "Robbing the turned-up trump",
    "sf.packets": "Dealing",
    "stop.autoPlayForced": "Play forced cards automatically",
    "sf.autoPlayForced": "Play forced cards automatically",
    "pj.dealerMayViewStock": "The dealer may look at the dead hand",
}

#: Every choice of every choice option, in words.
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "gen.endPools": {"split": "shared out among the players",
                     "carryToNextSession": "kept for the next session"},
    "gen.firstDealer": {"firstJack": "the first Jack dealt face up", "random": "at random",
                        "seat": "the first seat"},
    "pj.profile": {"F": "Foster's layout", "M": "trump layout (Matrimony, Intrigue…)",
                   "C": "classic board"},
    "pj.pope": {"7D": "7♦", "9D": "9♦"},
    "pj.m.turnUpAwards": {"none": "gives nothing", "classic": "gives the dealer the Pope pool"},
    "pj.c.popeTurnUp": {"popeGameAndEnd": "the dealer takes Pope and Game, no play",
                        "popeOnly": "the dealer takes the Pope pool, then play"},
    "sn.intrigue": {"QJ": "♦Q and ♦J", "KJ": "♦K and ♦J"},
    "sf.staking": {"foster": "everyone antes", "dealerPaysAll": "the dealer stakes for all"},
    "sf.robbing": {"optional": "allowed", "compulsory": "compulsory", "off": "not played"},
    "sf.packets": {"3-2": "three cards, then two", "2-3": "two cards, then three"},
}

_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_LETTER = {v: k for k, v in _SUIT_SYMBOL.items()}
# A rule id of the specification: GEN-4, SN-12, PJ-C-5, AMB-16.
_RULE_ID = re.compile(r"\b[A-Z]{2,4}(?:-[A-Z])?-\d+\b")


def caption(key: str) -> str:
    """The name of house rule ``key`` ("nm.aceHigh" → "Aces high"); an unknown key is
    turned into words from its last part ("nm.someRule" → "Some rule")."""
    if key in CAPTIONS:
        return CAPTIONS[key]
    last = key.split(".")[-1]
    words = "".join(" " + ch.lower() if ch.isupper() else ch for ch in last)
    return words[:1].upper() + words[1:]


def choice_text(key: str, value: Any) -> str:
    """Choice ``value`` of option ``key`` in words ("firstJack" → "the first Jack dealt face
    up"); a value without words is shown as it is."""
    return CHOICE_WORDS.get(key, {}).get(str(value), str(value))


def suit_text(letters: str) -> str:
    """Suit letters as symbols: "DCSH" → "♦♣♠♥" (symbols stay as they are)."""
    return "".join(_SUIT_SYMBOL.get(ch.upper(), ch) for ch in letters)


def suit_letters(text: str) -> str:
    """Suits typed or shown as symbols or letters, as the letters a record keeps:
    "♦♣♠♥" → "DCSH"; spaces are dropped."""
    return "".join(_SUIT_LETTER.get(ch, ch.upper()) for ch in text if not ch.isspace())


def plain_help(key: str) -> str:
    """The one-line help of ``key`` without the rule ids: "Whole rounds in a session:
    every player deals this many times." (not "… (GEN-4)"); other words in brackets stay
    ("(Cassell)")."""
    text = HELP.get(key, "")

    def strip(m: re.Match[str]) -> str:
        inner = _RULE_ID.sub("", m.group(1))
        inner = re.sub(r"\s*[,;]\s*(?=[,;]|$)", "", inner)  # separators left dangling
        inner = re.sub(r"^[\s,;]+|[\s,;]+$", "", inner)
        return f" ({inner})" if inner else ""

    text = re.sub(r"\s*\(([^()]*)\)", strip, text)
    return re.sub(r"\s+([.,;:])", r"\1", text).strip()
