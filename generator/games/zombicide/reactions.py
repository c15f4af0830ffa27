"""What survivors do while zombies spawn around them (2nd edition): Sidestep's free move and
Combat reflexes' free combat action, taken once per zombie card, after the zombies are placed
and before a Rush moves them.

Whether a survivor reacts, and how, is the players' choice: a case scripts it in the zombie
phase's `sidestep` ({survivor: [zone or route, ...]}) and `reflexes` ({survivor: [weapon, ...]}),
one entry per chance, `null` to let a chance go by. A reaction the rules refuse is the case's
mistake, said as such (the zombie phase cannot be undone half-way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.errors import ScenarioError
from generator.games.zombicide import combat
from generator.games.zombicide.skills import zones_per_move
from generator.games.zombicide.state import NotAllowed, Survivor

if TYPE_CHECKING:  # pragma: no cover
    from generator.games.zombicide.engine import Game

SIDESTEP, COMBAT_REFLEXES = "sidestep", "combat-reflexes"
REACTION_RANGE = 1  # zombies spawning at range 0-1 of the survivor


def after_spawn(game: "Game", zone: str) -> None:
    """Each survivor in range of the spawn, in the case's order, reacts as the players chose."""
    for s in game.state.living():
        if game.state.board.line_of_sight(s.zone).get(zone, REACTION_RANGE + 1) > REACTION_RANGE:
            continue
        skills = game.skills(s)
        if SIDESTEP in skills:
            route = _next_choice(game, "sidestep", s)
            if route:
                _sidestep(game, s, route if isinstance(route, list) else [route])
        if COMBAT_REFLEXES in skills and not s.dead and game.state.zombies_in(zone):
            weapon = _next_choice(game, "reflexes", s)
            if weapon:
                _reflexes(game, s, weapon, zone)


def _next_choice(game: "Game", point: str, s: Survivor):
    chosen = game.choices.get(point).get(s.id)
    return chosen.pop(0) if chosen else None


def _sidestep(game: "Game", s: Survivor, route: list[str]) -> None:
    """A free move action that pays nothing for the zombies it leaves."""
    skills = game.skills(s)
    if len(route) > zones_per_move(skills):
        raise ScenarioError(
            f"{s.id}'s sidestep covers {len(route)} zones; a move action covers {zones_per_move(skills)}"
        )
    try:
        game._check_walk(s, route, "slippery" in skills)
    except NotAllowed as refused:
        raise ScenarioError(f"{s.id} cannot sidestep to {route[-1]}: {refused}") from refused
    player, game.state.turn.player = game.state.turn.player, s.id
    game.emit("skill-used", survivor=s.id, skill=SIDESTEP)
    game.emit("move", survivor=s.id, path=[s.zone, *route], cost=0, zombies_left={})
    s.zone = route[-1]
    game.state.turn.player = player


def _reflexes(game: "Game", s: Survivor, weapon: str, zone: str) -> None:
    """A free combat action at the zone the zombies spawned in."""
    player, game.state.turn.player = game.state.turn.player, s.id
    game.emit("skill-used", survivor=s.id, skill=COMBAT_REFLEXES)
    try:
        combat.attack(game, s, weapon, at=zone, free=True)
    except NotAllowed as refused:
        raise ScenarioError(
            f"{s.id}'s Combat reflexes with '{weapon}' at {zone} is not allowed: {refused}"
        ) from refused
    finally:
        game.state.turn.player = player
