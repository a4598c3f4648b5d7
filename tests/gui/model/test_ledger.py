"""The person's ledger (issue 24): every counter that leaves or reaches the person is said
when it moves, with its reason, and the deal summary opens with those lines; the summary's
words for the others' payments, the split and the stock are right."""

from __future__ import annotations

import random

import pytest

from gamecore.actions import Play
from gamecore.cards import card_label, cards_in
from gamecore.cards import parse_card as C
from gamecore.decisions import PlayChoice
from gamecore.events import Paid, PaidToPool, Played, PoolTaken
from gamecore.games import make_game
from gamecore.match import Session, shuffled
from gamecore.registry import player_for
from gui.model import dealsummary, ledger, prompts, tablewords
from helpers import cards, scenario_deal

NAMES = ["Ann", "Cat", "Gus"]
WORDS = tablewords.spoken(NAMES, [0])  # Ann, seat 0, is the person: "You"


def _spinado_out_at_once() -> Session:
    """Spinado, Ann deals; Cat, the eldest hand, leads her one card and is out at once.
    Gus is left with 5 cards, the ♦A among them (he pays 2 a card, SN-14), Ann with 2."""
    game = make_game("spinado")
    hands = [cards("7C 8C"), cards("5S"), cards("AD 3H 4H 5H 6H")]
    held = {c for h in hands for c in h}
    stock = [c for c in cards_in(game.pack) if c not in held]
    session = Session(game, NAMES, 0)
    session.start_deal(hands, stock, None)
    session.apply(Play(1, C("5S")))
    assert session.deal is not None and session.deal.over
    return session


def test_events_say_whose_counters_they_move():
    assert PaidToPool(1, 0, 3).counters() == ((1, -3),)
    assert PoolTaken(2, 1, 5).counters() == ((2, 5),)
    assert Paid(0, 2, 4, "cards left").counters() == ((0, -4), (2, 4))
    # the card count is a detail of the amount, not another payment
    assert Paid(0, 2, 4, "cards left", 4) == Paid(0, 2, 4, "cards left")
    assert ledger.moves_counters_of(Paid(0, 2, 4, "King"), (2,))
    assert not ledger.moves_counters_of(Paid(0, 2, 4, "King"), (1,))


def test_a_doubled_payment_says_how_many_cards_and_why_sn_14():
    # "Gus paid Cat 10 for 10 cards left" while Gus held 5 read as a wrong count.
    session = _spinado_out_at_once()
    summary = dealsummary.deal_summary(session, WORDS, people=1, person=0)
    assert "Gus paid Cat 10 for 5 cards left in hand, doubled: Gus held the ♦A" in summary.lines
    paid = next(e for e in session.deal_events if isinstance(e, Paid) and e.payer == 2)
    assert paid.cards == 5 and paid.amount == 10
    assert (
        tablewords.log_line(paid, WORDS, []) == "Gus pays Cat 10 for 5 cards left in hand, doubled"
    )
    # Seen from Gus's seat, the ledger says it to him, with the rule.
    gus = tablewords.spoken(NAMES, [2])
    assert ledger.deal_ledger(session, gus, 2)[-1] == (
        "You pay Cat 10: 5 cards left in hand, 2 a card because you held the ♦A."
    )


def test_the_summary_opens_with_the_persons_own_lines_in_order():
    session = _spinado_out_at_once()
    summary = dealsummary.deal_summary(session, WORDS, people=1, person=0)
    assert summary.ledger == [
        "You put 24 on the layout: 12 on the Matrimony pool, 6 on the Intrigue pool and 6 "
        "on the Game pool, your stake as dealer, paid before the cards are seen.",
        "You pay Cat 2: 2 cards left in hand at the end of the deal.",
    ]
    assert summary.deltas[0] == -26
    # The others' lines leave the person's out: each counter is said once.
    assert not any("you" in line.lower().split() for line in summary.lines)
    # the others' stakes first, then the pool they make (6 from the dealer, 3 from each other)
    assert summary.lines[:2] == [
        "Cat and Gus put 3 each on the Game pool",
        "Cat took the Game pool: 12",
    ]


