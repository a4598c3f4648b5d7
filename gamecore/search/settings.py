"""What Hard's search does in one game: the game's declaration of its search settings.

Each game's rules class declares its :class:`SearchSettings` as the class attribute
``search_settings`` (:class:`~gamecore.stops.game.StopsGame` and its subclasses, one per
Pope Joan profile; :class:`~gamecore.spoilfive.game.SpoilFive`), beside its other
declarations; :class:`~gamecore.agents.levels.HardAgent` and
:func:`~gamecore.search.ismcts.search` take their defaults from it. No list of game names
decides which game searches how.

A leaf module (it imports nothing of the project), so the rules modules may declare
settings without importing the search.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SearchSettings:
    """One configuration of Hard's search.

    * ``inference``: weight the sampled worlds by the other seats' decisions
      (:mod:`gamecore.search.inference`);
    * ``endgame``: search small endings exactly instead of a random rollout
      (:mod:`gamecore.search.endgame`);
    * ``value_ties``: break ties between equally visited moves by their mean value, then by
      the rule-based player's choice (else by the smallest action code);
    * ``candidates``: candidate worlds weighted per decision when ``inference`` is on;
      ``None``: as many as a fixed budget's iterations (64 … 1,000), or
      :data:`~gamecore.search.inference.CANDIDATES` for a time budget;
    * ``endgame_cards``: stops games: try an exact ending only when at most this many cards
      are held in all (``None``: :data:`~gamecore.search.endgame.STOPS_CARDS`);
    * ``endgame_leaves``: Spoil Five: try when the product over the seats of (cards held)!
      is at most this (``None``: :data:`~gamecore.search.endgame.SF_LEAVES`);
    * ``endgame_nodes``: positions searched per attempt before leaving the ending to the
      rollout (``None``: :data:`~gamecore.search.endgame.NODE_BUDGET`).
    """

    inference: bool = True
    endgame: bool = True
    value_ties: bool = True
    candidates: int | None = None
    endgame_cards: int | None = None
    endgame_leaves: int | None = None
    endgame_nodes: int | None = None

    def __post_init__(self) -> None:
        for name in ("candidates", "endgame_cards", "endgame_leaves", "endgame_nodes"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"SearchSettings.{name} must be at least 1, not {value}")


#: Hard as it played before any setting was declared: inference, exact endings and ties by
#: value all on, the default candidate rule and endings limits.
FULL = SearchSettings()
#: Hard as issue 7 left it (the arena's ``hard-plain``): worlds from the hard constraints
#: only, random rollouts to the end, ties to the smallest code.
PLAIN = SearchSettings(inference=False, endgame=False, value_ties=False)
