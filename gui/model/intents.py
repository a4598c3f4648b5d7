"""What the person's input means at the decision at hand, and what the table asks them: a
card clicked or dropped becomes candidate actions, a panel button an action, a decision a
question with its buttons. It reads the game's declarations and the engine's legal actions,
never an option key, and decides no rule. No Qt."""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.actions import (
    Action,
    Bid,
    Claim,
    Decline,
    Jink,
    NameStake,
    Pass,
    Play,
    Rob,
    Split,
    Widow,
)
from gamecore.cards import card_label
from gamecore.decisions import BidChoice, Decision, PlayChoice, SplitChoice, StakeChoice
from gamecore.interface import DealState, Rules
from gamecore.match import Session
from gui.model import prompts, widowwords


@dataclass(frozen=True)
class CardIntent:
    """What a click on ``card`` (0..51) means: ``actions``, the candidates; one is played
    as it is, two (the card alone, then with the special card) are asked about. ``why`` is
    the engine's reason when the one candidate is not allowed, else ``None``."""

    card: int
    actions: tuple[Action, ...]
    why: str | None = None

    @property
    def ask(self) -> bool:
        """Whether the person must choose between the candidates (a Spin or Spinado)."""
        return len(self.actions) > 1

    def chosen(self, with_special: bool) -> Action:
        """The candidate picked when asked: the card with the special card or alone."""
        return self.actions[-1] if with_special else self.actions[0]


def card_intent(deal: DealState, seat: int, card: int) -> CardIntent:
    """What ``seat`` clicking ``card`` means in ``deal``: when robbing is offered, rob with
    that card as the discard (SF-21, SF-22); when the card may go both alone and with the
    special card, ask (SP-2, SN-8), so the ♦A never goes by accident; when only with it, with
    it; the special card itself where exactly one card may take it, that card with it;
    otherwise play it, with the engine's reason if that is not allowed."""
    legal = deal.legal_actions()
    rob = Rob(seat, card)
    if rob in legal:
        return CardIntent(card, (rob,))
    plain, spin = Play(seat, card), Play(seat, card, spin=True)
    if spin in legal and plain in legal:
        return CardIntent(card, (plain, spin))
    action = spin if spin in legal else plain
    if action not in legal:
        added = [a for a in legal if isinstance(a, Play) and a.spin]
        if card == getattr(getattr(deal, "game", None), "special_card", None) and len(added) == 1:
            # the ♦A clicked where one card may take it (SP-2, SN-8): that card with it; "you
            # may add the ♦A" sent a tester to the ♦A, which was refused
            return CardIntent(card, (added[0],))
    return CardIntent(card, (action,), deal.explain_illegal(action))


@dataclass(frozen=True)
class SpinOffer:
    """The Spin or Spinado question for a card: ``call`` ("Spin"), ``special`` (the special
    card's name, "♦A"), ``card`` (the card clicked, "7♣") and ``effect`` (what the call does,
    one sentence)."""

    call: str
    special: str
    card: str
    effect: str

    @property
    def line(self) -> str:
        """The status line while the question is open: "Play 5♥ alone, or with the ♦A?"
        (the line before it, a refusal say, no longer applies)."""
        return f"Play {self.card} alone, or with the {self.special}?"


def spin_offer(game: Rules, card: int) -> SpinOffer:
    """The question asked when ``card`` may go alone or with ``game``'s special card."""
    spin, effect = prompts.spin_question(game)
    return SpinOffer(spin.call, spin.card, card_label(card), effect)


@dataclass(frozen=True)
class Question:
    """A question in the panel above the hand: ``text``, ``buttons`` as ``(key, label)``
    pairs (a key is read back by :func:`answer`), and ``line`` for the status bar."""

    text: str
    buttons: tuple[tuple[str, str], ...]
    line: str


