"""Attacks both ways: a character's weapon against an enemy, an enemy's attack against a character
(the evade roll and its ladder), and what follows on the health track.

A character's attack: one target in sight and range, one ammunition point (plus one per extra
die of rapid fire), the weapon's dice; any success result hits, and the effects printed under
each result rolled apply (they add up when `attack-results-stack`). An enemy's attack: the
character rolls its evade dice; the weakest result that evades climbs one step for each other
enemy that takes part, from the attacker's own size step; the top result always evades.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Callable

from . import exploring, reactions
from .cards import Attack, CardError, Effect, Weapon
from .state import Character, Enemy, Held, NotAllowed

if TYPE_CHECKING:
    from .engine import Game


@dataclass
class AttackPlan:
    held: Held
    weapon: str
    profile: Weapon
    target: Enemy
    rapid_fire: int
    pushes: dict[str, str] = field(default_factory=dict)  # enemy id -> square chosen for a Push
    reposition: str | None = None  # where the attacker goes on an Evade result


def weapon_profile(game: Game, held: Held) -> Weapon:
    if held.overlay:
        return game.item(held.overlay).overlay  # type: ignore[return-value]
    w = game.item(held.card).weapon
    assert w is not None
    return w


def check_attack(game: Game, c: Character, weapon: str, target: str, rapid_fire: int) -> AttackPlan:
    s, board = game.state, game.state.board
    held = c.held(weapon)
    if held is None:
        raise NotAllowed("not-held", f"{c.id} holds no {weapon}")
    if game.item(weapon).kind != "weapon":
        raise NotAllowed("not-a-weapon", f"{weapon} is not a weapon")
    enemy = s.enemies.get(target)
    if enemy is None:
        raise NotAllowed("no-such-enemy", f"there is no enemy '{target}'")
    profile = weapon_profile(game, held)
    if not board.sees(c.square, enemy.square):
        raise NotAllowed("no-line-of-sight", f"{c.square} does not see {enemy.square}")
    distance = board.range_between(c.square, enemy.square)
    if profile.range is not None and distance > profile.range:
        raise NotAllowed("out-of-range", f"{enemy.square} is {distance} squares away; {weapon} reaches {profile.range}")
    if rapid_fire:
        if "rapid-fire" not in profile.keywords:
            raise NotAllowed("not-rapid-fire", f"{weapon} is not a rapid-fire weapon")
        if not 0 < rapid_fire <= game.rules.rapid_fire_max_extra:
            raise NotAllowed("rapid-fire-limit", f"rapid fire adds 1 to {game.rules.rapid_fire_max_extra} dice")
    capacity = game.item(weapon).weapon.capacity  # type: ignore[union-attr]
    if capacity is not None:
        cost = game.rules.ammo_per_attack + rapid_fire
        dial = held.dial or 0
        if dial < game.rules.ammo_per_attack:
            raise NotAllowed("no-ammo", f"the {weapon}'s dial shows 0")
        if dial < cost:
            raise NotAllowed("not-enough-ammo", f"the dial shows {held.dial}; this attack costs {cost}")
    plan = AttackPlan(held, weapon, profile, enemy, rapid_fire)
    for eid, square in (game.choices.get("push") or {}).items():
        pushed = s.enemies.get(eid)
        if pushed is None:
            raise NotAllowed("no-such-enemy", f"push names '{eid}', which is not on the board")
        check_push(game, pushed, game.square(square))
        plan.pushes[eid] = square
    if game.choices.get("reposition"):
        plan.reposition = game.square(game.choices["reposition"])
        check_place(game, c.square, plan.reposition, "small", c)
    return plan


def allowed_choice(game: Game, choice: str, model: Enemy | Character, check: Callable[[], None]) -> bool:
    """A players' choice that applies in the middle of a phase (a push back, where a charging
    enemy or a corpse goes): one the rules do not allow then is declined, with the reason in the
    trace, and play goes on as without it; refusing the whole step there would leave it half done."""
    try:
        check()
    except NotAllowed as refusal:
        game.state.emit("choice-not-allowed", choice=choice, model=model.id, reason=refusal.reason)
        return False
    return True


def check_push(game: Game, enemy: Enemy, square: str) -> None:
    if game.profile(enemy).boss:
        raise NotAllowed("boss-not-pushed", "a boss is never pushed")
    check_place(game, enemy.square, square, game.profile(enemy).size, enemy)


def check_place(game: Game, start: str, square: str, size: str, model: object) -> None:
    board = game.state.board
    if not board.adjacent(start, square):
        raise NotAllowed("push-not-adjacent", f"{square} is not next to {start}")
    if square in game.state.shafts:
        raise NotAllowed("elevator-shaft", f"{square} is an empty elevator shaft; no model is pushed into it")
    if not game.state.in_play(square):
        raise NotAllowed("off-board", f"{square} is not in the play area; no model is pushed off it")
    if not board.step_allowed(start, square):
        raise NotAllowed("push-blocked", f"a wall, closed door or corner lies between {start} and {square}")
    if not game.has_room(square, size, leaving=model):
        raise NotAllowed("square-full", f"{square} has no room")


def resolve_attack(game: Game, c: Character, plan: AttackPlan) -> None:
    s, rules = game.state, game.rules
    held = plan.held
    target = plan.target
    same_square = target.square == c.square
    s.emit(
        "attack-declared",
        who=c.id,
        weapon=plan.weapon,
        target=target.id,
        rapid_fire=plan.rapid_fire,
        distance=s.board.range_between(c.square, target.square),
    )
    if held.dial is not None:
        before = held.dial
        held.dial -= rules.ammo_per_attack + plan.rapid_fire
        s.emit("ammo-spent", who=c.id, weapon=plan.weapon, before=before, after=held.dial, rapid_fire=plan.rapid_fire)
    count = plan.profile.count + plan.rapid_fire
    faces = game.dice.roll(count, rules.attack_die, "attack roll")
    hit = any(rules.rank(f) > 0 for f in faces)
    s.emit(
        "attack-roll",
        who=c.id,
        weapon=plan.weapon,
        target=target.id,
        die=plan.profile.dice,
        faces=faces,
        hit=hit,
        extra_dice=plan.rapid_fire,
    )
    survivors_hit: set[str] = set()
    if hit:
        effects = hit_effects(game, plan.profile, faces)
        survivors_hit = apply_hit(game, c, plan, effects)
        if same_square:
            s.emit("no-reaction-in-square", who=c.id, square=c.square, reason="attack-succeeded")
    else:
        s.emit("attack-missed", who=c.id, target=target.id)
        if same_square and target.id in s.enemies:
            basic = game.profile(target).attacks[0]
            enemy_attack(game, target, c, basic, auto_hit=True, reason="failed-attack-in-square")
    if held.overlay and held.dial == 0:
        s.emit("special-ammo-spent", who=c.id, weapon=plan.weapon, card=held.overlay)
        game.drop_overlay(held)
    reactions.after_attack(game, c, excluded=survivors_hit if rules.oos_attack_excludes_hit_enemies else set())


def hit_effects(game: Game, profile: Weapon, faces: list[str]) -> list[Effect]:
    rolled = faces if game.rules.attack_results_stack else sorted(set(faces), key=game.rules.rank)
    out: list[Effect] = []
    for face in rolled:
        out.extend(profile.results.get(face, ()))
    return out


def apply_hit(game: Game, c: Character, plan: AttackPlan, effects: list[Effect]) -> set[str]:
    """Apply a hit's effects; return the enemies hit that are still standing."""
    s = game.state
    area = any(e.kind == "area" for e in effects)
    damage = sum(e.amount for e in effects if e.kind == "damage")
    pushes = sum(1 for e in effects if e.kind == "push")
    targets = [plan.target] + ([e for e in s.enemies_at(plan.target.square) if e is not plan.target] if area else [])
    s.emit(
        "hit",
        who=c.id,
        target=plan.target.id,
        damage=damage,
        pushes=pushes,
        area=area,
        others=[t.id for t in targets[1:]],
    )
    standing = set()
    for t in targets:
        dealt, pushed = _through_hide(game, t, plan.profile, damage, pushes)
        if dealt and not damage_enemy(game, t, dealt):
            continue
        standing.add(t.id)
        if pushed:
            square = plan.pushes.get(t.id)
            if square is None:
                s.emit("push-declined", enemy=t.id)
            else:
                start, t.square = t.square, square
                s.emit("push", enemy=t.id, frm=start, to=square, by=c.id)
    if any(e.kind == "evade" for e in effects) and plan.reposition:
        start, c.square = c.square, plan.reposition
        s.emit("reposition", who=c.id, frm=start, to=plan.reposition)
    return standing


