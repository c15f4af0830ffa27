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
from generator.scenarios.project import case_runs, check_cases, counts

from . import rules_played
from .data import Model, model_for_game
from .rules import RulesError
from .rules_played import Played
from .scenario import HOOKS
from .worked_examples import unnamed

KIND_NAMES = {"ammunition": "ammo"}  # the data's item kind -> the engine's


def check_game(game, root: Path) -> list[DataError]:
    try:
        model = model_for_game(game, root)
    except RulesError as error:
        return _placed(game, error)
    errors = check_cards_agree(game, model, root) + check_cases(game, model, HOOKS, root)
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


def report_game(game, root: Path) -> list[str]:
    """The line `check` prints: how much of the game the model plays (rules sections and items,
    found by playing every case: rules_played.py), then the cases, rulings and examples."""
    cases, rulings = counts(game, root)
    found = rules_played.played(game, case_runs(game, model_for_game(game, root), HOOKS, root))
    sections, items = Played.applied(found.sections), Played.applied(found.items)
    line = (
        f"{game.id}: {share(len(sections), len(found.sections), 'rules sections')} and "
        f"{share(len(items), len(found.items), 'items')} applied by the rules model; {rulings} FAQ "
        f"rulings checked; {cases} scenarios; {len(game.examples)} worked examples played by the engine; "
        f"no odds tables (no die's face distribution is known)"
    )
    return [line]


def share(applied: int, total: int, what: str) -> str:
    return f"{applied}/{total} {what} ({100 * applied // total} %)" if total else f"no {what}"
