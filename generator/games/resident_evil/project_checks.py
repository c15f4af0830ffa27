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

from generator.errors import DataError, Location
from generator.scenarios.examples import check_examples
from generator.scenarios.reading import source_sections
from generator.scenarios.rulings import case_count, check_rulings, read_cases
from generator.scenarios.runner import run_case

from .data import Model, model_for_game
from .rules import RulesError
from .scenario import HOOKS, read_scenarios
from .worked_examples import unnamed

KIND_NAMES = {"ammunition": "ammo"}  # the data's item kind -> the engine's


def scenario_files(game, root: Path) -> list[Path]:
    return sorted((root / "rules_data" / game.id / "scenarios").glob("*.yaml"))


def check_game(game, root: Path) -> list[DataError]:
    try:
        model = model_for_game(game, root)
    except RulesError as error:
        return _placed(game, error)
    errors = check_cards_agree(game, model, root)
    cases, refused, problems = read_game_scenarios(game, model, root)
    errors += problems + check_rulings(game, cases, refused, lambda case: run_case(case, model, HOOKS))
    errors += check_examples(game.examples, model, HOOKS)
    return errors + _unnamed_in_examples(game, model)


def _unnamed_in_examples(game, model: Model) -> list[DataError]:
    """An example's narration names every character, enemy type and card it tells of: an id
    without a name would stand in the sentence as itself ("richardは…"). An example that does
    not play is reported already, and names nothing."""
    found = []
    for example in game.examples:
        missing = unnamed(game, model, example)
        if missing:
            found.append(
                DataError(
                    example.scenario_where or example.where,
                    f"example '{example.id}' › scenario",
                    f"the narration has no name for {', '.join(missing)}, which would show as the "
                    f"id itself; use the ids of the data's characters, enemies and items (such as "
                    f"jill-valentine or zombie) or of the narration's names "
                    f"(generator/games/resident_evil/narration.yaml)",
                )
            )
    return found


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
        if (
            entity.kind == "enemy"
            and card.get("kind") == "enemy"
            and fields.get("size") not in (None, "unknown")
            and card.get("size") != fields["size"]
        ):
            errors.append(
                DataError(
                    where,
                    f"card '{cid}'",
                    f"size '{card.get('size')}' contradicts the enemy "
                    f"'{cid}' in enemies.yaml, which is {fields['size']}",
                )
            )
        if (
            entity.kind == "item"
            and fields.get("kind")
            and card.get("kind") != KIND_NAMES.get(fields["kind"], fields["kind"])
        ):
            errors.append(
                DataError(
                    where,
                    f"card '{cid}'",
                    f"kind '{card.get('kind')}' contradicts the item '{cid}' in items.yaml, which is {fields['kind']}",
                )
            )
    return errors


def read_game_scenarios(game, model: Model | None, root: Path) -> tuple[dict[str, dict], list[str], list[DataError]]:
    """Every case of the game's scenario files by id, the ids of those with errors, and every
    mistake in them (a case id is unique across the files: a ruling's `check:` names one)."""
    sources = source_sections(root)

    def read(path: Path) -> tuple[list[dict], list[DataError], list[str]]:
        refused: list[str] = []
        cases, errors = read_scenarios(path, model, root, editions=[game.id], sources=sources, refused=refused)
        return cases, errors, refused

    return read_cases(scenario_files(game, root), read)


def report_game(game, root: Path) -> list[str]:
    cases = case_count(scenario_files(game, root), root)
    rulings = [f for f in game.of_kind("faq") if f.fields.get("check")]
    line = (
        f"{game.id}: {cases} scenarios; {len(rulings)} FAQ rulings checked; {len(game.examples)} worked "
        f"examples played by the engine; no odds tables (no die's faces are known)"
    )
    return [line]
