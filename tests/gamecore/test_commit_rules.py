"""Commit (cousins spec §2: CM-1 … CM-16) on the stops engine, with the spec's worked
scenarios T-CM-1 … T-CM-8 (§8.1) as exact expectations, the record's ``9D`` and ``pass``
(§6) and the first dealer by the lowest card (§1).

Unless stated: the dealer is the last-named player; ``from_position`` deals start every
balance at 0, so a balance is the seat's Δ; the pool already holds this deal's antes (not
part of Δ); every card not placed in a hand or the stock has been played (the 8♦ is out of
the pack, CM-2).
"""

from __future__ import annotations

import random

import pytest

from gamecore.actions import ActionSyntaxError, Pass, Play, format_action, parse_action
from gamecore.cards import cards_in, parse_card
from gamecore.errors import IllegalAction, OptionError, RecordError
from gamecore.events import Paid, PaidToPool, PoolTaken, Stopped, WentOut
from gamecore.games import make_game
from gamecore.match import Session, first_dealer, lowest_card_dealer, shuffled
from gamecore.options import house_rules, resolve_options
from gamecore.record import parse_record, replay
from gamecore.stops.deal import StopsDeal
from helpers import cards, scenario_deal

C = parse_card
NINE_D = C("9D")


def cm(**options):
    """Commit rules; keyword ``cm_commitTiming="anyTime"`` → ``cm.commitTiming``."""
    return make_game("commit", {k.replace("_", "."): v for k, v in options.items()})


def at(game, hands, *, pool: int, to_act: int = 0, stock: str = "", **kw) -> StopsDeal:
    """A deal in play from the scenario's hands (A, B, C, D = seats 0–3)."""
    return scenario_deal(game, hands, stock=stock, pools=[pool], to_act=to_act, **kw)


def legal(deal: StopsDeal) -> set[str]:
    """The legal actions in record syntax (``"0 5D"``, ``"2 pass"``)."""
    return {format_action(a, deal.game.pools) for a in deal.legal_actions()}


def do(deal: StopsDeal, *texts: str) -> list:
    """Apply each action (record syntax), checking first that it is legal; the events."""
    events: list = []
    for text in texts:
        action = parse_action(text, deal.game.pools, passes=True)
        assert deal.explain_illegal(action) is None, (text, deal.explain_illegal(action))
        events += deal.apply(action)
    return events


# ---- T-CM-1: deal sizes and antes (CM-5, CM-6) ---------------------------------------------


def test_t_cm_1_antes_into_the_one_pool():
    """CM-5: before the deal every player, dealer included, pays ``cm.ante`` into the pool."""
    session = Session(cm(), ["A", "B", "C", "D"], first_dealer=3)
    events = session.start_deal_seeded(1)
    assert sorted(events, key=repr) == sorted((PaidToPool(s, 0, 1) for s in range(4)), key=repr)
    assert session.pools == [4]
    assert [b - 100 for b in session.balances] == [-1, -1, -1, -1]
    assert session.deal.phase == "play" and session.deal.to_act == 0  # CM-7: the eldest


def test_t_cm_1_the_four_player_deal_by_deck_index():
    """CM-6 (``table``): deck indices 0 … 47 go A, B, C, D, A, …; 48, 49, 50 are the stock."""
    game = cm()
    assert game.pack_size() == 51 and not game.pack >> C("8D") & 1  # CM-2
    deck = shuffled(game.pack, random.Random(7))
    hands, stock, turnup = game.deal_from_deck(deck, 4, dealer=3)
    for seat in range(4):
        assert hands[seat] == [deck[i] for i in range(48) if i % 4 == seat]
    assert stock == deck[48:] and turnup is None


