"""What a Zombicide case may say, as tables: every key, step and expectation down to each
number's range, where the ids it names come from, and how each step is played.

The shapes (generator/scenarios/shapes.py) are checked where each value is written, before anything
runs, so the engine only meets values of the right kind and size. Bounds the rules set (the
die's faces, the hand and backpack slots, the wounds that kill, the actions of a turn) come from
the edition's Rules, each Limit reading its own; the others are fixed caps far above any real
board and far below what would slow a check down, each with its reason in words. What the rules bound across keys is
scenario_checks.py's.
"""

from __future__ import annotations

from typing import Any, Callable, Collection

from generator.games.zombicide import zombie_phase
from generator.games.zombicide.board import MAX_SIDE
from generator.games.zombicide.engine import Game
from generator.games.zombicide.ranges import DIE_FACES, PARAMETER_RANGES
from generator.games.zombicide.rules import PARAMETERS, Rules
from generator.games.zombicide.scenario_checks import CARD_KINDS, ZombicideCase, door_state
from generator.games.zombicide.skills import APPLIED_SKILLS
from generator.games.zombicide.state import PHASES
from generator.load.ranges import ANY_PARAMETER
from generator.load.references import suggestion
from generator.load.schema import describe
from generator.load.yamlpos import Node
from generator.scenarios import expectations as compare
from generator.scenarios.case import listed
from generator.scenarios.expectations import Expect, Field, Lookup, records
from generator.scenarios.game import COUNT, Action, Call
from generator.scenarios.names import IdSource
from generator.scenarios.shapes import (
    Bool,
    Either,
    Id,
    Int,
    Limit,
    ListOf,
    MapOf,
    Matching,
    OneOf,
    Record,
    Shape,
    Text,
    nullable,
    one_or_many,
)

# --- the bounds the rules set ----------------------------------------------------------------
FACES = Limit("die-faces", PARAMETER_RANGES[DIE_FACES].high, lambda rules: rules.max_die_result)  # type: ignore[arg-type]
HANDS = Limit("hand-slots", 10, lambda rules: rules.hand_slots)
BACKPACK = Limit("backpack-cards", 30, lambda rules: rules.backpack_slots + rules.hoard_slots)
WOUNDS = Limit("wounds", 20, lambda rules: max(rules.health(False), rules.health(True), 1))
# the turn's actions, one more per level that adds one, and +1 Action
TURN_ACTIONS = Limit("actions", 30, lambda rules: rules.actions_per_turn + len(rules.extra_action_levels) + 1)
BOUNDS = (FACES, HANDS, BACKPACK, WOUNDS, TURN_ACTIONS)


# --- ids and numbers ---------------------------------------------------------------------------
# Each id says what it names: the ids of each kind come from IDS below.
ZONE = Matching(r"^([a-z][a-z0-9-]*|[A-Z]+[0-9]+)$", "a zone id (a street such as s1, a room such as A1)", names="zone")
DOOR = Matching(r"^[A-Za-z0-9-]+/[A-Za-z0-9-]+$", "a door id (its two zones, such as A1/s1)", names="door")
BUILDING = Matching(r"^[A-Z]+$", "a building's letters (A for the rooms A1, A2)")
CARD = Id("a card id (kebab-case, from equipment.yaml)", names="card")
SURVIVOR = Id("a survivor id (kebab-case)", names="survivor")
CAR_ID = Id("a car id of the case", names="car")
ZOMBIE = Id("a zombie type (kebab-case, from zombies.yaml)", names="zombie")
SKILL = Id("a skill id (kebab-case, from skills.yaml)", names="skill")
LEVEL = Id("a danger level id (kebab-case, from levels.yaml)", names="level")
COLOUR = Id("a colour id (kebab-case, such as blue)")
IMPROVISED = Id("an improvised weapon: the id of a skill that gives one (improvised-weapon-melee)", names="improvised")

