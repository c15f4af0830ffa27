"""The kinds of event the Zombicide rules model reports in its traces, each with the details it
carries (narration.yaml tells each one). An expectation may name only these details: a misspelt
one would match no event, and `count: 0` would pass without checking anything.
tests/model/test_event_fields.py reads every `emit(...)` and `event(...)` of the engine to keep
this list true."""

from __future__ import annotations

STAMP = ("round", "phase", "player")  # every event carries them (generator/core/phases.py)

EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "abomination-activates": (),
    "born-leader": ("survivor", "target", "turn"),
    "building-revealed": ("building",),
    "car-attack": ("survivor", "zone", "dice", "hits", "hit"),
    "car-search-no-weapon": ("survivor", "zone", "car"),
    "change-seat": ("survivor", "car", "seat"),
    "close-door": ("survivor", "door"),
    "combine": ("survivor", "cards", "result", "copies"),
    "discard": ("survivor", "card", "why"),
    "drive": ("survivor", "car", "path"),
    "end-phase": (),
    "extra-dice": ("survivor", "skill", "dice"),
    "friendly-fire": ("survivor", "target", "damage"),
    "get-in": ("survivor", "car", "seat"),
    "get-out": ("survivor", "car"),
    "heal": ("survivor", "target", "wounds"),
    "hit-absorbed": ("survivor", "zombie", "damage", "need"),
    "hit-survivor": ("survivor", "target", "damage"),
    "hits": ("survivor", "hits", "misses", "damage", "zone", "assigned_by"),
    "is-that-all-youve-got": ("survivor", "card"),
    "kill": ("survivor", "zombie", "zone", "xp"),
    "level-up": ("survivor", "level", "xp"),
    "lose-card": ("survivor", "card"),
    "loud": ("survivor", "zone"),
    "matching-set": ("survivor", "card"),
    "molotov": ("survivor", "zone"),
    "move": ("survivor", "path", "cost", "zombies_left"),
    "no-effect": ("why",),
    "no-spawn": ("building", "why"),
    "noise": ("survivor", "zone"),
    "objective": ("survivor", "zone", "color", "xp"),
    "open-door": ("survivor", "door", "card", "noise", "zone"),
    "out-of-miniatures": ("zombie", "missing"),
    "re-roll": ("survivor", "source", "dice"),
    "reload": ("survivor", "weapon", "count"),
    "reorganize": ("survivor", "hands", "backpack", "discarded"),
    "reshuffle": ("cards",),
    "roll": ("survivor", "weapon", "dice", "accuracy"),
    "search": ("survivor", "zone", "drawn"),
    "second-action": ("zombies", "action"),
    "spawn": ("zone", "zombie", "count", "why"),
    "split": ("zone", "routes", "added"),
    "survivor-dies": ("survivor",),
    "tough": ("survivor",),
    "trade": ("survivor", "other", "give", "take"),
    "two-cocktails": ("survivor", "dice", "need", "kept"),
    "wound": ("survivor", "wounds"),
    "zombie-card": ("zone", "kind", "level", "activates"),
    "zombie-phase": (),
    "zombies-attack": ("zone", "attacks"),
    "zombies-move": ("zone", "moves", "reasons"),
}
EVENT_KINDS = frozenset(EVENT_FIELDS)