@pytest.mark.parametrize(
    ("deal", "sizes"),
    [
        ("table", {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}),
        ("asFarAsTheyGo", {3: 17, 4: 12, 5: 10, 6: 8, 7: 7, 8: 6}),
    ],
)
def test_t_cm_1_deal_sizes(deal, sizes):
    """CM-6: the table's column, or as far as the cards go (``51 mod N`` stops)."""
    game = cm(cm_deal=deal)
    for n, k in sizes.items():
        hands, stock, _ = game.deal_from_deck(shuffled(game.pack, random.Random(n)), n, 0)
        assert [len(h) for h in hands] == [k] * n
        assert len(stock) == 51 - n * k


def test_cm_5_no_debt_needs_the_ante():
    """GEN-5 rule 1 (cousins §1): every player must be able to pay ``cm.ante``."""
    game = cm(cm_ante=3, gen_allowDebt=False)
    session = Session(game, ["A", "B", "C"], first_dealer=0, balances=[3, 2, 9])
    assert session.cannot_stake() == [1] and session.complete


# ---- T-CM-2 ---------------------------------------------------------------------------------


def test_t_cm_2_run_across_two_players_the_seven_of_diamonds_stop_a_king_going_out():
    """T-CM-2 (CM-2, CM-7, CM-10, CM-12, CM-13)."""
    deal = at(cm(), ["5D 6D QC 2S", "7D KC 3H", "JC 4S 9H 10H"], pool=3, stock="9D 4H")
    assert legal(deal) == {"0 2S", "0 5D", "0 6D", "0 QC"}
    do(deal, "0 5D")
    assert legal(deal) == {"0 6D"}
    do(deal, "0 6D")
    assert legal(deal) == {"1 7D"}
    events = do(deal, "1 7D")
    # the 8♦ is not in the pack: a stop; nobody holds the Commit, so no offer
    assert Stopped(1, C("7D"), None) in events
    assert legal(deal) == {"1 3H", "1 KC"}
    do(deal, "1 3H")
    events = do(deal, "1 KC")
    assert Paid(0, 1, 1, "King") in events and Paid(2, 1, 1, "King") in events
    assert WentOut(1) in events and PoolTaken(1, 0, 3) in events
    assert Paid(0, 1, 2, "cards left") in events and Paid(2, 1, 4, "cards left") in events
    assert deal.balances == [-3, 11, -5] and deal.pools == [0]  # −3 + 11 − 5 − 3 = 0


# ---- T-CM-3 ---------------------------------------------------------------------------------

T_CM_3 = ["4S 5S 10C 2H", "KH 7C 8C", "9D JH QH 3C", "6S 7S 2D"]


def test_t_cm_3_the_commit_offered_in_turn_and_played():
    """T-CM-3 (CM-9 … CM-13): the round for 6♠ reaches C (who holds the 9♦) before D (who
    holds 6♠); the Commit stops the spades although D holds the 6♠."""
    deal = at(cm(), T_CM_3, pool=4, stock="8S 9C")
    assert legal(deal) == {"0 4S", "0 5S", "0 10C", "0 2H"}
    do(deal, "0 4S")
    assert legal(deal) == {"0 5S"}
    do(deal, "0 5S")
    assert legal(deal) == {"2 9D", "2 pass"}
    events = do(deal, "2 9D")
    assert sorted((e for e in events if isinstance(e, Paid)), key=repr) == sorted(
        (Paid(s, 2, 2, "Commit") for s in (0, 1, 3)), key=repr
    )
    assert Stopped(2, NINE_D, None) in events
    assert legal(deal) == {"2 3C", "2 JH", "2 QH"}
    do(deal, "2 JH", "2 QH")
    assert legal(deal) == {"1 KH"}  # C, D and A lack the K♥
    events = do(deal, "1 KH")
    assert sorted((e for e in events if isinstance(e, Paid)), key=repr) == sorted(
        (Paid(s, 1, 1, "King") for s in (0, 2, 3)), key=repr
    )
    assert legal(deal) == {"1 7C", "1 8C"}
    events = do(deal, "1 7C", "1 8C")
    assert WentOut(1) in events and PoolTaken(1, 0, 4) in events
    # nobody holds the 9♦ any more, so nothing is doubled
    assert {e.payer: e.amount for e in events if isinstance(e, Paid)} == {0: 2, 2: 1, 3: 3}
    assert deal.balances == [-5, 11, 4, -6] and deal.pools == [0]  # −5 + 11 + 4 − 6 − 4 = 0


