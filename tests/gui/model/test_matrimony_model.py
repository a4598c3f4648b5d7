"""The table's model of a game without play (Matrimony), no Qt: the snapshot as the deal
stands, the beats of a deal's end (the stakes, each card dealt, each hand shown, each
compartment paid), the table's words (calls, log, summary, headline) and the coach at a
stake and a split."""

from __future__ import annotations

from gamecore.actions import NameStake, Split, parse_action
from gamecore.cards import FULL_PACK, cards_in
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.matrimony.events import AceTurned, CompartmentWon, HandsDealt, HandShown
from gui.model import advice, chancewords, dealsummary, ledger, prompts
from gui.model.chancesnap import DEAL, END, PAY, SHOW, STAKES, chance_snapshot, unveiling
from helpers import cards

POOLS = ("matrimony", "intrigue", "confederacy", "pair", "best")
LABELS = ["Matrimony", "Intrigue", "Confederacy", "Pair", "Best"]
NAMES = ["Ann", "Ben", "Cat", "Dan"]


def _session(hands_text: list[str], **options) -> Session:
    game = make_game("matrimony", {k.replace("_", "."): v for k, v in options.items()})
    s = Session(game, list(NAMES), 3)
    hands = [cards(h) for h in hands_text]
    held = {c for h in hands for c in h}
    s.start_deal(hands, [c for c in cards_in(FULL_PACK) if c not in held], None)
    return s


def _staked(s: Session, last: bool = False) -> tuple:
    for text in ("3 stake 5", *(f"{seat} split pair:4" for seat in range(3))):
        s.apply(parse_action(text, POOLS))
    before = s.deal.clone()
    events = s.apply(Split(3, (1, 1, 1, 1, 1))) if last else []
    return before, events


def test_while_the_stakes_are_made_no_card_is_on_the_table():
    s = _session(["3C 9D", "KS QD", "QH KC", "JH JC"])
    s.apply(NameStake(3, 5))
    s.apply(Split(0, (0, 0, 0, 4, 0)))
    snap = chance_snapshot(s, 0)
    assert snap.mode == "chance" and snap.cards_each == 2
    assert snap.seat_cards == ((), (), (), ()) and snap.stock_count == 52
    assert [v.staked for v in snap.seats] == [4, None, None, None]
    assert [v.acting for v in snap.seats] == [False, True, False, False]
    assert [p.amount for p in snap.pools] == [0, 0, 0, 4, 0]


def test_the_end_of_a_deal_in_beats_mt_6_mt_8():
    s = _session(["3C 9D", "KS QD", "QH KC", "JH JC"])
    before, events = _staked(s, last=True)
    beats = unveiling(before, events)
    kinds = [b.kind for b in beats]
    assert kinds == [STAKES] + [DEAL] * 8 + [SHOW, SHOW, PAY, SHOW, SHOW, PAY, END, END]
    assert [b.shown.dealt for b in beats[:9]] == list(range(9))
    assert isinstance(beats[1].events[0], HandsDealt)  # said with the first card dealt
    # the counters as each beat shows them: the stakes on, then each compartment paid
    assert beats[0].shown.pools == (1, 1, 1, 13, 1)
    assert beats[11].shown.pools == (0, 1, 1, 13, 1)  # Ben's Matrimony
    assert beats[11].shown.balances[1] == 96 + 1
    assert beats[14].shown.pools == (0, 1, 1, 0, 1) and beats[14].shown.balances[3] == 95 + 13
    assert [b.shown.turned for b in beats if b.kind == SHOW] == [
        frozenset({0}),
        frozenset({0, 1}),
        frozenset({0, 1, 2}),
        frozenset({0, 1, 2, 3}),
    ]
    # drawn: the eldest's face-down card first, face down; the up cards face up
    snap = chance_snapshot(s, 0, shown=beats[1].shown)
    assert snap.seat_cards[0] == ((cards("3C")[0], False),)
    snap = chance_snapshot(s, 0, shown=beats[8].shown)
    assert snap.seat_cards[1] == ((cards("KS")[0], False), (cards("QD")[0], True))
    snap = chance_snapshot(s, 0, shown=beats[10].shown)
    assert snap.seat_cards[1] == ((cards("KS")[0], True), (cards("QD")[0], True))
    assert unveiling(before, []) == []