# Every zombie looks for the survivors and the noisiest zones in each zombie phase: a case has at
# most a game's survivors (12, twice the usual six) and noise tokens in a few zones.
MAX_SURVIVORS = 12
NOISY_ZONES = 30
ZOMBIES_IN_A_ZONE = Int(0, 100, "a zone holds at most 100 zombies of a type")
# A box holds tens of miniatures of a type (the 2nd edition's: 40 walkers, 16 runners, 16 brutes).
SUPPLY = Int(0, 100, "a box holds tens of miniatures of a type, never more than 100")
CARD_ZOMBIES = Int(0, 50, "a card brings 0 to 50 zombies of a type")  # as zombie-cards.yaml allows
XP = Int(0, 500, "experience runs from 0 to 500, as a danger level's threshold may")
SEAT = Int(0, 9, "seat 0 is the driver's; a car has at most 10 seats")
RANGE = Int(0, MAX_SIDE, f"a sight line crosses at most {MAX_SIDE} zones, the widest map")
FACE = Int(1, FACES, f"a face of the die, 1 to parameter '{DIE_FACES}'")
HANDS_LIST = ListOf(nullable(CARD), high=HANDS, why="one card per hand slot, parameter 'hand-slots'")
BACKPACK_LIST = ListOf(CARD, high=BACKPACK, why="the backpack's slots, parameter 'backpack-slots', and Hoard's")
ZOMBIE_COUNTS = MapOf(ZOMBIES_IN_A_ZONE, keys=ZOMBIE, what="zombie types and counts ({walker: 2})")
TURN = Record(
    {
        "round": Int(1, 999, "a game lasts at most 999 rounds"),
        "phase": OneOf(*PHASES.phases),
        "player": nullable(SURVIVOR),
    },
    what="a mapping with round, phase, player",
)


# --- shapes of Zombicide's own ---------------------------------------------------------------------
class ZombieCard(Shape):
    """{walker: 2} | {spawn|rush|manhole: counts or {level: counts}} | {extra-activation: type} | {level: counts}."""

    what = (
        "a zombie card: {walker: 2}, {rush: {walker: 1}}, {manhole: {...}}, {extra-activation: runner} "
        "or counts by danger level ({blue: {walker: 1}, yellow: {...}})"
    )
    EXTRA = Record(
        {"extra-activation": ZOMBIE}, required=("extra-activation",), what="{extra-activation: <zombie type>}"
    )

    def read(self, node: Node, report: Any) -> Any:
        if node.kind != "map" or not node.value:
            report.error(node.where, f"expected {self.what}, found {describe(node)}")
            return None
        if "extra-activation" in node.value:
            return self.EXTRA.read(node, report)
        if len(node.value) == 1 and next(iter(node.value)) in CARD_KINDS:
            kind, counts = next(iter(node.value.items()))
            return {kind: _card_counts(counts, report.at(kind))}
        return _card_counts(node, report)


def _card_counts(node: Node, report: Any) -> Any:
    """Counts by zombie type, or (when every value is a mapping) counts by danger level."""
    by_level = node.kind == "map" and node.value and all(child.kind == "map" for child in node.value.values())
    shape = (
        MapOf(MapOf(CARD_ZOMBIES, keys=ZOMBIE), keys=LEVEL, what="counts by danger level")
        if by_level
        else MapOf(CARD_ZOMBIES, keys=ZOMBIE, low=1, what="zombie types and counts ({walker: 2})")
    )
    return shape.read(node, report)


# The parameters a mission's special rules set otherwise, as the missions of rules_data do: whether
# cars may be driven, and what an objective is worth (parameters-missions.yaml's mNN-objective-xp).
# The die, the inventory and the turn stay the edition's: a switch of those is no mission's, and
# the bounds of the case's other values (a face of the die, the cards a hand holds) would be wrong.
_OBJECTIVE_XP = PARAMETER_RANGES.get("objective-xp", ANY_PARAMETER)
MISSION_SWITCHES: dict[str, Shape] = {
    "car-rules": Bool(),
    "objective-xp": Int(_OBJECTIVE_XP.low, _OBJECTIVE_XP.high, _OBJECTIVE_XP.why),  # type: ignore[arg-type]
}


class MissionSwitches(Shape):
    """`mission: {car-rules: false}`: rules parameters a mission sets otherwise, each value as its parameter takes it."""

    what = "a mapping of mission switches to their values ({car-rules: false})"

    def read(self, node: Node, report: Any) -> Any:
        if node.kind != "map":
            report.error(node.where, f"expected {self.what}, found {describe(node)}")
            return None
        fitted = {}
        for key, child in node.value.items():
            if key in MISSION_SWITCHES:
                fitted[key] = MISSION_SWITCHES[key].read(child, report.at(key))
            else:
                _refuse_switch(str(key), child, report)
        return fitted


