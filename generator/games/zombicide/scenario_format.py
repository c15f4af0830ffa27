"""What a Zombicide case may say: every key, step and expectation, down to each number's range.

The shapes (generator/scenarios/shapes.py) are checked where each value is written, before anything
runs, so the engine only meets values of the right kind and size. Bounds the rules set (the
die's faces, the hand and backpack slots, the wounds that kill, the actions of a turn) come from
the edition's Rules (`limits`); the others are fixed caps far above any real board and far below
what would slow a check down, each with its reason in words. Which ids exist (zones, survivors,
cards, skills, ...) is checked by scenario_ids.py.
"""

from __future__ import annotations

from typing import Any

from generator.errors import GeneratorError
from generator.games.zombicide.board import MAX_SIDE
from generator.games.zombicide.ranges import DIE_FACES, PARAMETER_RANGES
from generator.games.zombicide.rules import PARAMETERS, Rules
from generator.games.zombicide.scenario_ids import check_ids
from generator.games.zombicide.state import PHASES
from generator.load.ranges import ANY_PARAMETER
from generator.load.references import suggestion
from generator.load.schema import describe
from generator.load.yamlpos import Node
from generator.scenarios.reading import ScenarioFormat
from generator.scenarios.shapes import (
    AnyValue,
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
FACES = Limit("die-faces", PARAMETER_RANGES[DIE_FACES].high)  # type: ignore[arg-type]
HANDS = Limit("hand-slots", 10)
BACKPACK = Limit("backpack-cards", 30)
WOUNDS = Limit("wounds", 20)
ACTIONS = Limit("actions", 30)


def limits(rules: Rules | None) -> dict[str, int]:
    """The bounds of an edition's cases (empty without the rules: the Limits' fallbacks hold)."""
    if rules is None:
        return {}
    return {
        FACES.name: rules.max_die_result,
        HANDS.name: rules.hand_slots,
        BACKPACK.name: rules.backpack_slots + rules.hoard_slots,
        WOUNDS.name: max(rules.health(False), rules.health(True), 1),
        ACTIONS.name: rules.actions_per_turn + len(rules.extra_action_levels) + 1,
    }


_OTHER_EDITIONS: dict[str, Rules | None] = {}


def edition_rules(rules: Rules, edition: str) -> Rules | None:
    """The rules a case is checked with: those of the edition it plays (a case may name another
    edition of the game with `edition:`), from the project's data; None when they cannot be had
    (only what the case itself defines is checked then, and playing it says why)."""
    if rules.edition == edition:
        return rules
    if edition not in _OTHER_EDITIONS:
        from generator.games.zombicide.scenario import rules_for_edition  # it imports this module

        try:
            _OTHER_EDITIONS[edition] = rules_for_edition(edition)
        except GeneratorError:
            _OTHER_EDITIONS[edition] = None
    return _OTHER_EDITIONS[edition]


# --- ids and numbers ---------------------------------------------------------------------------
ZONE = Matching(r"^([a-z][a-z0-9-]*|[A-Z]+[0-9]+)$", "a zone id (a street such as s1, a room such as A1)")
DOOR = Matching(r"^[A-Za-z0-9-]+/[A-Za-z0-9-]+$", "a door id (its two zones, such as A1/s1)")
BUILDING = Matching(r"^[A-Z]+$", "a building's letters (A for the rooms A1, A2)")
CARD = Id("a card id (kebab-case, from equipment.yaml)")
SURVIVOR = Id("a survivor id (kebab-case)")
ZOMBIE = Id("a zombie type (kebab-case, from zombies.yaml)")
SKILL = Id("a skill id (kebab-case, from skills.yaml)")
LEVEL = Id("a danger level id (kebab-case, from levels.yaml)")
EVENT = Id("an event kind (kebab-case)")
COLOUR = Id("a colour id (kebab-case, such as blue)")

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
COUNT = Int(0, 1000, "a case counts at most 1000 of anything")
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
    KINDS = ("spawn", "rush", "manhole")
    EXTRA = Record(
        {"extra-activation": ZOMBIE}, required=("extra-activation",), what="{extra-activation: <zombie type>}"
    )

    def read(self, node: Node, report: Any) -> Any:
        if node.kind != "map" or not node.value:
            report.error(node.where, f"expected {self.what}, found {describe(node)}")
            return None
        if "extra-activation" in node.value:
            return self.EXTRA.read(node, report)
        if len(node.value) == 1 and next(iter(node.value)) in self.KINDS:
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
MISSION_SWITCHES = ("car-rules", "objective-xp")


class MissionSwitches(Shape):
    """`mission: {car-rules: false}`: rules parameters a mission sets otherwise, each value as its parameter takes it."""

    what = "a mapping of mission switches to their values ({car-rules: false})"

    def read(self, node: Node, report: Any) -> Any:
        if node.kind != "map":
            report.error(node.where, f"expected {self.what}, found {describe(node)}")
            return None
        fitted = {}
        switches = " or ".join(MISSION_SWITCHES)
        for key, child in node.value.items():
            if key not in PARAMETERS:
                report.error(
                    child.key_where or child.where,
                    f"unknown mission switch '{key}'"
                    f"{suggestion(str(key), list(MISSION_SWITCHES), 'a mission switches ' + switches)}",
                )
                continue
            shape = switch_shape(key)
            if shape is None:
                report.at(key).error(
                    child.where,
                    f"'{key}' cannot be set by a mission; give the case its own 'supply' ({{walker: 10}}) instead",
                )
                continue
            if key not in MISSION_SWITCHES:
                report.at(key).error(
                    child.key_where or child.where,
                    f"no mission sets '{key}': a mission switches only {switches}, and the die, "
                    f"the inventory and the turn stay the edition's; remove it",
                )
                continue
            fitted[key] = shape.read(child, report.at(key))
        return fitted


def switch_shape(parameter: str) -> Shape | None:
    """The shape of a parameter's value, with its range (None: a mission cannot set it)."""
    _, kind, _ = PARAMETERS[parameter]
    if kind == "int":
        rule = PARAMETER_RANGES.get(parameter, ANY_PARAMETER)
        high = FACES if rule.high == DIE_FACES else rule.high
        return Int(rule.low, high, rule.why)  # type: ignore[arg-type]
    if kind == "bool":
        return Bool()
    if kind == "ids":
        return ListOf(Id())
    if kind == "groups":
        return ListOf(ListOf(Id(), low=1))
    return None  # pairs: the zombie supply, which a case sets with `supply`


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
    "car": Id("a car id of the case"),
    "seat": SEAT,
    "dead": Bool(),
    "actions-used": Int(
        0,
        ACTIONS,
        "the actions of a turn: parameter 'actions-per-turn', one more per "
        "level in 'extra-action-levels', and +1 Action",
    ),
    "searched": Bool(),
    "played": Bool(),
}
SURVIVOR_KEYS = tuple(SURVIVOR_FIELDS)
SURVIVOR_SPEC = Record(SURVIVOR_FIELDS, required=("at",), what="a survivor: a mapping with at (its zone), hands, ...")
CAR = Record(
    {"at": ZONE, "seats": Int(1, 10, "a car has 1 to 10 seats"), "kind": OneOf("car", "police", "pimp")},
    required=("at",),
    what="a car: a mapping with at, seats, kind",
)

