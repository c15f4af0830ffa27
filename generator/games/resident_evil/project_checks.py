"""The engine checks a loaded game: its parameters make one coherent set of rules, its check cards
fit and agree with the data, every scenario file reads without a mistake, every FAQ ruling's
`check:` case holds, and every worked example plays.

Each problem is reported once, where it was written: a parameter the rules cannot use stops here
(nothing is played on it), a check card that does not fit is reported at its own line, not
against each example that meets it. The scenario cases themselves are played by pytest
(tests/model/test_scenarios.py); `check` reads them all, with positions, and plays those a
ruling names.
"""
from __future__ import annotations

from pathlib import Path

from generator.core.scenarios import run_case
from generator.errors import DataError, Location
from generator.example_runs import check_examples

from .data import Model, model_for_game
from .rules import RulesError
from .scenario import HOOKS, read_scenarios

KIND_NAMES = {"ammunition": "ammo"}  # the data's item kind -> the engine's


def scenario_files(game, root: Path) -> list[Path]:
    return sorted((root / "rules_data" / game.id / "scenarios").glob("*.yaml"))


def check_game(game, root: Path) -> list[DataError]:
    try:
        model = model_for_game(game, root)
    except RulesError as error:
        return _placed(game, error)
    errors = check_cards_agree(game, model, root)
    cases, problems = read_game_scenarios(game, model, root)
    errors += problems + _check_rulings(game, model, cases)
    return errors + check_examples(game.examples, model, HOOKS)


def _placed(game, error: RulesError) -> list[DataError]:
    """The model's refusal at the place of what it refuses: the parameter it names, or the check
    cards' own places."""
    if all(isinstance(problem, DataError) for problem in error.problems):
        return list(error.problems)
    parameter = game.parameters.get(error.subject or "")
    if parameter is not None:
        where = parameter.field_where.get("value", parameter.where)
        return [DataError(where, f"parameter '{parameter.id}' › value", str(error))]
    return [DataError(game.where or Location(game.file, 1, 1), f"game '{game.id}'", str(error))]


def check_cards_agree(game, model: Model, root: Path) -> list[DataError]:
    """A check card that shares its id with an entity may state numbers the source lacks, but it
    may not contradict what the data says (an enemy's size, an item's kind)."""
    errors = []
    for cid, card in model.cards.items():
        entity = game.entities.get(cid)
        if entity is None or not isinstance(card, dict):
            continue
        where = model.card_places.get(cid) or Location(f"rules_data/{game.id}/scenarios/cards", 1, 1)
        fields = entity.fields
        if entity.kind == "enemy" and card.get("kind") == "enemy" and fields.get("size") not in (None, "unknown") \
                and card.get("size") != fields["size"]:
            errors.append(DataError(where, f"card '{cid}'", f"size '{card.get('size')}' contradicts the enemy "
                                                            f"'{cid}' in enemies.yaml, which is {fields['size']}"))
        if entity.kind == "item" and fields.get("kind") and card.get("kind") != KIND_NAMES.get(fields["kind"],
                                                                                                fields["kind"]):
            errors.append(DataError(where, f"card '{cid}'", f"kind '{card.get('kind')}' contradicts the item "
                                                            f"'{cid}' in items.yaml, which is {fields['kind']}"))
    return errors


def read_game_scenarios(game, model: Model | None, root: Path) -> tuple[dict[str, dict], list[DataError]]:
    """Every case of the game's scenario files by id, and every mistake in them (a case id is
    unique across the files: a ruling's `check:` names one)."""
    cases: dict[str, dict] = {}
    errors: list[DataError] = []
    for path in scenario_files(game, root):
        read, problems = read_scenarios(path, model, root, editions=[game.id])
        errors += problems
        for case in read:
            first = cases.get(case["id"])
            if first is not None:
                errors.append(DataError(case.get("_id_where") or case["_where"], f"case '{case['id']}'",
                                        f"the id is used in {first['_file']} too (at {first.get('_id_where')}); "
                                        f"a case id is unique across the game's scenario files: rename one"))
                continue
            cases[case["id"]] = case
    return cases, errors


def _check_rulings(game, model: Model, cases: dict[str, dict]) -> list[DataError]:
    """A FAQ ruling's `check:` names a case of the scenario files, and that case holds."""
    errors = []
    for ruling in game.of_kind("faq"):
        case_id = ruling.fields.get("check")
        if not case_id:
            continue
        where = ruling.field_where["check"]
        crumb = f"faq '{ruling.id}' › check"
        found = cases.get(case_id)
        if found is None:
            errors.append(DataError(where, crumb, f"no scenario case '{case_id}' in rules_data/{game.id}/scenarios/; "
                                                  f"write the case that proves this ruling, or fix the id"))
            continue
        result = run_case(found, model, HOOKS)
        if not result.ok:
            errors.append(DataError(where, crumb, f"the rules model disagrees with this ruling: scenario "
                                                  f"'{case_id}' ({found['_file']}) fails: {result.mismatches[0]}; "
                                                  f"correct the answer, the data or the scenario"))
    return errors


def report_game(game, root: Path) -> list[str]:
    cases = sum(len(read_scenarios(path, None, root)[0]) for path in scenario_files(game, root))
    rulings = [f for f in game.of_kind("faq") if f.fields.get("check")]
    line = (f"{game.id}: {cases} scenarios; {len(rulings)} FAQ rulings checked; {len(game.examples)} worked "
            f"examples played by the engine; no odds tables (no die's faces are known)")
    return [line]
