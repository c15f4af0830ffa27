"""A worked example as its page shows it: setup, then per step the narration and the diagrams.

The rules model plays each example once per build (generator/scenarios/examples.py); this module
decides which board states to draw, and what to mark on them, from the same trace.
"""

from __future__ import annotations

from typing import Callable, Mapping

from generator.errors import ScenarioError
from generator.games.zombicide.board import Board
from generator.games.zombicide.diagrams import Marks, Words, render_svg
from generator.games.zombicide.narration import Narrator
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.scenario import HOOKS
from generator.games.zombicide.state import State, Survivor
from generator.languages import language
from generator.load.entities import Entity, Game
from generator.load.examples import Example
from generator.render.example_view import ExampleView, Figure, StepView
from generator.render.plain import text as plain_text  # a title is plain text (check says so)
from generator.scenarios.examples import ExampleRun, StepRun, played_example

LEGEND_KEYS = (
    "car",
    "noise",
    "wound",
    "manhole",
    "spawn",
    "door-closed",
    "door-open",
    "route",
    "zombie-route",
    "shot",
    "sight",
    "sight-line",
    "killed",
    "tile-seam",
)


def played(example: Example, rules: Rules) -> ExampleRun:
    """The model's run of an example, once per loaded example (runs do not depend on the language)."""
    return played_example(example, rules, HOOKS)


def example_view(
    game: Game,
    rules: Rules,
    example: Example,
    entity: Entity,
    lang: str,
    t: Callable,
    labels: Mapping[str, Mapping[str, str]],
) -> ExampleView:
    run = played(example, rules)
    if not run.ok:  # generator check reports it with its place; rendering cannot go on
        raise ScenarioError(f"example '{example.id}' cannot be played: {run.result.mismatches[0]}")
    narrator = Narrator(game, lang)
    label = lambda key, n=None: labels[key][lang].replace("{n}", str(n))  # noqa: E731
    title = example.title[lang]
    draw = _Drawer(example, narrator, lang, labels, title, rules)
    stories = [narrator.step(step) for step in run.steps]
    shown = set(example.show) if example.show is not None else {s.number for s in run.steps if _matters(s)}
    first_marks = _before_marks(run.steps[0], rules) if 1 in shown else Marks()
    view = ExampleView(
        example.id,
        plain_text(title),
        t(example.setup[lang]),
        min(6, entity.depth + 3),
        draw(run.initial, first_marks, label("example-initial")),
    )
    for step, story in zip(run.steps, stories):
        item = StepView(label("example-step", step.number), [t(sentence) for sentence in story.sentences])
        if step.number in shown:
            marks = _before_marks(step, rules)
            if step.number > 1 and not marks.empty():
                item.before = draw(step.before, marks, label("example-before", step.number))
            if not _refused(step):
                item.after = draw(step.after, _after_marks(step, story), label("example-after", step.number))
        view.steps.append(item)
    return view


# --- what a step is about --------------------------------------------------------------------
def _refused(step: StepRun) -> bool:
    return step.record.get("outcome", "").startswith("not allowed")


def _matters(step: StepRun) -> bool:
    """A step that changes what a diagram shows (or is refused: its attempt is worth a picture)."""
    return _refused(step) or _picture(step.before) != _picture(step.after)


def _picture(state: State) -> tuple:
    return (
        sorted((s.id, s.zone, s.wounds, s.dead) for s in state.survivors.values()),
        sorted(state.zombie_counts().items()),
        sorted((z, n) for z, n in state.noise.items() if n),
        sorted((d.id, d.state) for d in state.board.doors.values()),
        sorted((c.id, c.zone) for c in state.cars.values()),
    )


def _before_marks(step: StepRun, rules: Rules) -> Marks:
    action, before = step.step, step.before
    who = before.survivors.get(action.get("who") or "")
    if who is None:
        return Marks()
    if action.get("do") == "attack":
        target = action.get("at") or who.zone
        profile = (
            rules.card(action["weapon"]).profile(action.get("mode")) if action["weapon"] in rules.equipment else None
        )
        ranged = profile is not None and profile.kind == "ranged"
        sight = before.board.sorted(before.board.line_of_sight(who.zone)) if ranged else []
        shots = [(who.zone, target)] if target != who.zone else []
        return Marks(shots=shots, sight=sight, target=target)
    if action.get("do") in ("move", "drive") and _refused(step):
        path = action["to"] if isinstance(action["to"], list) else [action["to"]]
        return Marks(routes=[[who.zone, *path]])
    return Marks()


def _after_marks(step: StepRun, story) -> Marks:
    marks = Marks(killed=story.killed, sight_lines=list(story.sight_lines))
    for event in step.record["events"]:
        if event["event"] in ("move", "drive"):
            marks.routes.append(list(event["path"]))
        elif event["event"] == "zombies-move":
            for _, dest in event["moves"]:
                if (event["zone"], dest) not in marks.zombie_routes:
                    marks.zombie_routes.append((event["zone"], dest))
        elif event["event"] == "hits":
            marks.target = event["zone"]
    return marks


