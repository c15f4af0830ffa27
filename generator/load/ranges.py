"""Every number has the range the rules allow.

A number outside it is a typo that would at best print nonsense (`accuracy: 9` on a six-sided
die) and at worst hang the build (exact odds of `dice: 1000000`). Whole numbers are read as
`Number`s, which remember where they were written, so a check after loading can point at the
value itself.

The ranges depend on the game's rules: each game package declares them next to its schema
(generator/games/<engine>/ranges.py); this module holds the mechanism and what all games share.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from generator.errors import DataError, Location
from generator.load.entities import Entity, Game, Project


class Number(int):
    """A whole number read from the data, with its place."""

    where: Location

    def __new__(cls, value: int, where: Location) -> "Number":
        number = super().__new__(cls, value)
        number.where = where
        return number

    def __reduce__(self):  # copies and pickles stay plain numbers (but see PLACED)
        return int, (int(self),)


def _placed(number: Any) -> tuple:
    return Number, (int(number), number.where)


# How a loaded project kept whole is pickled (runtime/disk_memo.write_pickle's reducers): its
# numbers keep their places, where the model's messages point.
PLACED: dict[type, Callable[[Any], tuple]] = {Number: _placed}


@dataclass(frozen=True)
class Range:
    low: int
    high: int | str  # a number, or the id of a parameter that bounds it (the die's faces)
    why: str  # the rule that sets the bounds, in the words of the message
    # 0 is allowed too where the mapping that holds the number has one of these values under
    # this key: (key, values) (an attack that rolls no dice has no dice to count).
    zero_where: tuple[str, tuple[str, ...]] | None = None

    def allows(self, value: int, holder: Mapping) -> bool:
        if self.zero_where is not None and value == 0 and holder.get(self.zero_where[0]) in self.zero_where[1]:
            return True
        return False

    def high_in(self, game: Game) -> int:
        if isinstance(self.high, int):
            return self.high
        bound = game.parameters.get(self.high)
        value = bound.fields.get("value") if bound else None
        return value if isinstance(value, int) and not isinstance(value, bool) else 6


# Ranges every game shares; a game's own come from its package (`number_ranges`,
# `parameter_ranges` in generator/games/<engine>/).
SHARED_RANGES: dict[tuple[str, str], Range] = {
    ("page", "order"): Range(0, 10_000, "pages are ordered 0 to 10000"),
}
ANY_PARAMETER = Range(0, 10_000, "a count in the rules is 0 to 10000")  # any parameter a game does not bound


# A game's own ranges: (kind, field path) -> Range, and parameter id -> Range.
GameRanges = tuple[Mapping[tuple[str, str], "Range"], Mapping[str, "Range"]]


def check_ranges(project: Project, errors: list[DataError], ranges_of: Callable[[Game], GameRanges]) -> None:
    for game in project.games.values():
        own, parameter_ranges = ranges_of(game)
        ranges = {**SHARED_RANGES, **own}
        for page in game.pages:
            _check(game, ranges, "page", f"page '{page.id}'", "order", page.order, errors)
        for entity in game.entities.values():
            for field, value in entity.fields.items():
                _walk(game, ranges, entity, field, value, errors, {})
        for parameter in game.parameters.values():
            if not parameter.fields.get("derived"):
                _parameter(game, parameter_ranges.get(parameter.id, ANY_PARAMETER), parameter, errors)


def _walk(
    game: Game, ranges: Mapping, entity: Entity, path: str, value: Any, errors: list[DataError], holder: Mapping
) -> None:
    """Each number under an entity's field, checked with the range of its path; `holder` is the
    mapping the number stands in."""
    crumb = f"{entity.kind} '{entity.id}'"
    if isinstance(value, Number):
        rule = ranges.get((entity.kind, path))
        if rule is None or not rule.allows(value, holder):
            _check(game, ranges, entity.kind, crumb, path, value, errors)
    elif isinstance(value, dict):
        for key, child in value.items():
            _walk(game, ranges, entity, f"{path}.{key}", child, errors, value)
    elif isinstance(value, (list, tuple)):
        for child in value:
            _walk(game, ranges, entity, path, child, errors, holder)
    elif hasattr(value, "counts"):  # a table's rows: row -> column -> count
        for row in value.counts.values():
            for count in row.values():
                _walk(game, ranges, entity, f"{path}.*.*", count, errors, holder)


def _check(game: Game, ranges: Mapping, kind: str, crumb: str, path: str, value: Any, errors: list[DataError]) -> None:
    rule = ranges.get((kind, path))
    if rule is None or not isinstance(value, Number):
        return
    high = rule.high_in(game)
    if not rule.low <= value <= high:
        errors.append(
            DataError(
                value.where,
                f"{crumb} › {path.replace('.*.*', '').replace('.', ' › ')}",
                f"{value} is out of range: {_bounds(rule, high)}; write a number from {rule.low} to {high}",
            )
        )


def _parameter(game: Game, rule: Range, parameter: Entity, errors: list[DataError]) -> None:
    high = rule.high_in(game)
    where = parameter.field_where.get("value", parameter.where)
    for value in _numbers(parameter.fields.get("value")):
        if not rule.low <= value <= high:
            errors.append(
                DataError(
                    where,
                    f"parameter '{parameter.id}' › value",
                    f"{value} is out of range: {_bounds(rule, high)}; write a number from "
                    f"{rule.low} to {high} in {where.path.rsplit('/', 1)[-1]}",
                )
            )
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
