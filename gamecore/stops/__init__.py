"""The stops engine shared by Pope Joan, Newmarket, Spin and Spinado (rules spec section 2).

A game is a :class:`~gamecore.stops.game.StopsGame`: its pack, deal style, pools, staking,
lead rule, card effects and settlement. :class:`~gamecore.stops.deal.StopsDeal` is the one
state machine that plays any of them.
"""
