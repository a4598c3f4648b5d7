"""Spoil Five rules SF-1 … SF-44 (rules spec section 7) with the worked scenarios T-SF-3 …
T-SF-18 (spec 8.5) as exact expectations: legal sets, whole deals, robbing, jinking,
spoils, staking across deals, the end of a session, deal order, play-out of dead tricks and
hidden information (GEN-9).

Conventions: players A, B, C, D are seats 0, 1, 2, 3; unless a scenario says otherwise the
dealer is D (seat 3), so A is the eldest. Actions are written in the deal-record syntax
(``"0 5C"``, ``"3 rob 3C"``, ``"1 decline"``, ``"0 claim"``, ``"0 jink"``).

How positions are built (helpers below):
* ``start``: a real :class:`Session` whose deal is dealt with chosen hands and turn-up
  (``Session.start_deal``), then driven by actions to the state a scenario needs;
* ``position`` / ``after_lead``: a :class:`SpoilFiveDeal` constructed directly with chosen
  (possibly shorter than five-card) hands for mid-deal legal-set questions;
* ``find_line``: where a scenario gives only trick winners (T-SF-12, 13, 14b, 15), a
  depth-first search over legal actions on clones of a seeded deal finds a line with exactly
  those trick winners; the test then plays that line through the session.
"""

from __future__ import annotations

import random
import re
from dataclasses import fields

import pytest

from gamecore.actions import (
    Claim,
    Decline,
    Jink,
    NameStake,
    Play,
    Rob,
    Split,
    format_action,
    parse_action,
)
from gamecore.cards import card, card_code, cards_in, parse_card
from gamecore.decisions import PlayChoice
from gamecore.errors import IllegalAction
from gamecore.events import DealEnded, PoolTaken
from gamecore.games import make_game
from gamecore.match import Session, first_jack_dealer
from gamecore.spoilfive.deal import (
    JinkOffered,
    Robbed,
    RobDeclined,
    Spoiled,
    SpoilFiveDeal,
    SpoilFiveObservation,
)
from gamecore.spoilfive.game import SpoilFive
from helpers import cards, hand, play_session

C = parse_card
A, B, CC, D = 0, 1, 2, 3  # seats of players A, B, C, D (CC: C is the card parser)
SUIT = {"S": 0, "H": 1, "D": 2, "C": 3}


# ---- helpers --------------------------------------------------------------------------------


def sf(**options) -> SpoilFive:
    """Spoil Five rules; keyword options with ``_`` for ``.`` (``sf_robbing="off"``)."""
    return make_game("spoil-five", {k.replace("_", "."): v for k, v in options.items()})


def rest_of_pack(hands: list[str], turnup: str) -> list[int]:
    used = set(cards(" ".join(hands))) | {C(turnup)}
    assert len(used) == sum(len(h.split()) for h in hands) + 1, "a card is given twice"
    return [c for c in range(52) if c not in used]


def start(
    hands: list[str], turnup: str, *, dealer: int | None = None, game: SpoilFive | None = None
) -> Session:
    """A session whose next deal is dealt with exactly these hands (``"5C JC AH KD 3S"``,
    seat order) and turn-up; every other card is in the (dead) stock. ``dealer`` defaults to
    the last seat, so seat 0 is the eldest."""
    n = len(hands)
    game = game or sf()
    session = Session(
        game, [chr(65 + i) for i in range(n)], first_dealer=n - 1 if dealer is None else dealer
    )
    session.start_deal([cards(h) for h in hands], rest_of_pack(hands, turnup), C(turnup))
    return session


def do(session_or_deal, *texts: str) -> list:
    """Apply record-syntax actions in order; returns all their events."""
    events = []
    for text in texts:
        events += session_or_deal.apply(parse_action(text))
    return events


def legal(session_or_deal) -> set[str]:
    """The legal actions now, in record syntax."""
    return {format_action(a) for a in session_or_deal.legal_actions()}


def plays(session_or_deal) -> set[str]:
    """The cards the seat to act may play now (codes); asserts the decision is a card play."""
    acts = session_or_deal.legal_actions()
    assert acts and all(isinstance(a, Play) for a in acts), acts
    return {card_code(a.card) for a in acts}


def is_rob_decision(deal: SpoilFiveDeal) -> bool:
    d = deal.decision()
    return d is not None and any(isinstance(a, Rob | Decline) for a in d.actions)


def position(
    hands: list[str], turnup: str, *, dealer: int | None = None, game: SpoilFive | None = None
) -> SpoilFiveDeal:
    """A deal built directly with :class:`SpoilFiveDeal` (no session): exactly these hands
    (seat order; fewer than five cards stand for a deal whose earlier tricks are played),
    this turn-up, every other card in the stock, balances 20 each; the dealer defaults to
    the last seat. Stakes are paid as for a fresh pool."""
    n = len(hands)
    stock = hand(" ".join(card_code(c) for c in rest_of_pack(hands, turnup)))
    return SpoilFiveDeal(
        game or sf(),
        n - 1 if dealer is None else dealer,
        [hand(h) for h in hands],
        stock,
        C(turnup),
        [20] * n,
        [0],
    )


def after_lead(trumps: str, led: str, held: str) -> SpoilFiveDeal:
    """Mid-deal legal-set position (T-SF-3): two players, seat 1 the dealer; seat 0 (eldest)
    holds only ``led`` and leads it; seat 1 holds exactly ``held``. Built directly with
    :class:`SpoilFiveDeal`: hands shorter than five cards stand for a deal whose earlier
    tricks are already played. Trumps are fixed by a turn-up of the trump suit that is no
    Ace, Five or Jack and in no hand; every other card is in the stock. A robbing decision
    that the engine raises on the way (the ace of trumps in a hand) is declined."""
    used = {C(led), *cards(held)}
    s = SUIT[trumps]
    turnup = next(card(r, s) for r in (1, 2, 5, 6, 7, 8, 9, 11, 12) if card(r, s) not in used)
    deal = position([led, held], card_code(turnup))
    assert deal.trump == s and deal.dealer == 1
    if is_rob_decision(deal):
        deal.apply(Decline(0))
    deal.apply(Play(0, C(led)))
    if is_rob_decision(deal):
        deal.apply(Decline(1))
    assert deal.to_act == 1
    return deal


