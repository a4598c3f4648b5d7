"""The rule-based computer player of a game: the one its agents module registered.

Each module that defines a game's rule-based player registers it for the game's record
name at its end (:func:`gamecore.registry.register_player`), as a rules module registers
its game; :func:`agent_for` asks the registry, which imports the agents modules itself the
first time a player is asked for.
"""

from __future__ import annotations

from gamecore.agents.base import Agent
from gamecore.interface import Rules
from gamecore.registry import player_for


def agent_for(game: Rules) -> Agent:
    """A new rule-based computer player for ``game``: the one registered for its record
    name (e.g. :class:`~gamecore.agents.stops.SpinAgent` for ``"spin"``), else the one its
    engine's players pick from its declarations (a cousin game with no player of its own).
    Raises ``ValueError`` for a game that has none."""
    return player_for(game)()
