"""Why, in words: a sentence from the engine for every event class (issue 18, point 6), read
from the games' declarations, saying only what the table may know."""

import random
import sys

import pytest

import gamecore.matrimony.words
import gamecore.spoilfive.deal
import gamecore.stops.deal  # noqa: F401  (every engine's event classes are defined)
import gamecore.stops.widow  # noqa: F401
from gamecore.actions import Claim, Jink, Play, Rob
from gamecore.cards import cards_in
from gamecore.cards import parse_card as C
from gamecore.events import DealEnded, Event, PaidToPool, Played
from gamecore.explain import (
    EXPLAINERS,
    FORCED_REASONS,
    Scene,
    explain,
    explain_events,
    explain_stakes,
    explain_step,
    forced_kind,
    no_choice,
    pools_won,
    scene_before,
    split_share,
)
from gamecore.games import CHANCE, make_game
from gamecore.match import Session
from gamecore.review import review_deal
from helpers import cards, config_id, game_configs, hand, nm, position, random_action

NAMES = ("Ann", "Ben", "Cat")


def _all_event_classes() -> set[type]:
    """Every class derived from Event that a module defines (a slotted dataclass leaves its
    first, unslotted class behind as a subclass too: only the module's own counts)."""
    out, todo = set(), [Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            if getattr(sys.modules[sub.__module__], sub.__name__, None) is sub:
                out.add(sub)
            todo.append(sub)
    return out


def test_every_event_class_the_engines_define_has_a_sentence():
    classes = _all_event_classes()
    assert len(classes) == 26  # Michigan's widow and auction: five (MI-7, MI-8)
    assert classes == set(EXPLAINERS)

    class Unknown(Event):
        pass

    with pytest.raises(TypeError, match="no sentence for Unknown"):
        explain(Unknown(), Scene(nm(), NAMES))


@pytest.mark.parametrize("config", game_configs(), ids=config_id)
def test_every_event_of_random_deals_gets_one_sentence(config):
    name, options = config
    game = make_game(name, options)
    rng = random.Random(config_id(config))
    n = rng.randint(game.min_players, min(game.max_players, 5))
    names = ["You", *(f"P{i}" for i in range(1, n))]
    session = Session(game, names, 0)
    emitted: set[type] = set()
    for _ in range(3):
        if session.complete:
            break
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))
        review = review_deal(session, len(session.logs))
        for k in range(len(review)):
            lines = explain_step(review, k)
            assert len(lines) == len(review.steps[k].events)
            for e, line in zip(review.steps[k].events, lines, strict=True):
                emitted.add(type(e))
                assert line.endswith(".") and "\n" not in line and "None" not in line, line
                assert not line[0].islower() and "  " not in line, line
    # A game without play (Matrimony, CHANCE) plays no card; every deal ends.
    assert any(issubclass(t, DealEnded) for t in emitted)
    assert Played in emitted or game.family == CHANCE


def _after(deal, action, names=NAMES, **kw):
    """The sentences of ``action`` applied to ``deal`` (a scene made before it)."""
    before = deal.clone()
    return explain_events(deal.apply(action), scene_before(before, names, **kw))


# ---- stops games ------------------------------------------------------------------------------


def test_why_a_sequence_stopped():
    game = nm()
    # The 9♠ lies in the stock: nobody holds it (the stock itself is never named in play).
    deal = position(game, ["8S 2H", "3H", "4H"], stock="9S")
    assert _after(deal, Play(0, C("8S")))[1] == (
        "No 9♠: nobody holds it, so it lies in the stock, unseen, and the sequence stops "
        "(STOP-7); Ann leads next."
    )
    # After a stops deal the stock is shown (GEN-9), and may be named.
    deal = position(game, ["8S 2H", "3H", "4H"], stock="9S")
    assert _after(deal, Play(0, C("8S")), show_stock=True)[1] == (
        "No 9♠: it is in the stock, so the sequence stops (STOP-7); Ann leads next."
    )
    deal = position(game, ["8S 2H", "3H", "4H"])  # the 9♠ was played earlier
    assert _after(deal, Play(0, C("8S")))[1] == (
        "No 9♠: it was played earlier, so the sequence stops (STOP-7); Ann leads next."
    )
    deal = position(game, ["KS 2H", "3H", "4H"])
    assert _after(deal, Play(0, C("KS")), ["You", "Ben", "Cat"])[1] == (
        "K♠ is a stop: no card ranks above the king (STOP-7); you lead next."
    )
    eight_out = nm(nm_removeEightOfDiamonds=True)
    deal = position(eight_out, ["7D 2H", "3H", "4H"])
    assert _after(deal, Play(0, C("7D")))[1] == (
        "7♦ is a stop: 8♦ is not in the pack this game (STOP-7); Ann leads next."
    )


