"""Loader-side checks of the parameters the rules model reads (called through the registry's
`check_game`, so each problem is reported at its own place like any other data error).

Each parameter the model reads has a kind (rules.py PARAMETERS): a whole number, true or
false, a list of die faces, a list of levels. A value of another kind never reaches the model:
the model runs only on data that loaded cleanly, so it never divides by a list or iterates a
number. Numbers have their ranges in ranges.py. A reading (parameters-readings.yaml) is
explained by a note in source-notes.yaml that names it.
"""

from __future__ import annotations

from typing import Any

from generator.errors import Location
from generator.load.entities import Entity, Game
from generator.load.prose_parameters import check_prose_parameters, described, whole
from generator.load.schema import Context

from .rules import MODE_PARAMETERS, PARAMETERS

READINGS_FILE = "parameters-readings.yaml"
KINDS = {
    "number": "a whole number",
    "switch": "true or false",
    "faces": "a list of die faces (ids such as success-1), each once",
    "levels": "a list of whole numbers (danger levels)",
}
EXAMPLES = {
    "number": "one number, such as 4",
    "switch": "true or false",
    "faces": "a list such as [success-1, success-2]",
    "levels": "a list such as [2, 3]",
}


def check_parameters(game: Game, ctx: Context) -> None:
    for pid, kind in {**PARAMETERS, **MODE_PARAMETERS}.items():
        parameter = game.parameters.get(pid)
        if parameter is None:
            if pid in PARAMETERS and game.complete:  # a mode without it plays the normal rules
                ctx.at(f"game '{game.id}'").error(
                    game.where or Location(game.file, 1, 1),
                    f"the rules model needs parameter '{pid}' ({KINDS[kind]}); add it to the game's parameters*.yaml",
                )
            continue
        value = parameter.fields.get("value")
        if value is not None and not _fits(value, kind):  # None: the loader has reported it
            ctx.at(f"parameter '{pid}'").at("value").error(
                parameter.field_where.get("value", parameter.where),
                f"the rules model reads it as {KINDS[kind]}, found {described(value)}; write {EXAMPLES[kind]}",
            )
        elif kind == "levels" and value is not None and list(value) != sorted(set(value)):
            ctx.at(f"parameter '{pid}'").at("value").error(
                parameter.field_where.get("value", parameter.where),
                f"the levels {list(value)} must rise along the track, each once; write them in order, such as "
                f"{sorted(set(value))}",
            )
    _check_readings_have_notes(game, ctx)
    check_prose_parameters(game, ctx, {**PARAMETERS, **MODE_PARAMETERS}, lambda pid: _in_readings(game.parameters[pid]))


def _fits(value: Any, kind: str) -> bool:
    if kind == "number":
        return whole(value)
    if kind == "switch":
        return isinstance(value, bool)
    if kind == "faces":
        return (
            isinstance(value, list)
            and bool(value)
            and all(isinstance(v, str) for v in value)
            and len(set(value)) == len(value)
        )
    return isinstance(value, list) and all(whole(v) for v in value)


def _in_readings(parameter: Entity) -> bool:
    """A reading (parameters-readings.yaml) is a switch: which of two readings of the source holds."""
    return parameter.where.path.endswith(READINGS_FILE)


def _check_readings_have_notes(game: Game, ctx: Context) -> None:
    """A reading the site and the model follow says why, in a note that names it (`id`)."""
    if not game.complete:
        return  # the note may stand in the file that could not be read
    notes = [e for e in game.entities.values() if e.kind == "note"]
    for parameter in game.parameters.values():
        if parameter.fields.get("derived") or not parameter.where.path.endswith(READINGS_FILE):
            continue
        if not any(_names(note, parameter.id) for note in notes):
            ctx.at(f"parameter '{parameter.id}'").error(
                parameter.where,
                f"no note in source-notes.yaml explains this reading; add a note whose text "
                f"names it as `{parameter.id}` and says what the source reads and why this reading",
            )


def _names(note: Entity, pid: str) -> bool:
    return any(f"`{pid}`" in text or f"{{param:{pid}}}" in text for text in note.text.values())
