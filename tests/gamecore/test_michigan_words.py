"""Michigan's events in the engine's words (issue 18 point 6, issue 24): the widow's choice,
the auction and its payment, the dead hand, a combination item, the kitty and the lead
passed on after a stop, each one sentence with its rule id (MI-7, MI-8, MI-11, MI-12,
MI-14)."""

from __future__ import annotations

from gamecore.actions import parse_action
from gamecore.explain import agree, explain_events, scene_before
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.stops.deal import StopsDeal
from helpers import scenario_deal

NAMES = ("Ann", "Ben", "Cat", "You")
T4 = ["2S 9C JC", "3S 4S 6S", "QD KD 10C 3H"]


def mi(**options):
    """Michigan rules; keyword ``mi_kitty=True`` → ``mi.kitty``."""
    return make_game("michigan", {k.replace("_", "."): v for k, v in options.items()})


def fresh(game) -> StopsDeal:
    """A dealt four-hand deal (deck in index order, the person the dealer) after the antes."""
    session = Session(game, list(NAMES), 3)
    session.start_deal_from_deck(list(range(52)))
    assert session.deal is not None
    return session.deal  # type: ignore[return-value]


def said(deal: StopsDeal, *texts: str, names=NAMES) -> list[str]:
    """The sentences of the actions ``texts`` (record syntax) applied in turn."""
    out: list[str] = []
    for text in texts:
        before = deal.clone()
        action = parse_action(text, deal.game.pools, passes=True, widow=True)
        out += explain_events(deal.apply(action), scene_before(before, names))
    return out


def test_the_auction_and_its_payment_mi_7_mi_8():
    deal = fresh(mi())
    assert said(deal, "3 auction", "0 bid 2", "1 pass", "2 bid 3", "0 pass") == [
        "You offer the widow for sale: the others bid for it clockwise from the eldest "
        "hand, and a pass is final (MI-7, MI-8).",
        "Ann bids 2 for the widow: a bid must be higher than the one before it (MI-8).",
        "Ben passes, and is out of the auction for good (MI-8).",
        "Cat bids 3 for the widow: a bid must be higher than the one before it (MI-8).",
        "Ann passes, and is out of the auction for good (MI-8).",
        "Cat pays you 3 for the widow: the high bid in the auction buys it, unseen, from "
        "the dealer (MI-8).",
        "The widow goes to Cat unseen, bought for 3; Cat's own hand becomes the dead hand, "
        "which only Cat has seen (MI-8).",
    ]


def test_the_person_passing_in_the_auction_reads_you_pass_and_are_out_mi_8():
    """It read "You passe, and is out of the auction for good." in the review."""
    deal = fresh(mi())
    names = ("You", "Ben", "Cat", "Dan")
    assert said(deal, "3 auction", "0 pass", names=names)[1] == (
        "You pass, and are out of the auction for good (MI-8)."
    )


def test_verbs_agree_with_you_whatever_their_ending():
    verbs = ["passes", "reaches", "wishes", "fixes", "takes", "exchanges", "is", "goes", "cannot"]
    assert [agree("You", v) for v in verbs] == [
        "pass", "reach", "wish", "fix", "take", "exchange", "are", "go", "cannot",
    ]  # fmt: skip
    assert [agree("Ben", v) for v in verbs] == verbs


def test_the_exchange_the_keep_and_no_sale_mi_7_mi_8():
    assert said(fresh(mi()), "3 exchange") == [
        "You exchange: the widow goes to you unseen, and your own hand becomes the dead "
        "hand (MI-7).",
        "The widow goes to you unseen; your own hand becomes the dead hand, which only you "
        "have seen (MI-7).",
    ]
    assert said(fresh(mi()), "3 keep") == [
        "You keep your hand: the widow stays face down as the dead hand (MI-7).",
        "The widow stays face down as the dead hand: the dealer kept his hand (MI-7).",
    ]
    assert said(fresh(mi()), "3 auction", "0 pass", "1 pass", "2 pass")[-1] == (
        "The widow stays face down as the dead hand: nobody bid for it (MI-8)."
    )


def test_a_combination_item_and_the_kitty_mi_12_mi_14():
    game = mi(mi_layout="AH KC QD JS KD+QD", mi_kitty=True)
    deal = scenario_deal(
        game, T4, stock="5S AD QC", rest="stock", pools=[4, 4, 4, 4, 6, 4], dealer=2
    )
    lines = said(deal, "0 2S", "1 3S", "1 4S", "2 QD", "2 KD", "2 10C", "0 JC", "1 6S")
    assert lines[8] == (
        "Cat takes the ♦K+♦Q pool (6): Cat has played every card of that combination (MI-12)."
    )
    assert lines[16] == (
        "Ben takes the Kitty pool (4): the first player out takes the kitty (MI-14)."
    )


def test_a_leader_who_cannot_change_suit_passes_the_lead_mi_11():
    deal = scenario_deal(
        mi(), ["KS 7S 9S", "5S 2H", "6S"], stock="AS", pools=[0] * 4, dealer=2, top="QS", to_act=0
    )
    assert said(deal, "0 KS")[-1] == (
        "Ann cannot lead: no card in hand of another suit than spades, and the lead after a "
        "stop must change suit (MI-11); Ben leads instead if able."
    )