# --- drawing ---------------------------------------------------------------------------------
class _Drawer:
    """Numbers the diagrams of one example and gives each its words in the page's language."""

    def __init__(
        self,
        example: Example,
        narrator: Narrator,
        lang: str,
        labels: Mapping[str, Mapping[str, str]],
        title: str,
        rules: Rules,
    ):
        self.example, self.n, self.lang, self.labels, self.title = example, narrator, lang, labels, title
        self.zombie_types = list(rules.zombies)
        self.count = 0

    def __call__(self, state: State, marks: Marks, caption: str) -> Figure:
        self.count += 1
        game = self.n.game
        zombie_names = {z: game.entities[z].name[self.lang] if z in game.entities else z for z in self.zombie_types}
        words = Words(
            title=f"{self.title} — {caption}",
            desc=describe(state, marks, self.n, self.labels),
            survivor_names={sid: self.n.survivor(sid).plain for sid in state.survivors},
            zombie_names=zombie_names,
            legend={key: self.labels[f"legend-{key}"][self.lang] for key in LEGEND_KEYS},
        )
        spawn_zones = list(self.example.scenario.get("spawn-zones") or [])
        svg = render_svg(state, marks, words, f"ex-{self.example.id}-{self.count}", spawn_zones)
        return Figure(svg, caption)


def describe(state: State, marks: Marks, n: Narrator, labels: Mapping[str, Mapping[str, str]]) -> str:
    """The diagram in words: what stands in each zone, the doors and walls, and the marks."""
    words = _Description(n, labels)
    parts = [*words.zones(state, marks), *words.doors_and_walls(state.board), *words.marks(marks)]
    return language(n.lang).sentences(parts)


class _Description:
    """The sentences of one diagram's description, in the narrator's language."""

    def __init__(self, n: Narrator, labels: Mapping[str, Mapping[str, str]]):
        self.n, self.labels, self.lang = n, labels, n.lang
        self.listing = language(n.lang).list_separator

    def say(self, key: str, **values) -> str:
        return self.n.say(key, "describe", plain=True, **values)

    def zones(self, state: State, marks: Marks) -> list[str]:
        """One sentence per zone with anything in it, in the board's order of zones."""
        counts = state.zombie_counts()
        parts = []
        for zone in state.board.zones:
            contents = self._contents(state, marks, zone, counts)
            if contents:
                parts.append(self.say("zone", zone=zone, contents=self.listing.join(contents)))
        return parts

    def _contents(self, state: State, marks: Marks, zone: str, counts: dict[str, dict[str, int]]) -> list[str]:
        contents = [
            self._survivor(s)
            for s in sorted((s for s in state.survivors.values() if s.zone == zone), key=lambda s: s.id)
        ]
        if counts.get(zone):
            contents.append(self.n.zombies(counts[zone]).plain)
        if state.noise.get(zone):
            contents.append(self.say("noise", n=state.noise[zone]))
        contents += [
            self.labels["legend-car"][self.lang]
            for car in sorted(state.cars.values(), key=lambda c: c.id)
            if car.zone == zone
        ]
        if marks.killed.get(zone):
            contents.append(self.say("killed", zombies=self.n.zombies(marks.killed[zone]).plain))
        return contents

    def _survivor(self, s: Survivor) -> str:
        name = self.n.survivor(s.id)
        key = "dead" if s.dead else "wounded" if s.wounds else None
        return self.say(key, survivor=name, n=s.wounds) if key else name.plain

    def doors_and_walls(self, board: Board) -> list[str]:
        parts = [
            self.say("door", a=door.zones[0], b=door.zones[1], state=self.labels[f"door-state-{door.state}"][self.lang])
            for door in sorted(board.doors.values(), key=lambda d: d.id)
        ]
        walls = sorted({"|".join(pair) for pair in board.walls()})
        if walls:
            parts.append(self.say("walls", pairs=self.listing.join(walls)))
        return parts

    def marks(self, marks: Marks) -> list[str]:
        """The routes, the shots and the line of sight drawn on the diagram."""
        parts = [self.say("route", path=" → ".join(path)) for path in marks.routes]
        parts += [self.say("zombie-route", **{"from": a}, to=b) for a, b in marks.zombie_routes]
        parts += [self.say("shot", **{"from": a}, to=b) for a, b in marks.shots]
        if marks.sight and marks.shots:
            source = marks.shots[0][0]
            zones = self.listing.join(z for z in marks.sight if z != source)
            parts.append(self.say("sight", **{"from": source}, zones=zones))
        return parts
