"""A game's cases checked against its data, the same way for every game: every scenario file of
rules_data/<game>/scenarios/ read with positions in the game's format and every case played
(an FAQ ruling's `check:` case is told at the ruling), every worked example played, every rules
section checked by cases or saying why not. Each mistake is reported where it stands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.errors import DataError
from generator.load.entities import Game
from generator.load.files import display
from generator.scenarios.examples import check_examples
from generator.scenarios.game import Scenarios
from generator.scenarios.reading import read_scenario_file, source_sections
from generator.scenarios.rulings import case_count, check_played, check_rulings, read_cases
from generator.scenarios.runner import run_case
from generator.scenarios.sections import check_sections


def scenario_files(game: Game, root: Path) -> list[Path]:
    return sorted((root / "rules_data" / game.id / "scenarios").glob("*.yaml"))


def check_cases(game: Game, rules: Any, hooks: Scenarios, root: Path) -> list[DataError]:
    """Every mistake in the game's scenario files, every ruling its case contradicts, every worked
    example the model cannot play (the cases of one game: an id names one case across its files)."""
    sources = source_sections(root)

    def read(path: Path) -> tuple[list[dict], list[DataError], list[str]]:
        refused: list[str] = []
        cases, errors = read_scenario_file(
            path, display(path, root), hooks, game.id, rules, editions=[game.id], sources=sources, refused=refused
        )
        return cases, errors, refused

    cases, refused, errors = read_cases(scenario_files(game, root), read)
    complete = not errors
    errors += check_rulings(game, cases, refused, lambda case: run_case(case, rules, hooks))
    ruled = {ruling.fields.get("check") for ruling in game.of_kind("faq")}
    rest = [case for case_id, case in cases.items() if case_id not in ruled and case_id not in refused]
    errors += check_played(rest, lambda case: run_case(case, rules, hooks))
    errors += check_sections(game, cases, refused, complete)
    return errors + check_examples(game.examples, rules, hooks, sources)


def counts(game: Game, root: Path) -> tuple[int, int]:
    """How many scenario cases the game holds, and how many of its FAQ rulings a case checks."""
    rulings = [ruling for ruling in game.of_kind("faq") if ruling.fields.get("check")]
    return case_count(scenario_files(game, root), root), len(rulings)
