"""Search for the computer players: fast private game states, determinization, ISMCTS.

* :mod:`gamecore.search.fast_stops` and :mod:`gamecore.search.fast_spoilfive`: the rollout
  path (int/bitmask state, cheap clone, no events, no validation, forced moves folded).
* :mod:`gamecore.search.determinize`: worlds consistent with one seat's observation (GEN-9).
* :mod:`gamecore.search.ismcts`: single-observer information-set MCTS (Cowling, Powley and
  Whitehouse 2012) and its root-parallel, cancellable run in worker processes.

Action codes used by the fast states (ints): a card play ``c`` (0..51); a play with the ♦A
attached (Spin SP-2, Spinado SN-8) ``c | SPIN_FLAG``; Spoil Five's rob discarding ``c``
``ROB_BASE + c``, decline ``DECLINE``, claim ``CLAIM``, jink ``JINK``; declining an offer
(the Commit, CM-10) ``PASS``.
"""

from __future__ import annotations

SPIN_FLAG = 64
ROB_BASE = 64
DECLINE = 128
CLAIM = 129
JINK = 130
PASS = 131