def question_for(session: Session, d: PlayChoice | BidChoice) -> Question | None:
    """The decisions besides a card: robbing the turn-up (rob by choosing the discard, or
    decline; SF-21, SF-22), claim or jink (SF-31), the substitute the turn round offers
    (play it or pass, CM-10), the widow's choice and the auction (MI-7, MI-8); ``None`` for
    a plain play."""
    deal = session.deal
    if isinstance(d, BidChoice):
        assert deal is not None
        text, buttons, line = widowwords.bid_question(deal, d, session.players)
        return Question(text, tuple(buttons), line)
    kinds = {type(a) for a in d.actions}
    if Widow in kinds:
        text, buttons, line = widowwords.widow_question(d)
        return Question(text, tuple(buttons), line)
    if Pass in kinds and deal is not None and deal.top is not None:
        text, buttons, line = prompts.offer_question(session.game, deal.top)
        return Question(text, tuple(buttons), line)
    if (Rob in kinds or Decline in kinds) and deal is not None and deal.turnup is not None:
        text, line = prompts.rob_question(deal.turnup)
        return Question(text, (("decline", "Decline"),), line)
    if Claim in kinds:
        bonus = getattr(session.game, "jink_bonus", 0)  # SF-32
        text, buttons, line = prompts.claim_question(session.pools[0], bonus)
        return Question(text, tuple(buttons), line)
    return None


def bid_check(session: Session, seat: int, key: str) -> Question | None:
    """The question to ask before the bid of panel button ``key`` (``bid:<n>``) by
    ``seat``, when ``n`` counters are more than the seat has (MI-8 with debts allowed:
    :func:`~gui.model.widowwords.debt_question`), else ``None``."""
    kind, _, amount = key.partition(":")
    if kind != "bid" or not amount.isdigit():
        return None
    asked = widowwords.debt_question(int(amount), session.balances[seat])
    return None if asked is None else Question(asked[0], tuple(asked[1]), asked[2])


#: A panel button's key → the action it takes.
_ANSWERS: dict[str, type[Decline] | type[Claim] | type[Jink]] = {
    "decline": Decline,
    "claim": Claim,
    "jink": Jink,
}


def answer(deal: DealState, seat: int, key: str) -> Action | None:
    """The action of ``seat`` pressing the panel button ``key`` ("decline", "claim",
    "jink"; "commit" or "pass" at an offer of the substitute, CM-10; the widow's
    "exchange", "auction", "keep", "bid:<n>", "pass", MI-7, MI-8), or ``None`` when that
    is no legal action now (another panel's button)."""
    action: Action
    special = deal.game.special_card
    widow = widowwords.widow_answer(seat, key) if deal.game.has_widow else None
    if widow is not None:
        action = widow
    elif key == "pass":
        action = Pass(seat)
    elif key == "commit" and special is not None:
        action = Play(seat, special)
    else:
        kind = _ANSWERS.get(key)
        if kind is None:
            return None
        action = kind(seat)
    if isinstance(action, Widow | Bid | Pass) and deal.explain_illegal(action) is None:
        return action  # a bid is one of a range, never listed (MI-8)
    return action if action in deal.legal_actions() else None


def plays_by_itself(d: PlayChoice, game: Rules, setting: bool | None) -> bool:
    """Whether decision ``d`` is played without waiting for the person: it is forced (one
    legal action) and the player's ``setting`` says so, or, with no setting (``None``), the
    game's own declaration does (STOP-14)."""
    wanted = setting if setting is not None else game.plays_forced_by_itself
    return d.forced and wanted


def stake_action(d: Decision | None, value: int | tuple[int, ...]) -> Action | None:
    """The staking panel's answer as an action: a stake (counters, int) for a stake
    decision, a split (counters per pool, in pool order) for a split; else ``None``."""
    if isinstance(d, StakeChoice) and isinstance(value, int):
        return NameStake(d.seat, value)
    if isinstance(d, SplitChoice) and isinstance(value, tuple):
        return Split(d.seat, value)
    return None
