"""The details each Zombicide event carries (events.py) are those the engine emits: an
expectation is checked against that list, so it must not drift from the code."""

from __future__ import annotations

import ast
from pathlib import Path

from generator.games.zombicide.events import EVENT_FIELDS

ENGINE = Path(__file__).resolve().parents[2] / "generator" / "games" / "zombicide"


def emitted() -> dict[str, set[str]]:
    """kind -> the keyword names of every `emit("kind", ...)` or `event("kind", ...)` call of the
    engine (the second makes an event to insert earlier in the trace); a `**{...}` expansion of a
    literal mapping gives its keys."""
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("emit", "event")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                continue
            fields = found.setdefault(node.args[0].value, set())
            for keyword in node.keywords:
                if keyword.arg is not None:
                    fields.add(keyword.arg)
                    continue
                for mapping in ast.walk(keyword.value):
                    if isinstance(mapping, ast.Dict):
                        fields.update(key.value for key in mapping.keys if isinstance(key, ast.Constant))
    return found


def test_every_event_the_engine_emits_is_listed_with_exactly_its_details():
    code = emitted()
    assert set(code) == set(EVENT_FIELDS)
    assert {kind: sorted(fields) for kind, fields in code.items()} == {
        kind: sorted(fields) for kind, fields in EVENT_FIELDS.items()
    }