def test_spinado_summary_calls_the_undealt_cards_the_widow():
    summary = dealsummary.deal_summary(_spinado_out_at_once(), WORDS, people=1, person=0)
    assert summary.stock_name == "Widow"
    newmarket = Session(make_game("newmarket"), NAMES, 0)
    newmarket.start_deal_seeded(3)
    while newmarket.deal_in_progress:
        newmarket.apply(newmarket.legal_actions()[0])
    assert dealsummary.deal_summary(newmarket, WORDS, people=1, person=0).stock_name == "Stock"


@pytest.mark.parametrize(
    ("labels", "said"),
    [(["Pool"], "Ben puts 1 on the pool"), (["♥A", "Pool"], "Ben puts 1 on the ♥A pool")],
)
def test_a_stake_is_put_on_the_pool_in_natural_words(labels, said):
    words = ["You", "Ben", "Cat"]
    assert tablewords.log_line(PaidToPool(1, 0, 1), words, labels) == said


def test_the_persons_stakes_at_the_deal_are_in_the_log():
    # Spinado's dealer pays 24 as the cards are dealt, before any decision (SN-5).
    game = make_game("spinado")
    session = Session(game, NAMES, 0)
    session.start_deal_seeded(11)
    lines = ledger.start_lines(session, WORDS, [0])
    assert lines == [
        "You put 24 on the layout: 12 on the Matrimony pool, 6 on the Intrigue pool and 6 "
        "on the Game pool, your stake as dealer, paid before the cards are seen.",
        "Cat and Gus put 3 each on the Game pool",  # the others' stakes in one line
    ]
    # Next deal Cat deals: Ann pays the Game stake every player but the dealer pays.
    while session.deal_in_progress:
        session.apply(session.legal_actions()[0])
    session.start_deal_seeded(12)
    winner = session.logs[0].winner
    expected = (
        []
        if winner == 0  # the winner of the deal before is exempt (SN-5)
        else ["You put 3 on the Game pool: your stake, paid before the cards are seen."]
    )
    # the others' in one line: Cat deals, and Gus stakes unless he won the deal before
    expected.append(
        "Cat puts 24 on the layout" if winner == 2 else "Cat puts 24 and Gus 3 on the layout"
    )
    assert ledger.start_lines(session, WORDS, [0]) == expected


def _play_out(session: Session, seed: int) -> None:
    """Play the whole of ``session`` with the rule-based player in every seat."""
    rng = random.Random(seed)
    agents = [player_for(session.game)() for _ in range(session.n)]
    while not session.complete:
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            d = session.decision()
            assert d is not None
            session.apply(
                agents[d.seat].choose(session.game, session.deal.observation(d.seat), rng)
            )


def test_the_last_deals_summary_shows_the_balances_after_the_split_gen_6():
    # The summary showed the balances before the end-of-session split, 2 off the plates.
    for seed in range(40):
        session = Session(make_game("pope-joan", {"pj.profile": "C"}), NAMES, 0)
        _play_out(session, seed)
        if sum(session.pools):
            break
    else:
        pytest.fail("no session left counters in the pools")
    final, _pools = session.final_accounts()
    summary = dealsummary.deal_summary(session, WORDS, people=1, person=0)
    assert summary.balances == final != session.balances
    assert [n for _label, n in summary.pools] == [0] * len(session.pools)
    total = sum(session.pools)
    share = final[0] - session.balances[0]
    assert summary.split == dealsummary.split_line(session) != ""
    assert summary.ledger[-1] == (
        f"You get {share} of the {total} counters left in the pools: at the end of the "
        "session they are shared out equally, the rest one by one from the eldest hand."
    )
    assert ledger.split_lines(session, WORDS, [0]) == summary.ledger[-1:]
    # Each row adds up: the share is its own column, and the chart ends where the plates do
    # (it ended before the split, "You −13" beside a balance of 100 in Matrimony).
    assert summary.shares == [final[s] - session.balances[s] for s in range(session.n)]
    assert summary.shares[0] == share and sum(summary.shares) == total
    assert [values[-1] for _name, values in summary.history] == [
        final[s] - session.start_balances[s] for s in range(session.n)
    ]