def _refuse_switch(key: str, child: Node, report: Any) -> None:
    switches = " or ".join(MISSION_SWITCHES)
    if key not in PARAMETERS:
        report.error(
            child.key_where or child.where,
            f"unknown mission switch '{key}'{suggestion(key, list(MISSION_SWITCHES), 'a mission switches ' + switches)}",
        )
    elif PARAMETERS[key][1] == "pairs":  # the zombie supply
        report.at(key).error(
            child.where, f"'{key}' cannot be set by a mission; give the case its own 'supply' ({{walker: 10}}) instead"
        )
    else:
        report.at(key).error(
            child.key_where or child.where,
            f"no mission sets '{key}': a mission switches only {switches}, and the die, "
            f"the inventory and the turn stay the edition's; remove it",
        )


# --- the case ----------------------------------------------------------------------------------
SURVIVOR_FIELDS: dict[str, Shape] = {
    "at": ZONE,
    "hands": HANDS_LIST,
    "backpack": BACKPACK_LIST,
    "unloaded": ListOf(CARD, high=HANDS),
    "skills": ListOf(SKILL),
    "level-skills": MapOf(one_or_many(SKILL), keys=LEVEL),
    "xp": XP,
    "wounds": Int(0, WOUNDS, "a survivor dies at that many wounds"),
    "kid": Bool(),
    "car": CAR_ID,
    "seat": SEAT,
    "dead": Bool(),
    "actions-used": Int(
        0,
        TURN_ACTIONS,
        "the actions of a turn: parameter 'actions-per-turn', one more per level in 'extra-action-levels', and +1 Action",
    ),
    "searched": Bool(),
    "played": Bool(),
    # What a skill with a blank names on the card: {starts-with-equipment: pistol, dreadnought:
    # walker, brother-in-arms: sniper, starts-with-health: 4} (scenario_checks.py checks each).
    "skill-values": MapOf(
        Either(Int(1, 10, "a survivor's health is 1 to 10"), Id(), what="a card, zombie type or skill id, or a number"),
        keys=SKILL,
    ),
}
SURVIVOR_SPEC = Record(SURVIVOR_FIELDS, required=("at",), what="a survivor: a mapping with at (its zone), hands, ...")
CAR = Record(
    {"at": ZONE, "seats": Int(1, 10, "a car has 1 to 10 seats"), "kind": OneOf("car", "police", "pimp")},
    required=("at",),
    what="a car: a mapping with at, seats, kind",
)

CASE_KEYS: dict[str, Shape] = {
    "map": Text(),
    "door-colors": MapOf(COLOUR, keys=DOOR),
    "tiles": MapOf(ListOf(ZONE)),
    "manholes": ListOf(ZONE),
    "spawn-zones": ListOf(ZONE),
    "start": ZONE,
    "objectives": Either(ListOf(ZONE), MapOf(nullable(COLOUR), keys=ZONE), what="a list of zones, or {zone: colour}"),
    "cars": MapOf(CAR, high=10, why="a board has a few cars"),
    "survivors": MapOf(
        SURVIVOR_SPEC,
        keys=SURVIVOR,
        high=MAX_SURVIVORS,
        why=f"a game has at most {MAX_SURVIVORS} survivors, twice the usual six",
    ),
    "zombies": MapOf(ZOMBIE_COUNTS, keys=ZONE),
    "noise": MapOf(
        Int(0, 100, "a zone holds at most 100 noise tokens"),
        keys=ZONE,
        high=NOISY_ZONES,
        why=f"noise tokens lie in a few zones, never more than {NOISY_ZONES}",
    ),
    "dice": ListOf(FACE),
    "seed": Int(0, 2**31 - 1, "the seed of the dice"),
    "zombie-cards": ListOf(ZombieCard(), high=200, why="a case scripts at most 200 zombie cards"),
    "equipment-deck": ListOf(CARD),
    "equipment-discard": ListOf(CARD),
    "pimp-weapons": ListOf(CARD),
    "supply": MapOf(SUPPLY, keys=ZOMBIE),
    "turn": TURN,
    # The order the survivors take their turns in each round; without it, any order.
    "turn-order": ListOf(SURVIVOR, high=MAX_SURVIVORS),
    "mission": MissionSwitches(),
}


