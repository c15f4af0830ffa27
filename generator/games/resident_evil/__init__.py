"""The Resident Evil board game (its Kickstarter rulebook): everything that knows the game.

Modules, smallest first:
    rules.py          Rules: every number and chosen reading, from the game's parameters
    ranges.py, parameter_checks.py   each parameter's range and kind, checked while the data loads
    cards.py          card profiles (weapons, items, enemies, tension cards) a case states
    dice.py           the dice as named faces, rolled from a script (no face distribution is known)
    state.py          characters, enemies, tokens, decks, whose turn and which phase
    engine.py         Game: the Action phase and its actions; the turn's phases
    combat.py         attacks both ways, the evade ladder, the health track
    reactions.py      the Reaction phase and the out-of-sequence reactions
    routes.py         the enemies' routes over the board, one search serving every enemy
    tension.py        the Tension phase, the tension deck as timer, a ribbon used at a typewriter
    campaign.py       the end phase and the campaign state it carries
    scenario.py       scenario hooks: build a state, apply a step, compare an expectation
    scenario_format.py, scenario_ids.py   what a case may say, down to each number's range and id
    case_bounds.py    what the rules and the box bound across a case's keys
    card_format.py    the check cards' shapes and ids, read with positions
    data.py           loaded data -> Model (rules + the check cards)
    project_checks.py the model's checks of a loaded game (cards, scenario files, FAQ rulings, examples)
    narration.py (+ narration.yaml), diagrams.py, worked_examples.py   telling and drawing
The square grid itself is the shared core's (generator/core/grid.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.games import GamePackage
from generator.games.resident_evil import parameter_checks, ranges, schema


class ResidentEvil(GamePackage):
    engine = "resident-evil"
    entity_specs = schema.SPECS
    page_files = schema.PAGE_FILES
    link_kinds = schema.KINDS
    search_kinds = schema.KINDS
    labels_file = Path(__file__).parent / "labels.yaml"
    parameter_ranges = ranges.PARAMETER_RANGES

    @property
    def event_kinds(self) -> frozenset[str]:  # type: ignore[override]
        """The events its narration tells (a variant such as "door-opened.unlocked" is one kind);
        tests/model/test_narration.py checks that these are exactly the events the engine emits."""
        return frozenset(kind.partition(".")[0] for kind in self.narration_templates())

    def narration_templates(self) -> dict[str, dict[str, str]]:
        from generator.games.resident_evil.narration import templates

        return templates()["events"]

    def check_game(self, game, ctx) -> None:
        parameter_checks.check_parameters(game, ctx)

    def rules_for(self, game) -> Any:
        """The model of the data the game was loaded from (its check cards stand beside it)."""
        from generator.games.resident_evil.data import PROJECT_ROOT, model_for_game

        return model_for_game(game, game.root or PROJECT_ROOT)

    def model_errors(self, game, root: Path) -> list:
        from generator.games.resident_evil import project_checks

        return project_checks.check_game(game, root)

    def report(self, game, root: Path) -> list[str]:
        from generator.games.resident_evil import project_checks

        return project_checks.report_game(game, root)

    def example_view(self, game, rules, example, entity, lang: str, t: Callable, labels: dict):
        from generator.games.resident_evil import worked_examples

        return worked_examples.example_view(game, rules, example, entity, lang, t, labels)

    @property
    def scenarios(self):
        from generator.games.resident_evil.scenario import HOOKS

        return HOOKS


GAME = ResidentEvil()
