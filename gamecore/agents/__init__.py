"""Computer players: agents that choose an action from one seat's observation (GEN-9).

:mod:`gamecore.agents.base` holds the :class:`~gamecore.agents.base.Agent` protocol and a
uniformly random player; :mod:`gamecore.agents.newmarket` the rule-based Newmarket player;
:mod:`gamecore.agents.stops` the Pope Joan, Spin and Spinado players;
:mod:`gamecore.agents.spoilfive` the Spoil Five player; each module registers the players it
defines for their games (:func:`gamecore.registry.register_player`).
:func:`agent_for` (:mod:`gamecore.agents.registered`) gives a game's rule-based player and
:func:`agent_for_level` (:mod:`gamecore.agents.levels`) its player at a level.
"""

from __future__ import annotations

from gamecore.agents.levels import agent_for_level
from gamecore.agents.registered import agent_for

__all__ = ["agent_for", "agent_for_level"]
