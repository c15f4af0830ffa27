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
from typing import Any, Callable, Mapping

from generator.errors import DataError, Location
from generator.load.examples import plain
from generator.load.references import suggestion
from generator.load.schema import ID_PATTERN, Context, describe
from generator.load.yamlpos import Node, parse
from generator.scenarios.shapes import Shape

KINDS = {
    "map": "a mapping (key: value)",
    "list": "a list",
    "text": "a text",
    "int": "a whole number",
    "bool": "true or false",
    "id": "an id (kebab-case)",
    "any": "a value",
}
# Keys every step may have besides its action's own: who acts, what is done, and what follows.
# (expect and expect-any are read by _check_expectations, which says what is wrong with them.)
STEP_KEYS = {"who": "id", "do": "id", "not-allowed": "any", "expect": "any", "expect-any": "any", "note": "text"}
CASE_KEYS = {
    "id": "id",
    "rule": "text",
    "note": "text",
    "edition": "id",
    "actions": "list",
    "expect": "any",
    "expect-any": "any",
}
# A case checks one rule in a few steps (the longest in rules_data takes 7), and each check plays
# every step again: far more is a mistake, or a scenario that slows every check down.
MAX_STEPS = 50


@dataclass
class ScenarioFormat:
    """What one game's scenarios may say. Keys map to the kind of value they take (KINDS)."""

    # Each key's value: a kind of KINDS, or a Shape (generator/scenarios/shapes.py) down to its ranges.
    case_keys: dict[str, str | Shape]  # the game's own case keys (board, pieces, dice, ...)
    actions: dict[str, dict[str, str | Shape]]  # `do` -> the step keys of that action
    expect_keys: dict[str, str | Shape]  # what an `expect:` may check
    acting: frozenset[str] = frozenset()  # actions that need `who`
    # Checks of the ids a case names (zones, pieces, cards): (case, its node, report, rules). The
    # case is plain values as the shapes read them: a part that does not fit its shape is None.
    check_ids: Callable[[dict, Node, "Report", Any], None] | None = None
    # The bounds the rules set, by the names the shapes' Limits give (None: the rules are not known).
    limits: Callable[[Any], Mapping[str, int]] | None = None
    step_keys: dict[str, str | Shape] = field(default_factory=dict)  # every step's keys, over STEP_KEYS
    # The rules of the edition a case plays (`edition:`), from the rules the file is read with;
    # None: every case is checked with those.
    edition_rules: Callable[[Any, str], Any] | None = None

    @property
    def all_case_keys(self) -> frozenset[str]:
        return frozenset({*CASE_KEYS, *self.case_keys})

    def limits_for(self, rules: Any) -> dict[str, int]:
        return dict(self.limits(rules)) if self.limits is not None else {}


@dataclass
class Report:
    """Errors of one case, with its breadcrumb and the bounds its shapes read (Limit names)."""

    errors: list[DataError]
    crumbs: tuple[str, ...] = ()
    failed: bool = field(default=False)
    limits: dict[str, int] = field(default_factory=dict)

    def at(self, crumb: str) -> "Report":
        return _Sub(self, crumb)

    def error(self, where: Location | None, message: str) -> None:
        self.failed = True
        self.errors.append(DataError(where or Location("?", 1, 1), " › ".join(self.crumbs), message))


class _Sub(Report):
    def __init__(self, parent: Report, crumb: str | None):  # one for every value read: kept cheap
        self.errors, self.limits, self.failed = parent.errors, parent.limits, False
        self.crumbs = (*parent.crumbs, crumb) if crumb else parent.crumbs
        self._parent = parent

    def error(self, where: Location | None, message: str) -> None:
        parent: Report | None = self._parent
        while parent is not None:  # every enclosing case and step has failed too
            parent.failed = True
            parent = getattr(parent, "_parent", None)
        super().error(where, message)


