"""Game state shared by both editions: survivors, zombies, inventory, noise, decks.

Plain mutable dataclasses. The engine validates an action completely before it changes
anything, so a refused action (`NotAllowed`) leaves the state as it was.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from generator.core.events import NotAllowed
from generator.core.phases import PhaseSequence, Turn
from generator.games.zombicide.board import Board

PLAYERS, ZOMBIES, END = "players", "zombies", "end"
PHASES = PhaseSequence((PLAYERS, ZOMBIES, END))  # a round: every survivor's turn, the zombies, the end

__all__ = [
    "END",
    "PHASES",
    "PLAYERS",
    "ZOMBIES",
    "Car",
    "Item",
    "NotAllowed",
    "State",
    "Survivor",
    "Zombie",
    "ZombieCard",
]


@dataclass
class Item:
    """One equipment card held by a survivor (Wounded cards included in the 1st edition)."""

    name: str
    loaded: bool = True


@dataclass
class Survivor:
    id: str
    zone: str
    hands: list[Item | None]
    backpack: list[Item]
    skills: set[str] = field(default_factory=set)  # skills held from the start
    level_skills: dict[str, list[str]] = field(default_factory=dict)  # level -> skills gained on reaching it
    xp: int = 0
    wounds: int = 0
    kid: bool = False
    dead: bool = False
    car: str | None = None
    seat: int | None = None
    # per-turn bookkeeping, reset in the end phase
    actions_used: int = 0
    free_used: Counter = field(default_factory=Counter)
    searched: bool = False
    bonus_actions: int = 0  # given by a Born Leader, for this round's turn
    bonus_next_round: int = 0  # given by a Born Leader after this survivor's turn: for the next one
    played: bool = False  # has taken a turn this round
    reroll_turn_used: bool = False
    medic_used: bool = False
    loud_used: bool = False
    born_leader_used: bool = False
    nose_used: bool = False
    kid_slips: int = 0  # moves this turn that used a kid's Slippery (2nd edition: once per turn)
    sprint_used: bool = False
    charge_used: bool = False
    jump_used: bool = False
    shove_used: bool = False
    hit_and_run: bool = False  # a kill this action earned a free move (Hit & run)
    escalation: int = 0  # combat actions in a row this turn (Escalation)
    kill_zone: str | None = None  # where the survivor last killed this turn (Hold Your Nose)
    kills: Counter = field(default_factory=Counter)
    # What a skill with a blank names on the survivor's card: {starts-with-equipment: pistol,
    # brother-in-arms: sniper, dreadnought: walker, starts-with-health: 4}.
    skill_values: dict[str, str | int] = field(default_factory=dict)
    used_this_turn: set[str] = field(default_factory=set)  # once-per-turn skills spent (Destiny, Taunt, ...)
    gift: bool = False  # 2nd edition's Born leader: a free action to take at once, in the giver's turn

    def items(self) -> list[Item]:
        return [i for i in self.hands if i is not None] + list(self.backpack)

    def has_item(self, name: str) -> bool:
        return any(i.name == name for i in self.items())

    def in_hands(self, name: str) -> list[Item]:
        return [i for i in self.hands if i is not None and i.name == name]


@dataclass
class Zombie:
    uid: int
    type: str
    zone: str


@dataclass
class Car:
    id: str
    zone: str
    seats: list[str | None]  # seat 0 is the driver's
    kind: str = "car"  # car, police, pimp
    searched: bool = False


@dataclass
class ZombieCard:
    """One zombie card as it reads at each danger level.

    kind: spawn (zombies placed), rush (placed, then activate), extra-activation (a type acts
    again) or manhole (zombies at manholes on tiles holding survivors).
    """

    kind: str
    by_level: dict[str, dict[str, int]] = field(default_factory=dict)  # level -> {type: count}
    activates: str | None = None  # extra-activation: the type

    def at(self, level: str) -> dict[str, int]:
        return self.by_level.get(level, self.by_level.get("*", {}))


@dataclass
class State:
    board: Board
    survivors: dict[str, Survivor]
    zombies: list[Zombie] = field(default_factory=list)
    noise: Counter = field(default_factory=Counter)  # noise tokens by zone (survivors not included)
    equipment_deck: list[str] = field(default_factory=list)  # top first
    equipment_discard: list[str] = field(default_factory=list)
    zombie_cards: list[ZombieCard] = field(default_factory=list)  # top first
    spawn_zones: list[str] = field(default_factory=list)  # in drawing order
    start_zone: str | None = None
    spawned_buildings: set[str] = field(default_factory=set)
    objectives: dict[str, str | None] = field(default_factory=dict)  # zone -> colour (None: plain)
    taken_colors: set[str] = field(default_factory=set)
    cars: dict[str, Car] = field(default_factory=dict)
    pimp_weapons: list[str] = field(default_factory=list)
    supply_used: Counter = field(default_factory=Counter)
    loud_zone: str | None = None
    next_uid: int = 1
    # The order of the survivors' turns in a round, when a case gives one (none: any order).
    turn_order: list[str] = field(default_factory=list)
    giver: str | None = None  # whose turn a Born leader's gift interrupts (2nd edition)
    extra_turn: str | None = None  # who takes a turn inside the zombie phase (Zombie link)
    events: list[dict] = field(default_factory=list)
    turn: Turn = field(default_factory=lambda: Turn(1, PLAYERS))  # round, phase, acting survivor

    def add_zombie(self, ztype: str, zone: str) -> Zombie:
        """A new zombie on the board, with the next id."""
        zombie = Zombie(self.next_uid, ztype, zone)
        self.next_uid += 1
        self.zombies.append(zombie)
        return zombie

    def zombies_in(self, zone: str) -> list[Zombie]:
        return [z for z in self.zombies if z.zone == zone]

    def survivors_in(self, zone: str) -> list[Survivor]:
        return [s for s in self.survivors.values() if s.zone == zone and not s.dead]

    def living(self) -> list[Survivor]:
        return [s for s in self.survivors.values() if not s.dead]

    @staticmethod
    def counts(zombies: list["Zombie"]) -> dict[str, int]:
        """How many of each type, in the order the types first appear."""
        found: Counter = Counter()
        for z in zombies:
            found[z.type] += 1
        return dict(found)

    def zombie_counts(self) -> dict[str, dict[str, int]]:
        counts: dict[str, Counter] = {}
        for z in self.zombies:
            counts.setdefault(z.zone, Counter())[z.type] += 1
        return {zone: dict(c) for zone, c in counts.items()}

    def emit(self, event: str, **data) -> None:
        self.events.append(self.event(event, **data))

    def event(self, event: str, **data) -> dict:
        """An event of this state, stamped with the round, phase and acting survivor."""
        return {"event": event, **data, **self.turn.stamp()}
