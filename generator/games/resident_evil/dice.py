"""The game's dice as named faces, rolled from a script.

The source names the faces by their meaning (a blank, three ranked success results; the
encounter die's Umbrella face that raises corpses) but prints no die's face distribution, so
there is no seeded or enumerated roll here: every roll in a scenario or worked example is
scripted by face, and no odds are computed from an unknown die.
"""

from __future__ import annotations

from generator.errors import ScenarioError

ATTACK_DICE = ("blue",)  # the game's one die colour for attacks and evades (the encounter die is apart)
BLANK = "blank"
UMBRELLA = "umbrella"  # the encounter die's face that turns corpses into zombies
OTHER = "other"  # any other encounter die face


class DiceError(ScenarioError):
    """A scripted roll that does not match what the rules roll; the message says what to write."""


def faces_of(die: str, success_results: tuple[str, ...]) -> tuple[str, ...]:
    if die == "encounter":
        return (UMBRELLA, OTHER)
    return (BLANK, *success_results)


class ScriptedRolls:
    """Rolls given as lists of faces, one list per roll, used in order."""

    def __init__(self, rolls: list[list[str]], success_results: tuple[str, ...]):
        self._rolls = [list(r) for r in rolls]
        self._success = success_results
        self.used = 0

    def roll(self, die: str, n: int, purpose: str) -> list[str]:
        if self.used >= len(self._rolls):
            raise DiceError(
                f"the {purpose} rolls {n} {die} dice, but the step scripts no more rolls; add one to the step's dice"
            )
        faces = self._rolls[self.used]
        if len(faces) != n:
            raise DiceError(
                f"the {purpose} rolls {n} {die} dice, but the scripted roll {self.used + 1} has "
                f"{len(faces)} faces {faces}"
            )
        allowed = faces_of(die, self._success)
        wrong = [f for f in faces if f not in allowed]
        if wrong:
            raise DiceError(
                f"the {purpose} rolls {die} dice, whose faces are {', '.join(allowed)}; the script has {wrong}"
            )
        self.used += 1
        return list(faces)

    @property
    def left(self) -> int:
        return len(self._rolls) - self.used