def test_a_sequence_continued_and_a_pool_captured():
    deal = position(nm(), ["10S JS 2H", "3H", "4H"], stock="QS", pools=[0, 0, 0, 5])
    assert _after(deal, Play(0, C("10S"))) == ["Ann leads 10♠, opening a sequence (STOP-5)."]
    lines = _after(deal, Play(0, C("JS")))
    assert lines[0] == "Ann plays J♠: its holder must continue the sequence (STOP-6)."
    assert (
        lines[1] == "Ann takes the ♠J pool (5): Ann played J♠, the card that captures it (STOP-8)."
    )


def test_going_out_and_the_payments_for_cards_left():
    deal = position(nm(), ["2H", "3S 4S", "5S"], stock="")
    lines = _after(deal, Play(0, C("2H")), ["You", "Ben", "Cat"])
    assert lines == [
        "You lead 2♥, opening a sequence (STOP-5).",
        "You play the last card in hand and win the deal (STOP-9).",
        "Ben pays you 2: 2 cards left in hand at the end of the deal (STOP-10).",
        "Cat pays you 1: 1 card left in hand at the end of the deal (STOP-10).",
        "The deal is over and settled: you won it (STOP-10).",
    ]


def test_a_spin_stops_the_sequence_and_a_lead_that_cannot_be_made_passes():
    spin = make_game("spin")
    deal = position(spin, ["2S AD 5H", "3S", "6H"], top="AS", to_act=0)
    assert _after(deal, Play(0, C("2S"), spin=True)) == [
        "Ann plays 2♠ with the ♦A: Spin! The sequence stops at 2♠ (SP-3).",
        "The ♦A stops the sequence at 2♠ (SP-3): Ann leads next.",
    ]
    deal = position(spin, ["KS AD", "3S 4S", "6H"], to_act=0)
    assert _after(deal, Play(0, C("KS")))[2] == (
        "Ann cannot lead: the only card left is the ♦A, which is never led alone (STOP-11); "
        "Ben leads instead."
    )


def test_spinado_payments_and_the_king_bonus():
    game = make_game("spinado")
    deal = position(game, ["KS 3H AD 9C", "4H 5H", "6H 7H"], to_act=0)
    lines = _after(deal, Play(0, C("KS")))
    assert lines[1:3] == [
        "Ben pays Ann 1: K♠ earns its player 1 from each other player (STOP-8).",
        "Cat pays Ann 1: K♠ earns its player 1 from each other player (STOP-8).",
    ]
    lines = _after(deal, Play(0, C("3H"), spin=True))
    assert lines[0] == (
        "Ann plays 3♥ with the ♦A: Spinado! Every other player pays for it "
        "and the sequence stops at 3♥ (SN-8)."
    )
    assert lines[1] == "Ben pays Ann 3 for the Spinado (SN-8)."


def test_a_combination_taken_whole_or_shared():
    game = make_game("pope-joan", {"pj.profile": "M"})
    # Hearts are trumps (the turned 2♥): Matrimony is K♥ Q♥.
    shared = position(
        game, ["QH 2S", "KH 3S", "4S 5S"], stock="2H", turnup=C("2H"), pools=[6, 0, 0, 0, 0]
    )
    _after(shared, Play(0, C("QH")))
    assert _after(shared, Play(1, C("KH")))[1:3] == [
        "Ben takes a share of the Matrimony pool (3): K♥ and Q♥ have both been played, by Ben "
        "and Ann, who share it (PJ-23).",
        "Ann takes a share of the Matrimony pool (3): K♥ and Q♥ have both been played, by Ben "
        "and Ann, who share it (PJ-23).",
    ]
    whole = position(
        game, ["QH KH 2S", "3S", "4S 5S"], stock="2H", turnup=C("2H"), pools=[6, 0, 0, 0, 0]
    )
    _after(whole, Play(0, C("QH")))
    assert _after(whole, Play(0, C("KH")))[1] == (
        "Ann takes the Matrimony pool (6): Ann has played both K♥ and Q♥ (STOP-8)."
    )


