"""Combat: melee, ranged (target order, friendly fire), Molotov, re-rolls, car attacks.

How hits land is the rules' business, so it is decided here from `Rules`:
- melee, and ranged with the Sniper skill or a sniper weapon: the players assign each hit;
- other ranged attacks: hits follow `ranged_target_order`, a group must be wiped out before
  the next one is hit, and a hit that cannot kill its target is lost on it;
- 2nd edition: misses of a ranged attack hit survivors in the target zone (friendly fire).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from generator.games.zombicide.equipment import Card, Profile
from generator.games.zombicide.skills import can_dual, dice_bonus, roll_bonus, weapon_damage
from generator.games.zombicide.state import Car, Item, NotAllowed, Survivor, Zombie
from generator.games.zombicide.strategies import kill_survivor, wound

if TYPE_CHECKING:  # pragma: no cover
    from generator.games.zombicide.engine import Game

SURVIVOR = "survivor"
REROLL_SKILLS = ("lucky", "1-re-roll-per-turn")
HOME_DEFENDER, ROLL_6_DAMAGE, TRICK_SHOT = "home-defender", "roll-6-plus-1-damage", "trick-shot"


@dataclass
class _Attack:
    """A combat action that passed every check: what fires, at which zone, who places the hits."""

    survivor: Survivor
    weapon: str
    card: Card
    profile: Profile
    skills: set[str]  # in force as the action starts: a level its kills reach changes nothing here
    held: list[Item]  # every copy ready to use (a Molotov throws the first)
    used: list[Item]  # the copies that fire: one, or a dual pair
    target: str
    damage: int
    point_blank: bool  # Point-blank: a ranged weapon fired into its own zone
    players_assign: bool  # the players place the hits (melee, Sniper), not the target order

    @property
    def kind(self) -> str:
        return self.profile.kind

    @property
    def empties_weapon(self) -> bool:
        """The copies fired wait for a reload action (never with Free reload)."""
        return self.card.reload and "free-reload" not in self.skills


def attack(
    game: "Game",
    s: Survivor,
    weapon: str,
    at: str | list[str] | None = None,
    mode: str | None = None,
    dual: bool | None = None,
    assign: list[str] | None = None,
    survivors: list[str] | None = None,
    rerolls: Sequence[str] = (),
    reroll_below: int | None = None,
    zombie_dice: bool = False,
    free: bool = False,
) -> None:
    """One combat action. `rerolls` lists re-roll sources to use in order (each re-rolls all dice);
    with `reroll_below`, a source is used only while the hits are fewer than that. `at` may name
    two zones, one per weapon of a dual pair (Trick shot). `free`: a skill pays for the action
    (Blitz, Bloodlust, Combat reflexes); `weapon` may be a skill's improvised weapon."""
    if isinstance(at, list) and len(set(at)) > 1:
        _trick_shot(game, s, weapon, at, mode, free)
        return
    target = at[0] if isinstance(at, list) else at
    action = _checked_attack(game, s, weapon, target, mode, dual, assign or [])
    rerolls = list(rerolls)
    _check_rerolls(game, s, action.card, rerolls)
    if zombie_dice and not action.card.molotov:  # refused before the action is paid for
        _check_zombie_dice(action)
    _pay_for_attack(game, action, free)
    kills_before = s.kills.total()
    _make_noise(game, action)
    if action.card.molotov:
        _molotov(game, s, action.held[0], action.target)
        return
    dice_count = _dice_count(game, action, zombie_dice)
    game.reaper_left = int("reaper" in action.skills)  # Reaper (Combat): at most one extra kill per action
    rolled, dice_count = _roll_attack(game, action, dice_count, rerolls, reroll_below)
    _fire(game, action, rolled, dice_count, assign or [], survivors or [])
    if "hit-and-run" in action.skills and s.kills.total() > kills_before:
        s.hit_and_run = True  # a free move follows, without the extra cost for zombies
    game.reaper_left = 0


def check_attack(game: "Game", s: Survivor, weapon: str, at: str | None, mode: str | None, dual: bool | None) -> None:
    """NotAllowed when the survivor could not make this attack now; nothing changes."""
    _checked_attack(game, s, weapon, at, mode, dual, [])