def _first_forced_lines(words: list[str], people: list[int]) -> tuple[Play, list[str]]:
    """A Newmarket deal (seed 5, Cat deals) played by first legal cards, up to the first
    card a person (a seat in ``people``) had to play: that card and its log lines, said in
    ``words``."""
    session = Session(make_game("newmarket"), ["Ann", "Ben", "Cat"], 2)
    session.start_deal_seeded(5)
    while session.deal_in_progress:
        deal = session.deal
        d = deal.decision()
        before = deal.clone()
        action = d.actions[0] if isinstance(d, PlayChoice) else d.default_action()
        events = session.apply(action)
        lines = ledger.action_lines(session, before, action, events, words, people)
        if d.seat in people and isinstance(d, PlayChoice) and d.forced:
            assert isinstance(action, Play)
            return action, lines
    pytest.fail("no person had a forced card")


def test_a_forced_card_is_said_as_the_persons_with_its_reason():
    action, lines = _first_forced_lines(WORDS, [0])
    label = card_label(action.card)
    assert any(
        line.startswith(("You play ", "You lead "))
        and f" {label}, the only card you could play: " in line
        for line in lines
    ), lines


def test_with_several_people_a_forced_card_is_said_without_its_reason():
    """At the hot seat the log is public: "Tom plays 9♣, the only card Tom could play" told
    the others what Tom did not hold."""
    _action, lines = _first_forced_lines(tablewords.spoken(["Ann", "Ben", "Cat"], [0, 1]), [0, 1])
    assert lines and not any("the only card" in line for line in lines), lines


def _no_choice_deal(want_choice: bool) -> Session:
    """A Spinado deal (Ann deals, the person is Ann) with or without a choice of card for
    her."""
    for seed in range(200):
        session = Session(make_game("spinado"), NAMES, 0)
        session.start_deal_seeded(seed)
        chose = False
        while session.deal_in_progress:
            d = session.decision()
            assert d is not None
            chose = chose or (d.seat == 0 and isinstance(d, PlayChoice) and not d.forced)
            session.apply(session.legal_actions()[0])
        if chose == want_choice:
            return session
    pytest.fail("no such deal")


def test_a_deal_without_a_choice_says_so_and_why():
    session = _no_choice_deal(False)
    note = dealsummary.deal_summary(session, WORDS, people=1, person=0).no_choice
    played = any(isinstance(e, Played) and e.seat == 0 for e in session.deal_events)
    if played:
        assert note.startswith(
            "You had no choice of card this deal, for every card you played was the only "
            "one you could play: "
        )
    else:
        winner = WORDS[session.deal.winner]
        assert note.startswith("You had no choice of card this deal: ")
        assert note.endswith(f"{winner} went out before your turn came.")
    chosen = _no_choice_deal(True)
    assert dealsummary.deal_summary(chosen, WORDS, people=1, person=0).no_choice == ""


def test_with_several_people_the_table_speaks_to_the_one_whose_hand_is_shown():
    # Hot seat: everyone is named; the forced card's call is for the person at the screen.
    game = make_game("newmarket")
    deal = scenario_deal(game, ["8S 2H", "3H 5D", "9D JC"], stock="4C", top="7S", to_act=0)
    action = Play(0, C("8S"))
    forced = prompts.forced_words(deal, action, "Ann", alone=False)
    assert forced.call == "Ann, your only card to play: 8♠"
    assert forced.line == (
        "Ann, your only card to play, 8♠, plays itself: the next card of a sequence must be played "
        "by its holder."
    )
    alone = prompts.forced_words(deal, action, "You", alone=True)
    assert alone.call == "Your only card to play: 8♠"
    session = Session(game, ["Ann", "Ben", "Cat"], 2)
    session.start_deal_seeded(1)
    words = tablewords.spoken(session.players, [0, 2])
    assert words == ["Ann", "Ben", "Cat"]
    d = session.decision()
    while d.seat != 0:  # Cat names the stake, then the splits come round to Ann
        session.apply(d.default_action())
        d = session.decision()
    before = session.deal.clone()
    split = d.default_action()
    events = session.apply(split)
    total = sum(split.amounts)
    lines = ledger.action_lines(session, before, split, events, words, [0, 2])
    assert lines[0].startswith(f"Ann puts {total} on the layout: ")
    assert lines[0].endswith(", Ann's stake, paid before the cards are seen.")


