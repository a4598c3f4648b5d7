"""A file that is not JSON is said in words for a person: where, and what the decoder
expected, never Python's character offset, and never "at at"."""

from __future__ import annotations

import json

import pytest

from gamecore.limits import json_fault


def _fault(text: str) -> str:
    with pytest.raises(json.JSONDecodeError) as e:
        json.loads(text)
    return json_fault(e.value, text)


def test_a_file_cut_inside_a_string_is_said_to_end_too_early():
    """A saved game cut short (a copy stopped half way) most often ends inside a string:
    the decoder's "unterminated string starting at…" read as a programmer's words."""
    assert _fault('{"game": "newmarket", "x": "abc') == (
        "it ends too early, in a string begun at line 1, column 28"
    )


def test_a_missing_comma_and_an_early_end_and_an_empty_file():
    assert _fault('{"a": 1 "b": 2}') == "expecting ',' delimiter at line 1, column 9"
    assert _fault('{"a": [1, 2') == "it ends too early, at line 1, column 12"
    assert _fault("  \n") == "the file is empty"