def test_t_cm_3_variant_passed_then_offered_again():
    """T-CM-3 variant (CM-10): C passes; D plays his 6♠ and 7♠ (no offer after the 6♠: D
    holds the 7♠ himself); for the 8♠ C is offered again; passing again stops the spades."""
    deal = at(cm(), T_CM_3, pool=4, stock="8S 9C")
    do(deal, "0 4S", "0 5S", "2 pass")
    assert legal(deal) == {"3 6S"}
    do(deal, "3 6S")
    assert legal(deal) == {"3 7S"}
    do(deal, "3 7S")
    assert legal(deal) == {"2 9D", "2 pass"}
    events = do(deal, "2 pass")
    assert events == [Stopped(3, C("7S"), C("8S"))]
    assert legal(deal) == {"3 2D"}
    assert deal.balances == [0, 0, 0, 0] and deal.pools == [4]


# ---- T-CM-4 and T-CM-7 ----------------------------------------------------------------------

T_CM_4 = ["3S 10C", "5H 2C QS", "6H 4D JS", "9D 3H KD"]


def test_t_cm_4_seating_decides_whether_the_commit_is_offered():
    """T-CM-4 (CM-10, CM-11): C comes before D, so D is not offered the Commit for the 6♥;
    for the 7♥ (in the stock) he is."""
    deal = at(cm(), T_CM_4, pool=4, to_act=1, dealer=0, stock="7H")
    assert legal(deal) == {"1 2C", "1 5H", "1 QS"}
    do(deal, "1 5H")
    assert legal(deal) == {"2 6H"}
    do(deal, "2 6H")
    assert legal(deal) == {"3 9D", "3 pass"}
    do(deal, "3 9D")
    assert legal(deal) == {"3 3H", "3 KD"}
    assert deal.balances == [-2, -2, -2, 6] and deal.pools == [4]


def test_t_cm_4_declined_the_round_returns_to_the_stopper():
    """T-CM-4, D passes (CM-10, STOP-7): A and B hold neither card and nobody holds the
    7♥: C stopped the hearts and leads."""
    deal = at(cm(), T_CM_4, pool=4, to_act=1, dealer=0, stock="7H")
    do(deal, "1 5H", "2 6H")
    events = do(deal, "3 pass")
    assert events == [Stopped(2, C("6H"), C("7H"))]
    assert legal(deal) == {"2 4D", "2 JS"}
    assert deal.known_out == 1 << C("7H")  # "No seven": everybody said it
    assert deal.balances == [0, 0, 0, 0]


def test_t_cm_7_any_time_offers_the_commit_before_the_next_card():
    """T-CM-7 (CM-10 ``anyTime``, CM-11): D is offered the Commit after the 5♥ although C
    holds the 6♥; played, it stops the hearts."""
    deal = at(cm(cm_commitTiming="anyTime"), T_CM_4, pool=4, to_act=1, dealer=0, stock="7H")
    do(deal, "1 5H")
    assert legal(deal) == {"3 9D", "3 pass"}
    events = do(deal, "3 9D")
    assert Stopped(3, NINE_D, None) in events
    assert legal(deal) == {"3 3H", "3 KD"}
    assert deal.balances == [-2, -2, -2, 6] and deal.pools == [4]


def test_t_cm_7_any_time_declined_then_offered_again():
    """T-CM-7 step 3: D passes, C must play the 6♥, and D is offered again for the 7♥."""
    deal = at(cm(cm_commitTiming="anyTime"), T_CM_4, pool=4, to_act=1, dealer=0, stock="7H")
    do(deal, "1 5H", "3 pass")
    assert legal(deal) == {"2 6H"}
    do(deal, "2 6H")
    assert legal(deal) == {"3 9D", "3 pass"}


# ---- T-CM-5 ---------------------------------------------------------------------------------

