"""Worked examples: rules_data/<game>/examples/*.yaml, read with positions and checked.

    examples:
      - id: leaving-a-crowded-space        # kebab-case, unique among the game's examples
        section: moving                    # the entity it illustrates (usually a rules section)
        title: {ja: ..., ko: ..., uk: ...}
        setup: {ja: ..., ko: ..., uk: ...} # the situation, in words; never the outcome
        scenario: {..., actions: [...]}    # a case in the game's scenario format (rules_data/README.md)
        show: [1, 3]                       # optional: the steps that get diagrams (default: all)

The loader checks the shape and the texts; the rules model plays the scenario later
(generator/scenarios/examples.py), so an outcome is never written by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from generator.errors import Location
from generator.load.entities import Game, Localized
from generator.load.references import suggestion
from generator.load.schema import Context, describe, expect_kind, read_id, read_text, read_title
from generator.load.yamlpos import Node

LIST_KEY = "examples"
# A reader follows an example step by step, each step told and drawn (before and after): a dozen
# steps is already a long one, and every step adds diagrams to three pages.
MAX_STEPS = 12
FIELDS = ("id", "section", "title", "setup", "scenario", "show")
REQUIRED = ("id", "section", "title", "setup", "scenario")


@dataclass
class Example:
    id: str
    game: str
    section: str
    title: Localized
    setup: Localized
    scenario: dict  # plain values, as the game's scenario hooks read a case
    where: Location  # the id
    file: str
    show: list[int] | None = None  # None: every step
    section_where: Location | None = None
    scenario_where: Location | None = None
    key_where: dict[str, Location] = field(default_factory=dict)  # scenario key -> its place
    step_where: list[Location] = field(default_factory=list)  # each action's place
    scenario_node: Node | None = None  # the scenario as written, for the game's format checks
    drawn: bool = True  # False: told in words under a section; only a case without steps has its board drawn

    def localized_fields(self) -> dict[str, Localized]:
        return {"title": self.title, "setup": self.setup}


def load_examples(folder: Path, game: Game, top: Callable[..., dict | None], errors: list, display: Callable) -> None:
    """Read every examples/*.yaml of a game into `game.examples` (ids unique across the files)."""
    seen: dict[str, Location] = {}
    for path in sorted(folder.glob("*.yaml")):
        content = top(path, (LIST_KEY,))
        if not content or LIST_KEY not in content:
            continue
        ctx = Context(errors)
        if not expect_kind(content[LIST_KEY], ctx, "list", "a list of examples ('- id: ...')"):
            continue
        for node in content[LIST_KEY].value:
            example = _read_example(node, ctx, game.id, display(path))
            if example is None:
                continue
            if example.id in seen:
                ctx.at(f"example '{example.id}'").error(
                    example.where,
                    f"duplicate example id '{example.id}': already used at {seen[example.id]}; "
                    f"give this example another id",
                )
                continue
            seen[example.id] = example.where
            game.examples.append(example)


def _read_example(node: Node, ctx: Context, game_id: str, file: str) -> Example | None:
    if not expect_kind(node, ctx, "map", "an example (a mapping with id, section, title, setup, scenario)"):
        return None
    id_node = node.value.get("id")
    if id_node is None:
        ctx.error(node.where, "missing field 'id'; give the example a kebab-case id")
        return None
    example_id = read_id(id_node, ctx.at("example"))
    if example_id is None:
        return None
    inner = ctx.at(f"example '{example_id}'")
    for key, child in node.value.items():
        if key not in FIELDS:
            inner.error(child.key_where, f"unknown field '{key}'; allowed here: {', '.join(sorted(FIELDS))}")
    for key in REQUIRED:
        if key not in node.value:
            inner.error(node.where, f"missing field '{key}'; add it")
    fields = node.value
    section = read_id(fields["section"], inner.at("section")) if "section" in fields else None
    title = read_title(fields["title"], inner.at("title")) if "title" in fields else None
    setup = read_text(fields["setup"], inner.at("setup")) if "setup" in fields else None
    scenario_node = fields.get("scenario")
    scenario = _read_scenario(scenario_node, inner.at("scenario")) if scenario_node else None
    if not (section and title and setup and scenario):
        return None
    steps = scenario_node.value["actions"].value
    show = _read_show(fields["show"], inner.at("show"), len(steps)) if "show" in fields else None
    return Example(
        example_id,
        game_id,
        section,
        title,
        setup,
        {**plain(scenario_node), "id": example_id, "rule": plain(scenario_node).get("rule", section), "_file": file},
        id_node.where,
        file,
        show,
        fields["section"].where,
        scenario_node.where,
        {key: child.key_where for key, child in scenario_node.value.items()},
        [step.where for step in steps],
        scenario_node,
    )


def _read_scenario(node: Node, ctx: Context) -> bool:
    """The shape every example's scenario needs (its steps, to tell them one by one); the game's
    scenario format reports the rest, and its model what it cannot play."""
    if not expect_kind(node, ctx, "map", "a scenario (a mapping of the game's case keys, with actions)"):
        return False
    ok = True
    actions = node.value.get("actions")
    if actions is None:
        ctx.error(node.where, "missing field 'actions'; an example shows at least one step")
        return False
    if not expect_kind(actions, ctx.at("actions"), "list", "a list of steps ('- {do: <action>, ...}')"):
        return False
    if not actions.value:
        ctx.at("actions").error(actions.where, "the example has no steps; add at least one action")
        return False
    if len(actions.value) > MAX_STEPS:
        ctx.at("actions").error(
            actions.where,
            f"the example has {len(actions.value)} steps; an example has at most "
            f"{MAX_STEPS} (a reader follows each step, told and drawn): show "
            f"one rule in a few steps, or split it into examples",
        )
        return False
    for number, step in enumerate(actions.value, start=1):
        step_ctx = ctx.at("actions").at(f"step {number}")
        if not expect_kind(step, step_ctx, "map", "a step ({do: <action>, ...})"):
            ok = False
        elif "do" not in step.value:
            step_ctx.error(step.where, "missing 'do' (the action the step plays); add it")
            ok = False
    return ok


def _read_show(node: Node, ctx: Context, steps: int) -> list[int] | None:
    if not expect_kind(node, ctx, "list", "a list of step numbers"):
        return None
    shown = []
    for item in node.value:
        value = item.value
        if item.kind != "scalar" or isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= steps:
            ctx.error(
                item.where,
                f"expected a step number, a whole number from 1 to {steps} (the example's "
                f"steps), found {describe(item)}",
            )
            continue
        shown.append(value)
    return sorted(set(shown))


def plain(node: Node) -> Any:
    """A positioned node as plain Python values."""
    if node.kind == "map":
        return {key: plain(child) for key, child in node.value.items()}
    if node.kind == "list":
        return [plain(child) for child in node.value]
    return node.value


# Entries shown without worked examples: an FAQ ruling and a source note are short notes of their
# own, a parameter is a value; a game package's table-only kinds (a table of cards) are table rows.
NO_EXAMPLE_KINDS = ("faq", "note", "parameter")
KIND_NAMES = {"faq": "an FAQ ruling", "note": "a source note", "parameter": "a parameter"}


def check_examples(game: Game, table_only_kinds: tuple[str, ...], ctx: Context, check_references: Callable) -> None:
    """Each example's section exists and shows examples, and the references in its texts resolve.
    table_only_kinds: the game's kinds whose page is a table (an example there would show nowhere)."""
    shown_without = (*NO_EXAMPLE_KINDS, *table_only_kinds)
    for example in game.examples:
        inner = ctx.at(f"example '{example.id}'")
        for field_name, localized in example.localized_fields().items():
            for lang, text in localized.items():
                check_references(text, game, inner.at(field_name).at(lang))
        section = game.entities.get(example.section)
        if game.complete and section is None:
            inner.at("section").error(
                example.section_where,
                f"no section or entity '{example.section}' in {game.id}"
                f"{suggestion(example.section, list(game.entities), 'name a rules section id (or an entry of the game)')}",
            )
        elif section is not None and section.kind in shown_without:
            inner.at("section").error(
                example.section_where,
                f"'{example.section}' is {KIND_NAMES.get(section.kind, 'a ' + section.kind)}, which shows no worked "
                f"examples, so this one would appear "
                f"nowhere; name the rules section or the game's entry it is about",
            )