def _make_noise(game: "Game", action: "_Attack") -> None:
    if action.profile.noisy and "ninja" not in action.skills:
        game.state.noise[action.survivor.zone] += game.rules.noise_per_action  # one token per action, however many dice


def _fire(
    game: "Game", action: "_Attack", rolled: list[int], dice_count: int, assign: list[str], survivors: list[str]
) -> None:
    """The dice that stand become hits on the target zone; a weapon that needs reloading is empty."""
    _roll_6_damage(game, action, rolled)
    hits = _hits(rolled, action.profile.accuracy)
    if action.empties_weapon:
        for item in action.used:
            item.loaded = False
    _place_hits(game, action, hits, dice_count - hits, assign, survivors)


def _roll_6_damage(game: "Game", action: "_Attack", rolled: list[int]) -> None:
    """Roll 6: +1 Damage (as Combat): each top face rolled, once the re-rolls are spent, adds
    one to the weapon's Damage for the action (the rulebook's wording: the weapon's Damage value)."""
    sixes = sum(1 for v in rolled if v == game.rules.max_die_result)
    if ROLL_6_DAMAGE in action.skills and sixes:
        action.damage += sixes
        game.emit("extra-damage", survivor=action.survivor.id, skill=ROLL_6_DAMAGE, damage=action.damage)


def _trick_shot(game: "Game", s: Survivor, weapon: str, zones: list[str], mode: str | None, free: bool) -> None:
    """Trick shot: a dual pair of ranged weapons fires at two zones in one action, each weapon
    rolling its own dice at its own zone."""
    first = _checked_attack(game, s, weapon, zones[0], mode, True, [])
    if first.kind != "ranged" or len(first.used) != 2 or len(zones) != 2:
        raise NotAllowed("dual-one-zone", f"only a dual pair of ranged weapons may aim at two zones, not '{weapon}'")
    if TRICK_SHOT not in first.skills:
        raise NotAllowed("dual-one-zone", f"{s.id} fires a dual pair at one zone (Trick shot aims at two)")
    second = _checked_attack(game, s, weapon, zones[1], mode, True, [])
    _pay_for_attack(game, first, free)
    _make_noise(game, first)
    game.emit("skill-used", survivor=s.id, skill=TRICK_SHOT)
    for action, item in ((first, first.used[0]), (second, second.used[1])):
        action.used = [item]
        rolled, count = _roll_attack(game, action, _dice_count(game, action, False), [], None)
        _fire(game, action, rolled, count, [], [])


def _checked_attack(
    game: "Game", s: Survivor, weapon: str, at: str | None, mode: str | None, dual: bool | None, assign: list[str]
) -> _Attack:
    """The attack asked for, or NotAllowed (nothing changed yet) with the first reason it cannot be made."""
    improvised = game.rules.improvised.get(weapon)
    held = [Item(weapon)] if improvised else _held(game, s, weapon)
    if not held:
        raise NotAllowed("weapon-not-in-hand", f"{s.id} holds no '{weapon}' in hand")
    _check_no_blocker(game, s)
    card = improvised or game.rules.card(weapon)
    profile = card.profile(mode)
    if profile is None:
        raise NotAllowed("no-such-attack", f"'{weapon}' has no {mode} attack")
    skills = game.skills(s)
    used = _firing_copies(s, weapon, card, profile.kind, skills, held, dual)
    target = _checked_target(game, s, weapon, profile, skills, at)
    damage = weapon_damage(skills, profile.kind, profile.damage)
    if ROLL_6_DAMAGE not in skills:  # with Roll 6: +1 Damage, any roll may make the weapon strong enough
        _check_hurtable(game, card, target, damage)
    _check_assigned(game, target, assign)
    point_blank = profile.kind == "ranged" and "point-blank" in skills and target == s.zone
    players_assign = profile.kind == "melee" or card.sniper or "sniper" in skills or point_blank
    return _Attack(s, weapon, card, profile, skills, held, used, target, damage, point_blank, players_assign)


