"""Scenario files read like the rules data: with positions, every problem reported at once.

    cases, errors = read_scenario_file(path, display, game, folder)

A scenario file is `{edition: <game folder>, cases: [...]}`; each case is checked against its
game's `Scenarios` (generator/scenarios/game.py: which keys a case, a step and an expectation may
have, their shapes, and where the ids they name come from), so a duplicate key, a misspelt key
(with a did-you-mean), a value of the wrong kind or an unknown id is reported as
`file:line:column: case '<id>' › step 2: <message>`, never as an unrelated refusal while the case
runs. The cases come back as plain values for the runner.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Mapping

from generator.errors import DataError, Location
from generator.load.examples import plain
from generator.load.files import display
from generator.load.references import suggestion, with_article
from generator.load.schema import ID_PATTERN, Context, describe
from generator.load.yamlpos import Node, parse, parse_text
from generator.scenarios.case import CaseView
from generator.scenarios.game import CASE_KEYS, STEP_KEYS, Scenarios
from generator.scenarios.names import check_names
from generator.scenarios.report import Report, child, key_place, known, with_limits
from generator.scenarios.shapes import Shape

# A case checks one rule in a few steps (the longest in rules_data takes 7), and each check plays
# every step again: far more is a mistake, or a scenario that slows every check down.
MAX_STEPS = 50


def read_scenario_file(
    path: Path,
    display: str,
    game: Scenarios,
    default_edition: str,
    rules: Any = None,
    *,
    editions: list[str] | None = None,
    rules_of: Callable[[str], Any] | None = None,
    sources: Mapping[str, list[str] | None] | None = None,
    refused: list[str] | None = None,
) -> tuple[list[dict], list[DataError]]:
    """Every case of one file as plain values (only those without errors), and every error.

    rules: the rules the cases are checked with (None: only what a case itself defines is judged);
    editions: the games the file's cases may name (`edition:`), when the caller knows them;
    rules_of: the rules of a game a case names, when it is not the file's (None: not known);
    sources: source id -> its sections (None: not listed), to check each case's `rule`;
    refused: receives the ids of the cases left out for their errors."""
    root, errors = parse(path, display)
    if root is None:
        return [], errors
    ctx = Context(errors)
    if root.kind != "map" or "cases" not in root.value:
        ctx.error(root.where, "a scenario file is a mapping with 'cases' (a list) and optionally 'edition'")
        return [], errors
    for key, node in root.value.items():
        if key not in ("edition", "cases"):
            ctx.error(
                node.key_where or node.where,
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
        # each case is checked with the rules it is played with
        case_rules = rules if rules_of is None or played == default_edition else rules_of(played)
        if played not in limits:
            limits[played] = dict(game.limits(case_rules))
        report = Report(errors, limits=limits[played])
        case = _read_case(node, index, game, report, seen, case_rules, editions, sources, default_edition)
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


def read_scenarios(
    path: Path, game: Scenarios, rules: Any = None, root: Path | None = None, **options: Any
) -> tuple[list[dict], list[DataError]]:
    """A file of a game's scenarios folder (rules_data/<game>/scenarios/), its default edition that
    folder's game, its places shown from `root` when given (read_scenario_file's options)."""
    shown = display(path, root) if root is not None else path.as_posix()
    return read_scenario_file(path, shown, game, path.parent.parent.name, rules, **options)


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
    game: Scenarios,
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
    check_case(node, game, inner, rules, sources=sources)
    return None if inner.failed else plain(node)


def format_problems(case: dict, game: Scenarios, rules: Any) -> list[str]:
    """What the format finds wrong in a case written in code, each with its breadcrumb."""
    written = {key: value for key, value in case.items() if not key.startswith("_")}
    node, errors = parse_text(json.dumps(written, ensure_ascii=False, default=str), "case")
    if node is not None:
        check_case(node, game, Report(errors), rules)
    return [f"{error.breadcrumb}: {error.message}" if error.breadcrumb else error.message for error in errors]


def check_case(
    node: Node,
    game: Scenarios,
    report: Report,
    rules: Any,
    keys: bool = True,
    sources: Mapping[str, list[str] | None] | None = None,
) -> bool:
    """A case's content: its keys and the shape of their values, its steps, its expectations, the
    ids it names and what the rules bound across its keys. A worked example's scenario is checked
    the same way (keys=False: its own reader reports unknown keys). True when nothing is wrong."""
    before = len(report.errors)
    inner = report if report.limits else with_limits(report, dict(game.limits(rules)))
    case = _check_keys(node, {**CASE_KEYS, **game.case_keys}, inner, "key", " in a case", report_unknown=keys)
    for key, what in game.required.items():
        if key not in node.value:
            inner.error(node.where, f"missing '{key}': {what}")
    if "actions" in node.value:
        case["actions"] = _check_steps(node.value["actions"], game, inner)
    for key in ("expect", "expect-any"):
        if key in node.value:
            case[key] = _check_expectations(node.value[key], key, game, inner)
    if sources is not None and "rule" in node.value:
        check_rule(node.value["rule"], inner.at("rule"), sources)
    view = game.view(case, node, inner, rules)
    check_names(inner.names, game.known_ids(), view)
    if game.event_fields is not None:
        _event_details(view, game.event_fields)
    game.check_case(view)
    return len(report.errors) == before


def _check_steps(actions: Node, game: Scenarios, report: Report) -> list | None:
    if actions.kind != "list":
        report.at("actions").error(actions.where, f"expected a list of steps, found {describe(actions)}")
        return None
    if len(actions.value) > MAX_STEPS:
        report.at("actions").error(
            actions.where,
            f"the case has {len(actions.value)} steps; a case has at most "
            f"{MAX_STEPS} (it checks one rule, and every check plays each "
            f"step): split it into cases",
        )
        return None
    return [_check_step(step, game, report.at(f"step {number}")) for number, step in enumerate(actions.value, start=1)]


def _check_step(step: Node, game: Scenarios, report: Report) -> dict | None:
    """The step's values as its shapes read them (None when it is no step at all)."""
    if step.kind != "map":
        report.error(step.where, f"expected a step such as {game.example_step}, found {describe(step)}")
        return None
    do_node = step.value.get("do")
    choices = ", ".join(game.actions)
    if do_node is None:
        report.error(step.where, f"missing 'do', the action: one of {choices}")
        return None
    do = do_node.value
    if do_node.kind != "scalar" or not isinstance(do, str):
        report.at("do").error(do_node.where, f"expected an action, one of {choices}; found {describe(do_node)}")
        return None
    action = game.actions.get(do)
    if action is None:
        report.error(
            do_node.where, f"unknown action '{do}'{suggestion(do, list(game.actions), 'use one of ' + choices)}"
        )
        return None
    fitted = _check_keys(step, {**STEP_KEYS, **game.step_keys, **action.keys}, report, "key", f" for the '{do}' action")
    if action.acting and "who" not in step.value:
        report.error(step.where, f"missing 'who': the one who takes the '{do}' action")
    for key in action.required:
        if key not in step.value:
            report.error(step.where, f"missing '{key}' for the '{do}' action")
    for key in ("expect", "expect-any"):
        if key in step.value:
            fitted[key] = _check_expectations(step.value[key], key, game, report)
    return fitted