# --- where the ids come from ---------------------------------------------------------------------
# A case may give a skill the engine applies in either edition, to test it.
def _of_rules(ids: Callable[[Rules], Collection[str]]) -> Callable[[ZombicideCase], Collection[str] | None]:
    """The ids the edition's rules know (None without the rules: they cannot be judged)."""
    return lambda case: None if case.rules is None else ids(case.rules)


IDS: dict[str, IdSource[ZombicideCase]] = {
    "zone": IdSource("zone", ZombicideCase.zones, "name a zone of the map"),
    "door": IdSource("door", ZombicideCase.doors, "name a door of the map (its two zones, such as A1/s1)"),
    "survivor": IdSource("survivor", lambda case: case.case.get("survivors") or {}, "name a survivor of the case"),
    "car": IdSource("car", lambda case: case.cars, "name a car of the case's cars"),
    "card": IdSource("card", _of_rules(lambda rules: rules.equipment), "use an id from equipment.yaml"),
    "zombie": IdSource("zombie type", _of_rules(lambda rules: rules.zombies), "use an id from zombies.yaml"),
    "skill": IdSource(
        "skill",
        _of_rules(lambda rules: {*rules.skill_models, *APPLIED_SKILLS}),
        "use an id from skills.yaml",
    ),
    "level": IdSource(
        "danger level", _of_rules(lambda rules: [lid for lid, _ in rules.levels]), "use an id from levels.yaml"
    ),
    "improvised": IdSource(
        "improvised weapon", _of_rules(lambda rules: rules.improvised), "name a skill with attacks in skills.yaml"
    ),
    "reroll": IdSource(
        "re-roll source",
        _of_rules(lambda rules: {*rules.skill_models, *APPLIED_SKILLS, *rules.equipment}),
        "name a skill or a card that re-rolls",
    ),
}

# --- the steps -----------------------------------------------------------------------------------
ROUTE = one_or_many(ZONE)
ZOMBIE_PHASE_CHOICES: dict[str, Shape] = {
    "attacks": MapOf(one_or_many(SURVIVOR), keys=ZONE),
    "discard": MapOf(one_or_many(CARD), keys=SURVIVOR),
    "ignore-wound": MapOf(one_or_many(CARD), keys=SURVIVOR),
    "abomination": MapOf(ZONE, keys=ZONE),
    "split": MapOf(one_or_many(ZONE), keys=ZONE),
    "spawn": Bool(),
    # Reactions to zombies spawning nearby, one entry per chance (null: let it go by).
    "sidestep": MapOf(ListOf(nullable(ROUTE)), keys=SURVIVOR),
    "reflexes": MapOf(ListOf(nullable(CARD)), keys=SURVIVOR),
    "distribute": ListOf(ZONE),  # Distributor: the spawn zone each card drawn goes to, in drawing order
    "zombie-link": ListOf(SURVIVOR),  # the order of the extra turns, when several survivors take one
}


def _zombie_choices(step: dict) -> dict:
    # Copies: the zombie phase takes each choice off its list as it is used, and the case's own
    # lists must stay whole for the next play of the same case.
    choices = {
        key: {k: [*listed(v)] if key != "abomination" else v for k, v in (step.get(key) or {}).items()}
        for key in ("attacks", "discard", "ignore-wound", "abomination", "split")
    }
    choices["sidestep"] = {k: list(v) for k, v in (step.get("sidestep") or {}).items()}
    choices["reflexes"] = {k: list(v) for k, v in (step.get("reflexes") or {}).items()}
    choices["distribute"] = {"zones": list(step.get("distribute") or [])}
    choices["zombie-link"] = {"order": list(step.get("zombie-link") or [])}
    return choices


ATTACK_KEYS: dict[str, Shape] = {
    "at": one_or_many(ZONE, high=2),  # two zones: a dual pair's two shots (Trick shot)
    "dual": Bool(),
    "assign": one_or_many(ZOMBIE),
    "survivors": one_or_many(SURVIVOR),
    "reroll": one_or_many(Id("a re-roll source (a skill or card id)", names="reroll")),
    "reroll-below": FACE,
    "zombie-dice": Bool(),
}
# How the engine's combat takes them (each by name, as the step gives it).
ATTACK = {
    "at": "at",
    "dual": "dual",
    "assign": "assign",
    "survivors": "survivors",
    "rerolls": "reroll",
    "reroll_below": "reroll-below",
    "zombie_dice": "zombie-dice",
}