def _check_no_blocker(game: "Game", s: Survivor) -> None:
    rules = game.rules
    blockers = [z.type for z in game.state.zombies_in(s.zone) if rules.special(z.type, "no-combat-in-its-zone")]
    if blockers:
        raise NotAllowed("no-combat-beside", f"{s.id} shares a zone with a {blockers[0]}: no combat action there")


def _firing_copies(
    s: Survivor, weapon: str, card: Card, kind: str, skills: set[str], held: list[Item], dual: bool | None
) -> list[Item]:
    """A dual pair fires together unless `dual` is False; a weapon that needs reloading fires only loaded."""
    pair_possible = len(held) == 2 and can_dual(skills, kind, card.dual) and not card.molotov
    if dual and not pair_possible:
        raise NotAllowed("cannot-dual", f"{s.id} cannot fire two '{weapon}' together")
    used = held[:2] if (pair_possible and dual is not False) else held[:1]
    if card.reload and "free-reload" not in skills:  # reloaded for free: never waits for a reload action
        if dual is None:  # unless told otherwise, fire whatever is loaded
            used = [i for i in used if i.loaded]
        if not used or any(not i.loaded for i in used):
            raise NotAllowed("needs-reload", f"'{weapon}' must be reloaded first")
    return used


def _checked_target(game: "Game", s: Survivor, weapon: str, profile: Profile, skills: set[str], at: str | None) -> str:
    """The zone attacked (the survivor's own by default): on the board, in reach, with zombies."""
    target = at or s.zone
    if target not in game.state.board.zones:
        raise NotAllowed("unknown-zone", f"there is no zone '{target}'")
    if profile.kind == "melee":
        if target != s.zone:
            raise NotAllowed("melee-own-zone", "a melee weapon reaches only its own zone")
    else:
        _check_in_range(game, s, weapon, profile, skills, target)
    if not game.state.zombies_in(target):
        raise NotAllowed("no-zombies", f"no zombies in {target}")
    return target


def _check_in_range(game: "Game", s: Survivor, weapon: str, profile: Profile, skills: set[str], target: str) -> None:
    board = game.state.board
    # Home defender: sight through building zones is not cut at range 1.
    sight = board.line_of_sight_through_rooms(s.zone) if HOME_DEFENDER in skills else board.line_of_sight(s.zone)
    if target not in sight:
        raise NotAllowed("not-in-sight", f"{target} is not in {s.id}'s line of sight")
    longest = profile.max_range + int("plus-1-max-range" in skills)
    shortest = 0 if "point-blank" in skills else profile.min_range  # Point-blank: own zone too
    if not shortest <= sight[target] <= longest:
        raise NotAllowed(
            "out-of-range",
            f"{target} is at range {sight[target]}; '{weapon}' reaches {profile.min_range}-{longest}",
        )


def _check_hurtable(game: "Game", card: Card, target: str, damage: int) -> None:
    rules = game.rules
    if (
        rules.combat_needs_a_target_it_can_hurt
        and not card.molotov
        and not any(damage >= rules.zombies[z.type].min_damage for z in game.state.zombies_in(target))
    ):
        raise NotAllowed("no-target-it-can-hurt", f"damage {damage} kills none of the zombies in {target}")


def _check_assigned(game: "Game", target: str, assign: list[str]) -> None:
    present = {z.type for z in game.state.zombies_in(target)}
    for name in assign:
        if name not in present:
            raise NotAllowed("no-such-target", f"no {name} in {target} to assign a hit to")


def _pay_for_attack(game: "Game", action: _Attack, free: bool = False) -> None:
    s = action.survivor
    if free:
        return
    if action.weapon in game.rules.improvised:  # Improvised weapon: once a turn, for free
        if action.weapon not in action.skills or action.weapon in s.used_this_turn:
            raise NotAllowed("no-improvised-weapon", f"{s.id} has no {action.weapon} left this turn")
        s.used_this_turn.add(action.weapon)
        game.emit("skill-used", survivor=s.id, skill=action.weapon)
        return
    if len(action.used) == 2 and "dual-expert" in action.skills and not s.free_used["dual-expert"]:
        s.free_used["dual-expert"] = 1  # Dual expert: a free combat action with the pair only
    else:
        game._pay(s, action.kind, 1)  # a free Combat, Melee or Ranged action pays for it


