"""Every Resident Evil scenario case runs through the shared runner: `<file>::<case id>`."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.core.scenarios import format_trace, load_scenarios, run_case
from generator.games.resident_evil.data import Model
from generator.games.resident_evil.scenario import HOOKS

HERE = Path(__file__).resolve().parent
SHARED = yaml.safe_load((HERE / "scenarios" / "cards.yaml").read_text(encoding="utf-8"))["cards"]
FILES = sorted(p for p in (HERE / "scenarios").glob("*.yaml") if p.name != "cards.yaml")
CASES = [case for path in FILES for case in load_scenarios(path, HOOKS.case_keys)]


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c['_file']).name}::{c['id']}" for c in CASES])
def test_scenario(case, re_rules):
    result = run_case(case, Model(re_rules, SHARED), HOOKS)
    if not result.ok:
        pytest.fail(f"{case['_file']}::{case['id']}: {result.mismatches[0]}\n{format_trace(result)}", pytrace=False)


def test_at_least_sixty_cases():
    assert len(CASES) >= 60


def test_a_wrong_expectation_fails_with_its_place(re_rules):
    case = dict(CASES[0], expect={"actions-left": 99})
    result = run_case(case, Model(re_rules, SHARED), HOOKS)
    assert not result.ok and result.mismatches[0].startswith("actions-left: expected 99")


def test_unknown_keys_are_refused_by_name(re_rules):
    case = dict(CASES[0], actions=[{"who": "chris", "do": "move", "too": "c3"}])
    result = run_case(case, Model(re_rules, SHARED), HOOKS)
    assert "unknown step keys ['too']" in result.mismatches[0]
