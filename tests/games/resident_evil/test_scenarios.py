"""Every Resident Evil scenario case is a test item: `<file>::<case id>`."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.games.resident_evil.runner import format_trace, run_case

HERE = Path(__file__).resolve().parent
FILES = sorted(p for p in (HERE / "scenarios").glob("*.yaml") if p.name != "cards.yaml")
SHARED = yaml.safe_load((HERE / "scenarios" / "cards.yaml").read_text(encoding="utf-8"))["cards"]
CASES = []
for path in FILES:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for case in data["cases"]:
        CASES.append((path.name, {**SHARED, **(data.get("cards") or {})}, case))


@pytest.mark.parametrize("name,cards,case", CASES, ids=[f"{n}::{c['id']}" for n, _, c in CASES])
def test_scenario(name, cards, case, re_rules):
    result = run_case(case, re_rules, cards)
    if not result.ok:
        pytest.fail(f"{name}::{case['id']}: {result.mismatches[0]}\n{format_trace(result)}", pytrace=False)


def test_at_least_sixty_cases():
    assert len(CASES) >= 60
