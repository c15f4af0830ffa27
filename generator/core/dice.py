"""Dice as a chance player: typed dice with named faces; scripted, seeded, or enumerated exactly.

A `Die` is its list of faces: the d6 is `Die("d6", (1, 2, 3, 4, 5, 6))`; a symbol die is
`Die("red", ("hit", "hit", "blank", ...))` with one entry per face, repeats allowed. A die whose
faces are known by name but not how many of each it bears is `Die(name, faces, odds_known=False)`,
each face listed once: it is rolled from a script only, and no odds are computed from it. The
engine asks a `Dice` for `roll(n, die, purpose)` and never cares where the faces come from:
- `ScriptedDice` replays a list of faces (worked examples, tests);
- `ScriptedRolls` replays rolls scripted one by one, a list of faces per roll (a scenario step's
  `dice: [[hit, blank], [other]]`), each checked against the die and the number rolled;
- `SeededDice` draws from a seeded generator (simulation);
- `ExploringDice` draws each named face alike, from a seed, for random play only (never odds);
- `exact_outcomes` runs a function once per possible roll and weighs each result by its exact
  probability, so odds fall out of the same code that plays, for any die whose odds are known.
The `purpose` says what a roll is for ("attack roll"); a script's messages name it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from typing import Callable, Generic, Hashable, Protocol, TypeVar

from generator.errors import ScenarioError

Face = Hashable  # a number (d6) or a symbol name
F = TypeVar("F", bound=Hashable)
T = TypeVar("T", bound=Hashable)


class OddsUnknown(ValueError):
    """Odds, or a random draw, asked of a die whose faces are known by name only: the code that
    asks is wrong, not the data (such a die is rolled from a script)."""


@dataclass(frozen=True)
class Die(Generic[F]):
    """A die as its faces, one entry per physical face (a face printed twice appears twice).

    With `odds_known=False` the faces are only the names a die shows, each listed once, and how
    many of each it bears is unknown: `chance`, `roll_outcomes`, `exact_outcomes` and
    `SeededDice` refuse it (`OddsUnknown`); a script rolls it like any die.
    """

    name: str
    faces: tuple[F, ...]
    odds_known: bool = True

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die '{self.name}' has no faces")
        if not self.odds_known and len(set(self.faces)) != len(self.faces):
            raise ValueError(f"die '{self.name}' has unknown odds, so it lists each face once: {list(self.faces)}")

    def kinds(self) -> list[F]:
        """Each distinct face once, in the order first printed."""
        return list(dict.fromkeys(self.faces))

    def chance(self, wanted: Callable[[F], bool]) -> Fraction:
        """The exact chance that one roll shows a face for which `wanted` is true."""
        self.need_odds()
        return Fraction(sum(1 for face in self.faces if wanted(face)), len(self.faces))

    def need_odds(self) -> None:
        """Refuse a die whose odds are unknown (see the class)."""
        if not self.odds_known:
            raise OddsUnknown(
                f"the {self.name} die's faces are known by name only ({', '.join(map(str, self.faces))}), "
                "not how many of each it bears, so it has no odds and is rolled from a script only"
            )

    def describe(self) -> str:
        kinds = self.kinds()
        numbers = [f for f in kinds if isinstance(f, int)]
        if len(numbers) == len(kinds) and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"numbers {numbers[0]}-{numbers[-1]}"
        return "faces " + ", ".join(str(f) for f in kinds)


D6 = Die("d6", (1, 2, 3, 4, 5, 6))
SIDES = len(D6.faces)


class Dice(Protocol):
    def roll(self, n: int, die: Die = D6, purpose: str = "") -> list: ...


class DiceExhausted(ScenarioError):
    """A scripted sequence ran out: the scenario needs more dice."""


class RollMismatch(ScenarioError):
    """A scripted roll that does not fit what is rolled (how many dice, or a face the die lacks)."""


class ScriptedDice:
    """Replays faces in order. Every face must exist on the die it is rolled for."""

    def __init__(self, values: list, die: Die = D6):
        bad = [v for v in values if not _is_face(v, die)]
        if bad:
            raise ScenarioError(f"scripted dice must be {die.describe()}, found {bad}")
        self._values = list(values)
        self.used = 0

    def roll(self, n: int, die: Die = D6, purpose: str = "") -> list:
        if self.used + n > len(self._values):
            raise DiceExhausted(
                f"the script has {len(self._values) - self.used} dice left but {n} are rolled"
                f"{f' for the {purpose}' if purpose else ''}; add dice to the scenario"
            )
        out = self._values[self.used : self.used + n]
        bad = [v for v in out if not _is_face(v, die)]
        if bad:
            raise RollMismatch(
                f"scripted dice {bad} are rolled on the {die.name}"
                f"{f' for the {purpose}' if purpose else ''}, whose faces are {die.describe()}"
            )
        self.used += n
        return out

    @property
    def left(self) -> int:
        return len(self._values) - self.used


class ScriptedRolls:
    """Replays rolls scripted one by one, in order: each roll is a list of faces, as many as the
    dice rolled, each a face of the die rolled. `left` counts the rolls never asked for (a
    scenario refuses them: they are a mistake of the script)."""

    def __init__(self, rolls: list[list]):
        self._rolls = [list(r) for r in rolls]
        self.used = 0

    def roll(self, n: int, die: Die = D6, purpose: str = "") -> list:
        if self.used >= len(self._rolls):
            raise DiceExhausted(
                f"{_rolling(purpose, die, n)}, but the step scripts no more rolls; add one to the step's dice"
            )
        faces = self._rolls[self.used]
        if len(faces) != n:
            raise RollMismatch(
                f"{_rolling(purpose, die, n)}, but the scripted roll {self.used + 1} has {len(faces)} faces {faces}"
            )
        wrong = [f for f in faces if not _is_face(f, die)]
        if wrong:
            raise RollMismatch(
                f"{_rolling(purpose, die)}, whose faces are {', '.join(map(str, die.kinds()))}; the script has {wrong}"
            )
        self.used += 1
        return list(faces)

    @property
    def left(self) -> int:
        return len(self._rolls) - self.used


def _rolling(purpose: str, die: Die, n: int | None = None) -> str:
    """'the attack roll rolls 2 d6 dice', or without a purpose '2 d6 dice are rolled'."""
    dice = f"{die.name} dice" if n is None else f"{n} {die.name} dice"
    return f"the {purpose} rolls {dice}" if purpose else f"{dice} are rolled"


def _is_face(value, die: Die) -> bool:
    return not isinstance(value, bool) and value in die.faces


class SeededDice:
    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def roll(self, n: int, die: Die = D6, purpose: str = "") -> list:
        die.need_odds()
        if die == D6:  # the d6 draws as it always has, so seeded scenarios keep their rolls
            return [self._rng.randint(1, SIDES) for _ in range(n)]
        return [self._rng.choice(die.faces) for _ in range(n)]


class ExploringDice:
    """Each face a die bears by name equally likely, from a seed: for exploring the states play can
    reach (random play with invariants), never for odds, so a die whose odds are unknown rolls too."""

    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def roll(self, n: int, die: Die = D6, purpose: str = "") -> list:
        faces = die.kinds()
        return [self._rng.choice(faces) for _ in range(n)]


def roll_outcomes(n: int, die: Die = D6) -> list[tuple[tuple, Fraction]]:
    """Every multiset of n faces (in face order) with its exact probability (they sum to 1)."""
    die.need_odds()
    kinds = die.kinds()
    weight = Counter(die.faces)
    total = len(die.faces) ** n
    outcomes = []
    for combo in combinations_with_replacement(range(len(kinds)), n):
        ways = factorial(n)
        product = 1
        for index, count in Counter(combo).items():
            ways //= factorial(count)
            product *= weight[kinds[index]] ** count
        outcomes.append((tuple(kinds[i] for i in combo), Fraction(ways * product, total)))
    return outcomes


class _NeedRoll(Exception):
    def __init__(self, n: int, die: Die):
        self.n = n
        self.die = die


class _PathDice:
    """Replays a fixed prefix of rolls; asking beyond it marks a new chance node."""

    def __init__(self, prefix: list[tuple]):
        self._prefix = prefix
        self._next = 0

    def roll(self, n: int, die: Die = D6, purpose: str = "") -> list:
        if self._next == len(self._prefix):
            raise _NeedRoll(n, die)
        values = self._prefix[self._next]
        if len(values) != n:  # pragma: no cover - the function must be deterministic
            raise RuntimeError("the enumerated function rolled differently on replay")
        self._next += 1
        return list(values)


def exact_outcomes(run: Callable[[Dice], T]) -> dict[T, Fraction]:
    """Run `run(dice)` under every possible sequence of rolls; sum the probability per result.

    Each `roll(n, die)` is one chance node whose outcomes are the multisets of n faces of that
    die, so the function must depend on the faces rolled, not on their order. A die whose odds
    are unknown has no outcomes to weigh: rolling it raises `OddsUnknown`.
    """
    results: dict[T, Fraction] = {}
    stack: list[tuple[list[tuple], Fraction]] = [([], Fraction(1))]
    while stack:
        prefix, probability = stack.pop()
        try:
            result = run(_PathDice(prefix))
        except _NeedRoll as need:
            for values, p in roll_outcomes(need.n, need.die):
                stack.append(([*prefix, values], probability * p))
            continue
        results[result] = results.get(result, Fraction(0)) + probability
    return results
