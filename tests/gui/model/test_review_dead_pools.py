"""The review marks a pool that cannot be won this deal as the table did while the deal
was played: a pool whose card was announced missing at a stop (STOP-7, STOP-10) is "out
this deal" at the same steps in both (the review marked only the turn-up's pools)."""

from __future__ import annotations

import random

import pytest

from gamecore.games import make_game
from gamecore.match import Session
from gamecore.review import review_deal, show_rule, shown_table
from gui.model import reviewtext, tablesnap
from helpers import game_configs, random_action

NAMES = ["You", "Ben", "Cat", "Dan"]


@pytest.mark.parametrize(
    "config", game_configs("stops", variants=False), ids=lambda c: "-".join([c[0], *c[1].values()])
)
def test_a_pool_out_of_play_is_marked_at_the_same_steps_in_the_review_stop_7(config):
    game = make_game(*config)
    rule = show_rule(False, "stops", 1, False, 0, 0)
    marked = 0
    for seed in range(30):
        session = Session(game, NAMES, seed % 4)
        rng = random.Random(seed)
        session.start_deal_seeded(1000 + seed)
        live = []
        while session.deal_in_progress:
            live.append([v.dead for v in tablesnap.snapshot(session, 0).pools])
            session.apply(random_action(session.decision(), rng))
        review = review_deal(session, 1)
        for k, table in enumerate(live):
            shown = shown_table(review, k, rule)
            again = [v.dead for v in reviewtext.review_snapshot(review, shown, 0).pools]
            assert again == table, (seed, k)
            marked += sum(1 for d in table if d.endswith("is out of play"))
    if config[0] == "newmarket":
        assert marked > 0  # some stop announced a pool's card missing