def test_a_turned_ace_of_diamonds_is_one_beat_that_sweeps_the_layout_mt_7():
    s = _session(["7S KH", "QC AD", "2C 3C", "4H 9S"])
    before, events = _staked(s, last=True)
    beats = unveiling(before, events)
    sweep = [b for b in beats if b.kind == PAY]
    assert len(sweep) == 1 and isinstance(sweep[0].events[0], AceTurned)
    assert len([e for e in sweep[0].events if isinstance(e, CompartmentWon)]) == 5
    assert sweep[0].shown.pools == (0, 0, 0, 0, 0)


def test_the_tables_words_for_what_the_cards_did():
    s = _session(["3C 9D", "KS QD", "QH KC", "JH JC"])
    _, events = _staked(s, last=True)
    won = [e for e in events if isinstance(e, CompartmentWon)]
    calls = [chancewords.announcement(e, NAMES, LABELS) for e in won]
    assert calls == ["Ben takes Matrimony (1): K♠ Q♦", "Dan takes Pair (13): two Jacks"]
    shown = next(e for e in events if isinstance(e, HandShown))
    assert chancewords.log_line(shown, ["You", *NAMES[1:]], LABELS, "A♦") == "You show 3♣"
    assert chancewords.summary_lines(events, NAMES, LABELS) == [
        "Ben took Matrimony (1): K♠ Q♦",
        "Dan took Pair (13): two Jacks",
        "Intrigue, Confederacy and Best carry to the next deal",
    ]
    # after the session's last deal nothing carries: it is shared out (GEN-6)
    assert chancewords.summary_lines(events, NAMES, LABELS, last=True)[-1] == (
        "Intrigue, Confederacy and Best: not won, shared out with the rest at the end"
    )
    assert chancewords.headline(events, NAMES, LABELS) == "Matrimony to Ben, Pair to Dan"
    s = _session(["7S KH", "QC AD", "2C 3C", "4H 9S"])
    _, events = _staked(s, last=True)
    assert chancewords.headline(events, NAMES, LABELS) == "Ben takes the whole layout"
    sweep = next(e for e in events if isinstance(e, AceTurned))
    assert chancewords.log_line(sweep, NAMES, LABELS, "A♦") == (
        "Ben turns up the A♦ and takes everything"
    )


def test_the_coach_at_a_stake_and_a_split():
    s = _session(["3C 9D", "KS QD", "QH KC", "JH JC"], mt_profile="H", mt_othersStake="atMost")
    stake = advice.coach_lines(s, 3)
    assert stake[0].startswith("You deal: name your stake (1 or more counters)")
    s.apply(NameStake(3, 6))
    split = advice.coach_lines(s, 0)
    assert split[0].startswith("Spread from 1 to 5 counters over the five compartments")
    assert "go to the eldest hand holding them" in split[0] and "A♦" in split[0]
    assert advice.action_words(Split(0, (0, 0, 0, 2, 1)), s.game) == "put 2 on Pair, 1 on Best"
    assert advice.action_words(NameStake(3, 6), s.game) == "name a stake of 6"


def test_the_summary_says_no_no_choice_of_card_in_a_game_without_play():
    """No card is ever played in Matrimony: the summary's no-choice note ("You had no choice
    of card this deal: it ended before any card was played") is not said."""
    s = _session(["3C 9D", "KS QD", "QH KC", "JH JC"])
    _staked(s, last=True)
    assert not s.deal_in_progress
    words = ["You", *NAMES[1:]]
    assert ledger.no_choice_note(s, words, 0) == ""
    assert dealsummary.deal_summary(s, words, person=0).no_choice == ""


def test_mt5_the_others_are_told_the_dealers_stake_not_that_it_is_staked():
    """The dealer names the stake and places it last (MT-5), so the panel of a player
    spreading before the dealer speaks of the stake named, not of counters already down."""
    assert prompts.fewer_reason(5, "exact") == (
        "The dealer's stake is 5; the others stake one fewer."
    )
    assert prompts.fewer_reason(1200, "atMost") == (
        "The dealer's stake is 1,200; the others stake at most one fewer."
    )
