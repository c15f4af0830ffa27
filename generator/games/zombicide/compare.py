"""What the edition comparison measures in Zombicide's entities: statistics, thresholds, attacks."""

from __future__ import annotations

from generator.load.entities import Entity

STAT_LABELS = {"actions": "actions", "min-damage": "min-damage", "xp": "xp"}


def measured_changes(old: Entity, new: Entity, lang: str, labels) -> list[str]:
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
                found.append(
                    f"{labels['attack-' + attack_new['mode']][lang]}: {_line(attack_old)} → {_line(attack_new)}"
                )
        for key in ("dual", "door"):
            if old.fields.get(key) != new.fields.get(key) and key in new.fields and key in old.fields:
                found.append(
                    f"{labels[key][lang]}: {_flag(old.fields[key], labels, lang)} → "
                    f"{_flag(new.fields[key], labels, lang)}"
                )
    return found


def _line(attack: dict) -> str:
    """The statistics line as printed on a card: range, dice, accuracy, damage."""
    low, high = attack["range"]
    return f"{low}–{high} / {attack['dice']} / {attack['accuracy']}+ / {attack['damage']}"


def _flag(value, labels, lang: str) -> str:
    if isinstance(value, bool):
        return labels["flag-yes" if value else "flag-no"][lang]
    return labels[f"door-{value}"][lang]