def find_line(
    deal: SpoilFiveDeal, winners: list[int], *, jink: str = "claim", limit: int = 200_000
) -> list | None:
    """A line of legal actions from ``deal`` (searched depth-first on clones, in the
    engine's action order) in which the tricks are won by ``winners`` in that order and the
    deal is over after the last of them. Robbing decisions are declined, jink prompts
    answered by ``jink`` ("claim" or "jink"). ``None`` if there is none within ``limit``
    search nodes."""
    budget = [limit]

    def pick(d) -> list:
        acts = list(d.actions)
        if any(isinstance(a, Rob | Decline) for a in acts):
            return [next(a for a in acts if isinstance(a, Decline))]
        if any(isinstance(a, Claim) for a in acts):
            want = Claim if jink == "claim" else Jink
            return [next(a for a in acts if isinstance(a, want))]
        return acts

    def search(node: SpoilFiveDeal, path: list) -> list | None:
        got = [t.seat for t in node.tricks]
        if got != winners[: len(got)]:
            return None
        if node.over:
            return path if len(got) == len(winners) else None
        budget[0] -= 1
        if budget[0] < 0:
            return None
        for a in pick(node.decision()):
            child = node.clone()
            child.apply(a)
            found = search(child, [*path, a])
            if found is not None:
                return found
        return None

    return search(deal.clone(), [])


def seeded_with_line(session_factory, winners: list[int], **kw) -> tuple[Session, list]:
    """The first seeded deal (seeds 0, 1, 2 …) of ``session_factory()`` that has a line with
    these trick winners; returns the session (deal started) and the line."""
    for seed in range(200):
        session = session_factory()
        session.start_deal_seeded(seed)
        line = find_line(session.deal, winners, limit=20_000, **kw)
        if line is not None:
            return session, line
    raise AssertionError(f"no seeded deal with trick winners {winners}")


def apply_all(session: Session, line: list) -> list:
    events = []
    for a in line:
        events += session.apply(a)
    return events


# ---- T-SF-3: legal plays --------------------------------------------------------------------

T_SF_3 = [
    ("a", "D", "3D", "JD KC 7H 2S", "JD KC 7H 2S"),
    ("b", "D", "3D", "AH 6D 9C", "AH 6D"),
    ("c", "D", "JD", "AH 9C 4S", "AH"),
    ("d", "D", "JD", "5D 9C", "5D 9C"),
    ("e", "D", "5D", "JD 2C", "JD"),
    ("f", "D", "AH", "JD 7C", "JD 7C"),
    ("g", "D", "AD", "AH 10C", "AH 10C"),
    ("h", "S", "7C", "3C 4S 9H", "3C 4S"),
    ("i", "S", "7C", "AH 9H", "AH 9H"),
    ("j", "D", "KH", "AH 2S", "AH 2S"),
    ("k", "D", "3D", "JD AH 2S", "JD AH 2S"),
    ("l", "D", "KD", "JD 2D 8C", "JD 2D"),
    ("m", "H", "3H", "AH 9C", "AH 9C"),
    ("n", "C", "7C", "5C JC 9D", "5C JC 9D"),
    ("o", "C", "KH", "JH 9D", "JH"),
]


@pytest.mark.parametrize(
    ("label", "trumps", "led", "held", "expected"), T_SF_3, ids=[x[0] for x in T_SF_3]
)
def test_t_sf_3_legal_plays(label, trumps, led, held, expected):
    deal = after_lead(trumps, led, held)
    assert plays(deal) == set(expected.split())
    assert deal.legal_mask(1) == hand(expected)
    for c in set(held.split()) - set(expected.split()):
        why = deal.explain_illegal(Play(1, C(c)))
        assert why is not None and ("SF-25" in why or "SF-26" in why)
        with pytest.raises(IllegalAction):
            deal.apply(Play(1, C(c)))
    for c in expected.split():
        assert deal.explain_illegal(Play(1, C(c))) is None


def test_any_card_may_be_led_sf_24():
    deal = position(["5D 9C AH 2S KH", "3D 4D 6D 7D 8D"], "10D")
    assert plays(deal) == {"5D", "9C", "AH", "2S", "KH"}


# ---- T-SF-4 and T-SF-6: complete deals ----------------------------------------------------

T_SF_4_HANDS = ["5C JC AH KD 3S", "KC 9D 8D 4H QS", "2C 10H 6D 7S JD", "10C 9H QH AS 2D"]


def t_sf_4_tricks_1_to_3(session: Session) -> list:
    """Tricks 1–3 of T-SF-4 with every forced or free choice checked."""
    events = []
    assert session.decision().seat == A
    events += do(session, "0 5C")
    assert plays(session) == {"KC"}  # B's only trump
    events += do(session, "1 KC")
    assert plays(session) == {"2C"}
    events += do(session, "2 2C")
    assert plays(session) == {"10C"}
    events += do(session, "3 10C")
    assert session.deal.tricks[-1].seat == A
    events += do(session, "0 JC")
    assert plays(session) == {"9D", "8D", "4H", "QS"}  # no trumps: any card
    events += do(session, "1 4H")
    assert plays(session) == {"10H", "6D", "7S", "JD"}
    events += do(session, "2 6D", "3 2D")
    assert session.deal.tricks[-1].seat == A
    events += do(session, "0 AH")
    events += do(session, "1 8D", "2 7S", "3 9H")
    assert [t.seat for t in session.deal.tricks] == [A, A, A]
    return events


def test_t_sf_4_three_tricks_pool_claimed():
    """T-SF-4 (SF-6, SF-24 … SF-31): after three tricks A is offered the claim (SF-31)."""
    session = start(T_SF_4_HANDS, "7C")
    deal = session.deal
    assert session.balances == [19, 19, 19, 19] and session.pools == [4]
    assert deal.trump == SUIT["C"]
    events = t_sf_4_tricks_1_to_3(session)
    assert JinkOffered(A) in events
    assert legal(session) == {"0 claim", "0 jink"}
    with pytest.raises(IllegalAction):
        session.apply(Play(A, C("KD")))  # first claim or jink
    events = do(session, "0 claim")
    assert PoolTaken(A, 0, 4) in events and DealEnded(A) in events
    assert deal.over and deal.winner == A and len(deal.tricks) == 3
    assert session.balances == [23, 19, 19, 19] and session.pools == [0]
    assert session.fresh  # the next deal starts a fresh pool
    assert deal.settlement().deltas == (3, -1, -1, -1)


