"""FAQ rulings checked by the rules model, the same way in every game.

A game's scenario files are one set of cases: an id names one case across the files, because a
ruling's `check:` names the case that proves it. A ruling whose case is missing is reported at
the ruling; a case that cannot be set up or whose step cannot be played is wrong where it is
written; a case that plays to another outcome than it expects contradicts the ruling.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterable

from generator.errors import DataError, Location
from generator.load.files import display
from generator.load.yamlpos import parse
from generator.scenarios.report import child
from generator.scenarios.runner import SET_UP_FAILED, Result
from generator.scenarios.sections import expects_something

STEP_IN_MESSAGE = re.compile(r"^(?:after )?step (\d+)\b")  # how the runner names a step that went otherwise

# read(path) -> (the file's cases, its errors, the ids of its cases left out for their errors)
ReadFile = Callable[[Path], tuple[list[dict], list[DataError], list[str]]]


def read_cases(paths: Iterable[Path], read: ReadFile) -> tuple[dict[str, dict], list[str], list[DataError]]:
    """Every case of the files by id, the ids of those with errors, and every error (all files
    are read, all errors at once; an id used twice is an error at its second place)."""
    cases: dict[str, dict] = {}
    refused: list[str] = []
    errors: list[DataError] = []
    for path in paths:
        read_here, problems, refused_here = read(path)
        errors += problems
        refused += refused_here
        for case in read_here:
            first = cases.setdefault(case["id"], case)
            if first is not case:
                errors.append(
                    DataError(
                        case.get("_id_where") or case["_where"],
                        f"case '{case['id']}'",
                        f"the id is also used at {first.get('_id_where') or first['_where']}; a case "
                        f"id is unique among the game's scenario files (an FAQ check names one): "
                        f"rename one",
                    )
                )
    return cases, refused, errors


def check_rulings(
    game: Any, cases: dict[str, dict], refused: list[str], play: Callable[[dict], Result]
) -> list[DataError]:
    """Each FAQ ruling with a `check:` against the case it names, played by `play`."""
    errors: list[DataError] = []
    for ruling in game.of_kind("faq"):
        case_id = ruling.fields.get("check")
        if not case_id or case_id in refused:
            continue  # a case with errors is not played (its errors are reported where it stands)
        where = ruling.field_where["check"]
        crumb = f"faq '{ruling.id}' › check"
        found = cases.get(case_id)
        if found is None:
            errors.append(
                DataError(
                    where,
                    crumb,
                    f"no scenario case '{case_id}' in rules_data/{game.id}/scenarios/; "
                    f"write the case that proves this ruling, or fix the id",
                )
            )
            continue
        if not expects_something(found):
            errors.append(
                DataError(
                    where,
                    crumb,
                    f"scenario '{case_id}' ({found['_file']}) expects nothing: it "
                    f"would pass whatever the rules say; give it an 'expect' (or "
                    f"'expect-any', or a step's 'not-allowed') that this ruling "
                    f"decides",
                )
            )
            continue
        result = play(found)
        if result.ok:
            continue
        unplayable = _unplayable_step(found, result)
        if unplayable is not None:  # the case's own data is wrong: say so where it is written
            errors.append(
                DataError(
                    unplayable,
                    f"case '{case_id}'",
                    f"the rules model cannot play this case: "
                    f"{result.mismatches[0]}; fix the case (FAQ "
                    f"ruling '{ruling.id}' checks it)",
                )
            )
            continue
        errors.append(
            DataError(
                where,
                crumb,
                f"the rules model disagrees with this ruling: scenario "
                f"'{case_id}' ({found['_file']}) fails: {result.mismatches[0]}; "
                f"correct the answer, the data or the scenario",
            )
        )
    return errors


def check_played(cases: Iterable[dict], play: Callable[[dict], Result]) -> list[DataError]:
    """Every case played: one whose outcome is not the one it expects is wrong where it stands
    (at the step that went otherwise, else at its id), whatever else checks it."""
    errors = []
    for case in cases:
        result = play(case)
        if result.ok:
            continue
        where = _unplayable_step(case, result)
        if where is not None:
            message = f"the rules model cannot play this case: {result.mismatches[0]}; fix the case"
        else:
            where = _step_of(case, result.mismatches[0]) or case.get("_id_where") or case["_where"]
            message = (
                f"the rules model plays this case to another outcome: {result.mismatches[0]}; correct what "
                f"the case expects, or the data or the rule it checks"
            )
        errors.append(DataError(where, f"case '{case['id']}'", message))
    return errors


def _step_of(case: dict, mismatch: str) -> Location | None:
    """The place of the step a mismatch names ("step 2 (...)" or "after step 2: ...")."""
    found = STEP_IN_MESSAGE.match(mismatch)
    places = case.get("_step_where") or []
    number = int(found.group(1)) if found else 0
    return places[number - 1] if 0 < number <= len(places) else None


def _unplayable_step(case: dict, result: Result) -> Location | None:
    """Where the case stands when it could not be set up or a step could not be played (an
    error, not a refusal or a different outcome): then the case is wrong, not the ruling."""
    if not result.trace and result.mismatches[0].startswith(SET_UP_FAILED):
        return case["_where"]
    last = result.trace[-1] if result.trace else None
    if last is not None and str(last.get("outcome", "")).startswith("error:"):
        places = case.get("_step_where") or []
        return places[last["step"] - 1] if last["step"] <= len(places) else case["_where"]
    return None


def case_count(paths: Iterable[Path], root: Path) -> int:
    """How many cases the files hold, for check's report (which follows a clean check: each file
    is parsed already, and counting needs no second reading of its cases)."""
    total = 0
    for path in paths:
        node, _ = parse(path, display(path, root))
        cases = child(node, "cases")
        total += len(cases.value) if cases is not None and cases.kind == "list" else 0
    return total