CASE_SHAPES: dict[str, str | Shape] = {
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
    "mission": MissionSwitches(),
}

# --- the steps -----------------------------------------------------------------------------------
ROUTE = one_or_many(ZONE)
ZOMBIE_PHASE_CHOICES: dict[str, str | Shape] = {
    "attacks": MapOf(one_or_many(SURVIVOR), keys=ZONE),
    "discard": MapOf(one_or_many(CARD), keys=SURVIVOR),
    "ignore-wound": MapOf(one_or_many(CARD), keys=SURVIVOR),
    "abomination": MapOf(ZONE, keys=ZONE),
    "split": MapOf(one_or_many(ZONE), keys=ZONE),
    "spawn": Bool(),
}
ACTIONS_KEYS: dict[str, dict[str, str | Shape]] = {
    "move": {"to": ROUTE},
    "search": {"keep": ListOf(CARD), "hold-your-nose": Bool()},
    "open-door": {"to": ZONE, "with": CARD},
    "lock-door": {"to": ZONE},
    "trade": {"with": SURVIVOR, "give": one_or_many(CARD), "take": one_or_many(CARD)},
    "reorganize": {"hands": one_or_many(nullable(CARD)), "backpack": one_or_many(CARD)},
    "discard": {"card": CARD},
    "combine": {"cards": ListOf(CARD)},
    "noise": {},
    "take-objective": {},
    "attack": {
        "weapon": CARD,
        "at": ZONE,
        "mode": OneOf("melee", "ranged"),
        "dual": Bool(),
        "assign": one_or_many(ZOMBIE),
        "survivors": one_or_many(SURVIVOR),
        "reroll": one_or_many(Id("a re-roll source (a skill or card id)")),
        "reroll-below": FACE,
        "zombie-dice": Bool(),
    },
    "reload": {"weapon": CARD},
    "medic": {"target": SURVIVOR},
    "loud": {},
    "born-leader": {"target": SURVIVOR},
    "get-in": {"car": Id("a car id of the case"), "seat": SEAT},
    "get-out": {},
    "change-seat": {"seat": SEAT},
    "drive": {"to": ROUTE},
    "charge": {"to": ROUTE},
    "jump": {"to": ROUTE},
    "shove": {"to": ZONE},
    "zombie-phase": ZOMBIE_PHASE_CHOICES,
    "spawn": {},
    "end-phase": {},
}
STEP_SHAPES: dict[str, str | Shape] = {
    "who": SURVIVOR,
    "not-allowed": Either(Bool(), Id(), what="the reason id the rules refuse it for, or yes"),
}