def test_t_sf_4_with_jinking_off_the_deal_ends_at_three_tricks():
    session = start(T_SF_4_HANDS, "7C", game=sf(sf_jinking=False))
    events = t_sf_4_tricks_1_to_3(session)
    assert not any(isinstance(e, JinkOffered) for e in events)
    assert session.deal.over and session.deal.winner == A
    assert session.balances == [23, 19, 19, 19]


def test_sf_29_trick_counts_are_public():
    """SF-29: every seat sees how many tricks each player has won (and who took which)."""
    session = start(T_SF_4_HANDS, "7C")
    t_sf_4_tricks_1_to_3(session)
    deal = session.deal
    views = [deal.observation(s) for s in range(4)]
    assert {v.tricks_won for v in views} == {(3, 0, 0, 0)}
    assert {tuple(t.seat for t in v.tricks) for v in views} == {(A, A, A)}
    assert views[B].hand != views[A].hand  # the hands themselves stay private (GEN-9)


def test_t_sf_6_jink_succeeds():
    """T-SF-6 (SF-31, SF-32): the winner of tricks 1–3 jinks and wins all five."""
    hands = ["5C JC AH KD KS", *T_SF_4_HANDS[1:]]
    session = start(hands, "7C")
    assert C("3S") in session.logs[-1].stock
    t_sf_4_tricks_1_to_3(session)
    events = do(session, "0 jink")
    assert session.deal.jinker == A and not session.deal.over
    assert session.decision().seat == A  # he leads to trick 4
    do(session, "0 KD")
    assert plays(session) == {"9D"}
    do(session, "1 9D")
    assert plays(session) == {"JD"}
    do(session, "2 JD")
    assert plays(session) == {"QH", "AS"}  # no diamonds, no trumps
    do(session, "3 AS")
    assert session.deal.tricks[-1].seat == A
    do(session, "0 KS")
    assert plays(session) == {"QS"}
    events = do(session, "1 QS", "2 10H", "3 QH")
    assert session.deal.over and session.deal.winner == A
    assert [t.seat for t in session.deal.tricks] == [A] * 5
    assert PoolTaken(A, 0, 4) in events
    assert session.balances == [26, 18, 18, 18] and sum(session.balances) == 80
    assert session.pools == [0]


# ---- T-SF-8: reneging inside a trick --------------------------------------------------------


def t_sf_8() -> SpoilFiveDeal:
    """Mid-deal: clubs trumps (turn-up 9♣), A holds 4♣ and a filler 8♥ and leads 4♣."""
    deal = position(["4C 8H", "5C 9H", "6C KD", "2C 7S"], "9C")
    do(deal, "0 4C")
    return deal


def test_t_sf_8_reneging_inside_a_trick():
    deal = t_sf_8()
    assert plays(deal) == {"5C", "9H"}  # B may renege with 9♥
    do(deal, "1 9H")
    assert plays(deal) == {"6C"}
    do(deal, "2 6C")
    assert plays(deal) == {"2C"}
    do(deal, "3 2C")
    assert deal.tricks[-1].seat == D  # 2♣ is the best of 4♣ 6♣ 2♣
    assert deal.tricks[-1].cards == ((A, C("4C")), (B, C("9H")), (CC, C("6C")), (D, C("2C")))


def test_t_sf_8_had_b_played_the_five():
    deal = t_sf_8()
    do(deal, "1 5C", "2 6C", "3 2C")
    assert deal.tricks[-1].seat == B


# ---- T-SF-9: the dealer robs a turned ace (SF-21) ------------------------------------------

T_SF_9_HANDS = ["2C 8H 8D 9D 10C", "KS 3H 5D 6D 7C", "AH 2H 4D 8C QC", "KH 7D 3C 9S 4H"]


def test_t_sf_9_dealer_robs_before_the_first_lead():
    session = start(T_SF_9_HANDS, "AS")
    deal = session.deal
    assert deal.trump == SUIT["S"]
    # The dealer decides before the eldest leads; the eldest may not lead yet.
    assert session.decision().seat == D and not deal.trick and not deal.tricks
    assert legal(session) == {
        "3 rob KH",
        "3 rob 7D",
        "3 rob 3C",
        "3 rob 9S",
        "3 rob 4H",
        "3 decline",
    }
    with pytest.raises(IllegalAction):
        do(session, "0 2C")
    events = do(session, "3 rob 3C")
    assert Robbed(D, C("AS")) in events
    assert deal.hands[D] == hand("KH 7D 9S 4H AS")
    assert deal.robbed_by == D and deal.trump == SUIT["S"]
    # Nobody else may rob: every later decision of the deal is a plain card choice.
    do(session, "0 2C")
    assert not is_rob_decision(deal)
    do(session, "1 KS")
    assert not is_rob_decision(deal)
    do(session, "2 AH")
    # D is now void in clubs: any of his five, the robbed A♠ included.
    assert plays(session) == {"KH", "7D", "9S", "4H", "AS"}
    do(session, "3 AS")
    assert deal.tricks[0].seat == CC  # A♥ (3rd trump) beats A♠ (4th)
    # Had C played 8♣ instead, D's A♠ would beat K♠.
    other = position(T_SF_9_HANDS, "AS")
    do(other, "3 rob 3C", "0 2C", "1 KS", "2 8C", "3 AS")
    assert other.tricks[0].seat == D
    assert deal.discard == C("3C")
    # 3♣ is out of play: in no trick and in no hand.
    assert all(C("3C") not in [c for _, c in t.cards] for t in deal.tricks)
    assert not any(h >> C("3C") & 1 for h in deal.hands)


def test_t_sf_9_dealer_declines_and_the_ace_is_dead():
    session = start(T_SF_9_HANDS, "AS")
    deal = session.deal
    events = do(session, "3 decline")
    assert RobDeclined(D, False) in events and not deal.ineligible[D]
    assert deal.hands[D] == hand("KH 7D 3C 9S 4H")
    do(session, "0 2C")
    assert not is_rob_decision(deal)
    do(session, "1 KS", "2 AH")
    assert plays(session) == {"3C", "9S"}  # follow clubs or trump; A♠ is dead
    assert deal.holder(C("AS")) is None


