"""Typed entities of the rules data.

Plain dataclasses rather than pydantic: every check needs the YAML position of the value it
looks at, and every message is our own wording pinned by tests; a validation library would
have to be wrapped on both counts, so it would add a dependency and save no code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import DataError, Location
from generator.languages import DRAFTS, NAME_LANGUAGES, missing_text
from generator.load.yamlpos import Node


class Text(str):
    """A localized string that remembers its YAML node, so references in it can be located."""

    node: Node

    def __new__(cls, value: str, node: Node) -> "Text":
        text = super().__new__(cls, value)
        text.node = node
        return text

    def __reduce__(self):  # kept with its node: a loaded game read back locates its references
        return Text, (str(self), self.node)


class Localized(dict[str, Text]):
    """Language -> text. A draft language's text not written yet reads as a visible mark, so the
    live preview shows the language with its gaps (a published language always has its text)."""

    def __missing__(self, lang: str) -> str:
        if lang in DRAFTS:
            return missing_text(lang)
        raise KeyError(lang)


def localized_tree(value: Any) -> Any:
    """A tree of texts by language (a game's narration file) with each {language: text} mapping
    a Localized: a draft language's missing sentence reads as its mark, like the data's texts."""
    if isinstance(value, dict):
        if value and set(value) <= set(NAME_LANGUAGES):  # a text (or its forms) in each language
            return Localized(value)
        return {key: localized_tree(child) for key, child in value.items()}
    if isinstance(value, list):
        return [localized_tree(child) for child in value]
    return value


@dataclass(frozen=True)
class SourceRef:
    source: str  # id in sources.yaml
    section: str  # heading in that document, may be empty
    where: Location


@dataclass
class Source:
    id: str
    file: str
    games: tuple[tuple[str, Location], ...]  # the games it is about (ids), each with where it is named
    language: str
    title: Localized
    where: Location
    sections: list[str] | None = None  # the document's headings, when listed: citations must use them

    @property
    def game_ids(self) -> list[str]:
        return [game_id for game_id, _ in self.games]


@dataclass
class Entity:
    """Anything with an id that a page shows as a section and prose can link to."""

    kind: str  # rule, term, note, faq, parameter, or a game's own kind
    id: str
    where: Location
    page: str = ""  # id of the page that shows it
    name: Localized = field(default_factory=Localized)  # English and each page language
    aliases: dict[str, list[str]] = field(default_factory=dict)
    text: Localized = field(default_factory=Localized)
    sources: list[SourceRef] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)  # kind-specific
    field_where: dict[str, Location] = field(default_factory=dict)
    children: list["Entity"] = field(default_factory=list)  # nested rules sections
    depth: int = 0  # nesting level of a rules section

    def title(self, lang: str) -> str:
        """The heading: a section's title, otherwise the entity's name."""
        titled = self.fields.get("title") or self.fields.get("question")
        return titled[lang] if titled else self.name[lang]

    def localized_fields(self) -> dict[str, "Localized"]:
        """Every localized text of the entity (text, title, question, objectives, ...)."""
        found: dict[str, Localized] = {"text": self.text} if self.text else {}
        for key, value in self.fields.items():
            if isinstance(value, Localized) and value and all(isinstance(v, Text) for v in value.values()):
                found[key] = value
        return found


@dataclass
class Page:
    id: str
    game: str
    file: str  # path relative to the project, for "edit this page"
    order: int
    title: Localized
    intro: Localized
    kind: str  # entity kind listed on the page
    entities: list[Entity]
    where: Location
    topics: list["Topic"] = field(default_factory=list)  # the headings a FAQ page groups its rulings under


@dataclass
class Topic:
    """A heading of a page that groups its entries (FAQ rulings name theirs with `topic`)."""

    id: str
    title: Localized
    where: Location


@dataclass
class Game:
    id: str
    name: dict[str, str]
    text: Localized
    file: str
    pages: list[Page] = field(default_factory=list)
    entities: dict[str, Entity] = field(default_factory=dict)  # every id of the game
    parameters: dict[str, Entity] = field(default_factory=dict)  # explicit and derived
    complete: bool = True  # False when a file could not be read: unknown ids are then expected
    engine: str | None = None  # the game package that knows this game (generator/games/<engine>)
    link_kinds: tuple[str, ...] = ()  # the package's kinds a `{kind:id}` reference may name
    search_kinds: tuple[str, ...] = ()  # the package's kinds a reader finds by name
    examples: list = field(default_factory=list)  # worked examples (generator/load/examples.py)
    compare_with: str | None = None  # the other edition of the same game, for the comparison page
    incomplete_kinds: tuple[str, ...] = ()  # kinds the sources list only in part
    order: int = 0  # place among the games in navigation and on the home pages
    where: Location | None = None
    root: Path | None = None  # the project folder its files are named from (the check cards stand beside them)
    duplicate_ids: set[str] = field(default_factory=set)  # reported once; references to them are not judged

    def of_kind(self, kind: str) -> list[Entity]:
        return [e for e in self.entities.values() if e.kind == kind]

    def by_id(self, kind: str) -> dict[str, Entity]:
        return {e.id: e for e in self.of_kind(kind)}


@dataclass
class Project:
    sources: dict[str, Source] = field(default_factory=dict)
    games: dict[str, Game] = field(default_factory=dict)
    labels: dict[str, Localized] = field(default_factory=dict)  # interface strings
    # Texts draft languages do not have yet (generator/languages.py): counted, not errors.
    gaps: list[DataError] = field(default_factory=list)
    # The hand-written pages' headings and links, by path under content/ (load/content_pages.py).
    content_outlines: dict = field(default_factory=dict)
    search_figures: dict | None = None  # the search's measured quality (load/search_figures.py)
