"""A tiny game of another shape, kept beside its test: a card duel with no board.

Two players hold a hand of numbered cards and a shared deck lies face down. Each trick, the
first player plays a card, then the second; the higher card wins the trick and scores
parameter 'points-per-trick'; the winner draws first. It is one package (this folder), one data
folder (rules_data/duel) and one test (test_card_duel.py): nothing of the generator changes for it.
The registry finds it when RULEBOOK_GAME_PACKAGES names `tests.games.card_duel`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping

from generator.contract import GamePackage
from generator.load.entities import Entity, Game
from generator.load.examples import Example
from generator.render.example_view import ExampleView
from generator.scenarios.case import CaseView

from . import telling
from .engine import Duel, Rules
from .random_play import RANDOM_PLAY
from .scenario import HOOKS, check_game


class CardDuel(GamePackage[Rules, Duel, CaseView]):
    engine = "card-duel"
    board = "none"
    decks = ("deck",)
    scenarios = HOOKS
    random_play = RANDOM_PLAY
    event_kinds = frozenset(telling.TEMPLATES)

    def rules_for(self, game: Game) -> Rules:
        return Rules.from_parameters({pid: entity.fields["value"] for pid, entity in game.parameters.items()})

    def model_errors(self, game: Game, root: Path) -> list:
        return check_game(game, self.rules_for(game), root)

    def narration_templates(self) -> dict[str, dict[str, str]]:
        return telling.TEMPLATES

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
        return telling.example_view(rules, example, lang, t)


GAME = CardDuel()
