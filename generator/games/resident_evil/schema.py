"""Resident Evil's entity kinds: characters, enemies, items and the game's decks and tokens.

The loader asks the registry (generator/games/) for these. No kind holds a card statistic: the
rulebook prints none (no evade dice, inventory size, threat, movement or hit points), so the
data records what the rulebook does say (a character's role, an enemy's size and whether it is
a boss, an item's kind and deck) and the text says that the card carries the numbers.
"""

from __future__ import annotations

from generator.load.schema import COMMON_OPTIONAL, NAMED, EntitySpec, read_bool, read_choice

ROLES = ("main", "reserve-only")
SIZES = ("small", "medium", "large", "unknown")  # "unknown": no source gives the model's size
ITEM_KINDS = ("weapon", "ammunition", "healing", "defence", "special", "resource")
DECKS = ("starting", "item-a", "item-b", "item-c", "none")
COMPONENT_TYPES = ("deck", "card", "token", "die", "board", "marker")

SPECS = {
    "character": EntitySpec("character", {**NAMED, "role": read_choice(*ROLES)}, COMMON_OPTIONAL),
    "enemy": EntitySpec(
        "enemy",
        {**NAMED, "size": read_choice(*SIZES), "boss": read_bool},
        {
            **COMMON_OPTIONAL,
            "in-rulebook": read_bool,  # false: named by other public sources only (see its sources)
        },
    ),
    "item": EntitySpec(
        "item",
        {**NAMED, "kind": read_choice(*ITEM_KINDS)},
        {
            **COMMON_OPTIONAL,
            "deck": read_choice(*DECKS),
        },
    ),
    "component": EntitySpec("component", {**NAMED, "type": read_choice(*COMPONENT_TYPES)}, COMMON_OPTIONAL),
}

PAGE_FILES = {
    "characters.yaml": ("characters", "character"),
    "enemies.yaml": ("enemies", "enemy"),
    "items.yaml": ("items", "item"),
    "components.yaml": ("components", "component"),
}
KINDS = tuple(SPECS)
