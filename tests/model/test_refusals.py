"""A step the rules refuse leaves the game as it was: every check comes before anything is spent
(a refused step restores only whose turn it is, Game.refused). Played on every refused step of
every scenario case of each game; its events aside, as a refusal may be told."""

from __future__ import annotations

from typing import Any

from generator import registry
from generator.scenarios.runner import run_case
from generator.scenarios.sections import game_cases


def plain(value: Any, depth: int = 0) -> Any:
    """A state as nested values, compared by what it holds (its objects compare by identity)."""
    if depth > 40:
        raise AssertionError("a state nested deeper than 40 levels")
    if isinstance(value, dict):
        return tuple((repr(key), plain(item, depth + 1)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(plain(item, depth + 1) for item in value)
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(repr(plain(item, depth + 1)) for item in value))
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return (type(value).__name__, plain(vars(value), depth + 1))
    if hasattr(value, "__slots__"):
        return (type(value).__name__, tuple(plain(getattr(value, name, None), depth + 1) for name in value.__slots__))
    return value


def without_events(state: Any) -> dict:
    return {key: plain(value) for key, value in vars(state).items() if key != "events"}


def refused_steps(project, game_id: str) -> tuple[int, list[str]]:
    """How many steps of the game's cases the rules refuse, and those after which the game differs."""
    game = project.games[game_id]
    package = registry.for_game(game)
    hooks, rules = package.scenarios, package.rules_for(game)
    count, changed = 0, []
    for case in game_cases(game, hooks, rules).values():
        if not any(isinstance(step, dict) and "not-allowed" in step for step in case.get("actions") or []):
            continue
        states: dict[int, dict] = {}
        result = run_case(
            case,
            rules,
            hooks,
            lambda session, number: states.__setitem__(number, without_events(hooks.snapshot(session))),
        )
        for record in result.trace:
            if "reason" not in record:  # played, or a mistake of the case (its own test reports it)
                continue
            count += 1
            before, after = states[record["step"] - 1], states[record["step"]]
            if before != after:
                keys = [key for key in before if before[key] != after.get(key)]
                changed.append(f"{case['id']} step {record['step']} ({record['reason']}) changed {keys}")
    return count, changed


def test_every_refused_step_of_every_case_leaves_the_game_as_it_was(project):
    games = [game.id for game in project.games.values() if registry.for_game(game).scenarios is not None]
    assert len(games) == 3
    for game_id in games:
        count, changed = refused_steps(project, game_id)
        assert count >= 20, f"{game_id}: only {count} refused steps"
        assert changed == [], f"{game_id}: {changed}"
