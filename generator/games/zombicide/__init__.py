"""Zombicide (1st and 2nd edition): one engine, two parameter sets. Everything that knows the game.

Modules, smallest first:
    schema.py        the game's entity kinds (skills, survivors, zombies, levels, equipment, missions, zombie cards)
    data_checks.py   loader-side checks and derived parameters (`walker.actions`)
    rules.py         Rules: every number and order, built from one edition's data (Rules.from_data)
    checks.py        coherence checks of that data, skill coverage
    data.py          loaded data -> Rules (the one place that knows both)
    equipment.py     cards and their attack profiles
    board.py         the zone graph with streets, rooms, tiles and Zombicide's sight rule
    state.py         state: survivors, zombies, items, NotAllowed
    strategies.py    the rules where the editions part ways (wounds, splitting)
    combat.py        attacks; zombie_phase.py  activation and spawning
    engine.py        Game: the actions and phases
    odds.py          exact attack odds; odds_tables.py  the tables shown beside weapons
    events.py        the kinds of event the engine reports
    scenario_format.py  what a case may say, down to each number's range (shapes, bounds from Rules)
    scenario_ids.py  the ids a case names exist (zones, survivors, cars, cards, skills, levels, events)
    scenario.py      scenario hooks: build a state, apply a step, compare an expectation
    project_checks.py  the model's checks of a loaded game (FAQ rulings, worked examples)
    narration.py (+ narration.yaml), diagrams.py, worked_examples.py   telling and drawing
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from generator.games import GamePackage
from generator.games.zombicide import data_checks, events, ranges, schema


class Zombicide(GamePackage):
    engine = "zombicide"
    entity_specs = schema.SPECS
    page_files = schema.PAGE_FILES
    link_kinds = ("skill", "survivor", "zombie", "level", "equipment", "mission", "zombie-card")
    search_kinds = ("skill", "survivor", "zombie", "level", "equipment", "mission")
    compare_kinds = ("skill", "survivor", "zombie", "level", "equipment")
    labels_file = Path(__file__).parent / "labels.yaml"
    templates_dir = Path(__file__).parent / "templates"
    table_only_kinds = ("zombie-card",)
    number_ranges = ranges.NUMBER_RANGES
    parameter_ranges = ranges.PARAMETER_RANGES
    event_kinds = events.EVENT_KINDS

    def template_functions(self, game, lang: str, link_to: Callable, labels: dict) -> dict[str, Callable]:
        from generator.games.zombicide.pages import template_functions

        return template_functions(game, lang, link_to, labels)

    def narration_templates(self) -> dict[str, dict[str, str]]:
        from generator.games.zombicide.narration import templates

        return templates()["events"]

    def derived_parameters(self, entity):
        return data_checks.derived_parameters(entity)

    def check_entity(self, entity, game, ctx) -> None:
        data_checks.check_entity(entity, game, ctx)

    def check_game(self, game, ctx) -> None:
        data_checks.check_levels(game, ctx)
        data_checks.check_prose_parameters(game, ctx)

    def model_errors(self, game, root: Path) -> list:
        from generator.games.zombicide import project_checks

        return project_checks.check_game(game, root)

    def report(self, game, root: Path) -> list[str]:
        from generator.games.zombicide import project_checks

        return project_checks.report_game(game, root)

    def rules_for(self, game) -> Any:
        from generator.games.zombicide.data import rules_for_game

        return rules_for_game(game)

    def odds_for(self, rules, entity) -> list:
        from generator.games.zombicide.odds_tables import odds_tables

        if entity.kind != "equipment" or not entity.fields.get("attacks"):
            return []
        return odds_tables(rules, entity.id)

    def measured_changes(self, old, new, lang: str, labels: dict) -> list[str]:
        from generator.games.zombicide.compare import measured_changes

        return measured_changes(old, new, lang, labels)

    def example_view(self, game, rules, example, entity, lang: str, t: Callable, labels: dict):
        from generator.games.zombicide import worked_examples

        return worked_examples.example_view(game, rules, example, entity, lang, t, labels)

    @property
    def scenarios(self):
        from generator.games.zombicide.scenario import HOOKS

        return HOOKS


GAME = Zombicide()
