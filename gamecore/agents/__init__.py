"""Computer players: agents that choose an action from one seat's observation (GEN-9).

:mod:`gamecore.agents.base` holds the :class:`~gamecore.agents.base.Agent` protocol and a
uniformly random player; :mod:`gamecore.agents.newmarket` the rule-based Newmarket player.
"""
