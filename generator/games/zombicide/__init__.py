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
    reactions.py     what survivors do as zombies spawn near them (Sidestep, Combat reflexes)
    skill_actions.py the actions skills add (Blitz, Bloodlust, Field medic, Lifesaver, Taunt) and setup
    engine.py        Game: the actions and phases; Game.skills() is the one switch of every skill
    odds.py          exact attack odds; odds_tables.py  the tables shown beside weapons
    situations.py (+ resolver.yaml)  the resolver page: its controls, checks across them, the telling
    events.py        the kinds of event the engine reports
    scenario_format.py  what a case may say, as tables: keys and shapes, ids, actions, expectations
    scenario_checks.py  what the rules bound across a case's keys (survivors, cars, supply, routes)
    scenario.py      how a case becomes a game and what a session shows (the Scenarios)
    project_checks.py  the model's checks of a loaded game (FAQ rulings, worked examples)
    narration.py (+ narration.yaml), diagrams.py, worked_examples.py   telling and drawing
    case_view.py     a case told for the cases page: the board, each step, what it checks
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping

from generator.contract import GamePackage
from generator.core.dice import D6
from generator.games.zombicide import case_view, data_checks, events, pages, project_checks, ranges, schema
from generator.games.zombicide import worked_examples as telling
from generator.games.zombicide.compare import measured_changes
from generator.games.zombicide.data import rules_for_game, rules_from_feed
from generator.games.zombicide.engine import Game as Session
from generator.games.zombicide.narration import templates
from generator.games.zombicide.odds_tables import odds_tables
from generator.games.zombicide.random_play import RANDOM_PLAY
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.scenario import HOOKS
from generator.games.zombicide.scenario_checks import ZombicideCase
from generator.games.zombicide.situations import SITUATIONS
from generator.load.entities import Entity, Game
from generator.load.examples import Example
from generator.load.schema import Context
from generator.render.example_view import ExampleView, OtherEdition
from generator.scenarios.editions import CANNOT_PLAY, DIFFERENT, elsewhere

HERE = Path(__file__).parent
MISSION_PARTS = ("objectives", "special-rules")  # the sub-headings of every mission


class Zombicide(GamePackage[Rules, Session, ZombicideCase]):
    engine = "zombicide"
    board = "zones"
    dice = (D6,)
    decks = ("equipment", "zombie")
    entity_specs = schema.SPECS
    page_files = schema.PAGE_FILES
    link_kinds = ("skill", "survivor", "zombie", "level", "equipment", "mission", "zombie-card")
    search_kinds = ("skill", "survivor", "zombie", "level", "equipment", "mission")
    compare_kinds = ("skill", "survivor", "zombie", "level", "equipment")
    labels_file = HERE / "labels.yaml"
    templates_dir = HERE / "templates"
    stylesheet = HERE / "diagrams.css"
    table_only_kinds = ("zombie-card",)
    number_ranges = ranges.NUMBER_RANGES
    parameter_ranges = ranges.PARAMETER_RANGES
    event_kinds = events.EVENT_KINDS
    scenarios = HOOKS
    random_play = RANDOM_PLAY
    situations = SITUATIONS

    def template_functions(
        self, game: Game, lang: str, link_to: Callable, labels: Mapping[str, Mapping[str, str]]
    ) -> dict[str, Callable]:
        return pages.template_functions(game, lang, link_to, labels)

    def narration_templates(self) -> dict[str, dict[str, str]]:
        return templates()["events"]

    def derived_parameters(self, entity: Entity) -> Mapping[str, int]:
        return data_checks.derived_parameters(entity)

    def check_entity(self, entity: Entity, game: Game, ctx: Context) -> None:
        data_checks.check_entity(entity, game, ctx)

    def check_game(self, game: Game, ctx: Context) -> None:
        data_checks.check_levels(game, ctx)
        data_checks.check_prose_parameters(game, ctx)

    def anchors(self, entity: Entity) -> Mapping[str, str]:
        """A mission's sub-headings (templates/entity.md.j2)."""
        if entity.kind != "mission":
            return {}
        return {
            f"{entity.id}-{part}": f"the {part.replace('-', ' ')} heading of mission '{entity.id}'"
            for part in MISSION_PARTS
        }

    def model_errors(self, game: Game, root: Path) -> list:
        return project_checks.check_game(game, root)

    def report(self, game: Game, root: Path) -> list[str]:
        return project_checks.report_game(game, root)

    def rules_for(self, game: Game) -> Rules:
        return rules_for_game(game)

    def rules_from_feed(self, feed: dict, extra: dict) -> Rules:
        return rules_from_feed(feed)

    def odds_for(self, rules: Rules, entity: Entity) -> list:
        if entity.kind != "equipment" or not entity.fields.get("attacks"):
            return []
        return odds_tables(rules, entity.id)

    def measured_changes(
        self, old: Entity, new: Entity, lang: str, labels: Mapping[str, Mapping[str, str]]
    ) -> list[str]:
        return measured_changes(old, new, lang, labels)

    def case_views(
        self, game: Game, rules: Rules, section: Entity, lang: str, t: Callable, labels: Mapping
    ) -> list[ExampleView]:
        return case_view.case_views(game, rules, section, lang, t, labels)

    def other_edition(
        self,
        game: Game,
        rules: Rules,
        other: Game,
        other_rules: Rules,
        ruling: Entity,
        lang: str,
        t: Callable,
        labels: Mapping,
    ) -> OtherEdition | None:
        found = elsewhere(game, ruling, HOOKS, other_rules)
        if found is None or found.verdict == CANNOT_PLAY:
            return None
        view = None
        if found.verdict == DIFFERENT and found.case is not None:
            view = case_view.other_edition_view(game, other_rules, found.case, lang, t, labels)
        return OtherEdition(other.id, found.verdict, view)

    def example_view(
        self,
        game: Game,
        rules: Rules,
        example: Example,
        section: Entity,
        lang: str,
        t: Callable,
        labels: Mapping[str, Mapping[str, str]],
    ) -> ExampleView:
        return telling.example_view(game, rules, example, section, lang, t, labels)


GAME = Zombicide()
