"""A game's cases checked against its data, the same way for every game: every scenario file of
rules_data/<game>/scenarios/ read with positions in the game's format and every case played
(an FAQ ruling's `check:` case is told at the ruling), every worked example played, every rules
section checked by cases or saying why not. Each mistake is reported where it stands."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import DataError
from generator.load.entities import Game
from generator.load.files import display
from generator.runtime.by_identity import ByIdentity
from generator.scenarios.examples import check_examples
from generator.scenarios.game import Scenarios
from generator.scenarios.reading import read_scenario_file, source_sections
from generator.scenarios.rulings import case_count, check_played, check_rulings, read_cases
from generator.scenarios.runner import Result, run_case
from generator.scenarios.sections import check_sections


def scenario_files(game: Game, root: Path) -> list[Path]:
    return sorted((root / "rules_data" / game.id / "scenarios").glob("*.yaml"))


@dataclass
class CaseRuns:
    """What reading and playing a game's cases found."""

    errors: list[DataError]  # every mistake (check_cases)
    cases: dict[str, dict]  # every case read, by id, in the files' order
    results: dict[str, Result] = field(default_factory=dict)  # every case played, by id


# The last runs of each game in this process: `check` asks for the verdict and then for the count
# line (which a game may draw from the cases' traces), and both are the one play of the cases.
_RUNS: ByIdentity[CaseRuns] = ByIdentity(kept=4)


def check_cases(game: Game, rules: Any, hooks: Scenarios, root: Path) -> list[DataError]:
    """Every mistake in the game's scenario files, every ruling its case contradicts, every worked
    example the model cannot play (the cases of one game: an id names one case across its files)."""
    return case_runs(game, rules, hooks, root).errors


def case_runs(game: Game, rules: Any, hooks: Scenarios, root: Path) -> CaseRuns:
    """check_cases() with the result of each case it played; played once for a loaded game (the
    rules and the root are those it was loaded with, whichever copy of the rules is passed)."""
    return _RUNS.get(game, lambda: _played(game, rules, hooks, root))


def _played(game: Game, rules: Any, hooks: Scenarios, root: Path) -> CaseRuns:
    sources = source_sections(root)

    def read(path: Path) -> tuple[list[dict], list[DataError], list[str]]:
        refused: list[str] = []
        cases, errors = read_scenario_file(
            path, display(path, root), hooks, game.id, rules, editions=[game.id], sources=sources, refused=refused
        )
        return cases, errors, refused

    cases, refused, errors = read_cases(scenario_files(game, root), read)
    runs = CaseRuns([], cases)

    def play(case: dict) -> Result:
        runs.results[case["id"]] = result = run_case(case, rules, hooks)
        return result

    complete = not errors
    errors += check_rulings(game, cases, refused, play)
    ruled = {ruling.fields.get("check") for ruling in game.of_kind("faq")}
    rest = [case for case_id, case in cases.items() if case_id not in ruled and case_id not in refused]
    errors += check_played(rest, play)
    errors += check_sections(game, cases, refused, complete)
    runs.errors = errors + check_examples(game.examples, rules, hooks, sources)
    return runs


def counts(game: Game, root: Path) -> tuple[int, int]:
    """How many scenario cases the game holds, and how many of its FAQ rulings a case checks."""
    rulings = [ruling for ruling in game.of_kind("faq") if ruling.fields.get("check")]
    return case_count(scenario_files(game, root), root), len(rulings)
