"""The person's side of the table: the controller asks the person at the screen for a
decision (a stake or split in the staking panel, a card, or Spoil Five's rob, claim or
jink question) and the person answers by the table's input: a card dropped or clicked, a
prompt button, the staking panel. What a click means comes from :mod:`gui.model.intents`;
every answer is applied by the controller (:meth:`~gui.play.controller.Controller.apply`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from gamecore.actions import Action, NameStake
from gamecore.cards import card_label
from gamecore.decisions import BidChoice, PlayChoice, SplitChoice, StakeChoice
from gui.model import intents, prompts, tablewords, widowwords
from gui.play import feed
from gui.play.questions import open_dialog
from gui.play.states import HUMAN, STAKING
from gui.play.turnround import NO_SIX

if TYPE_CHECKING:
    from gui.play.controller import Controller

#: How long a person's forced card stays raised, named, before it plays itself, in paces
#: (the table's one duration): long enough to be seen as theirs.
FORCED_PAUSE = 2


class Person:
    """The person's decisions at ``table`` (a :class:`~gui.play.controller.Controller`):
    asked by :meth:`ask_stake` and :meth:`ask`, answered through :meth:`staked`,
    :meth:`answered` and :meth:`chose_card`, which the table's input calls."""

    def __init__(self, table: Controller) -> None:
        self.table = table
        table.view.card_chosen.connect(self.chose_card)
        table.view.stake_panel.decided.connect(self.staked)
        table.view.stake_panel.refused.connect(table.status)
        table.view.stake_panel.asked.connect(table.status)
        table.view.prompt_chosen.connect(self.answered)
        #: The decision last asked, as (the table's token, deals, actions of the deal): a
        #: decision asked again (a refused move, a window that held the table) keeps the
        #: ring the person moved to.
        self._asked: tuple[int, int, int] | None = None
        #: The bid last asked to be confirmed (counters): "Change the bid" offers it again.
        self._rebid = 0
        #: Likewise the stake (counters): "Change the stake" offers it again.
        self._restake = 0

    # ---- asking -------------------------------------------------------------------

    def ask_stake(self, d: StakeChoice | SplitChoice) -> None:
        """Ask the person in ``d.seat`` for a stake (or a split between the pools)."""
        t = self.table
        assert t.session is not None
        # On the table, beside where the hand will be: the pools stay in view and the menus
        # usable; the cards are dealt face up only after every stake (GEN-9).
        t.set_state(STAKING)
        t.refresh()
        t.status(feed.ask_stake(t.view, t.session, d, len(t.people) <= 1))
        t.advisor.coach(d.seat)

    def ask(self, d: PlayChoice | BidChoice) -> None:
        """Ask the person in ``d.seat`` for a card, or a question in the panel (Spoil
        Five's rob or decline, claim or jink; the Commit's offer; the widow's choice and
        the auction, MI-7, MI-8); a forced move plays itself."""
        t = self.table
        session = t.session
        assert session is not None
        t.set_state(HUMAN)
        asked = (t.token, len(session.logs), len(session.logs[-1].actions))
        if asked != self._asked:
            t.view.clear_ring()  # a ring from the decision before (a rob, an undone turn)
        self._asked = asked
        t.refresh()
        t.advisor.coach(d.seat)
        question = intents.question_for(session, d)
        if question is not None:  # rob or decline, claim or jink, the offer, the widow
            t.view.prompt.ask(question.text, list(question.buttons))
            t.status(question.line)
            return
        assert isinstance(d, PlayChoice)
        t.view.prompt.hide()
        if not t.plays_itself(d):
            t.status(prompts.lead_hint(session, d.seat))
            t.view.ready_ring()
            return
        # A forced move plays itself (STOP-14), but as the person's own: the table says
        # which card and why, and it leaves the hand at the table's pace.
        assert session.deal is not None
        a = d.actions[0]
        forced = prompts.forced_words(session.deal, a, t.words[d.seat], len(t.people) <= 1)
        t.view.announce(forced.call, fresh=True)  # shown now, not behind older calls
        t.status(forced.line)
        QTimer.singleShot(
            t.pace * FORCED_PAUSE, lambda tok=t.token: self._play_forced(tok, a, forced.call)
        )

    def _play_forced(self, token: int, action: Action, call: str) -> None:
        t = self.table
        if t.held and token == t.token:
            t.step_when_released()  # offered again once the window is gone
            return
        deal = t.session.deal if t.session else None
        if token == t.token and deal is not None and action in deal.legal_actions():
            t.view.withdraw_call(call)  # the card has gone: its call must not linger
            t.apply(action)

    # ---- answering ----------------------------------------------------------------

    def staked(self, value: int | tuple[int, ...]) -> None:
        """The staking panel decided: a stake (int, counters) or a split (tuple of ints,
        counters to each pool)."""
        t = self.table
        session = t.session
        d = None if session is None else session.decision()
        if session is None or t.state != STAKING or d is None or not t.seats[d.seat].person:
            return
        if isinstance(d, StakeChoice) and isinstance(value, int):
            asked = prompts.stake_debt_question(session, d.seat, value, t.words)
            if asked is not None:  # a stake that runs players into debt: asked first
                self._restake = value
                t.view.prompt.ask(asked[0], asked[1])
                t.status(asked[2])
                return
        action = intents.stake_action(d, value)
        if action is not None:
            t.apply(action)

    def _stake_answered(self, key: str) -> bool:
        """A button of the question before a stake that runs players into debt: the stake
        panel again with the stake typed, to change it, or the stake named. Whether
        ``key`` was one of them."""
        t = self.table
        d = None if t.session is None else t.session.decision()
        kind, _, amount = key.partition(":")
        if t.state != STAKING or not isinstance(d, StakeChoice):
            return False
        if key == prompts.RESTAKE:
            t.view.prompt.hide()
            self.ask_stake(d)
            t.view.stake_panel.offer(self._restake)
            return True
        if kind == prompts.SURE_STAKE and amount.isdigit():
            t.view.prompt.hide()
            t.apply(NameStake(d.seat, int(amount)))
            return True
        return False

    def answered(self, key: str) -> None:
        """A prompt button (``key``, e.g. "decline", "claim", "jink"): decline to rob,
        claim or jink."""
        t = self.table
        session = t.session
        if self._stake_answered(key):
            return
        if session is None or session.deal is None or t.state != HUMAN:
            return
        if key == NO_SIX:  # the hot seat's turn round (CM-10)
            t.turn_round.said()
            return
        d = session.decision()
        if key == widowwords.REBID and isinstance(d, BidChoice):
            self.ask(d)  # the auction's question again, with the bid typed to change
            t.view.prompt.offer_amount(self._rebid)
            return
        check = intents.bid_check(session, t.human, key)
        if check is not None:  # a bid that runs into debt: asked first (MI-8)
            self._rebid = int(key.partition(":")[2])
            t.view.prompt.ask(check.text, list(check.buttons))
            t.status(check.line)
            return
        action = intents.answer(session.deal, t.human, key)
        if action is not None:  # else another panel's button (the resume offer)
            t.view.prompt.hide()
            t.apply(action)

    def chose_card(self, card: int) -> None:
        """The person dropped or clicked ``card`` (a card number): what it means at this
        decision is done if legal, asked when it may go two ways, else refused with the
        engine's reason (the card slides home)."""
        t = self.table
        session = t.session
        deal = None if session is None else session.deal
        # whose turn it is, as the person's own view shows it (a private offer to another
        # seat shows nobody, CM-10)
        to_act = None if deal is None else deal.observation(t.human).to_act
        if (
            session is None
            or deal is None
            or t.state != HUMAN
            or t.view.busy
            or t.dialog is not None
            or to_act != t.human
        ):
            t.view.refuse(card)
            if session is not None and deal is not None and not deal.over and to_act != t.human:
                waiting = "the turn is going round" if to_act is None else None
                t.status(f"Wait: {waiting or session.players[to_act or 0] + ' is to play'}.")
            return
        intent = intents.card_intent(deal, t.human, card)
        if intent.ask:
            self._offer_spin(intent)
        elif intent.why is not None:
            t.view.refuse(card)
            t.status(tablewords.plain_words(f"Not allowed: {intent.why}."))
            # said on the table too, where the eyes are: the reason is in the status line,
            # and a refusal said only there went unseen
            t.view.announce(f"{card_label(card)}: not allowed", fresh=True)
        else:
            t.view.prompt.hide()
            t.apply(intent.actions[0])

    def _offer_spin(self, intent: intents.CardIntent) -> None:
        """Both plain and with the special card are legal: ask, so that card never goes by
        accident."""
        t = self.table
        session = t.session
        assert session is not None
        offer = intents.spin_offer(session.game, intent.card)
        dlg = t.questions.SpinChoiceDialog(
            t.parent_widget, offer.call, offer.special, offer.card, offer.effect
        )
        t.view.refuse(intent.card)  # back home while the question is open
        t.status(offer.line)
        dlg.accepted.connect(lambda: t.apply(intent.chosen(dlg.spin)))
        # Escape: the card stays in hand, and the line says what may be played again
        dlg.rejected.connect(lambda: t.status(prompts.lead_hint(session, t.human)))
        open_dialog(t, dlg)
