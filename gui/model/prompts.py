"""What the table asks and tells the person whose turn it is: the status line at a card
choice (:func:`lead_hint`), the staking panel's questions, the rob, claim-or-jink and Spin
panels, how the table addresses the player at the screen, the hot seat's privacy screen,
and who deals first. No Qt: the panels ask in these words.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.actions import Action, Pass, Play, Rob
from gamecore.cards import RANK_NAMES, card_label, cards_in, rank_of
from gamecore.decisions import PlayChoice
from gamecore.explain import FORCED_REASONS, agree, forced_kind, listed
from gamecore.interface import DealState, Rules
from gamecore.match import Session
from gamecore.spoilfive.deal import SpoilFiveDeal
from gamecore.spoilfive.ranks import EFFECTIVE, TRUMP
from gamecore.stops.deal import StopsDeal
from gamecore.stops.game import SPECIAL_SPINADO, StopsGame
from gui.model.tablewords import SpinCall, plain_words, spin_call


def lead_hint(session: Session, seat: int) -> str:
    """The status line for a person whose turn it is (``seat``: theirs), or "" when it is
    not their card choice."""
    deal = session.deal
    if deal is None:
        return ""
    d = deal.decision()
    if not isinstance(d, PlayChoice) or d.seat != seat:
        return ""
    if isinstance(deal, SpoilFiveDeal):
        return _trick_hint(deal, d)
    return _sequence_hint(session.game, deal, d, seat)


def _card(action: Action) -> int:
    """The card of a card choice (a play, or a rob's discard)."""
    assert isinstance(action, Play | Rob), "a card choice names a card"
    return action.card


def _trick_hint(deal: SpoilFiveDeal, d: PlayChoice) -> str:
    """The status line at a trick game's card choice ``d``."""
    turn = "Your turn" if deal.trick else "Your lead"  # a last card led was "your turn"
    if d.forced:
        return f"{turn}: {card_label(_card(d.actions[0]))} is your only legal card"
    if not deal.trick:
        return "Your lead: play any card (drag it to the table or click it)"
    if len(d.actions) == deal.hands[d.seat].bit_count():
        # no card of the suit led, or only trumps that may renege (SF-27): "follow with a
        # trump" stood over a hand of five raised cards
        return "Your turn: any card may be played; playable cards are raised"
    if EFFECTIVE[deal.trump][deal.trick[0][1]] == TRUMP:  # the A♥ counts as one (SF-12)
        return "Your turn: trumps were led: follow with a trump; playable cards are raised"
    return "Your turn: follow suit or play a trump; playable cards are raised"


def _sequence_hint(game: Rules, deal: DealState, d: PlayChoice, seat: int) -> str:
    """The status line at a stops game's card choice ``d``: continue the sequence, the
    substitute offered (CM-10), or lead."""
    if deal.top is not None and any(isinstance(a, Pass) for a in d.actions):
        return offer_question(game, deal.top)[2]
    if deal.top is not None:
        spin = f" (you may add the {game.special_name()})" if len(d.actions) > 1 else ""
        return f"Continue the sequence: play {card_label(_card(d.actions[0]))}{spin}"
    if d.forced:
        return f"Your lead: {card_label(_card(d.actions[0]))} is your only lead"
    how = "(drag it to the table or click it)"
    leads = {_card(a) for a in d.actions}
    special = game.special_card
    if leads | ({special} if special is not None else set()) >= set(cards_in(deal.hands[seat])):
        return f"Your lead: play any card {how}"
    if _privileged_pay_lead(game, deal, seat, leads):
        spin = spin_call(game).call
        return f"Your lead after your {spin}: a pay card, or the lowest card of a suit {how}"
    return f"Your lead: play the lowest card of a suit {how}"


def _privileged_pay_lead(game: Rules, deal: DealState, seat: int, leads: set[int]) -> bool:
    """Whether ``seat`` leads with the Spin privilege and may lead a pay card that is not the
    lowest of its suit (SP-4): "play the lowest card of a suit" would then be untrue."""
    if not isinstance(game, StopsGame) or not isinstance(deal, StopsDeal):
        return False
    if not game.privileged(deal, seat):
        return False
    return any(c in leads for c in game.capture_table(game.trump_suit(deal)))


@dataclass(frozen=True)
class ForcedWords:
    """What the table says of a person's forced card before it plays itself: ``call``, the
    call over the table ("Your only card to play: 8♠"), and ``line``, the status line with why."""

    call: str
    line: str


def forced_words(deal: DealState, action: Action, word: str, alone: bool) -> ForcedWords:
    """The words for ``action``, the only legal action of the person whose word is ``word``
    ("You", or their name with several people at the screen, ``alone`` False) in ``deal``
    (STOP-6, STOP-5, SF-25): "Your only card to play: 8♠", and "Your only card to play, 8♠,
    plays itself: the next card of a sequence must be played by its holder."."""
    who = "Your" if alone else f"{word}, your"
    reason = plain_words(FORCED_REASONS[forced_kind(deal, action)])
    if not isinstance(action, Play | Rob):
        return ForcedWords(f"{who} only move", f"{who} only move is made for you: {reason}.")
    c = card_label(_card(action))
    # "to play": "Your only card: 6♣" read as the only card in a hand of twelve
    only = f"{who} only card to play"
    return ForcedWords(f"{only}: {c}", f"{only}, {c}, plays itself: {reason}.")


def addressee(name: str, alone: bool) -> str:
    """How the table speaks to the player ``name`` at the screen: "you" when only one
    person plays here (``alone``), else by name (hot seat: everyone reads the screen)."""
    return "you" if alone else name


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def stake_prompt(who: str, low: int, high: int | None, others: str | None = None) -> str:
    """The staking panel's question to the dealer ``who`` ("you" or a name) (NM-5, PJ-21):
    "You deal: name the stake every player puts on the layout (4 to 20 counters)."; where
    the others stake less than the dealer (Pope Joan's trump layout, PJ-21; Matrimony,
    MT-5: ``others`` is :func:`others_stake`, "exact" or "atMost"): "You deal: name your
    stake (1 or more counters); every other player stakes one fewer."."""
    deal = agree(_cap(who), "deals")  # "You deal" for the person, named "You" or alone
    bound = f"{low:,} or more" if high is None else f"{low:,} to {high:,}"
    if others is not None:
        fewer = "one fewer" if others == "exact" else "at most one fewer"
        stake = "your stake" if who == "you" else "the stake"
        return (
            f"{_cap(who)} {deal}: name {stake} ({bound} counters); every other player "
            f"stakes {fewer}."
        )
    return f"{_cap(who)} {deal}: name the stake every player puts on the layout ({bound} counters)."


def others_stake(session: Session) -> str | None:
    """How the other players' stake follows the one the dealer names: "exact" (one fewer:
    Pope Joan's trump layout, PJ-21; Matrimony, MT-5), "atMost" (at most one fewer,
    ``mt.othersStake``), or ``None`` (the same stake, NM-5). Read from the game: its
    ``mt.othersStake`` house rule, else its own split totals for a stake named."""
    option = session.game.options.get("mt.othersStake")
    if option is not None:
        return str(option)
    deal, split_total = session.deal, getattr(session.game, "split_total", None)
    if not isinstance(deal, StopsDeal) or split_total is None or session.n < 2:
        return None
    probe = deal.clone()
    probe.stake = 5  # any stake: only the difference between the seats is read
    return "exact" if split_total(probe, (probe.dealer + 1) % session.n) == 4 else None


def fewer_reason(dealer_stake: int, others: str) -> str:
    """Why a player who is not the dealer spreads fewer counters (Matrimony, MT-5;
    ``others`` is ``mt.othersStake``): "The dealer's stake is 5; the others stake one
    fewer." (the stake named: the dealer places it last, so "staked" was not yet true)."""
    fewer = "one fewer" if others == "exact" else "at most one fewer"
    return f"The dealer's stake is {dealer_stake:,}; the others stake {fewer}."


#: The buttons of the question before a stake that runs players into debt.
RESTAKE, SURE_STAKE = "restake", "surestake"


def stake_debt_question(
    session: Session, seat: int, amount: int, words: list[str]
) -> tuple[str, list[tuple[str, str]], str] | None:
    """The question before the dealer in ``seat`` names a stake of ``amount`` counters
    that some players' counters do not cover, or ``None`` when every one is covered. With
    debts allowed a stake has no upper bound (NM-5, GEN-5), and 500 typed for 50 was paid
    at once by every player. ``words``: the seats' words ("You" for the person); the
    others' stakes follow the dealer's as the game says (:func:`others_stake`; at most one
    fewer is their own choice, so only the dealer's own is weighed then)."""
    others = others_stake(session)
    owing, weighed = [], 0
    for s in range(session.n):
        stake = amount if s == seat or others is None else amount - 1
        if s != seat and others == "atMost":
            continue
        weighed += 1
        if stake > session.balances[s]:
            name = "you" if words[s] == "You" else words[s]
            owing.append(f"{name} {stake - session.balances[s]:,}")
    if not owing:
        return None
    who = "every player has" if len(owing) == weighed else "some players have"
    return (
        f"Stake {amount:,}? Paid, it leaves {listed(owing)} in debt.",
        [(RESTAKE, "Change the stake"), (f"{SURE_STAKE}:{amount}", f"Stake {amount:,}")],
        f"That stake is more than {who}: stake it, or change it.",
    )


def split_prompt(who: str, total: int, least: int | None = None) -> str:
    """The staking panel's question to ``who`` ("you" or a name) spreading ``total``
    counters: "Spread your 4 counters over the layout." / "Ann, spread your 4 …"; with
    ``least`` a total of their choosing: "Stake and spread from 1 to 8 counters over the
    layout."."""
    if least is not None and least < total:
        what = f"from {least:,} to {total:,} counters"
        if who == "you":
            return f"Stake and spread {what} over the layout."
        return f"{who}, stake and spread {what} over the layout."
    counters = "counter" if total == 1 else "counters"
    if who == "you":
        return f"Spread your {total:,} {counters} over the layout."
    return f"{who}, spread your {total:,} {counters} over the layout."


def hand_over_words(name: str) -> tuple[str, str]:
    """The hot seat's privacy screen for the person ``name`` whose turn it is: its title
    and the button that shows their cards ("Pass to Ann — click or press Space when ready",
    "I'm Ann — show my cards"). Everyone reads the screen, so a person called "You" is
    named as a name, not read as "you" ("Pass to You" would read as the one at the screen
    now)."""
    if name == "You":
        return (
            "Pass to the player named You — click or press Space when ready",
            "That's me — show my cards",
        )
    return f"Pass to {name} — click or press Space when ready", f"I'm {name} — show my cards"


def recap_lines(lines: list[str]) -> list[str]:
    """The hot seat's "Since your last turn" from the log's ``lines``: a forced card's
    reason is said once, at its first card, and later cards forced for the same reason end
    where the reason would begin ("Ann plays 6♦, the only card Ann could play."). A run of
    forced cards repeated "the next card of a sequence must be played by its holder" on
    every line, and filled an 800×600 screen."""
    reasons = [f": {plain_words(r)}." for r in FORCED_REASONS.values()]
    said: set[str] = set()
    out = []
    for line in lines:
        reason = next((r for r in reasons if line.endswith(r)), None)
        if reason is not None and reason in said:
            line = line.removesuffix(reason) + "."
        elif reason is not None:
            said.add(reason)
        out.append(line)
    return out


#: The keys of the buttons a closed deal summary leaves on the table.
GO_ON, SUMMARY_AGAIN = "deal-over-go-on", "deal-over-summary"


def summary_closed_words(practice: bool, last_deal: bool) -> tuple[str, list[tuple[str, str]]]:
    """What the table says when its deal summary is closed by Escape or the window's close
    button (the finished deal stays in view), and its buttons: the summary's own way on
    ("Next deal", "Final standings" after the last deal, "Back to your game" after a
    practice deal; key :data:`GO_ON`) and "Show the summary" (:data:`SUMMARY_AGAIN`).
    Escape went on to the next deal, and two testers closing the summary to look at the
    table found the next one dealt."""
    go_on = "Back to your game" if practice else "Final standings" if last_deal else "Next deal"
    return "The deal is over.", [(GO_ON, go_on), (SUMMARY_AGAIN, "Show the summary")]


#: The finished table's buttons, after the final standings are closed: (key, text).
GAME_OVER_BUTTONS = [("again", "Play again"), ("newgame", "New game…"), ("standings", "Standings")]


def game_over_words() -> tuple[str, list[tuple[str, str]]]:
    """What the finished table says once the final standings are closed, and its buttons
    (:data:`GAME_OVER_BUTTONS`): the same table again, the New Game dialog, or the final
    standings again (closed, they could not be seen again)."""
    return "The game is over.", GAME_OVER_BUTTONS


#: The status line when Undo or Hint is asked for at the finished table: it still says that
#: the game is over, as the table's buttons do (before, "Nothing to undo in this deal."
#: replaced it).
OVER_UNDO = "The game is over: there is nothing to undo."
OVER_HINT = "The game is over: there is no hint to give."


def first_dealer_line(name: str, why: str = "") -> str:
    """Who deals first: "Ben deals first (first Jack)." or "You deal first." (``why``: a
    reason in brackets, with its leading space, or "")."""
    return f"{name} {agree(name, 'deals')} first{why}."


def first_dealer_words(how: str) -> str:
    """Why that seat deals first, in brackets with its leading space, or "" (GEN-2,
    cousins §1)."""
    return {"firstJack": " (first Jack)", "lowestCard": " (lowest card)"}.get(how, "")


def rob_question(turnup: int) -> tuple[str, str]:
    """The rob panel's question and the status line (SF-21, SF-22)."""
    label = card_label(turnup)
    return (
        f"Rob the {label}?\nClick or drag the card to discard,\nor keep your cards:",
        f"You may rob the {label}: choose a card to discard, or decline.",
    )


def claim_question(pool: int, bonus: int) -> tuple[str, list[tuple[str, str]], str]:
    """The claim-or-jink panel (SF-31): question, buttons (key, label), and the status line,
    which says what a jink wins and risks (SF-32: the pool and ``bonus`` counters from each
    other player; nothing, the pool staying, if a trick is lost). A tester jinked without
    being told either; said in the panel, the words pushed it over the hand at 800×600."""
    each = f" and {bonus} from each player" if bonus else ""
    return (
        "You won the first three tricks.",
        [("claim", f"Claim the pool ({pool})"), ("jink", "Jink: win all five")],
        f"A jink wins the pool{each}; lose a trick and nobody pays, the pool stays.",
    )


def offer_question(game: Rules, top: int) -> tuple[str, list[tuple[str, str]], str]:
    """The panel when the turn round offers you the substitute after card ``top`` (CM-10):
    question, buttons (key, label: "commit" plays it, "pass" declines) and status line,
    with the payment it brings from the game's declarations (CM-11)."""
    spin = spin_call(game)
    card = spin.card
    nxt = game.succ[top] if isinstance(game, StopsGame) else None
    bonus = game.card_bonus.get(spin.alone or 0, (0, "")) if isinstance(game, StopsGame) else ()
    paid = f"{bonus[0]} from each player, and " if bonus and bonus[0] else ""
    buttons = [("commit", f"Play the {spin.call} ({card})"), ("pass", "Pass")]
    if nxt is None:  # after a King: the run has ended, the Commit may still go now
        return (
            f"{card_label(top)} ends the run: play the {card}, the {spin.call}, now?",
            buttons,
            f"Play the {card} now: {paid}you lead next; or pass and keep it.",
        )
    wanted = f"the {card_label(nxt)}"
    return (
        f"After {card_label(top)}: play the {card}, the {spin.call}, in place of {wanted}?",
        buttons,
        f"Play the {card} for {wanted}: {paid}you lead next; or pass and keep it.",
    )


def no_six_question(game: Rules, card: int) -> tuple[str, list[tuple[str, str]], str]:
    """The panel when the turn round after ``card`` reaches a person with several people at
    one screen (CM-10): the "No six" every seat the round passes says, with one button
    (key "nosix"), and the status line."""
    nxt = game.succ[card] if isinstance(game, StopsGame) else None
    if nxt is None:
        return (
            f"{card_label(card)} ends the run; the turn goes round.",
            [("nosix", "Go on")],
            "The turn goes round the table: press Go on.",
        )
    say = f"No {RANK_NAMES[rank_of(nxt)]}"
    return (
        f"After {card_label(card)} the {card_label(nxt)} is wanted.",
        [("nosix", say)],
        f"The turn goes round the table: say {say}.",
    )


def spin_question(game: Rules) -> tuple[SpinCall, str]:
    """The Spin or Spinado choice: the call and what it does, from the game's declared
    special card (SP-2, SP-4, SN-8)."""
    spin = spin_call(game)
    call = spin.call
    if isinstance(game, StopsGame) and game.special_kind == SPECIAL_SPINADO:
        return spin, (
            f"Each other player pays you for the {call}, the sequence stops, and you lead next."
        )
    return spin, (
        "The sequence stops at this card, and you lead next: you may lead any pay card you hold."
    )
