"""Option validation (rules spec 9A.2; deal-record format, "Option values")."""

import pytest

from gamecore.errors import OptionError
from gamecore.options import defaults, resolve_options


def test_newmarket_defaults_9a2():
    d = resolve_options("newmarket", {})
    assert d["nm.stake"] == 4 and d["nm.minStake"] == 4 and d["nm.maxStake"] is None
    assert d["gen.startCounters"] == 100 and d["gen.rounds"] == 1
    assert d["gen.allowDebt"] is True and d["gen.endPools"] == "split"
    assert d["nm.aceHigh"] is False and d["nm.mustChangeSuit"] is False


def test_spoil_five_starts_with_20_counters_gen5():
    assert defaults("spoil-five")["gen.startCounters"] == 20


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"nm.jokers": True}, "options: unknown key nm.jokers"),
        ({"sf.robbing": "off"}, "options: sf.robbing is not an option of newmarket"),
        ({"nm.stake": 0}, "options: nm.stake must be an integer ≥ 1 (got 0)"),
        ({"nm.aceHigh": "false"}, "options: nm.aceHigh must be true or false (got 'false')"),
        ({"gen.rounds": 4.0}, "options: gen.rounds must be an integer ≥ 1 (got 4.0)"),
        ({"gen.rounds": True}, "options: gen.rounds must be an integer ≥ 1 (got true)"),
        ({"nm.kitty": True}, "options: nm.kitty is reserved and accepts only false (got true)"),
        ({"nm.stake": 3}, "options: nm.stake (3) is below nm.minStake (4)"),
        ({"nm.maxStake": 6, "nm.stake": 7}, "options: nm.stake (7) is above nm.maxStake (6)"),
        (
            {"gen.endPools": "keep"},
            'options: gen.endPools must be one of "split", "carryToNextSession" (got \'keep\')',
        ),
    ],
)
def test_bad_options_are_refused_with_the_key_named(options, message):
    with pytest.raises(OptionError) as e:
        resolve_options("newmarket", options)
    assert str(e.value) == message


def test_spin_refuses_ace_high_sp9():
    with pytest.raises(OptionError, match="SP-9"):
        resolve_options("spin", {"nm.aceHigh": True})


def test_max_stake_may_be_null():
    assert resolve_options("newmarket", {"nm.maxStake": None})["nm.maxStake"] is None