# --- the expectations ----------------------------------------------------------------------------
EXPECTED_SURVIVOR = Record(
    {
        "at": ZONE,
        "wounds": Int(0, WOUNDS, "a survivor dies at that many wounds"),
        "dead": Bool(),
        "xp": XP,
        "level": LEVEL,
        "actions-left": Int(0, ACTIONS, "the actions of a turn"),
        "hands": HANDS_LIST,
        "backpack": BACKPACK_LIST,
        "car": nullable(Id("a car id of the case")),
        "seat": nullable(SEAT),
        "kills": MapOf(COUNT, keys=ZOMBIE),
        "loaded": ListOf(CARD, high=HANDS),
        "has": one_or_many(CARD),
        "skills": one_or_many(SKILL),
    },
    what="what to expect of a survivor: a mapping with at, wounds, dead, xp, level, actions-left, ...",
)
EXPECT_SHAPES: dict[str, str | Shape] = {
    "survivors": MapOf(EXPECTED_SURVIVOR, keys=SURVIVOR),
    "zombies": MapOf(nullable(ZOMBIE_COUNTS), keys=ZONE),
    "zombies-in": MapOf(nullable(ZOMBIE_COUNTS), keys=ZONE),
    "noise": MapOf(COUNT, keys=ZONE),
    "doors": MapOf(OneOf("open", "closed", "locked"), keys=DOOR),
    "danger-level": LEVEL,
    "line-of-sight": MapOf(nullable(ListOf(ZONE)), keys=ZONE),
    "ranges": MapOf(MapOf(RANGE, keys=ZONE), keys=ZONE),
    "last-hits": COUNT,
    "equipment-deck": ListOf(CARD),
    "deck-excludes": ListOf(CARD),
    "discard-pile": ListOf(CARD),
    "spawned-buildings": ListOf(BUILDING),
    "cars": MapOf(Record({"at": ZONE, "seats": ListOf(nullable(SURVIVOR), high=10)}, what="a mapping with at, seats")),
    "events-include": one_or_many(EVENT),
    "events-exclude": one_or_many(EVENT),
    "events": ListOf(
        Record(
            {"event": EVENT, "count": COUNT},
            required=("event",),
            others=AnyValue(),
            what="{event: <kind>, <detail>: <value>, ..., count: N}",
        )
    ),
    "turn": TURN,
}

FORMAT = ScenarioFormat(
    case_keys=CASE_SHAPES,
    actions=ACTIONS_KEYS,
    expect_keys=EXPECT_SHAPES,
    acting=frozenset(
        {
            "move",
            "search",
            "open-door",
            "lock-door",
            "trade",
            "reorganize",
            "discard",
            "combine",
            "noise",
            "take-objective",
            "attack",
            "reload",
            "medic",
            "loud",
            "born-leader",
            "get-in",
            "get-out",
            "change-seat",
            "drive",
            "charge",
            "jump",
            "shove",
        }
    ),
    check_ids=check_ids,
    limits=limits,
    step_keys=STEP_SHAPES,
    edition_rules=edition_rules,
)
