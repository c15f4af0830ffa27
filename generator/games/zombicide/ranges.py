"""The numbers Zombicide's rules allow, by entity kind and field (checked by generator/load/ranges.py).

Bounds are wide enough for every edition and expansion, narrow enough to catch a typo that
would print nonsense (`accuracy: 9` on a six-sided die) or hang the build (`dice: 1000000`
makes the exact odds tables grow for minutes).
"""

from __future__ import annotations

from generator.load.ranges import Range

DIE_FACES = "max-die-result"  # the highest result a roll shows, bonuses included: the die's top face

# An attack that rolls no dice (it kills every zombie in the zone): its dice, accuracy and
# damage may be 0.
ROLLS_NO_DICE = ("special", ("kills-all-in-zone",))
# (entity kind, field path) -> Range. Paths go through mappings by key and through lists as-is.
NUMBER_RANGES: dict[tuple[str, str], Range] = {
    ("equipment", "attacks.dice"): Range(1, 12, "a weapon rolls 1 to 12 dice", ROLLS_NO_DICE),
    ("equipment", "attacks.accuracy"): Range(1, DIE_FACES, "accuracy is a face of the die", ROLLS_NO_DICE),
    ("equipment", "attacks.damage"): Range(1, 5, "a hit deals 1 to 5 damage", ROLLS_NO_DICE),
    ("equipment", "attacks.range"): Range(0, 10, "a range counts 0 to 10 zones"),
    ("skill", "attacks.dice"): Range(1, 12, "a weapon rolls 1 to 12 dice"),
    ("skill", "attacks.accuracy"): Range(1, DIE_FACES, "accuracy is a face of the die"),
    ("skill", "attacks.damage"): Range(1, 5, "a hit deals 1 to 5 damage"),
    ("skill", "attacks.range"): Range(0, 10, "a range counts 0 to 10 zones"),
    ("equipment", "copies"): Range(1, 30, "a deck holds 1 to 30 copies of a card"),
    ("equipment", "search-draws"): Range(1, 5, "a search draws 1 to 5 cards"),
    ("zombie", "stats.actions"): Range(1, 5, "a zombie takes 1 to 5 actions"),
    ("zombie", "stats.min-damage"): Range(1, 5, "it takes 1 to 5 damage to kill a zombie"),
    ("zombie", "stats.xp"): Range(0, 20, "a kill earns 0 to 20 experience"),
    ("level", "xp"): Range(0, 500, "a danger level starts at 0 to 500 experience"),
    ("survivor", "health"): Range(1, 10, "a survivor starts with 1 to 10 health"),
    ("mission", "duration"): Range(1, 1440, "a mission lasts 1 to 1440 minutes"),
    ("mission", "number"): Range(0, 999, "missions are numbered 0 to 999"),
    ("zombie-card", "number"): Range(1, 999, "cards are numbered 1 to 999"),
    ("zombie-card", "rows.*.*"): Range(0, 50, "a card brings 0 to 50 zombies"),
}
# Parameters the rules model computes with; every other whole-number parameter is 0 to 10000.
PARAMETER_RANGES: dict[str, Range] = {
    "actions-per-turn": Range(1, 20, "a survivor has 1 to 20 actions per turn"),
    # The rules model rolls six-sided dice (generator/core/dice.py), as both editions do: a
    # higher cap would let a bonus show a 7, and the odds tables would count faces no die has.
    DIE_FACES: Range(6, 6, "Zombicide's die is six-sided, and a bonus never lifts a result above 6"),
    "wounds-to-die": Range(1, 20, "a survivor dies after 1 to 20 wounds"),
    "hand-slots": Range(1, 10, "a survivor has 1 to 10 hand slots"),
    "backpack-slots": Range(0, 20, "a backpack has 0 to 20 slots"),
    "players-min": Range(1, 12, "a game has 1 to 12 players"),
    "players-max": Range(1, 12, "a game has 1 to 12 players"),
    "zombie-actions-per-activation": Range(1, 5, "a zombie takes 1 to 5 actions"),
    "car-attack-hit": Range(1, DIE_FACES, "a car hits on a face of the die"),
    "flashlight-draws": Range(1, 5, "a search draws 1 to 5 cards"),
    "two-flashlights-draws": Range(0, 5, "a search draws 1 to 5 cards (0: a second Flashlight adds nothing)"),
}
