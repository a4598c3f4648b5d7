"""The text of the review window's panels, as HTML: the step shown (what led to it, the turn,
the choices and the action) and the deal's fingerprint with how to check it.

The words come from :mod:`gui.model.reviewtext` and :mod:`gamecore.fingerprint`; nothing here
decides what may be shown (:func:`gamecore.review.show_rule` does).
"""

from __future__ import annotations

from html import escape

from gamecore.fingerprint import hashed_text, matches
from gamecore.match import Session
from gamecore.review import DealReview, ShowRule
from gui.model import dealsummary, reviewtext

__all__ = ["fingerprint_html", "session_end", "step_html"]


def fingerprint_html(review: DealReview, rule: ShowRule) -> str:
    """The fingerprint panel's text (HTML): the salt, the whole SHA-256 and the hashed text
    with its cards, and how to check it, for a finished deal whose every card the rule shows
    (format "Version 2"); before that only the hash (the salt would let the hidden cards be
    searched out), or why there is none."""
    fp = review.fingerprint
    if fp is None:
        return (
            "<p>This deal has no fingerprint: it was dealt without one (a practice deal, "
            "which deals again cards already shown; an older game; or a record written "
            "before fingerprints).</p>"
        )
    head = (
        f"<p>Before the deal the table showed its fingerprint, "
        f"<b>{escape(fp.shown())}</b>…: the start of the SHA-256 of the shuffled cards "
        "and a random salt.</p><p>SHA-256:<br><tt>" + escape(fp.sha256) + "</tt></p>"
    )
    if not review.finished:
        return head + "<p>The salt and the cards are shown once the deal is over.</p>"
    if not rule.show_unplayed:
        return head + (
            "<p>The salt and the cards are not shown: cards never played stay "
            "hidden after a Spoil Five deal, and the salt would let "
            "them be worked out.</p>"
        )
    text = hashed_text(fp.salt, review.hands, review.stock, review.turnup)
    ok = matches(fp, review.hands, review.stock, review.turnup)
    return (
        head + "<p>Salt: <tt>" + escape(fp.salt) + "</tt></p><p>The hashed text (the "
        "salt and every card as dealt):<br><tt>"
        + escape(text)
        + "</tt></p><p>"
        + (
            "It matches: these are the cards fixed before the first decision."
            if ok
            else "<b>It does not match these cards.</b>"
        )
        + "</p><p>To check it yourself, give the hashed text (UTF-8, no line break) to any "
        "SHA-256 tool, e.g. <tt>printf '%s' 'TEXT' | sha256sum</tt>: the result must be "
        "the SHA-256 above. It proves the cards were not changed during play, not that "
        "the shuffle was fair.</p>"
    )


def session_end(session: Session, number: int, last_step: bool) -> str:
    """What follows the ``last_step`` of deal ``number`` of ``session`` when it is the
    session's last: the split of the pools left (GEN-6), as the final standings say it;
    else "". The review ended with counters still on the layout."""
    if not last_step or not session.complete or number != len(session.logs):
        return ""
    return dealsummary.split_line(session)


def step_html(text: reviewtext.StepText, end: str = "") -> str:
    """The step panel: the heading, what led here, then the turn, choices and action;
    ``end``: what the session's end did after it (:func:`session_end`)."""
    out = [f"<h3>{escape(text.heading)}</h3>"]
    if text.why:
        out.append(
            "<p><b>What happened</b></p><ul>"
            + "".join(f"<li>{escape(s)}</li>" for s in text.why)
            + "</ul>"
        )
    if text.counters:
        out.append(f"<p>{escape(text.counters)}</p>")
    now = [t for t in (text.turn, text.choices, text.taken) if t]
    if now:
        out.append("<p><b>Now</b><br>" + "<br>".join(escape(t) for t in now) + "</p>")
    out += [f"<p><i>{escape(n)}</i></p>" for n in text.notes]
    if end:
        out.append(f"<p><b>The session's end</b><br>{escape(end)}</p>")
    return "".join(out)
