"""The hot seat's "Since your last turn" (:func:`gui.model.prompts.recap_lines`): every line
the table said, a forced card's reason once (STOP-6, SF-25)."""

from __future__ import annotations

from gui.model.prompts import recap_lines

CONTINUE = "the next card of a sequence must be played by its holder"


def test_a_forced_cards_reason_is_said_once():
    lines = [
        f"Ann plays 4♠, the only card Ann could play: {CONTINUE}.",
        "No 5♠",
        f"Ann plays 6♣, the only card Ann could play: {CONTINUE}.",
        f"Bob plays 7♦, the only card Bob could play: {CONTINUE}.",
        "Bob takes the Pope pool (5): Bob played 7♦, the card that captures it.",
        "Cal plays 9♥, the only card Cal could play: the last card in hand.",
        "K♦ is a stop",
    ]
    assert recap_lines(lines) == [
        f"Ann plays 4♠, the only card Ann could play: {CONTINUE}.",
        "No 5♠",
        "Ann plays 6♣, the only card Ann could play.",
        "Bob plays 7♦, the only card Bob could play.",
        "Bob takes the Pope pool (5): Bob played 7♦, the card that captures it.",
        "Cal plays 9♥, the only card Cal could play: the last card in hand.",
        "K♦ is a stop",
    ]
    assert recap_lines([]) == []