def _through_hide(game: Game, enemy: Enemy, weapon: Weapon, damage: int, pushes: int) -> tuple[int, int]:
    """The damage and pushes that reach an enemy: its Tough Hide takes off what its card says,
    unless the weapon decapitates."""
    hide = game.profile(enemy).tough_hide
    if not hide or not (damage or pushes):
        return damage, pushes
    if "decapitate" in weapon.keywords:
        game.state.emit("tough-hide-ignored", enemy=enemy.id, reason="decapitate")
        return damage, pushes
    stopped = sum(e.amount for e in hide if e.kind == "damage")
    left = (max(0, damage - stopped), 0 if any(e.kind == "push" for e in hide) else pushes)
    game.state.emit("tough-hide", enemy=enemy.id, damage=damage, dealt=left[0], push=bool(pushes and not left[1]))
    return left


def damage_enemy(game: Game, enemy: Enemy, amount: int) -> bool:
    """Wound or defeat an enemy; True while it stands."""
    s, profile = game.state, game.profile(enemy)
    enemy.wounds += amount
    hp = profile.hp
    if profile.boss and s.mode == "solo":  # solo play: every boss has less health
        hp = max(1, hp - int(game.rules.modes.get("solo-boss-health-reduction", 0)))
    if enemy.wounds >= hp:
        del s.enemies[enemy.id]
        s.emit("enemy-defeated", enemy=enemy.id, type=enemy.type, damage=amount, hp=hp)
        if game.rules.defeated_enemy_leaves_corpse:
            exploring.add_corpse(game, enemy.square, reason="enemy-defeated")
        return False
    s.emit("enemy-wounded", enemy=enemy.id, damage=amount, wounds=enemy.wounds, hp=hp)
    return True


