"""The odds tables on the equipment pages agree with the rules model's exact odds and with a
seeded simulation of the same attacks."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from generator.games.zombicide import odds
from generator.games.zombicide.odds_tables import modifiers, odds_tables, percent

WEAPONS = ["pistol", "sawed-off", "chainsaw", "mas-shotgun"]


@pytest.fixture(scope="module")
def rules(z1):
    return z1


@pytest.mark.parametrize("weapon", WEAPONS)
def test_at_least_k_hits_matches_the_binomial_without_modifiers(rules, weapon):
    for table in odds_tables(rules, weapon):
        profile = rules.card(weapon).profile(table.mode)
        p = odds.hit_chance(profile.accuracy)
        for k, chances in table.at_least:
            closed = sum((odds.binomial(profile.dice, p)[h] for h in range(k, profile.dice + 1)), Fraction(0))
            assert chances[0] == closed


@cache
def simulated(attack: odds.Attack) -> dict[int, float]:
    # Cells that differ only in k without re-rolls are the same attack: simulate it once.
    return odds.simulate_hits(attack, trials=60_000, seed=7)


@pytest.mark.parametrize("weapon", WEAPONS)
def test_every_cell_agrees_with_a_seeded_simulation(rules, weapon):
    for table in odds_tables(rules, weapon):
        for column, modifier in enumerate(modifiers(table.mode)):
            for k, chances in table.at_least:
                attack = odds.attack_for(
                    rules,
                    weapon,
                    set(modifier.skills),
                    mode=table.mode,
                    rerolls=modifier.rerolls,
                    reroll_below=k if modifier.rerolls else None,
                )
                estimate = sum(v for hits, v in simulated(attack).items() if hits >= k)
                # 60,000 trials: one standard error is at most 0.002, so 0.01 is five of them.
                assert abs(estimate - float(chances[column])) < 0.01, (weapon, table.mode, column, k)


def test_modifiers_only_ever_help(rules):
    for table in odds_tables(rules, "pistol"):
        for _, chances in table.at_least + table.clear:
            assert all(chance >= chances[0] for chance in chances[1:])


def test_a_molotov_rolls_no_dice_so_it_has_no_table(rules):
    assert odds_tables(rules, "molotov") == []


def test_percent_is_written_the_way_each_language_writes_it():
    assert percent(Fraction(1, 2), "ja") == "50.0%"
    assert percent(Fraction(1, 3), "uk") == "33,3 %"
