"""Every registered game package, and the board-less test game, through the same checks of what
the contract asks: the step its errors show as an example is one its own format plays, and the
tables of its scenario side agree with each other."""

from __future__ import annotations

import typing

import pytest
import yaml

from generator import registry
from generator.scenarios.game import STEP_KEYS, Call
from tests.games.card_duel import GAME as CARD_DUEL

PACKAGES = sorted({**registry.engines(), CARD_DUEL.engine: CARD_DUEL}.items())
WITH_SCENARIOS = [(name, package.scenarios) for name, package in PACKAGES if package.scenarios is not None]
IDS = [name for name, _ in WITH_SCENARIOS]


@pytest.mark.parametrize("name,scenarios", WITH_SCENARIOS, ids=IDS)
def test_the_example_step_in_errors_is_a_step_the_game_plays(name, scenarios):
    step = yaml.safe_load(scenarios.example_step)
    assert isinstance(step, dict) and step.get("do") in scenarios.actions, scenarios.example_step
    action = scenarios.actions[step["do"]]
    allowed = {*STEP_KEYS, *scenarios.step_keys, *action.keys}
    assert set(step) <= allowed, f"{name}: {sorted(set(step) - allowed)} are not keys of a '{step['do']}' step"
    assert set(action.required) <= set(step), f"{name}: the example lacks {action.required}"
    assert not action.acting or "who" in step, f"{name}: a '{step['do']}' step names who takes it"


@pytest.mark.parametrize("name,scenarios", WITH_SCENARIOS, ids=IDS)
def test_the_scenario_tables_agree(name, scenarios):
    for do, action in scenarios.actions.items():
        assert set(action.required) <= set(action.keys), f"{name}: '{do}' requires a key it does not take"
        if isinstance(action.run, Call):  # a table row: the keys it hands over are keys the step takes
            handed = {*action.run.keys, *action.run.named.values()}
            assert handed <= set(action.keys), f"{name}: '{do}' hands over {sorted(handed - set(action.keys))}"
    assert set(scenarios.required) <= set(scenarios.case_keys), f"{name}: a required case key has no shape"
    shared = set(STEP_KEYS) & set(scenarios.step_keys) - {"who"}
    assert not shared, f"{name}: {sorted(shared)} shadow the steps' shared keys"
    named = {kind for kind in _id_kinds(scenarios) if kind is not None}
    unknown = named - set(scenarios.ids)
    assert not unknown, f"{name}: ids of kinds {sorted(unknown)} have no source in `ids`"


def _id_kinds(scenarios) -> set[str | None]:
    """The id kinds (`Id(names=...)`) the game's shapes name, found by walking its tables."""
    seen: set[int] = set()
    kinds: set[str | None] = set()
    stack: list[object] = [
        *scenarios.case_keys.values(),
        *scenarios.step_keys.values(),
        *(shape for action in scenarios.actions.values() for shape in action.keys.values()),
        *(expect.shape for expect in scenarios.expect.values()),
    ]
    while stack:
        shape = stack.pop()
        if id(shape) in seen:
            continue
        seen.add(id(shape))
        kinds.add(getattr(shape, "names", None))
        for value in vars(shape).values() if hasattr(shape, "__dict__") else ():
            if isinstance(value, (list, tuple)):
                stack.extend(value)
            elif isinstance(value, dict):
                stack.extend(value.values())
            elif hasattr(value, "read"):
                stack.append(value)
    return kinds


@pytest.mark.parametrize("name,scenarios", WITH_SCENARIOS, ids=IDS)
def test_each_engine_method_a_table_row_names_exists(name, scenarios):
    engine = typing.get_type_hints(type(scenarios).build)["return"]
    for do, action in scenarios.actions.items():
        if isinstance(action.run, Call) and isinstance(action.run.method, str):
            assert callable(getattr(engine, action.run.method, None)), f"{name}: '{do}' plays a method {engine} lacks"
