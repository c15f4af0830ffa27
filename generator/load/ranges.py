"""Every number has the range the rules allow.

A number outside it is a typo that would at best print nonsense (`accuracy: 9` on a six-sided
die) and at worst hang the build (exact odds of `dice: 1000000`). Whole numbers are read as
`Number`s, which remember where they were written, so a check after loading can point at the
value itself.

The ranges depend on the game's rules. They are one table here, keyed by entity kind and field,
so that they can move next to each game's schema when games register their own kinds.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from generator.errors import DataError, Location
from generator.load.entities import Entity, Game, Project


class Number(int):
    """A whole number read from the data, with its place."""

    where: Location

    def __new__(cls, value: int, where: Location) -> "Number":
        number = super().__new__(cls, value)
        number.where = where
        return number

    def __reduce__(self):  # copies and pickles stay plain numbers
        return int, (int(self),)


@dataclass(frozen=True)
class Range:
    low: int
    high: int | str  # a number, or the id of a parameter that bounds it (the die's faces)
    why: str  # the rule that sets the bounds, in the words of the message

    def high_in(self, game: Game) -> int:
        if isinstance(self.high, int):
            return self.high
        bound = game.parameters.get(self.high)
        value = bound.fields.get("value") if bound else None
        return value if isinstance(value, int) and not isinstance(value, bool) else 6


DIE_FACES = "max-die-result"  # the parameter that says how many faces the game's die has
SPECIAL_ATTACK = ("kills-all-in-zone",)  # rolls no dice: its dice, accuracy and damage are 0

# (entity kind, field path) -> Range. Paths go through mappings by key and through lists as-is.
RANGES: dict[tuple[str, str], Range] = {
    ("equipment", "attacks.dice"): Range(1, 12, "a weapon rolls 1 to 12 dice"),
    ("equipment", "attacks.accuracy"): Range(1, DIE_FACES, "accuracy is a face of the die"),
    ("equipment", "attacks.damage"): Range(1, 5, "a hit deals 1 to 5 damage"),
    ("equipment", "attacks.range"): Range(0, 10, "a range counts 0 to 10 zones"),
    ("equipment", "copies"): Range(1, 30, "a deck holds 1 to 30 copies of a card"),
    ("equipment", "search-draws"): Range(1, 5, "a search draws 1 to 5 cards"),
    ("zombie", "stats.actions"): Range(1, 5, "a zombie takes 1 to 5 actions"),
    ("zombie", "stats.min-damage"): Range(1, 5, "it takes 1 to 5 damage to kill a zombie"),
    ("zombie", "stats.xp"): Range(0, 20, "a kill earns 0 to 20 experience"),
    ("level", "xp"): Range(0, 500, "a danger level starts at 0 to 500 experience"),
    ("survivor", "health"): Range(1, 10, "a survivor starts with 1 to 10 health"),
    ("mission", "duration"): Range(1, 1440, "a mission lasts 1 to 1440 minutes"),
    ("mission", "number"): Range(0, 999, "missions are numbered 0 to 999"),
    ("zombie-card", "number"): Range(1, 999, "cards are numbered 1 to 999"),
    ("zombie-card", "rows.*.*"): Range(0, 50, "a card brings 0 to 50 zombies"),
    ("page", "order"): Range(0, 10_000, "pages are ordered 0 to 10000"),
}
# Parameters the rules model computes with; every other whole-number parameter is 0 to 10000.
PARAMETER_RANGES: dict[str, Range] = {
    "actions-per-turn": Range(1, 20, "a survivor has 1 to 20 actions per turn"),
    DIE_FACES: Range(2, 20, "a die has 2 to 20 faces"),
    "wounds-to-die": Range(1, 20, "a survivor dies after 1 to 20 wounds"),
    "hand-slots": Range(1, 10, "a survivor has 1 to 10 hand slots"),
    "backpack-slots": Range(0, 20, "a backpack has 0 to 20 slots"),
    "players-min": Range(1, 12, "a game has 1 to 12 players"),
    "players-max": Range(1, 12, "a game has 1 to 12 players"),
    "zombie-actions-per-activation": Range(1, 5, "a zombie takes 1 to 5 actions"),
    "car-attack-hit": Range(1, DIE_FACES, "a car hits on a face of the die"),
}
ANY_PARAMETER = Range(0, 10_000, "a count in the rules is 0 to 10000")


def check_ranges(project: Project, errors: list[DataError]) -> None:
    for game in project.games.values():
        for page in game.pages:
            _check(game, "page", f"page '{page.id}'", "order", page.order, errors)
        for entity in game.entities.values():
            for field, value in entity.fields.items():
                _walk(game, entity, field, value, errors, special=False)
        for parameter in game.parameters.values():
            if not parameter.fields.get("derived"):
                _parameter(game, parameter, errors)


def _walk(game: Game, entity: Entity, path: str, value: Any, errors: list[DataError], special: bool) -> None:
    crumb = f"{entity.kind} '{entity.id}'"
    if isinstance(value, Number):
        if not (special and path.startswith("attacks.") and value == 0):
            _check(game, entity.kind, crumb, path, value, errors)
    elif isinstance(value, dict):
        is_special = value.get("special") in SPECIAL_ATTACK
        for key, child in value.items():
            _walk(game, entity, f"{path}.{key}", child, errors, special or is_special)
    elif isinstance(value, (list, tuple)):
        for child in value:
            _walk(game, entity, path, child, errors, special)
    elif hasattr(value, "counts"):  # a zombie card's rows: level -> zombie -> count
        for level, row in value.counts.items():
            for zombie, count in row.items():
                _walk(game, entity, f"{path}.*.*", count, errors, special)


def _check(game: Game, kind: str, crumb: str, path: str, value: Any, errors: list[DataError]) -> None:
    rule = RANGES.get((kind, path))
    if rule is None or not isinstance(value, Number):
        return
    high = rule.high_in(game)
    if not rule.low <= value <= high:
        errors.append(DataError(value.where, f"{crumb} › {path.replace('.*.*', '').replace('.', ' › ')}",
                                f"{value} is out of range: {_bounds(rule, high)}; write a number from "
                                f"{rule.low} to {high}"))


def _parameter(game: Game, parameter: Entity, errors: list[DataError]) -> None:
    rule = PARAMETER_RANGES.get(parameter.id, ANY_PARAMETER)
    high = rule.high_in(game)
    where = parameter.field_where.get("value", parameter.where)
    for value in _numbers(parameter.fields.get("value")):
        if not rule.low <= value <= high:
            errors.append(DataError(where, f"parameter '{parameter.id}' › value",
                                    f"{value} is out of range: {_bounds(rule, high)}; write a number from "
                                    f"{rule.low} to {high} in {where.path.rsplit('/', 1)[-1]}"))
            return


def _numbers(value: Any) -> Iterable[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)


def _bounds(rule: Range, high: int) -> str:
    if isinstance(rule.high, str):
        return f"{rule.why} ({rule.low} to {high}, from parameter '{rule.high}')"
    return rule.why
