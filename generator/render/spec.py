"""What the renderer asks of a game's package: its page templates and the functions they call,
the odds tables beside an entity, its worked examples told and drawn, and what changed between two
editions. Every hook has a harmless default. The renderer imports no game: the pipeline hands it
the registered packages by engine name."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Generic, Mapping, TypeVar

from generator.load.entities import Entity, Game
from generator.load.examples import Example
from generator.render.example_view import ExampleView, OtherEdition

R = TypeVar("R")  # the game's rules model


class GamePages(Generic[R]):
    templates_dir: Path | None = None  # its page templates, named "<engine>/<file>" (see games/README.md)
    table_only_kinds: tuple[str, ...] = ()  # kinds whose page is its table, without a section per entity
    compare_kinds: tuple[str, ...] = ()  # the game's kinds on an edition comparison page
    stylesheet: Path | None = None  # its own styles (its diagrams' colours), added to the site's

    def rules_for(self, game: Game) -> R | None:
        """The model's rules built from the loaded game, or None when the game has no model."""
        return None

    def template_functions(
        self, game: Game, lang: str, link_to: Callable, labels: Mapping[str, Mapping[str, str]]
    ) -> dict[str, Callable]:
        """Functions the game's own templates call, for one page's language."""
        return {}

    def odds_for(self, rules: R, entity: Entity) -> list:
        """Odds tables shown beside an entity."""
        return []

    def measured_changes(
        self, old: Entity, new: Entity, lang: str, labels: Mapping[str, Mapping[str, str]]
    ) -> list[str]:
        """Differences in numbers between two editions' entities with the same id (comparison page)."""
        return []

    def example_view(
        self,
        game: Game,
        rules: R,
        example: Example,
        section: Entity,
        lang: str,
        t: Callable,
        labels: Mapping[str, Mapping[str, str]],
    ) -> ExampleView:
        raise NotImplementedError(f"the {game.engine or 'unnamed'} engine does not tell worked examples")

    def example_views(
        self, game: Game, rules: R, section: Entity, lang: str, t: Callable, labels: Mapping[str, Mapping[str, str]]
    ) -> list[ExampleView]:
        """The worked examples of one section, as the page template shows them."""
        views = []
        for example in game.examples:
            if example.section == section.id:
                view = self.example_view(game, rules, example, section, lang, t, labels)
                view.resolver = self.situation_link(game, rules, example)
                views.append(view)
        return views

    def situation_link(self, game: Game, rules: R, example: Any) -> str | None:
        """A worked example's starting state as its game's resolver page takes it in a link
        (`s=...`), or None when the game has no such page or the page cannot hold the example."""
        return None

    def case_views(
        self, game: Game, rules: R, section: Entity, lang: str, t: Callable, labels: Mapping[str, Mapping[str, str]]
    ) -> list[ExampleView]:
        """The scenario cases that check a rules section (its `checked-by`), each told step by
        step for the game's cases page, without diagrams; none for a game without a model."""
        return []

    def other_edition(
        self,
        game: Game,
        rules: R,
        other: Game,
        other_rules: R,
        ruling: Entity,
        lang: str,
        t: Callable,
        labels: Mapping[str, Mapping[str, str]],
    ) -> OtherEdition | None:
        """A ruling's case played by the other edition's model (None: this game cannot tell)."""
        return None


NO_PAGES: GamePages = GamePages()  # a game without a package (the shared pages only)
