"""Random legal play with invariants for every registered engine, the way OpenSpiel tests every
registered game (generator/scenarios/random_play.py): from the set-up of each scenario case and
worked example of each game, seeded walks of random steps, each played or refused by the rules,
with what must always hold checked after every step. A failure is printed with its start, seed
and last steps; the fixes it led to are scenario cases of the games (notes say "found by random
play"). The tiny card duel is walked in tests/games/card_duel/test_card_duel.py."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generator import registry
from generator.load.files import display
from generator.scenarios.random_play import RandomPlay, Start, Walk, set_up, walk
from generator.scenarios.reading import read_scenario_file

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (1, 2)
STEPS = 40  # per walk: several turns or rounds of every start
SECONDS = 0.5  # per walk, at most (a walk stops there, counted as ended by time)


def starts_of(project, game_id: str) -> list[Start]:
    """Every case of the game's scenario files and every worked example, as a start."""
    game = project.games[game_id]
    package = registry.for_game(game)
    cases = []
    for path in sorted((ROOT / "rules_data" / game_id / "scenarios").glob("*.yaml")):
        read, errors = read_scenario_file(path, display(path, ROOT), package.scenarios, game_id)
        assert errors == []
        cases += read
    examples = [
        Start(f"{game_id} example {ex.id}", {**set_up(ex.scenario), "edition": game_id}) for ex in game.examples
    ]
    return package.random_play.starts(cases) + examples


def play_all(project, rules_of, game_id: str) -> list[Walk]:
    play: RandomPlay = registry.for_game(project.games[game_id]).random_play
    return [
        walk(play, start, rules_of(start.case.get("edition") or game_id), seed, STEPS, SECONDS)
        for start in starts_of(project, game_id)
        for seed in SEEDS
    ]


@pytest.mark.long(10)
@pytest.mark.parametrize("game_id", ["resident-evil", "zombicide-1", "zombicide-2"])
def test_random_play_keeps_every_invariant(project, rules_of, game_id):
    walks = play_all(project, rules_of, game_id)
    assert [w.describe() for w in walks if w.failure] == []
    ended = Counter(w.ended.partition(":")[0] for w in walks)
    assert ended["not set up"] == 0, [w.ended for w in walks if w.ended.startswith("not set up")]
    assert sum(len(w.played) for w in walks) >= 5 * len(walks), ended  # the walks did play, not only start
    assert ended["over"] + ended["steps"] + ended["time"] > ended["model limit"]


def test_every_engine_of_the_project_declares_its_random_play(project):
    for game in project.games.values():
        assert isinstance(registry.for_game(game).random_play, RandomPlay), game.id
