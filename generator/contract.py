"""What a game package provides: one class, made of what each room of the generator asks.

    GamePackage = GameData       the loader: entity kinds, files, number ranges, labels, data
                                 checks, the kinds found by name, the board its examples are drawn on
                + GamePages      the renderer: templates, odds tables, worked examples told, editions
                + the model      its dice and decks, rules, checks of the data, scenarios, events
                                 and their narration, random play with invariants

A game subclasses it in `generator/games/<engine>/__init__.py` (or any package named in
RULEBOOK_GAME_PACKAGES) as `GAME`; generator/registry.py finds it. Every hook has a harmless
default, so a new game starts with its entity kinds and grows the rest. `R` is the game's rules
model, `S` a game being played, `V` one scenario case as the game's checks see it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Generic, Mapping, TypeVar

from generator.core.dice import Die
from generator.errors import DataError
from generator.feed import names_feed
from generator.languages import DEFAULT
from generator.load.entities import Entity, Game
from generator.load.spec import GameData
from generator.render.example_view import OtherEdition
from generator.render.spec import GamePages
from generator.scenarios.case import CaseView
from generator.scenarios.editions import CANNOT_PLAY, DIFFERENT, elsewhere
from generator.scenarios.game import Scenarios
from generator.scenarios.random_play import RandomPlay
from generator.scenarios.sections import as_example, told_cases
from generator.scenarios.situations import Situations, check, encode

R = TypeVar("R")
_FORMS: dict[tuple[int, int], tuple[Any, Any, dict]] = {}  # (game, rules) -> the resolver's controls
_KEPT_FORMS = 8
S = TypeVar("S")
V = TypeVar("V", bound=CaseView)


class GamePackage(GameData, GamePages[R], Generic[R, S, V]):
    dice: tuple[Die, ...] = ()  # its dice by their faces (none known: no odds are computed)
    decks: tuple[str, ...] = ()  # the decks its cases and pages speak of
    scenarios: Scenarios[R, S, V] | None = None  # its side of the scenario format, when it has a model
    event_kinds: frozenset[str] = frozenset()  # every event its engine emits (each told in every language)
    random_play: RandomPlay[R, S] | None = None  # its side of random play with invariants, when it has a model
    situations: Situations[R] | None = None  # what its resolver page lets a reader build (none: no page)

    def rules_from_feed(self, feed: dict, extra: dict) -> R:
        """The rules model from the game's open data feed (generator/feed/) and the page's `extra`:
        what the resolver runs on in the reader's browser; equal to rules_for(game)."""
        raise NotImplementedError

    def situation_link(self, game: Game, rules: R, example: Any) -> str | None:
        """A worked example's starting state and steps as its resolver page's link fragment (None
        when the page's controls cannot hold it)."""
        if self.situations is None:
            return None
        form = self.situation_form(game, rules)
        situation = self.situations.from_case(example.scenario, form)
        if check(form, situation, self.situations.zones):
            return None
        return encode(situation)

    def situation_form(self, game: Game, rules: R) -> dict:
        """The resolver's controls for a loaded game (their ids; the names of the default language)."""
        key = (id(game), id(rules))
        kept = _FORMS.get(key)
        if kept is None or kept[0] is not game or kept[1] is not rules:  # an id may be reused by a later object
            if len(_FORMS) >= _KEPT_FORMS:
                _FORMS.clear()  # an earlier project's forms are done with
            kept = _FORMS[key] = (
                game,
                rules,
                self.situations.form(rules, names_feed(game, DEFAULT)) if self.situations else {},
            )
        return kept[2]

    def resolver_extra(self, game: Game, root: Path) -> dict:
        """What the resolver page needs besides the feed (plain JSON values)."""
        return {}

    def model_errors(self, game: Game, root: Path) -> list[DataError]:
        """The rules model's checks of the loaded game: coherent data, FAQ rulings, worked examples."""
        return []

    def report(self, game: Game, root: Path) -> list[str]:
        """Lines `python -m generator check` prints about the model."""
        return []

    def case_views(self, game: Game, rules: R, section: Entity, lang: str, t: Callable, labels: Mapping) -> list:
        """The cases that check a section, told through the game's worked examples (a game may
        tell them its own way)."""
        if self.scenarios is None or rules is None:
            return []
        return told_cases(self, game, rules, section, lang, t, labels)

    def other_edition(
        self, game: Game, rules: R, other: Game, other_rules: R, ruling: Entity, lang: str, t: Callable, labels: Mapping
    ) -> OtherEdition | None:
        """A ruling's case played by the other edition's model; a different outcome told through
        the game's worked examples, as that model played it."""
        if self.scenarios is None or other_rules is None:
            return None
        found = elsewhere(game, ruling, self.scenarios, other_rules)
        if found is None or found.verdict == CANNOT_PLAY:
            return None  # tests/model/test_rulings_across_editions.py asks the ruling to say why
        view = None
        if found.verdict == DIFFERENT and found.case is not None:
            example = as_example(game, found.case, ruling, other.id)
            view = self.example_view(game, other_rules, example, ruling, lang, t, labels)
        return OtherEdition(other.id, found.verdict, view)

    def narration_templates(self) -> dict[str, dict[str, str]]:
        """Event kind -> language -> sentence template, for the worked examples' narration."""
        return {}