# ---- SF-22: the holder robs at his first turn in trick 1 ------------------------------------

HOLDER_HANDS = ["2C 8H 8D 9D 10C", "AS 3H 5D 6D 7C", "AH 2H 4D 8C QC", "KH 7D 3C 9S 4H"]


def test_sf_22_holder_is_asked_at_his_first_turn_not_before():
    session = start(HOLDER_HANDS, "4S")
    deal = session.deal
    assert not is_rob_decision(deal) and session.decision().seat == A
    do(session, "0 2C")
    assert session.decision().seat == B and is_rob_decision(deal)
    assert legal(session) == {
        "1 rob AS",
        "1 rob 3H",
        "1 rob 5D",
        "1 rob 6D",
        "1 rob 7C",
        "1 decline",
    }  # even the trump ace itself; not the turn-up
    with pytest.raises(IllegalAction):
        do(session, "1 7C")  # first decide
    with pytest.raises(IllegalAction):
        do(session, "1 rob 4S")
    do(session, "1 rob 7C")
    assert deal.hands[B] == hand("AS 3H 5D 6D 4S")
    assert plays(session) == {"AS", "3H", "5D", "6D", "4S"}  # void in clubs now
    do(session, "1 4S")
    for _ in range(20):
        if deal.over:
            break
        assert not is_rob_decision(deal)
        do(session, format_action(deal.legal_actions()[0]))


def test_sf_22_eldest_holder_decides_before_leading():
    hands = ["AS 8H 8D 9D 10C", "2C 3H 5D 6D 7C", "AH 2H 4D 8C QC", "KH 7D 3C 9S 4H"]
    session = start(hands, "4S")
    assert session.decision().seat == A and is_rob_decision(session.deal)
    do(session, "0 decline")
    assert plays(session) == set(hands[0].split())
    assert not session.deal.ineligible[A]  # optional robbing: no penalty


def test_sf_20_no_robbing_when_the_ace_is_undealt():
    hands = ["2C 8H 8D 9D 10C", "KS 3H 5D 6D 7C", "AH 2H 4D 8C QC", "KH 7D 3C 9S 4H"]
    session = start(hands, "4S")
    assert C("AS") in session.logs[-1].stock
    for _ in range(4):  # the whole of trick 1
        assert not is_rob_decision(session.deal)
        do(session, format_action(session.legal_actions()[0]))
    assert len(session.deal.tricks) == 1


@pytest.mark.parametrize("turnup", ["AS", "4S"])
def test_sf_23_robbing_off_nobody_is_asked(turnup):
    session = start(
        HOLDER_HANDS if turnup == "4S" else T_SF_9_HANDS, turnup, game=sf(sf_robbing="off")
    )
    for _ in range(4):
        assert not is_rob_decision(session.deal)
        do(session, format_action(session.legal_actions()[0]))
    assert len(session.deal.tricks) == 1 and session.deal.robbed_by is None


def test_sf_23_compulsory_dealer_declines_is_ineligible_robber_is_not():
    session = start(T_SF_9_HANDS, "AS", game=sf(sf_robbing="compulsory"))
    events = do(session, "3 decline")
    assert RobDeclined(D, True) in events and session.deal.ineligible == [False] * 3 + [True]
    session = start(HOLDER_HANDS, "4S", game=sf(sf_robbing="compulsory"))
    do(session, "0 2C", "1 rob 3H")
    assert session.deal.ineligible == [False] * 4


# ---- T-SF-11: compulsory robbing declined ---------------------------------------------------

T_SF_11_HANDS = ["KD 2H 3H 4H 6H", "2D 7H 8H 9H 10H", "AS 5S JS KH QH", "3D 5H 6C 7C 8C"]


def test_t_sf_11_compulsory_declined_player_cannot_win():
    session = start(T_SF_11_HANDS, "4S", game=sf(sf_robbing="compulsory"))
    deal = session.deal
    do(session, "0 KD", "1 2D")
    assert session.decision().seat == CC and is_rob_decision(deal)
    events = do(session, "2 decline")
    assert RobDeclined(CC, True) in events and deal.ineligible[CC]
    do(session, "2 QH", "3 3D")
    assert [t.seat for t in deal.tricks] == [A]
    do(session, "0 2H", "1 7H", "2 5S", "3 5H")
    do(session, "2 JS", "3 6C", "0 3H", "1 8H")
    assert [t.seat for t in deal.tricks] == [A, CC, CC]
    assert deal.tricks_won[A] == 1 and deal.tricks_won[CC] == 2
    assert not deal.over  # A could still win tricks 4 and 5
    events = do(session, "2 AS", "3 7C", "0 4H", "1 9H")
    assert [t.seat for t in deal.tricks] == [A, CC, CC, CC]
    assert any(isinstance(e, Spoiled) for e in events)
    assert deal.over and deal.winner is None and len(deal.tricks) == 4  # trick 5 unplayed
    assert session.pools == [4] and session.balances == [19] * 4
    assert not session.fresh  # a spoil: the pool runs on


def test_sf_30_a_spoil_says_can_win_before_the_fifth_trick_and_won_after_it():
    """SF-30: a spoil found early names what nobody can do; after trick 5, what nobody did."""
    session = start(T_SF_11_HANDS, "4S", game=sf(sf_robbing="compulsory"))
    do(session, "0 KD", "1 2D", "2 decline", "2 QH", "3 3D", "0 2H", "1 7H", "2 5S", "3 5H")
    do(session, "2 JS", "3 6C", "0 3H", "1 8H")
    events = do(session, "2 AS", "3 7C", "0 4H", "1 9H")
    assert [e.reason for e in events if isinstance(e, Spoiled)] == ["nobody can win three tricks"]
    game = sf()
    session = Session(game, ["A", "B", "C"], first_dealer=A)
    seed, line = first_seed(game, 3, A, [A, B, CC, A, B])
    session.start_deal_seeded(seed)
    events = apply_all(session, line)
    assert [e.reason for e in events if isinstance(e, Spoiled)] == ["nobody won three tricks"]


# ---- T-SF-12: Foster staking across deals ---------------------------------------------------


