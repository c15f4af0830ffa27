"""The Zombicide model checks a loaded game: coherent parameters, skills it knows, FAQ rulings that hold.

A ruling whose `check` scenario fails stops the build: the rulebook must not say one thing in
its FAQ and another in its rules.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import DataError, Location, RulesDataError
from generator.games.zombicide.checks import check_rules_data, skill_coverage
from generator.games.zombicide.data import rules_for_game, rules_inputs
from generator.games.zombicide.example_size import board_errors
from generator.games.zombicide.scenario import HOOKS
from generator.load.entities import Game
from generator.scenarios.project import check_cases, counts


def report_game(game: Game, root: Path) -> list[str]:
    """Lines for `generator check`: how much of the edition the model applies and verifies."""
    applied, descriptive, _ = skill_coverage(rules_inputs(game)["skill_models"])
    total = len(applied) + len(descriptive)
    share = (
        f"{len(applied)}/{total} skills applied by the rules model ({100 * len(applied) // total} %)"
        if total
        else "no skills"
    )
    cases, rulings = counts(game, root)
    return [f"{game.id}: {share}; {rulings} FAQ rulings checked; {cases} scenarios"]


def _check_zombie_deck(game: Game) -> list[DataError]:
    """The zombie deck holds as many cards as the box says, each number once."""
    cards = game.of_kind("zombie-card")
    total = game.parameters.get("zombie-deck-size")
    errors = []
    if cards and total is not None and len(cards) != total.fields["value"]:
        errors.append(
            DataError(
                total.where,
                "parameter 'zombie-deck-size'",
                f"zombie-cards.yaml lists {len(cards)} cards but the total is "
                f"{total.fields['value']}; add the missing cards or correct the total",
            )
        )
    seen: dict[int, str] = {}
    for card in cards:
        number = card.fields.get("number")
        if number in seen:
            errors.append(
                DataError(
                    card.field_where["number"],
                    f"zombie-card '{card.id}'",
                    f"card number {number} is already '{seen[number]}'; give each card its own number",
                )
            )
        if number is not None:
            seen.setdefault(number, card.id)
    return errors


def check_game(game: Game, root: Path) -> list[DataError]:
    errors = _check_zombie_deck(game)
    if errors:
        return errors
    inputs = rules_inputs(game)
    problems = check_rules_data(
        inputs["parameters"], inputs["zombie_stats"], inputs["level_thresholds"], inputs["skill_models"]
    )
    errors = [DataError(_where(game, p.subject), _crumb(game, p.subject), p.message) for p in problems]
    if errors:
        return errors  # the engine cannot run on incoherent data
    try:
        rules = rules_for_game(game)
    except RulesDataError as exc:  # pragma: no cover - check_rules_data found nothing above
        return [DataError(Location(game.file, 1, 1), f"game '{game.id}'", str(exc))]
    return check_cases(game, rules, HOOKS, root) + board_errors(game.examples) + _unnamed_survivors(game)


def _unnamed_survivors(game: Game) -> list[DataError]:
    """An example's narration names its survivors by the data (survivors.yaml, with the grammar
    its sentences need): one the data lacks would stand in every language as its id."""
    known = {s.id for s in game.of_kind("survivor")}
    errors = []
    for example in game.examples:
        listed = (example.scenario or {}).get("survivors") or {}
        missing = sorted(sid for sid in listed if isinstance(sid, str) and sid not in known)
        if missing:
            errors.append(
                DataError(
                    example.scenario_where or example.where,
                    f"example '{example.id}' › scenario › survivors",
                    f"the narration has no name for {', '.join(missing)}, which would show as the id "
                    f"itself; add {'them' if len(missing) > 1 else 'it'} to survivors.yaml, with "
                    f"{'their' if len(missing) > 1 else 'its'} names and grammar",
                )
            )
    return errors


def _where(game: Game, subject: str) -> Location:
    """A problem's place: its parameter's or entity's, else its page file's (`zombies`), else the game's."""
    entity = game.parameters.get(subject) or game.entities.get(subject)
    page = next((page for page in game.pages if page.id == subject), None)
    return entity.where if entity else page.where if page else Location(game.file, 1, 1)


def _crumb(game: Game, subject: str) -> str:
    entity = game.parameters.get(subject) or game.entities.get(subject)
    page = next((page for page in game.pages if page.id == subject), None)
    return f"{entity.kind} '{subject}'" if entity else f"page '{subject}'" if page else f"game '{game.id}'"
