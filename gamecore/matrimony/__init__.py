"""Matrimony (cousins spec §3, MT-1 … MT-16): the engine of a game without play.

Everyone stakes on five compartments, the cards are dealt, and the deal resolves itself:
:mod:`~gamecore.matrimony.game` holds the rules, the options and the registration,
:mod:`~gamecore.matrimony.deal` one deal (staking, then the deal and its resolution),
:mod:`~gamecore.matrimony.resolve` who takes which compartment from the cards alone,
:mod:`~gamecore.matrimony.events` what a deal says happened and
:mod:`~gamecore.matrimony.words` the sentences for those events.
"""
