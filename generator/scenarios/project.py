"""A game's cases checked against its data, the same way for every game: every scenario file of
rules_data/<game>/scenarios/ read with positions in the game's format and every case played
(an FAQ ruling's `check:` case is told at the ruling), every worked example played, every rules
section checked by cases or saying why not. Each mistake is reported where it stands."""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from generator.errors import DataError
from generator.load.entities import Game
from generator.load.files import display
from generator.runtime.by_identity import ByIdentity
from generator.runtime.disk_memo import read_pickle, write_pickle
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


# Where a run may keep what each scenario file gave (its cases read, and each of their plays) for
# the next run: set by the caller that knows what else they depend on (the pipeline's model key
# without the case files), for one game's verdict at a time. An edit of one file then reads and
# plays that file's cases alone.
CaseFileKeeper = Callable[[Path], "Path | None"]  # a case file -> the pickle of what it gave
_KEEPER: ContextVar[CaseFileKeeper | None] = ContextVar("case_file_keeper", default=None)


@contextlib.contextmanager
def keeping_case_files(keeper: CaseFileKeeper) -> Iterator[None]:
    token = _KEEPER.set(keeper)
    try:
        yield
    finally:
        _KEEPER.reset(token)


@dataclass
class _FileOutcome:
    """What a clean scenario file gave: its cases, those refused (none: it had no errors), and the
    plays of its cases so far, by id."""

    cases: list[dict]
    refused: list[str]
    results: dict[str, Result]

    def believed(self) -> bool:
        return (
            isinstance(self.cases, list)
            and all(isinstance(case, dict) for case in self.cases)
            and isinstance(self.refused, list)
            and isinstance(self.results, dict)
            and all(isinstance(result, Result) for result in self.results.values())
        )


def _played(game: Game, rules: Any, hooks: Scenarios, root: Path) -> CaseRuns:
    sources = source_sections(root)
    keeper = _KEEPER.get()
    kept: dict[Path, tuple[Path, _FileOutcome]] = {}  # clean files, each with where it is kept

    def read(path: Path) -> tuple[list[dict], list[DataError], list[str]]:
        where = keeper(path) if keeper is not None else None
        if where is not None:
            outcome = read_pickle(where, _FileOutcome([], [], {}))
            if outcome.cases and outcome.believed():
                kept[path] = (where, outcome)
                return outcome.cases, [], outcome.refused
        refused: list[str] = []
        cases, errors = read_scenario_file(
            path, display(path, root), hooks, game.id, rules, editions=[game.id], sources=sources, refused=refused
        )
        if where is not None and not errors:  # a file with errors is read again (they are found anew)
            kept[path] = (where, _FileOutcome(cases, refused, {}))
        return cases, errors, refused

    cases, refused, errors = read_cases(scenario_files(game, root), read)
    runs = CaseRuns([], cases)
    # by the case itself: a case whose id another file's case uses too is never judged by that one's play
    plays_kept = {
        id(case): outcome.results[case["id"]]
        for _, outcome in kept.values()
        for case in outcome.cases
        if case["id"] in outcome.results
    }

    def play(case: dict) -> Result:
        runs.results[case["id"]] = result = plays_kept.get(id(case)) or run_case(case, rules, hooks)
        return result

    complete = not errors
    errors += check_rulings(game, cases, refused, play)
    ruled = {ruling.fields.get("check") for ruling in game.of_kind("faq")}
    rest = [case for case_id, case in cases.items() if case_id not in ruled and case_id not in refused]
    errors += check_played(rest, play)
    errors += check_sections(game, cases, refused, complete)
    runs.errors = errors + check_examples(game.examples, rules, hooks, sources)
    _keep(kept, runs)
    return runs


def _keep(kept: dict[Path, tuple[Path, _FileOutcome]], runs: CaseRuns) -> None:
    """Each clean file's outcome with the plays of its own cases, where it gained any."""
    for where, outcome in kept.values():
        played = {
            case["id"]: runs.results[case["id"]]
            for case in outcome.cases
            if runs.cases.get(case["id"]) is case and case["id"] in runs.results
        }
        if played != outcome.results:
            write_pickle(where, _FileOutcome(outcome.cases, outcome.refused, played))


def counts(game: Game, root: Path) -> tuple[int, int]:
    """How many scenario cases the game holds, and how many of its FAQ rulings a case checks."""
    rulings = [ruling for ruling in game.of_kind("faq") if ruling.fields.get("check")]
    return case_count(scenario_files(game, root), root), len(rulings)
