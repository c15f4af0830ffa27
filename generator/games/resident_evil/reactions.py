"""Enemies react: the Reaction phase, and the three out-of-sequence reactions of the Action phase.

Who reacts: every enemy (not a boss) on the active character's tile and on the tiles linked to
it by an open door or an archway (`linked-tiles-chain` says whether links chain). Each reacts
once, in the players' order: it attacks a character in its range and sight (among several
enemies able to attack the same character only the highest threat attacks, the others count as
having contributed), or else it moves its movement towards the nearest character by the shortest
route an enemy may take (no door opening, no stairs), into that character's square if there is
room. Ties go to the active character, then to the players' choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import combat
from .state import Character, Enemy

if TYPE_CHECKING:
    from .engine import Game


def reacting_enemies(game: Game) -> list[Enemy]:
    s = game.state
    active = s.characters[s.player]
    tiles = s.board.linked_tiles(s.board.tile_of(active.square), chain=game.rules.linked_tiles_chain)
    found = [e for e in s.enemies.values() if s.board.tile_of(e.square) in tiles and not game.profile(e).boss]
    return _in_order(game, found, game.choices.get("order"))


def _in_order(game: Game, enemies: list[Enemy], order: list[str] | None) -> list[Enemy]:
    board = game.state.board
    default = sorted(enemies, key=lambda e: (board.order(e.square), e.id))
    if not order:
        return default
    rank = {eid: i for i, eid in enumerate(order)}
    return sorted(default, key=lambda e: rank.get(e.id, len(rank)))


def reaction_phase(game: Game) -> None:
    s = game.state
    active = s.characters[s.player]
    queue = reacting_enemies(game)
    tiles = sorted(s.board.linked_tiles(s.board.tile_of(active.square), chain=game.rules.linked_tiles_chain))
    if queue:
        s.emit("reaction-phase", who=active.id, enemies=[e.id for e in queue], tiles=tiles)
    else:
        s.emit("reaction-phase", who=active.id, enemies=[], tiles=tiles, reason="no-enemies")
    done: set[str] = set()
    for enemy in queue:
        if enemy.id in done or enemy.id not in s.enemies or s.result != "ongoing":
            continue
        target = _attack_target(game, enemy, [e for e in queue if e.id not in done and e.id in s.enemies])
        if target is not None:
            character, attacker, contributors = target
            attack, special = _chosen_attack(game, attacker)
            done.add(attacker.id)
            reason = "highest-threat" if contributors else "in-range"
            targets = [character]
            if "sweep" in attack.keywords:
                targets += [
                    c
                    for c in s.characters.values()
                    if c is not character and combat.can_attack(game, attacker, c, attack)
                ]
            for t in targets:
                combat.enemy_attack(game, attacker, t, attack, reason=reason, special=special)
            for eid in contributors:  # after the attack: the others count as having joined in
                s.emit("contributes", enemy=eid, attacker=attacker.id, target=character.id)
                done.add(eid)
            if not active.active and s.result == "ongoing":
                s.emit("turn-ends", who=active.id, reason="unconscious")
                game.check_revival()
                if s.result == "ongoing":
                    game.next_turn()
                return
        else:
            done.add(enemy.id)
            move_enemy(game, enemy, reason="reaction")


def _attack_target(game: Game, enemy: Enemy, pending: list[Enemy]):
    """The character this enemy's reaction attacks, the enemy that makes the attack, and the
    others that contribute; None when the enemy cannot attack anybody."""
    s = game.state
    attack, _ = _chosen_attack(game, enemy)
    able = [c for c in s.characters.values() if combat.can_attack(game, enemy, c, attack)]
    if not able:
        return None
    character = _prefer_active(game, able, "target")
    rivals = [e for e in pending if combat.can_attack(game, e, character, _chosen_attack(game, e)[0])]
    top = max(game.profile(e).threat for e in rivals)
    strongest = [e for e in rivals if game.profile(e).threat == top]
    chosen = game.choices.get("attacker")
    attacker = next((e for e in strongest if e.id == chosen), None) or (enemy if enemy in strongest else strongest[0])
    return character, attacker, [e.id for e in rivals if e is not attacker]


def _prefer_active(game: Game, characters: list[Character], choice_key: str) -> Character:
    s = game.state
    for c in characters:
        if c.id == s.player:
            return c
    chosen = game.choices.get(choice_key)
    return next((c for c in characters if c.id == chosen), characters[0])


def _chosen_attack(game: Game, enemy: Enemy):
    """The special attack whose symbol tops the tension discard pile, else the basic attack."""
    s = game.state
    attacks = game.profile(enemy).attacks
    pile = s.discards.get("tension") or []
    if pile:
        symbol = game.tension_card(pile[0]).symbol
        for attack in attacks[1:]:
            if attack.symbol == symbol:
                return attack, True
    return attacks[0], False


# --- movement -----------------------------------------------------------------------------------
def move_enemy(game: Game, enemy: Enemy, reason: str) -> None:
    s, board = game.state, game.state.board
    profile = game.profile(enemy)
    far: dict[str, int] = {}  # character -> steps to it, for those the enemy can reach
    for c in s.characters.values():
        count = game.routes.steps(enemy.square, c.square) if c.active else None
        if count is not None:
            far[c.id] = count
    targets = [c for c in s.characters.values() if c.id in far]
    if not targets:
        s.emit("enemy-stays", enemy=enemy.id, reason="no-route")
        return
    nearest = min(far[c.id] for c in targets)
    tied = [c for c in targets if far[c.id] == nearest]
    goal = _prefer_active(game, tied, "toward")
    why = "nearest" if len(tied) == 1 else ("tie-active-character" if goal.id == s.player else "tie-players-choice")
    to_goal = game.routes.from_square(goal.square)
    path = [enemy.square]
    for _ in range(profile.movement):
        here = path[-1]
        if here == goal.square:
            break
        steps = [
            n
            for n in board.neighbours(here)
            if to_goal.get(n, 10**6) == to_goal[here] - 1 and game.has_room(n, profile.size, leaving=enemy)
        ]
        if not steps:
            break
        path.append(steps[0])
    if len(path) == 1:
        s.emit(
            "enemy-stays",
            enemy=enemy.id,
            toward=goal.id,
            reason="already-there" if enemy.square == goal.square else "no-room",
        )
        return
    enemy.square = path[-1]
    s.emit("enemy-move", enemy=enemy.id, path=path, toward=goal.id, distance=nearest, reason=reason, why=why)


# --- out of sequence ----------------------------------------------------------------------------
def attack_before_action(game: Game, c: Character, kind: str) -> bool:
    """Before a non-attack action taken in an enemy's square, its highest-threat enemy attacks
    (a basic attack). True if the action goes ahead."""
    s = game.state
    here = [e for e in s.enemies_at(c.square) if not game.profile(e).boss]
    if not here:
        return True
    top = max(game.profile(e).threat for e in here)
    strongest = [e for e in here if game.profile(e).threat == top]
    chosen = game.choices.get("attacker")
    attacker = next((e for e in strongest if e.id == chosen), strongest[0])
    hit = combat.enemy_attack(game, attacker, c, game.profile(attacker).attacks[0], reason="action-in-enemy-square")
    if hit:
        s.emit("action-cancelled", who=c.id, kind=kind, reason="failed-evade")
        return False
    return True


def after_attack(game: Game, c: Character, excluded: set[str]) -> None:
    """After an attack action, enemies on the active and linked tiles move once, except those in
    the attacker's square (and, under the default reading, an enemy the attack hit)."""
    s = game.state
    if s.result != "ongoing":
        return
    movers = []
    for e in reacting_enemies(game):
        if e.square == c.square:
            s.emit("enemy-stays", enemy=e.id, reason="in-attacker-square")
        elif e.id in excluded:
            s.emit("enemy-stays", enemy=e.id, reason="hit-by-attack")
        else:
            movers.append(e)
    for e in movers:
        if e.id in s.enemies:
            move_enemy(game, e, reason="heard-attack")