def first_seed(game: SpoilFive, n: int, dealer: int, winners: list[int]) -> tuple[int, list]:
    """The first seed (0, 1, 2 …) whose shuffled deal, dealt by ``dealer`` at an ``n``-player
    table, has a line with trick winners ``winners`` (see :func:`find_line`), and that line."""
    for seed in range(300):
        probe = Session(game, [str(i) for i in range(n)], first_dealer=dealer)
        probe.start_deal_seeded(seed)
        line = find_line(probe.deal, winners, limit=3_000)
        if line is not None:
            return seed, line
    raise AssertionError(f"no seed with trick winners {winners}")


def play_seeded(session: Session, winners: list[int]) -> list:
    """Deal the session's next deal from the first seed that allows trick winners
    ``winners`` and play that line (robbing declined, jinks claimed); returns its events."""
    seed, line = first_seed(session.game, session.n, session.next_dealer(), winners)
    session.start_deal_seeded(seed)
    return apply_all(session, line)


def test_t_sf_12_foster_staking_across_deals():
    """T-SF-12 (SF-6; AMB-16: no extra dealer counter on a fresh pool by default)."""
    game = sf(gen_rounds=2)
    session = Session(game, ["A", "B", "C"], first_dealer=A)
    assert session.total_deals == 6
    # Deal 1 (dealer A, fresh): everyone antes 1 → pool 3. A spoil (tricks A, B, C, A, B).
    seed, line = first_seed(game, 3, A, [A, B, CC, A, B])
    session.start_deal_seeded(seed)
    assert session.deal.dealer == A and session.pools == [3]
    assert session.balances == [19, 19, 19]
    apply_all(session, line)
    assert session.deal.over and session.deal.winner is None and session.pools == [3]
    # Deal 2 (dealer B, running): only B adds 1 → 4. Another spoil.
    seed, line = first_seed(game, 3, B, [A, B, CC, A, B])
    session.start_deal_seeded(seed)
    assert session.deal.dealer == B and session.pools == [4]
    assert session.balances == [19, 18, 19]
    apply_all(session, line)
    assert session.deal.winner is None and session.pools == [4]
    # Deal 3 (dealer C, running): C adds 1 → 5; B wins and takes 5.
    seed, line = first_seed(game, 3, CC, [B, A, B, B])
    session.start_deal_seeded(seed)
    assert session.deal.dealer == CC and session.pools == [5]
    apply_all(session, line)
    assert session.deal.winner == B
    assert session.balances == [19, 23, 18] and sum(session.balances) == 60
    assert session.pools == [0]
    # Deal 4 (dealer A, fresh again): everyone antes → pool 3.
    session.start_deal_seeded(0)
    assert session.deal.dealer == A and session.pools == [3]
    assert session.balances == [18, 22, 17]


def test_t_sf_12_dealer_adds_on_fresh():
    """AMB-16 with ``sf.dealerAddsOnFresh``: the dealer of a fresh pool adds his counter."""
    session = Session(sf(sf_dealerAddsOnFresh=True), ["A", "B", "C"], first_dealer=A)
    session.start_deal_seeded(0)
    assert session.pools == [4] and session.balances == [18, 19, 19]


# ---- T-SF-13: the dealer stakes for everybody -----------------------------------------------


def test_t_sf_13_dealer_pays_all():
    game = sf(sf_staking="dealerPaysAll")
    session = Session(game, list("ABCD"), first_dealer=A)
    # Deal 1 (dealer A): A pays 4. A spoil: tricks A, B, C, D leave nobody able to reach 3.
    seed, line = first_seed(game, 4, A, [A, B, CC, D])
    session.start_deal_seeded(seed)
    assert session.pools == [4] and session.balances == [16, 20, 20, 20]
    events = apply_all(session, line)
    assert any(isinstance(e, Spoiled) for e in events)
    assert session.deal.winner is None and session.pools == [4]
    # Deal 2 (dealer B): B pays 4 → 8; C wins.
    seed, line = first_seed(game, 4, B, [CC, CC, A, CC])
    session.start_deal_seeded(seed)
    assert session.pools == [8] and session.balances == [16, 16, 20, 20]
    apply_all(session, line)
    assert session.deal.winner == CC
    assert session.balances == [16, 16, 28, 20] and session.pools == [0]
    # Deal 3 (dealer C): C pays 4 → pool 4 (the previous pool was won).
    session.start_deal_seeded(0)
    assert session.deal.dealer == CC and session.pools == [4]
    assert session.balances == [16, 16, 24, 20]


# ---- T-SF-14: first dealer, last deal, leftover pool ---------------------------------------


def test_t_sf_14a_first_jack_deals_and_rotation():
    deck = cards("7C QD JH") + [c for c in range(52) if c not in cards("7C QD JH")]
    assert first_jack_dealer(deck, 5, distributor=0) == 3
    for rounds, deals in ((1, 5), (2, 10)):
        session = Session(sf(gen_rounds=rounds), [f"S{i}" for i in range(5)], first_dealer=3)
        assert session.total_deals == deals
        dealers = []
        rng = random.Random(rounds)
        while not session.complete:
            dealers.append(session.next_dealer())
            play_session(session, rng, max_deals=1)
        assert dealers == [3, 4, 0, 1, 2] * rounds
        assert dealers[-1] == 2  # S2 sits on the first dealer's right
        with pytest.raises(ValueError):
            session.start_deal_seeded(0)


def test_t_sf_14b_leftover_pool_is_split_from_the_eldest():
    # 3 players, first dealer A; 3 counters carried in so that three spoiled deals leave 8
    # (3 + 3 antes, then B and C add 1 each).
    game = sf()
    session = Session(game, ["A", "B", "C"], first_dealer=A, pools=[3])
    for _ in range(3):
        play_seeded(session, [A, B, CC, A, B])
        assert session.deal.over and session.deal.winner is None
    assert session.complete and session.logs[-1].dealer == CC
    assert session.pools == [8]
    before = list(session.balances)
    balances, pools = session.final_accounts()
    assert [b - a for a, b in zip(before, balances, strict=True)] == [3, 3, 2]
    assert pools == [0]
    assert sum(balances) == sum(before) + 8


# ---- T-SF-15: three tricks not the first three; two players --------------------------------