ACTIONS: dict[str, Action[Game]] = {
    "move": Action({"to": ROUTE}, Call("move", "to")),
    "search": Action(
        {"keep": ListOf(CARD), "hold-your-nose": Bool(), "destiny": CARD},
        Call("search", keep="keep", hold_your_nose="hold-your-nose", destiny="destiny"),
    ),
    "open-door": Action({"to": ZONE, "with": CARD}, Call("open_door", "to", with_card="with"), required=("to",)),
    "lock-door": Action({"to": ZONE}, Call("lock_door", "to"), required=("to",)),
    "trade": Action(
        {"with": SURVIVOR, "give": one_or_many(CARD), "take": one_or_many(CARD)},
        Call("trade", "with", "give", "take"),
        required=("with",),
    ),
    "reorganize": Action(
        {"hands": one_or_many(nullable(CARD)), "backpack": one_or_many(CARD)}, Call("reorganize", "hands", "backpack")
    ),
    "discard": Action({"card": CARD}, Call("discard", "card"), required=("card",)),
    "combine": Action({"cards": ListOf(CARD)}, Call("combine", "cards")),
    "noise": Action({}, Call("make_noise")),
    "take-objective": Action({}, Call("take_objective")),
    "attack": Action(
        {"weapon": CARD, "mode": OneOf("melee", "ranged"), **ATTACK_KEYS},
        Call("attack", "weapon", mode="mode", **ATTACK),
        required=("weapon",),
    ),
    "improvise": Action({"skill": IMPROVISED, **ATTACK_KEYS}, Call("attack", "skill", **ATTACK), required=("skill",)),
    "blitz": Action(
        {"to": ROUTE, "weapon": CARD, **ATTACK_KEYS}, Call("blitz", "to", "weapon", **ATTACK), required=("to", "weapon")
    ),
    "bloodlust": Action(
        {"to": ROUTE, "weapon": CARD, "mode": OneOf("melee", "ranged"), **ATTACK_KEYS},
        Call("bloodlust", "to", "weapon", mode="mode", **ATTACK),
        required=("to", "weapon"),
    ),
    "field-medic": Action(
        {"to": ROUTE, "target": SURVIVOR}, Call("field_medic", "to", target="target"), required=("to",)
    ),
    "lifesaver": Action(
        {"from": ZONE, "survivors": one_or_many(SURVIVOR)},
        Call("lifesaver", "from", survivors="survivors"),
        required=("from",),
    ),
    "taunt": Action({"at": ZONE}, Call("taunt", "at"), required=("at",)),
    "end-turn": Action({}, Call("end_turn")),
    "setup": Action({}, Call("setup"), acting=False),
    "reload": Action({"weapon": CARD}, Call("reload", "weapon"), required=("weapon",)),
    "medic": Action({"target": SURVIVOR}, Call("medic", "target"), required=("target",)),
    "loud": Action({}, Call("loud")),
    "born-leader": Action({"target": SURVIVOR}, Call("born_leader", "target"), required=("target",)),
    "get-in": Action({"car": CAR_ID, "seat": SEAT}, Call("get_in", "car", seat="seat"), required=("car",)),
    "get-out": Action({}, Call("get_out")),
    "change-seat": Action({"seat": SEAT}, Call("change_seat", "seat"), required=("seat",)),
    "drive": Action({"to": ROUTE}, Call("drive", "to")),
    "charge": Action({"to": ROUTE}, Call("charge", "to")),
    "jump": Action({"to": ROUTE}, Call("jump", "to")),
    "shove": Action({"to": ZONE}, Call("shove", "to"), required=("to",)),
    "zombie-phase": Action(
        ZOMBIE_PHASE_CHOICES,
        lambda g, s: g.zombie_phase(_zombie_choices(s), spawn=s.get("spawn", True)),
        acting=False,
    ),
    "spawn": Action({}, Call(zombie_phase.spawn_step), acting=False),
    "end-phase": Action({}, Call("end_phase"), acting=False),
}
STEP_KEYS: dict[str, Shape] = {"who": SURVIVOR}