def test_the_game_pool_and_doubling_at_the_end():
    game = make_game("pope-joan", {"pj.profile": "M"})  # the Pope is 7♦, doubling on
    deal = position(game, ["2S", "7D 3S", "4S"], stock="2H", turnup=C("2H"), pools=[0, 0, 0, 5, 4])
    lines = _after(deal, Play(0, C("2S")))
    assert (
        "Ann takes the Game pool (4): Ann went out, and the Game pool goes to the winner "
        "(STOP-10)." in lines
    )
    assert (
        "Ben pays 5 into the Pope pool: 7♦ was left in Ben's hand, which doubles its pool "
        "(STOP-10)." in lines
    )


def test_commits_one_pool_is_named_as_it_is_not_as_a_game_pool_STOP_10():
    """Commit has one pool, "the pool": going out takes it, and the sentence says so (it
    said "the Game pool goes to the winner", a pool Commit does not have)."""
    game = make_game("commit")
    deal = position(game, ["2S", "3S 4S", "5S"], stock="", pools=[4])
    lines = _after(deal, Play(0, C("2S")))
    assert "Ann takes the pool (4): Ann went out, and the pool goes to the winner (STOP-10)." in (
        lines
    )


def test_a_turned_up_honour_goes_to_the_dealer():
    game = make_game("pope-joan", {"pj.profile": "C"})
    deck = [c for c in cards_in(game.pack) if c != C("JH")] + [C("JH")]  # the last card
    session = Session(game, list(NAMES), 2)
    session.start_deal_from_deck(deck)
    lines = explain_step(review_deal(session, 1), 0)
    assert lines[:2] == [
        "Cat puts 6 on the Pope pool: Cat's stake as dealer, paid before the cards are seen "
        "(GEN-9).",
        "Cat puts 2 on the Matrimony pool: Cat's stake as dealer, paid before the cards are "
        "seen (GEN-9).",
    ]
    assert lines[-1] == (
        "Cat takes the Jack pool (1): the turned-up J♥ is that pool's card, "
        "and it goes to the dealer."
    )


# ---- Spoil Five -------------------------------------------------------------------------------

SF_HANDS = [cards("AH KH QH 2C 3C"), cards("JH 5S 6S 7S 8S"), cards("9C 10C JC QC KC")]


def _spoil_five(hands=SF_HANDS, turnup="5H", **options):
    game = make_game("spoil-five", options)
    held = {c for h in hands for c in h} | {C(turnup)}
    session = Session(game, ["You", "Ben", "Cat"], 2)
    session.start_deal(hands, [c for c in range(52) if c not in held], C(turnup))
    return session


def _act(session, action):
    before = session.deal.clone()
    return explain_events(session.apply(action), scene_before(before, session.players))


def test_robbing_and_why_each_trick_was_won():
    session = _spoil_five()
    assert _act(session, Rob(0, C("3C"))) == [
        "You rob: the holder of the ace of trumps takes the turned-up 5♥ and lays one card "
        "face down (SF-22)."
    ]
    _act(session, Play(0, C("AH")))
    _act(session, Play(1, C("JH")))
    assert _act(session, Play(2, C("9C")))[1] == (
        "Ben wins trick 1: J♥ is the second-best trump (SF-28)."
    )
    _act(session, Play(1, C("5S")))
    _act(session, Play(2, C("9C") + 1))  # 10♣, off suit
    assert _act(session, Play(0, C("2C")))[1] == (
        "Ben wins trick 2: 5♠ is the best spade played; no trump was played (SF-28)."
    )


def test_a_claim_a_jink_and_a_failed_jink():
    hands = [cards("5H AH KH QH 2C"), cards("4S 5S 6S 7S 8S"), cards("9C 10C JC QC KC")]

    def three_tricks(session):
        for lead in cards("5H AH KH"):
            session.apply(Play(0, lead))
            session.apply(Play(1, min(cards_in(session.deal.hands[1]))))
            session.apply(Play(2, min(cards_in(session.deal.hands[2]))))

    claimed = _spoil_five(hands, "3D", **{"sf.robbing": "off"})
    three_tricks(claimed)
    pool = claimed.pools[0]
    assert _act(claimed, Claim(0))[0] == (
        f"You take the pool ({pool}), claimed after winning the first three tricks (SF-31)."
    )
    jinked = _spoil_five(hands, "3D", **{"sf.robbing": "off"})
    three_tricks(jinked)
    assert _act(jinked, Jink(0)) == [
        "You jink: you must win the last two tricks as well, or the deal is spoiled and the "
        "pool stays (SF-31, SF-32)."
    ]
    _act(jinked, Play(0, C("QH")))
    _act(jinked, Play(1, C("7S")))
    _act(jinked, Play(2, C("QC")))
    _act(jinked, Play(0, C("2C")))
    _act(jinked, Play(1, C("8S")))
    lines = _act(jinked, Play(2, C("KC")))  # K♣ beats 2♣: the jink fails (SF-32)
    assert lines[-2:] == [
        "The deal is spoiled (the jink failed): the pool stays for the next deal (SF-32).",
        "The deal is over and spoiled: the pool stays for the next deal (SF-32).",
    ]


