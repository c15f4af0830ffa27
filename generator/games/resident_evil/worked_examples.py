"""Worked examples: the engine plays a scenario once, and each step is told and drawn.

A step's story is its events told in the page's language; its pictures are the state before a
refused or eventful step and the state after it, with the route, the enemies' routes and the
sight line marked from the events themselves (never re-decided here).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from string import Template
from typing import Any

from .diagrams import Marks, Words, render_svg
from .engine import Game
from .narration import Narrator, templates
from .rules import Rules
from .scenario import CaseError, apply_step, build_game
from .state import NotAllowed, State

LEGEND_ORDER = ("character", "unconscious", "enemy-small", "enemy-medium", "wall", "door-closed", "door-open",
                "archway", "corpse", "route", "enemy-route", "sight", "refused")


@dataclass
class StepRun:
    number: int
    step: dict
    before: State
    after: State
    events: list[dict]
    refused: str | None = None  # the refusal's reason id


@dataclass
class ExampleRun:
    ok: bool
    initial: State | None
    steps: list[StepRun] = field(default_factory=list)
    problem: str | None = None
    game: Game | None = None


@dataclass
class Figure:
    svg: str
    caption: str


@dataclass
class StepView:
    label: str
    narration: list[str]
    before: Figure | None = None
    after: Figure | None = None


@dataclass
class ExampleView:
    id: str
    title: str
    setup: str
    level: int
    initial: Figure
    steps: list[StepView] = field(default_factory=list)


def play(scenario: dict, rules: Rules, cards: dict | None = None) -> ExampleRun:
    """Play an example's scenario step by step, keeping the state before and after each step."""
    try:
        game = build_game({"id": "example", **scenario}, rules, cards)
    except (CaseError, KeyError, ValueError) as error:
        return ExampleRun(False, None, problem=f"the example cannot be set up: {error}")
    run = ExampleRun(True, copy.deepcopy(game.state), game=game)
    for number, step in enumerate(scenario.get("actions") or [], start=1):
        before = copy.deepcopy(game.state)
        mark = len(game.state.events)
        refused = None
        try:
            apply_step(game, step)
            if step.get("not-allowed"):
                return _fail(run, f"step {number} was expected to be refused but was done")
        except NotAllowed as error:
            refused = error.reason
            if step.get("not-allowed") not in (error.reason, True, "yes"):
                return _fail(run, f"step {number} was refused: {error}")
        except (CaseError, KeyError, ValueError, RuntimeError) as error:
            return _fail(run, f"step {number}: {error}")
        run.steps.append(StepRun(number, step, before, copy.deepcopy(game.state), game.state.events[mark:], refused))
    return run


def _fail(run: ExampleRun, problem: str) -> ExampleRun:
    run.ok, run.problem = False, problem
    return run


def view(example_id: str, title: str, setup: str, level: int, run: ExampleRun, lang: str,
         names: dict[str, str], sizes: dict[str, str], show: list[int] | None = None) -> ExampleView:
    """An example as a page shows it, in one language."""
    if not run.ok or run.initial is None:
        raise CaseError(f"example '{example_id}' cannot be played: {run.problem}")
    data = templates()
    enemy_types = {e.id: e.type for st in [run.initial, *(s.after for s in run.steps)] for e in st.enemies.values()}
    narrator = Narrator(lang, names, enemy_types)
    caption = lambda key, n=None: Template(data["captions"][key][lang]).safe_substitute(n=n)
    labels = {cid: narrator.name(cid)[:1] for cid in run.initial.characters}
    for eid, etype in enemy_types.items():
        digits = "".join(ch for ch in eid if ch.isdigit())
        labels[eid] = narrator.name(etype)[:1] + (digits if narrator.counts.get(etype, 0) > 1 else "")
    count = [0]

    def draw(state: State, marks: Marks, text: str) -> Figure:
        count[0] += 1
        legend = {k: data["legend"][k][lang] for k in LEGEND_ORDER if _shown(k, state, marks, sizes)}
        words = Words(f"{title} — {text}", data["captions"]["diagram-desc"][lang], labels, legend)
        return Figure(render_svg(state, sizes, marks, words, f"re-{example_id}-{lang}-{count[0]}"), text)

    shown = set(show) if show is not None else {s.number for s in run.steps}
    result = ExampleView(example_id, title, setup, level, draw(run.initial, Marks(), caption("initial")))
    for s in run.steps:
        story = narrator.tell(s.events)
        if s.refused:
            story.append(data["captions"]["refused-step"][lang])
        item = StepView(caption("step", s.number), story)
        if s.number in shown:
            marks = _marks(s)
            if s.refused:
                item.before = draw(s.before, marks, caption("before", s.number))
            else:
                item.after = draw(s.after, marks, caption("after", s.number))
        result.steps.append(item)
    return result


def _marks(s: StepRun) -> Marks:
    marks = Marks()
    for e in s.events:
        kind = e["event"]
        if kind in ("move", "stairs"):
            if marks.routes and marks.routes[-1][-1] == e["frm"]:
                marks.routes[-1].append(e["to"])
            else:
                marks.routes.append([e["frm"], e["to"]])
        elif kind == "enemy-move":
            marks.enemy_routes.append(list(e["path"]))
        elif kind in ("push", "push-back", "charge"):
            marks.enemy_routes.append([e["frm"], e["to"]])
        elif kind == "attack-roll":
            target = s.before.enemies.get(e["target"])
            who = s.before.characters.get(e["who"])
            if target is not None and who is not None:
                marks.target = target.square
                if target.square != who.square:
                    marks.sight_lines.append((who.square, target.square))
    if s.refused and s.step.get("do") == "move":
        who = s.before.characters.get(s.step.get("who", ""))
        to = s.step.get("to")
        if who is not None and isinstance(to, str):
            marks.refused.append((who.square, to))
    return marks


def _shown(key: str, state: State, marks: Marks, sizes: dict[str, str]) -> bool:
    grid = state.board
    doors = {d.state for d in grid.doors.values()}
    enemy_sizes = {sizes.get(e.type, "small") for e in state.enemies.values()}
    return {
        "character": any(c.in_play and not c.unconscious for c in state.characters.values()),
        "unconscious": any(c.unconscious for c in state.characters.values()),
        "enemy-small": "small" in enemy_sizes,
        "enemy-medium": "medium" in enemy_sizes,
        "wall": True,
        "door-closed": bool(doors & {"closed", "locked"}),
        "door-open": "open" in doors,
        "archway": "archway" in doors,
        "corpse": bool(state.corpses),
        "route": bool(marks.routes),
        "enemy-route": bool(marks.enemy_routes),
        "sight": bool(marks.sight_lines),
        "refused": bool(marks.refused),
    }[key]


def sizes_of(cards: dict[str, Any]) -> dict[str, str]:
    return {cid: body["size"] for cid, body in cards.items() if isinstance(body, dict) and body.get("kind") == "enemy"}
