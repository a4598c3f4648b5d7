"""Deal again from another seat: the same physical deal, the person at another seat, outside
the session (issue 18, point 4)."""

import random

import pytest

from gamecore.actions import NameStake, parse_action
from gamecore.cards import mask_of
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.games import CHANCE, make_game
from gamecore.match import Session
from gamecore.practice import deal_again
from gamecore.record import dumps_record, load_record
from gamecore.review import deal_again_offered, review_deal
from helpers import game_configs, random_action


def _played(game, n: int, deals: int, seed: int) -> Session:
    session = Session(game, ["You", *(f"P{i}" for i in range(1, n))], 0)
    rng = random.Random(seed)
    for _ in range(deals):
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))
    return session


#: The games whose deals may be dealt again: not a game without play (Matrimony), whose
#: decisions all come before the cards, so its cards from another seat teach nothing.
AGAIN = [c for c in game_configs(variants=False) if make_game(*c).family != CHANCE]


@pytest.mark.parametrize("config", AGAIN, ids=lambda c: c[0])
def test_the_same_cards_land_in_the_chosen_seat_and_the_same_actions_give_the_same_deal(config):
    name, options = config
    game = make_game(name, options)
    n = max(game.min_players, 4) if game.max_players >= 4 else game.min_players
    session = _played(game, n, 3, seed=21)
    reveal = game.family != "stops"
    for number in (1, 3):
        log = session.logs[number - 1]
        practice = deal_again(session, number, 0, 2, reveal=reveal)
        deal = practice.deal
        assert practice.practice and practice.total_deals == 1
        assert practice.players[2] == "You" and practice.players[0] == session.players[2]
        assert deal.dealer == log.dealer
        assert deal.dealt == tuple(mask_of(h) for h in log.hands)
        assert deal.hands[2] == mask_of(log.hands[2])  # the chosen seat's hand
        assert deal.stock == mask_of(log.stock) and deal.turnup == log.turnup
        before = session.logs[number - 2].balances if number > 1 else session.start_balances
        assert deal.opening_balances == tuple(before)
        assert deal.start_events == list(review_deal(session, number).steps[0].events)
        # Dealt already staked as the deal itself was (GEN-9: stakes come before the
        # cards): its first decision is a card or bid decision.
        staked = practice.logs[0].actions
        assert staked == log.actions[: len(staked)]
        assert not isinstance(practice.decision(), (StakeChoice, SplitChoice))
        # The same actions make the same deal: same stakes, same plays, same settlement.
        for text in log.actions[len(staked) :]:
            practice.apply(
                parse_action(text, game.pools, passes=game.has_pass, widow=game.has_widow)
            )
        assert practice.logs[0].balances == log.balances
        assert practice.logs[0].pools == log.pools
        assert practice.logs[0].winner == log.winner
        assert practice.complete
    # The session it came from is untouched.
    assert dumps_record(session) == dumps_record(_played(game, n, 3, seed=21))


def test_a_running_spoil_five_pool_is_staked_as_it_was():
    """The third deal after a spoiled one is staked by the dealer alone (SF-6): so is its
    practice copy, though it is the first deal of its own session."""
    game = make_game("spoil-five")
    for seed in range(200):
        session = _played(game, 3, 2, seed)
        if session.logs[0].winner is None:
            break
    else:
        pytest.fail("no spoiled first deal found")
    practice = deal_again(session, 2, 0, 1, reveal=True)
    assert [(e.seat, e.amount) for e in practice.deal.start_events] == [(1, 1)]
    assert practice.pools == [session.logs[0].pools[0] + 1]


def test_a_named_stake_is_named_again_not_by_the_computer_in_the_dealers_seat():
    """PJ-21: the Pope Joan M dealer names the stake before the cards are seen (GEN-9). The
    practice deal is staked by the deal itself's stake and splits, whoever sits at the
    dealer's seat now: the same pools, and its first decision is a card."""
    game = make_game("pope-joan", {"pj.profile": "M"})
    session = Session(game, ["You", "P1", "P2", "P3"], 0)
    rng = random.Random(5)
    session.start_deal_seeded(77)
    choice = session.decision()
    assert isinstance(choice, StakeChoice)
    named = choice.high if choice.high is not None else choice.low + 3
    assert named != choice.default
    session.apply(NameStake(choice.seat, named))
    while session.deal_in_progress:
        session.apply(random_action(session.decision(), rng))
    log = session.logs[0]
    practice = deal_again(session, 1, 0, choice.seat if choice.seat else 1)
    staked = practice.logs[0].actions
    assert staked[0] == log.actions[0] and staked == log.actions[: len(staked)]
    assert len(staked) == 1 + session.n  # the named stake, then every seat's split (PJ-21)
    assert isinstance(practice.decision(), PlayChoice)
    pools_then = review_deal(session, 1).state(len(staked)).pools
    assert practice.pools == list(pools_then)


def test_a_practice_deal_shares_no_pools_out_gen_6():
    """Deal 1 of 4 dealt again is a session of one deal, complete when it ends: its pools
    were shared out as at a session's end, and its balances no longer matched the deal
    itself, whose pools carried."""
    game = make_game("pope-joan", {"pj.profile": "M"})
    for seed in range(50):
        session = _played(game, 4, 1, seed)
        if sum(session.pools):
            break
    else:
        pytest.fail("no first deal left counters in the pools")
    log = session.logs[0]
    practice = deal_again(session, 1, 0, 2)
    for text in log.actions[len(practice.logs[0].actions) :]:
        practice.apply(parse_action(text, game.pools, passes=game.has_pass, widow=game.has_widow))
    assert practice.complete
    assert practice.final_accounts() == (list(log.balances), list(log.pools))
    assert sum(practice.final_accounts()[1]) == sum(session.pools) > 0


def test_a_record_can_be_dealt_again():
    session = _played(make_game("newmarket"), 3, 2, seed=4)
    practice = deal_again(load_record(dumps_record(session)), 2, 0, 1)
    assert practice.deal.dealt == tuple(mask_of(h) for h in session.logs[1].hands)


def test_only_a_finished_deal_whose_hands_were_all_shown():
    sf = _played(make_game("spoil-five"), 3, 1, seed=3)
    with pytest.raises(ValueError, match="every hand was shown"):
        deal_again(sf, 1, 0, 1)  # Spoil Five hands stay hidden without the reveal setting
    with pytest.raises(ValueError, match="every hand was shown"):
        deal_again(sf, 1, 0, 1, people=2, reveal=True)  # never with several people
    deal_again(sf, 1, 0, 1, reveal=True)
    nm = _played(make_game("newmarket"), 3, 1, seed=3)
    nm.start_deal_seeded(8)
    with pytest.raises(ValueError, match="finished deal"):
        deal_again(nm, 2, 0, 1)
    with pytest.raises(ValueError, match="already at that seat"):
        deal_again(nm, 1, 1, 1)
    with pytest.raises(IndexError):
        deal_again(nm, 3, 0, 1)
    with pytest.raises(IndexError):
        deal_again(nm, 1, 0, 3)


def test_a_game_without_play_is_never_dealt_again():
    """Matrimony's cards decide nothing anyone chooses: no deal again (its summary offers
    none)."""
    game = make_game("matrimony")
    session = _played(game, 4, 1, seed=3)
    assert not deal_again_offered(True, CHANCE, 1, True)
    with pytest.raises(ValueError, match="every hand was shown"):
        deal_again(session, 1, 0, 2, reveal=True)
