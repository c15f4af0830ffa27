"""Scenario files read like the rules data: with positions, every problem reported at once.

    cases, errors = read_scenario_file(path, display, format)

A scenario file is `{edition: <game folder>, cases: [...]}`; each case is checked against its
game's `ScenarioFormat` (which keys a case, a step and an expectation may have, and which ids
exist), so a duplicate key, a misspelt key (with a did-you-mean), a value of the wrong kind or an
unknown id is reported as `file:line:column: case '<id>' › step 2: <message>`, never as an
unrelated refusal while the case runs. The cases come back as plain values for the runner.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from generator.errors import DataError, Location
from generator.load.examples import plain
from generator.load.references import suggestion
from generator.load.schema import ID_PATTERN, Context, describe
from generator.load.yamlpos import Node, parse

KINDS = {"map": "a mapping (key: value)", "list": "a list", "text": "a text", "int": "a whole number",
         "bool": "true or false", "id": "an id (kebab-case)", "any": "a value"}
# Keys every step may have besides its action's own: who acts, what is done, and what follows.
STEP_KEYS = {"who": "id", "do": "id", "not-allowed": "any", "expect": "map", "expect-any": "list", "note": "text"}
CASE_KEYS = {"id": "id", "rule": "text", "note": "text", "edition": "id", "actions": "list", "expect": "map",
             "expect-any": "list"}


@dataclass
class ScenarioFormat:
    """What one game's scenarios may say. Keys map to the kind of value they take (KINDS)."""

    case_keys: dict[str, str]  # the game's own case keys (board, pieces, dice, ...)
    actions: dict[str, dict[str, str]]  # `do` -> the step keys of that action
    expect_keys: dict[str, str]  # what an `expect:` may check
    acting: frozenset[str] = frozenset()  # actions that need `who`
    # Checks of the ids a case names (zones, pieces, cards): (plain case, its node, report, rules).
    check_ids: Callable[[dict, Node, "Report", Any], None] | None = None

    @property
    def all_case_keys(self) -> frozenset[str]:
        return frozenset({*CASE_KEYS, *self.case_keys})


@dataclass
class Report:
    """Errors of one case, with its breadcrumb."""

    errors: list[DataError]
    crumbs: tuple[str, ...] = ()
    failed: bool = field(default=False)

    def at(self, crumb: str) -> "Report":
        return _Sub(self, crumb)

    def error(self, where: Location | None, message: str) -> None:
        self.failed = True
        self.errors.append(DataError(where or Location("?", 1, 1), " › ".join(self.crumbs), message))


class _Sub(Report):
    def __init__(self, parent: Report, crumb: str):
        super().__init__(parent.errors, (*parent.crumbs, crumb))
        self._parent = parent

    def error(self, where: Location | None, message: str) -> None:
        self._parent.failed = True
        super().error(where, message)


def read_scenario_file(path: Path, display: str, fmt: ScenarioFormat, default_edition: str,
                       rules: Any = None) -> tuple[list[dict], list[DataError]]:
    """Every case of one file as plain values (only those without errors), and every error."""
    root, errors = parse(path, display)
    if root is None:
        return [], errors
    ctx = Context(errors)
    if root.kind != "map" or "cases" not in root.value:
        ctx.error(root.where, "a scenario file is a mapping with 'cases' (a list) and optionally 'edition'")
        return [], errors
    for key, child in root.value.items():
        if key not in ("edition", "cases"):
            ctx.error(child.key_where or child.where, f"unknown top-level key '{key}'"
                                                      f"{suggestion(key, ['edition', 'cases'], 'a scenario file has edition and cases')}")
    edition = root.value["edition"].value if "edition" in root.value else default_edition
    cases_node = root.value["cases"]
    if cases_node.kind != "list":
        ctx.error(cases_node.where, f"expected a list of cases ('- id: ...'), found {describe(cases_node)}")
        return [], errors
    cases: list[dict] = []
    seen: dict[str, Location] = {}
    for index, node in enumerate(cases_node.value, start=1):
        case = _read_case(node, index, fmt, Report(errors), seen, rules)
        if case is not None:
            cases.append({**case, "edition": case.get("edition", edition), "_file": display,
                          "_where": node.where, "_step_where": _step_places(node)})
    return cases, errors


def _step_places(node: Node) -> list[Location]:
    actions = node.value.get("actions") if node.kind == "map" else None
    return [step.where for step in actions.value] if actions is not None and actions.kind == "list" else []


def _read_case(node: Node, index: int, fmt: ScenarioFormat, report: Report, seen: dict, rules: Any) -> dict | None:
    if node.kind != "map":
        report.at(f"case {index}").error(node.where, f"expected a case (a mapping with id, rule, ...), "
                                                     f"found {describe(node)}")
        return None
    id_node = node.value.get("id")
    case_id = id_node.value if id_node is not None and isinstance(id_node.value, str) else None
    inner = report.at(f"case '{case_id}'" if case_id else f"case {index}")
    if id_node is None:
        inner.error(node.where, "missing 'id'; give the case a kebab-case id")
    elif not case_id or not ID_PATTERN.match(case_id):
        inner.error(id_node.where, f"bad id {id_node.value!r}: ids are ASCII kebab-case")
    elif case_id in seen:
        inner.error(id_node.where, f"the id is used twice in the file (first at {seen[case_id]}); rename one")
    else:
        seen[case_id] = id_node.where
    if "rule" not in node.value:
        inner.error(node.where, "missing 'rule', the rule it checks (\"<source-id> § <section>\")")
    check_case(node, fmt, inner, rules)
    return None if inner.failed else plain(node)


