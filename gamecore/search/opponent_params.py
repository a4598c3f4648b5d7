"""Fitted parameters of the opponent model (:mod:`gamecore.search.inference`).

``PARAMS`` maps a game's model key (:func:`gamecore.search.inference.model_key`) to, per
decision kind, ``theta`` (weights of the features named in
:data:`gamecore.search.inference.FEATURES`) and ``eps`` (the uniform share). Written by
``python -m gamecore.search.opponent_fit``; ``DEFAULT`` (per family) serves a game without
fitted parameters: weights like the rule-based players' scores, with a large uniform share.
"""

from __future__ import annotations

from typing import Any

DEFAULT: dict[str, dict[str, dict[str, Any]]] = {
    "stops": {"stops": {"theta": [1.0, 0.5, 1.0, 3.0, 1.0, 0.1, 0.05, 0.0, 0.25, 0.0, -1.0,
                                  -1.0, 3.0, 2.0, -3.0, -2.0, 1.0, 1.0, 1.0],
                        "eps": 0.2}},
    "spoil-five": {
        "sf-lead": {"theta": [0.0, 0.5, 0.5, 0.0, 1.0, 1.0, 0.5], "eps": 0.2},
        "sf-follow": {"theta": [0.0, 1.0, 1.0, -1.0, -0.5, 1.0, 1.0, 0.0, 0.5], "eps": 0.2},
        "sf-jink": {"theta": [-1.0, 3.0, 0.5], "eps": 0.2},
    },
}

PARAMS: dict[str, dict[str, dict[str, Any]]] = {
    'newmarket': {
        'stops': {"eps": 0.2655, "theta": [
            1.6252, 1.5138, 1.081, 4.4468, 0.7893, 0.5188, 0.2169, 0.0,
            0.0, 0.0, -0.1624, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0,
        ]},
    },
    'pope-joan-C': {
        'stops': {"eps": 0.3135, "theta": [
            1.8641, 0.4558, 0.7967, 4.6815, 2.8352, 0.4144, 0.2425, -0.1584,
            0.0, 0.0, -0.4011, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0,
        ]},
    },
    'pope-joan-F': {
        'stops': {"eps": 0.3277, "theta": [
            1.8229, 0.6969, 2.5135, 4.953, 2.1114, 0.279, 0.7828, 0.3921,
            0.6006, 0.0, 0.2964, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0,
        ]},
    },
    'pope-joan-M': {
        'stops': {"eps": 0.3323, "theta": [
            2.5971, 1.2276, 3.1324, 7.6854, 3.3644, 0.6724, 1.13, 0.7244,
            0.6198, 0.0, -0.3347, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0,
        ]},
    },
    'spin': {
        'stops': {"eps": 0.2734, "theta": [
            1.8524, 1.5769, 1.2766, 4.9214, 0.5176, 0.4917, 1.176, 0.0,
            0.0, 0.0, 0.0, -0.7915, 0.0, 2.107, -2.0617, -1.2703,
            -0.317, 1.5435, 3.1244,
        ]},
    },
    'spinado': {
        'stops': {"eps": 0.311, "theta": [
            1.646, 1.0481, 1.1025, 3.6079, 1.7986, 0.5367, 0.8649, -0.0,
            0.0, -15.8085, 0.0, -0.951, 0.0, 1.5268, -1.6334, -2.7193,
            0.0167, 2.0436, 2.4348,
        ]},
    },
    'spoil-five': {
        'sf-follow': {"eps": 0.2206, "theta": [
            -0.0123, 2.3453, 0.6665, -2.0843, 0.1995, 2.3235, 3.5991, 1.1372,
            2.3267,
        ]},
        'sf-lead': {"eps": 0.2836, "theta": [
            1.1776, 1.5659, 0.9568, -1.0291, 0.9568, 0.4168, 1.8533,
        ]},
    },
}
