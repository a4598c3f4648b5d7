"""Computer players: agents that choose an action from one seat's observation (GEN-9).

:mod:`gamecore.agents.base` holds the :class:`~gamecore.agents.base.Agent` protocol and a
uniformly random player; :mod:`gamecore.agents.newmarket` the rule-based Newmarket player;
:mod:`gamecore.agents.stops` the Pope Joan, Spin and Spinado players;
:mod:`gamecore.agents.spoilfive` the Spoil Five player. :func:`agent_for` gives the rule-based
player each game's descriptor names.
"""

from __future__ import annotations

from gamecore.agents.base import Agent
from gamecore.interface import Rules


def agent_for(game: Rules) -> Agent:
    """A new rule-based computer player for ``game``: the one its descriptor names
    (:attr:`gamecore.games.GameDescriptor.player`). Raises ``ValueError`` for a game that
    is not registered."""
    from gamecore.errors import OptionError
    from gamecore.games import descriptor

    try:
        desc = descriptor(game.name)
    except OptionError:
        raise ValueError(f"no computer player for {game.name!r}") from None
    return desc.player()


# The levels (Easy, Normal, Hard) build on agent_for, so they are imported after it.
from gamecore.agents.levels import agent_for_level  # noqa: E402,F401
