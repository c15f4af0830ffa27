"""The game's dice: the shared core's dice (generator/core/dice.py) with named faces.

The source names the faces by their meaning (a blank, three ranked success results; the
encounter die's Umbrella face that raises corpses) but prints no die's face distribution. So
each die lists each named face once and says its odds are unknown (`odds_known=False`): the
core refuses to compute odds for it or to draw it from a seed, and no odds are computed for
this game. Every roll in a scenario or worked example is scripted by face, one list of faces
per roll (the core's `ScriptedRolls`, built for each step by scenario.py).
"""

from __future__ import annotations

from generator.core.dice import Die

ATTACK_DICE = ("blue",)  # the game's one die colour for attacks and evades (the encounter die is apart)
BLANK = "blank"
UMBRELLA = "umbrella"  # the encounter die's face that turns corpses into zombies
OTHER = "other"  # any other encounter die face

# The encounter die, as the corpse roll reads it: the Umbrella face, or any other face. How many
# of its faces bear the Umbrella the source does not print: no odds are computed from it.
ENCOUNTER_DIE = Die("encounter", (UMBRELLA, OTHER), odds_known=False)


def attack_die(success_results: tuple[str, ...]) -> Die[str]:
    """The blue die of attacks and evades: the blank face, then the ranked success results of
    the rules (parameter `success-results`), each once. The source does not print how many
    faces bear each, so no odds are computed from it."""
    return Die(ATTACK_DICE[0], (BLANK, *success_results), odds_known=False)
