"""The duel's worked examples told: each event of a played step as a sentence, in the reader's
language. A duel has no board: its examples show no diagram."""

from __future__ import annotations

from string import Template
from typing import Callable

from generator.load.examples import Example
from generator.render.example_view import ExampleView, StepView
from generator.scenarios.examples import run_example

from .engine import Rules
from .scenario import HOOKS

TEMPLATES = {
    "card-played": {"ja": "$whoが$cardを出す。", "ko": "$who이(가) $card을(를) 낸다.", "uk": "$who кладе $card."},
    "trick-won": {
        "ja": "$cardがいちばん大きいので、$whoがトリックを取り、$points点を得る。",
        "ko": "$card이(가) 가장 크므로 $who이(가) 트릭을 가져가고 $points점을 얻는다.",
        "uk": "$card — найбільша карта: взятка за $who, і $who отримує очок: $points.",
    },
    "card-drawn": {
        "ja": "$whoが山札から1枚引く。",
        "ko": "$who이(가) 더미에서 1장을 뽑는다.",
        "uk": "$who бере карту з колоди.",
    },
}
STEP = {"ja": "手順$n", "ko": "$n단계", "uk": "Крок $n"}


def example_view(rules: Rules, example: Example, lang: str, t: Callable) -> ExampleView:
    run = run_example(example, rules, HOOKS)
    steps = [
        StepView(
            Template(STEP[lang]).substitute(n=step.number),
            [Template(TEMPLATES[event["event"]][lang]).substitute(event) for event in step.record["events"]],
        )
        for step in run.steps
    ]
    return ExampleView(example.id, example.title[lang], t(example.setup[lang]), 3, None, steps)
