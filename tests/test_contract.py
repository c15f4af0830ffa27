"""Every registered game package, and the board-less test game, through the same checks of what
the contract asks: the step its errors show as an example is one its own format plays, and the
tables of its scenario side agree with each other."""

from __future__ import annotations

import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest
import yaml

from generator import games, registry
from generator.errors import GeneratorError
from generator.scenarios.game import STEP_KEYS, Call
from tests.games.card_duel import GAME as CARD_DUEL

ROOT = Path(__file__).resolve().parent.parent
GAMES_FOLDER = Path(games.__file__).parent
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


def test_each_package_of_the_games_folder_is_registered_under_its_folders_name():
    assert [name for name, _ in sorted(registry.engines().items())] == sorted(
        path.name.replace("_", "-") for path in GAMES_FOLDER.iterdir() if (path / "__init__.py").is_file()
    )


def test_a_package_whose_engine_is_not_its_folders_name_is_refused_by_name():
    misnamed = registry.Engines({"duel": "tests.games.card_duel"}, {})
    assert list(misnamed) == ["duel"]
    with pytest.raises(GeneratorError, match=r"^tests/games/card_duel/__init__.py: .*its folder's name .*\('duel'\)"):
        misnamed["duel"]


def test_checking_one_game_imports_that_games_package_alone(tmp_path):
    """A `check` after an edit to one game loads that game alone: the other games' packages (their
    engines, narration, diagrams) are not imported for it."""
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from pathlib import Path\n"
            "from generator import registry\n"
            "from generator.load import load_games\n"
            f"root = Path({str(ROOT)!r})\n"
            "project, errors = load_games(root / 'rules_data', root, only={'resident-evil'}.__contains__, "
            "specs=registry.engines())\n"
            "assert not errors and list(project.games) == ['resident-evil'], errors\n"
            "print(sorted(name for name in sys.modules if name.startswith('generator.games.') and name.count('.') == 2))",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    assert shown.stdout.split() == ["['generator.games.resident_evil']"]
