"""Actions a skill gives (2nd edition), each once per turn: a move with something after it
(Blitz, Bloodlust, Field medic), Lifesaver's pull, Taunt; and what setup hands out (Starts
with a [Equipment], Starts with 2 AP).

Each checks everything before it changes anything, as every action does: a move whose attack
would be refused is refused as a whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.games.zombicide import combat, zombie_phase
from generator.games.zombicide.state import Item, NotAllowed, Survivor

if TYPE_CHECKING:  # pragma: no cover
    from generator.games.zombicide.engine import Game

BLITZ, BLOODLUST, FIELD_MEDIC = "blitz", "bloodlust", "field-medic"
LIFESAVER, TAUNT = "lifesaver", "taunt"
STARTS_WITH_EQUIPMENT, STARTS_WITH_AP = "starts-with-equipment", "starts-with-2-ap"
SKILL_MOVE_ZONES = 2  # Blitz, Bloodlust and Field medic move up to 2 zones
TAUNT_REACH = 2  # Taunt reaches a zone up to 2 zones away, by a clear path


def _ready(game: "Game", s: Survivor, skill: str) -> None:
    if skill not in game.skills(s) or skill in s.used_this_turn:
        raise NotAllowed(f"no-{skill}", f"{s.id} has no {skill} left this turn")


def _checked_move(game: "Game", s: Survivor, path: list[str]) -> int:
    """A skill's move of 1 or 2 zones under the normal movement rules; its cost in actions: the
    skill's one, and one more for each zombie left behind (none with Slippery)."""
    if not 1 <= len(path) <= SKILL_MOVE_ZONES:
        raise NotAllowed("too-far", f"the skill moves 1 to {SKILL_MOVE_ZONES} zones, not {len(path)}")
    if s.car:
        raise NotAllowed("in-car", f"{s.id} is in a car; get out first")
    slippery = "slippery" in game.skills(s)
    game._check_walk(s, path, slippery)
    left_behind = [] if slippery else game.state.zombies_in(s.zone)
    return 1 + game.rules.move_extra_cost_per_zombie * len(left_behind)


def _move(game: "Game", s: Survivor, skill: str, path: list[str], cost: int) -> None:
    game._pay(s, skill, cost)
    s.used_this_turn.add(skill)
    left = game.state.counts(game.state.zombies_in(s.zone)) if cost > 1 else {}
    game.emit("skill-used", survivor=s.id, skill=skill)
    game.emit("move", survivor=s.id, path=[s.zone, *path], cost=cost, zombies_left=left)
    s.zone = path[-1]


def _attack_from(game: "Game", s: Survivor, zone: str, weapon: str, attack: dict[str, Any], mode: str | None) -> None:
    """The attack the survivor could make from `zone` (NotAllowed if none), checked before moving
    (at its first target zone, where `at` names two)."""
    here, at = s.zone, attack.get("at")
    s.zone = zone
    try:
        combat.check_attack(game, s, weapon, at[0] if isinstance(at, list) else at, mode, attack.get("dual"))
    finally:
        s.zone = here


def blitz(game: "Game", s: Survivor, path: list[str], weapon: str, attack: dict[str, Any]) -> None:
    """1 action: move up to 2 zones to a zone from which an equipped ranged weapon reaches
    zombies, then a free ranged action."""
    _ready(game, s, BLITZ)
    cost = _checked_move(game, s, path)
    _attack_from(game, s, path[-1], weapon, attack, "ranged")
    _move(game, s, BLITZ, path, cost)
    combat.attack(game, s, weapon, mode="ranged", free=True, **attack)


def bloodlust(game: "Game", s: Survivor, path: list[str], weapon: str, attack: dict[str, Any]) -> None:
    """1 action: move up to 2 zones into a zone with zombies, then a free combat action (as
    Bloodlust: Combat, melee or ranged)."""
    _ready(game, s, BLOODLUST)
    cost = _checked_move(game, s, path)
    if not game.state.zombies_in(path[-1]):
        raise NotAllowed("bloodlust-needs-zombies", f"Bloodlust ends in a zone with zombies; {path[-1]} has none")
    _attack_from(game, s, path[-1], weapon, attack, attack.get("mode"))
    _move(game, s, BLOODLUST, path, cost)
    combat.attack(game, s, weapon, free=True, **attack)


