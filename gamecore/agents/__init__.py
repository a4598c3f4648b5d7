"""Computer players: agents that choose an action from one seat's observation (GEN-9).

:mod:`gamecore.agents.base` holds the :class:`~gamecore.agents.base.Agent` protocol and a
uniformly random player; :mod:`gamecore.agents.newmarket` the rule-based Newmarket player;
:mod:`gamecore.agents.stops` the Pope Joan, Spin and Spinado players. :func:`agent_for` picks
the rule-based player for a game.
"""

from __future__ import annotations

from gamecore.agents.base import Agent
from gamecore.agents.newmarket import NewmarketAgent
from gamecore.agents.stops import PopeJoanAgent, SpinadoAgent, SpinAgent
from gamecore.stops.game import StopsGame

_AGENTS: dict[str, type[NewmarketAgent]] = {
    "newmarket": NewmarketAgent, "spin": SpinAgent, "spinado": SpinadoAgent,
    "pope-joan": PopeJoanAgent}


def agent_for(game: StopsGame) -> Agent:
    """A new rule-based computer player for ``game`` (chosen by ``game.name``): Newmarket,
    Spin, Spinado or Pope Joan (any profile). Raises ``ValueError`` for another game."""
    cls = _AGENTS.get(game.name)
    if cls is None:
        raise ValueError(f"no computer player for {game.name!r}")
    return cls()