def _check_expectations(node: Node, key: str, game: Scenarios, report: Report) -> Any:
    """An expectation (or expect-any's list of them) as the shapes read it."""
    alternatives = node.value if key == "expect-any" and node.kind == "list" else [node]
    if key == "expect-any" and (node.kind != "list" or len(node.value) < 2):
        report.error(node.where, "expect-any lists two or more outcomes, any one of which must hold")
        return None
    shapes = {name: entry.shape for name, entry in game.expectations.items()}
    fitted: list[dict | None] = []
    for alternative in alternatives:
        if alternative.kind != "map":
            report.at(key).error(
                alternative.where, f"expected a mapping of expectations, found {describe(alternative)}"
            )
            fitted.append(None)
            continue
        fitted.append(_check_keys(alternative, shapes, report.at(key), "expectation", ""))
    return fitted if key == "expect-any" else fitted[0]


def _check_keys(
    node: Node,
    allowed: Mapping[str, Shape],
    report: Report,
    what: str,
    where_in: str,
    report_unknown: bool = True,
) -> dict:
    """The mapping's values as their shapes read them: a value that does not fit is None."""
    fitted: dict[str, Any] = {}
    for key, value in node.value.items():
        shape = allowed.get(key)
        if shape is None:
            if report_unknown:
                hint = suggestion(str(key), list(allowed), "use one of " + ", ".join(sorted(allowed)))
                report.error(value.key_where or value.where, f"unknown {what} '{key}'{where_in}{hint}")
            continue
        fitted[key] = shape.read(value, report.at(key))
    return fitted


def _event_details(view: CaseView, fields: Mapping[str, tuple[str, ...]]) -> None:
    """An expected event names only details its kind carries: another would match no event."""
    for path, expect in view.expectations():
        events = expect.get("events")
        for index, spec in enumerate(events if isinstance(events, list) else []):
            kind = spec.get("event") if isinstance(spec, dict) else None
            if not isinstance(kind, str) or kind not in fields:
                continue  # an unknown kind is reported by its id source
            carried = fields[kind]
            for key in spec:
                if key not in ("event", "count", *carried):
                    where = key_place(view.node, *path, "events", index, key)
                    known(
                        view.at((*path, "events", index)),
                        where,
                        f"detail of {with_article(kind)} event",
                        key,
                        list(carried),
                        f"{with_article(kind)} event carries {', '.join(carried)}",
                    )
