"""Exact odds: binomial closed forms, re-roll policies, the engine's own enumeration, simulation."""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt

import pytest

from generator.games.zombicide.odds import (
    Attack,
    attack_for,
    binomial,
    chance_to_kill,
    engine_hit_distribution,
    expected_hits,
    hit_chance,
    hit_distribution,
    kill_distribution,
    simulate_hits,
)


@pytest.mark.parametrize("dice,accuracy,bonus", [(1, 4, 0), (2, 3, 0), (3, 5, 0), (5, 5, 1), (2, 6, 1), (1, 6, 2)])
def test_hits_match_the_binomial_closed_form(dice, accuracy, bonus):
    p = Fraction(min(6, 7 - accuracy + bonus), 6) if accuracy <= 6 else Fraction(0)
    expected = {k: comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)}
    got = hit_distribution(Attack(dice, accuracy, 1, roll_bonus=bonus))
    assert got == {k: v for k, v in expected.items() if v}
    assert sum(got.values()) == 1


def test_bonus_is_capped_at_six():
    assert hit_chance(6, 1) == Fraction(2, 6)  # a 5 becomes 6; a 6 stays 6
    assert hit_chance(7, 3) == 0  # nothing reaches 7


def test_reroll_policy_closed_form():
    # One die at 4+, re-roll once on a miss: P(hit) = 1/2 + 1/2 * 1/2.
    dist = hit_distribution(Attack(1, 4, 1, rerolls=1, reroll_below=1))
    assert dist == {0: Fraction(1, 4), 1: Fraction(3, 4)}
    # Two re-rolls: 1 - (1/2)^3.
    assert hit_distribution(Attack(1, 4, 1, rerolls=2, reroll_below=1))[1] == Fraction(7, 8)
    # Without a policy the re-rolls are never used.
    assert hit_distribution(Attack(1, 4, 1, rerolls=2)) == binomial(1, Fraction(1, 2))


def test_kill_odds(z1):
    shotgun = attack_for(z1, "shotgun")
    assert chance_to_kill(shotgun, z1.zombies["fatty"].min_damage, 1, 1) == 1 - Fraction(1, 2) ** 2
    pistol = attack_for(z1, "pistol")
    assert kill_distribution(pistol, z1.zombies["fatty"].min_damage, 2) == {0: Fraction(1)}
    sub_mg = attack_for(z1, "sub-mg")
    assert kill_distribution(sub_mg, 1, 1) == {0: Fraction(8, 27), 1: Fraction(19, 27)}
    assert expected_hits(sub_mg) == 1


def test_attack_for_folds_in_skills_and_dual(z1):
    attack = attack_for(
        z1, "pistol", {"plus-1-die-ranged", "plus-1-to-dice-roll-combat", "plus-1-damage-ranged"}, dual=True
    )
    assert (attack.dice, attack.accuracy, attack.damage, attack.roll_bonus) == (4, 4, 2, 1)
    with pytest.raises(ValueError):
        attack_for(z1, "molotov")


@pytest.mark.parametrize(
    "weapon,skills,dual,rerolls,below,items",
    [
        ("pistol", set(), False, [], None, []),
        ("sub-mg", {"plus-1-to-dice-roll-ranged"}, False, [], None, []),
        ("machete", {"plus-1-die-melee"}, True, [], None, []),
        ("sawed-off", {"lucky"}, False, ["lucky"], 2, []),
        (
            "pistol",
            {"1-re-roll-per-turn"},
            True,
            ["1-re-roll-per-turn", "plenty-of-ammo-bullets"],
            2,
            ["plenty-of-ammo-bullets"],
        ),
    ],
)
def test_engine_enumeration_equals_the_closed_form(z1, weapon, skills, dual, rerolls, below, items):
    closed = hit_distribution(attack_for(z1, weapon, skills, dual=dual, rerolls=len(rerolls), reroll_below=below))
    assert engine_hit_distribution(z1, weapon, skills, dual, rerolls, below, items) == closed


def test_seeded_simulation_agrees_within_four_standard_errors(z2):
    attack = attack_for(z2, "sub-mg", rerolls=1, reroll_below=2)
    exact = hit_distribution(attack)
    trials = 200_000
    simulated = simulate_hits(attack, trials=trials, seed=7)
    assert set(simulated) <= set(exact)
    for hits, p in exact.items():
        # The tolerance follows the trials: a fixed one below the noise passes only by luck of the seed.
        standard_error = sqrt(float(p * (1 - p)) / trials)
        assert abs(simulated.get(hits, 0.0) - float(p)) < 4 * standard_error + 1e-9, hits


def test_simulation_follows_the_re_roll_policy():
    # One die at 4+ with a re-roll on a miss hits 3/4 of the time; without the policy, 1/2.
    with_policy = simulate_hits(Attack(1, 4, 1, rerolls=1, reroll_below=1), trials=40_000, seed=3)
    without = simulate_hits(Attack(1, 4, 1, rerolls=1), trials=40_000, seed=3)
    assert abs(with_policy[1] - 0.75) < 0.01
    assert abs(without[1] - 0.5) < 0.01