# --- the expectations ----------------------------------------------------------------------------
def _names(cards: list) -> list:
    return [card.name if card else None for card in cards]


# What an expectation may check of each survivor, and how it is read off the game.
EXPECTED_SURVIVOR: dict[str, Field] = {
    "at": Field(ZONE, "zone"),
    "wounds": Field(Int(0, WOUNDS, "a survivor dies at that many wounds"), "wounds"),
    "dead": Field(Bool(), "dead"),
    "xp": Field(XP, "xp"),
    "level": Field(LEVEL, lambda s, game: game.level(s)),
    "actions-left": Field(
        Int(0, TURN_ACTIONS, "the actions of a turn"), lambda s, game: 0 if s.dead else game.actions_left(s)
    ),
    "hands": Field(HANDS_LIST, lambda s, game: _names(s.hands)),
    "backpack": Field(BACKPACK_LIST, lambda s, game: _names(s.backpack)),
    "car": Field(nullable(CAR_ID), "car"),
    "seat": Field(nullable(SEAT), "seat"),
    "kills": Field(MapOf(COUNT, keys=ZOMBIE), lambda s, game: dict(s.kills)),
    "loaded": Field(ListOf(CARD, high=HANDS), lambda s, game: [i.name for i in s.hands if i and i.loaded]),
    "has": Field(
        one_or_many(CARD), lambda s, game: [i for i in _names([*s.hands, *s.backpack]) if i], compare.includes
    ),
    "skills": Field(one_or_many(SKILL), lambda s, game: game.held_skills(s), compare.includes),
}


def _sight(game: Game) -> Lookup:
    board = game.state.board
    return Lookup(board.zones.__contains__, board.line_of_sight)


def _last_hits(game: Game) -> Any:
    hits = [e["hits"] for e in game.state.events if e["event"] == "hits"]
    return hits[-1] if hits else None


EXPECT: dict[str, Expect[Game]] = {
    "survivors": records(
        lambda g: g.state.survivors,
        EXPECTED_SURVIVOR,
        SURVIVOR,
        "no such survivor",
        "what to expect of a survivor: a mapping with at, wounds, dead, xp, level, actions-left, ...",
    ),
    "zombies": Expect(MapOf(nullable(ZOMBIE_COUNTS), keys=ZONE), lambda g: g.state.zombie_counts(), compare.nonzero),
    "zombies-in": Expect(
        MapOf(nullable(ZOMBIE_COUNTS), keys=ZONE),
        lambda g: g.state.zombie_counts(),
        compare.each(compare.nonzero, default={}),
    ),
    "noise": Expect(MapOf(COUNT, keys=ZONE), lambda g: g.state.noise, compare.nonzero),
    "doors": Expect(
        MapOf(OneOf("open", "closed", "locked"), keys=DOOR),
        lambda g: Lookup(lambda did: True, lambda did: door_state(g.state.board, did)),
        compare.each(compare.equal),
    ),
    "danger-level": Expect(LEVEL, lambda g: g.danger_level()),
    "line-of-sight": Expect(
        MapOf(nullable(ListOf(ZONE)), keys=ZONE),
        lambda g: Lookup(g.state.board.zones.__contains__, lambda z: set(g.state.board.line_of_sight(z)) - {z}),
        compare.each(compare.same_items, "no such zone"),
    ),
    "ranges": Expect(
        MapOf(MapOf(RANGE, keys=ZONE), keys=ZONE), _sight, compare.each(compare.each(compare.equal), "no such zone")
    ),
    "last-hits": Expect(COUNT, _last_hits),
    "equipment-deck": Expect(ListOf(CARD), lambda g: list(g.state.equipment_deck)),
    "deck-excludes": Expect(ListOf(CARD), lambda g: g.state.equipment_deck, compare.excludes),
    "discard-pile": Expect(ListOf(CARD), lambda g: g.state.equipment_discard, compare.same_items),
    "spawned-buildings": Expect(ListOf(BUILDING), lambda g: g.state.spawned_buildings, compare.same_items),
    "cars": records(
        lambda g: g.state.cars,
        {"at": Field(ZONE, "zone"), "seats": Field(ListOf(nullable(SURVIVOR), high=10), "seats")},
        CAR_ID,
        "no such car",
    ),
}
TURN_FIELDS = TURN.fields
