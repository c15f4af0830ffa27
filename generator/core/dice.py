"""Dice as a chance player: typed dice with named faces; scripted, seeded, or enumerated exactly.

A `Die` is its list of faces: the d6 is `Die("d6", (1, 2, 3, 4, 5, 6))`; a symbol die is
`Die("red", ("hit", "hit", "blank", ...))` with one entry per face, repeats allowed. The engine
asks a `Dice` for `roll(n, die)` and never cares where the faces come from:
- `ScriptedDice` replays a list of faces (worked examples, tests);
- `SeededDice` draws from a seeded generator (simulation);
- `exact_outcomes` runs a function once per possible roll and weighs each result by its exact
  probability, so odds fall out of the same code that plays, for any die.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from typing import Callable, Hashable, Protocol, TypeVar

from generator.errors import ScenarioError

Face = Hashable  # a number (d6) or a symbol name
T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class Die:
    """A die as its faces, one entry per physical face (a face printed twice appears twice)."""

    name: str
    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die '{self.name}' has no faces")

    def kinds(self) -> list[Face]:
        """Each distinct face once, in the order first printed."""
        return list(dict.fromkeys(self.faces))

    def chance(self, wanted: Callable[[Face], bool]) -> Fraction:
        """The exact chance that one roll shows a face for which `wanted` is true."""
        return Fraction(sum(1 for face in self.faces if wanted(face)), len(self.faces))

    def describe(self) -> str:
        kinds = self.kinds()
        numbers = [f for f in kinds if isinstance(f, int)]
        if len(numbers) == len(kinds) and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"numbers {numbers[0]}-{numbers[-1]}"
        return "faces " + ", ".join(str(f) for f in kinds)


D6 = Die("d6", (1, 2, 3, 4, 5, 6))
SIDES = len(D6.faces)


class Dice(Protocol):
    def roll(self, n: int, die: Die = D6) -> list: ...


class DiceExhausted(ScenarioError):
    """A scripted sequence ran out: the scenario needs more dice."""


class ScriptedDice:
    """Replays faces in order. Every face must exist on the die it is rolled for."""

    def __init__(self, values: list, die: Die = D6):
        bad = [v for v in values if not _is_face(v, die)]
        if bad:
            raise ScenarioError(f"scripted dice must be {die.describe()}, found {bad}")
        self._values = list(values)
        self.used = 0

    def roll(self, n: int, die: Die = D6) -> list:
        if self.used + n > len(self._values):
            raise DiceExhausted(
                f"the script has {len(self._values) - self.used} dice left but {n} are rolled; add dice to the scenario"
            )
        out = self._values[self.used : self.used + n]
        bad = [v for v in out if not _is_face(v, die)]
        if bad:
            raise ScenarioError(f"scripted dice {bad} are rolled on the {die.name}, whose faces are {die.describe()}")
        self.used += n
        return out

    @property
    def left(self) -> int:
        return len(self._values) - self.used


def _is_face(value, die: Die) -> bool:
    return not isinstance(value, bool) and value in die.faces


class SeededDice:
    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def roll(self, n: int, die: Die = D6) -> list:
        if die == D6:  # the d6 draws as it always has, so seeded scenarios keep their rolls
            return [self._rng.randint(1, SIDES) for _ in range(n)]
        return [self._rng.choice(die.faces) for _ in range(n)]


def roll_outcomes(n: int, die: Die = D6) -> list[tuple[tuple, Fraction]]:
    """Every multiset of n faces (in face order) with its exact probability (they sum to 1)."""
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

    def roll(self, n: int, die: Die = D6) -> list:
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
    die, so the function must depend on the faces rolled, not on their order.
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
