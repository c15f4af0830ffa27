"""Exact odds of an attack: the distribution of hits and the chance to kill k zombies.

Computed with fractions from the per-die hit chance (binomial), including re-rolls, which
always take all the dice again and keep the new result. `engine_hit_distribution` gets the
same numbers by running the engine itself under every possible roll (dice.exact_outcomes).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import AbstractSet, Sequence

from generator.core.dice import SIDES, exact_outcomes
from generator.games.zombicide.board import parse_map
from generator.games.zombicide.engine import Game
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.skills import damage_bonus, dice_bonus, roll_bonus
from generator.games.zombicide.state import Item, State, Survivor, Zombie

Distribution = dict[int, Fraction]


@dataclass(frozen=True)
class Attack:
    """What decides an attack's odds, once weapon and skills are folded in."""

    dice: int
    accuracy: int
    damage: int
    roll_bonus: int = 0
    rerolls: int = 0  # re-rolls the survivor may use on this action
    reroll_below: int | None = None  # policy: re-roll while the hits are fewer than this
    max_die: int = SIDES


def attack_for(
    rules: Rules,
    weapon: str,
    skills: frozenset[str] | set[str] = frozenset(),
    dual: bool = False,
    mode: str | None = None,
    rerolls: int = 0,
    reroll_below: int | None = None,
) -> Attack:
    """The Attack of a weapon card in the hands of a survivor with these skills."""
    profile = rules.card(weapon).profile(mode)
    if profile is None or profile.dice == 0:
        raise ValueError(f"'{weapon}' has no dice attack")  # a programming error: odds_tables skips those
    weapons = 2 if dual else 1
    return Attack(
        dice=(profile.dice + dice_bonus(set(skills), profile.kind)) * weapons,
        accuracy=profile.accuracy,
        damage=profile.damage + damage_bonus(set(skills), profile.kind),
        roll_bonus=roll_bonus(set(skills), profile.kind),
        rerolls=rerolls,
        reroll_below=reroll_below,
        max_die=rules.max_die_result,
    )


def hit_chance(accuracy: int, bonus: int = 0, max_die: int = SIDES) -> Fraction:
    """Chance that one die hits: its result plus the bonus (capped) reaches the accuracy."""
    hitting = sum(1 for v in range(1, SIDES + 1) if min(v + bonus, max_die) >= accuracy)
    return Fraction(hitting, SIDES)


def binomial(n: int, p: Fraction) -> Distribution:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def hit_distribution(attack: Attack) -> Distribution:
    """Exact distribution of the number of hits, re-roll policy included."""
    one_roll = binomial(attack.dice, hit_chance(attack.accuracy, attack.roll_bonus, attack.max_die))

    def final(rerolls_left: int) -> Distribution:
        if rerolls_left == 0 or attack.reroll_below is None:
            return one_roll
        after = final(rerolls_left - 1)
        out: Distribution = {}
        for hits, p in one_roll.items():
            if hits >= attack.reroll_below:
                out[hits] = out.get(hits, Fraction(0)) + p
            else:
                for h2, p2 in after.items():
                    out[h2] = out.get(h2, Fraction(0)) + p * p2
        return out

    return {h: p for h, p in sorted(final(attack.rerolls).items()) if p}


def kill_distribution(attack: Attack, min_damage: int, count: int) -> Distribution:
    """Kills among `count` zombies of one type alone in the zone (a weak hit kills nothing)."""
    if attack.damage < min_damage:
        return {0: Fraction(1)}
    out: Distribution = {}
    for hits, p in hit_distribution(attack).items():
        kills = min(hits, count)
        out[kills] = out.get(kills, Fraction(0)) + p
    return out


def chance_to_kill(attack: Attack, min_damage: int, count: int, k: int) -> Fraction:
    """Probability of killing at least k of `count` zombies of one type."""
    return sum((p for kills, p in kill_distribution(attack, min_damage, count).items() if kills >= k), Fraction(0))


def expected_hits(attack: Attack) -> Fraction:
    return sum((h * p for h, p in hit_distribution(attack).items()), Fraction(0))


def simulate_hits(attack: Attack, trials: int, seed: int) -> dict[int, float]:
    """The same distribution by seeded simulation (to check the exact one)."""
    rng = random.Random(seed)
    # Whether each face hits, once; then the dice of many rolls are drawn in one call.
    face_hits = [int(min(face + attack.roll_bonus, attack.max_die) >= attack.accuracy) for face in range(1, SIDES + 1)]

    def rolls(count: int) -> list[int]:
        """The hits of `count` rolls of all the attack's dice."""
        faces = iter(rng.choices(face_hits, k=count * attack.dice))
        return list(map(sum, zip(*[faces] * attack.dice))) if attack.dice else [0] * count

    hits = rolls(trials)
    if attack.reroll_below is not None:  # a re-roll is taken while the roll falls short
        for _ in range(attack.rerolls):
            short = [trial for trial, h in enumerate(hits) if h < attack.reroll_below]
            for trial, again in zip(short, rolls(len(short))):
                hits[trial] = again
    counts = Counter(hits)
    return {h: c / trials for h, c in sorted(counts.items())}


def engine_hit_distribution(
    rules: Rules,
    weapon: str,
    skills: AbstractSet[str] = frozenset(),
    dual: bool = False,
    rerolls: Sequence[str] = (),
    reroll_below: int | None = None,
    items: Sequence[str] = (),
) -> Distribution:
    """Hits by running the engine's own attack under every possible roll."""

    def run(dice) -> int:
        hands = [Item(weapon), Item(weapon) if dual else None]
        s = Survivor("shooter", "a", hands=hands, backpack=[Item(i) for i in items], skills=set(skills))
        state = State(
            board=parse_map("a"), survivors={"shooter": s}, zombies=[Zombie(i, "walker", "a") for i in range(1, 40)]
        )
        game = Game(rules, state, dice)
        game.attack("shooter", weapon, dual=dual, rerolls=list(rerolls), reroll_below=reroll_below)
        return next(e["hits"] for e in state.events if e["event"] == "hits")

    return dict(sorted(exact_outcomes(run).items()))