def _check_zombie_dice(action: _Attack) -> None:
    """Barbarian (melee) and Full auto (ranged) roll as many dice as zombies there."""
    skill = "barbarian" if action.kind == "melee" else "full-auto"
    if skill not in action.skills:
        raise NotAllowed("no-zombie-dice", f"{action.survivor.id} lacks {skill}")


def _dice_count(game: "Game", action: _Attack, zombie_dice: bool) -> int:
    s, skills = action.survivor, action.skills
    per_weapon = action.profile.dice
    if zombie_dice:  # as many dice as zombies there (_check_zombie_dice)
        per_weapon = len(game.state.zombies_in(action.target))
    if "escalation" in skills:  # as Combat: +1 die per combat action already taken in a row
        per_weapon += s.escalation
        s.escalation += 1
    return (per_weapon + dice_bonus(skills, action.kind)) * len(action.used)


def _roll_attack(
    game: "Game", action: _Attack, dice_count: int, rerolls: list[str], reroll_below: int | None
) -> tuple[list[int], int]:
    """The dice that stand after the re-rolls and Roll 6: +1 die, and how many they are."""
    s, accuracy = action.survivor, action.profile.accuracy
    bonus, cap = roll_bonus(action.skills, action.kind), game.rules.max_die_result
    rolled = _adjust(game.dice.roll(dice_count), bonus, cap)
    game.emit("roll", survivor=s.id, weapon=action.weapon, dice=rolled, accuracy=accuracy)
    for source in rerolls:  # a re-roll takes all the dice again; the new result stands
        if reroll_below is not None and _hits(rolled, accuracy) >= reroll_below:
            break
        _spend_reroll(s, source)
        rolled = _adjust(game.dice.roll(dice_count), bonus, cap)
        game.emit("re-roll", survivor=s.id, source=source, dice=rolled)
    return _roll_sixes(game, s, action.skills, rolled, dice_count, bonus)


def _hits(rolled: list[int], accuracy: int) -> int:
    return sum(1 for v in rolled if v >= accuracy)


def _place_hits(game: "Game", action: _Attack, hits: int, misses: int, assign: list[str], survivors: list[str]) -> None:
    s, target, damage = action.survivor, action.target, action.damage
    # who places the hits: the players (melee, Sniper) or the target order (other ranged attacks)
    game.emit(
        "hits",
        survivor=s.id,
        hits=hits,
        misses=misses,
        damage=damage,
        zone=target,
        assigned_by="players" if action.players_assign else "target-order",
    )
    if action.players_assign:
        _assign_hits(game, s, target, hits, damage, assign)
    else:
        _ordered_hits(game, s, target, hits, damage, survivors, exclude={s.id})
    if action.kind == "ranged" and game.rules.ranged_misses_hit_survivors and misses and not action.point_blank:
        _friendly_fire(game, s, target, misses, damage, survivors)


# Roll 6: +1 die adds dice as long as dice show the top face. A real chain ends within a few rounds
# (a die shows the top face one time in six, or in three with +1 to each die); this bound is
# never reached by a real roll, and ends a chain no die could stop (a bonus that lifts every
# face to the top one).
EXTRA_DICE_ROUNDS = 100


def _roll_sixes(
    game: "Game", s: Survivor, skills: set[str], rolled: list[int], count: int, bonus: int
) -> tuple[list[int], int]:
    """Roll 6: +1 die (Combat, as on the core box's card): each 6, after re-rolls, adds a die, and
    so do the 6s those dice show."""
    if "roll-6-plus-1-die" not in skills:
        return rolled, count
    cap = game.rules.max_die_result
    sixes = sum(1 for v in rolled if v == cap)
    for _ in range(EXTRA_DICE_ROUNDS):
        if not sixes:
            break
        extra = _adjust(game.dice.roll(sixes), bonus, cap)
        game.emit("extra-dice", survivor=s.id, skill="roll-6-plus-1-die", dice=extra)
        rolled, count = rolled + extra, count + sixes
        sixes = sum(1 for v in extra if v == cap)
    return rolled, count


