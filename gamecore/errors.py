"""Exceptions shared by the game core.

Every message is one line meant for a person: the table shows it in the status line, and
``parlour replay`` prints it on standard error.
"""

from __future__ import annotations


class ParlourError(Exception):
    """Base of every error the game core raises on purpose."""


class OptionError(ParlourError, ValueError):
    """A rule option that does not exist, belongs to another game, or is out of range (also
    a ``ValueError``: a bad value, as code that checks remembered choices expects)."""


class IllegalAction(ParlourError):
    """An action that is not legal in the current state (the state is left unchanged)."""


class RecordError(ParlourError):
    """A deal record that cannot be read or replayed; the message says what and where."""