def check_case(node: Node, fmt: ScenarioFormat, report: Report, rules: Any, keys: bool = True) -> bool:
    """A case's content: its keys and their kinds, its steps, its expectations and the ids it
    names. A worked example's scenario is checked the same way. True when nothing is wrong."""
    inner = report
    before = len(report.errors)
    if keys:
        _check_keys(node, {**CASE_KEYS, **fmt.case_keys}, inner, "key", " in a case")
    actions = node.value.get("actions")
    if actions is not None and actions.kind == "list":
        for number, step in enumerate(actions.value, start=1):
            _check_step(step, fmt, inner.at(f"step {number}"))
    for key in ("expect", "expect-any"):
        if key in node.value:
            _check_expectations(node.value[key], key, fmt, inner)
    if fmt.check_ids is not None:
        try:
            fmt.check_ids(plain(node), node, inner, rules)
        except (TypeError, AttributeError, ValueError):
            pass  # a value of the wrong kind, reported above: its ids cannot be read
    return len(report.errors) == before


def _check_step(step: Node, fmt: ScenarioFormat, report: Report) -> None:
    if step.kind != "map":
        report.error(step.where, f"expected a step such as {{who: amy, do: move, to: b}}, found {describe(step)}")
        return
    do_node = step.value.get("do")
    if do_node is None:
        report.error(step.where, f"missing 'do', the action: one of {', '.join(fmt.actions)}")
        return
    do = do_node.value
    if do not in fmt.actions:
        report.error(do_node.where, f"unknown action '{do}'"
                                    f"{suggestion(str(do), list(fmt.actions), 'use one of ' + ', '.join(fmt.actions))}")
        return
    _check_keys(step, {**STEP_KEYS, **fmt.actions[do]}, report, "key", f" for the '{do}' action")
    if do in fmt.acting and "who" not in step.value:
        report.error(step.where, f"missing 'who': the survivor who takes the '{do}' action")
    for key in ("expect", "expect-any"):
        if key in step.value:
            _check_expectations(step.value[key], key, fmt, report)


def _check_expectations(node: Node, key: str, fmt: ScenarioFormat, report: Report) -> None:
    alternatives = node.value if key == "expect-any" and node.kind == "list" else [node]
    if key == "expect-any" and (node.kind != "list" or len(node.value) < 2):
        report.error(node.where, "expect-any lists two or more outcomes, any one of which must hold")
        return
    for alternative in alternatives:
        if alternative.kind != "map":
            report.at(key).error(alternative.where, f"expected a mapping of expectations, found {describe(alternative)}")
            continue
        _check_keys(alternative, fmt.expect_keys, report.at(key), "expectation", "")


def _check_keys(node: Node, allowed: dict[str, str], report: Report, what: str, where_in: str) -> None:
    for key, child in node.value.items():
        kind = allowed.get(key)
        where = child.key_where or child.where
        if kind is None:
            hint = suggestion(str(key), list(allowed), "use one of " + ", ".join(sorted(allowed)))
            report.error(where, f"unknown {what} '{key}'{where_in}{hint}")
        elif not _is_kind(child, kind):
            report.at(key).error(child.where, f"expected {KINDS[kind]}, found {describe(child)}")


def _is_kind(node: Node, kind: str) -> bool:
    value = node.value
    if kind == "any":
        return True
    if kind in ("map", "list"):
        return node.kind == kind
    if node.kind != "scalar":
        return False
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "id":
        return isinstance(value, str) and bool(ID_PATTERN.match(value))
    return isinstance(value, str) and bool(value.strip())


def child(node: Node | None, *keys: Any) -> Node | None:
    """The node at a path of keys (str for mappings, int for lists), or None."""
    for key in keys:
        if node is None:
            return None
        if node.kind == "map" and isinstance(key, str):
            node = node.value.get(key)
        elif node.kind == "list" and isinstance(key, int) and 0 <= key < len(node.value):
            node = node.value[key]
        else:
            return None
    return node


def place(node: Node | None, *keys: Any) -> Location | None:
    """Where the value at a path stands (or the deepest part of the path that exists)."""
    found = node
    for depth in range(len(keys), -1, -1):
        found = child(node, *keys[:depth])
        if found is not None:
            return found.where
    return None


def known(report: Report, where: Location | None, what: str, value: Any, choices: list[str], hint: str) -> bool:
    """Report an unknown id with a did-you-mean; True when the id is known."""
    if value in choices:
        return True
    report.error(where, f"unknown {what} '{value}'{suggestion(str(value), choices, hint)}")
    return False