def test_with_several_people_the_summary_opens_with_everyones_ledger():
    """Hot seat, Cat and Gus at the screen: the summary opened with the ledger of the one
    whose hand was shown last, so the other saw none of their own lines. It now says every
    person's counters, a payment between two of them once, and no one's no-choice note."""
    session = _spinado_out_at_once()
    words = tablewords.spoken(NAMES, [1, 2])
    summary = dealsummary.deal_summary(session, words, people=2, person=2, people_seats=[1, 2])
    assert summary.ledger == [
        "Cat puts 3 on the Game pool: Cat's stake, paid before the cards are seen.",
        "Cat takes the Game pool (12): Cat went out, and the Game pool goes to the winner.",
        "Gus pays Cat 10: 5 cards left in hand, 2 a card because Gus held the ♦A.",
        "Ann pays Cat 2: 2 cards left in hand at the end of the deal.",
        "Gus puts 3 on the Game pool: Gus's stake, paid before the cards are seen.",
    ]
    assert summary.no_choice == ""
    assert summary.lines == ["Ann put 24 on the layout"]  # the one stake not in a ledger
    alone = dealsummary.deal_summary(session, words, people=1, person=2)
    assert alone.ledger == ledger.deal_ledger(session, words, 2)


def test_the_other_seats_automatic_stakes_are_one_line():
    """The log said only the people's stakes: at the hot seat in Spoil Five the pool held 3
    while the log named Ann's 1 and Bob's 1. The other seats' stakes are one line."""
    from gamecore.events import PaidToPool
    from gui.model.ledger import others_stakes

    words = ["You", "Ben", "Cat", "Dan"]
    assert others_stakes([PaidToPool(2, 0, 1)], words, ["Pool"]) == "Cat puts 1 on the pool"
    layout = ["♥A", "♣K", "♦Q", "♠J"]
    even = [PaidToPool(s, p, 1) for s in (1, 2, 3) for p in range(4)]
    assert others_stakes(even, words, layout) == "Ben, Cat and Dan put 4 each on the layout"
    uneven = [PaidToPool(1, 0, 2), PaidToPool(1, 1, 3), PaidToPool(3, 0, 4)]
    assert others_stakes(uneven, words, layout) == "Ben puts 5 and Dan 4 on the layout"


def test_another_seats_split_is_one_line():
    """A computer's split was said a line a pool ("Ben puts 1 on the ♥A pool", four times)
    where a person's was one sentence: it is one line too."""
    from gamecore.actions import NameStake, Split
    from gamecore.events import PaidToPool
    from gui.model.ledger import stake_line

    layout = ["♥A", "♣K", "♦Q", "♠J"]
    words = ["You", "Ben", "Cat", "Dan"]
    assert stake_line([PaidToPool(1, 2, 3)], words, layout) == "Ben puts 3 on the ♦Q pool"
    even = [PaidToPool(1, p, 1) for p in range(4)]
    assert stake_line(even, words, layout) == "Ben puts 4 on the layout, 1 on each pool"
    two = [PaidToPool(2, 0, 2), PaidToPool(2, 1, 2)]
    assert stake_line(two, words, layout) == (
        "Cat puts 4 on the layout: 2 on the ♥A pool and 2 on the ♣K pool"
    )
    # at the table: Dan deals and names 4; Ben, a computer, spreads them as proposed
    session = Session(make_game("newmarket"), ["You", "Ben", "Cat", "Dan"], 3)
    session.start_deal_seeded(5)
    session.apply(NameStake(3, 4))
    session.apply(Split(0, session.decision().default))
    before = session.deal.clone()
    split = Split(1, session.decision().default)
    events = session.apply(split)
    assert ledger.action_lines(session, before, split, events, words, [0]) == [
        "Ben puts 4 on the layout, 1 on each pool"
    ]


