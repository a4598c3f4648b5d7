"""Parlour's game core: cards, rules engines, match accounting, deal records.

Pure Python; nothing in this package imports Qt.
"""
