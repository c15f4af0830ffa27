"""The Zombicide model checks a loaded game: coherent parameters, skills it knows, FAQ rulings that hold.

A ruling whose `check` scenario fails stops the build: the rulebook must not say one thing in
its FAQ and another in its rules.
"""
from __future__ import annotations

from pathlib import Path

from generator.errors import DataError, Location, RulesDataError
from generator.example_runs import check_examples
from generator.games.zombicide.checks import check_rules_data, skill_coverage
from generator.games.zombicide.data import rules_for_game, rules_inputs
from generator.games.zombicide.scenario import HOOKS, read_scenarios, run_case
from generator.load.entities import Game
from generator.load.files import display
from generator.load.scenarios import child, source_sections
from generator.load.yamlpos import parse

SET_UP_FAILED = "the case cannot be set up"  # how the shared runner names a case it could not build


def report_game(game: Game, root: Path) -> list[str]:
    """Lines for `generator check`: how much of the edition the model applies and verifies."""
    applied, descriptive, _ = skill_coverage(rules_inputs(game)["skill_models"])
    total = len(applied) + len(descriptive)
    share = f"{len(applied)}/{total} skills applied by the rules model ({100 * len(applied) // total} %)" \
        if total else "no skills"
    checks = [f for f in game.of_kind("faq") if f.fields.get("check")]
    cases = sum(_case_count(path, root) for path in _scenario_files(game, root))
    return [f"{game.id}: {share}; {len(checks)} FAQ rulings checked; {cases} scenarios"]


def _case_count(path: Path, root: Path) -> int:
    """How many cases a file holds (the report follows a clean check: the file is read already)."""
    node, _ = parse(path, display(path, root))
    cases = child(node, "cases")
    return len(cases.value) if cases is not None and cases.kind == "list" else 0


def _check_zombie_deck(game: Game) -> list[DataError]:
    """The zombie deck holds as many cards as the box says, each number once."""
    cards = game.of_kind("zombie-card")
    total = game.parameters.get("zombie-deck-size")
    errors = []
    if cards and total is not None and len(cards) != total.fields["value"]:
        errors.append(DataError(total.where, "parameter 'zombie-deck-size'",
                                f"zombie-cards.yaml lists {len(cards)} cards but the total is "
                                f"{total.fields['value']}; add the missing cards or correct the total"))
    seen: dict[int, str] = {}
    for card in cards:
        number = card.fields.get("number")
        if number in seen:
            errors.append(DataError(card.field_where["number"], f"zombie-card '{card.id}'",
                                    f"card number {number} is already '{seen[number]}'; give each card its own number"))
        if number is not None:
            seen.setdefault(number, card.id)
    return errors


def check_game(game: Game, root: Path) -> list[DataError]:
    errors = _check_zombie_deck(game)
    if errors:
        return errors
    inputs = rules_inputs(game)
    problems = check_rules_data(inputs["parameters"], inputs["zombie_stats"], inputs["level_thresholds"],
                                inputs["skill_models"])
    errors = [DataError(_where(game, p.subject), _crumb(game, p.subject), p.message) for p in problems]
    if errors:
        return errors  # the engine cannot run on incoherent data
    try:
        rules = rules_for_game(game)
    except RulesDataError as exc:  # pragma: no cover - check_rules_data found nothing above
        return [DataError(Location(game.file, 1, 1), f"game '{game.id}'", str(exc))]
    return _check_rulings(game, rules, root) + check_examples(game.examples, rules, HOOKS, source_sections(root))


def _check_rulings(game: Game, rules, root: Path) -> list[DataError]:
    cases, refused, errors = _read_cases(game, rules, root)
    for ruling in game.of_kind("faq"):
        case_id = ruling.fields.get("check")
        if not case_id or case_id in refused:
            continue  # a case with errors is not played (its errors are reported where it stands)
        where = ruling.field_where["check"]
        crumb = f"faq '{ruling.id}' › check"
        found = cases.get(case_id)
        if found is None:
            errors.append(DataError(where, crumb, f"no scenario case '{case_id}' in rules_data/{game.id}/scenarios/; "
                                                  f"write the case that proves this ruling, or fix the id"))
            continue
        result = run_case(found, rules)
        if result.ok:
            continue
        unplayable = _unplayable_step(found, result)
        if unplayable is not None:  # the case's own data is wrong: say so where it is written
            errors.append(DataError(unplayable, f"case '{case_id}'", f"the rules model cannot play this case: "
                                                                     f"{result.mismatches[0]}; fix the case (FAQ "
                                                                     f"ruling '{ruling.id}' checks it)"))
            continue
        errors.append(DataError(where, crumb, f"the rules model disagrees with this ruling: scenario "
                                              f"'{case_id}' ({found['_file']}) fails: {result.mismatches[0]}; "
                                              f"correct the answer, the data or the scenario"))
    return errors


def _read_cases(game: Game, rules, root: Path) -> tuple[dict[str, dict], list[str], list[DataError]]:
    """Every case of the game's scenario files by id, the ids of those with errors, and every
    error: each file is read and checked, all errors at once. An id names one case across the
    files (an FAQ check names it)."""
    cases: dict[str, dict] = {}
    refused: list[str] = []
    errors: list[DataError] = []
    sources = source_sections(root)
    for path in _scenario_files(game, root):
        read, problems = read_scenarios(path, rules, root, editions=[game.id], sources=sources, refused=refused)
        errors += problems
        for case in read:
            first = cases.setdefault(case["id"], case)
            if first is not case:
                errors.append(DataError(case["_id_where"], f"case '{case['id']}'",
                                        f"the id is also used at {first['_id_where']}; a case id is unique among "
                                        f"the game's scenario files (an FAQ check names one): rename one"))
    return cases, refused, errors


def _unplayable_step(case: dict, result) -> Location | None:
    """Where the case stands when it could not be set up or a step could not be played (an
    error, not a refusal or a different outcome): then the case is wrong, not the ruling."""
    if not result.trace and result.mismatches[0].startswith(SET_UP_FAILED):
        return case["_where"]
    last = result.trace[-1] if result.trace else None
    if last is not None and str(last.get("outcome", "")).startswith("error:"):
        places = case.get("_step_where") or []
        return places[last["step"] - 1] if last["step"] <= len(places) else case["_where"]
    return None


def _scenario_files(game: Game, root: Path) -> list[Path]:
    return sorted((root / "rules_data" / game.id / "scenarios").glob("*.yaml"))


def _where(game: Game, subject: str) -> Location:
    entity = game.parameters.get(subject) or game.entities.get(subject)
    return entity.where if entity else Location(game.file, 1, 1)


def _crumb(game: Game, subject: str) -> str:
    entity = game.parameters.get(subject) or game.entities.get(subject)
    return f"{entity.kind} '{subject}'" if entity else f"game '{game.id}'"