def _spoiled_spoil_five(max_deals: int | None, practice: bool = False) -> Session:
    """A Spoil Five session of Ann, Cat and Gus whose last deal (of ``max_deals``) was
    spoiled, played by the rule-based player."""
    for seed in range(60):
        session = Session(make_game("spoil-five"), NAMES, 0, max_deals=max_deals, practice=practice)
        _play_out(session, seed)
        if session.logs[-1].winner is None:
            return session
    pytest.fail("no seed gave a spoiled last deal")


def test_a_spoiled_last_deal_shares_its_pool_out_and_promises_no_next_deal_sf_30_gen_6():
    # "The pool stays for the next deal." sat above "The 5 counters left in the pools were
    # shared out" after the session's last deal (and Spoil Five has one pool).
    session = _spoiled_spoil_five(1)
    lines = tablewords.summary_lines(session, session.deal_events, WORDS)
    spoiled = [line for line in lines if line.startswith("Spoiled: ")]
    assert len(spoiled) == 1
    assert spoiled[0].endswith(". It was the last deal: the pool is shared out.")
    total = sum(session.pools)
    assert total > 0  # the stakes of a spoiled deal stay in the pool until the split
    shares, _total = ledger.split_shares(session)
    who = ", ".join(f"{name} +{n}" for name, n in zip(NAMES, shares, strict=True))
    assert dealsummary.split_line(session) == (
        f"The {total} counters left in the pool were shared out: {who}."
    )
    (mine,) = ledger.split_lines(session, WORDS, [0])
    assert f"of the {total} counters left in the pool: at the end" in mine
    # the table's log: it said "The pool stays." above the line of the split
    log, _since = ledger.deal_log(session, WORDS, [0])
    (said,) = [line for line in log if line.startswith("Spoiled: ")]
    assert said.endswith(", so nobody takes the pool.") and "stays" not in said


def test_one_counter_left_was_shared_out_gen_6(monkeypatch):
    # "The 1 counter left in the pools were shared out" at the end of a Pope Joan session
    session = Session(make_game("newmarket"), NAMES, 0)
    monkeypatch.setattr(ledger, "split_shares", lambda _session: ([1, 0, 0], 1))
    assert dealsummary.split_line(session) == (
        "The 1 counter left in the pools was shared out: Ann +1, Cat +0, Gus +0."
    )


def test_a_spoiled_deal_before_the_last_keeps_its_pool_sf_30():
    session = _spoiled_spoil_five(1, practice=True)  # a practice deal: no split
    lines = tablewords.summary_lines(session, session.deal_events, WORDS)
    assert any(
        line.startswith("Spoiled: ") and line.endswith(". The pool stays for the next deal.")
        for line in lines
    )
    assert dealsummary.split_line(session) == ""


def test_a_claim_and_a_jink_are_said_with_the_pool_taken_sf_31_sf_32():
    """Whether the winner claimed after three tricks or jinked and won all five was said
    only in the status line, gone by the time the summary was read."""
    from gamecore.spoilfive.deal import Jinked, JinkOffered

    session = Session(make_game("spoil-five"), NAMES, 0)
    claim = [JinkOffered(seat=1), PoolTaken(seat=1, pool=0, amount=4)]
    assert tablewords.summary_lines(session, claim, WORDS) == [
        "Cat took the pool: 4, claimed after the first three tricks"
    ]
    jink = [JinkOffered(seat=2), Jinked(seat=2), PoolTaken(seat=2, pool=0, amount=6)]
    assert tablewords.summary_lines(session, jink, WORDS)[-1] == (
        "Gus took the pool: 6, jinked and won all five tricks"
    )
    three = [PoolTaken(seat=1, pool=0, amount=4)]  # three tricks, not the first three
    assert tablewords.summary_lines(session, three, WORDS) == ["Cat took the pool: 4"]


