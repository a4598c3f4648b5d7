"""Every rule of the rules specification that the game core cites (``PJ-7``, ``PJ-C-2``,
``STOP-11`` …: the spec's ids) is cited by some test too: a rule the code claims to
implement has a test that says it checks it."""

from __future__ import annotations

import re

from paths import ROOT

#: A rule id: a family of two to four capitals, an optional profile letter, a number.
RULE_ID = re.compile(r"\b([A-Z]{2,4}(?:-[A-Z])?-\d+)\b")
#: Words of that shape that are not rule ids.
NOT_RULES = re.compile(r"^(UTF|ISO|RFC|CP|SHA|MD|CRC)-")


def cited(paths: list) -> dict[str, set[str]]:
    """Rule id → the files (relative to the repository) that cite it."""
    out: dict[str, set[str]] = {}
    for path in paths:
        for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
            if not NOT_RULES.match(rule):
                out.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return out


def test_every_rule_the_game_core_cites_is_cited_by_a_test() -> None:
    in_core = cited(sorted((ROOT / "gamecore").rglob("*.py")))
    in_tests = cited(sorted((ROOT / "tests").rglob("test_*.py")))
    missing = {rule: sorted(files) for rule, files in in_core.items() if rule not in in_tests}
    assert not missing, f"rules cited in gamecore/ but in no test: {missing}"
    assert len(in_core) > 100  # the game core cites the spec throughout
