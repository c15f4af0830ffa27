"""Zombicide's entity kinds: skills, zombies, danger levels, equipment, missions, zombie cards.

The loader asks the registry (generator/games/) for these; the readers check one value each and
report problems in the user's terms, like the shared ones in generator/load/schema.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.errors import Location
from generator.load.schema import (
    COMMON_OPTIONAL,
    NAMED,
    Context,
    EntitySpec,
    expect_kind,
    read_bool,
    read_choice,
    read_id,
    read_id_list,
    read_int,
    read_list_of,
    read_mapping,
    read_range,
    read_sources,
    read_string,
    read_string_list,
    read_text,
)
from generator.load.yamlpos import Node

STAT_NAMES = ("actions", "min-damage", "xp")


def read_stats(node: Node, ctx: Context) -> dict[str, int | None] | None:
    if not expect_kind(node, ctx, "map", f"statistics ({', '.join(STAT_NAMES)})"):
        return None
    stats = {}
    for key, child in node.value.items():
        if key not in STAT_NAMES:
            ctx.error(child.key_where, f"unknown statistic '{key}'; use {', '.join(STAT_NAMES)}")
            continue
        stats[key] = read_int(child, ctx.at(key))  # None when invalid: the key still exists
    for key in STAT_NAMES:
        if key not in node.value:
            ctx.error(node.where, f"missing statistic '{key}'; add it")
    return stats


def read_skill_model(node: Node, ctx: Context) -> Any:
    if node.kind == "scalar" and node.value == "applied":
        return "applied"
    if node.kind == "map" and set(node.value) == {"descriptive"}:
        reason = read_string(node.value["descriptive"], ctx.at("descriptive"))
        return {"descriptive": reason} if reason else None
    ctx.error(node.where, "model must be 'applied' or {descriptive: \"why the model does not apply it\"}")
    return None


ATTACK = read_mapping(
    {
        "mode": read_choice("melee", "ranged"),
        "range": read_range,
        "dice": read_int,
        "accuracy": read_int,
        "damage": read_int,
        "noise": read_choice("noisy", "silent"),
    },
    {"reload": read_bool, "special": read_choice("kills-all-in-zone", "sniper")},
    what="an attack profile (mode, range, dice, accuracy, damage, noise)",
)


@dataclass
class CardRows:
    """A zombie card's rows: level -> zombie -> count, and where each zombie is named."""

    counts: dict[str, dict[str, int]]
    where: dict[tuple[str, str], Location]


def read_card_rows(node: Node, ctx: Context) -> CardRows | None:
    if not expect_kind(node, ctx, "map", "rows by danger level ({blue: {walker: 1}, ...})"):
        return None
    rows = CardRows({}, {})
    for level, row in node.value.items():
        inner = ctx.at(level)
        rows.where[(level, "")] = row.key_where
        if not expect_kind(row, inner, "map", "zombies and counts ({walker: 2}; {} for none)"):
            continue
        rows.counts[level] = {}
        for zombie, count in row.value.items():
            value = read_int(count, inner.at(zombie))
            if value is not None:
                rows.counts[level][zombie] = value
                rows.where[(level, zombie)] = count.key_where
    return rows


def read_skill_tree(node: Node, ctx: Context) -> dict[str, list[tuple[str, Location]]] | None:
    """A survivor's skills by danger level: {blue: [id], yellow: [id], orange: [id, id], red: [...]}.

    Several ids at one level are the choices offered there (the player takes one)."""
    if not expect_kind(node, ctx, "map", "skills by danger level ({blue: [skill-id], orange: [a, b], ...})"):
        return None
    tree: dict[str, list[tuple[str, Location]]] = {}
    for level, child in node.value.items():
        ids = read_id_list(child, ctx.at(level))
        if ids is not None:
            tree[level] = ids
            if not ids:
                ctx.error(child.where, f"no skill at level '{level}'; name at least one skill id")
    return tree


SPECS = {
    "survivor": EntitySpec(
        "survivor",
        {**NAMED, "skills": read_skill_tree},
        {
            **COMMON_OPTIONAL,
            "type": read_choice("adult", "kid"),
            "health": read_int,
        },
    ),
    "skill": EntitySpec(
        "skill",
        {**NAMED, "model": read_skill_model},
        # An attack the skill gives without a card (Improvised weapon), as an equipment card prints it.
        {**COMMON_OPTIONAL, "attacks": read_list_of(ATTACK, "a list of attack profiles")},
    ),
    "zombie": EntitySpec("zombie", {**NAMED, "stats": read_stats}, {**COMMON_OPTIONAL, "special": read_id_list}),
    "level": EntitySpec("level", {**NAMED, "xp": read_int}, COMMON_OPTIONAL),
    "equipment": EntitySpec(
        "equipment",
        {**NAMED, "kind": read_choice("weapon", "item", "zombie-card", "wound", "car")},
        {
            **COMMON_OPTIONAL,
            "attacks": read_list_of(ATTACK, "a list of attack profiles"),
            "dual": read_bool,
            "door": read_choice("none", "silent", "noisy"),
            "copies": read_int,
            "deck": read_id,
            "ammo": read_choice("bullets", "shells"),
            "set-aside": read_bool,
            "combine": read_mapping({"with": read_id, "makes": read_id}),
            "backpack": read_bool,
            "rerolls-ammo": read_choice("bullets", "shells"),  # Plenty of Ammo: re-roll for that ammo
            "search-draws": read_int,  # Flashlight: cards drawn by a search
        },
    ),
    "mission": EntitySpec(
        "mission",
        {
            **NAMED,
            "objectives": read_text,
            "difficulty": read_choice("tutorial", "easy", "medium", "hard"),
            "survivors": read_string,
            "duration": read_int,
        },
        {
            **COMMON_OPTIONAL,
            "tiles": read_string_list,
            "special-rules": read_text,
            "number": read_int,
        },
    ),
    "zombie-card": EntitySpec(
        "zombie-card",
        {"number": read_int, "effect": read_choice("spawn", "rush", "manhole", "extra-activation")},
        {
            "rows": read_card_rows,
            "activates": read_id,
            "sources": read_sources,
        },
        heading=lambda fields: f"#{fields['number']:02d}" if "number" in fields else None,  # known by its number
    ),
}

# File name -> (list key, entity kind).
PAGE_FILES = {
    "skills.yaml": ("skills", "skill"),
    "survivors.yaml": ("survivors", "survivor"),
    "zombies.yaml": ("zombies", "zombie"),
    "levels.yaml": ("levels", "level"),
    "equipment.yaml": ("equipment", "equipment"),
    "missions.yaml": ("missions", "mission"),
    "zombie-cards.yaml": ("cards", "zombie-card"),
}
