"""The executable rules of Zombicide (1st and 2nd edition): pure Python, no I/O, no translated text.

Modules, smallest first:
    rules.py        Rules: every number and order, built from one edition's data (Rules.from_data)
    checks.py       coherence checks of that data, skill coverage
    equipment.py    cards and their attack profiles
    dice.py         scripted, seeded and exactly enumerated dice
    board.py        zones, doors, tiles, text maps, line of sight, routes
    core.py         state: survivors, zombies, items, NotAllowed
    strategies.py   the rules where the editions part ways (wounds, splitting)
    combat.py       attacks; zombie_phase.py  activation and spawning
    zombicide.py    Game: the actions and phases
    odds.py         exact attack odds
"""
from generator.model.board import Board, MapError, parse_map
from generator.model.checks import Problem, check_rules_data, skill_coverage
from generator.model.core import NotAllowed, State
from generator.model.dice import ScriptedDice, SeededDice, exact_outcomes
from generator.model.rules import Rules, RulesDataError
from generator.model.skills import APPLIED_SKILLS
from generator.model.zombicide import Game

__all__ = [
    "APPLIED_SKILLS", "Board", "Game", "MapError", "NotAllowed", "Problem", "Rules", "RulesDataError",
    "ScriptedDice", "SeededDice", "State", "check_rules_data", "exact_outcomes", "parse_map", "skill_coverage",
]