def test_t_sf_15a_three_tricks_not_the_first_three():
    session, line = seeded_with_line(
        lambda: Session(sf(), list("ABCD"), first_dealer=D), [A, A, B, A]
    )
    events = apply_all(session, line)
    assert not any(isinstance(e, JinkOffered) for e in events)
    assert not any(isinstance(a, Claim | Jink) for a in line)
    deal = session.deal
    assert deal.over and deal.winner == A and len(deal.tricks) == 4  # trick 5 not played
    assert session.balances == [23, 19, 19, 19]


def test_t_sf_15b_two_players_without_jink_always_won():
    """T-SF-15 (b) (SF-33): with two players and no jink a deal is always won."""
    rng = random.Random(15)
    for seed in range(150):
        session = Session(sf(sf_jinking=False), ["A", "B"], first_dealer=seed % 2)
        session.start_deal_seeded(seed)
        while session.deal_in_progress:
            acts = session.legal_actions()
            session.apply(acts[rng.randrange(len(acts))])
        assert session.deal.winner is not None
        assert session.deal.tricks_won[session.deal.winner] == 3


@pytest.mark.parametrize("who", ["dealer", "eldest"])
def test_t_sf_15b_two_players_jink_prompt_dealer_or_not(who):
    target = B if who == "dealer" else A
    session, line = seeded_with_line(
        lambda: Session(sf(), ["A", "B"], first_dealer=B), [target] * 3
    )
    assert session.deal.dealer == B and line[-1] == Claim(target)
    events = apply_all(session, line[:-1])  # everything up to the prompt
    assert JinkOffered(target) in events
    assert legal(session) == {f"{target} claim", f"{target} jink"}
    do(session, f"{target} jink")
    assert not session.deal.over and session.decision().seat == target


# ---- T-SF-16: two players, the dealer jinks and fails --------------------------------------

T_SF_16_HANDS = ["KC QH 4S 7D 9C", "5D JD AH QS 3H"]


def t_sf_16_to_prompt() -> Session:
    session = start(T_SF_16_HANDS, "8D", dealer=B)
    assert session.balances == [19, 19] and session.pools == [2]
    assert C("AD") in session.logs[-1].stock
    do(session, "0 KC")
    assert plays(session) == set(T_SF_16_HANDS[1].split())
    do(session, "1 5D")
    do(session, "1 JD")
    assert plays(session) == {"7D"}
    do(session, "0 7D")
    do(session, "1 AH")  # a trump lead
    assert plays(session) == {"QH", "4S", "9C"}  # no trump left: any card
    events = do(session, "0 9C")
    assert [t.seat for t in session.deal.tricks] == [B, B, B]
    assert JinkOffered(B) in events
    assert legal(session) == {"1 claim", "1 jink"}
    return session


def test_t_sf_16_dealer_jinks_and_fails():
    """T-SF-16 (SF-31, SF-32, SF-33): two players; the dealer jinks and fails: a spoil."""
    session = t_sf_16_to_prompt()
    do(session, "1 jink", "1 3H")
    assert plays(session) == {"QH"}
    events = do(session, "0 QH")
    deal = session.deal
    assert any(isinstance(e, Spoiled) for e in events)
    assert deal.over and deal.winner is None and len(deal.tricks) == 4  # trick 5 not played
    assert session.pools == [2] and session.balances == [19, 19]
    # Next deal: dealer A, the last of the session; the running pool gets A's 1.
    session.start_deal_seeded(7)
    assert session.deal.dealer == A
    assert session.pools == [3] and session.balances == [18, 19]
    assert session.total_deals == 2


def test_t_sf_16_had_b_claimed():
    session = t_sf_16_to_prompt()
    do(session, "1 claim")
    assert session.deal.over and session.deal.winner == B
    assert session.balances == [19, 21] and session.pools == [0]


# ---- T-SF-17: turn-up A♥ ------------------------------------------------------------------

T_SF_17_HANDS = ["4H 2C 3C 4C 6C", "7H 2D 3D 4D 5D", "KH 7C 8C 10C JC", "KS 3H 9C 6D 2S"]


def test_t_sf_17_turned_heart_ace_robbed():
    session = start(T_SF_17_HANDS, "AH")
    deal = session.deal
    assert deal.trump == SUIT["H"]
    assert session.decision().seat == D and is_rob_decision(deal)
    do(session, "3 rob 9C")
    assert deal.hands[D] == hand("KS 3H 6D 2S AH") and deal.trump == SUIT["H"]
    for text in ("0 4H", "1 7H", "2 KH"):
        assert not is_rob_decision(deal)
        do(session, text)
    assert plays(session) == {"3H", "AH"}  # 3♥ is not privileged: a trump must be played
    probe = deal.clone()
    do(probe, "3 AH")
    assert probe.tricks[0].seat == D  # A♥ beats K♥
    do(session, "3 3H")
    assert deal.tricks[0].seat == CC
    assert all(C("9C") not in [c for _, c in t.cards] for t in deal.tricks)
    assert not any(h >> C("9C") & 1 for h in deal.hands)


def test_t_sf_17_had_the_dealer_declined():
    session = start(T_SF_17_HANDS, "AH")
    do(session, "3 decline", "0 4H", "1 7H", "2 KH")
    assert session.deal.hands[D] == hand("KS 3H 9C 6D 2S")
    assert plays(session) == {"3H"}
    do(session, "3 3H")
    assert session.deal.tricks[0].seat == CC


# ---- T-SF-18: an ineligible player wins tricks 1–3 ------------------------------------------

T_SF_18_HANDS = ["5S JS AS KH 2D", "KS 3H 7D 8C QC", "2S 9H 10D 6C JC", "10S 5H 4D 3C KD"]


def t_sf_18_play(session: Session) -> list:
    events = []
    assert session.decision().seat == A and is_rob_decision(session.deal)
    events += do(session, "0 decline", "0 5S")
    assert plays(session) == {"KS"}
    events += do(session, "1 KS")
    assert plays(session) == {"2S"}
    events += do(session, "2 2S")
    assert plays(session) == {"10S"}
    events += do(session, "3 10S", "0 JS", "1 3H", "2 9H", "3 5H", "0 AS", "1 7D", "2 10D", "3 4D")
    assert [t.seat for t in session.deal.tricks] == [A, A, A]
    return events


