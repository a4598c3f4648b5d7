"""What the player reads carries no rule id of the specification ("(MI-7)", "GEN-2") nor
its sections ("cousins §1"): the status lines and questions at every decision of every
game, the coach, the hints' words, the refusals, the log and the calls, the reasons, the
deal summary and the review. The ids belong to the docstrings and the tests (the status
line read "Choose what to do with the widow (MI-7): …" and "a pass is final (MI-8)")."""

from __future__ import annotations

import random
import re

import pytest

from gamecore.cards import cards_in
from gamecore.decisions import BidChoice, PlayChoice, SplitChoice, StakeChoice
from gamecore.explain import explain_events, scene_before
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.review import review_deal, show_rule, shown_table
from gui.model import (
    advice,
    dealsummary,
    intents,
    ledger,
    prompts,
    reviewtext,
    tablewords,
    widowwords,
)
from gui.model.registryview import pool_labels
from helpers import random_action, registry_entries

#: A rule id ("MI-7", "PJ-C-5") or a section of the specification ("§1").
RULE_ID = re.compile(r"\b[A-Z]{2,4}(?:-[A-Z])?-\d+\b|§")
NAMES = ["You", "Ben", "Cat", "Dan"]
DEALS = 3


def _at_decision(session: Session, d: object) -> list[str]:
    """What the table says to the person at decision ``d`` (seat 0 as "You"): the staking
    prompt, the question or the status line, the coach, each choice in the hint's words,
    a forced move's words, and the refusal of every card the engine refuses (as the table
    says it)."""
    deal = session.deal
    assert deal is not None
    seat = d.seat  # type: ignore[attr-defined]
    texts = advice.coach_lines(session, seat)
    if isinstance(d, StakeChoice):
        return [*texts, prompts.stake_prompt("you", d.low, d.high)]
    if isinstance(d, SplitChoice):
        return [*texts, prompts.split_prompt("you", d.total, d.least)]
    q = intents.question_for(session, d)  # type: ignore[arg-type]
    if q is not None:
        texts += [q.text, q.line, *(label for _, label in q.buttons)]
    if not isinstance(d, PlayChoice):
        return texts
    texts += [advice.action_words(a, session.game) for a in d.actions]
    if q is None:
        texts.append(prompts.lead_hint(session, seat))
    if d.forced:
        texts += advice.coach_lines(session, seat, plays_itself=True)
        texts.append(prompts.forced_words(deal, d.actions[0], "You", True).line)
    for card in cards_in(deal.hands[seat]):
        why = intents.card_intent(deal, seat, card).why
        texts.append(tablewords.plain_words(f"Not allowed: {why}."))
    return texts


def _after(session: Session, before, action, events) -> list[str]:
    """The log, the calls, the ledger and the reasons said after ``action``."""
    game = session.game
    labels, spin = pool_labels(game), tablewords.spin_call(game)
    texts = ledger.action_lines(session, before, action, events, NAMES, [0])
    texts += tablewords.why_lines(before, NAMES, events)
    scene = scene_before(before, NAMES)
    texts += [tablewords.plain_words(s) for s in explain_events(events, scene)]
    for e in events:
        texts.append(tablewords.log_line(e, NAMES, labels, spin) or "")
        texts.append(tablewords.announcement(e, NAMES, labels, spin) or "")
        texts.append(widowwords.widow_call(e, NAMES) or "")
    return texts


def _deal_over(session: Session) -> list[str]:
    """The deal summary's lines and the review's words for the deal just over."""
    s = dealsummary.deal_summary(session, NAMES, person=0)
    texts = [*s.lines, *s.ledger, s.no_choice, s.split, s.headline]
    review = review_deal(session, len(session.logs))
    family = session.game.family
    for seat in (None, 0):
        rule = show_rule(True, family, 1, False, seat, 0)
        for k in range(len(review.steps)):
            st = reviewtext.review_step_text(review, shown_table(review, k, rule), NAMES)
            texts += [st.heading, st.turn, st.choices, st.taken, *st.why, st.counters]
            texts += [*st.calls, *st.log, *st.notes]
    return texts


def _said(name: str, options: dict, seed: int) -> list[str]:
    """Everything :func:`_at_decision`, :func:`_after` and :func:`_deal_over` say over
    ``DEALS`` deals of ``name`` played with random choices from ``seed``."""
    rng = random.Random(seed)
    game = make_game(name, options)
    players = max(game.min_players, min(4, game.max_players))
    session = Session(game, NAMES[:players], 0)
    texts: list[str] = []
    for _ in range(DEALS):
        session.start_deal_seeded(rng.randrange(1 << 30))
        texts.append(tablewords.deal_line(session, NAMES[:players]))
        texts += ledger.start_lines(session, NAMES, [0])
        while session.deal_in_progress:
            d = session.decision()
            if d.seat == 0:
                texts += _at_decision(session, d)
            before = session.deal.clone()
            action = random_action(d, rng)
            texts += _after(session, before, action, session.apply(action))
        texts += _deal_over(session)
        if session.complete:
            break
    return texts


@pytest.mark.parametrize(
    ("name", "options"),
    [(d.name, d.entry_options(e)) for d, e in registry_entries()],
    ids=[e.label for _, e in registry_entries()],
)
def test_no_rule_id_in_what_the_player_reads(name: str, options: dict) -> None:
    said = [t for seed in (1, 2) for t in _said(name, options, seed)]
    assert len(said) > 50
    assert [t for t in said if RULE_ID.search(t)] == []
    # one full stop a sentence: the coach read "…or pass and keep it.." at the Commit's offer
    assert [t for t in said if re.search(r"(?<!\.)\.\.(?!\.)", t)] == []


def test_the_widows_questions_read_without_their_rule_ids():
    """MI-7, MI-8: the status lines at the widow's choice and at a bid."""
    session = Session(make_game("michigan"), NAMES, 0)
    session.start_deal_from_deck(list(range(52)))
    d = session.decision()
    assert isinstance(d, PlayChoice)
    q = intents.question_for(session, d)
    assert q is not None
    assert q.line == "Choose what to do with the widow: exchange, auction or keep."
    session.apply(intents.answer(session.deal, 0, "auction"))
    bid = session.decision()
    assert isinstance(bid, BidChoice)
    q = intents.question_for(session, bid)
    assert q is not None and q.line == "Bid for the widow or pass; a pass is final."
