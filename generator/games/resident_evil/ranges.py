"""The numbers Resident Evil's rules allow, by parameter (checked by generator/load/ranges.py).

The rules model counts, divides and loops with these, so each has the range of the rule it
states: a square holds at least one model of each size (the weight of a medium or large model
is a division by these counts), the health track has boxes to stand on, a revived character
stands on one of them. Where the rulebook sets no bound the cap is generous and says so.
A parameter's kind (a whole number, true or false, a list of faces) is checked by
parameter_checks.py; a parameter not listed here is 0 to 10000 like any other.
"""

from __future__ import annotations

from generator.load.ranges import Range

HEALTH = "health-steps"  # the parameter that says how many boxes the health track has
SQUARE = "square-max-small"  # the most small models (the smallest weight) a square holds

PARAMETER_RANGES: dict[str, Range] = {
    # the turn
    "actions-per-turn": Range(1, 10, "a character takes 1 to 10 actions a turn"),
    "tension-cards-per-phase": Range(1, 5, "a Tension phase draws 1 to 5 cards"),
    "unresolvable-tension-extra-draws": Range(0, 5, "an unresolvable tension card brings 0 to 5 more draws"),
    # squares and models: each count is at least 1, the weights divide by them
    # the box's squares hold four small models; the diagrams draw a square as four quarters
    SQUARE: Range(1, 4, "a square holds 1 to 4 small models (a square of the board takes four)"),
    "square-medium-with-small": Range(
        0, SQUARE, "a square with a medium model holds at most as many small ones as it holds alone"
    ),
    "square-max-medium": Range(
        1, SQUARE, "a square holds at least 1 medium model, and no more medium models than small ones"
    ),
    "square-max-large": Range(
        1, SQUARE, "a square holds at least 1 large model, and no more large models than small ones"
    ),
    "same-square-range": Range(0, 0, "range 0 is the attacker's own square"),
    # characters
    HEALTH: Range(2, 20, "the health track has 2 to 20 boxes, Fine to Danger"),
    "max-characters": Range(1, 8, "a game has 1 to 8 characters"),
    "start-positions": Range(1, 10, "a scenario has 1 to 10 start positions"),
    "small-party-max": Range(1, 8, "a small party has 1 to 8 characters"),
    "switch-below-players": Range(1, 9, "switching is allowed below 1 to 9 players"),
    "revive-health-box": Range(1, HEALTH, "a revived character stands on a box of the health track"),
    "end-phase-heal": Range(0, HEALTH, "a character heals at most the whole health track"),
    # attacks and ammunition
    "ammo-per-attack": Range(1, 5, "an attack spends 1 to 5 ammunition points"),
    "rapid-fire-max-extra-dice": Range(0, 6, "rapid fire adds 0 to 6 dice"),
    "evade-steps": Range(1, 10, "the evade ladder has 1 to 10 steps"),
    "end-phase-handgun-ammo": Range(0, 99, "an ammunition dial shows 0 to 99"),
    # exploring and terrain
    "encounter-icons-max": Range(1, 6, "an unexplored token shows 1 to 6 icons"),
    "item-box-capacity": Range(1, 100, "the item box holds 1 to 100 cards"),
    "corpses-per-square-max": Range(
        1,
        SQUARE,
        "a corpse takes a small model's room: a square holds 1 corpse at least and no more than it holds small models",
    ),
    # ink ribbons
    "ink-ribbons-small-party": Range(0, 10, "a party starts with 0 to 10 ink ribbons"),
    "ink-ribbons-large-party": Range(0, 10, "a party starts with 0 to 10 ink ribbons"),
    # the campaign
    "danger-extra-text-levels": Range(
        2,
        10,
        "extra tension texts come at the higher danger levels, 2 to 10 "
        "(the track starts at level 1 and has at most 10)",
    ),
    "crimson-head-corpse-threshold": Range(0, 100, "a threshold counts 0 to 100 corpses"),
    "crimson-head-cards": Range(0, 20, "0 to 20 Crimson Head cards are added"),
    "corpse-danger-threshold": Range(0, 100, "a threshold counts 0 to 100 corpses"),
    "danger-on-complete": Range(0, 20, "the danger track moves 0 to 20 spaces"),
    "danger-on-fail": Range(0, 20, "the danger track moves 0 to 20 spaces"),
    "reserve-wounds-healed": Range(0, 20, "0 to 20 wound tokens are healed"),
    "reserve-death-wounds": Range(1, 20, "a reserve character dies at 1 to 20 wound tokens"),
    # the alternate modes
    "easy-ink-ribbons-per-character": Range(0, 10, "each character brings 0 to 10 ink ribbons"),
    "solo-item-box-capacity": Range(1, 100, "the item box holds 1 to 100 cards"),
    "solo-boss-health-reduction": Range(0, 99, "a boss loses 0 to 99 hit points"),
    "solo-start-positions": Range(1, 10, "a scenario has 1 to 10 start positions"),
}
