"""The edition comparison: one row per rule, term or game entity (as the game lists them) that
differs between two editions of a game, or exists in one of them only. Shared ids make the pairs."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.load.entities import Entity, Game
from generator.render import references
from generator.render.plain import as_markdown
from generator.render.spec import GamePages

PAGE = "editions.md"


def kinds(package: GamePages) -> tuple[str, ...]:
    """The kinds compared, in page order: rules, the game's own kinds, then terms."""
    return ("rule", *package.compare_kinds, "term")


@dataclass
class Row:
    id: str
    old: Entity | None
    new: Entity | None
    changes: list[str] = field(default_factory=list)  # localized sentences, references resolved


def rows(old: Game, new: Game, kind: str, lang: str, labels, package: GamePages) -> list[Row]:
    """Rows for one kind, in the newer edition's order, then the ids only the older one has."""
    old_by_id = {e.id: e for e in old.of_kind(kind)}
    new_by_id = {e.id: e for e in new.of_kind(kind)}
    if not old_by_id or not new_by_id:
        return []  # one edition has no data of this kind yet: nothing can be compared
    ordered = list(new_by_id) + [i for i in old_by_id if i not in new_by_id]
    found = []
    for entity_id in ordered:
        row = Row(entity_id, old_by_id.get(entity_id), new_by_id.get(entity_id))
        row.changes = _changes(row, old, new, lang, labels, package)
        missing_from = new if row.new is None else old if row.old is None else None
        if missing_from is not None and kind in missing_from.incomplete_kinds:
            continue  # absent from a list the sources give only in part: not a difference
        if missing_from is not None or row.changes:
            found.append(row)
    return found


def partial(old: Game, new: Game, kind: str) -> list[Game]:
    """The editions whose list of this kind is incomplete, to say so under the table."""
    return [game for game in (old, new) if kind in game.incomplete_kinds]


def _changes(row: Row, old: Game, new: Game, lang: str, labels, package: GamePages) -> list[str]:
    changes: list[str] = []  # Markdown (Markup) for a described change, plain text for a measured one
    for entity, game in ((row.new, new), (row.old, old)):
        described = entity.fields.get("edition-change") if entity else None
        if described:
            text = references.resolve(described[lang], game, lang, PAGE, labels)
            changes.append(as_markdown(" ".join(text.split())))  # a checked text, its references now links
    if row.old and row.new:
        changes.extend(package.measured_changes(row.old, row.new, lang, labels))
    return changes
