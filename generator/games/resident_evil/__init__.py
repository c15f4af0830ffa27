"""The Resident Evil board game (its Kickstarter rulebook): everything that knows the game.

Modules, smallest first:
    rules.py          Rules: every number and chosen reading, from the game's parameters
    ranges.py, parameter_checks.py   each parameter's range and kind, checked while the data loads
    cards.py          card profiles (weapons, items, enemies, tension cards) a case states
    dice.py           the dice: core dice with named faces and no odds (the source prints no face
                      distribution), rolled from each step's script
    state.py          characters, enemies, tokens, decks, whose turn and which phase
    events.py         every event the engine reports, with the details it carries
    engine.py         Game: the Action phase and its actions, the set-up's start squares, puzzles,
                      lasting-effect tokens, whether the scenario may be completed; the turn's phases
    combat.py         attacks both ways, the evade ladder, defence items, Tough Hide, the health track
    reactions.py      the Reaction phase and the out-of-sequence reactions
    routes.py         the enemies' routes over the board, one search serving every enemy
    tension.py        the Tension phase, the tension deck as timer, a ribbon used at a typewriter
    campaign.py       the end phase and the campaign state it carries
    campaign_map.py   the mansion map: locked scenario cards, completion tokens, a replay's Item B tokens
    scenario_format.py  what a case may say, as tables: keys and shapes, actions, expectations
    scenario_case.py  one case as its checks see it, and where the ids it names come from
    scenario_checks.py  what the rules bound across a case's keys (rooms, inventories, dials, piles)
    scenario.py       how a case becomes a game and what a session shows (the Scenarios)
    case_bounds.py    what the rules and the box bound across a case's keys
    card_format.py    the check cards' shapes and ids, read with positions
    data.py           loaded data -> Model (rules, the check cards, the characters' roles)
    project_checks.py the model's checks of a loaded game (cards, scenario files, FAQ rulings, examples)
    rules_played.py   the rules sections and items the model plays, found by playing every case
    random_play.py    random legal play from every case's set-up, and what must always hold
    narration.py (+ narration.yaml), diagrams.py, worked_examples.py   telling and drawing
The square grid itself is the shared core's (generator/core/grid.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Mapping

from generator.contract import GamePackage
from generator.load.entities import Entity, Game
from generator.load.examples import Example
from generator.load.schema import Context
from generator.render.example_view import ExampleView

from . import parameter_checks, project_checks, ranges, schema
from . import worked_examples as telling
from .data import PROJECT_ROOT, Model, model_for_game, model_from_feed
from .engine import Game as Session
from .narration import templates
from .random_play import RANDOM_PLAY
from .scenario import HOOKS
from .scenario_case import ResidentEvilCase
from .situations import SITUATIONS


class ResidentEvil(GamePackage[Model, Session, ResidentEvilCase]):
    engine = "resident-evil"
    board = "squares"
    decks = ("tension", "item-a", "item-b", "item-c", "encounter", "narrative", "behaviour")
    entity_specs = schema.SPECS
    page_files = schema.PAGE_FILES
    link_kinds = schema.KINDS
    search_kinds = schema.KINDS
    labels_file = Path(__file__).parent / "labels.yaml"
    parameter_ranges = ranges.PARAMETER_RANGES
    scenarios = HOOKS
    random_play = RANDOM_PLAY
    situations = SITUATIONS

    @property
    def event_kinds(self) -> frozenset[str]:  # type: ignore[override]
        """The events its narration tells (a variant such as "door-opened.unlocked" is one kind);
        tests/model/test_narration.py checks that these are exactly the events the engine emits."""
        return frozenset(kind.partition(".")[0] for kind in self.narration_templates())

    def narration_templates(self) -> dict[str, dict[str, str]]:
        return templates()["events"]

    def check_game(self, game: Game, ctx: Context) -> None:
        parameter_checks.check_parameters(game, ctx)

    def rules_for(self, game: Game) -> Model:
        """The model of the data the game was loaded from (its check cards stand beside it)."""
        return model_for_game(game, game.root or PROJECT_ROOT)

    def model_errors(self, game: Game, root: Path) -> list:
        return project_checks.check_game(game, root)

    def rules_from_feed(self, feed: dict, extra: dict) -> Model:
        return model_from_feed(feed, extra.get("cards") or {})

    def resolver_extra(self, game: Game, root: Path) -> dict:
        """The check cards' values: the source prints none, so the page plays with these and says so."""
        return {"cards": self.rules_for(game).cards}

    def report(self, game: Game, root: Path) -> list[str]:
        return project_checks.report_game(game, root)

    def example_view(
        self,
        game: Game,
        rules: Model,
        example: Example,
        section: Entity,
        lang: str,
        t: Callable,
        labels: Mapping[str, Mapping[str, str]],
    ) -> ExampleView:
        return telling.example_view(game, rules, example, section, lang, t, labels)


GAME = ResidentEvil()