def field_medic(game: "Game", s: Survivor, path: list[str], target: str | None) -> None:
    """1 action: move up to 2 zones to a zone with another survivor, then heal one wound of a
    survivor there (the medic too), if the player wants."""
    _ready(game, s, FIELD_MEDIC)
    cost = _checked_move(game, s, path)
    there = [p for p in game.state.survivors_in(path[-1]) if p is not s]
    if not there:
        raise NotAllowed("field-medic-needs-a-survivor", f"Field medic ends beside a survivor; {path[-1]} has none")
    patient = None
    if target is not None:
        patient = game.survivor(target)
        if patient is not s and patient not in there:
            raise NotAllowed("no-wound-here", f"{target} is not in {path[-1]}")
    _move(game, s, FIELD_MEDIC, path, cost)
    if patient is not None and patient.wounds:
        patient.wounds -= 1
        game.emit("heal", survivor=s.id, target=patient.id, wounds=patient.wounds, skill=FIELD_MEDIC)


def lifesaver(game: "Game", s: Survivor, zone: str, chosen: list[str] | None) -> None:
    """Free: survivors of a zone at range 1 (clear path and sight) that holds zombies are
    pulled into the survivor's zone; this is no move. Those not chosen stay."""
    _ready(game, s, LIFESAVER)
    board = game.state.board
    if zone not in board.zones or board.line_of_sight(s.zone).get(zone) != 1 or not board.passable(s.zone, zone):
        raise NotAllowed("lifesaver-out-of-reach", f"{zone} is not at range 1 of {s.id} with a clear path and sight")
    if not game.state.zombies_in(zone):
        raise NotAllowed("lifesaver-needs-zombies", f"nobody needs saving in {zone}: no zombies there")
    present = game.state.survivors_in(zone)
    pulled = present if chosen is None else [p for p in present if p.id in chosen]
    missing = sorted(set(chosen or []) - {p.id for p in present})
    if missing or not pulled:
        raise NotAllowed("lifesaver-needs-a-survivor", f"no survivor {', '.join(missing) or ''} to pull out of {zone}")
    s.used_this_turn.add(LIFESAVER)
    game.emit("skill-used", survivor=s.id, skill=LIFESAVER)
    for p in pulled:
        game.emit("pulled", survivor=s.id, target=p.id, path=[zone, s.zone])
        p.zone = s.zone


def taunt(game: "Game", s: Survivor, zone: str) -> None:
    """Free: the zombies of a zone up to 2 zones away by a clear path (no sight needed) get an
    extra activation toward the survivor, ignoring everyone else."""
    _ready(game, s, TAUNT)
    board = game.state.board
    if zone not in board.zones or board.distances_to(s.zone).get(zone, TAUNT_REACH + 1) > TAUNT_REACH:
        raise NotAllowed("taunt-out-of-reach", f"{zone} is not within {TAUNT_REACH} zones of {s.id} by a clear path")
    zombies = game.state.zombies_in(zone)
    if not zombies:
        raise NotAllowed("no-zombies", f"no zombies in {zone} to taunt")
    s.used_this_turn.add(TAUNT)
    game.emit("skill-used", survivor=s.id, skill=TAUNT)
    zombie_phase.taunted(game, zombies, s)


def setup(game: "Game") -> None:
    """What the survivors' cards give them at setup: the equipment a Starts with a [Equipment]
    names (taken out of the deck, where it is), the adrenaline of Starts with 2 AP."""
    for s in game.state.living():
        skills = game.skills(s)
        card = s.skill_values.get(STARTS_WITH_EQUIPMENT)
        if STARTS_WITH_EQUIPMENT in skills and card is not None:
            card = str(card)
            if card in game.state.equipment_deck:
                game.state.equipment_deck.remove(card)
            if not game._add_item(s, Item(card)):
                raise NotAllowed("inventory-full", f"{s.id} has no room for the '{card}' Starts with names")
            game.emit("starting-equipment", survivor=s.id, card=card)
        if STARTS_WITH_AP in skills and game.rules.skill_starting_ap:
            game.emit("skill-used", survivor=s.id, skill=STARTS_WITH_AP)
            game.gain_xp(s, game.rules.skill_starting_ap)
