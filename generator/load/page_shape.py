"""Data that is valid on its own but would break the page it lands on.

- rules sections nested deeper than a page has heading levels (h2 to h6);
- an id equal to an anchor the renderer makes (`example-<id>`, or one a game's templates make
  beside an entity, GameData.anchors) or to an
  element id of the site's interface (`rb-…`): two elements with one id, and links (or the search
  box) land on the wrong one;
- a hand-written page in content/ at the path of a generated page, which the build would have
  to overwrite.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable, Mapping

from generator.errors import DataError, Location
from generator.languages import LANGUAGES
from generator.load.entities import Entity, Game, Project
from generator.load.files import display

DEEPEST_SECTION = 4  # depth 0 is an h2, so depth 4 is an h6: the last HTML heading
LANGUAGE_ROOT_PAGES = ("sources.md", "editions.md", "about.md")  # generated once per language
# Element ids the site's own interface uses (site_overrides/): an entity with one of them would
# give a page two elements with one id, and the search box would read the wrong one.
INTERFACE_IDS = ("rulebook-labels", "not-found", "top")  # `top`: the title of each generated page
INTERFACE_PREFIX = "rb-"


# A game's anchors beside an entity's own: anchor -> what it heads (a game package's `anchors`).
AnchorsOf = Callable[[Game, Entity], Mapping[str, str]]


def check_page_shape(project: Project, errors: list[DataError], project_root: Path, anchors_of: AnchorsOf) -> None:
    for game in project.games.values():
        _deep_sections(game, errors)
        _anchor_clashes(game, errors, anchors_of)
    _shadowed_content(project, errors, project_root)


def _deep_sections(game: Game, errors: list[DataError]) -> None:
    for entity in game.entities.values():
        if entity.kind == "rule" and entity.depth == DEEPEST_SECTION + 1:
            errors.append(
                DataError(
                    entity.where,
                    f"rule '{entity.id}'",
                    (
                        f"sections nest at most {DEEPEST_SECTION + 1} levels deep (a page has headings down to h6); "
                        "move this section up a level or make it part of its parent's text"
                    ),
                )
            )


def _anchor_clashes(game: Game, errors: list[DataError], anchors_of: AnchorsOf) -> None:
    made: dict[str, str] = {}
    for entity in game.entities.values():
        made.update(anchors_of(game, entity))
    for example in game.examples:
        made[f"example-{example.id}"] = f"the heading of worked example '{example.id}'"
    for entity in game.entities.values():
        if entity.id in INTERFACE_IDS or entity.id.startswith(INTERFACE_PREFIX):
            errors.append(
                DataError(
                    entity.where,
                    f"{entity.kind} '{entity.id}'",
                    (
                        f"the id '{entity.id}' belongs to the site's own interface (ids '{INTERFACE_PREFIX}…', "
                        f"{', '.join(INTERFACE_IDS)}); give this {entity.kind} another id"
                    ),
                )
            )
        elif entity.id in made:
            errors.append(
                DataError(
                    entity.where,
                    f"{entity.kind} '{entity.id}'",
                    (
                        f"the id '{entity.id}' is already the anchor of {made[entity.id]}; give this {entity.kind} "
                        "another id"
                    ),
                )
            )


def generated_pages(games: Mapping[str, tuple[str | None, Iterable[str]]]) -> frozenset[str]:
    """The paths of the pages the data makes, in every language (`uk/<game>/skills.md`), from
    each game's (compare-with, page ids) by its id: the sources, the editions compared when a game
    is compared with another, each game's home and pages."""
    compared = any(compare_with in games for compare_with, _ in games.values())
    generated: set[str] = set()
    for lang in LANGUAGES:
        generated.update(f"{lang}/{page}" for page in LANGUAGE_ROOT_PAGES if compared or page != "editions.md")
        for game_id, (_, pages) in games.items():
            generated.add(f"{lang}/{game_id}/index.md")
            generated.update(f"{lang}/{game_id}/{page}.md" for page in pages)
    return frozenset(generated)


def pages_of(game: Game) -> tuple[str | None, tuple[str, ...]]:
    """What generated_pages needs of a game."""
    return game.compare_with, tuple(page.id for page in game.pages)


def _shadowed_content(project: Project, errors: list[DataError], project_root: Path) -> None:
    content = project_root / "content"
    if not content.is_dir():
        return
    reserved = {f"{lang}/{page}" for lang in LANGUAGES for page in LANGUAGE_ROOT_PAGES}
    made = generated_pages({game.id: pages_of(game) for game in project.games.values()})
    for rel in sorted(made | reserved):
        path = content / rel
        if path.exists() or path.is_symlink():
            errors.append(
                DataError(
                    Location(display(path, project_root), 1, 1),
                    "",
                    (
                        "this hand-written page has the path of a page generated from rules_data/; rename it or "
                        "move its text into the data"
                    ),
                )
            )
