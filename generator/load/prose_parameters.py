"""Parameters the rules model does not read are facts the prose cites ({param:some-count}): a
count from the source, a list of card numbers, a deck's cards and copies, an order of types.
Nothing else checks them, so a switch or an empty list written where a count stands reached the
page as "yes" or as nothing at all, and an id that names no entry showed as the id itself.

A prose-only parameter is therefore one of the shapes the pages can say (render/references.py
value_text), naming only entries of its game; a game package says which are switches (true or
false: a reading of the source) and which parameters its model reads (those have kinds of their
own, checked by the package).
"""

from __future__ import annotations

from typing import Any, Callable, Collection

from generator.load.entities import Game
from generator.load.schema import Context

SHAPES = (
    "one number (such as 4), a list of numbers ([1, 2, 3]), of entry ids ([first-id, second-id]) or of "
    "[entry id, count] pairs, or an order of groups of entry ids ([[first-id], [second-id]])"
)


def check_prose_parameters(
    game: Game, ctx: Context, read_by_model: Collection[str], is_switch: Callable[[str], bool]
) -> None:
    for pid, parameter in game.parameters.items():
        if pid in read_by_model or parameter.fields.get("derived"):
            continue
        value = parameter.fields.get("value")
        if value is None:
            continue  # the loader has reported it
        problem = _switch_problem(value) if is_switch(pid) else _problem(value, game)
        if problem:
            ctx.at(f"parameter '{pid}'").at("value").error(parameter.field_where.get("value", parameter.where), problem)


def _switch_problem(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"a reading is true or false, found {described(value)}"


def _problem(value: Any, game: Game) -> str | None:
    if whole(value):
        return None
    if not isinstance(value, list) or not value:
        return f"the pages cite it as {SHAPES}; found {described(value)}"
    if all(whole(item) for item in value):
        return None
    pairs = all(isinstance(item, list) and len(item) == 2 and whole(item[1]) for item in value)
    ids = (
        [item[0] for item in value]
        if pairs
        else [name for item in value for name in (item if isinstance(item, list) and item else [item])]
    )
    if not all(isinstance(name, str) for name in ids):
        return f"the pages cite it as {SHAPES}; found a list that mixes them"
    unknown = [name for name in ids if name not in game.entities]
    if unknown and game.complete:
        return (
            f"'{unknown[0]}' names no entry of {game.id}, so the page would show the id itself; name a "
            f"card, a type or another entry by its id"
        )
    return None


def whole(value: Any) -> bool:
    """A whole number, and not true or false (which Python counts as numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def described(value: Any) -> str:
    """A parameter's value as a message names it."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, list):
        return "an empty list" if not value else f"the list {value}" if len(str(value)) < 60 else "a list"
    return f"the value {value!r}"
