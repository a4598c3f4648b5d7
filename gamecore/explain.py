"""Why, in words: one sentence from the engine for every event (issue 18, point 6).

Each event class the engines emit has one function here (:data:`EXPLAINERS`), and
:func:`explain` picks it: why the sequence stopped, why a pool was taken, why a trick was won,
who paid whom and for what. The sentences read the game's declarations (capture, combination
and doubling tables, the ♦A, the Game pool, bonuses, the rank order, the trump order of the
tricks engine), never the game's name, and say only what everyone at the table can know: a
stop's missing card is "in the stock" only because nobody holds it, and the stock's cards are
named only when a :class:`Scene` says it may be shown (after a stops deal, GEN-9).

A :class:`Scene` holds what the sentence needs besides the event: the rules, the players'
names (``"You"`` for the person, conjugated as the table does: "You take", "Ben takes"), the
turn-up in view, the cards played before the action, and the other events of the same action
(the card play that captured a pool, the Spin that stopped a sequence). :func:`scene_before`
makes one from the deal state just before the action; :func:`explain_events` explains all the
events of one action.

Rule ids are cited in brackets where one rule decides (STOP-7, SF-28 …).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gamecore.actions import Action, Play
from gamecore.cards import (
    ACE,
    KING,
    RANK_NAMES,
    SUIT_NAMES,
    card,
    card_label,
    cards_in,
    rank_of,
    suit_of,
)
from gamecore.events import (
    DealEnded,
    Event,
    LeadPassed,
    Paid,
    PaidToPool,
    Played,
    PoolTaken,
    StakeNamed,
    Stopped,
    WentOut,
)
from gamecore.games import descriptor
from gamecore.interface import STOPS, Card, CardSet, DealState, Rules
from gamecore.review import DealReview
from gamecore.spoilfive.deal import Jinked, JinkOffered, Robbed, RobDeclined, Spoiled, TrickWon
from gamecore.spoilfive.ranks import EFFECTIVE, TRUMP, TRUMP_RANK, trump_order
from gamecore.stops.game import CHANGE_COLOUR, NEW_LEAD_ANY, SPECIAL_SPINADO, SPECIAL_SUBSTITUTE
from gamecore.stops.widow import (
    WIDOW_PRICE,
    BidMade,
    BidPassed,
    WidowChosen,
    WidowDead,
    WidowTaken,
)

__all__ = [
    "EXPLAINERS",
    "FORCED_REASONS",
    "Scene",
    "agree",
    "explain",
    "explain_events",
    "explain_stakes",
    "explain_step",
    "forced_kind",
    "forced_play",
    "mid_sentence",
    "no_choice",
    "pool_phrase",
    "listed",
    "pool_cards",
    "possessive",
    "pools_won",
    "scene_before",
    "split_share",
    "trick_reason",
]


@dataclass(frozen=True)
class Scene:
    """What a sentence may use besides its event.

    ``game`` (rules), ``names`` (by seat; ``"You"`` for the person), ``turnup`` (the
    turn-up in view, or ``None``: none, or not yet turned during staking), ``played`` (card
    set: the cards played before the action, public), ``events`` (every event of the
    action, in order, the explained one included), ``stock`` (card set: the stock, given only
    when it may be shown, after a stops deal; else ``None``), ``jinker`` (Spoil Five: the
    seat that jinked before the action, or ``None``), ``dealer`` (the deal's dealer, whose
    stake the sentences call his own, or ``None`` when not known), ``hands`` (card sets by
    seat before the action, or empty when not known: named only once a player has gone
    out, when every hand is shown, GEN-9, PJ-10).
    """

    game: Rules
    names: Sequence[str]
    turnup: Card | None = None
    played: CardSet = 0
    events: Sequence[Event] = field(default_factory=tuple)
    stock: CardSet | None = None
    jinker: int | None = None
    dealer: int | None = None
    hands: Sequence[CardSet] = ()

    def before(self, event: Event) -> Sequence[Event]:
        """The events of the action that came before ``event``."""
        for i, e in enumerate(self.events):
            if e is event:
                return self.events[:i]
        return self.events

    def label(self, pool: int) -> str:
        """The pool as the table names it ("♥A", "Matrimony", "Pool")."""
        return self.game.pool_faces(self.turnup)[pool].label


def scene_before(
    state: DealState,
    names: Sequence[str],
    events: Sequence[Event] = (),
    *,
    show_stock: bool = False,
    show_hands: bool = False,
) -> Scene:
    """The scene of an action applied to ``state`` (the deal just before it) that produced
    ``events``; ``show_stock``: the stock may be named (after a stops deal, GEN-9);
    ``show_hands``: the cards left in hand may be named once a player has gone out (the
    table and its summary show every hand then, PJ-10; a seat's view in the review does
    not)."""
    obs = state.observation(state.dealer)
    played = getattr(obs, "played", None)
    if played is None:  # the tricks engine: the cards of the tricks and of the one in play
        played = 0
        for t in getattr(obs, "tricks", ()):
            for _, c in t.cards:
                played |= 1 << c
        for _, c in getattr(obs, "trick", ()):
            played |= 1 << c
    return Scene(
        state.game,
        tuple(names),
        getattr(obs, "turnup", None),
        played,
        tuple(events),
        state.stock if show_stock else None,
        getattr(obs, "jinker", None),
        state.dealer,
        tuple(getattr(state, "hands", ())) if show_hands else (),
    )


def explain(event: Event, scene: Scene) -> str:
    """One sentence (no line break, ends with a full stop) saying what ``event`` is and
    why. Raises ``TypeError`` for an event class with no sentence (every class the engines
    emit has one: :data:`EXPLAINERS`)."""
    for cls in type(event).__mro__:
        fn = EXPLAINERS.get(cls)
        if fn is not None:
            return fn(event, scene)
    raise TypeError(f"no sentence for {type(event).__name__}")


def explain_events(events: Sequence[Event], scene: Scene) -> list[str]:
    """A sentence for each of ``events`` (the events of one action, in order), with
    ``scene.events`` set to them."""
    scene = replace(scene, events=tuple(events))
    return [explain(e, scene) for e in events]


def explain_step(review: DealReview, k: int, names: Sequence[str] | None = None) -> list[str]:
    """A sentence for each event of step ``k`` of ``review`` (step 0: the deal's start
    events), in order. ``names``: the players' names by seat (default the review's); the
    stock is named only once a finished stops deal has shown it (GEN-9). Raises
    ``IndexError`` for a step the deal does not have."""
    before = review.state(max(k - 1, 0))
    show = review.finished and review.game.family == STOPS
    scene = scene_before(before, names or review.players, show_stock=show, show_hands=show)
    return explain_events(review.steps[k].events, scene)


# ---- words -----------------------------------------------------------------------------------

_YOU = {"is": "are", "has": "have", "does": "do", "goes": "go"}


def agree(name: str, verb: str) -> str:
    """``verb`` (third person: "takes", "is", "cannot") agreeing with the seat's word
    ``name`` ("Ben takes", "You take"): the table's log and calls say it the same way."""
    if name != "You":
        return verb
    if verb in _YOU:
        return _YOU[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return verb[:-2]  # "passes": "You pass", not "You passe"
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def mid_sentence(name: str) -> str:
    """The seat's word ``name`` inside a sentence: "you" for the person ("Ben pays you 3"),
    else the name unchanged."""
    return "you" if name == "You" else name


def possessive(name: str) -> str:
    """The seat's word ``name`` owning something: "your" for the person, else "Ben's"."""
    return "your" if name == "You" else f"{name}'s"


def _says(scene: Scene, seat: int, verb: str, *, mid: bool = False) -> str:
    """``seat`` and ``verb``, agreeing: "Ben takes", "You take" ("you take" with ``mid``)."""
    name = scene.names[seat]
    return f"{mid_sentence(name) if mid else name} {agree(name, verb)}"


def _decl(scene: Scene, name: str, default: Any = None) -> Any:
    """A stops-game declaration of the rules (``default`` for the tricks engine)."""
    return getattr(scene.game, name, default)


def _trump(scene: Scene) -> int | None:
    return None if scene.turnup is None else suit_of(scene.turnup)


def _stock_word(scene: Scene) -> str:
    """The stock's name in play (a stop is made in play: Michigan's widow is the dead hand
    by then, MI-9)."""
    d = descriptor(scene.game.name)
    return (d.dead_stock_name or d.stock_name).lower()


def _played_card(scene: Scene, event: Event) -> Played | None:
    """The card play of the action that led to ``event``."""
    plays = [e for e in scene.before(event) if isinstance(e, Played)]
    return plays[-1] if plays else None


# ---- the explainers, one per event class ------------------------------------------------------


def pool_phrase(label: str) -> str:
    """A pool's label (``"♥A"``, ``"Matrimony"``, ``"Pool"``) in a sentence: "the ♥A pool",
    "the Matrimony pool", "the pool" (a game of one pool calls it so)."""
    return "the pool" if label == "Pool" else f"the {label} pool"


def _pool_phrase(scene: Scene, pool: int) -> str:
    """ "the ♥A pool", "the Pope pool", "the pool"; the pair compartments by name."""
    return pool_phrase(scene.label(pool))


def _as_dealer(scene: Scene, seat: int) -> bool:
    """Whether ``seat`` pays its stake as the dealer, not as every player does: the dealer
    pays another amount than the other seats staking in the same action (Spinado's 24,
    SN-5), or alone, where the game asks another least stake of the dealer (a dressed
    board, PJ-5; Spoil Five's dealer adding to a pool carried over, SF-6)."""
    dealer = scene.dealer
    if seat != dealer:
        return False
    paid: dict[int, int] = {}
    for e in scene.events:
        if isinstance(e, PaidToPool):
            paid[e.seat] = paid.get(e.seat, 0) + e.amount
    others = {n for s, n in paid.items() if s != dealer}
    if others:
        return others != {paid.get(dealer, 0)}
    zeros = [0] * len(scene.names)
    least = [scene.game.least_stake(s, dealer, zeros, None, False) for s in range(len(zeros))]
    return any(n != least[dealer] for s, n in enumerate(least) if s != dealer)


def _stake_words(scene: Scene, seat: int) -> str:
    """Why a stake is paid: "your stake as dealer, paid before the cards are seen (GEN-9)"."""
    name = scene.names[seat]
    role = " as dealer" if _as_dealer(scene, seat) else ""
    return f"{possessive(name)} stake{role}, paid before the cards are seen (GEN-9)"


def explain_stakes(stakes: Sequence[PaidToPool], scene: Scene) -> str:
    """One sentence for the stakes one seat paid at once (``stakes``: its
    :class:`PaidToPool` events of one action, before play, at least one): "You put 24 on
    the layout: 12 on the Matrimony pool, 6 on the Intrigue pool and 6 on the Game pool,
    your stake as dealer, paid before the cards are seen (GEN-9)."; the same on every pool:
    "Ben puts 4 on the layout: 1 on each pool, …". One stake is said as :func:`explain`
    says it. Raises ``ValueError`` for stakes of several seats."""
    seats = {e.seat for e in stakes}
    if len(seats) != 1:
        raise ValueError("the stakes of one seat, at least one")
    if len(stakes) == 1:
        return explain(stakes[0], scene)
    seat = seats.pop()
    total = sum(e.amount for e in stakes)
    pools = len(scene.game.pool_faces(scene.turnup))
    if len(stakes) == pools and len({e.amount for e in stakes}) == 1:
        # Michigan's antes, 1 on each of four pools: four "1 on the … pool" read as a list
        spread = f"{stakes[0].amount} on each pool"
    else:
        parts = [f"{e.amount} on {_pool_phrase(scene, e.pool)}" for e in stakes]
        spread = ", ".join(parts[:-1]) + f" and {parts[-1]}"
    return (
        f"{_says(scene, seat, 'puts')} {total} on the layout: {spread}, "
        f"{_stake_words(scene, seat)}."
    )


def _stake_named(e: StakeNamed, scene: Scene) -> str:
    return (
        f"{_says(scene, e.seat, 'names')} the stake, {e.amount}: each player spreads it "
        "over the pools before the cards are seen (GEN-9)."
    )


def _paid_to_pool(e: PaidToPool, scene: Scene) -> str:
    pool = _pool_phrase(scene, e.pool)
    who = _says(scene, e.seat, "pays")
    if not any(isinstance(x, WentOut) for x in scene.before(e)):
        return (
            f"{_says(scene, e.seat, 'puts')} {e.amount} on {pool}: {_stake_words(scene, e.seat)}."
        )
    doubling = dict(_decl(scene, "doubling_table", lambda t: ())(_trump(scene)))
    if e.pool in doubling:
        return (
            f"{who} {e.amount} into {pool}: {card_label(doubling[e.pool])} was left in "
            f"{possessive(scene.names[e.seat])} hand, which doubles its pool (STOP-10)."
        )
    # a combination's pool, by the holder of one of its cards (PJ-24): which one, as
    # the summary names it (it said only "a card of it")
    hand = scene.hands[e.seat] if e.seat < len(scene.hands) else 0
    held = [
        card_label(c)
        for pool_, a, b in _decl(scene, "combo_table", lambda t: ())(_trump(scene))
        if pool_ == e.pool
        for c in (a, b)
        if hand >> c & 1
    ]
    if held:
        was = "was" if len(held) == 1 else "were"
        return (
            f"{who} {e.amount} into {pool}: the {' and the '.join(held)} {was} left in "
            f"{possessive(scene.names[e.seat])} hand, which doubles it (PJ-24, STOP-10)."
        )
    return (
        f"{who} {e.amount} into {pool}: a card of it was left in hand, which doubles it (STOP-10)."
    )


def _substitute(scene: Scene, c: Card) -> bool:
    """Whether ``c`` is the game's special card of the substitute kind (Commit's 9♦)."""
    return _decl(scene, "special_kind") == SPECIAL_SUBSTITUTE and c == scene.game.special_card


def _special_rule(scene: Scene) -> str:
    """The rule of the special card's payment: SN-8 (Spinado), CM-11 (Commit), SP-7."""
    kind = _decl(scene, "special_kind")
    return {SPECIAL_SPINADO: "SN-8", SPECIAL_SUBSTITUTE: "CM-11"}.get(kind, "SP-7")


def _played(e: Played, scene: Scene) -> str:
    c = card_label(e.card)
    if _substitute(scene, e.card):
        call = _decl(scene, "spin_name") or "substitute"
        if e.lead:
            return (
                f"{_says(scene, e.seat, 'leads')} {c}, the {call}: every other player pays for "
                f"it, and {_says(scene, e.seat, 'leads', mid=True)} again (CM-9, CM-11)."
            )
        return (
            f"{_says(scene, e.seat, 'plays')} {c}, the {call}, in place of the missing card: "
            "every other player pays for it and the sequence stops (CM-10, CM-11)."
        )
    if e.spin:
        call = _decl(scene, "spin_name") or "Spin"
        special = scene.game.special_name()
        spinado = _decl(scene, "special_kind") == SPECIAL_SPINADO
        if spinado and _decl(scene, "spin_payment", 0):
            return (
                f"{_says(scene, e.seat, 'plays')} {c} with the {special}: {call}! Every "
                f"other player pays for it and the sequence stops at {c} (SN-8)."
            )
        rule = "SN-8" if spinado else "SP-3"
        return (
            f"{_says(scene, e.seat, 'plays')} {c} with the {special}: {call}! The "
            f"sequence stops at {c} ({rule})."
        )
    if scene.game.family != STOPS:
        if e.lead:
            return f"{_says(scene, e.seat, 'leads')} {c}: any card may be led (SF-24)."
        return f"{_says(scene, e.seat, 'plays')} {c} to the trick."
    if e.lead:
        return f"{_says(scene, e.seat, 'leads')} {c}, opening a sequence (STOP-5)."
    return f"{_says(scene, e.seat, 'plays')} {c}: its holder must continue the sequence (STOP-6)."


def _pool_taken(e: PoolTaken, scene: Scene) -> str:
    takes = f"{_says(scene, e.seat, 'takes')} {_pool_phrase(scene, e.pool)} ({e.amount})"
    who = scene.names[e.seat]
    name = mid_sentence(who)
    if scene.game.family != STOPS:
        if scene.jinker == e.seat:
            return f"{takes}: {name} jinked and won all five tricks (SF-32)."
        if any(isinstance(x, TrickWon) for x in scene.before(e)):
            return f"{takes}: {name} {agree(who, 'has')} won three tricks (SF-30)."
        return f"{takes}, claimed after winning the first three tricks (SF-31)."
    trump = _trump(scene)
    play = _played_card(scene, e)
    if play is not None:
        if _decl(scene, "capture_table", lambda t: {})(trump).get(play.card) == e.pool:
            return (
                f"{takes}: {name} played {card_label(play.card)}, the card that captures "
                "it (STOP-8)."
            )
        for pool, a, b in _decl(scene, "combo_table", lambda t: ())(trump):
            if pool != e.pool or play.card not in (a, b):
                continue
            pair = f"{card_label(a)} and {card_label(b)}"
            shares = [x for x in scene.events if isinstance(x, PoolTaken) and x.pool == pool]
            if len(shares) > 1:
                # "takes the Matrimony pool (3)" read as the whole pool: a share, and by whom
                pool_name = _pool_phrase(scene, e.pool)
                half = f"{_says(scene, e.seat, 'takes')} a share of {pool_name} ({e.amount})"
                both = listed([mid_sentence(scene.names[x.seat]) for x in shares])
                return f"{half}: {pair} have both been played, by {both}, who share it (PJ-23)."
            return f"{takes}: {name} {agree(who, 'has')} played both {pair} (STOP-8)."
        for pool, cards in _decl(scene, "combo_sets", lambda t: ())(trump):
            if pool == e.pool and cards >> play.card & 1:
                return (
                    f"{takes}: {name} {agree(who, 'has')} played every card of that "
                    "combination (MI-12)."
                )
    went_out = any(isinstance(x, WentOut) for x in scene.before(e))
    if e.pool == _decl(scene, "game_pool") and went_out:
        if e.pool in _decl(scene, "closed_pools", ()):  # a kitty, never split (MI-5)
            return f"{takes}: the first player out takes the kitty (MI-14)."
        # The pool by its own name: Commit's one pool is "the pool", not "the Game pool".
        pool = _pool_phrase(scene, e.pool)
        return f"{takes}: {name} went out, and {pool} goes to the winner (STOP-10)."
    if play is None and scene.turnup is not None:
        if _decl(scene, "capture_table", lambda t: {})(trump).get(scene.turnup) == e.pool:
            return (
                f"{takes}: the turned-up {card_label(scene.turnup)} is that pool's card, "
                "and it goes to the dealer."
            )
        return f"{takes}: the deal ends at the turned-up {card_label(scene.turnup)}."
    return f"{takes}."


def _cards(k: int) -> str:
    return f"{k} card{'' if k == 1 else 's'}"


def _cards_left(e: Paid, scene: Scene, pays: str) -> str:
    """A payment for the cards left in hand (STOP-10): how many, and why 2 a card when the
    payer held the card that doubles it (SP-7, SN-14)."""
    if e.cards is None or e.cards <= 0:
        return f"{pays} for the cards left in hand at the end of the deal (STOP-10)."
    k, per = e.cards, e.amount // e.cards
    rate = _decl(scene, "card_rate", 1)
    if per * k != e.amount or per == 1:
        return f"{pays}: {_cards(k)} left in hand at the end of the deal (STOP-10)."
    if per == rate or _decl(scene, "double_pay_card") is None:
        # a rate of the house rules (CM-13 ``cm.perCard``, MI-14 ``mi.perCard``)
        return f"{pays}: {_cards(k)} left in hand, {per} a card by the house rules (STOP-10)."
    double = _decl(scene, "double_pay_card")
    special = _decl(scene, "special_card")
    held = scene.game.special_name() if double == special else card_label(double)
    rule = "SN-14" if _decl(scene, "special_kind") == SPECIAL_SPINADO else "SP-7"
    who = mid_sentence(scene.names[e.payer])
    return f"{pays}: {_cards(k)} left in hand, {per} a card because {who} held the {held} ({rule})."


def _paid(e: Paid, scene: Scene) -> str:
    pays = f"{_says(scene, e.payer, 'pays')} {mid_sentence(scene.names[e.payee])} {e.amount}"
    if e.reason == "cards left":
        return _cards_left(e, scene, pays)
    if e.reason == "jink":
        return f"{pays} for the successful jink (SF-32)."
    if e.reason == WIDOW_PRICE:
        return (
            f"{pays} for the widow: the high bid in the auction buys it, unseen, from the "
            "dealer (MI-8)."
        )
    if e.reason == _decl(scene, "spin_name"):
        return f"{pays} for the {e.reason} ({_special_rule(scene)})."
    play = _played_card(scene, e)
    bonus = _decl(scene, "card_bonus", {})
    if play is not None and bonus.get(play.card, (0, None))[1] == e.reason:
        return (
            f"{pays}: {card_label(play.card)} earns its player {e.amount} from each other "
            "player (STOP-8)."
        )
    if e.cards:  # a payment by the card, for another reason (a turned Pope, PJ-C-5)
        per = e.amount // e.cards
        each = f", {per} a card" if per * e.cards == e.amount else ""
        return f"{pays} for the {e.reason}: {_cards(e.cards)} in hand{each}."
    return f"{pays} for the {e.reason}."


def _stopped(e: Stopped, scene: Scene) -> str:
    c = card_label(e.card)
    leads = f"{_says(scene, e.seat, 'leads', mid=True)} next"
    play = _played_card(scene, e)
    if play is not None and play.spin:
        rule = "SN-8" if _decl(scene, "special_kind") == SPECIAL_SPINADO else "SP-3"
        return f"The {scene.game.special_name()} stops the sequence at {c} ({rule}): {leads}."
    if e.missing is None and _substitute(scene, e.card):
        call = _decl(scene, "spin_name") or "substitute"
        return f"The {call} stops the sequence: nothing follows the {c} (CM-11); {leads}."
    if e.missing is None:
        r, ace_high = rank_of(e.card), scene.game.ace_high
        if r == (ACE if ace_high else KING):
            return f"{c} is a stop: no card ranks above the {RANK_NAMES[r]} (STOP-7); {leads}."
        above = card(ACE, suit_of(e.card)) if ace_high and r == KING else e.card + 1
        return f"{c} is a stop: {card_label(above)} is not in the pack this game (STOP-7); {leads}."
    m = card_label(e.missing)
    if scene.played >> e.missing & 1:
        return f"No {m}: it was played earlier, so the sequence stops (STOP-7); {leads}."
    if e.missing == scene.turnup:
        return f"No {m}: it is the turned-up card, so the sequence stops (STOP-7); {leads}."
    if scene.stock is not None and scene.stock >> e.missing & 1:
        return (
            f"No {m}: it is in the {_stock_word(scene)}, so the sequence stops (STOP-7); {leads}."
        )
    return (
        f"No {m}: nobody holds it, so it lies in the {_stock_word(scene)}, unseen, and "
        f"the sequence stops (STOP-7); {leads}."
    )


def _lead_passed(e: LeadPassed, scene: Scene) -> str:
    if _decl(scene, "new_lead", NEW_LEAD_ANY) != NEW_LEAD_ANY:
        stops = [x for x in scene.before(e) if isinstance(x, Stopped)]
        what = "colour" if _decl(scene, "new_lead") == CHANGE_COLOUR else "suit"
        than = f" than {SUIT_NAMES[suit_of(stops[-1].card)]}" if stops and what == "suit" else ""
        return (
            f"{_says(scene, e.seat, 'cannot')} lead: no card in hand of another {what}{than}, "
            f"and the lead after a stop must change {what} (MI-11); "
            f"{_says(scene, e.to, 'leads', mid=True)} instead if able."
        )
    return (
        f"{_says(scene, e.seat, 'cannot')} lead: the only card left is the "
        f"{scene.game.special_name()}, which is never led alone (STOP-11); "
        f"{_says(scene, e.to, 'leads', mid=True)} instead."
    )


def _went_out(e: WentOut, scene: Scene) -> str:
    name = scene.names[e.seat]
    return (
        f"{name} {agree(name, 'plays')} the last card in hand and {agree(name, 'wins')} the "
        "deal (STOP-9)."
    )


def _deal_ended(e: DealEnded, scene: Scene) -> str:
    if e.winner is None:
        failed = any(isinstance(x, Spoiled) and "jink" in x.reason for x in scene.before(e))
        return (
            "The deal is over and spoiled: the pool stays for the next deal "
            f"({'SF-32' if failed else 'SF-30'})."
        )
    rule = "STOP-10" if scene.game.family == STOPS else "SF-30"
    return f"The deal is over and settled: {mid_sentence(scene.names[e.winner])} won it ({rule})."


def _robbed(e: Robbed, scene: Scene) -> str:
    c = card_label(e.card)
    if rank_of(e.card) == ACE:
        return (
            f"{_says(scene, e.seat, 'robs')}: the turned-up {c} is the ace of trumps, so "
            "the dealer takes it and lays one card face down (SF-21)."
        )
    return (
        f"{_says(scene, e.seat, 'robs')}: the holder of the ace of trumps takes the "
        f"turned-up {c} and lays one card face down (SF-22)."
    )


def _rob_declined(e: RobDeclined, scene: Scene) -> str:
    name = scene.names[e.seat]
    if scene.turnup is not None and rank_of(scene.turnup) == ACE:
        out = (
            f"{name} {agree(name, 'leaves')} the turned-up {card_label(scene.turnup)} on the "
            "pack: the dealer does not rob (SF-21)."
        )
    else:
        out = (
            f"{name} {agree(name, 'holds')} the ace of trumps and "
            f"{agree(name, 'does')} not rob (SF-22)."
        )
    if e.ineligible:
        out += (
            f" Robbing is compulsory: {mid_sentence(name)} cannot win the pool this deal (SF-23)."
        )
    return out


def trick_reason(trump: int, plays: Sequence[tuple[int, int]], winner: int) -> str:
    """Why ``winner`` took the trick ``plays`` (``(seat, card)`` in play order) with
    ``trump`` (suit 0..3), in words: "J♣ is the second-best trump", "K♠ is the best spade
    played; no trump was played" (SF-14, SF-28)."""
    eff, rank = EFFECTIVE[trump], TRUMP_RANK[trump]
    c = dict(plays)[winner]
    if eff[c] == TRUMP:
        if sum(1 for _, x in plays if eff[x] == TRUMP) == 1:
            return f"{card_label(c)} is the only trump played"
        which = "lowest" if rank[c] == len(trump_order(trump)) else _ORDINALS[rank[c]]
        return f"{card_label(c)} is the {which} trump"
    return f"{card_label(c)} is the best {SUIT_NAMES[suit_of(c)][:-1]} played; no trump was played"


_ORDINALS = (
    "",
    "best",
    "second-best",
    "third-best",
    "fourth-best",
    "fifth-best",
    "sixth-best",
    "seventh-best",
    "eighth-best",
    "ninth-best",
    "tenth-best",
    "eleventh-best",
    "twelfth-best",
    "thirteenth-best",
    "lowest",
)


def _trick_won(e: TrickWon, scene: Scene) -> str:
    assert scene.turnup is not None, "a trick game always has its turn-up in view"
    why = trick_reason(suit_of(scene.turnup), e.cards, e.seat)
    return f"{_says(scene, e.seat, 'wins')} trick {e.number}: {why} (SF-28)."


def _jink_offered(e: JinkOffered, scene: Scene) -> str:
    name = scene.names[e.seat]
    return (
        f"{name} {agree(name, 'has')} won the first three tricks: "
        f"{mid_sentence(name)} may claim the pool now, or jink and play on to win all "
        "five (SF-31)."
    )


def _jinked(e: Jinked, scene: Scene) -> str:
    name = scene.names[e.seat]
    return (
        f"{name} {agree(name, 'jinks')}: {mid_sentence(name)} must win the last two "
        "tricks as well, or the deal is spoiled and the pool stays (SF-31, SF-32)."
    )


def _spoiled(e: Spoiled, scene: Scene) -> str:
    rule = "SF-32" if "jink" in e.reason else "SF-30"
    return f"The deal is spoiled ({e.reason}): the pool stays for the next deal ({rule})."


def _widow_chosen(e: WidowChosen, scene: Scene) -> str:
    name = scene.names[e.seat]
    if e.choice == "exchange":
        return (
            f"{name} {agree(name, 'exchanges')}: the widow goes to {mid_sentence(name)} "
            f"unseen, and {possessive(name)} own hand becomes the dead hand (MI-7)."
        )
    if e.choice == "auction":
        return (
            f"{name} {agree(name, 'offers')} the widow for sale: the others bid for it "
            "clockwise from the eldest hand, and a pass is final (MI-7, MI-8)."
        )
    return (
        f"{name} {agree(name, 'keeps')} {possessive(name)} hand: the widow stays face down "
        "as the dead hand (MI-7)."
    )


def _bid_made(e: BidMade, scene: Scene) -> str:
    return (
        f"{_says(scene, e.seat, 'bids')} {e.amount} for the widow: a bid must be higher "
        "than the one before it (MI-8)."
    )


def _bid_passed(e: BidPassed, scene: Scene) -> str:
    name = scene.names[e.seat]
    return (
        f"{_says(scene, e.seat, 'passes')}, and {agree(name, 'is')} out of the auction for "
        "good (MI-8)."
    )


def _widow_taken(e: WidowTaken, scene: Scene) -> str:
    name = scene.names[e.seat]
    price = "" if e.price is None else f", bought for {e.price}"
    return (
        f"The widow goes to {mid_sentence(name)} unseen{price}; {possessive(name)} own hand "
        f"becomes the dead hand, which only {mid_sentence(name)} {agree(name, 'has')} "
        f"seen ({'MI-7' if e.price is None else 'MI-8'})."
    )


def _widow_dead(e: WidowDead, scene: Scene) -> str:
    kept = any(isinstance(x, WidowChosen) and x.choice == "keep" for x in scene.before(e))
    why = "the dealer kept his hand (MI-7)" if kept else "nobody bid for it (MI-8)"
    return f"The widow stays face down as the dead hand: {why}."


# ---- the person's moves and the end of a session ----------------------------------------------

#: Why a move was the only one its seat had, by kind (:func:`forced_kind`).
FORCED_REASONS = {
    "continue": "the next card of a sequence must be played by its holder (STOP-6)",
    "last": "the last card in hand",
    "lead": "no other card in hand could be led then (STOP-5)",
    "follow": "no other card in hand could follow suit or trump (SF-25)",
    "only": "no other move was allowed",
}


def forced_kind(state: DealState, action: Action) -> str:
    """Why ``action``, the one legal action of its seat in ``state`` (the deal just before
    it), was forced: a key of :data:`FORCED_REASONS` ("continue": a continuation, STOP-6;
    "last": the last card in hand; "lead": the one card that may be led, STOP-5;
    "follow": the one card that follows suit or trumps, SF-25; "only": any other move)."""
    if not isinstance(action, Play):
        return "only"
    hand = state.hands[action.seat]
    if hand.bit_count() == 1 or (action.spin and hand.bit_count() == 2):
        return "last"
    if state.game.family == STOPS:
        return "continue" if state.top is not None else "lead"
    return "follow"


def forced_play(e: Played, kind: str, scene: Scene) -> str:
    """The sentence for a card its player had to play (``kind``: :func:`forced_kind`): "You
    play 8♠, the only card you could play: the next card of a sequence must be played by
    its holder (STOP-6)." """
    name = scene.names[e.seat]
    verb = agree(name, "leads" if e.lead else "plays")
    return (
        f"{name} {verb} {card_label(e.card)}, the only card {mid_sentence(name)} could play: "
        f"{FORCED_REASONS[kind]}."
    )


def no_choice(name: str, kinds: Sequence[str], winner: str | None, played: bool) -> str:
    """Why a whole deal gave the seat ``name`` (its word: "You", "Ann") no choice of card:
    ``kinds``, the kinds (:func:`forced_kind`) of the forced cards it played, in order
    (empty: it played none); ``winner``, the word of the seat that went out (or ``None``);
    ``played``, whether any card was played in the deal."""
    who = mid_sentence(name)
    head = f"{name} had no choice of card this deal"
    if not kinds:
        if not played:
            return f"{head}: it ended before any card was played."
        if winner is not None:
            return f"{head}: {winner} went out before {possessive(name)} turn came."
        return f"{head}: it ended before {possessive(name)} turn came."
    reasons = "; ".join(FORCED_REASONS[k] for k in dict.fromkeys(kinds))
    # one colon: "…this deal: every card … could play: suit must be …" read as two sentences
    return f"{head}, for every card {who} played was the only one {who} could play: {reasons}."


def split_share(name: str, share: int, total: int, *, one_pool: bool = False) -> str:
    """The end-of-session split (GEN-6) for the seat ``name``: "You get 3 of the 7
    counters left in the pools: at the end of the session they are shared out equally,
    the rest one by one from the eldest hand (GEN-6)." ("the 1 counter" when the seat gets
    all, "none of the 7 counters" when it gets none.) ``share`` and ``total`` in
    counters; ``one_pool``: the game has a single pool (Spoil Five), said "the pool"."""
    counters = "counter" if total == 1 else "counters"
    pools = "the pool" if one_pool else "the pools"
    # "You get 1 of the 1 counter" read as a slip; all or none is said as such
    if share == total:
        part = f"the {total} {counters}"
    elif share == 0:
        part = f"none of the {total} {counters}"
    else:
        part = f"{share} of the {total} {counters}"
    return (
        f"{name} {agree(name, 'gets')} {part} left in {pools}: "
        "at the end of the session they are shared out equally, the rest one by one from "
        "the eldest hand (GEN-6)."
    )


def listed(words: Sequence[str]) -> str:
    """``["Matrimony", "Intrigue", "Game"]`` → "Matrimony, Intrigue and Game" (one or
    more words)."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def pool_cards(game: Rules, pool: int, trump: int | None) -> list[Card]:
    """The cards that win pool index ``pool`` of ``game`` by being played under ``trump``
    (a suit, or ``None``), from the game's declarations: its capture card (STOP-8), or
    every card of its combination (PJ-C-6, MI-12); empty for a pool won otherwise (the
    Game pool, by going out; a tricks game's pool)."""
    capture = getattr(game, "capture_table", None)
    if capture is None:
        return []
    cards = [c for c, p in capture(trump).items() if p == pool]
    for p, a, b in getattr(game, "combo_table", lambda t: ())(trump):
        cards += [a, b] if p == pool else []
    for p, mask in getattr(game, "combo_sets", lambda t: ())(trump):
        cards += cards_in(mask) if p == pool else []
    return cards


#: How a pool is won by the number of cards it needs (:func:`pools_won`).
_WON_BY = {1: "the player who plays its card", 2: "the player who plays both their cards"}


def pools_won(game: Rules) -> str:
    """How ``game``'s pools are won, in one sentence for a player about to stake on them,
    from the game's declarations (never its name, :func:`pool_cards`): a pool captured by
    one card (STOP-8), a combination's pool by playing both its cards or every card of it
    (STOP-8, PJ-C-6, MI-12), the Game pool by going out first (STOP-10). "" for a game
    that declares none.

    "Each pool goes to the player who plays its card." (Newmarket); "Pope goes to the
    player who plays its card; Matrimony, Intrigue and Confederacy to the player who plays
    both their cards, or in halves to two who play one each; Game to the first player
    out." (Pope Joan's trump layout, PJ-23). Trumps are unknown when stakes are made: any
    suit (0) stands for them here."""
    labels = [face.label for face in game.pool_faces(None)]
    game_pool = getattr(game, "game_pool", None)
    # by the cards a pool needs: one, two, more; then the Game pool (none: by going out)
    kinds: dict[int, list[str]] = {}
    for pool, label in enumerate(labels):
        n = len(pool_cards(game, pool, 0))
        if n or pool == game_pool:
            kinds.setdefault(min(n, 3) or 4, []).append(label)
    if list(kinds) == [1] and len(kinds[1]) == len(labels):
        return "Each pool goes to the player who plays its card."
    if not kinds:
        return ""
    said_of = {**_WON_BY, 3: "the player who plays every card of their combination"}
    if getattr(game, "combos_divide", False):  # PJ-23: two players playing one each share it
        said_of[2] += ", or in halves to two who play one each"
    groups = [(said_of.get(k, "the first player out"), kinds[k]) for k in sorted(kinds)]
    # the first group carries the verb; the others leave it understood
    (who, named), *rest = groups
    verb = "goes" if len(named) == 1 else "each go" if who == _WON_BY[1] else "go"
    said = [f"{listed(named)} {verb} to {who}", *(f"{listed(n)} to {w}" for w, n in rest)]
    return "; ".join(said) + "."


#: The sentence of each event class the engines emit.
EXPLAINERS: dict[type, Callable[[Any, Scene], str]] = {
    StakeNamed: _stake_named,
    PaidToPool: _paid_to_pool,
    Played: _played,
    PoolTaken: _pool_taken,
    Paid: _paid,
    Stopped: _stopped,
    LeadPassed: _lead_passed,
    WentOut: _went_out,
    DealEnded: _deal_ended,
    Robbed: _robbed,
    RobDeclined: _rob_declined,
    TrickWon: _trick_won,
    JinkOffered: _jink_offered,
    Jinked: _jinked,
    Spoiled: _spoiled,
    WidowChosen: _widow_chosen,
    BidMade: _bid_made,
    BidPassed: _bid_passed,
    WidowTaken: _widow_taken,
    WidowDead: _widow_dead,
}
