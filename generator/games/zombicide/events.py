"""The kinds of event the Zombicide rules model reports in its traces (narration.yaml tells each one)."""
from __future__ import annotations

EVENT_KINDS = frozenset({
    "abomination-activates", "born-leader", "extra-dice", "two-cocktails", "building-revealed", "car-attack",
    "change-seat", "close-door",
    "combine", "discard", "drive", "end-phase", "friendly-fire", "get-in", "get-out", "heal",
    "hit-absorbed", "hit-survivor", "hits", "is-that-all-youve-got", "kill", "level-up", "lose-card",
    "loud", "matching-set", "molotov", "move", "no-effect", "no-spawn", "noise", "objective",
    "open-door", "out-of-miniatures", "re-roll", "reload", "reorganize", "reshuffle", "roll", "search",
    "second-action", "spawn", "split", "survivor-dies", "tough", "trade", "wound", "zombie-card",
    "zombie-phase", "zombies-attack", "zombies-move",
})