def read_scenario_file(
    path: Path,
    display: str,
    fmt: ScenarioFormat,
    default_edition: str,
    rules: Any = None,
    *,
    editions: list[str] | None = None,
    sources: Mapping[str, list[str] | None] | None = None,
    refused: list[str] | None = None,
) -> tuple[list[dict], list[DataError]]:
    """Every case of one file as plain values (only those without errors), and every error.

    editions: the games the file's cases may name (`edition:`), when the caller knows them;
    sources: source id -> its sections (None: not listed), to check each case's `rule`;
    refused: receives the ids of the cases left out for their errors."""
    root, errors = parse(path, display)
    if root is None:
        return [], errors
    ctx = Context(errors)
    if root.kind != "map" or "cases" not in root.value:
        ctx.error(root.where, "a scenario file is a mapping with 'cases' (a list) and optionally 'edition'")
        return [], errors
    for key, child in root.value.items():
        if key not in ("edition", "cases"):
            ctx.error(
                child.key_where or child.where,
                f"unknown top-level key '{key}'"
                f"{suggestion(key, ['edition', 'cases'], 'a scenario file has edition and cases')}",
            )
    edition = default_edition
    if "edition" in root.value:
        named = root.value["edition"]
        if _edition_known(named, Report(errors, ("edition",)), editions, default_edition):
            edition = named.value
    cases_node = root.value["cases"]
    if cases_node.kind != "list":
        ctx.error(cases_node.where, f"expected a list of cases ('- id: ...'), found {describe(cases_node)}")
        return [], errors
    cases: list[dict] = []
    seen: dict[str, Location] = {}
    limits: dict[str, dict[str, int]] = {}
    for index, node in enumerate(cases_node.value, start=1):
        played = _played_edition(node, edition, editions)
        case_rules = (
            fmt.edition_rules(rules, played) if fmt.edition_rules is not None and rules is not None else rules
        )  # each case is checked with the rules it is played with
        if played not in limits:
            limits[played] = fmt.limits_for(case_rules)
        report = Report(errors, limits=limits[played])
        case = _read_case(node, index, fmt, report, seen, case_rules, editions, sources, default_edition)
        if case is None and refused is not None and node.kind == "map" and "id" in node.value:
            refused.append(str(node.value["id"].value))
        if case is not None:
            cases.append(
                {
                    **case,
                    "edition": case.get("edition", edition),
                    "_file": display,
                    "_where": node.where,
                    "_id_where": node.value["id"].where,
                    "_step_where": _step_places(node),
                }
            )
    return cases, errors


def _played_edition(node: Node, edition: str, editions: list[str] | None) -> str:
    """The edition a case plays: its own `edition:` when that names a known one, else the file's
    (a wrong one is reported with the case)."""
    named = node.value.get("edition") if node.kind == "map" else None
    if named is None or not _edition_known(named, Report([]), editions, edition):
        return edition
    return named.value


def _edition_known(node: Node, report: Report, editions: list[str] | None, folder: str) -> bool:
    """An edition names a game the cases can be played under (the folder's own, where it is known)."""
    if node.kind != "scalar" or not isinstance(node.value, str) or not ID_PATTERN.match(node.value):
        report.error(node.where, f"expected a game folder's id, such as '{folder}', found {describe(node)}")
        return False
    if editions is None or node.value in editions:
        return True
    report.error(
        node.where,
        f"unknown edition '{node.value}': the cases here play the rules of "
        f"{' or '.join(editions)}; write 'edition: {editions[0]}' or leave it out",
    )
    return False


def check_rule(node: Node, report: Report, sources: Mapping[str, list[str] | None]) -> None:
    """A case's `rule` cites a source of rules_data/sources.yaml ("<source id> § <section>")."""
    if node.kind != "scalar" or not isinstance(node.value, str):
        return  # the kind is reported with the case's keys
    source, _, section = (part.strip() for part in node.value.partition("§"))
    if source not in sources:
        report.error(
            node.where,
            f"unknown source '{source}' (a rule is \"<source id> § <section>\")"
            f"{suggestion(source, list(sources), 'sources are listed in rules_data/sources.yaml')}",
        )
        return
    sections = sources[source]
    if section and sections is not None and section not in sections:
        report.error(
            node.where,
            f"'{section}' is not a section of source '{source}'"
            f"{suggestion(section, sections, 'use a heading listed under the source in rules_data/sources.yaml')}",
        )


def source_sections(root: Path) -> dict[str, list[str] | None]:
    """Source id -> its listed sections (None when it lists none), from rules_data/sources.yaml
    (parsed once: the loader has read it)."""
    node, _ = parse(root / "rules_data" / "sources.yaml", "rules_data/sources.yaml")
    items = child(node, "sources")
    found: dict[str, list[str] | None] = {}
    for item in items.value if items is not None and items.kind == "list" else []:
        sid = child(item, "id")
        if sid is None or not isinstance(sid.value, str):
            continue
        sections = child(item, "sections")
        found[sid.value] = (
            [str(s.value) for s in sections.value] if sections is not None and sections.kind == "list" else None
        )
    return found


def _step_places(node: Node) -> list[Location]:
    actions = node.value.get("actions") if node.kind == "map" else None
    return [step.where for step in actions.value] if actions is not None and actions.kind == "list" else []


def _read_case(
    node: Node,
    index: int,
    fmt: ScenarioFormat,
    report: Report,
    seen: dict,
    rules: Any,
    editions: list[str] | None,
    sources: Mapping[str, list[str] | None] | None,
    folder: str,
) -> dict | None:
    if node.kind != "map":
        report.at(f"case {index}").error(
            node.where, f"expected a case (a mapping with id, rule, ...), found {describe(node)}"
        )
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
    if "edition" in node.value:
        _edition_known(node.value["edition"], inner.at("edition"), editions, folder)
    check_case(node, fmt, inner, rules, sources=sources)
    return None if inner.failed else plain(node)


