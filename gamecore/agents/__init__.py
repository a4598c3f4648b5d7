"""Computer players: agents that choose an action from one seat's observation (GEN-9).

:mod:`gamecore.agents.base` holds the :class:`~gamecore.agents.base.Agent` protocol and a
uniformly random player; :mod:`gamecore.agents.newmarket` the rule-based Newmarket player;
:mod:`gamecore.agents.stops` the Pope Joan, Spin and Spinado players;
:mod:`gamecore.agents.spoilfive` the Spoil Five player. :func:`agent_for` picks the rule-based
player for a game.
"""

from __future__ import annotations

from gamecore.agents.base import Agent
from gamecore.agents.newmarket import NewmarketAgent
from gamecore.agents.spoilfive import SpoilFiveAgent
from gamecore.agents.stops import PopeJoanAgent, SpinadoAgent, SpinAgent
from gamecore.spoilfive.game import SpoilFive
from gamecore.stops.game import StopsGame

_AGENTS: dict[str, type[NewmarketAgent]] = {
    "newmarket": NewmarketAgent, "spin": SpinAgent, "spinado": SpinadoAgent,
    "pope-joan": PopeJoanAgent}


def agent_for(game: StopsGame | SpoilFive) -> Agent:
    """A new rule-based computer player for ``game`` (chosen by ``game.name``): Newmarket,
    Spin, Spinado, Pope Joan (any profile) or Spoil Five. Raises ``ValueError`` for another
    game."""
    if game.name == "spoil-five":
        return SpoilFiveAgent()  # type: ignore[return-value]  # Spoil Five's observation
    cls = _AGENTS.get(game.name)
    if cls is None:
        raise ValueError(f"no computer player for {game.name!r}")
    return cls()


# The levels (Easy, Normal, Hard) build on agent_for, so they are imported after it.
from gamecore.agents.levels import agent_for_level  # noqa: E402,F401
