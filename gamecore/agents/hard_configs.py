"""The configurations of Hard that the arena and the calibration measure, by name.

Each is a set of :class:`~gamecore.agents.levels.HardAgent` keyword arguments (issue 29)
that override the game's declared search settings (``search_settings``,
:mod:`gamecore.search.settings`): ``inference`` (weight the sampled worlds by the other
seats' decisions), ``endgame`` (search small endings exactly) and ``value_ties`` (ties
between equally visited moves to the better mean, then to the rule-based player's choice).
``hard`` overrides nothing: the game's declaration, Hard as the table plays it;
``hard-full`` is Hard as it shipped before issue 29 (all three on, in every game);
``hard-plain`` is Hard as issue 7 left it; the two mixes are ``hard-full`` with one of the
two costly features off (they keep the value ties, which cost nothing in iterations).
Measurement only: the table offers ``hard``.
"""

from __future__ import annotations

from typing import Any

#: Name → HardAgent keyword arguments (see the module docstring).
HARD_CONFIGS: dict[str, dict[str, bool]] = {
    "hard": {},
    "hard-full": {"inference": True, "endgame": True, "value_ties": True},
    "hard-plain": {"inference": False, "endgame": False, "value_ties": False},
    "hard-inference": {"inference": True, "endgame": False, "value_ties": True},
    "hard-endgame": {"inference": False, "endgame": True, "value_ties": True},
}


def hard_kwargs(name: str) -> dict[str, Any]:
    """The HardAgent keyword arguments of configuration ``name`` (a key of
    :data:`HARD_CONFIGS`; a copy). Raises ``KeyError`` for another name."""
    return dict(HARD_CONFIGS[name])