def test_a_successful_jink():
    hands = [cards("5H AH KH QH JH"), cards("4S 5S 6S 7S 8S"), cards("9C 10C JC QC KC")]
    session = _spoil_five(hands, "3H", **{"sf.robbing": "off"})
    for lead in cards("5H AH KH"):
        session.apply(Play(0, lead))
        session.apply(Play(1, min(cards_in(session.deal.hands[1]))))
        session.apply(Play(2, min(cards_in(session.deal.hands[2]))))
    session.apply(Jink(0))
    for lead in cards("JH QH"):
        session.apply(Play(0, lead))
        session.apply(Play(1, min(cards_in(session.deal.hands[1]))))
        if lead == C("QH"):
            break
        session.apply(Play(2, min(cards_in(session.deal.hands[2]))))
    pool = session.pools[0]
    lines = _act(session, Play(2, min(cards_in(session.deal.hands[2]))))
    assert lines[2:5] == [
        f"You take the pool ({pool}): you jinked and won all five tricks (SF-32).",
        "Ben pays you 1 for the successful jink (SF-32).",
        "Cat pays you 1 for the successful jink (SF-32).",
    ]


def test_a_scene_before_an_action_holds_only_public_facts():
    session = _spoil_five()
    deal = session.deal
    scene = scene_before(deal, session.players)
    assert scene.turnup == C("5H") and scene.played == 0 and scene.stock is None
    session.apply(Rob(0, C("3C")))
    session.apply(Play(0, C("AH")))
    scene = scene_before(session.deal, session.players)
    assert scene.played == hand("AH")


# ---- the ledger's sentences (issue 24) --------------------------------------------------------


def test_a_payment_for_cards_left_says_how_many_and_why_it_is_doubled_sn_14():
    # Ann goes out; Ben holds the ♦A and three cards: 2 a card, 8 (SN-14).
    deal = position(make_game("spinado"), ["5S", "AD 3H 4H 6H", "7H"], to_act=0)
    lines = _after(deal, Play(0, C("5S")), ["You", "Ben", "Cat"])
    assert (
        "Ben pays you 8: 4 cards left in hand, 2 a card because Ben held the ♦A (SN-14)." in lines
    )
    assert "Cat pays you 1: 1 card left in hand at the end of the deal (STOP-10)." in lines
    spin = make_game("spin", {"sp.leftWithSpinPenalty": True})
    deal = position(spin, ["5S", "AD 3H", "7H"], to_act=0)
    lines = _after(deal, Play(0, C("5S")), ["Ben", "Ann", "Cat"])
    assert "Ann pays Ben 4: 2 cards left in hand, 2 a card because Ann held the ♦A (SP-7)." in lines


def test_a_turned_pope_payment_counts_the_cards_dealt_pj_c_5():
    game = make_game("pope-joan", {"pj.profile": "C"})
    deck = [c for c in cards_in(game.pack) if c != C("9D")] + [C("9D")]
    session = Session(game, ["You", "Ben", "Cat", "Dan"], 3)
    session.start_deal_from_deck(deck)
    lines = explain_step(review_deal(session, 1), 0)
    assert "You pay Dan 10 for the turned Pope: 10 cards in hand, 1 a card." in lines


