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


KIND_NAMES = {"ammunition": "ammo"}  # the data's item kind -> the engine's


def check_game(game, root: Path) -> list[DataError]:
    try:
        model = model_for_game(game, root)
    except RulesDataError as error:
        return [DataError(game.where or Location(game.file, 1, 1), f"game '{game.id}'", str(error))]
    return check_cards_agree(game, model, root) + check_examples(game.examples, model, HOOKS)


def check_cards_agree(game, model, root: Path) -> list[DataError]:
    """A check card that shares its id with an entity may state numbers the source lacks, but it
    may not contradict what the data says (an enemy's size, an item's kind)."""
    where = Location(f"rules_data/{game.id}/scenarios/cards", 1, 1)
    errors = []
    for cid, card in model.cards.items():
        entity = game.entities.get(cid)
        if entity is None or not isinstance(card, dict):
            continue
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


def report_game(game, root: Path) -> list[str]:
    cases = sum(len(load_scenarios(path, HOOKS.case_keys, root)) for path in scenario_files(game, root))
    line = (f"{game.id}: {cases} scenarios; {len(game.examples)} worked examples played by the engine; "
            f"no odds tables (no die's faces are known)")
    return [line]
