"""The coach and the hints: what the rules allow at the person's decision and why
(:func:`coach_lines`, from the engine's reasons), what the coach says while the others play,
and an action in the hint's words (:func:`action_words`). No Qt: the coach bar shows these.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamecore.actions import Bid, NameStake, Pass, Play, Rob, Split, Widow
from gamecore.cards import card_label, cards_in
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.explain import listed, pools_won
from gamecore.interface import Rules
from gamecore.match import Session
from gamecore.matrimony.game import Matrimony
from gamecore.spoilfive.deal import SpoilFiveDeal
from gamecore.stops.deal import StopsDeal
from gui.model import widowwords
from gui.model.prompts import fewer_reason, forced_words, lead_hint, others_stake
from gui.model.registryview import chance_game, pool_labels
from gui.model.tablesnap import display_order, trick_display_order
from gui.model.tablewords import plain_words


def action_words(action: object, game: Rules) -> str:
    """An action of ``game`` in words for a hint ("play 7♠", "play 10♠ with the ♦A", the
    game's special card by name; "claim the pool")."""
    match action:
        case Widow(choice=choice):  # MI-7
            return {"exchange": "exchange", "auction": "auction the widow"}.get(
                choice, "keep the dealt hand"
            )
        case Bid(amount=n):  # MI-8
            return f"bid {n} for the widow"
        case Pass() if getattr(game, "has_widow", False):  # Michigan's only pass: the auction
            return "pass in the auction"
        case Pass():
            return f"pass and keep the {game.special_name()}"
        case Play(card=c, spin=True):
            return f"play {card_label(c)} with the {game.special_name()}"
        case Play(card=c):
            return f"play {card_label(c)}"
        case Rob(card=c):
            return f"rob, discarding {card_label(c)}"
        case NameStake(amount=n):
            return f"name a stake of {n:,}"
        case Split(amounts=amounts):
            labels = pool_labels(game)
            parts = [f"{n:,} on {labels[p]}" for p, n in enumerate(amounts) if n]
            return "put " + ", ".join(parts) if parts else "put nothing on the layout"
    name = type(action).__name__.lower()
    return {
        "decline": "keep your cards (do not rob)",
        "claim": "claim the pool",
        "jink": "jink for all five tricks",
    }.get(name, name)


#: What the coach says while the others play (its advice was for the decision just made).
COACH_WAITS = "The coach will speak at your next decision in this deal."
#: The coach's words once its deal is over, until the next deal begins: a tester found the
#: coach gone from the second deal on, and nothing had said it would go.
COACH_DONE = (
    "That was the coached deal: from the next one you play on your own. "
    "Help → Coach me through this deal brings the coach back for a deal."
)
#: The coach's last line while the Hard player's choice is searched: the line that choice
#: takes when it arrives, so that the coach does not grow under the person's eyes and the
#: table below it stay where it is. As long as the choice's own line ("The Hard player would
#: play A♠: it played out 3,822 deals, the unseen cards dealt to fit what this seat has
#: seen, and tried this move most often (34% of its tries)."),
#: so that it wraps alike on a small screen.
COACH_THINKS = (
    "The Hard player is weighing your choices: it plays out thousands of deals consistent "
    "with what this seat has seen, to find the move it favours…"
)


def coach_lines(
    session: Session, seat: int, you_alone: bool = True, plays_itself: bool = False
) -> list[str]:
    """What the coach says at ``seat``'s pending decision: what the rules allow there and
    why, from the engine (its reasons for the cards it refuses, in plain words), with the
    legal cards named (they are also raised on the table). ``plays_itself``: the decision
    is forced and plays itself (:func:`gui.model.intents.plays_by_itself`, STOP-14); the
    coach then says what the status line says ("Your only card to play, 8♠, plays itself: …")
    rather than offer a choice, and why the other cards may not go."""
    deal = session.deal
    d = None if deal is None else deal.decision()
    if deal is None or d is None or d.seat != seat:
        return []
    if chance_game(session.game) and isinstance(d, StakeChoice | SplitChoice):
        return chance_coach(d, session.game)
    if isinstance(d, StakeChoice):
        bound = f"{d.low:,} or more" if d.high is None else f"{d.low:,} to {d.high:,}"
        if others_stake(session) == "exact":  # PJ-21: the others one fewer
            who = "you spread over the pools, and every other player one counter fewer"
        else:
            who = "every player spreads over the pools"
        return [
            f"You deal, so you name the stake ({bound} counters) that {who}. Stakes are "
            "made before anyone sees the cards."
        ]
    if isinstance(d, SplitChoice):
        # How the pools are won is the game's own (a combination's pool, the Game pool):
        # "each pool is won by the player who plays its card" was wrong in three layouts.
        won = pools_won(session.game)
        said = [
            _split_opening(session, d),
            won,
            "A pool nobody wins is carried to the next deal. The proposed split is the usual one.",
        ]
        return [" ".join(part for part in said if part)]
    widow = widowwords.widow_coach(deal, d)
    if widow is not None:  # the widow's choice or the auction (MI-7, MI-8)
        return widow
    assert isinstance(d, PlayChoice)
    return _play_lines(session, d, you_alone, plays_itself)


def _split_opening(session: Session, d: SplitChoice) -> str:
    """The split's first sentence: "Spread your 4 counters over the pools as you like.",
    after "The dealer's stake is 5; the others stake one fewer." where the other players
    stake one fewer than the dealer named (PJ-21): the log said 5 and the panel 4."""
    deal = session.deal
    spread = f"Spread your {d.total:,} counters over the pools as you like."
    if not isinstance(deal, StopsDeal) or deal.stake is None or d.seat == deal.dealer:
        return spread
    if others_stake(session) != "exact":
        return spread
    return f"{fewer_reason(deal.stake, 'exact')} {spread}"


def _play_lines(session: Session, d: PlayChoice, you_alone: bool, plays_itself: bool) -> list[str]:
    """:func:`coach_lines` at a card choice (and the rob, the claim, the offer with it)."""
    deal, seat = session.deal, d.seat
    assert deal is not None
    if plays_itself and d.forced:
        forced = [forced_words(deal, d.actions[0], "You", you_alone).line]
        cards = [a.card for a in d.actions if isinstance(a, Play | Rob)]
        return forced + (_card_lines(session, seat, cards)[1:] if cards else [])
    cards = [a.card for a in d.actions if isinstance(a, Play | Rob)]
    others = {type(a).__name__ for a in d.actions if not isinstance(a, Play | Rob)}
    if "Decline" in others:
        # A rob (SF-21, SF-22) comes before the lead: the cards named are discards.
        names = _as_in_hand(session, cards)
        return [
            "You may rob: click the card to throw away for the turned-up trump, or "
            "keep your cards (Decline).",
            f"You may throw away: {names}.",
        ]
    # The lead's words only where a card may be played (not at a claim or a jink).
    plays = any(isinstance(a, Play) for a in d.actions)
    hint = lead_hint(session, seat) if plays else ""
    # a sentence: one full stop, whether the hint ends with one ("… or pass and keep it.")
    lines = [hint if hint.endswith(".") else hint + "."] if hint else []
    if "Pass" in others:
        special = session.game.special_name()
        lines.append(
            f"The {special} may go in place of the card the sequence waits for: it stops the "
            f"run, the others pay you for it and you lead next. Or pass and keep the {special}"
            " for later; nobody learns that you passed. Caught with it at the end, you pay "
            "more for your cards."
        )
    if "Claim" in others:
        lines.append(
            "Claim takes the pool now; a jink plays on for all five tricks: win "
            "them all and the jink pays, lose one and you win nothing."
        )
    if cards:
        lines += _card_lines(session, seat, cards)
    return [line for line in lines if line]


def _in_hand_order(session: Session, cards: Iterable[int]) -> list[int]:
    """``cards`` in the order the hand shows them (by suit and the game's ranks; a trick
    game's trumps together at the right)."""
    deal = session.deal
    if isinstance(deal, SpoilFiveDeal):
        return list(trick_display_order(set(cards), deal.trump))
    return list(display_order(set(cards), session.game.ace_high))


def _as_in_hand(session: Session, cards: list[int]) -> str:
    """``cards`` named in the order the hand shows them."""
    return ", ".join(card_label(c) for c in _in_hand_order(session, cards))


#: The most different reasons the coach gives for the cards that may not be played: one a
#: suit at a lead (with three the fourth suit's cards went unexplained).
WHY_NOT_MOST = 4


def _card_lines(session: Session, seat: int, cards: list[int]) -> list[str]:
    """The legal ``cards`` of ``seat`` named, and the engine's reasons (at most two, in
    plain words) for the cards it holds and may not play."""
    deal = session.deal
    assert deal is not None
    names = _as_in_hand(session, cards)
    lines = [f"You may play: {names}."]
    held = set(cards_in(deal.hands[seat]))
    # One reason of each kind, in the hand's order, and every other card it covers named:
    # "5♥ is not your lowest heart" and then "And: 7♥ is not your lowest heart" left J♥,
    # 3♦, 4♦ and Q♦ unexplained.
    kinds: dict[str, tuple[str, list[int]]] = {}
    for c in _in_hand_order(session, held - set(cards)):
        why = deal.explain_illegal(Play(seat, c))
        if not why:
            continue
        kind = plain_words(why).replace(card_label(c), "{card}")
        kinds.setdefault(kind, (plain_words(why), []))[1].append(c)
    said = []
    for reason, group in list(kinds.values())[:WHY_NOT_MOST]:
        # a reason that names its card names the others it holds for too
        same = [card_label(c) for c in group[1:]] if card_label(group[0]) in reason else []
        said.append(f"{reason} (the same for {listed(same)})" if same else reason)
    if said:
        lines.append(f"Why not your other cards: {'; '.join(said)}.")
    return lines


def chance_coach(d: StakeChoice | SplitChoice, game: Rules) -> list[str]:
    """What the coach says at a stake or a split of a game without play (Matrimony, MT-5 …
    MT-11): everything is staked before a card is dealt, then the cards decide."""
    if isinstance(d, StakeChoice):
        bound = f"{d.low:,} or more" if d.high is None else f"{d.low:,} to {d.high:,}"
        return [
            f"You deal: name your stake ({bound} counters); everyone else stakes one fewer. "
            "No card is dealt until every stake is down, so nothing you could know helps: "
            "only how much you risk."
        ]
    amount = f"from {d.lowest:,} to {d.total:,}" if d.ranged else f"{d.total:,}"
    sweep = game.sweep_name() if isinstance(game, Matrimony) else "sweeping card"
    three = isinstance(game, Matrimony) and game.three_cards
    how = (
        "go to the eldest hand holding them (counting from the dealer's left); Pair to the "
        "highest pair, Best to the highest card"
        if three
        else "go to the first hand shown that makes them, from the dealer's left; Pair to "
        "the first two cards alike"
    )
    return [
        f"Spread {amount} counters over the five compartments as you like. Matrimony "
        f"(a King and a Queen), Intrigue (a Queen and a Jack) and Confederacy (a King and a "
        f"Jack) {how}. A turned-up {sweep} takes everything; what nobody wins stays for the "
        "next deal.",
        "Sitting early in the order wins ties; the dealer shows last.",
    ]
