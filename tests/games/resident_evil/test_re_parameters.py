"""The parameters the rules model reads are the ones the loader checks: each has its kind (a
number, true or false, a list), each number its range, before the model uses it."""

from __future__ import annotations

import pytest

from generator.games.resident_evil.ranges import PARAMETER_RANGES
from generator.games.resident_evil.rules import MODE_PARAMETERS, PARAMETERS, RulesError, rules_from_parameters

GAME = "resident-evil"


def _values(project) -> dict:
    game = project.games[GAME]
    return {pid: p.fields["value"] for pid, p in game.parameters.items() if not p.fields.get("derived")}


def test_the_model_reads_only_the_parameters_it_declares(re_project):
    declared = {pid: v for pid, v in _values(re_project).items() if pid in PARAMETERS}
    assert rules_from_parameters(declared).health_steps == declared["health-steps"]


@pytest.mark.parametrize("pid", sorted(PARAMETERS))
def test_a_missing_parameter_is_named(re_project, pid):
    values = {k: v for k, v in _values(re_project).items() if k != pid}
    with pytest.raises(RulesError) as refusal:
        rules_from_parameters(values)
    assert refusal.value.subject == pid


def test_every_number_the_model_reads_has_its_range():
    numbers = {pid for pid, kind in {**PARAMETERS, **MODE_PARAMETERS}.items() if kind in ("number", "levels")}
    assert numbers - set(PARAMETER_RANGES) == set()


def test_the_modes_a_case_may_name_come_from_the_data(re_rules):
    assert re_rules.mode_names == ["normal", "easy", "solo"]
