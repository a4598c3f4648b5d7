"""The deal summary's lines on what moved no counter of the person's, or none at all, and
so had no line: the other seats' stakes (one line, as the log says them), the seats that
staked nothing because the dealer's named stake left them none (PJ-21: the others stake
one fewer), the holder of the excusing card who paid nothing for the cards left
(PJ-C-7), and the last winner let off his stake (SN-5). No Qt.

A tester read the summary of a Pope Joan deal staked at 1 and could not tell why nobody
else had put anything on the layout, nor why Ben, with three cards left, paid nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from gamecore.cards import card_label, suit_of
from gamecore.events import PaidToPool, Played, WentOut
from gamecore.explain import listed, mid_sentence, pool_cards, possessive
from gamecore.match import Session
from gamecore.stops.deal import StopsDeal
from gamecore.stops.game import StopsGame
from gui.model.ledger import others_stakes
from gui.model.prompts import others_stake
from gui.model.registryview import pool_labels

__all__ = ["excused_lines", "stake_lines"]


def _staked(session: Session) -> list[PaidToPool]:
    """The stakes of the current deal: every payment to a pool before the first card (a
    payment after a player went out matches a pool, PJ-11, and is not a stake)."""
    out = []
    for e in session.deal_events:
        if isinstance(e, Played | WentOut):
            break
        if isinstance(e, PaidToPool):
            out.append(e)
    return out


def stake_lines(session: Session, words: Sequence[str], skip: Collection[int]) -> list[str]:
    """The stakes of the deal just over that the summary's ledger did not say: the other
    seats' in one line ("Ben, Cat and Dan put 4 each on the layout", "Dan put 15 on the
    layout"), then, where the dealer names the stake and the others stake one fewer (PJ-21)
    or at most one fewer, those who staked nothing and why ("You, Ben and Cat staked
    nothing: the dealer's stake was 1, and the others stake one fewer."). ``words``: the
    seats' words (:func:`gui.model.tablewords.spoken`); ``skip``: the seats whose stakes
    the ledger said (the people's)."""
    staked = _staked(session)
    others = [e for e in staked if e.seat not in skip and e.amount]
    out = []
    if others:
        line = others_stakes(others, words, pool_labels(session.game))
        out.append(line.replace(" puts ", " put ", 1))  # the summary's past tense
    deal = session.deal
    out += _exempt_lines(session, words, {e.seat for e in staked if e.amount})
    rule = others_stake(session)
    stake = getattr(deal, "stake", None)
    if deal is None or rule is None or not stake:
        return out
    paid = {e.seat for e in staked if e.amount}
    nothing = [s for s in range(session.n) if s != deal.dealer and s not in paid]
    if nothing:
        fewer = "one fewer" if rule == "exact" else "at most one fewer"
        who = listed([words[nothing[0]], *(mid_sentence(words[s]) for s in nothing[1:])])
        out.append(
            f"{who} staked nothing: the dealer's stake was {stake:,}, and the others stake {fewer}."
        )
    return out


def _exempt_lines(session: Session, words: Sequence[str], paid: Collection[int]) -> list[str]:
    """The last deal's winner let off the stake (Spinado, SN-5: unless he deals), who
    staked nothing: "Ann staked nothing: the last deal's winner is let off the stake,
    unless dealing." A tester's sums added up only for one who knew the rule."""
    deal = session.deal
    winner = getattr(deal, "prev_winner", None)
    if deal is None or winner is None or winner == deal.dealer or winner in paid:
        return []
    game, balances = session.game, session.balances
    if game.least_stake(winner, deal.dealer, balances, None) == 0:
        return []  # a stake of nothing for everyone: no exemption to explain
    return [
        f"{words[winner]} staked nothing: the last deal's winner is let off the stake, "
        "unless dealing."
    ]


def excused_lines(session: Session, words: Sequence[str]) -> list[str]:
    """Each seat that paid nothing for the cards left in hand because it held the game's
    excusing card (the Pope, 9♦, on Pope Joan's classic board: PJ-C-7): "Ben paid nothing
    for 3 cards left in hand: the 9♦ (the Pope) was left in Ben's hand, which excuses its
    holder." ``words``: the seats' words. Empty in every other game."""
    game, deal = session.game, session.deal
    if not isinstance(game, StopsGame) or game.excuse_card is None:
        return []
    if not isinstance(deal, StopsDeal) or deal.winner is None:
        return []
    card = game.excuse_card
    # the card with the name of the pool it captures, as the layout calls it ("the Pope")
    trump = None if deal.turnup is None else suit_of(deal.turnup)
    pool = next((p for p in range(len(game.pools)) if card in pool_cards(game, p, trump)), None)
    label = "" if pool is None else pool_labels(game)[pool]
    named = f"{card_label(card)} (the {label})" if label else card_label(card)
    out = []
    for seat, hand in enumerate(deal.hands):
        if seat == deal.winner or not hand >> card & 1:
            continue
        k = hand.bit_count()
        who = words[seat]
        cards = f"{k} card{'s' if k != 1 else ''}"
        out.append(
            f"{who} paid nothing for {cards} left in hand: the {named} was left in "
            f"{possessive(who)} hand, which excuses its holder."
        )
    return out
