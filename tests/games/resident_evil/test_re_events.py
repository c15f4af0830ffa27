"""The details each Resident Evil event carries (events.py) are those the engine emits: a case's
expected event is checked against that list (a misspelt detail matches nothing, and `count: 0`
would hold whatever happened), so the list must not drift from the code."""

from __future__ import annotations

import ast
from pathlib import Path

from generator.games.resident_evil import GAME
from generator.games.resident_evil.events import APPLIES, EVENT_FIELDS, REFUSALS
from generator.games.resident_evil.scenario import HOOKS

ENGINE = Path(__file__).resolve().parents[3] / "generator" / "games" / "resident_evil"
# Kinds built from a prefix (`"door-" + state`) and what they become; details passed on as
# `**data` (a heal's card and the stack it used).
BUILT = {"door-": ("door-opened", "door-closed"), "scenario-": ("scenario-completed", "scenario-failed")}
PASSED_ON = {"heal": {"card", "cards"}, "move": {"reason"}, "actions-skipped": {"reason"}}


def emitted() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit"):
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant):
                kinds: tuple[str, ...] = (first.value,)
            elif isinstance(first, ast.BinOp) and isinstance(first.left, ast.Constant):
                kinds = BUILT[first.left.value]
            else:
                continue
            for kind in kinds:
                found.setdefault(kind, set()).update(k.arg for k in node.keywords if k.arg is not None)
    for kind, fields in PASSED_ON.items():
        found[kind] |= fields
    return found


def test_every_event_the_engine_emits_is_listed_with_exactly_its_details():
    code = emitted()
    assert {kind: sorted(fields) for kind, fields in code.items()} == {
        kind: sorted(fields) for kind, fields in EVENT_FIELDS.items()
    }


def test_the_narrated_kinds_are_the_listed_kinds():
    assert GAME.event_kinds == HOOKS.event_kinds == frozenset(EVENT_FIELDS)


def test_an_expected_event_may_name_only_its_details():
    assert HOOKS.event_fields is not None
    assert set(HOOKS.event_fields["defence"]) == {"who", "card", "enemy", "avoids", "player", "phase"}


def _sections(project) -> set[str]:
    return {rule.id for rule in project.games["resident-evil"].of_kind("rule")}


def test_every_event_kind_names_the_rules_sections_it_applies(re_project):
    sections = _sections(re_project)
    assert set(EVENT_FIELDS) <= set(APPLIES)  # each kind has its own entry, whatever its details
    for key, applied in APPLIES.items():
        kind = key.partition(".")[0]
        assert kind in EVENT_FIELDS, key
        assert set([applied] if isinstance(applied, str) else applied) <= sections, key


def refusal_reasons() -> set[str]:
    """Every reason id the engine refuses an action for (`NotAllowed("reason", ...)`)."""
    found = set()
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "NotAllowed" and node.args:
                if isinstance(node.args[0], ast.Constant):
                    found.add(node.args[0].value)
    return found


def test_every_refusal_names_its_rules_section(re_project):
    assert set(REFUSALS) == refusal_reasons()
    assert {section for section in REFUSALS.values() if section} <= _sections(re_project)