def test_t_sf_18_ineligible_player_wins_tricks_1_to_3():
    session = start(T_SF_18_HANDS, "4S", game=sf(sf_robbing="compulsory"))
    assert session.pools == [4] and session.balances == [19] * 4
    assert C("AH") in session.logs[-1].stock
    events = t_sf_18_play(session)
    assert session.deal.ineligible == [True, False, False, False]
    assert not any(isinstance(e, JinkOffered) for e in events)
    assert any(isinstance(e, Spoiled) for e in events)
    assert session.deal.over and session.deal.winner is None
    assert len(session.deal.tricks) == 3  # tricks 4 and 5 not played
    assert session.pools == [4] and session.balances == [19] * 4


def test_t_sf_18_with_optional_robbing_a_gets_the_prompt():
    session = start(T_SF_18_HANDS, "4S")
    events = t_sf_18_play(session)
    assert JinkOffered(A) in events
    do(session, "0 claim")
    assert session.balances == [23, 19, 19, 19]


# ---- SF-9: deal order -----------------------------------------------------------------------


def test_sf_9_deal_order_literal_three_players():
    deck = list(range(52))
    hands, stock, turnup = sf().deal_from_deck(deck, 3, dealer=2)
    assert hands == [[0, 1, 2, 9, 10], [3, 4, 5, 11, 12], [6, 7, 8, 13, 14]]
    assert turnup == 15 and stock == list(range(16, 52))
    hands, stock, turnup = sf(sf_packets="2-3").deal_from_deck(deck, 3, dealer=2)
    assert hands == [[0, 1, 6, 7, 8], [2, 3, 9, 10, 11], [4, 5, 12, 13, 14]]
    assert turnup == 15 and stock == list(range(16, 52))


@pytest.mark.parametrize("packets", ["3-2", "2-3"])
def test_sf_9_deal_order_every_table_and_dealer(packets):
    """SF-9 packets from the eldest; SF-10: deck index 5N is turned for trumps, the rest
    is the stock."""
    first, second = (3, 2) if packets == "3-2" else (2, 3)
    rng = random.Random(packets)
    game = sf(sf_packets=packets)
    for n in range(2, 11):
        for dealer in range(n):
            deck = list(range(52))
            rng.shuffle(deck)
            expected = {s: [] for s in range(n)}
            for j in range(n):  # blocks of `first` from the eldest round to the dealer
                expected[(dealer + 1 + j) % n] += deck[first * j : first * (j + 1)]
            base = first * n
            for j in range(n):
                expected[(dealer + 1 + j) % n] += deck[base + second * j : base + second * (j + 1)]
            hands, stock, turnup = game.deal_from_deck(deck, n, dealer)
            assert hands == [expected[s] for s in range(n)]
            assert turnup == deck[5 * n] and stock == deck[5 * n + 1 :]
            session = Session(game, [str(i) for i in range(n)], first_dealer=dealer)
            session.start_deal_from_deck(deck)
            assert session.deal.trump == deck[5 * n] // 13
            assert list(session.deal.dealt) == [
                hand(" ".join(card_code(c) for c in expected[s])) for s in range(n)
            ]


# ---- SF-40 … SF-42: irregularities in software --------------------------------------------


def test_sf_40_imperfect_pack_is_redealt_by_the_same_dealer():
    session = Session(sf(), list("ABCD"), first_dealer=D)
    deck = list(range(52))
    deck[1] = deck[0]  # an imperfect pack: A♠ twice, 2♠ missing
    session.start_deal_from_deck(deck)
    deal = session.deal
    assert deal.dealer == D and len(session.logs) == 1
    dealt = [c for h in session.logs[-1].hands for c in h]
    every = dealt + session.logs[-1].stock + [session.logs[-1].turnup]
    assert sorted(every) == list(range(52))
    assert all(h.bit_count() == 5 for h in deal.hands)
    assert session.pools == [4] and session.balances == [19] * 4  # the stakes, nothing more


def test_sf_41_42_misdeal_forfeit_option_changes_nothing_in_automatic_dealing():
    """Automatic dealing cannot misdeal; the 2-counter forfeit never applies (SF-41, SF-42)."""
    outcomes = []
    for forfeit in (False, True):
        session = Session(sf(sf_misdealForfeit=forfeit), list("ABC"), first_dealer=A)
        play_session(session, random.Random(42))
        outcomes.append((session.balances, session.pools, [log.actions for log in session.logs]))
    assert outcomes[0] == outcomes[1]


# ---- SF-30 / sf.playOutDeadTricks -------------------------------------------------------------


def test_play_out_after_a_claim_settles_at_once_and_finishes_after_trick_5():
    """AMB-18 with ``sf.playOutDeadTricks``: the tricks are played out, the counters are
    settled at the claim and do not change."""
    session = start(T_SF_4_HANDS, "7C", game=sf(sf_playOutDeadTricks=True))
    t_sf_4_tricks_1_to_3(session)
    events = do(session, "0 claim")
    deal = session.deal
    assert PoolTaken(A, 0, 4) in events and not any(isinstance(e, DealEnded) for e in events)
    assert deal.decided and not deal.over and deal.winner == A
    assert session.balances == [23, 19, 19, 19] and session.pools == [0]
    assert session.logs[-1].winner == A and not session.logs[-1].finished
    assert session.decision().seat == A  # he leads to trick 4 as usual
    while not deal.over:
        acts = session.legal_actions()
        assert acts and all(isinstance(a, Play) for a in acts)  # ordinary plays only
        do(session, format_action(acts[0]))
    assert len(deal.tricks) == 5 and all(h == 0 for h in deal.hands)
    assert session.balances == [23, 19, 19, 19] and session.pools == [0]
    assert deal.winner == A and session.logs[-1].finished
    assert sum(a.split()[1] not in ("claim", "jink") for a in session.logs[-1].actions) == 20


def test_play_out_after_a_spoil_t_sf_18():
    session = start(
        T_SF_18_HANDS, "4S", game=sf(sf_robbing="compulsory", sf_playOutDeadTricks=True)
    )
    events = t_sf_18_play(session)
    deal = session.deal
    assert any(isinstance(e, Spoiled) for e in events)
    assert deal.decided and not deal.over and deal.winner is None
    assert session.decision().seat == A
    while not deal.over:
        acts = session.legal_actions()
        assert all(isinstance(a, Play) for a in acts)
        do(session, format_action(acts[-1]))
    assert len(deal.tricks) == 5 and deal.winner is None
    assert session.pools == [4] and session.balances == [19] * 4