# --- enemies attacking --------------------------------------------------------------------------
def evade_needed(game: Game, attacker: Enemy, extras: int) -> tuple[str, int]:
    """The weakest result that evades, and the difficulty step it comes from."""
    rules, profile = game.rules, game.profile(attacker)
    if profile.boss:
        if profile.evade_difficulty is None:  # the card checks refuse it; a last word, not a traceback
            raise CardError(f"card '{attacker.type}': a boss needs its printed 'evade-difficulty'; add it")
        return profile.evade_difficulty, 0
    step = rules.weight(profile.size) + extras
    ladder = rules.evade_ladder
    return (ladder[step - 1] if step <= len(ladder) else rules.success_results[-1]), step


def can_attack(game: Game, enemy: Enemy, c: Character, attack: Attack | None = None) -> bool:
    board = game.state.board
    attack = attack or game.profile(enemy).attacks[0]
    # the range first: it is a subtraction, the sight line a walk across the board
    return (
        c.active and board.range_between(enemy.square, c.square) <= attack.range and board.sees(enemy.square, c.square)
    )


def extra_enemies(game: Game, attacker: Enemy, c: Character) -> list[str]:
    """The other enemies that raise the evade difficulty (the reading is a parameter)."""
    s = game.state
    others = [e for e in s.enemies.values() if e is not attacker and not game.profile(e).boss]
    if game.rules.evade_counts_enemies_in_range:
        return [e.id for e in others if can_attack(game, e, c)]
    return [e.id for e in others if e.square == c.square]


