"""The registry of games: an engine name -> the package that knows everything about that game.

`rules_data/<game>/game.yaml` names its engine (`engine: <name>`); `generator/games/<name>/`
is the package, and its `GAME` is a `GamePackage`. A package registers itself by existing:
the registry imports every subpackage of generator/games/ that defines `GAME`. Outside this
folder no code names a game, an edition, a creature or a skill: it asks the registry.

What the rest of the generator asks a game package (every hook has a harmless default, so a
new game starts with its entity kinds and grows the rest):

    entity_specs, page_files   the game's own entity kinds and the files that list them
    link_kinds, search_kinds   which kinds `{kind:id}` may link to / the name index lists
    number_ranges, parameter_ranges  the numbers the rules allow (dice, accuracy, counts)
    labels_file                the game's own interface strings (labels.yaml)
    templates_dir, template_functions(), table_only_kinds   its page templates and what they call
    derived_parameters(entity) statistics that count as parameters (`<id>.actions`)
    check_entity(e, game, ctx) kind-specific data checks (reported with their place)
    check_game(game, ctx)      checks across entities (increasing thresholds, ...)
    model_errors(game, root)   the rules model's checks: coherent data, FAQ rulings, examples
    report(game, root)         lines `python -m generator check` prints about the model
    rules_for(game)            the model's parameters object, or None when the game has no model
    odds_for(rules, entity)    odds tables shown beside an entity
    measured_changes(...)      changed statistics between two editions (comparison page)
    example_view(...)          one worked example, narrated and drawn (example_views: a section's)
    event_kinds, narration_templates()  every event the engine emits, and its sentence in each language
    scenarios                  the scenario hooks (build a state, apply a step, check an outcome)
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # pragma: no cover
    from generator.errors import DataError
    from generator.load.entities import Entity, Game
    from generator.load.schema import Context, EntitySpec


class GamePackage:
    """One game's plug-in. Subclass it in `generator/games/<engine>/__init__.py` as `GAME`."""

    engine: str = ""
    entity_specs: Mapping[str, "EntitySpec"] = {}
    page_files: Mapping[str, tuple[str, str]] = {}  # file name -> (list key, entity kind)
    link_kinds: tuple[str, ...] = ()  # the game's kinds a `{kind:id}` reference may name
    search_kinds: tuple[str, ...] = ()  # the game's kinds listed in the name index
    compare_kinds: tuple[str, ...] = ()  # the game's kinds on an edition comparison page
    scenarios: Any = None  # a ScenarioHooks (generator/scenarios/runner.py), or None
    labels_file: Path | None = None  # the game's own interface strings (merged into render/labels.yaml's)
    templates_dir: Path | None = None  # its page templates, named "<engine>/<file>" (see README.md)
    table_only_kinds: tuple[str, ...] = ()  # kinds whose page is its table, without a section per entity
    event_kinds: frozenset[str] = frozenset()  # every event its engine emits (each needs a narration template)
    # The numbers its rules allow (generator/load/ranges.py): (kind, field path) -> Range, and
    # parameter id -> Range; any other whole-number parameter is 0 to 10000.
    number_ranges: Mapping[tuple[str, str], Any] = {}
    parameter_ranges: Mapping[str, Any] = {}

    def derived_parameters(self, entity: "Entity") -> dict[str, Any]:
        return {}

    def check_entity(self, entity: "Entity", game: "Game", ctx: "Context") -> None:
        return None

    def check_game(self, game: "Game", ctx: "Context") -> None:
        return None

    def model_errors(self, game: "Game", root: Path) -> list["DataError"]:
        return []

    def report(self, game: "Game", root: Path) -> list[str]:
        return []

    def rules_for(self, game: "Game") -> Any:
        return None

    def odds_for(self, rules: Any, entity: "Entity") -> list:
        return []

    def template_functions(self, game: "Game", lang: str, link_to: Callable, labels: dict) -> dict[str, Callable]:
        """Functions the game's own templates call, for one page's language."""
        return {}

    def narration_templates(self) -> dict[str, dict[str, str]]:
        """Event kind -> language -> sentence template, for the worked examples' narration."""
        return {}

    def measured_changes(self, old: "Entity", new: "Entity", lang: str, labels: dict) -> list[str]:
        """Differences in numbers between two editions' entities with the same id (comparison page)."""
        return []

    def example_views(self, game: "Game", rules: Any, entity: "Entity", lang: str, t: Callable, labels: dict) -> list:
        """The worked examples of one section, as the page template shows them."""
        return [
            self.example_view(game, rules, example, entity, lang, t, labels)
            for example in game.examples
            if example.section == entity.id
        ]

    def example_view(
        self, game: "Game", rules: Any, example: Any, entity: "Entity", lang: str, t: Callable, labels: dict
    ) -> Any:
        raise NotImplementedError(f"the {self.engine or 'unnamed'} engine does not draw worked examples yet")


@lru_cache(maxsize=1)
def engines() -> dict[str, GamePackage]:
    """Every game package, by engine name (the subpackages of generator/games/ with a GAME)."""
    found: dict[str, GamePackage] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, GamePackage):
            found[game.engine] = game
    return dict(sorted(found.items()))


def engine(name: str | None) -> GamePackage | None:
    """The package of an engine name, or None for an unknown name."""
    return engines().get(name or "")


def for_game(game: "Game") -> GamePackage:
    """The package of a loaded game (the loader has checked its engine name)."""
    return engines().get(game.engine or "") or GamePackage()


def check_project(project, root: Path) -> list["DataError"]:
    """Every game's model checks (FAQ rulings, worked examples, coherent parameters)."""
    errors: list = []
    for game in project.games.values():
        errors += for_game(game).model_errors(game, root)
    return errors


def report(project, root: Path) -> list[str]:
    """Lines each game's model adds to `python -m generator check`."""
    return [line for game in project.games.values() for line in for_game(game).report(game, root)]


def load_checked(root: Path):
    """The project's data, loaded; raises DataErrors when it does not load cleanly."""
    from generator.errors import DataErrors
    from generator.load import load_project

    project, errors = load_project(root / "rules_data", root)
    if errors:
        raise DataErrors(errors)
    return project


def rules_for(game_id: str, root: Path) -> Any:
    """A game's rules model parameters, from the project's loaded and checked data."""
    from generator.errors import ScenarioError

    project = load_checked(root)
    if game_id not in project.games:
        raise ScenarioError(f"there is no game folder rules_data/{game_id}")
    return for_game(project.games[game_id]).rules_for(project.games[game_id])