T_CM_5 = ["10S JS QS KS", "9D 3C 4C", "2H KH"]


def test_t_cm_5_caught_with_the_commit():
    """T-CM-5 (CM-8, CM-12, CM-13): A plays out his own run, so B is never offered the
    Commit; B is caught with it and pays 3 × 1 × 2."""
    deal = at(cm(), T_CM_5, pool=3)
    for card in ("10S", "JS", "QS"):
        do(deal, f"0 {card}")
        assert deal.to_act == 0 and deal.round_from is None
    events = do(deal, "0 KS")
    assert WentOut(0) in events
    assert Paid(1, 0, 6, "cards left") in events and Paid(2, 0, 2, "cards left") in events
    assert deal.balances == [13, -7, -3] and deal.pools == [0]  # 13 − 7 − 3 − 3 = 0


def test_t_cm_5_parletts_settlement():
    """T-CM-5 with ``cm.perCard = 0, cm.flatPayment = 2, cm.unplayedKingPenalty = 1``
    (CM-13): the multiplier has nothing to multiply; C pays 2 + 1 for the K♥."""
    game = cm(cm_perCard=0, cm_flatPayment=2, cm_unplayedKingPenalty=1)
    deal = at(game, T_CM_5, pool=3)
    events = do(deal, "0 10S", "0 JS", "0 QS", "0 KS")
    assert Paid(1, 0, 2, "cards left") in events and Paid(2, 0, 3, "cards left") in events
    assert deal.balances == [10, -3, -4] and deal.pools == [0]  # 10 − 3 − 4 − 3 = 0


@pytest.mark.parametrize(("multiplier", "b_pays"), [(1, 3), (3, 9)])
def test_cm_13_the_caught_multiplier(multiplier, b_pays):
    """CM-13 step 2: ``cm.commitCaughtMultiplier`` (1 = no doubling)."""
    deal = at(cm(cm_commitCaughtMultiplier=multiplier), T_CM_5, pool=3)
    events = do(deal, "0 10S", "0 JS", "0 QS", "0 KS")
    assert Paid(1, 0, b_pays, "cards left") in events


# ---- T-CM-6 ---------------------------------------------------------------------------------

T_CM_6 = ["3C 8S", "9D", "6H 7H"]


def test_t_cm_6_the_commit_as_a_last_card():
    """T-CM-6 (CM-9 … CM-11, CM-13): B is offered the Commit for the 4♣ and goes out with
    it, after being paid."""
    deal = at(cm(), T_CM_6, pool=3, stock="4C")
    assert legal(deal) == {"0 3C", "0 8S"}
    do(deal, "0 3C")
    assert legal(deal) == {"1 9D", "1 pass"}
    events = do(deal, "1 9D")
    assert events.index(Paid(0, 1, 2, "Commit")) < events.index(WentOut(1))
    assert Paid(0, 1, 1, "cards left") in events and Paid(2, 1, 2, "cards left") in events
    assert deal.balances == [-3, 10, -4] and deal.pools == [0]


def test_t_cm_6_the_same_hand_declined():
    """T-CM-6, B passes: nobody holds the 4♣, A leads his 8♠ and goes out; B is caught."""
    deal = at(cm(), T_CM_6, pool=3, stock="4C")
    do(deal, "0 3C", "1 pass")
    assert legal(deal) == {"0 8S"}
    events = do(deal, "0 8S")
    assert Paid(1, 0, 2, "cards left") in events and Paid(2, 0, 2, "cards left") in events
    assert deal.balances == [7, -2, -2] and deal.pools == [0]


# ---- T-CM-8 ---------------------------------------------------------------------------------


