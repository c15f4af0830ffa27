"""Dice odds of every weapon with known statistics, from the rules model's exact odds.

For each attack line: the chance of at least k hits, and of clearing a zone of N walkers in one
action, alone and with the common modifiers (+1 die, +1 to dice rolls, one re-roll of all dice).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.games.zombicide import odds
from generator.games.zombicide.rules import Rules
from generator.render.numbers import percent  # noqa: F401  (tables and their tests share it)

CLEAR_UP_TO = 3  # zones of 1..3 walkers


@dataclass(frozen=True)
class Modifier:
    key: str  # label id
    skills: tuple[str, ...] = ()
    rerolls: int = 0


def modifiers(mode: str) -> list[Modifier]:
    return [
        Modifier("odds-base"),
        Modifier("odds-plus-die", (f"plus-1-die-{mode}",)),
        Modifier("odds-plus-roll", (f"plus-1-to-dice-roll-{mode}",)),
        Modifier("odds-reroll", rerolls=1),
    ]


@dataclass(frozen=True)
class OddsTable:
    mode: str
    columns: list[str]  # label ids
    at_least: list[tuple[int, list[Fraction]]]  # (k hits, chance per column)
    clear: list[tuple[int, list[Fraction]]]  # (N walkers, chance per column)


def odds_tables(rules: Rules, weapon: str) -> list[OddsTable]:
    """One table per attack line that rolls dice (a Molotov rolls none)."""
    card = rules.card(weapon)
    tables = []
    for mode in ("melee", "ranged"):
        profile = card.profile(mode) if getattr(card, mode) else None
        if profile is None or profile.dice == 0:
            continue
        mods = modifiers(mode)
        most = profile.dice + 1
        at_least = [(k, [_at_least(rules, weapon, mode, m, k) for m in mods]) for k in range(1, most + 1)]
        walker = rules.zombies["walker"].min_damage
        clear = [(n, [_clear(rules, weapon, mode, m, walker, n) for m in mods]) for n in range(1, CLEAR_UP_TO + 1)]
        tables.append(OddsTable(mode, [m.key for m in mods], at_least, clear))
    return tables


def _attack(rules: Rules, weapon: str, mode: str, modifier: Modifier, target: int) -> odds.Attack:
    # With a re-roll the best policy for "at least `target`" is to re-roll while short of it.
    return odds.attack_for(
        rules,
        weapon,
        set(modifier.skills),
        mode=mode,
        rerolls=modifier.rerolls,
        reroll_below=target if modifier.rerolls else None,
    )


def _at_least(rules: Rules, weapon: str, mode: str, modifier: Modifier, k: int) -> Fraction:
    distribution = odds.hit_distribution(_attack(rules, weapon, mode, modifier, k))
    return sum((p for hits, p in distribution.items() if hits >= k), Fraction(0))


def _clear(rules: Rules, weapon: str, mode: str, modifier: Modifier, min_damage: int, n: int) -> Fraction:
    return odds.chance_to_kill(_attack(rules, weapon, mode, modifier, n), min_damage, n, n)
