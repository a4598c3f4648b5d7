"""The play loop's states, for the status line and for tests waiting on the table: what the
table waits for. In a module of their own so that the controller's helpers (the person's
answers, the advisor, the end of a deal, the hot seat, the practice deal) read them without
importing the controller."""

from __future__ import annotations

#: Nothing is asked (between decisions, before a session, while the screen is handed over).
IDLE = "idle"
#: The person at the screen is to play a card or answer a question.
HUMAN = "human"
#: A computer player is thinking.
COMPUTER = "computer"
#: The person at the screen is to stake (or split a stake between the pools).
STAKING = "staking"
#: The deal is over: its summary is shown.
SUMMARY = "summary"
#: The session is complete: the final standings are shown.
OVER = "over"