def test_t_cm_8_leading_the_commit_and_the_ten_of_diamonds():
    """T-CM-8 (CM-4, CM-7, CM-9, CM-11): the Commit led is a stop although B holds the 10♦
    (it never has a successor); A leads again."""
    game = cm()
    assert game.succ[NINE_D] is None and C("10D") not in game.succ  # 10♦ only led
    deal = at(game, ["9D 4S", "10D JD", "5S 2H"], pool=3)
    assert legal(deal) == {"0 4S", "0 9D"}
    events = do(deal, "0 9D")
    assert Paid(1, 0, 2, "Commit") in events and Stopped(0, NINE_D, None) in events
    assert legal(deal) == {"0 4S"}
    do(deal, "0 4S")
    assert deal.winner == 0
    assert deal.balances == [11, -4, -4] and deal.pools == [0]  # 11 − 4 − 4 − 3 = 0


# ---- offers are private (CM-10, GEN-9) ------------------------------------------------------


def test_cm_10_only_the_offered_seat_sees_the_offer():
    """While C is offered the Commit, every other seat sees nobody to act; a card or a pass
    of another seat is refused without saying whose turn it is."""
    deal = at(cm(), T_CM_3, pool=4, stock="8S 9C")
    do(deal, "0 4S", "0 5S")
    assert deal.observation(2).to_act == 2 and deal.observation(2).decision is not None
    for seat in (0, 1, 3):
        obs = deal.observation(seat)
        assert obs.to_act is None and obs.decision is None and obs.top == C("5S")
    why = deal.explain_illegal(Play(3, C("6S")))
    assert why is not None and "seat 2" not in why and "CM-10" in why
    with pytest.raises(IllegalAction):
        deal.apply(Pass(3))


def test_cm_10_refusals_name_the_rule():
    """A card other than the 9♦ at an offer (CM-10), a pass with nothing offered (CM-10), the
    9♦ with another card (CM-9)."""
    deal = at(cm(), T_CM_3, pool=4, stock="8S 9C")
    assert "CM-10" in deal.explain_illegal(Pass(0))
    assert "CM-9" in deal.explain_illegal(Play(0, C("4S"), spin=True))
    do(deal, "0 4S", "0 5S")
    assert "CM-10" in deal.explain_illegal(Play(2, C("JH")))


# ---- the record (§6) -------------------------------------------------------------------------


def test_pass_is_a_word_of_commit_only():
    """§6.4: ``"2 pass"`` is read in Commit; in the seed games it stays a malformed card."""
    assert parse_action("2 pass", ("pool",), passes=True) == Pass(2)
    assert parse_action("2 PASS", ("pool",), passes=True) == Pass(2)
    assert format_action(Pass(2)) == "2 pass"
    with pytest.raises(ActionSyntaxError):
        parse_action("2 pass", ("pool",))
    assert make_game("commit").has_pass and not make_game("newmarket").has_pass


def _record(game: str, actions: list[str], **options) -> dict:
    """A one-deal record of ``game`` with 3 players, T-CM-6's hands dealt by seat 2."""
    hands = [["3C", "8S"], ["9D"], ["6H", "7H"]]
    held = {c for h in hands for c in h}
    stock = [c for c in _pack_codes(game) if c not in held]
    return {
        "format": "parlour-record",
        "version": 1,
        "game": game,
        "options": options,
        "players": ["A", "B", "C"],
        "start": {"pools": {"pool": 3}} if game == "commit" else {},
        "deals": [{"dealer": 2, "hands": hands, "stock": stock, "actions": actions}],
    }


def _pack_codes(game: str) -> list[str]:
    from gamecore.cards import card_code

    return [card_code(c) for c in cards_in(make_game(game).pack)]


def test_a_pass_where_nothing_is_offered_is_refused_in_one_line():
    """§6.5: a ``pass`` is written only where an offer was declined; anywhere else (here the
    eldest's first lead) the reader refuses it in one line, naming the deal and action."""
    data = {
        "format": "parlour-record",
        "version": 1,
        "game": "commit",
        "players": ["A", "B", "C"],
        "deals": [{"dealer": 2, "seed": 5, "actions": ["0 pass"]}],
    }
    with pytest.raises(RecordError) as e:
        replay(parse_record(data))
    assert str(e.value).startswith('deal 1, action 1 ("0 pass")') and "CM-10" in str(e.value)
    assert "\n" not in str(e.value)