def enemy_attack(
    game: Game,
    enemy: Enemy,
    c: Character,
    attack: Attack,
    *,
    auto_hit: bool = False,
    reason: str,
    special: bool = False,
) -> bool:
    """One enemy attack on one character; True when it hits."""
    s, rules = game.state, game.rules
    s.emit(
        "enemy-attack",
        enemy=enemy.id,
        type=enemy.type,
        target=c.id,
        special=special,
        symbol=attack.symbol,
        reason=reason,
    )
    if _defended(game, enemy, c, attack):
        return False
    if auto_hit:
        s.emit("evade-not-allowed", who=c.id, enemy=enemy.id, reason=reason)
        hit = True
    else:
        extras = extra_enemies(game, enemy, c)
        needed, step = evade_needed(game, enemy, len(extras))
        faces = game.dice.roll(c.evade_dice, rules.attack_die, f"evade roll of {c.id}")
        need_rank = rules.rank(needed)
        top = rules.success_results[-1]
        evaded = any(rules.rank(f) >= need_rank for f in faces) or (rules.top_result_always_evades and top in faces)
        s.emit(
            "evade-roll",
            who=c.id,
            enemy=enemy.id,
            faces=faces,
            needed=needed,
            step=step,
            size=game.profile(enemy).size,
            extras=extras,
            evaded=evaded,
            boss=game.profile(enemy).boss,
        )
        hit = not evaded
    if not hit:
        return False
    apply_enemy_hit(game, enemy, c, attack)
    return True


def _defended(game: Game, enemy: Enemy, c: Character, attack: Attack) -> bool:
    """A defence item the players use for the attacked character (`choose: {defend: {who: card}}`),
    never against a Deadly attack: the card is discarded, its effects strike the attacker, and the
    attack misses when the card says so. True when the attack is avoided."""
    s = game.state
    chosen = dict(game.choices.get("defend") or {})
    card = chosen.pop(c.id, None)
    if card is None:
        return False
    game.choices["defend"] = chosen  # one use per choice; the step's own mapping is left as written
    held = c.held(card)
    if held is None or game.item(card).kind != "defence":
        raise CardError(f"defend names {card} for {c.id}, who holds no such defence item; name one {c.id} holds")
    if "deadly" in attack.keywords:
        s.emit("defence-not-allowed", who=c.id, card=card, enemy=enemy.id, reason="deadly")
        return False
    item = game.item(card)
    c.items.remove(held)
    game.to_discard(held.cards())
    s.emit("defence", who=c.id, card=card, enemy=enemy.id, avoids=item.avoids)
    damage = sum(e.amount for e in item.defence if e.kind == "damage")
    if damage and not damage_enemy(game, enemy, damage):
        if not item.avoids:
            s.emit("attack-stopped", enemy=enemy.id, who=c.id, reason="defeated")
        return True
    square = (game.choices.get("push") or {}).get(enemy.id)
    if (
        any(e.kind == "push" for e in item.defence)
        and square is not None
        and allowed_choice(game, "push", enemy, partial(check_push, game, enemy, square))
    ):
        start, enemy.square = enemy.square, square
        s.emit("push", enemy=enemy.id, frm=start, to=square, by=c.id)
    if not item.avoids and not can_attack(game, enemy, c, attack):
        s.emit("attack-stopped", enemy=enemy.id, who=c.id, reason="out-of-reach")
        return True
    return item.avoids


