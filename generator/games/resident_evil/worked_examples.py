"""Worked examples: the engine plays a scenario once, and each step is told and drawn.

A step's story is its events told in the page's language; its pictures are the state before a
refused or eventful step and the state after it, with the route, the enemies' routes and the
sight line marked from the events themselves (never re-decided here).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from string import Template
from typing import Any, Mapping

from generator.errors import ScenarioError
from generator.languages import PUBLISHED, language
from generator.load.examples import Example
from generator.render import grammar
from generator.render.example_view import ExampleView, Figure, StepView
from generator.render.plain import text as plain_text  # a title is plain text (check says so)
from generator.runtime.by_identity import ByIdentity
from generator.scenarios.examples import ExampleRun, StepRun, played_example, run_example

from .data import Model
from .diagrams import TOKEN_MARKS, Marks, Words, render_svg, token_marks
from .narration import Narrator, templates
from .scenario import HOOKS
from .state import State

_FORMS: ByIdentity[dict[str, dict]] = ByIdentity(kept=16)  # loaded game -> language -> forms_for()

LEGEND_ORDER = (
    "character",
    "unconscious",
    "enemy-small",
    "enemy-medium",
    "enemy-large",
    "wall",
    "door-closed",
    "door-open",
    "archway",
    "corpse",
    *(f"token-{kind}" for kind in TOKEN_MARKS),
    "route",
    "enemy-route",
    "sight",
    "refused",
)


@dataclass
class _Example:
    """Just enough of a loaded example for the shared runner: its scenario with the example's id."""

    id: str
    scenario: dict
    file: str = ""
    scenario_node: Any = None  # the scenario as written, which the runner checks before it plays


def play(example: Any, model: Model) -> ExampleRun:
    """The engine's run of an example (the shared runner's verdict, trace and snapshots): a loaded
    example's once in a process, the one its verdict came from; any other (a test's, a situation a
    reader sets up) in the loaded shape, with the id in its case, each time it is asked for."""
    if isinstance(example, Example):
        return played_example(example, model, HOOKS)
    scenario = {"id": example.id, **example.scenario}
    loaded = _Example(example.id, scenario, getattr(example, "file", ""), getattr(example, "scenario_node", None))
    return run_example(loaded, model, HOOKS)  # type: ignore[arg-type]


NARRATED_KINDS = ("character", "enemy", "item")  # what a story names by the data's words


def names_for(game: Any, lang: str) -> dict[str, str]:
    """The names the data gives to characters (the short name a story uses), enemies and items
    (a boss keeps its own card's words)."""
    return {eid: said.name for eid, said in forms_for(game, lang).items()}


def forms_for(game: Any, lang: str) -> dict[str, grammar.Forms]:
    """How sentences say each character, enemy and item: the data's names with their grammar
    (Ukrainian case forms, the counters of Japanese and Korean). Made once per loaded game and
    language: each told case and example asks, and its callers only read it."""
    by_language = _FORMS.get(game, dict)
    if lang not in by_language:
        by_language[lang] = _forms(game, lang)
    return by_language[lang]


def _forms(game: Any, lang: str) -> dict[str, grammar.Forms]:
    found = {}
    for eid, e in game.entities.items():
        if e.kind in NARRATED_KINDS and not e.fields.get("boss") and e.name.get(lang):
            short = ((e.fields.get("grammar") or {}).get(lang) or {}).get("short")
            name = short or (e.name[lang] if e.kind == "character" else _in_sentence(e.name[lang], lang))
            found[eid] = grammar.forms(e, lang, name)
    return found


def unnamed(game: Any, model: Model, example: Any) -> list[str]:
    """The characters and enemy types of an example that its narration would show as their ids in
    some published language, for want of a name (neither the data nor narration.yaml names them);
    a draft language's missing names are counted with its other missing texts."""
    run = play(example, model)
    if not run.ok or run.initial is None:
        return []
    states = [run.initial, *(s.before for s in run.steps), *(s.after for s in run.steps)]
    told = {*run.initial.characters, *(e.type for state in states for e in state.enemies.values())}
    return sorted(
        {key for key in told for lang in PUBLISHED if not Narrator(lang, names_for(game, lang), {}).has_name(key)}
    )


def example_view(
    game: Any, model: Model, example: Any, entity: Any, lang: str, t: Callable, labels: Mapping[str, Mapping[str, str]]
) -> ExampleView:
    """One worked example as its page shows it (the hook generator/render/pages.py calls)."""
    run = play(example, model)
    if not run.ok:  # `generator check` reports it with its place; rendering cannot go on
        raise ScenarioError(f"example '{example.id}' cannot be played: {run.result.mismatches[0]}")
    said = forms_for(game, lang)
    cards = {**model.cards, **(example.scenario.get("cards") or {})}
    return view(
        example.id,
        plain_text(example.title[lang]),
        t(example.setup[lang]),
        min(6, entity.depth + 3),
        run,
        lang,
        {eid: f.name for eid, f in said.items()},
        sizes_of(cards),
        example.show,
        said,
        getattr(example, "drawn", True),
    )


