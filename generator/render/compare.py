"""The edition comparison: one row per rule, skill, zombie, level, term or card that differs
between two editions of a game, or exists in one of them only. Shared ids make the pairs."""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.load.entities import Entity, Game
from generator.render import references

PAGE = "editions.md"
KINDS = ("rule", "skill", "zombie", "level", "equipment", "term")
STAT_LABELS = {"actions": "actions", "min-damage": "min-damage", "xp": "xp"}


@dataclass
class Row:
    id: str
    old: Entity | None
    new: Entity | None
    changes: list[str] = field(default_factory=list)  # localized sentences, references resolved


def rows(old: Game, new: Game, kind: str, lang: str, labels) -> list[Row]:
    """Rows for one kind, in the newer edition's order, then the ids only the older one has."""
    old_by_id = {e.id: e for e in old.of_kind(kind)}
    new_by_id = {e.id: e for e in new.of_kind(kind)}
    if not old_by_id or not new_by_id:
        return []  # one edition has no data of this kind yet: nothing can be compared
    ordered = list(new_by_id) + [i for i in old_by_id if i not in new_by_id]
    found = []
    for entity_id in ordered:
        row = Row(entity_id, old_by_id.get(entity_id), new_by_id.get(entity_id))
        row.changes = _changes(row, old, new, lang, labels)
        missing_from = new if row.new is None else old if row.old is None else None
        if missing_from is not None and kind in missing_from.incomplete_kinds:
            continue  # absent from a list the sources give only in part: not a difference
        if missing_from is not None or row.changes:
            found.append(row)
    return found


def partial(old: Game, new: Game, kind: str) -> list[Game]:
    """The editions whose list of this kind is incomplete, to say so under the table."""
    return [game for game in (old, new) if kind in game.incomplete_kinds]


def _changes(row: Row, old: Game, new: Game, lang: str, labels) -> list[str]:
    changes = []
    for entity, game in ((row.new, new), (row.old, old)):
        described = entity.fields.get("edition-change") if entity else None
        if described:
            text = references.resolve(described[lang], game, lang, PAGE, labels)
            changes.append(" ".join(text.split()))
    if row.old and row.new:
        changes.extend(_measured(row.old, row.new, lang, labels))
    return changes


def _measured(old: Entity, new: Entity, lang: str, labels) -> list[str]:
    """Differences in the numbers themselves, so a changed statistic is never missed."""
    found = []
    if old.kind == "zombie":
        for key, label in STAT_LABELS.items():
            a, b = old.fields["stats"].get(key), new.fields["stats"].get(key)
            if a != b:
                found.append(f"{labels[label][lang]}: {a} → {b}")
    if old.kind == "level" and old.fields.get("xp") != new.fields.get("xp"):
        found.append(f"{labels['threshold'][lang]}: {old.fields.get('xp')} → {new.fields.get('xp')}")
    if old.kind == "equipment":
        for attack_new in new.fields.get("attacks", []):
            attack_old = next((a for a in old.fields.get("attacks", []) if a["mode"] == attack_new["mode"]), None)
            if attack_old and _line(attack_old) != _line(attack_new):
                found.append(f"{labels['attack-' + attack_new['mode']][lang]}: {_line(attack_old)} → {_line(attack_new)}")
        for key in ("dual", "door"):
            if old.fields.get(key) != new.fields.get(key) and key in new.fields and key in old.fields:
                found.append(f"{labels[key][lang]}: {_flag(old.fields[key], labels, lang)} → "
                             f"{_flag(new.fields[key], labels, lang)}")
    return found


def _line(attack: dict) -> str:
    """The statistics line as printed on a card: range, dice, accuracy, damage."""
    low, high = attack["range"]
    return f"{low}–{high} / {attack['dice']} / {attack['accuracy']}+ / {attack['damage']}"


def _flag(value, labels, lang: str) -> str:
    if isinstance(value, bool):
        return labels["flag-yes" if value else "flag-no"][lang]
    return labels[f"door-{value}"][lang]
