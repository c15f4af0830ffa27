"""The scenario runner every game shares: scenario YAML -> rules model run -> trace and verdict.

One format serves tests, FAQ checks and worked examples; every file is read with positions by
its game's ScenarioFormat (generator/scenarios/reading.py), never as bare values. A scenario file:

    edition: <game folder>        # optional: the rules the cases run under (default: the folder)
    cases:
      - id: move-costs-extra       # kebab-case, unique in the file
        rule: "<source> § <section>"   # the rule it checks
        ...                        # the game's own keys: board, pieces, dice, actions, expect

What a case's keys mean is the game's business (`ScenarioHooks`, given by its package in
generator/games/<engine>/): build a session from a case, apply one step, compare an
expectation, and say what was left unused. This module runs the steps in order, records
the events of each, checks refusals ("not-allowed") and expectations, and formats the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from generator.core.events import NotAllowed
from generator.errors import DataErrors, GeneratorError, ScenarioError

SET_UP_FAILED = "the case cannot be set up"  # how a result says the case never started
ANY_REASON = "yes"  # `not-allowed: yes`: the step is refused, whatever the engine's reason id


class Session(Protocol):
    """What the runner needs of a game being played: its events so far."""

    @property
    def events(self) -> list[dict]: ...


class ScenarioHooks(Protocol):
    """A game's side of the scenario format."""

    case_keys: frozenset[str]  # every key a case may have (id, rule and note included)

    def build(self, case: dict, rules: Any) -> Any: ...  # a session; raises ScenarioError

    def apply_step(self, session: Any, step: dict) -> None: ...  # raises NotAllowed or ScenarioError

    def compare(self, session: Any, expect: dict) -> list[str]: ...  # mismatches, empty when it holds

    def leftovers(self, session: Any) -> list[str]: ...  # scripted input never used

    def events(self, session: Any) -> list[dict]: ...

    def snapshot(self, session: Any) -> Any: ...  # a copy of the state, for diagrams between steps


@dataclass
class Result:
    file: str
    case_id: str
    ok: bool = True
    mismatches: list[str] = field(default_factory=list)
    trace: list[dict] = field(default_factory=list)


# --- loading -------------------------------------------------------------------------------
def load_scenarios(path: Path | str, case_keys: frozenset[str] | None = None, root: Path | None = None) -> list[dict]:
    """The cases of one scenario file, read with positions in the format of the game it plays
    (its `edition:`, else the game folder it stands in; generator/scenarios/reading.py); raises
    DataErrors listing every mistake in it. `case_keys` is no longer needed: the game's format
    says which keys a case, a step and an expectation may have."""
    from generator.load.files import display  # here: generator.load imports the games, which import this module
    from generator.scenarios.reading import read_scenario_file

    path, root = Path(path), root or Path(__file__).resolve().parents[2]
    folder = path.resolve().parent.parent.name
    edition = file_edition(path, display(path, root)) or folder
    fmt = scenario_format(root, edition)
    if fmt is None:
        raise ScenarioError(
            f"{display(path, root)} plays the game '{edition}', which has no scenario format; "
            f"write 'edition: <game folder>' at the top"
        )
    cases, errors = read_scenario_file(path, display(path, root), fmt, folder)
    if errors:
        raise DataErrors(errors)
    return cases


def file_edition(path: Path, shown: str) -> str | None:
    """The game a scenario file names (`edition:`), when it names one as text."""
    from generator.load.yamlpos import parse

    node, _ = parse(path, shown)
    named = node.value.get("edition") if node is not None and node.kind == "map" else None
    return named.value if named is not None and isinstance(named.value, str) else None


def scenario_format(root: Path, game: str) -> Any:
    """The ScenarioFormat of a game folder's engine (its game.yaml names it), or None."""
    from generator import games
    from generator.load.yamlpos import parse

    node, _ = parse(root / "rules_data" / game / "game.yaml", f"rules_data/{game}/game.yaml")
    top = node.value.get("game") if node is not None and node.kind == "map" else None
    engine = top.value.get("engine") if top is not None and top.kind == "map" else None
    package = games.engine(engine.value if engine is not None and isinstance(engine.value, str) else None)
    return getattr(package.scenarios, "format", None) if package is not None else None


def scenario_files(root: Path) -> list[Path]:
    return sorted((root / "rules_data").glob("*/scenarios/*.yaml"))