def apply_enemy_hit(game: Game, enemy: Enemy, c: Character, attack: Attack) -> None:
    s = game.state
    s.emit("character-hit", who=c.id, enemy=enemy.id, effects=[e.kind for e in attack.effects])
    for effect in attack.effects:
        if not c.active:
            break
        if effect.kind == "damage":
            damage_character(game, c, effect.amount, by=enemy)
        elif effect.kind == "unconscious":
            knock_out(game, c, by=enemy, reason="unconscious-effect")
    if "charge" in attack.keywords and enemy.id in s.enemies:
        place = c.square if game.has_room(c.square, game.profile(enemy).size, leaving=enemy) else None
        if place is None:
            place = game.choices.get("charge-to")
            size = game.profile(enemy).size
            if place is not None and not allowed_choice(
                game, "charge-to", enemy, partial(check_place, game, c.square, place, size, enemy)
            ):
                place = None
        if place is not None:
            start, enemy.square = enemy.square, place
            s.emit("charge", enemy=enemy.id, frm=start, to=place)
    if c.active and enemy.id in s.enemies and enemy.square == c.square:
        push_back(game, c, enemy)


def push_back(game: Game, c: Character, attacker: Enemy) -> None:
    """After a hit from an enemy in the square, the character may push it (Easy: every enemy there)."""
    s = game.state
    chosen = dict(game.choices.get("push-back") or {})
    easy_all = s.mode == "easy" and game.rules.modes.get("easy-push-every-enemy-after-failed-evade")
    pushable = s.enemies_at(c.square) if easy_all else [attacker]
    for e in pushable:
        square = chosen.pop(e.id, None)
        if square is None or not allowed_choice(game, "push-back", e, partial(check_push, game, e, square)):
            continue
        start, e.square = e.square, square
        s.emit(
            "push-back",
            who=c.id,
            enemy=e.id,
            frm=start,
            to=square,
            reason="easy-mode" if e is not attacker else "hit-in-square",
        )


# --- the health track ---------------------------------------------------------------------------
def damage_character(game: Game, c: Character, amount: int, by: Enemy | None = None) -> None:
    s, steps = game.state, game.rules.health_steps
    before = c.damage
    if before + amount > steps - 1:
        c.damage = steps - 1
        s.emit("damage", who=c.id, amount=amount, before=before + 1, after=steps, beyond=True)
        knock_out(game, c, by=by, reason="beyond-danger")
        return
    c.damage = before + amount
    s.emit("damage", who=c.id, amount=amount, before=before + 1, after=c.damage + 1, beyond=False)
    if s.tutorial and not game.rules.lost_beyond_danger and c.damage == steps - 1:
        game.finish("failed", "tutorial-at-danger")  # the other reading: "at or below Danger" loses


def knock_out(game: Game, c: Character, by: Enemy | None, reason: str) -> None:
    s = game.state
    if (
        s.mode == "solo"
        and reason == "unconscious-effect"
        and game.rules.modes.get("solo-unconscious-becomes-danger")
        and c.damage < game.rules.health_steps - 1
    ):
        c.damage = game.rules.health_steps - 1
        s.emit("set-to-danger", who=c.id, reason="solo-mode")
        return
    c.unconscious = True
    c.knocked_by_boss = bool(by is not None and game.profile(by).boss)
    s.emit("unconscious", who=c.id, square=c.square, reason=reason, boss=c.knocked_by_boss)


def heal(game: Game, c: Character, amount: int, reason: str, **data) -> None:
    before = c.damage
    c.damage = max(0, before - amount)
    game.state.emit(
        "heal",
        who=c.id,
        amount=amount,
        before=before + 1,
        after=c.damage + 1,
        capped=before - amount < 0,
        reason=reason,
        **data,
    )


def revive(game: Game, t: Character, by: str, card: str) -> None:
    s = game.state
    if s.mode == "easy" and game.rules.modes.get("easy-spray-heals-to-fine"):
        t.damage, reason = 0, "easy-mode"
    else:
        t.damage, reason = game.rules.revive_position - 1, "caution"
    t.unconscious = False
    t.knocked_by_boss = False
    s.emit("revive", who=t.id, by=by, card=card, position=t.damage + 1, reason=reason)
