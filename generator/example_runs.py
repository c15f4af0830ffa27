"""Worked examples played by the rules model: the verdict, the trace, and the board between steps.

The verdict and trace come from generator.scenarios.run_case, exactly as the model's tests see
them; a second, identical replay keeps a copy of the state before and after each step for the
diagrams. An example the model cannot play is a data error that stops the build.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

from generator.errors import DataError
from generator.load.examples import Example
from generator.model.core import NotAllowed, State
from generator.model.rules import Rules
from generator.scenarios import CASE_KEYS, Result, build_game, run_case
from generator.scenarios import apply_step  # the runner's own step dispatcher

STEP_IN_MESSAGE = re.compile(r"^(?:after )?step (\d+)\b")  # run_case names the step that went wrong
EXAMPLE_CASE_KEYS = CASE_KEYS - {"id", "edition"}  # the example gives the id; the folder the edition


@dataclass
class StepRun:
    number: int
    step: dict
    before: State
    after: State
    record: dict  # the trace record: step, action, outcome, events


@dataclass
class ExampleRun:
    example: Example
    result: Result
    initial: State | None = None
    steps: list[StepRun] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.result.ok


def run_example(example: Example, rules: Rules) -> ExampleRun:
    result = run_case(example.scenario, rules)
    run = ExampleRun(example, result)
    if not result.ok:
        return run
    game = build_game(example.scenario, rules)
    run.initial = copy.deepcopy(game.state)
    for record, step in zip(result.trace, example.scenario["actions"]):
        before = copy.deepcopy(game.state)
        try:
            apply_step(game, step)
        except NotAllowed:
            pass  # an expected refusal (run_case has checked it): the state is unchanged
        run.steps.append(StepRun(record["step"], step, before, copy.deepcopy(game.state), record))
    return run


def check_examples(examples: list[Example], rules: Rules) -> list[DataError]:
    """Every example is played; one the model refuses or contradicts is reported where it stands."""
    errors = []
    for example in examples:
        crumb = f"example '{example.id}' › scenario"
        unknown = sorted(set(example.key_where) - EXAMPLE_CASE_KEYS)  # the keys as written
        if unknown:
            key = unknown[0]
            errors.append(DataError(example.key_where.get(key, example.scenario_where), crumb,
                                    f"unknown scenario key '{key}'; use {', '.join(sorted(EXAMPLE_CASE_KEYS))}"))
            continue
        result = run_example(example, rules).result
        if result.ok:
            continue
        step = STEP_IN_MESSAGE.match(result.mismatches[0])
        where = example.step_where[int(step.group(1)) - 1] if step else example.scenario_where
        errors.append(DataError(where, crumb, f"the rules model cannot play this example: {result.mismatches[0]}; "
                                              f"fix the scenario (an example's outcome is never written by hand)"))
    return errors
