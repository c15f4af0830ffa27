"""Worked examples played by the rules model: the verdict, the trace, and the board between steps.

The verdict and trace come from the shared scenario runner (generator/scenarios/runner.py) with the
game's hooks, exactly as the model's tests see them, with a snapshot of the state before and after
each step for the diagrams. A loaded example is played once in a process (played_example): its
verdict, the game's checks of what it tells and its page read the one run. An example the model
cannot play is a data error that stops the build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from generator.errors import DataError
from generator.load.examples import Example
from generator.load.references import suggestion
from generator.runtime.by_identity import ByIdentity
from generator.scenarios.game import Scenarios
from generator.scenarios.reading import check_case
from generator.scenarios.report import Report
from generator.scenarios.runner import Result, run_case

STEP_IN_MESSAGE = re.compile(r"^(?:after )?step (\d+)\b")  # run_case names the step that went wrong
NOT_EXAMPLE_KEYS = {"id", "edition"}  # the example gives the id; the folder the edition


@dataclass
class StepRun:
    number: int
    step: dict
    before: Any  # the game's state snapshot (hooks.snapshot)
    after: Any
    record: dict  # the trace record: step, action, outcome, events


@dataclass
class ExampleRun:
    example: Example
    result: Result
    initial: Any = None
    steps: list[StepRun] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.result.ok


# Each loaded example's run; the rules are those of the example's own game, the same whichever copy
# of them is passed.
_RUNS: ByIdentity[ExampleRun] = ByIdentity(kept=256)


def played_example(example: Example, rules: Any, hooks: Scenarios) -> ExampleRun:
    """run_example(), once for each example in a process."""
    return _RUNS.get(example, lambda: run_example(example, rules, hooks))


def forget_run(example: Example) -> None:
    """Keep no run of an example played once only (a situation a reader sets up)."""
    _RUNS.forget(example)


def forget_runs() -> None:
    """Play every example again when next asked (a test that compares two plays)."""
    _RUNS.clear()


def run_example(example: Example, rules: Any, hooks: Scenarios) -> ExampleRun:
    refusal = _format_refusal(example, rules, hooks)
    if refusal is not None:  # pages may be rendered beside the checks: never play a value that does not fit
        return ExampleRun(example, Result(example.file, example.id, ok=False, mismatches=[refusal]))
    states: list = []  # the state once set up, then after each step: read only, so a step's
    # "before" is the step before's "after"
    result = run_case(example.scenario, rules, hooks, lambda session, _: states.append(hooks.snapshot(session)))
    run = ExampleRun(example, result)
    if not result.ok:
        return run
    run.initial = states[0]
    for record, step in zip(result.trace, example.scenario.get("actions") or []):
        number = record["step"]
        run.steps.append(StepRun(number, step, states[number - 1], states[number], record))
    return run


def _format_refusal(example: Example, rules: Any, hooks: Scenarios) -> str | None:
    """The first mistake the game's scenario format finds in the example, or None."""
    if example.scenario_node is None:
        return None
    errors: list[DataError] = []
    check_case(example.scenario_node, hooks, Report(errors), rules, keys=False)
    return str(min(errors)) if errors else None


def _instead(key: str, allowed: list[str]) -> str:
    """What to write instead of a key an example's scenario may not have."""
    if key in NOT_EXAMPLE_KEYS:
        return (
            f": an example's scenario takes its id from the example and its edition from the game folder "
            f"it stands in; remove '{key}'"
        )
    return suggestion(key, allowed, f"use {', '.join(allowed)}")


def check_examples(
    examples: list[Example], rules: Any, hooks: Scenarios, sources: Mapping[str, list[str] | None] | None = None
) -> list[DataError]:
    """Every example is played; one the model refuses or contradicts is reported where it stands.
    sources: source id -> its sections, to check a scenario's `rule` when it gives one."""
    errors = []
    allowed = sorted(hooks.case_key_names - NOT_EXAMPLE_KEYS)
    for example in examples:
        crumb = f"example '{example.id}' › scenario"
        unknown = [key for key in example.key_where if key not in allowed]  # the keys as written, in order
        for key in unknown:  # every one at once, each where it is written
            errors.append(
                DataError(
                    example.key_where.get(key) or example.scenario_where or example.where,
                    crumb,
                    f"unknown scenario key '{key}'{_instead(key, allowed)}",
                )
            )
        if unknown:
            continue
        if example.scenario_node is not None:  # steps, kinds and ids, with their places
            if not check_case(
                example.scenario_node, hooks, Report(errors, (crumb,)), rules, keys=False, sources=sources
            ):
                continue
        result = played_example(example, rules, hooks).result
        if result.ok:
            continue
        step = STEP_IN_MESSAGE.match(result.mismatches[0])
        where = example.step_where[int(step.group(1)) - 1] if step else example.scenario_where or example.where
        errors.append(
            DataError(
                where,
                crumb,
                f"the rules model cannot play this example: {result.mismatches[0]}; "
                f"fix the scenario (an example's outcome is never written by hand)",
            )
        )
    return errors