def _replay_given(data: dict) -> dict:
    """Replay ``data`` whose hands are not the deal table's sizes: through a session
    started with those cards (the record's own replay checks the sizes first)."""
    record = parse_record(data)
    session = Session(record.game, record.players, 2, pools=[3])
    entry = record.deals[0]
    session.start_deal(entry.hands, entry.stock, None)
    for j, text in enumerate(entry.actions, start=1):
        try:
            session.apply(parse_action(text, record.game.pools, passes=True))
        except IllegalAction as err:
            raise RecordError(f"deal 1, action {j} ({text!r}): {err}") from None
    return {"balances": session.balances, "pools": session.pools}


def test_a_declined_offer_replays_as_t_cm_6():
    """T-CM-6 declined, as record actions (§6.4, §6.5), in a session: the antes (CM-5) put
    3 more into the pool of 3, then A takes 6 and 2 from each (B caught: 1 × 2)."""
    got = _replay_given(_record("commit", ["0 3C", "1 pass", "0 8S"]))
    assert got == {"balances": [109, 97, 97], "pools": [0]}


def test_pass_in_a_seed_game_record_is_refused():
    """§6.4: in Newmarket ``"0 pass"`` is a malformed card, refused in one line."""
    session_record = {
        "format": "parlour-record",
        "version": 1,
        "game": "newmarket",
        "players": ["A", "B", "C"],
        "deals": [{"dealer": 2, "seed": 5, "actions": ["0 pass"]}],
    }
    with pytest.raises(RecordError) as e:
        replay(parse_record(session_record))
    assert "action 1" in str(e.value) and "\n" not in str(e.value)


# ---- the first dealer by the lowest card (§1, GEN-2) ---------------------------------------


def test_lowest_card_deals_first_ties_draw_again():
    """§1: one card each from the distributor's left; the lowest rank deals (ace lowest,
    suits do not count); only the tied players draw again, in the same order."""
    deck = cards("5S 2H 9C 2D KS 7H 3C 4S")
    # seats 1, 2, 3, 0 receive 5♠ 2♥ 9♣ 2♦: seats 2 and 0 tie on the two; then 2 gets K♠,
    # 0 gets 7♥ → seat 0 deals
    assert lowest_card_dealer(deck, 4) == 0
    assert lowest_card_dealer(cards("AD 2S 3S"), 3) == 1


def test_lowest_card_is_a_choice_of_commit_and_refused_in_the_seed_games():
    """§1, §7.2: ``gen.firstDealer = lowestCard`` is allowed in Commit (its default stays
    ``firstJack``) and refused in the seed games."""
    assert resolve_options("commit", {})["gen.firstDealer"] == "firstJack"
    game = cm(gen_firstDealer="lowestCard")
    assert 0 <= first_dealer(game, 5, random.Random(3)) < 5
    offered = {s.key: s for s in house_rules("commit")}["gen.firstDealer"]
    assert "lowestCard" in offered.choices
    with pytest.raises(OptionError):
        resolve_options("newmarket", {"gen.firstDealer": "lowestCard"})
    assert "lowestCard" not in {s.key: s for s in house_rules("spin")}["gen.firstDealer"].choices


def test_every_cm_option_is_a_house_rule_with_its_default():
    """CM-16, §7.2: every ``cm.*`` key is offered by New Game with the spec's default."""
    defaults = {
        "cm.deal": "table",
        "cm.ante": 1,
        "cm.commitTiming": "inTurn",
        "cm.commitPayment": 2,
        "cm.kingPayment": 1,
        "cm.perCard": 1,
        "cm.commitCaughtMultiplier": 2,
        "cm.flatPayment": 0,
        "cm.unplayedKingPenalty": 0,
    }
    offered = {s.key: s.default for s in house_rules("commit") if s.key.startswith("cm.")}
    assert offered == defaults
    with pytest.raises(OptionError):
        resolve_options("commit", {"cm.commitCaughtMultiplier": 0})


