"""The engine checks a loaded game: its parameters make one coherent set of rules, and every
worked example plays. The scenario files are collected by pytest (tests/model/test_scenarios.py)."""
from __future__ import annotations

from pathlib import Path

from generator.core.scenarios import load_scenarios
from generator.errors import DataError, Location, RulesDataError
from generator.example_runs import check_examples

from .data import model_for_game
from .scenario import HOOKS


def scenario_files(game, root: Path) -> list[Path]:
    return sorted((root / "rules_data" / game.id / "scenarios").glob("*.yaml"))


def check_game(game, root: Path) -> list[DataError]:
    try:
        model = model_for_game(game, root)
    except RulesDataError as error:
        return [DataError(game.where or Location(game.file, 1, 1), f"game '{game.id}'", str(error))]
    return check_examples(game.examples, model, HOOKS)


def report_game(game, root: Path) -> list[str]:
    cases = sum(len(load_scenarios(path, HOOKS.case_keys, root)) for path in scenario_files(game, root))
    line = (f"{game.id}: {cases} scenarios; {len(game.examples)} worked examples played by the engine; "
            f"no odds tables (no die's faces are known)")
    return [line]
