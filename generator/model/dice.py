"""Dice as a chance player: scripted, seeded, or enumerated exactly.

The engine asks a `Dice` for `roll(n)` and never cares where the values come from:
- `ScriptedDice` replays a list (worked examples, tests);
- `SeededDice` draws from a seeded generator (simulation);
- `exact_outcomes` runs a function once per possible roll and weighs each result by its exact
  probability, so odds fall out of the same code that plays.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from typing import Callable, Hashable, Protocol, TypeVar

SIDES = 6
T = TypeVar("T", bound=Hashable)


class Dice(Protocol):
    def roll(self, n: int) -> list[int]: ...


class DiceExhausted(RuntimeError):
    """A scripted sequence ran out: the scenario needs more dice."""


class ScriptedDice:
    def __init__(self, values: list[int]):
        bad = [v for v in values if not (isinstance(v, int) and 1 <= v <= SIDES)]
        if bad:
            raise ValueError(f"scripted dice must be numbers 1-{SIDES}, found {bad}")
        self._values = list(values)
        self.used = 0

    def roll(self, n: int) -> list[int]:
        if self.used + n > len(self._values):
            raise DiceExhausted(f"the script has {len(self._values) - self.used} dice left but {n} are rolled; "
                                f"add dice to the scenario")
        out = self._values[self.used:self.used + n]
        self.used += n
        return out

    @property
    def left(self) -> int:
        return len(self._values) - self.used


class SeededDice:
    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def roll(self, n: int) -> list[int]:
        return [self._rng.randint(1, SIDES) for _ in range(n)]


def roll_outcomes(n: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every multiset of n dice (sorted) with its exact probability (they sum to 1)."""
    total = SIDES ** n
    outcomes = []
    for combo in combinations_with_replacement(range(1, SIDES + 1), n):
        ways = factorial(n)
        for count in Counter(combo).values():
            ways //= factorial(count)
        outcomes.append((combo, Fraction(ways, total)))
    return outcomes


class _NeedRoll(Exception):
    def __init__(self, n: int):
        self.n = n


class _PathDice:
    """Replays a fixed prefix of rolls; asking beyond it marks a new chance node."""

    def __init__(self, prefix: list[tuple[int, ...]]):
        self._prefix = prefix
        self._next = 0

    def roll(self, n: int) -> list[int]:
        if self._next == len(self._prefix):
            raise _NeedRoll(n)
        values = self._prefix[self._next]
        if len(values) != n:  # pragma: no cover - the function must be deterministic
            raise RuntimeError("the enumerated function rolled differently on replay")
        self._next += 1
        return list(values)


def exact_outcomes(run: Callable[[Dice], T]) -> dict[T, Fraction]:
    """Run `run(dice)` under every possible sequence of rolls; sum the probability per result.

    Each `roll(n)` is one chance node whose outcomes are the sorted multisets of n dice, so the
    function must depend on the values rolled, not on their order (true of every attack).
    """
    results: dict[T, Fraction] = {}
    stack: list[tuple[list[tuple[int, ...]], Fraction]] = [([], Fraction(1))]
    while stack:
        prefix, probability = stack.pop()
        try:
            result = run(_PathDice(prefix))
        except _NeedRoll as need:
            for values, p in roll_outcomes(need.n):
                stack.append(([*prefix, values], probability * p))
            continue
        results[result] = results.get(result, Fraction(0)) + probability
    return results