def test_play_out_after_a_failed_jink_t_sf_16():
    session = Session(sf(sf_playOutDeadTricks=True), ["A", "B"], first_dealer=B)
    session.start_deal(
        [cards(h) for h in T_SF_16_HANDS], rest_of_pack(T_SF_16_HANDS, "8D"), C("8D")
    )
    do(session, "0 KC", "1 5D", "1 JD", "0 7D", "1 AH", "0 9C", "1 jink", "1 3H", "0 QH")
    deal = session.deal
    assert deal.decided and not deal.over and deal.winner is None
    assert session.decision().seat == A  # A won trick 4 and leads trick 5
    do(session, "0 4S", "1 QS")
    assert deal.over and len(deal.tricks) == 5 and deal.winner is None
    assert session.pools == [2] and session.balances == [19, 19]


def test_play_out_when_the_third_trick_is_the_fourth():
    """T-SF-15 (a) with sf.playOutDeadTricks: A's third trick (the fourth) settles the pool at
    once; trick 5 is still played, as ordinary plays, and then the deal is finished."""
    session, line = seeded_with_line(
        lambda: Session(sf(), list("ABCD"), first_dealer=D), [A, A, B, A]
    )
    seed = next(s for s in range(200) if _same_deal(session, s))
    playout = Session(sf(sf_playOutDeadTricks=True), list("ABCD"), first_dealer=D)
    playout.start_deal_seeded(seed)
    events = apply_all(playout, line)
    deal = playout.deal
    assert PoolTaken(A, 0, 4) in events and not any(isinstance(e, DealEnded) for e in events)
    assert len(deal.tricks) == 4 and deal.decided and not deal.over and deal.winner == A
    assert playout.balances == [23, 19, 19, 19] and playout.pools == [0]
    assert playout.decision().seat == A
    for _ in range(4):
        acts = playout.legal_actions()
        assert all(isinstance(a, Play) for a in acts)
        playout.apply(acts[0])
    assert deal.over and len(deal.tricks) == 5 and playout.balances == [23, 19, 19, 19]
    assert len(playout.logs[-1].actions) == len(line) + 4


def _same_deal(session: Session, seed: int) -> bool:
    probe = Session(session.game, session.players, first_dealer=session.logs[-1].dealer)
    probe.start_deal_seeded(seed)
    return probe.logs[-1].hands == session.logs[-1].hands


# ---- GEN-9: observations --------------------------------------------------------------------


def test_gen_9_observation_hides_other_hands_and_the_discard():
    names = {f.name for f in fields(SpoilFiveObservation)}
    assert not names & {"hands", "discard", "stock", "dealt"}

    def robbed(discard: str) -> SpoilFiveDeal:
        session = start(T_SF_9_HANDS, "AS")
        do(session, f"3 rob {discard}", "0 2C")
        return session.deal

    one, two = robbed("3C"), robbed("4H")
    for seat in (A, B, CC):
        assert one.observation(seat) == two.observation(seat)  # the discard is invisible
    assert one.observation(D).hand != two.observation(D).hand
    obs = one.observation(B)
    assert obs.hand == one.hands[B] and obs.robbed_by == D and obs.turnup == C("AS")
    assert obs.hand_counts == (4, 5, 5, 5)
    assert obs.decision is not None and obs.decision.seat == B
    assert one.observation(A).decision is None

    # Other players' hands: swap unplayed cards between B and C; A sees no difference.
    base = ["2C 8H 8D 9D 10C", "KS 3H 5D 6D 7C", "AH 2H 4D 8C QC", "KH 7D 3C 9S 4H"]
    swapped = ["2C 8H 8D 9D 10C", "KS 3H 5D 4D 7C", "AH 2H 6D 8C QC", "KH 7D 3C 9S 4H"]
    x, y = start(base, "4S").deal, start(swapped, "4S").deal
    assert x.observation(A) == y.observation(A)
    assert x.observation(D) == y.observation(D)
    assert x.observation(B) != y.observation(B)


def test_gen_9_observation_own_decision_only():
    session = start(T_SF_4_HANDS, "7C")
    t_sf_4_tricks_1_to_3(session)
    deal = session.deal
    assert deal.observation(A).decision == PlayChoice(A, (Claim(A), Jink(A)))
    for seat in (B, CC, D):
        obs = deal.observation(seat)
        assert obs.decision is None and obs.to_act == A
        assert obs.tricks_won == (3, 0, 0, 0)


def test_a_card_with_the_diamond_ace_attached_is_refused_not_a_crash() -> None:
    """Spoil Five has no Spin: ``spin 5S`` (a stops-game action) on an empty trick is an
    illegal action with a reason (it raised IndexError before), and so are staking actions."""
    game = make_game("spoil-five", {"sf.robbing": "off"})
    session = Session(game, ["A", "B", "C"], 0)
    session.start_deal_seeded(4)
    deal = session.deal
    seat = deal.decision().seat
    c = next(iter(cards_in(deal.hands[seat])))
    for bad, words in (
        (Play(seat, c, spin=True), "Spoil Five has no Spin"),
        (NameStake(seat, 4), "stakes are paid before the deal (SF-6)"),
        (Split(seat, (1,)), "stakes are paid before the deal (SF-6)"),
    ):
        with pytest.raises(IllegalAction, match=re.escape(words)):
            deal.apply(bad)


def test_sf_42_the_forfeit_is_read_from_records_but_not_offered_as_a_house_rule():
    """A choice that can never apply is not offered (SF-41: automatic dealing never
    misdeals); a record that carries it still reads."""
    from gamecore.options import house_rules

    keys = [spec.key for spec in house_rules("spoil-five", None)]
    assert "sf.misdealForfeit" not in keys and "sf.robbing" in keys
    assert sf(sf_misdealForfeit=True).options["sf.misdealForfeit"] is True


def test_sf_21_the_robbing_rules_help_names_its_choices_as_new_game_shows_them():
    """The choice read "allowed" beside a line offering "optional, compulsory or not
    played"."""
    from gamecore.options import HELP, house_rules

    spec = next(s for s in house_rules("spoil-five", None) if s.key == "sf.robbing")
    shown = [words for _choice, words in spec.words]
    assert shown == ["allowed", "compulsory", "not played"]
    assert HELP["sf.robbing"] == "Allowed, compulsory, or not played at all (SF-21)."
