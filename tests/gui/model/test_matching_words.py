"""A payment into a pool for a layout card left in hand (PJ-11, PJ-24) is said as that, not
as a stake: the log and the review said "Ben puts 3 on the Pope pool", and the person's
own sentence for a combination's pool said only "a card of it was left in hand"."""

from __future__ import annotations

from gamecore.events import PaidToPool
from gamecore.explain import explain, scene_before
from gui.model import tablewords
from helpers import trump_layout_going_out

NAMES = ["You", "Ben", "Cat"]


def _going_out():
    """Cat goes out with J♠ while You hold the K♠ and Ben the Q♠ and the Pope (7♦): the
    deal before Cat's last card, and the events of the deal's last three cards."""
    before, _deal, events = trump_layout_going_out()
    return before, events


def test_the_persons_combination_payment_names_the_card_pj_24():
    before, events = _going_out()
    scene = scene_before(before, NAMES, events, show_hands=True)
    mine = [explain(e, scene) for e in events if isinstance(e, PaidToPool) and e.seat == 0]
    assert mine == [
        "You pay 6 into the Matrimony pool: the K♠ was left in your hand, which doubles it "
        "(PJ-24, STOP-10).",
        "You pay 5 into the Confederacy pool: the K♠ was left in your hand, which doubles it "
        "(PJ-24, STOP-10).",
    ]
    # where the hands are not shown (a seat's view in the review) the card is not named
    hidden = scene_before(before, NAMES, events)
    assert explain(
        next(e for e in events if isinstance(e, PaidToPool) and e.seat == 0), hidden
    ) == (
        "You pay 6 into the Matrimony pool: a card of it was left in hand, which doubles it "
        "(STOP-10)."
    )


def test_a_payment_after_a_player_went_out_is_said_as_matching_the_pool_pj_11():
    _before, events = _going_out()
    labels = ["Matrimony", "Intrigue", "Confederacy", "Pope", "Game"]
    paid = [e for e in events if isinstance(e, PaidToPool) and e.seat == 1]
    assert tablewords.log_line(paid[0], NAMES, labels, after_out=True) == (
        "Ben pays 3 into the Pope pool, matching it: its card was left in Ben's hand"
    )
    assert [tablewords.log_line(e, NAMES, labels, after_out=True) for e in paid[1:2]] == [
        "Ben pays 6 into the Matrimony pool, matching it: a card of it was left in Ben's hand"
    ]
    assert tablewords.log_line(paid[0], NAMES, labels) == "Ben puts 3 on the Pope pool"  # a stake


def test_the_tables_log_says_the_others_payments_as_matching():
    from types import SimpleNamespace

    from gui.model import ledger

    before, events = _going_out()
    table = SimpleNamespace(game=before.game, deal=before, players=tuple(NAMES), deal_events=[])
    lines = ledger.action_lines(table, before, None, events, NAMES, [0])
    assert "Ben pays 3 into the Pope pool, matching it: its card was left in Ben's hand" in lines
    assert not any(" puts " in line for line in lines)