def test_each_persons_antes_are_one_line_mi_4():
    """Michigan: every player antes 1 on each of the four pools before the deal, the dealer 2
    (MI-4), paid pool by pool. With two people at the screen each person's four antes are
    one sentence; they were eight lines of the hot seat's "Since your last turn"."""
    names = ["Ann", "Ben", "Cat", "Dan"]
    session = Session(make_game("michigan"), names, 1)
    session.start_deal_seeded(5)
    words = tablewords.spoken(names, [0, 2])
    assert ledger.start_lines(session, words, [0, 2])[:3] == [
        "Ann puts 4 on the layout: 1 on each pool, Ann's stake, paid before the cards are seen.",
        "Cat puts 4 on the layout: 1 on each pool, Cat's stake, paid before the cards are seen.",
        "Dan puts 4 and Ben 8 on the layout",  # Ben deals
    ]
    # and in the deal's summary, which said each of the four antes in a line of its own
    assert ledger.deal_ledger(session, words, 1) == [
        "Ben puts 8 on the layout: 2 on each pool, Ben's stake as dealer, paid before the "
        "cards are seen."
    ]


def test_a_deal_says_what_its_pools_carried_over_sf_30():
    """A spoiled Spoil Five deal's pool stays (SF-30): the next deal's log says what it
    holds before the stakes (a tester saw a pool of 4 become 5 with one stake of 1)."""
    spoiled = next(s for s in range(60) if _spoiled_first(s) is not None)
    session = _spoiled_first(spoiled)
    assert session.logs[0].pools[0] > 0
    session.start_deal_seeded(1)
    assert (
        tablewords.carried_line(session) == f"Carried over: {session.logs[0].pools[0]} in the pool."
    )
    # Newmarket: each pool by its card; nothing carried, nothing said
    nm_session = Session(make_game("newmarket"), NAMES, 0, pools=[2, 0, 0, 5])
    nm_session.start_deal_seeded(3)
    assert tablewords.carried_line(nm_session) == (
        "Carried over: 2 on the ♥A pool and 5 on the ♠J pool."
    )
    assert tablewords.carried_line(Session(make_game("newmarket"), NAMES, 0)) == ""


def _spoiled_first(seed: int) -> Session | None:
    """A Spoil Five session whose first deal (seed ``seed``) was spoiled, or ``None``."""
    session = Session(make_game("spoil-five"), NAMES, 0)
    rng = random.Random(seed)
    agents = [player_for(session.game)() for _ in range(session.n)]
    session.start_deal_seeded(seed)
    while session.deal_in_progress:
        d = session.decision()
        session.apply(agents[d.seat].choose(session.game, session.deal.observation(d.seat), rng))
    return session if session.logs[-1].winner is None else None


def test_a_turned_pope_deal_is_summed_up_as_such_not_as_the_dealer_going_out_pj_c_5():
    """PJ-C-5: a turned Pope ends the deal before any card is played; the summary said "Ben
    went out" and marked the dealer "★ out"."""
    game = make_game("pope-joan", {"pj.profile": "C"})
    deck = [c for c in shuffled(game.pack, random.Random(10)) if c != C("9D")] + [C("9D")]
    session = Session(game, ["Ann", "Ben", "Cat", "Dan"], 1)
    session.start_deal_from_deck(deck)
    assert session.deal.over and session.deal.winner == 1
    summary = dealsummary.deal_summary(session, person=0)
    assert summary.headline == "9♦ turned up: the deal ends before any card is played"
    assert summary.winner is None and summary.deltas[1] > 0


def test_a_shared_pool_is_said_as_a_share_pj_23():
    """A tester read "Cat took the Intrigue pool: 1" and "Gus took the Intrigue pool: 1"
    as each taking it whole, with a counter still left in it (PJ-23: a pair played by two
    players is shared)."""
    game = make_game("pope-joan", {"pj.profile": "M"})
    session = Session(game, NAMES, 0)
    intrigue = tablewords.pool_labels(game).index("Intrigue")
    shared = [PoolTaken(1, intrigue, 1), PoolTaken(2, intrigue, 1)]
    assert tablewords.summary_lines(session, shared, WORDS, skip=[0]) == [
        "Cat took a share of the Intrigue pool: 1",
        "Gus took a share of the Intrigue pool: 1",
    ]
    whole = [PoolTaken(1, intrigue, 5)]
    assert tablewords.summary_lines(session, whole, WORDS) == ["Cat took the Intrigue pool: 5"]
