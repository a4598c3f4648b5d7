"""The ledger check (issue 24): what the person is told about their counters adds up, in
every registered game and profile, and the check finds what does not."""

from __future__ import annotations

import pytest

from gamecore.actions import Play
from gamecore.cards import cards_in
from gamecore.cards import parse_card as C
from gamecore.games import entries, make_game
from gamecore.match import Session
from gui.model import ledger_check, tablewords
from gui.model.ledger_check import DealText, Reader, check_entry, check_game, faults
from helpers import cards, config_id, game_configs

ENTRIES = [(d, e) for d, e in entries()]


@pytest.mark.parametrize(("desc", "entry"), ENTRIES, ids=[e.label for _d, e in ENTRIES])
def test_every_game_and_profile_adds_up(desc, entry):
    figures = check_entry(desc, entry.label, entry.profile, 8)
    assert figures.deals >= 8
    assert figures.problems == [] and figures.wrong == 0
    assert 0 <= figures.carded <= figures.decided <= figures.deals


@pytest.mark.parametrize("config", game_configs(no_debt=True), ids=config_id)
def test_every_house_rule_adds_up(config):
    name, options = config
    figures = check_game(make_game(name, options), config_id(config), 3)
    assert figures.problems == []


def test_the_command_reports_every_game_and_profile(capsys):
    assert ledger_check.main(["--deals", "2", "--game", "spin"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == [
        "game",
        "deals",
        "not",
        "adding",
        "up",
        "with",
        "a",
        "decision",
        "with",
        "a",
        "card",
        "choice",
    ]
    assert out[1].startswith("Spin ") and out[-1].endswith("deals checked, 0 do not add up.")


# ---- the check finds what is wrong --------------------------------------------------------


def _spinado() -> tuple[Session, Reader]:
    """A Spinado deal over at its first card: Cat out, Gus left with 5 cards and the ♦A
    (he pays Cat 10), the person (Ann, the dealer) with 2 (she pays 2)."""
    game = make_game("spinado")
    hands = [cards("7C 8C"), cards("5S"), cards("AD 3H 4H 5H 6H")]
    held = {c for h in hands for c in h}
    session = Session(game, ["Ann", "Cat", "Gus"], 0)
    session.start_deal(hands, [c for c in cards_in(game.pack) if c not in held], None)
    session.apply(Play(1, C("5S")))
    words = tablewords.spoken(session.players, [0])
    return session, Reader(words, session.players, 0)


STAKE = (
    "You put 24 on the layout: 12 on the Matrimony pool, 6 on the Intrigue pool and 6 on "
    "the Game pool, your stake as dealer, paid before the cards are seen."
)
PAY = "You pay Cat 2: 2 cards left in hand at the end of the deal."


def _found(log: list[str], summary: list[str]) -> list[str]:
    session, reader = _spinado()
    return faults(session, DealText(log, summary, "", False, False), reader)


def test_the_true_text_adds_up():
    assert _found([STAKE, PAY], [STAKE, PAY, "Gus paid Cat 10 for 5 cards left in hand"]) == []


def test_the_popes_excuse_reads_as_nothing_paid_pj_c_7():
    _session, reader = _spinado()
    excused = (
        "You paid nothing for 2 cards left in hand: the 9♦ (the Pope) was left in your "
        "hand, which excuses its holder."
    )
    assert reader.amount(excused) == 0
    assert reader.amount("You paid Cat 3 for 3 cards left in hand") == -3


def test_a_wrong_card_count_is_found():
    wrong = "Gus paid Cat 10 for 10 cards left"  # he held 5: a doubled payment
    assert _found([STAKE, PAY], [STAKE, PAY, wrong]) == [
        f"summary: {wrong!r} says 10 cards, the hand holds 5"
    ]


def test_a_counter_not_said_or_said_twice_is_found():
    assert _found([PAY], [STAKE, PAY, PAY]) == [
        "log: says -2, the balance changed -26",
        "summary: says -28, the balance changed -26",
    ]


def test_a_sentence_that_cannot_be_read_is_found():
    odd = "Your 2 counters go to Cat, who took them"
    assert _found([STAKE, PAY, odd], [STAKE, PAY])[0] == f"log: cannot read {odd!r}"


def test_a_split_not_said_is_found():
    session = Session(make_game("newmarket"), ["Ann", "Ben", "Cat"], 0, max_deals=1)
    session.start_deal_seeded(4)
    while session.deal_in_progress:
        session.apply(session.legal_actions()[0])
    assert session.complete and sum(session.pools)
    words = tablewords.spoken(session.players, [0])
    reader = Reader(words, session.players, 0)
    # The summary showed the balance before the split: 2 off the plates, say.
    before = session.balances[0]
    text = ledger_check.DealText([], [], "", False, False, before)
    delta = session.deal.balances[0] - session.deal.opening_balances[0]
    found = faults(session, text, reader)
    assert f"log: says +0, the balance changed {delta:+d}" in found
    final = session.final_accounts()[0][0]
    assert final != before
    assert f"summary: balance {before}, the plate shows {final}" in found
    assert any(f.startswith("log: the split said [], made [(") for f in found)
    assert any(f.startswith("standings: the split gives 0, made ") for f in found)