def _held(game: "Game", s: Survivor, weapon: str) -> list:
    """The copies of a weapon ready to use: in hand, or anywhere in the inventory with Webbing."""
    if "webbing" in game.skills(s):
        return [i for i in s.items() if i.name == weapon]
    return s.in_hands(weapon)


def _adjust(values: list[int], bonus: int, cap: int) -> list[int]:
    return [min(v + bonus, cap) for v in values]


def _ammo_cards(s: Survivor, game: "Game", ammo: str | None) -> list[str]:
    return [i.name for i in s.items() if ammo and game.rules.card(i.name).rerolls_ammo == ammo]


def _check_rerolls(game: "Game", s: Survivor, card, rerolls: list[str]) -> None:
    skills = game.skills(s)
    ammo_left = _ammo_cards(s, game, card.ammo)
    for source in rerolls:
        if source in REROLL_SKILLS:
            if source not in skills:
                raise NotAllowed("no-reroll", f"{s.id} lacks {source}")
            if rerolls.count(source) > 1 or (source == "1-re-roll-per-turn" and s.reroll_turn_used):
                raise NotAllowed("no-reroll", f"{source} is spent")
        elif source in ammo_left:
            ammo_left.remove(source)  # one re-roll per Plenty of Ammo card
        else:
            raise NotAllowed("no-reroll", f"{s.id} cannot re-roll with '{source}' for '{card.name}'")


def _spend_reroll(s: Survivor, source: str) -> None:
    if source == "1-re-roll-per-turn":
        s.reroll_turn_used = True


def _killable(game: "Game", zombie: Zombie, damage: int) -> bool:
    return damage >= game.rules.zombies[zombie.type].min_damage


def _default_priority(game: "Game", zombie: Zombie) -> tuple:
    stats = game.rules.zombies[zombie.type]
    return (-stats.xp, -stats.actions, -stats.min_damage, zombie.uid)


def _kill(game: "Game", s: Survivor, zombie: Zombie, zone: str) -> None:
    game.state.zombies.remove(zombie)
    s.kills[zombie.type] += 1
    s.kill_zone = zone
    game.emit("kill", survivor=s.id, zombie=zombie.type, zone=zone, xp=game.rules.zombies[zombie.type].xp)
    game.gain_xp(s, game.rules.zombies[zombie.type].xp)
    twin = next((z for z in game.state.zombies_in(zone) if z.type == zombie.type), None)
    if game.reaper_left and twin is not None:
        game.reaper_left = 0
        _kill(game, s, twin, zone)  # the same hit takes an identical zombie too
        return
    if game.rules.hold_your_nose_draws_on_clear and not game.state.zombies_in(zone):
        _hold_your_nose(game, zone)


def _hold_your_nose(game: "Game", zone: str) -> None:
    """2nd edition: whenever a zone's last zombie is eliminated, each survivor there with Hold
    your nose draws an Equipment card (not a Search)."""
    for holder in game.state.survivors_in(zone):
        if "hold-your-nose" in game.skills(holder):
            card = game._draw_equipment()
            if card is not None:
                game.emit("search", survivor=holder.id, zone=zone, drawn=[card])
                game._take_drawn(holder, card, None)


def _assign_hits(game: "Game", s: Survivor, zone: str, hits: int, damage: int, assign: list[str]) -> None:
    """The players choose which zombie each hit goes to (by default: the best kill the hit can make)."""
    for i in range(hits):
        present = game.state.zombies_in(zone)
        if not present:
            return
        wanted = assign[i] if i < len(assign) else None
        candidates = [z for z in present if wanted is None or z.type == wanted]
        if not candidates:
            continue  # the chosen target is gone: the hit is lost
        killable = [z for z in candidates if _killable(game, z, damage)]
        if killable:
            _kill(game, s, min(killable, key=lambda z: _default_priority(game, z)), zone)
        else:
            game.emit(
                "hit-absorbed",
                survivor=s.id,
                zombie=candidates[0].type,
                damage=damage,
                need=game.rules.zombies[candidates[0].type].min_damage,
            )


