"""Run one scenario case: set it up, apply its steps, compare, and keep a trace of events."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.core.grid import GridError

from .cards import CardError
from .dice import DiceError
from .rules import Rules
from .scenario import CaseError, apply_step, build_game, compare
from .state import NotAllowed


@dataclass
class Result:
    case_id: str
    ok: bool = True
    mismatches: list[str] = field(default_factory=list)
    trace: list[dict] = field(default_factory=list)
    game: Any = None


def run_case(case: dict, rules: Rules, file_cards: dict | None = None) -> Result:
    result = Result(case["id"])
    try:
        game = build_game(case, rules, file_cards)
    except (CaseError, CardError, GridError, KeyError, ValueError) as error:
        result.ok = False
        result.mismatches.append(f"the case cannot be set up: {error}")
        return result
    result.game = game
    for number, step in enumerate(case.get("actions") or [], start=1):
        record: dict[str, Any] = {"step": number, "action": _describe(step), "events": []}
        result.trace.append(record)
        mark = len(game.state.events)
        refusal = step.get("not-allowed")
        try:
            apply_step(game, step)
            record["outcome"] = "done"
            if refusal:
                result.mismatches.append(f"step {number} ({record['action']}): expected not allowed ({refusal}) "
                                         f"but it was done")
        except NotAllowed as error:
            record["outcome"] = f"not allowed: {error}"
            if error.reason != refusal and not (refusal is True):
                result.mismatches.append(f"step {number} ({record['action']}): not allowed ({error}); "
                                         f"expected {refusal or 'it to be done'}")
        except (CaseError, DiceError, CardError, GridError, KeyError, ValueError) as error:
            record["outcome"] = f"error: {error}"
            result.mismatches.append(f"step {number} ({record['action']}): {type(error).__name__}: {error}")
        record["events"] = game.state.events[mark:]
        if result.mismatches:
            break
        if "expect" in step:
            result.mismatches += [f"after step {number}: {m}" for m in compare(game, step["expect"])]
    if not result.mismatches:
        result.mismatches += compare(game, case.get("expect") or {})
    result.ok = not result.mismatches
    return result


def _describe(step: dict) -> str:
    rest = " ".join(f"{k}={v}" for k, v in step.items() if k not in ("who", "do", "expect", "not-allowed", "note"))
    return " ".join(str(x) for x in (step.get("who"), step.get("do"), rest) if x)


def format_trace(result: Result) -> str:
    lines = [f"case {result.case_id}"]
    for record in result.trace:
        lines.append(f"  {record['step']}. {record['action']}  [{record.get('outcome', '?')}]")
        for event in record["events"]:
            data = " ".join(f"{k}={v}" for k, v in event.items() if k not in ("event", "turn", "phase"))
            lines.append(f"       - {event['event']} {data}".rstrip())
    lines.append(f"  => {'PASS' if result.ok else 'FAIL'}")
    lines += [f"     * {m}" for m in result.mismatches]
    return "\n".join(lines)