def test_stakes_paid_at_once_are_one_sentence_and_the_dealers_say_so():
    game = make_game("spinado")
    session = Session(game, ["You", "Ben", "Cat"], 0)
    events = session.start_deal_seeded(1)
    scene = scene_before(session.deal, ["You", "Ben", "Cat"], events)
    mine = [e for e in events if isinstance(e, PaidToPool) and e.seat == 0]
    assert explain_stakes(mine, scene) == (
        "You put 24 on the layout: 12 on the Matrimony pool, 6 on the Intrigue pool and 6 on "
        "the Game pool, your stake as dealer, paid before the cards are seen (GEN-9)."
    )
    ben = next(e for e in events if isinstance(e, PaidToPool) and e.seat == 1)
    assert explain(ben, scene) == (
        "Ben puts 3 on the Game pool: Ben's stake, paid before the cards are seen (GEN-9)."
    )
    with pytest.raises(ValueError):
        explain_stakes([ben, *mine], scene)
    # Newmarket: every player stakes the same; the dealer's is no stake "as dealer" (NM-5).
    nm_session = Session(nm(), ["You", "Ben", "Cat"], 0)
    nm_session.start_deal_seeded(1)
    nm_session.apply(nm_session.decision().default_action())  # the stake named
    while nm_session.decision().seat != 0:
        nm_session.apply(nm_session.decision().default_action())
    before = nm_session.deal.clone()
    split = nm_session.apply(nm_session.decision().default_action())
    sentence = explain_stakes(split, scene_before(before, ["You", "Ben", "Cat"], split))
    assert sentence.endswith(", your stake, paid before the cards are seen (GEN-9).")


def test_why_a_move_was_forced():
    game = nm()
    deal = position(game, ["8S 2H", "3H", "4H"], top="7S", to_act=0, stock="9S")
    assert forced_kind(deal, Play(0, C("8S"))) == "continue"
    deal = position(game, ["2H", "3S 4S", "5S"])
    assert forced_kind(deal, Play(0, C("2H"))) == "last"
    deal = position(game, ["2H 3H", "3S 4S", "5S"])
    assert forced_kind(deal, Play(0, C("2H"))) == "lead"
    assert FORCED_REASONS["continue"] == (
        "the next card of a sequence must be played by its holder (STOP-6)"
    )
    # "suit must be followed or trumped, and no other card in hand did" left its verb out
    assert no_choice("You", ["follow"], None, True) == (
        "You had no choice of card this deal, for every card you played was the only one you "
        "could play: no other card in hand could follow suit or trump (SF-25)."
    )
    session = _spoil_five()
    assert forced_kind(session.deal, Rob(0, C("3C"))) == "only"


def test_a_deal_without_a_choice_and_the_split_in_words():
    assert no_choice("You", ["continue", "continue", "last"], "Ben", True) == (
        "You had no choice of card this deal, for every card you played was the only one you "
        "could play: the next card of a sequence must be played by its holder (STOP-6); the "
        "last card in hand."
    )
    assert no_choice("You", [], "Ben", True) == (
        "You had no choice of card this deal: Ben went out before your turn came."
    )
    assert no_choice("Ann", [], "Ben", False) == (
        "Ann had no choice of card this deal: it ended before any card was played."
    )
    assert split_share("You", 3, 7) == (
        "You get 3 of the 7 counters left in the pools: at the end of the session they are "
        "shared out equally, the rest one by one from the eldest hand (GEN-6)."
    )
    assert split_share("Ben", 0, 1).startswith("Ben gets none of the 1 counter left in the pools:")
    assert split_share("You", 1, 1).startswith("You get the 1 counter left in the pools:")
    assert split_share("Ann", 4, 4).startswith("Ann gets the 4 counters left in the pools:")
    # Spoil Five has one pool (SF-6)
    assert split_share("Cat", 2, 5, one_pool=True).startswith(
        "Cat gets 2 of the 5 counters left in the pool: at the end of the session"
    )


@pytest.mark.parametrize(
    ("name", "options", "expected"),
    [
        ("newmarket", {}, "Each pool goes to the player who plays its card."),
        ("michigan", {}, "Each pool goes to the player who plays its card."),
        ("pope-joan", {"pj.profile": "F"}, "Each pool goes to the player who plays its card."),
        (
            "pope-joan",
            {"pj.profile": "M"},
            "Pope goes to the player who plays its card; Matrimony, Intrigue and Confederacy "
            "to the player who plays both their cards, or in halves to two who play one each; "
            "Game to the first player out.",
        ),
        (
            "pope-joan",
            {"pj.profile": "C"},
            "Pope, Ace, King, Queen and Jack each go to the player who plays its card; "
            "Matrimony and Intrigue to the player who plays both their cards; Game to the "
            "first player out.",
        ),
        (
            "spinado",
            {},
            "Matrimony and Intrigue go to the player who plays both their cards; Game to "
            "the first player out.",
        ),
        ("spoil-five", {}, ""),
    ],
)
def test_how_the_pools_are_won_comes_from_the_declarations(name, options, expected):
    """The staking coach said "each pool is won by the player who plays its card" in every
    layout; a combination's pool needs both its cards (PJ-C-6, STOP-8) and the Game pool
    goes to the first player out (STOP-10)."""
    assert pools_won(make_game(name, options)) == expected