def check_case(
    node: Node,
    fmt: ScenarioFormat,
    report: Report,
    rules: Any,
    keys: bool = True,
    sources: Mapping[str, list[str] | None] | None = None,
) -> bool:
    """A case's content: its keys and the shape of their values, its steps, its expectations and
    the ids it names. A worked example's scenario is checked the same way (keys=False: its own
    reader reports unknown keys). True when nothing is wrong."""
    before = len(report.errors)
    inner = report if report.limits or fmt.limits is None else _with_limits(report, fmt.limits_for(rules))
    case = _check_keys(node, {**CASE_KEYS, **fmt.case_keys}, inner, "key", " in a case", report_unknown=keys)
    actions = node.value.get("actions")
    if actions is not None and actions.kind == "list" and len(actions.value) > MAX_STEPS:
        inner.at("actions").error(
            actions.where,
            f"the case has {len(actions.value)} steps; a case has at most "
            f"{MAX_STEPS} (it checks one rule, and every check plays each "
            f"step): split it into cases",
        )
        case["actions"] = None
    elif actions is not None and actions.kind == "list":
        case["actions"] = [
            _check_step(step, fmt, inner.at(f"step {number}")) for number, step in enumerate(actions.value, start=1)
        ]
    for key in ("expect", "expect-any"):
        if key in node.value:
            case[key] = _check_expectations(node.value[key], key, fmt, inner)
    if sources is not None and "rule" in node.value:
        check_rule(node.value["rule"], inner.at("rule"), sources)
    if fmt.check_ids is not None:
        fmt.check_ids(case, node, inner, rules)
    return len(report.errors) == before


def _with_limits(report: Report, limits: dict[str, int]) -> Report:
    bounded = _Sub(report, None)
    bounded.limits = limits
    return bounded


def _check_step(step: Node, fmt: ScenarioFormat, report: Report) -> dict | None:
    """The step's values as its shapes read them (None when it is no step at all)."""
    if step.kind != "map":
        report.error(step.where, f"expected a step such as {{who: amy, do: move, to: b}}, found {describe(step)}")
        return None
    do_node = step.value.get("do")
    if do_node is None:
        report.error(step.where, f"missing 'do', the action: one of {', '.join(fmt.actions)}")
        return None
    do = do_node.value
    if do not in fmt.actions:
        report.error(
            do_node.where,
            f"unknown action '{do}'{suggestion(str(do), list(fmt.actions), 'use one of ' + ', '.join(fmt.actions))}",
        )
        return None
    fitted = _check_keys(
        step, {**STEP_KEYS, **fmt.step_keys, **fmt.actions[do]}, report, "key", f" for the '{do}' action"
    )
    if do in fmt.acting and "who" not in step.value:
        report.error(step.where, f"missing 'who': the one who takes the '{do}' action")
    for key in ("expect", "expect-any"):
        if key in step.value:
            fitted[key] = _check_expectations(step.value[key], key, fmt, report)
    return fitted


def _check_expectations(node: Node, key: str, fmt: ScenarioFormat, report: Report) -> Any:
    """An expectation (or expect-any's list of them) as the shapes read it."""
    alternatives = node.value if key == "expect-any" and node.kind == "list" else [node]
    if key == "expect-any" and (node.kind != "list" or len(node.value) < 2):
        report.error(node.where, "expect-any lists two or more outcomes, any one of which must hold")
        return None
    fitted: list[dict | None] = []
    for alternative in alternatives:
        if alternative.kind != "map":
            report.at(key).error(
                alternative.where, f"expected a mapping of expectations, found {describe(alternative)}"
            )
            fitted.append(None)
            continue
        fitted.append(_check_keys(alternative, fmt.expect_keys, report.at(key), "expectation", ""))
    return fitted if key == "expect-any" else fitted[0]


def _check_keys(
    node: Node,
    allowed: Mapping[str, str | Shape],
    report: Report,
    what: str,
    where_in: str,
    report_unknown: bool = True,
) -> dict:
    """The mapping's values as their shapes read them: a value that does not fit is None."""
    fitted: dict[str, Any] = {}
    for key, child in node.value.items():
        kind = allowed.get(key)
        where = child.key_where or child.where
        if kind is None:
            if report_unknown:
                hint = suggestion(str(key), list(allowed), "use one of " + ", ".join(sorted(allowed)))
                report.error(where, f"unknown {what} '{key}'{where_in}{hint}")
        elif isinstance(kind, Shape):
            fitted[key] = kind.read(child, report.at(key))
        elif not _is_kind(child, kind):
            report.at(key).error(child.where, f"expected {KINDS[kind]}, found {describe(child)}")
            fitted[key] = None
        else:
            fitted[key] = plain(child)
    return fitted


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
    """The node at a path of keys (a mapping's key as written, so a number is its text; an index
    for lists), or None."""
    for key in keys:
        if node is None:
            return None
        if node.kind == "map":
            node = node.value.get(str(key))
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
