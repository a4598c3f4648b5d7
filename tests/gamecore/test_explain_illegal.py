"""Every refused action says why, in one line (issue 18, point 6): every card of the pack,
alone, with the ♦A and as a Spoil Five discard, and every other kind of action, tried at every
decision of random deals of every registered game and house-rule set. A refusal of anything
but a card the seat does not hold, a turn that is not the seat's or a stake out of its range
(whose reason gives the range) names its rule."""

import random
import re

import pytest

from gamecore.actions import Claim, Decline, Jink, NameStake, Pass, Play, Rob, Split
from gamecore.decisions import PlayChoice
from gamecore.errors import IllegalAction
from gamecore.games import make_game
from gamecore.match import Session
from helpers import config_id, game_configs, random_action

RULE_ID = re.compile(r"\b(GEN|STOP|NM|PJ|PJ-C|SP|SN|SF|CM|MI|MT)-\d+\b")
UNEXPLAINED = re.compile(r"^(seat \d+ does not hold \S+|it is seat \d+'s turn, not seat \d+'s)$")


def _tries(deal, seat: int, pools: int) -> list:
    out: list = []
    for c in range(52):
        out += [Play(seat, c), Play(seat, c, spin=True), Rob(seat, c)]
    out += [Decline(seat), Claim(seat), Jink(seat), NameStake(seat, 4), Split(seat, (1,) * pools)]
    out.append(Pass(seat))
    other = (seat + 1) % deal.n
    out += [Play(other, c) for c in range(52) if deal.hands[other] >> c & 1]
    return out


@pytest.mark.parametrize("config", game_configs(), ids=config_id)
def test_every_illegal_action_has_a_one_line_reason(config):
    name, options = config
    game = make_game(name, options)
    rng = random.Random(config_id(config))
    n = rng.randint(game.min_players, min(game.max_players, 6))
    session = Session(game, [f"P{i}" for i in range(n)], rng.randrange(n))
    refused = 0
    for _ in range(2):
        if session.complete:
            break
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            deal = session.deal
            d = deal.decision()
            legal = set(d.actions) if isinstance(d, PlayChoice) else set()
            for action in _tries(deal, d.seat, len(game.pools)):
                why = deal.explain_illegal(action)
                if action in legal:
                    assert why is None, (action, why)
                    continue
                if why is None:  # a staking action within its range
                    assert not isinstance(d, PlayChoice), action
                    continue
                refused += 1
                assert why.strip() == why and why and "\n" not in why, (action, why)
                if not isinstance(d, PlayChoice) and isinstance(action, NameStake | Split):
                    continue  # an amount out of range: the reason gives the range
                assert UNEXPLAINED.match(why) or RULE_ID.search(why), (action, why)
                last = (action, why)
            with pytest.raises(IllegalAction) as e:  # apply refuses with that same reason
                deal.apply(last[0])
            assert str(e.value) == last[1]
            session.apply(random_action(d, rng))
    assert refused > 1000