def _ordered_hits(
    game: "Game", s: Survivor, zone: str, hits: int, damage: int, prefer: list[str], exclude: set[str]
) -> None:
    """Hits follow the target order; a group is wiped out before the next is hit."""
    state = game.state
    for group in game.rules.ranged_target_order:
        while hits > 0:
            people = [p for p in state.survivors_in(zone) if p.id not in exclude] if SURVIVOR in group else []
            zombies = [z for z in state.zombies_in(zone) if z.type in group]
            if not people and not zombies:
                break
            hits -= 1
            if people:
                victim = _choose_survivor(people, prefer)
                game.emit("hit-survivor", survivor=s.id, target=victim.id, damage=damage)
                for _ in range(damage):
                    if not victim.dead:
                        wound(game, victim)
                continue
            killable = [z for z in zombies if _killable(game, z, damage)]
            if killable:
                _kill(game, s, killable[0], zone)
            else:
                game.emit(
                    "hit-absorbed",
                    survivor=s.id,
                    zombie=zombies[0].type,
                    damage=damage,
                    need=game.rules.zombies[zombies[0].type].min_damage,
                )
        if hits == 0:
            return


def _choose_survivor(people: list[Survivor], prefer: list[str]) -> Survivor:
    for sid in prefer:
        for p in people:
            if p.id == sid:
                return p
    return people[0]


def _friendly_fire(game: "Game", s: Survivor, zone: str, misses: int, damage: int, prefer: list[str]) -> None:
    """2nd edition: each miss hits a survivor in the target zone (never the shooter). A Sniper's
    misses hit no one, and with Steady hand the shooter spares everyone; a Low profile survivor is
    never hit; Tough ignores the first wound each friendly fire would deal it."""
    if {"sniper", "steady-hand"} & game.skills(s):
        return
    spared: set[str] = set()
    for _ in range(misses):
        people = [p for p in game.state.survivors_in(zone) if p is not s and "low-profile" not in game.skills(p)]
        if not people:
            return
        victim = _choose_survivor(people, prefer)
        game.emit("friendly-fire", survivor=s.id, target=victim.id, damage=damage)
        for _ in range(damage):
            if victim.dead:
                continue
            if "tough" in game.skills(victim) and victim.id not in spared:
                spared.add(victim.id)
                game.emit("tough", survivor=victim.id)
                continue
            wound(game, victim)


def _molotov(game: "Game", s: Survivor, item, zone: str) -> None:
    """Everything in the zone dies, survivors and Abominations alike; the Molotov is spent."""
    state = game.state
    game._remove(s, item)
    keep_on = game.rules.two_cocktails_keep_on
    if keep_on and "2-cocktails" in game.skills(s):  # 2nd edition: a die may keep the card
        die = game.dice.roll(1)[0]  # an unmodified roll
        kept = die >= keep_on and len(s.backpack) < game.backpack_size(s)
        game.emit("two-cocktails", survivor=s.id, dice=[die], need=keep_on, kept=kept)
        if kept:
            s.backpack.append(item)
        else:
            state.equipment_discard.append(item.name)
    else:
        state.equipment_discard.append(item.name)
    game.emit("molotov", survivor=s.id, zone=zone)
    alone = [z for z in state.zombies_in(zone) if game.rules.special(z.type, "molotov-kills-only-it")]
    if alone:  # the flames take only this zombie: the others and the survivors are spared
        for zombie in alone:
            _kill(game, s, zombie, zone)
        return
    for zombie in list(state.zombies_in(zone)):
        _kill(game, s, zombie, zone)
    for victim in state.survivors_in(zone):
        kill_survivor(game, victim)


def car_attack(game: "Game", driver: Survivor, car: Car, zone: str) -> None:
    """1st edition: one die per figure in the zone outside the car; each hit does 1 damage in target order."""
    state = game.state
    riders = {sid for sid in car.seats if sid}
    figures = len(state.zombies_in(zone)) + len([p for p in state.survivors_in(zone) if p.id not in riders])
    if figures == 0:
        return
    rolled = game.dice.roll(figures)
    hits = sum(1 for v in rolled if v >= game.rules.car_attack_hit)
    game.emit("car-attack", survivor=driver.id, zone=zone, dice=rolled, hits=hits, hit=game.rules.car_attack_hit)
    _ordered_hits(game, driver, zone, hits, 1, [], exclude=riders)
