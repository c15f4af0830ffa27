"""The Zombicide engine for both editions: survivors' actions and the turn's phases.

One engine; the edition is its `Rules`. Each public method is one action or phase: it checks
everything first and raises `NotAllowed` (state unchanged) or applies the action completely,
recording events in `state.events`. Combat lives in combat.py, the zombies in zombie_phase.py.
"""

from __future__ import annotations

import random
from typing import Any

from generator.core.choices import Choices
from generator.core.decks import RESHUFFLE, draw_from
from generator.core.dice import Dice
from generator.core.geometry import Door
from generator.core.phases import Turn
from generator.errors import ScenarioError
from generator.games.zombicide import combat, skill_actions, zombie_phase
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.skills import (
    BROTHER_IN_ARMS,
    COMBAT_KINDS,
    DESTINY,
    FREE_ACTION_SKILLS,
    HOARD,
    PLUS_1_ACTION,
    STARTS_WITH_HEALTH,
    pays_for,
    zones_per_move,
)
from generator.games.zombicide.state import (
    END,
    PHASES,
    PLAYERS,
    ZOMBIES,
    Car,
    Item,
    NotAllowed,
    State,
    Survivor,
    ZombieCard,
)
from generator.games.zombicide.strategies import WOUNDED


class Game:
    def __init__(self, rules: Rules, state: State, dice: Dice, shuffle_seed: int = 0):
        self.rules = rules
        self.state = state
        self.dice = dice
        self.shuffle = random.Random(shuffle_seed)
        self.choices = Choices()  # the players' decisions in the zombie phase (who is hit, routes, splits)
        self.reaper_left = 0  # Reaper: the extra identical zombie the current attack may still take
        self.tough_used: set[str] = set()  # survivors whose Tough has absorbed an attack this phase
        self.shortages: list[str] = []  # zombie types that ran out of miniatures, awaiting activation
        self.shortage_activations: set[str] = set()  # types activated for a shortage in this chain
        # The spawn step under way: its danger level and the zones (with any card drawn ahead)
        # still to resolve; what waits for the extra turns of a Zombie link.
        self.spawn_level = ""
        self.spawn_left: list[tuple[str, ZombieCard | None]] = []
        self.linked_activation: str | None = None
        self.extra_turns_left: list[str] = []
        self.before_action: tuple[Turn, Survivor, bool] | None = None  # the turn before actor() moved it

    # --- queries -----------------------------------------------------------------------------
    def survivor(self, sid: str) -> Survivor:
        if sid not in self.state.survivors:
            raise NotAllowed("unknown-survivor", f"there is no survivor '{sid}'")
        s = self.state.survivors[sid]
        if s.dead:
            raise NotAllowed("survivor-dead", f"{sid} is dead")
        return s

    def actor(self, sid: str) -> Survivor:
        """The survivor taking an action: survivors act in the players' phase, in their own turn.
        An action after the zombie or end phase begins the next round's players' phase; a
        survivor's extra turn inside the zombie phase (Zombie link) and a Born leader's gift
        (2nd edition) are turns of their own."""
        s = self.survivor(sid)
        turn = self.state.turn
        self.before_action = (Turn(turn.round, turn.phase, turn.player), s, s.played)  # for refused()
        if self.state.extra_turn == sid:
            turn.player = sid
            return s
        zombie_phase.resume(self)  # another survivor acting ends an extra turn: the zombies go on
        if turn.phase != PLAYERS:
            turn.enter(PHASES, PLAYERS)
        if self.state.giver is not None:
            if s.gift:
                turn.player = sid
                return s
            self._end_gift()
        self._check_turn_order(s)
        turn.player = sid
        s.played = True
        return s

    def _check_turn_order(self, s: Survivor) -> None:
        """Where a case gives the order of turns: a survivor acts in their own turn only, once a
        round, after those before them (a Tactician's turn may come at any point of the phase)."""
        order, current = self.state.turn_order, self.state.turn.player
        if not order or s.id not in order or current == s.id:
            return
        if s.played:
            raise NotAllowed("turn-over", f"{s.id} has had their turn this round")
        if "tactician" in self.skills(s):
            return
        waiting = [
            sid
            for sid in order[: order.index(s.id)]
            if not self.state.survivors[sid].played
            and not self.state.survivors[sid].dead
            and "tactician" not in self.skills(self.state.survivors[sid])
        ]
        if waiting:
            raise NotAllowed("not-your-turn", f"{waiting[0]} takes their turn before {s.id}", waiting=waiting[0])

    def _end_gift(self) -> None:
        """A Born leader's gift not taken at once is lost; the giver's turn goes on."""
        for survivor in self.state.survivors.values():
            survivor.gift = False
        self.state.giver = None

    def refused(self) -> None:
        """An action the rules refused leaves the turn as it was: actor() has moved the turn to the
        acting survivor before the action's checks (random play found a refused action after the
        end phase starting the next round)."""
        if self.before_action is not None:
            turn, survivor, played = self.before_action
            self.state.turn, survivor.played = turn, played
            self.before_action = None

    def levels_reached(self, s: Survivor) -> list[str]:
        return [lid for lid, xp in self.rules.levels if s.xp >= xp]

    def level(self, s: Survivor) -> str:
        return self.rules.level_of(s.xp)

    def held_skills(self, s: Survivor) -> set[str]:
        """Skills the survivor has now: a level's skills from the moment it is reached."""
        held = set(s.skills)
        if s.kid:
            held |= set(self.rules.kid_skills)
        for lid in self.levels_reached(s):
            held |= set(s.level_skills.get(lid, []))
        return held

    def skills(self, s: Survivor) -> set[str]:
        """Skills in force now: every rule of the engine asks this, never the survivor's own
        list, so a skill the rules switch off (Rules.skills_off) changes nothing anywhere."""
        return (self.held_skills(s) | self._shared_skills(s)) - self.rules.skills_off

    def _shared_skills(self, s: Survivor) -> set[str]:
        """Brother in arms: while its holder shares a zone with another survivor, everyone there
        (the holder too) has the skill its card names."""
        here = self.state.survivors_in(s.zone)
        if len(here) < 2 or s.dead:
            return set()
        return {
            str(other.skill_values[BROTHER_IN_ARMS])
            for other in here
            if BROTHER_IN_ARMS in self.held_skills(other) - self.rules.skills_off
            and BROTHER_IN_ARMS in other.skill_values
        }

    def health(self, s: Survivor) -> int:
        """The wounds that kill this survivor: the edition's, or what Starts with [X] Health names."""
        named = s.skill_values.get(STARTS_WITH_HEALTH)
        if named is not None and STARTS_WITH_HEALTH in self.skills(s):
            return int(named)
        return self.rules.health(s.kid)

    def turn_actions(self, s: Survivor) -> tuple[int, int, int]:
        """The actions of the survivor's turn by where they come from: parameter 'actions-per-turn',
        one per level reached of parameter 'extra-action-levels', and one for +1 Action."""
        levels = sum(1 for lid in self.rules.extra_action_levels if lid in self.levels_reached(s))
        return self.rules.actions_per_turn, levels, int(PLUS_1_ACTION in self.skills(s))

    def actions_total(self, s: Survivor) -> int:
        return sum(self.turn_actions(s)) + s.bonus_actions

    def actions_left(self, s: Survivor) -> int:
        return self.actions_total(s) - s.actions_used

    def danger_level(self) -> str:
        """The level of the most experienced living survivor."""
        living = self.state.living()
        return self.rules.level_of(max((s.xp for s in living), default=0))

    def capacity(self, s: Survivor) -> int:
        return self.rules.hand_slots + self.backpack_size(s)

    def backpack_size(self, s: Survivor) -> int:
        return self.rules.backpack_slots + (self.rules.hoard_slots if HOARD in self.skills(s) else 0)

    def noise_map(self) -> dict[str, int]:
        """Noise by zone: tokens plus one per survivor (Ninjas excepted); Loud makes a zone the noisiest."""
        noise = {z: self.state.noise.get(z, 0) for z in self.state.board.zones}
        for s in self.state.living():
            if "ninja" not in self.skills(s):
                noise[s.zone] += self.rules.survivor_noise
        loud = self.state.loud_zone
        if loud is not None:
            noise[loud] = max(noise.values()) + 1
        return noise

    # --- paying for actions ------------------------------------------------------------------
    def _free_actions(self, s: Survivor, kind: str) -> int:
        return sum(
            1
            for skill, k in FREE_ACTION_SKILLS.items()
            if pays_for(k, kind) and skill in self.skills(s) and not s.free_used[skill]
        )

    def _check_cost(self, s: Survivor, kind: str, cost: int) -> None:
        free = min(self._free_actions(s, kind) + int(s.gift), 1, cost)
        if cost - free > self.actions_left(s):
            raise NotAllowed(
                "not-enough-actions", f"{s.id} needs {cost} action(s) ({free} free) but has {self.actions_left(s)} left"
            )

    def _pay(self, s: Survivor, kind: str, cost: int) -> None:
        self._check_cost(s, kind, cost)
        if kind not in COMBAT_KINDS:
            s.escalation = 0  # Escalation's bonus ends with any other kind of action
        free = 0
        if s.gift and cost:  # a Born leader's gift pays for this one action; the giver's turn resumes
            s.gift, free = False, 1
            self.state.giver = None
        for skill, k in FREE_ACTION_SKILLS.items():
            if free < min(1, cost) and pays_for(k, kind) and skill in self.skills(s) and not s.free_used[skill]:
                s.free_used[skill] = 1
                free += 1
        s.actions_used += cost - free

    def gain_xp(self, s: Survivor, xp: int) -> None:
        before = self.level(s)
        s.xp += xp
        after = self.level(s)
        if after != before:
            self.state.emit("level-up", survivor=s.id, level=after, xp=s.xp)

    def emit(self, event: str, **data) -> None:
        self.state.emit(event, **data)

    # --- movement ----------------------------------------------------------------------------
    def move(self, sid: str, path: list[str]) -> None:
        s = self.actor(sid)
        if s.car:
            raise NotAllowed("in-car", f"{sid} is in a car; get out first")
        skills = self.skills(s)
        sprinting = self._sprinting(s, skills, path)
        slippery = "slippery" in skills and self._slippery_left(s)
        self._check_walk(s, path, slippery)
        left_behind = [] if slippery else self.state.zombies_in(s.zone)
        cost = 1 + self.rules.move_extra_cost_per_zombie * len(left_behind)
        if s.hit_and_run and len(path) == 1:  # Hit & run: a free move, nothing extra for zombies
            s.hit_and_run, cost = False, 0
        self._pay(s, "move", cost)
        s.sprint_used = s.sprint_used or sprinting
        if slippery and self._kid_slippery_only(s) and self._slippery_mattered(s, path):
            s.kid_slips += 1
        paid_for = self.state.counts(left_behind) if cost > 1 else {}  # why the move cost more
        self.emit("move", survivor=sid, path=[s.zone, *path], cost=cost, zombies_left=paid_for)
        s.zone = path[-1]

    def _sprinting(self, s: Survivor, skills: set[str], path: list[str]) -> bool:
        """Whether the move is a Sprint; NotAllowed when no move of the survivor covers the path."""
        reach = zones_per_move(skills)
        sprinting = "sprint" in skills and not s.sprint_used and len(path) > reach
        if sprinting:
            reach = max(reach, 3)  # Sprint: once per turn, one move of 2 or 3 zones
        if not path or len(path) > reach:
            raise NotAllowed("too-far", f"{s.id} moves 1 to {reach} zone(s) per move action, not {len(path)}")
        return sprinting

    def _check_walk(self, s: Survivor, path: list[str], slippery: bool) -> None:
        """Each step of a move goes through an open way; entering zombies ends it (Slippery aside)."""
        here = s.zone
        for i, zone in enumerate(path):
            if zone not in self.state.board.zones:
                raise NotAllowed("unknown-zone", f"there is no zone '{zone}'")
            if not self.state.board.passable(here, zone):
                raise NotAllowed("no-passage", f"no open way from {here} to {zone}")
            if self.state.zombies_in(zone) and i < len(path) - 1 and not slippery:
                raise NotAllowed(
                    "move-ends-at-zombies", f"entering {zone}, which holds zombies, ends the move", through=zone
                )
            here = zone

    def _kid_slippery_only(self, s: Survivor) -> bool:
        """A kid whose Slippery comes only from being a kid (not from a skill card or level)."""
        own = set(s.skills) | {k for lid in self.levels_reached(s) for k in s.level_skills.get(lid, [])}
        return s.kid and "slippery" not in own and self.rules.kid_slippery_uses_per_turn > 0

    def _slippery_left(self, s: Survivor) -> bool:
        """2nd edition: a kid slips past zombies on one move per turn only."""
        return not self._kid_slippery_only(s) or s.kid_slips < self.rules.kid_slippery_uses_per_turn

    def _slippery_mattered(self, s: Survivor, path: list[str]) -> bool:
        """The player uses a kid's Slippery on a move only when zombies would have cost or stopped it."""
        return bool(self.state.zombies_in(s.zone) or any(self.state.zombies_in(z) for z in path[:-1]))

    def charge(self, sid: str, path: list[str]) -> None:
        """Charge: once per turn, free, up to 2 zones into a zone holding zombies; moving's other
        rules hold (leaving zombies costs its extra actions, entering zombies ends the move)."""
        s = self.actor(sid)
        if "charge" not in self.skills(s) or s.charge_used:
            raise NotAllowed("no-charge", f"{sid} has no Charge left this turn")
        if not path or len(path) > 2:
            raise NotAllowed("too-far", f"a Charge covers 1 or 2 zones, not {len(path)}")
        if not self.state.zombies_in(path[-1]):
            raise NotAllowed("charge-needs-zombies", f"a Charge ends in a zone with zombies; {path[-1]} has none")
        self._check_walk(s, path, "slippery" in self.skills(s))
        left_behind = [] if "slippery" in self.skills(s) else self.state.zombies_in(s.zone)
        extra = self.rules.move_extra_cost_per_zombie * len(left_behind)
        if extra > self.actions_left(s):
            raise NotAllowed("not-enough-actions", f"{sid} needs {extra} action(s) to leave the zombies behind")
        s.actions_used += extra
        s.charge_used = True
        paid_for = self.state.counts(left_behind) if extra else {}
        self.emit("move", survivor=sid, path=[s.zone, *path], cost=extra, zombies_left=paid_for)
        s.zone = path[-1]

    def jump(self, sid: str, path: list[str]) -> None:
        """Jump: once per turn, 1 action, exactly 2 zones; the middle zone's zombies neither stop
        nor cost; walls and closed doors still do; move skills do not help; leaving zombies costs."""
        s = self.actor(sid)
        if "jump" not in self.skills(s) or s.jump_used:
            raise NotAllowed("no-jump", f"{sid} has no Jump left this turn")
        if len(path) != 2:
            raise NotAllowed("jump-two-zones", f"a Jump covers exactly 2 zones, not {len(path)}")
        here = s.zone
        for zone in path:
            if zone not in self.state.board.zones:
                raise NotAllowed("unknown-zone", f"there is no zone '{zone}'")
            if not self.state.board.passable(here, zone):
                raise NotAllowed("no-passage", f"no open way from {here} to {zone}")
            here = zone
        left_behind = self.state.zombies_in(s.zone)
        cost = 1 + self.rules.move_extra_cost_per_zombie * len(left_behind)
        self._pay(s, "jump", cost)
        s.jump_used = True
        paid_for = self.state.counts(left_behind) if cost > 1 else {}
        self.emit("move", survivor=sid, path=[s.zone, *path], cost=cost, zombies_left=paid_for)
        s.zone = path[-1]

    def shove(self, sid: str, to: str) -> None:
        """Shove: once per turn, free, every zombie in the survivor's zone goes to a zone at range 1
        with a clear path. Not a move of the zombies."""
        s = self.actor(sid)
        if "shove" not in self.skills(s) or s.shove_used:
            raise NotAllowed("no-shove", f"{sid} has no Shove left this turn")
        if to not in self.state.board.zones or not self.state.board.passable(s.zone, to):
            raise NotAllowed("no-passage", f"no open way from {s.zone} to {to}")
        pushed = self.state.zombies_in(s.zone)
        if not pushed:
            raise NotAllowed("no-zombies", f"no zombies in {s.zone} to shove")
        for zombie in pushed:
            zombie.zone = to
        s.shove_used = True
        self.emit("zombies-move", zone=s.zone, moves=[(z.type, to) for z in pushed], reasons={})

    # --- search ------------------------------------------------------------------------------
    def search(
        self, sid: str, keep: list[str] | None = None, hold_your_nose: bool | None = None, destiny: str | None = None
    ) -> None:
        """`destiny`: a card the search draws that Destiny sends back for another."""
        s = self.actor(sid)
        use_nose = self._uses_hold_your_nose(s, hold_your_nose)
        car = next((c for c in self.state.cars.values() if c.zone == s.zone and c.kind in ("police", "pimp")), None)
        self._check_search(s, use_nose, car)
        if destiny is not None and (DESTINY not in self.skills(s) or DESTINY in s.used_this_turn):
            raise NotAllowed("no-destiny", f"{sid} has no Destiny left this turn")
        if not use_nose:
            self._pay(s, "search", 1)
        else:
            s.nose_used = True
        s.searched = True
        if car is not None and self.state.board.is_street(s.zone) and not use_nose:
            _check_keep(keep, self._search_car(s, car, keep))
            return
        self._search_zone(s, keep, destiny)

    def _uses_hold_your_nose(self, s: Survivor, asked: bool | None) -> bool:
        """Whether a search is Hold your nose's: whenever one is ready, unless the step says otherwise."""
        ready = self._hold_your_nose_ready(s)
        use = ready if asked is None else asked
        if use and not ready:
            raise NotAllowed("no-hold-your-nose", f"{s.id} has no Hold Your Nose search ready in {s.zone}")
        return use

    def _check_search(self, s: Survivor, use_nose: bool, car: Car | None) -> None:
        state, zone = self.state, s.zone
        if not use_nose and state.board.is_street(zone) and car is None and "scavenger" not in self.skills(s):
            raise NotAllowed("search-outdoors", f"{zone} is a street zone; search inside a building")
        if state.zombies_in(zone):
            raise NotAllowed("search-with-zombies", f"zombies stand in {zone}")
        if s.searched and "can-search-more-than-once" not in self.skills(s):
            raise NotAllowed("search-once-per-turn", f"{s.id} has already searched this turn")

    def _search_zone(self, s: Survivor, keep: list[str] | None, destiny: str | None = None) -> None:
        """A search of the zone: the cards drawn (a Flashlight or a skill draws more) go to the survivor."""
        draws = self.rules.search_draws(sum(1 for i in s.items() if self.rules.card(i.name).draws_extra))
        if "search-2-cards" in self.skills(s):
            draws = max(draws, 2)
        drawn = [self._draw_equipment() for _ in range(draws)]
        self.emit("search", survivor=s.id, zone=s.zone, drawn=[c for c in drawn if c])
        if destiny is not None:
            drawn = self._destiny(s, drawn, destiny)
        drawn += self._matching_set(s, [c for c in drawn if c])
        _check_keep(keep, [card for card in drawn if card is not None])
        for card in drawn:
            if card is not None:
                self._take_drawn(s, card, keep)

    def _destiny(self, s: Survivor, drawn: list[str | None], card: str) -> list[str | None]:
        """Destiny: one card the search drew goes to the discard pile, and another is drawn in
        its place (an Aaahh!! sent back brings no zombie: it is discarded before it is resolved)."""
        if card not in drawn:
            shown = ", ".join(c for c in drawn if c) or "nothing"
            raise ScenarioError(f"destiny names '{card}', but the search drew {shown}; name a card it draws")
        s.used_this_turn.add(DESTINY)
        self.state.equipment_discard.append(card)
        replacement = self._draw_equipment()
        self.emit("destiny", survivor=s.id, card=card, drawn=replacement)
        index = drawn.index(card)
        return [*drawn[:index], replacement, *drawn[index + 1 :]]

    def _matching_set(self, s: Survivor, drawn: list[str]) -> list[str]:
        """Matching Set!: a dual weapon drawn in a search brings a second copy from the deck,
        which is then shuffled. Only a search draw counts: not starting gear, not a trade."""
        if "matching-set" not in self.skills(s):
            return []
        extra = []
        for card in drawn:
            if card != "aaahh" and self.rules.card(card).dual and card in self.state.equipment_deck:
                self.state.equipment_deck.remove(card)
                extra.append(card)
                self.emit("matching-set", survivor=s.id, card=card)
        if extra:
            self.shuffle.shuffle(self.state.equipment_deck)
        return extra

    def _hold_your_nose_ready(self, s: Survivor) -> bool:
        if self.rules.hold_your_nose_draws_on_clear:
            return False  # the 2nd edition's Hold your nose draws when a zone is cleared (combat.py)
        return "hold-your-nose" in self.skills(s) and not s.nose_used and s.kill_zone == s.zone

    def _search_car(self, s: Survivor, car, keep) -> list[str]:
        """A car's search; the cards it offers the survivor (the one a police car ends on)."""
        if car.kind == "pimp":
            if car.searched or not self.state.pimp_weapons:
                raise NotAllowed("car-searched", f"{car.id} has been searched already")
            car.searched = True
            weapon = self.state.pimp_weapons.pop(0)
            self._take_drawn(s, weapon, keep)
            return [weapon]
        passed: list[str] = []  # this search's cards that were no weapon: a reshuffle leaves them out
        while True:  # police car: draw until a weapon
            card = self._draw_equipment(set_aside=passed)
            if card is None:  # every card left has been drawn once, and none was a weapon
                if passed:
                    self.emit("car-search-no-weapon", survivor=s.id, zone=s.zone, car=car.id)
                return []
            self.emit("search", survivor=s.id, zone=s.zone, drawn=[card])
            if card == "aaahh" or self.rules.card(card).kind == "weapon":
                self._take_drawn(s, card, keep)
                return [card]
            self.state.equipment_discard.append(card)
            passed.append(card)

    def _draw_equipment(self, set_aside: list[str] | None = None) -> str | None:
        """The top card; an empty deck is the discard pile reshuffled, less the cards the rules
        leave out and `set_aside` (drawn by this very search)."""
        state = self.state
        drawn = draw_from(
            state.equipment_deck,
            state.equipment_discard,
            RESHUFFLE,
            self.shuffle,
            (*self.rules.reshuffle_excludes, *(set_aside or ())),
        )
        if drawn.reshuffled:
            self.emit("reshuffle", cards=drawn.reshuffled)
        return drawn.card

    def _take_drawn(self, s: Survivor, card: str, keep: list[str] | None) -> None:
        if card == "aaahh":  # a zombie hidden in the room
            self.state.equipment_discard.append(card)
            zombie_phase.place(self, "walker", 1, s.zone, escort=False)
            zombie_phase.settle_shortages(self)
            return
        if keep is not None and card not in keep:
            self.state.equipment_discard.append(card)
            self.emit("discard", survivor=s.id, card=card)
            return
        if not self._add_item(s, Item(card)):
            self.state.equipment_discard.append(card)
            self.emit("discard", survivor=s.id, card=card, why="inventory-full")

    def _add_item(self, s: Survivor, item: Item) -> bool:
        for i, held in enumerate(s.hands):
            if held is None:
                s.hands[i] = item
                return True
        if len(s.backpack) < self.backpack_size(s):
            s.backpack.append(item)
            return True
        return False

    # --- doors -------------------------------------------------------------------------------
    def open_door(self, sid: str, to: str, with_card: str | None = None) -> None:
        s = self.actor(sid)
        door = self._door_to_open(s, to)
        opener = self._door_opener(s, with_card)
        self._pay(s, "door", 1)
        door.state = "open"
        noisy = opener is not None and self.rules.card(opener).door_noisy and "ninja" not in self.skills(s)
        if noisy:
            self.state.noise[s.zone] += self.rules.noise_per_action
        self.emit("open-door", survivor=sid, door=door.id, card=opener, noise=noisy, zone=s.zone)
        zombie_phase.spawn_building(self, door)

    def _door_to_open(self, s: Survivor, to: str) -> Door:
        """The closed door between the survivor's zone and `to`, if nothing keeps it shut."""
        door = self.state.board.door_between(s.zone, to)
        if door is None:
            raise NotAllowed("no-door", f"no door between {s.zone} and {to}")
        if door.state == "open":
            raise NotAllowed("door-open", f"the door {door.id} is open already")
        if (door.state == "locked" or door.color) and (door.color is None or door.color not in self.state.taken_colors):
            raise NotAllowed(
                "door-needs-objective",
                f"the door {door.id} opens only after its {door.color or 'mission'} objective is taken",
            )
        return door

    def _door_opener(self, s: Survivor, with_card: str | None) -> str | None:
        """The card that opens the door (a quiet one first), or None for Break-in."""
        ready = s.items() if "webbing" in self.skills(s) else [i for i in s.hands if i is not None]
        openers = [i.name for i in ready if self.rules.card(i.name).opens_doors]
        if with_card is not None:
            openers = [c for c in openers if c == with_card]
        break_in = "break-in" in self.skills(s) and with_card is None
        if not openers and not break_in:
            raise NotAllowed("no-door-opener", f"{s.id} holds no weapon that opens doors")
        opener = sorted(openers, key=lambda c: self.rules.card(c).door_noisy)[0] if openers else None
        if break_in and (opener is None or self.rules.card(opener).door_noisy):
            opener = None  # Break-in: no equipment, no noise
        return opener

    def lock_door(self, sid: str, to: str) -> None:
        s = self.actor(sid)
        if "lock-it-down" not in self.skills(s):
            raise NotAllowed("needs-skill", f"{sid} lacks Lock It Down")
        door = self.state.board.door_between(s.zone, to)
        if door is None or door.state != "open":
            raise NotAllowed("no-open-door", f"no open door between {s.zone} and {to}")
        self._pay(s, "door", 1)
        door.state = "closed"
        self.emit("close-door", survivor=sid, door=door.id)

    # --- inventory ---------------------------------------------------------------------------
    def trade(self, sid: str, other: str, give: list[str], take: list[str]) -> None:
        s, o = self.actor(sid), self.survivor(other)
        if s is o:
            raise ScenarioError(f"{sid} trades with {other}: a trade is between two survivors; name another in 'with'")
        if s.zone != o.zone:
            raise NotAllowed("trade-elsewhere", f"{sid} and {other} must share a zone to trade")
        if WOUNDED in give or WOUNDED in take:
            raise NotAllowed("wound-not-tradable", "Wounded cards cannot be traded")
        given = self._pick(s, give)
        taken = self._pick(o, take)
        if len(s.items()) - len(given) + len(taken) > self.capacity(s) or len(o.items()) - len(taken) + len(
            given
        ) > self.capacity(o):
            raise NotAllowed("inventory-full", "the trade leaves someone holding more cards than fit")
        self._pay(s, "trade", 1)
        for item in given:
            self._remove(s, item)
        for item in taken:
            self._remove(o, item)
        for item in taken:
            self._add_item(s, self._traded(item))
        for item in given:
            self._add_item(o, self._traded(item))
        self.emit("trade", survivor=sid, other=other, give=give, take=take)

    def _traded(self, item: Item) -> Item:
        return item if self.rules.traded_weapon_keeps_reload_state else Item(item.name)

    def _pick(self, s: Survivor, names: list[str]) -> list[Item]:
        pool = s.items()
        picked: list[Item] = []
        for name in names:
            match = next((i for i in pool if i.name == name and all(i is not p for p in picked)), None)
            if match is None:
                raise NotAllowed("no-such-card", f"{s.id} holds no (more) '{name}'")
            picked.append(match)
        return picked

    @staticmethod
    def _remove(s: Survivor, item: Item) -> None:
        for i, held in enumerate(s.hands):
            if held is item:
                s.hands[i] = None
                return
        s.backpack = [i for i in s.backpack if i is not item]

    def reorganize(self, sid: str, hands: list[str | None], backpack: list[str]) -> None:
        s = self.actor(sid)
        wanted = [n for n in [*hands, *backpack] if n]
        held = [i.name for i in s.items()]
        if len(hands) > self.rules.hand_slots or len(backpack) > self.backpack_size(s):
            raise NotAllowed(
                "inventory-full", f"{sid} has {self.rules.hand_slots} hands and {self.backpack_size(s)} backpack slots"
            )
        remaining = list(held)
        for name in wanted:
            if name not in remaining:
                raise NotAllowed("no-such-card", f"{sid} holds no (more) '{name}'")
            remaining.remove(name)
        if WOUNDED in remaining:
            raise NotAllowed("wound-not-discardable", "a Wounded card cannot be discarded")
        self._pay(s, "trade", 1)
        by_name: dict[str, list[Item]] = {}
        for item in s.items():
            by_name.setdefault(item.name, []).append(item)
        s.hands = [by_name[n].pop(0) if n else None for n in hands] + [None] * (self.rules.hand_slots - len(hands))
        s.backpack = [by_name[n].pop(0) for n in backpack]
        self.state.equipment_discard.extend(remaining)
        self.emit("reorganize", survivor=sid, hands=hands, backpack=backpack, discarded=remaining)

    def discard(self, sid: str, card: str) -> None:
        """Free: a card may be thrown away at any time (never a Wounded card)."""
        s = self.actor(sid)
        if card == WOUNDED:
            raise NotAllowed("wound-not-discardable", "a Wounded card cannot be discarded")
        item = self._pick(s, [card])[0]
        self._remove(s, item)
        self.state.equipment_discard.append(card)
        self.emit("discard", survivor=sid, card=card)

    def combine(self, sid: str, cards: list[str]) -> None:
        """Free: two cards held become one weapon (Sniper Rifle, Molotov)."""
        s = self.actor(sid)
        result = self.rules.combinations.get(frozenset(cards))
        if result is None or len(cards) != 2:
            raise NotAllowed("no-combination", f"{cards} do not combine")
        first, second = self._pick(s, cards)
        crafts_two = "2-cocktails" in self.skills(s) and not self.rules.two_cocktails_keep_on  # 1st edition
        copies = 2 if result == "molotov" and crafts_two else 1
        self._remove(s, second)
        first.name, first.loaded = result, True
        for _ in range(copies - 1):
            self._add_item(s, Item(result))
        self.emit("combine", survivor=sid, cards=cards, result=result, copies=copies)

    # --- other actions -----------------------------------------------------------------------
    def make_noise(self, sid: str) -> None:
        s = self.actor(sid)
        self._pay(s, "noise", 1)
        self.state.noise[s.zone] += self.rules.noise_per_action
        self.emit("noise", survivor=sid, zone=s.zone)

    def take_objective(self, sid: str) -> None:
        s = self.actor(sid)
        if s.zone not in self.state.objectives:
            raise NotAllowed("no-objective", f"no objective in {s.zone}")
        self._pay(s, "objective", 1)
        color = self.state.objectives.pop(s.zone)
        if color:
            self.state.taken_colors.add(color)
        self.emit("objective", survivor=sid, zone=s.zone, color=color, xp=self.rules.objective_xp)
        self.gain_xp(s, self.rules.objective_xp)

    def attack(self, sid: str, weapon: str, **options) -> None:
        combat.attack(self, self.actor(sid), weapon, **options)

    # --- what skills add (skill_actions.py) --------------------------------------------------
    def blitz(self, sid: str, path: list[str], weapon: str, **attack) -> None:
        skill_actions.blitz(self, self.actor(sid), path, weapon, attack)

    def bloodlust(self, sid: str, path: list[str], weapon: str, **attack) -> None:
        skill_actions.bloodlust(self, self.actor(sid), path, weapon, attack)

    def field_medic(self, sid: str, path: list[str], target: str | None = None) -> None:
        skill_actions.field_medic(self, self.actor(sid), path, target)

    def lifesaver(self, sid: str, zone: str, survivors: list[str] | None = None) -> None:
        skill_actions.lifesaver(self, self.actor(sid), zone, survivors)

    def taunt(self, sid: str, zone: str) -> None:
        skill_actions.taunt(self, self.actor(sid), zone)

    def setup(self) -> None:
        skill_actions.setup(self)

    def end_turn(self, sid: str) -> None:
        """A survivor's extra turn ends (Zombie link): the zombie phase goes on."""
        if self.state.extra_turn != sid:
            raise NotAllowed("no-extra-turn", f"{sid} is taking no extra turn")
        zombie_phase.resume(self)

    def reload(self, sid: str, weapon: str) -> None:
        s = self.actor(sid)
        held = [i for i in s.in_hands(weapon) if not i.loaded]
        if not held:
            raise NotAllowed("nothing-to-reload", f"{sid} holds no unloaded '{weapon}'")
        self._pay(s, "reload", 1)
        for item in held:  # one action reloads a dual pair
            item.loaded = True
        self.emit("reload", survivor=sid, weapon=weapon, count=len(held))

    def medic(self, sid: str, target: str) -> None:
        s, t = self.actor(sid), self.survivor(target)
        if "medic" not in self.skills(s):
            raise NotAllowed("needs-skill", f"{sid} lacks Medic")
        if s.medic_used:
            raise NotAllowed("once-per-turn", f"{sid} has used Medic this turn")
        if t.zone != s.zone or t.wounds == 0:
            raise NotAllowed("no-wound-here", f"{target} has no wound in {sid}'s zone")
        s.medic_used = True
        t.wounds -= 1
        for i, item in enumerate(t.hands):
            if item is not None and item.name == WOUNDED:
                t.hands[i] = None
                break
        else:
            for item in t.backpack:
                if item.name == WOUNDED:
                    t.backpack.remove(item)
                    break
        self.emit("heal", survivor=sid, target=target, wounds=t.wounds, skill="medic")

    def loud(self, sid: str) -> None:
        s = self.actor(sid)
        if "loud" not in self.skills(s) or s.loud_used:
            raise NotAllowed("needs-skill", f"{sid} cannot use Loud now")
        s.loud_used = True
        self.state.loud_zone = s.zone  # the latest Loud wins
        self.emit("loud", survivor=sid, zone=s.zone)

    def born_leader(self, sid: str, target: str) -> None:
        s, t = self.actor(sid), self.survivor(target)
        if "born-leader" not in self.skills(s) or s.born_leader_used or s is t:
            raise NotAllowed("needs-skill", f"{sid} cannot give an action with Born Leader now")
        s.born_leader_used = True
        if self.rules.born_leader_acts_at_once:  # 2nd edition: taken at once, then the giver goes on
            t.gift, self.state.giver = True, sid
            self.emit("born-leader", survivor=sid, target=target, turn="now")
            return
        # The action is for the recipient's next turn: this round's if it is still to come.
        later = t.played
        if later:
            t.bonus_next_round += 1
        else:
            t.bonus_actions += 1
        self.emit("born-leader", survivor=sid, target=target, turn="next-round" if later else "this-round")

    # --- cars (1st edition) ------------------------------------------------------------------
    def _car_rules(self) -> None:
        if not self.rules.car_rules:
            raise NotAllowed("no-car-rules", f"{self.rules.edition} has no car rules")

    def get_in(self, sid: str, car_id: str, seat: int | None = None) -> None:
        self._car_rules()
        s = self.actor(sid)
        car = self.state.cars.get(car_id)
        if car is None or car.zone != s.zone or s.car:
            raise NotAllowed("no-car-here", f"{sid} is not beside car '{car_id}'")
        if self.state.zombies_in(s.zone):
            raise NotAllowed("car-with-zombies", f"zombies in {s.zone}: nobody gets in")
        if seat is not None and not 0 <= seat < len(car.seats):  # a mistake of the case, not a full car
            raise ScenarioError(
                f"car '{car_id}' has {len(car.seats)} seats (0 to {len(car.seats) - 1}, 0 is the "
                f"driver's); choose one of them"
            )
        free = [i for i, who in enumerate(car.seats) if who is None]
        if not free or (seat is not None and seat not in free):
            raise NotAllowed("no-free-seat", f"no free seat in {car_id}")
        self._pay(s, "car", 1)
        seat = free[0] if seat is None else seat
        car.seats[seat] = sid
        s.car, s.seat = car_id, seat
        self.emit("get-in", survivor=sid, car=car_id, seat=seat)

    def get_out(self, sid: str) -> None:
        self._car_rules()
        s = self.actor(sid)
        if not s.car:
            raise NotAllowed("not-in-car", f"{sid} is not in a car")
        self._pay(s, "car", 1)
        car = self.state.cars[s.car]
        car.seats[s.seat] = None  # type: ignore[index]
        self.emit("get-out", survivor=sid, car=car.id)
        s.car = s.seat = None

    def change_seat(self, sid: str, seat: int) -> None:
        self._car_rules()
        s = self.actor(sid)
        if not s.car:
            raise NotAllowed("not-in-car", f"{sid} is not in a car")
        car = self.state.cars[s.car]
        if not 0 <= seat < len(car.seats):
            raise ScenarioError(
                f"car '{car.id}' has {len(car.seats)} seats (0 to {len(car.seats) - 1}, 0 is the "
                f"driver's); choose one of them"
            )
        if car.seats[seat] is not None:
            raise NotAllowed("no-free-seat", f"seat {seat} of {car.id} is not free")
        self._pay(s, "car", 1)
        car.seats[s.seat] = None  # type: ignore[index]
        car.seats[seat] = sid
        s.seat = seat
        self.emit("change-seat", survivor=sid, car=car.id, seat=seat)

    def drive(self, sid: str, path: list[str]) -> None:
        self._car_rules()
        s = self.actor(sid)
        if not s.car or s.seat != 0:
            raise NotAllowed("not-driver", f"{sid} is not in a driver's seat")
        car = self.state.cars[s.car]
        board = self.state.board
        if not 1 <= len(path) <= self.rules.car_drive_max_zones:
            raise NotAllowed("too-far", f"a car drives 1 to {self.rules.car_drive_max_zones} zones per action")
        here = car.zone
        for zone in path:
            if zone not in board.zones or not board.is_street(zone) or not board.passable(here, zone):
                raise NotAllowed("no-road", f"a car cannot drive from {here} to {zone}")
            here = zone
        self._pay(s, "drive", 1)  # not a move: no zombie penalty, no move skills
        zones = [car.zone, *path]
        self.emit("drive", survivor=sid, car=car.id, path=zones)
        for zone in zones:
            car.zone = zone
            for occupant in car.seats:
                if occupant:
                    self.state.survivors[occupant].zone = zone
            combat.car_attack(self, s, car, zone)

    # --- phases ------------------------------------------------------------------------------
    def zombie_phase(self, choices: dict[str, Any] | None = None, spawn: bool = True) -> None:
        zombie_phase.resume(self)
        self._end_gift()
        self.choices = Choices(choices)
        self.state.turn.enter(PHASES, ZOMBIES)
        zombie_phase.run(self, spawn=spawn)

    def _end_phase_healing(self) -> None:
        """2nd edition: a Medic heals 1 wound of each survivor in their zone, self included, and
        earns 1 adrenaline per wound healed; Regeneration restores the survivor's health."""
        living = self.state.living()
        if self.rules.medic_heals_in_end_phase:
            for medic in [s for s in living if "medic" in self.skills(s)]:
                for patient in [p for p in living if p.zone == medic.zone and p.wounds > 0]:
                    patient.wounds -= 1
                    self.emit("heal", survivor=medic.id, target=patient.id, wounds=patient.wounds, skill="medic")
                    self.gain_xp(medic, 1)
        for s in living:
            if "regeneration" in self.skills(s) and s.wounds:
                s.wounds = 0
                self.emit("heal", survivor=s.id, target=s.id, wounds=0, skill="regeneration")

    def end_phase(self) -> None:
        """Noise tokens go; every weapon reloads; the turn's counters start again."""
        state = self.state
        zombie_phase.resume(self)  # an extra turn the case left open ends with the zombie phase
        self._end_gift()
        state.turn.enter(PHASES, END)
        state.noise.clear()
        state.loud_zone = None
        self._end_phase_healing()
        for s in state.survivors.values():
            for item in s.items():
                item.loaded = True
            self.new_turn(s)
            s.bonus_actions, s.bonus_next_round = s.bonus_next_round, 0  # an unused gift is lost
            s.played = False
        self.emit("end-phase")

    @staticmethod
    def new_turn(s: Survivor) -> None:
        """A survivor's turn starts afresh: its actions and every once-a-turn skill."""
        s.actions_used = 0
        s.free_used.clear()
        s.searched = s.reroll_turn_used = s.medic_used = s.loud_used = False
        s.born_leader_used = s.nose_used = s.sprint_used = s.charge_used = False
        s.jump_used = s.shove_used = s.hit_and_run = False
        s.escalation = 0
        s.kid_slips = 0
        s.used_this_turn.clear()
        s.kill_zone = None


def _check_keep(keep: list[str] | None, offered: list[str]) -> None:
    """A search's `keep` names cards the search offered, each as often as it came: a card it never
    drew is a mistake of the case, which the search would otherwise ignore."""
    left = list(offered)
    for card in keep or []:
        if card not in left:
            drew = ", ".join(offered) or "nothing"
            raise ScenarioError(
                f"keep names '{card}'{' again' if card in offered else ''}, but the search drew "
                f"{drew}; keep only cards it draws (the deck is 'equipment-deck', top first)"
            )
        left.remove(card)
