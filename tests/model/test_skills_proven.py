"""Every skill the data marks `applied` is proven by the model: switched off in the engine
(Rules.with_skills_off), it makes at least one of the edition's scenario cases fail.

A skill whose code were missing, or whose cases passed without it, would change nothing when
switched off: "applied" in skills.yaml cannot drift from what the cases prove."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import registry
from generator.games.zombicide.scenario import HOOKS
from generator.load.files import display
from generator.scenarios.reading import read_scenario_file
from generator.scenarios.runner import run_case
from tests.conftest import read_yaml

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = sorted(
    path.parent.name
    for path in (ROOT / "rules_data").glob("*/game.yaml")
    if read_yaml(path)["game"].get("engine") == registry.engine("zombicide").engine
)


def _applied(edition: str) -> list[str]:
    skills = read_yaml(ROOT / "rules_data" / edition / "skills.yaml")["skills"]
    return [skill["id"] for skill in skills if skill["model"] == "applied"]


SKILLS = [(edition, skill) for edition in EDITIONS for skill in _applied(edition)]


def _cases(edition: str) -> list[dict]:
    """Every case, of any folder, that plays under this edition's rules."""
    found = []
    for path in sorted((ROOT / "rules_data").glob("*/scenarios/*.yaml")):
        if read_yaml(path.parent.parent / "game.yaml")["game"].get("engine") != "zombicide":
            continue
        cases, errors = read_scenario_file(path, display(path, ROOT), HOOKS, path.parent.parent.name)
        assert not errors, errors
        found += [case for case in cases if case["edition"] == edition]
    return found


def _held_in(case: dict, skill: str, rules) -> bool:
    """Whether a survivor of the case holds the skill: only then can switching it off matter."""
    for spec in (case.get("survivors") or {}).values():
        spec = spec or {}
        levels = [s for chosen in (spec.get("level-skills") or {}).values() for s in _listed(chosen)]
        if skill in (spec.get("skills") or []) or skill in levels:
            return True
        if spec.get("kid") and skill in rules.kid_skills:
            return True
    return False


def _listed(value) -> list:
    return value if isinstance(value, list) else [value]


@pytest.fixture(scope="module")
def cases_of():
    made: dict[str, list[dict]] = {}

    def cases(edition: str) -> list[dict]:
        if edition not in made:
            made[edition] = _cases(edition)
        return made[edition]

    return cases


@pytest.mark.parametrize("edition,skill", SKILLS, ids=[f"{e}::{s}" for e, s in SKILLS])
def test_switching_the_skill_off_fails_a_case(edition, skill, rules_of, cases_of):
    rules = rules_of(edition)
    holding = [case for case in cases_of(edition) if _held_in(case, skill, rules)]
    assert holding, f"no {edition} case gives a survivor '{skill}': write one that shows what the skill changes"
    assert all(run_case(case, rules, HOOKS).ok for case in holding)  # with the skill, they pass
    without = rules.with_skills_off(skill)
    failing = [case["id"] for case in holding if not run_case(case, without, HOOKS).ok]
    assert failing, (
        f"'{skill}' is marked applied in rules_data/{edition}/skills.yaml, but every case that gives it "
        f"({', '.join(c['id'] for c in holding)}) still passes with the skill switched off: write a case "
        f"whose outcome the skill decides"
    )


def test_a_switched_off_skill_leaves_the_others_in_force(z1):
    without = z1.with_skills_off("slippery")
    assert without.skills_off == {"slippery"} and z1.skills_off == frozenset()
