"""The stated public surface: `generator.__all__` lists what other code may use, and each entry
works; the errors a user can cause form one tree under GeneratorError."""

from __future__ import annotations

import inspect
from pathlib import Path

import generator
from generator import errors
from generator.core.dice import DiceExhausted, RollMismatch

ROOT = Path(__file__).resolve().parent.parent


def test_all_names_exist_and_are_documented():
    assert sorted(generator.__all__) == sorted(set(generator.__all__))
    for name in generator.__all__:
        value = getattr(generator, name)
        assert inspect.getdoc(value), f"generator.{name} needs a docstring"


def test_the_public_surface_has_the_entry_points_the_design_names():
    assert {"check", "build_site", "run_scenario", "load_project"} <= set(generator.__all__)


def test_the_entry_points_work_on_the_project():
    from generator import registry
    from generator.load.files import display
    from generator.scenarios.reading import read_scenario_file

    project = generator.check(ROOT)
    played = 0
    for game in project.games.values():
        package = registry.for_game(game)
        files = sorted((ROOT / "rules_data" / game.id / "scenarios").glob("*.yaml"))
        if package.scenarios is None or not files:
            continue
        cases, errors = read_scenario_file(files[0], display(files[0], ROOT), package.scenarios, game.id)
        assert errors == []
        case = cases[0]
        result = generator.run_scenario(case, package.rules_for(game), package.scenarios)
        assert result.ok, result.mismatches
        played += 1
    assert played >= 2


def test_every_user_error_is_a_generator_error():
    for name in ("DataErrors", "ScenarioError", "MapError", "RulesDataError"):
        assert issubclass(getattr(errors, name), generator.GeneratorError), name
    assert issubclass(DiceExhausted, generator.ScenarioError)
    assert issubclass(RollMismatch, generator.ScenarioError)


BUILTIN_ERRORS = {"KeyError", "ValueError", "RuntimeError", "TypeError", "IndexError", "AttributeError"}


def test_games_the_pipeline_and_the_site_raise_only_errors_a_user_is_told():
    """A mistake a user can make (a case, a card, a narration, a page) is a GeneratorError, said in
    words with its place; Python's own errors are raised only for a programming error or by the
    Mapping protocol, said so beside them."""
    import ast

    found = []
    for folder in ("games", "pipeline", "site", "scenarios"):
        for path in sorted((ROOT / "generator" / folder).rglob("*.py")):
            lines = path.read_text(encoding="utf-8").splitlines()
            for node in ast.walk(ast.parse("\n".join(lines))):
                if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
                    continue
                name = getattr(node.exc.func, "id", "")
                said = lines[node.lineno - 1]
                if name in BUILTIN_ERRORS and "programming error" not in said and "Mapping protocol" not in said:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert found == []