def view(
    example_id: str,
    title: str,
    setup: str,
    level: int,
    run: ExampleRun,
    lang: str,
    names: dict[str, str],
    sizes: dict[str, str],
    show: list[int] | None = None,
    said: dict[str, grammar.Forms] | None = None,
    drawn: bool = True,
) -> ExampleView:
    """An example as a page shows it, in one language (`said`: the names' grammar, by id; not
    `drawn`: in words only, the board drawn only for an example without steps)."""
    if not run.ok or run.initial is None:
        raise ScenarioError(f"example '{example_id}' cannot be played: {run.result.mismatches[0]}")
    data = templates()
    enemy_types = {
        e.id: e.type
        for st in [run.initial, *(s.before for s in run.steps), *(s.after for s in run.steps)]
        for e in st.enemies.values()
    }
    narrator = Narrator(lang, names, enemy_types, said)

    def caption(key: str, n=None) -> str:
        return Template(data["captions"][key][lang]).safe_substitute(n=n)

    # A character shows the first letter of its name; an enemy its number, its type in the legend.
    labels = {cid: narrator.name(cid)[:1] for cid in run.initial.characters}
    labels.update(narrator.numbers)
    count = [0]

    def draw(state: State, marks: Marks, text: str) -> Figure:
        count[0] += 1
        legend = {k: data["legend"][k][lang] for k in LEGEND_ORDER if _shown(k, state, marks, sizes)}
        for size in ("small", "medium", "large"):
            kinds = sorted({e.type for e in state.enemies.values() if sizes.get(e.type, "small") == size})
            if kinds and f"enemy-{size}" in legend:
                names = data["joins"][lang].join(narrator.name(k) for k in kinds)
                names = names[:1].upper() + names[1:]  # a legend line starts with a capital
                legend[f"enemy-{size}"] = Template(data["captions"]["enemy-legend"][lang]).safe_substitute(
                    names=names, size=legend[f"enemy-{size}"]
                )
        legend = {k: v[:1].upper() + v[1:] for k, v in legend.items()}  # each legend line starts a sentence
        words = Words(f"{title} — {text}", data["captions"]["diagram-desc"][lang], labels, legend)
        return Figure(render_svg(state, sizes, marks, words, f"re-{example_id}-{lang}-{count[0]}"), text)

    shown = set(show) if show is not None else {s.number for s in run.steps}
    if not drawn:
        shown = set()
    initial = draw(run.initial, Marks(), caption("initial")) if drawn or not run.steps else None
    result = ExampleView(example_id, title, setup, level, initial)
    for s in run.steps:
        story = narrator.tell(s.record["events"])
        reason = _refusal(s)
        if reason:
            story.append(narrator.refusal(reason, s.step))
        item = StepView(caption("step", s.number), story)
        if s.number in shown:
            marks = _marks(s)
            if _refusal(s):
                item.before = draw(s.before, marks, caption("before", s.number))
            else:
                item.after = draw(s.after, marks, caption("after", s.number))
        result.steps.append(item)
    return result


def _in_sentence(name: str, lang: str) -> str:
    """A common noun as it reads inside a sentence (in a cased writing its title starts with a
    capital; the narration capitalises the first word of each sentence itself)."""
    return name[:1].lower() + name[1:] if language(lang).cased else name


def _refusal(s: StepRun) -> str | None:
    return s.record.get("reason") if str(s.record.get("outcome", "")).startswith("not allowed") else None


def _marks(s: StepRun) -> Marks:
    marks = Marks()
    for e in s.record["events"]:
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
    if _refusal(s) and s.step.get("do") == "move":
        who = s.before.characters.get(s.step.get("who", ""))
        path = [square for square in _squares(s.step.get("to")) if square in s.before.board.cells]
        if who is not None and path:  # the first step is the one the rules refuse, or the route to the last
            marks.refused.append((who.square, path[0]))
    return marks


def _squares(to: object) -> list[str]:
    """A move's `to`: one square, or the squares of its path in order."""
    return [to] if isinstance(to, str) else [q for q in to if isinstance(q, str)] if isinstance(to, list) else []


def _shown(key: str, state: State, marks: Marks, sizes: dict[str, str]) -> bool:
    grid = state.board
    doors = {d.state for d in grid.doors.values()}
    enemy_sizes = {sizes.get(e.type, "small") for e in state.enemies.values()}
    if key.startswith("token-"):
        return any(
            kind == key[len("token-") :]
            for sq in grid.spaces()
            if grid.tiles[sq] not in state.off_board
            for kind, _ in token_marks(state, sq)
        )
    return {
        "character": any(c.in_play and not c.unconscious for c in state.characters.values()),
        "unconscious": any(c.unconscious for c in state.characters.values()),
        "enemy-small": "small" in enemy_sizes,
        "enemy-medium": "medium" in enemy_sizes,
        "enemy-large": "large" in enemy_sizes,
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