# --- running -------------------------------------------------------------------------------
def run_case(case: dict, rules: Any, hooks: ScenarioHooks) -> Result:
    result = Result(case.get("_file", "?"), case["id"])
    try:
        session = hooks.build(case, rules)
    except GeneratorError as error:
        result.ok = False
        result.mismatches.append(f"{SET_UP_FAILED}: {error}")
        return result
    events = hooks.events(session)
    for number, step in enumerate(case.get("actions") or [], start=1):
        record = {"step": number, "action": describe(step), "events": []}
        result.trace.append(record)
        mark = len(events)
        expected_refusal = step.get("not-allowed")
        try:
            hooks.apply_step(session, step)
            record["outcome"] = "done"
            if expected_refusal:
                result.mismatches.append(
                    f"step {number} ({record['action']}): expected not allowed ({expected_refusal}) but it was done"
                )
        except NotAllowed as refusal:
            record["outcome"] = f"not allowed: {refusal}"
            record["reason"] = refusal.reason
            record["refusal"] = dict(refusal.details)
            if expected_refusal is True or expected_refusal == ANY_REASON:
                pass  # refused, and the case does not pin why
            elif refusal.reason != expected_refusal:
                result.mismatches.append(
                    f"step {number} ({record['action']}): not allowed ({refusal}); "
                    f"expected {expected_refusal or 'it to be done'}"
                )
        except GeneratorError as error:
            record["outcome"] = f"error: {error}"
            result.mismatches.append(f"step {number} ({record['action']}): {error}")
        record["events"] = events[mark:]
        if result.mismatches:
            break
        if "expect" in step:
            result.mismatches += [f"after step {number}: {m}" for m in hooks.compare(session, step["expect"])]
        if "expect-any" in step:
            result.mismatches += [f"after step {number}: {m}" for m in _any_of(hooks, session, step["expect-any"])]
    if not result.mismatches:
        result.mismatches += hooks.compare(session, case.get("expect") or {})
        result.mismatches += _any_of(hooks, session, case.get("expect-any") or [])
        result.mismatches += hooks.leftovers(session)
    result.ok = not result.mismatches
    return result


def _any_of(hooks: ScenarioHooks, session: Any, outcomes: list[dict]) -> list[str]:
    """`expect-any`: the rules allow several outcomes (a player's choice the case leaves open);
    one of them must hold."""
    if not outcomes:
        return []
    misses = [hooks.compare(session, outcome) for outcome in outcomes]
    if any(not found for found in misses):
        return []
    return [
        "none of the expected outcomes holds: "
        + "; ".join(f"({number}) {found[0]}" for number, found in enumerate(misses, start=1))
    ]


def describe(step: dict) -> str:
    who = step.get("who")
    rest = " ".join(
        f"{k}={v}" for k, v in step.items() if k not in ("who", "do", "expect", "expect-any", "not-allowed", "note")
    )
    return " ".join(str(x) for x in (who, step.get("do"), rest) if x)


# --- expectations every game shares ---------------------------------------------------------
def compare_events(events: list[dict], specs: list) -> list[str]:
    """`events: [{event: car-attack, zone: a, count: 2}, ...]`: how many events of a kind happened
    with these details (exactly `count`; at least one when no count is given)."""
    out = []
    for spec in specs or []:
        if not isinstance(spec, dict) or "event" not in spec:
            out.append(f"events: {spec!r} needs 'event' (the kind) and may give details and 'count'")
            continue
        details = {k: v for k, v in spec.items() if k not in ("event", "count")}
        found = sum(
            1
            for e in events
            if e["event"] == spec["event"] and all(k in e and same_value(e[k], v) for k, v in details.items())
        )
        label = ", ".join([spec["event"], *(f"{k}={v}" for k, v in details.items())])
        if "count" in spec and found != spec["count"]:
            out.append(f"events [{label}]: expected {spec['count']} time(s), happened {found}")
        elif "count" not in spec and not found:
            out.append(f"events [{label}]: expected it to happen, it did not")
    return out


def same_value(actual: object, expected: object) -> bool:
    """Equal as a case means it: `true` is not 1, nor 1.0 the whole number 1 (Python's == says
    both are); lists and tuples of equal values are equal."""
    if isinstance(actual, (list, tuple)) and isinstance(expected, (list, tuple)):
        return len(actual) == len(expected) and all(map(same_value, actual, expected))
    if isinstance(actual, dict) and isinstance(expected, dict):
        return actual.keys() == expected.keys() and all(same_value(actual[k], expected[k]) for k in actual)
    if isinstance(actual, (bool, int, float)) and isinstance(expected, (bool, int, float)):
        return type(actual) is type(expected) and actual == expected
    return actual == expected


# --- trace ---------------------------------------------------------------------------------
def format_trace(result: Result) -> str:
    lines = [f"{result.file} :: {result.case_id}"]
    for record in result.trace:
        lines.append(f"  {record['step']}. {record['action']}  [{record.get('outcome', '?')}]")
        for event in record["events"]:
            data = " ".join(f"{k}={v}" for k, v in event.items() if k != "event")
            lines.append(f"       - {event['event']} {data}".rstrip())
    verdict = "PASS" if result.ok else "FAIL"
    lines.append(f"  => {verdict}")
    lines += [f"     * {m}" for m in result.mismatches]
    return "\n".join(lines)
