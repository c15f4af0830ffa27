"""What the loader asks of a game's package: its own entity kinds, the files that list them, the
numbers its rules allow, its interface strings, and its data checks. Every hook has a harmless
default, so a new game starts with its entity kinds and grows the rest.

The loader imports no game: it is handed the registered packages (generator/registry.py) by
engine name, and asks each loaded game's the one its game.yaml names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Mapping

from generator.load.entities import Entity, Game
from generator.load.ranges import Range
from generator.load.schema import Context, EntitySpec

Board = Literal["zones", "squares", "none"]  # what a worked example draws the game on


class GameData:
    engine: str = ""
    board: Board = "none"  # "none": a worked example needs no map and shows no diagram
    entity_specs: Mapping[str, EntitySpec] = {}
    page_files: Mapping[str, tuple[str, str]] = {}  # file name -> (list key, entity kind)
    link_kinds: tuple[str, ...] = ()  # the game's kinds a `{kind:id}` reference may name
    search_kinds: tuple[str, ...] = ()  # the game's kinds a reader finds by name (the name index)
    table_only_kinds: tuple[str, ...] = ()  # kinds whose page is its table, without a section per entity
    labels_file: Path | None = None  # the game's own interface strings (merged into render/labels.yaml's)
    # The numbers its rules allow (generator/load/ranges.py): (kind, field path) -> Range, and
    # parameter id -> Range; any other whole-number parameter is 0 to 10000.
    number_ranges: Mapping[tuple[str, str], Range] = {}
    parameter_ranges: Mapping[str, Range] = {}

    def derived_parameters(self, entity: Entity) -> Mapping[str, int]:
        """Statistics that count as parameters (`<entity id>.<statistic>`)."""
        return {}

    def check_entity(self, entity: Entity, game: Game, ctx: Context) -> None:
        """Kind-specific data checks (reported through ctx with their place)."""

    def check_game(self, game: Game, ctx: Context) -> None:
        """Checks across the game's entities."""

    def anchors(self, entity: Entity) -> Mapping[str, str]:
        """Anchors the game's templates make beside an entity's own (anchor -> what it heads), so
        an id that would take one is refused."""
        return {}


NO_GAME = GameData()  # a game whose engine is unknown (reported): nothing game-specific is checked


def spec_of(game: Game, specs: Mapping[str, GameData]) -> GameData:
    return specs.get(game.engine or "", NO_GAME)