# ---- the seats, the end of a deal, irregularities (CM-1, CM-3, CM-14, CM-15) ----------------


@pytest.mark.parametrize("n", [2, 9])
def test_cm_1_three_to_eight_players(n):
    with pytest.raises(ValueError):
        Session(cm(), [f"P{i}" for i in range(n)], first_dealer=0)


def test_cm_3_ace_low_every_king_a_stop():
    """CM-3: ace low, King high; the ace does not follow the King."""
    game = cm()
    assert game.succ[C("AS")] == C("2S") and game.succ[C("QS")] == C("KS")
    assert all(game.succ[C(k)] is None for k in ("KS", "KH", "KD", "KC"))


def test_cm_14_every_hand_shown_at_the_end_and_the_deal_passes_left():
    """CM-14 (GEN-3, GEN-4, GEN-9): a session of whole rounds; at the end of each deal every
    hand and the stock are shown; the dealer moves one seat to the left each deal."""
    game = cm(gen_rounds=2)
    session = Session(game, ["A", "B", "C"], first_dealer=1)
    rng = random.Random(4)
    dealers = []
    while not session.complete:
        session.start_deal_seeded(rng.randrange(1 << 30))
        dealers.append(session.deal.dealer)
        while session.deal_in_progress:
            session.apply(rng.choice(session.legal_actions()))
        revealed = session.deal.observation(0).revealed
        assert revealed == (tuple(session.deal.hands), session.deal.stock)
    assert dealers == [1, 2, 0, 1, 2, 0]


def test_cm_15_out_of_rule_actions_are_refused_not_penalised():
    """CM-15 (GEN-10, STOP-14): there is no irregularity to implement: an action out of rule
    is refused and the state stays as it was."""
    deal = at(cm(), T_CM_6, pool=3, stock="4C")
    before = (list(deal.hands), list(deal.balances), deal.current)
    with pytest.raises(IllegalAction):
        deal.apply(Play(1, NINE_D))  # not offered: it is A's lead
    assert (deal.hands, deal.balances, deal.current) == before


# ---- the turn round seat by seat, for a table of several people (CM-10) -----------------


def test_cm_10_the_turn_round_in_turn_seat_by_seat():
    """T-CM-4: after B's 5♥ the round reaches C, who plays the 6♥; after the 6♥ it reaches
    D (offered); when D passes it goes on through A and B, back to C."""
    from gamecore.stops.turnround import next_visited, round_opens

    deal = at(cm(), T_CM_4, pool=4, to_act=1, dealer=0, stock="7H")
    do(deal, "1 5H")
    assert round_opens(deal, C("5H"))
    assert next_visited(deal, 1, C("5H"), 2) is None  # C plays on: nobody says "No six"
    do(deal, "2 6H")
    assert next_visited(deal, 2, C("6H"), 3) is None  # D decides about the Commit
    do(deal, "3 pass")
    assert next_visited(deal, 2, C("6H"), 0) == 0
    assert next_visited(deal, 2, C("6H"), 1) == 1
    assert next_visited(deal, 2, C("6H"), 2) is None  # back at C, who leads


def test_cm_10_the_turn_round_any_time_passes_everyone_but_the_next_cards_holder():
    """T-CM-7: under ``anyTime`` the round reaches every seat but the player of the card and
    the holder of the next card (C), wherever the holder of the Commit (D) sits."""
    from gamecore.stops.turnround import next_visited, round_opens

    deal = at(cm(cm_commitTiming="anyTime"), T_CM_4, pool=4, to_act=1, dealer=0, stock="7H")
    do(deal, "1 5H")
    assert next_visited(deal, 1, C("5H"), 2) is None  # C skipped, D decides
    do(deal, "3 pass")
    assert next_visited(deal, 1, C("5H"), 0) == 0
    assert next_visited(deal, 1, C("5H"), 1) is None
    do(deal, "2 6H")
    do(deal, "3 9D")
    assert not round_opens(deal, C("6H"))  # the Commit is out: no offer is left
