"""Deal fingerprints (deal-record format, "Version 2"): before a deal's first decision the
table shows a hash of its shuffled cards; after the deal it shows the salt and the cards, so
anyone can check with any SHA-256 tool that the cards were fixed before play began and not
changed during it. (It does not prove the shuffle was fair.)

The hashed text is ``parlour-deal|<salt>|<hands>|<stock>|<turnup>``: each seat's dealt cards
in canonical syntax sorted by suit (S H D C) and rank (A 2 … 10 J Q K), joined by single
spaces, the hands joined by ``/``; the stock sorted the same way (Spoil Five: the undealt
rest of the pack without the turn-up; in the stops games the turn-up is a stock card and
stays in it); the turn-up or ``-``. Cards are ints 0..51 (suit × 13 + rank), whose order is
exactly that sort order.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gamecore.cards import card_code

#: A salt: 32 lower-case hex digits; a hash: 64.
SALT_RE = re.compile(r"[0-9a-f]{32}")
SHA_RE = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Fingerprint:
    """A deal's ``salt`` (32 hex digits) and the ``sha256`` (64 hex digits) of its cards."""

    salt: str
    sha256: str

    def shown(self) -> str:
        """What the table shows before the deal: the first 16 hex digits in groups of four
        (``"3f9c 0a6e 1b2d 4c5e"``)."""
        return " ".join(self.sha256[i : i + 4] for i in range(0, 16, 4))


def _cards(cards: Iterable[int]) -> str:
    return " ".join(card_code(c) for c in sorted(cards))


def hashed_text(
    salt: str, hands: Sequence[Iterable[int]], stock: Iterable[int], turnup: int | None
) -> str:
    """The text whose SHA-256 is the fingerprint (see the module doc): ``hands`` (card ints
    per seat), ``stock`` (card ints), ``turnup`` (card int or ``None``)."""
    return "|".join(
        (
            "parlour-deal",
            salt,
            "/".join(_cards(h) for h in hands),
            _cards(stock),
            "-" if turnup is None else card_code(turnup),
        )
    )


def digest(
    salt: str, hands: Sequence[Iterable[int]], stock: Iterable[int], turnup: int | None
) -> str:
    """The SHA-256 (64 lower-case hex digits) of :func:`hashed_text`."""
    return hashlib.sha256(hashed_text(salt, hands, stock, turnup).encode("utf-8")).hexdigest()


def make(
    hands: Sequence[Iterable[int]],
    stock: Iterable[int],
    turnup: int | None,
    salt: str | None = None,
) -> Fingerprint:
    """The fingerprint of a deal's cards, with a fresh random ``salt`` unless one is given
    (drawn from the operating system's secure source, never from the game's shuffle)."""
    salt = salt if salt is not None else secrets.token_hex(16)
    return Fingerprint(salt, digest(salt, hands, stock, turnup))


def matches(
    fp: Fingerprint, hands: Sequence[Iterable[int]], stock: Iterable[int], turnup: int | None
) -> bool:
    """Whether ``fp`` is the fingerprint of these cards."""
    return digest(fp.salt, hands, stock, turnup) == fp.sha256
