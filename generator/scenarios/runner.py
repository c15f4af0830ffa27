"""The scenario runner every game shares: a case's steps played by the rules model, with a trace
and a verdict.

One format serves tests, FAQ checks and worked examples; every file is read with positions in its
game's format first (generator/scenarios/reading.py), never as bare values. A scenario file:

    edition: <game folder>        # optional: the rules the cases run under (default: the folder)
    cases:
      - id: move-costs-extra       # kebab-case, unique in the file
        rule: "<source> § <section>"   # the rule it checks
        ...                        # the game's own keys: board, pieces, dice, actions, expect

What a case's keys mean is the game's (its `Scenarios`, generator/scenarios/game.py). This module
plays the steps in order, records the events of each, checks refusals (`not-allowed`: a reason
id, or `yes` for "refused, whatever the reason") and expectations (`expect`, and `expect-any`
when the rules leave a choice open), and formats the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from generator.core.events import NotAllowed
from generator.errors import GeneratorError
from generator.scenarios.game import Scenarios
from generator.scenarios.reading import format_problems

SET_UP_FAILED = "the case cannot be set up"  # how a result says the case never started
ANY_REASON = "yes"  # `not-allowed: yes`: the step is refused, whatever the engine's reason id


@dataclass
class Result:
    file: str
    case_id: str
    ok: bool = True
    mismatches: list[str] = field(default_factory=list)
    trace: list[dict] = field(default_factory=list)


# Told the session once it is set up (step 0) and after each step played: what a page draws or
# tells of a case is read off the one run that gives its verdict, not off a second play.
Watch = Callable[[Any, int], None]


def run_case(case: dict, rules: Any, game: Scenarios, watch: Watch | None = None) -> Result:
    result = Result(case.get("_file", "?"), case["id"])
    if "_file" not in case:  # written in code (a test's): read with the format as a file's case is
        result.mismatches += [f"{SET_UP_FAILED}: {problem}" for problem in format_problems(case, game, rules)]
        if result.mismatches:
            result.ok = False
            return result
    try:
        session = game.play(case, rules)
    except GeneratorError as error:
        result.ok = False
        result.mismatches.append(f"{SET_UP_FAILED}: {error}")
        return result
    events = game.events(session)
    if watch:
        watch(session, 0)
    for number, step in enumerate(case.get("actions") or [], start=1):
        record = _play_step(game, session, number, step, events, result)
        result.trace.append(record)
        if watch:
            watch(session, number)
        if result.mismatches:
            break
        for key, check in (("expect", _holds), ("expect-any", _any_holds)):
            if key in step:
                result.mismatches += [f"after step {number}: {m}" for m in check(game, session, step[key])]
    if not result.mismatches:
        result.mismatches += _holds(game, session, case.get("expect") or {})
        result.mismatches += _any_holds(game, session, case.get("expect-any") or [])
        result.mismatches += game.leftovers(session)
    result.ok = not result.mismatches
    return result


def _play_step(game: Scenarios, session: Any, number: int, step: dict, events: list, result: Result) -> dict:
    """One step played: its record in the trace; a refusal or mistake it was not meant to meet
    goes into the result's mismatches."""
    record: dict = {"step": number, "action": describe(step), "events": []}
    mark = len(events)
    expected_refusal = step.get("not-allowed")
    try:
        game.apply_step(session, step)
        record["outcome"] = "done"
        if expected_refusal:
            result.mismatches.append(
                f"step {number} ({record['action']}): expected not allowed ({expected_refusal}) but it was done"
            )
    except NotAllowed as refusal:
        record["outcome"] = f"not allowed: {refusal}"
        record["reason"] = refusal.reason
        record["refusal"] = dict(refusal.details)
        if expected_refusal is not True and expected_refusal != ANY_REASON and refusal.reason != expected_refusal:
            result.mismatches.append(
                f"step {number} ({record['action']}): not allowed ({refusal}); "
                f"expected {expected_refusal or 'it to be done'}"
            )
    except GeneratorError as error:
        record["outcome"] = f"error: {error}"
        result.mismatches.append(f"step {number} ({record['action']}): {error}")
    record["events"] = events[mark:]
    return record


def _holds(game: Scenarios, session: Any, expect: dict) -> list[str]:
    return game.compare(session, expect)


def _any_holds(game: Scenarios, session: Any, outcomes: list[dict]) -> list[str]:
    """`expect-any`: the rules allow several outcomes (a player's choice the case leaves open);
    one of them must hold."""
    if not outcomes:
        return []
    misses = [game.compare(session, outcome) for outcome in outcomes]
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
