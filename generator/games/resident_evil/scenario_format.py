"""What a Resident Evil case may say: every key, step and expectation, down to each number's range.

The shapes (generator/scenarios/shapes.py) are checked where each value is written, before anything
runs, so the engine only meets values of the right kind and size. Bounds the rules set (the
health track's boxes, the actions of a turn, the corpses a square holds) come from the game's
Rules (`limits`); the others are caps far above any real board, each with its reason in words.
Which ids exist (squares of the map, characters and enemies of the case, cards, decks, modes) and
what the rules bound across keys (a square's room, an inventory's size, a weapon's dial) is
checked by scenario_ids.py. The keys are described in rules_data/resident-evil/scenarios/README.md.
"""

from __future__ import annotations

from typing import Any

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

from . import card_format
from .card_format import LevelKey
from .case_bounds import MAX_ENEMY_MODELS, MODELS_WHY
from .rules import NORMAL_MODE
from .state import PHASES

# --- the bounds the rules set ----------------------------------------------------------------
HEALTH = Limit("health-steps", 20)
TURN_ACTIONS = Limit("actions-per-turn", 10)
CORPSES = Limit("corpses-per-square", 12)


def limits(model: Any) -> dict[str, int]:
    """The bounds of the game's cases (empty without a model: the Limits' fallbacks hold)."""
    rules = getattr(model, "rules", None)
    if rules is None:
        return {}
    return {
        HEALTH.name: rules.health_steps,
        TURN_ACTIONS.name: rules.actions_per_turn,
        CORPSES.name: rules.corpses_per_square_max,
    }


# --- ids and numbers ---------------------------------------------------------------------------
SQUARE = Matching(r"^[a-z][1-9][0-9]*$", "a square id (column letter and row number, such as b3)")
TILE = Matching(r"^[A-Z]$", "a tile letter (A to Z, as the map draws it)")
DOOR = Matching(r"^[a-z][1-9][0-9]*/[a-z][1-9][0-9]*$", "a door id (its two squares, such as a1/b1)")
CARD = Id("a card id (kebab-case)")
CHARACTER = Id("a character id (kebab-case)")
ENEMY = Id("an enemy id (kebab-case)")
FACE = Id("a die face (blank, success-1, ..., umbrella, other)")
EVENT = Id("an event kind (kebab-case)")
DECK = Id("a deck id (tension, item-a, encounter, behaviour-<boss>, ...)")

COUNT = Int(0, 1000, "a case counts at most 1000 of anything")
DIAL = Int(0, 99, "an ammunition dial shows 0 to 99")
DANGER = Int(0, 99, "the danger track has at most 99 spaces")
TOKENS = Int(1, 20, "a square holds 1 to 20 tokens of a kind")
MODELS = Int(0, MAX_ENEMY_MODELS, f"the supply holds 0 to {MAX_ENEMY_MODELS} models of a type, {MODELS_WHY}")
WOUNDS = Int(0, 99, "an enemy or a reserve character takes 0 to 99 wounds")
ICONS = Int(1, 10, "an unexplored token shows 1 to 10 icons")
HEALTH_BOX = Either(
    Int(1, HEALTH, "a box of the health track, 1 (Fine) to parameter 'health-steps'"),
    OneOf("fine", "danger"),
    what="a box of the health track: 1 (Fine) to parameter 'health-steps', fine or danger",
)
SQUARES = ListOf(SQUARE, high=100)
CARDS = ListOf(CARD, high=200)
ONE_OR_MORE_CARDS = one_or_many(CARD, high=20)


class Held(Shape):
    """An inventory slot: a card, {card: dial}, or {card: {dial, stack, overlay}}; a mistake inside
    the mapping is reported at its own place (`handgun: 999`)."""

    what = "a card id, {card: dial} or {card: {dial, stack, overlay}}"
    kinds = ("map", "scalar")
    SLOT = MapOf(
        Either(
            DIAL,
            Record({"dial": DIAL, "stack": ListOf(CARD, high=10), "overlay": CARD}),
            what="a dial (0 to 99) or {dial, stack, overlay}",
        ),
        low=1,
        high=1,
        keys=CARD,
    )

    def read(self, node: Node, report: Any) -> Any:
        if node.kind == "map":
            return self.SLOT.read(node, report)
        if CARD.fits(node):
            return node.value
        report.error(node.where, f"expected {self.what}, found {describe(node)}")
        return None


HELD = Held()
INVENTORY = ListOf(HELD, high=20, why="an inventory holds at most 20 cards")
CHARACTER_SPEC = Record(
    {
        "at": SQUARE,
        "evade-dice": Int(1, 10, "a profile card gives 1 to 10 evade dice"),
        "inventory": Int(1, 20, "a profile card gives an inventory of 1 to 20 cards"),
        "health": HEALTH_BOX,
        "unconscious": Bool(),
        "items": INVENTORY,
        "kerosene": Int(0, 20, "a character carries 0 to 20 kerosene tokens"),
        "kerosene-max": Int(0, 20, "a profile card allows 0 to 20 kerosene tokens"),
    },
    required=("at", "evade-dice", "inventory"),
)
ENEMY_SPEC = Record({"type": CARD, "at": SQUARE, "wounds": WOUNDS}, required=("type", "at"))
TOKEN_DECKS = one_or_many(DECK, high=10)
RESERVE = Record(
    {
        "evade-dice": Int(1, 10, "a profile card gives 1 to 10 evade dice"),
        "inventory": Int(1, 20, "a profile card gives an inventory of 1 to 20 cards"),
        "kerosene-max": Int(0, 20, "a profile card allows 0 to 20 kerosene tokens"),
        "wounds": WOUNDS,
        "reserve-only": Bool(),
    },
    what="a reserve character: a mapping with evade-dice, inventory, kerosene-max, wounds, reserve-only "
    "({} for a profile at its defaults)",
)
CAMPAIGN = Record(
    {
        "danger": DANGER,
        "last": Int(1, 99, "the danger track has at most 99 spaces"),
        "levels": MapOf(
            DANGER,
            high=10,
            keys=LevelKey(1, 10, "a danger level"),
            what="the first track space of each danger level ({2: 4, 3: 8})",
        ),
        "item-box": ListOf(HELD, high=100, why="the item box holds at most 100 cards"),
        "crimson-heads-added": Int(0, 20, "0 to 20 Crimson Head cards are added"),
        "reserve": MapOf(RESERVE, high=20, keys=CHARACTER),
    }
)
EXPLORATION_CARD = Record(
    {
        "card": Int(1, 999, "exploration cards are numbered 1 to 999"),
        "enemies": MapOf(ENEMY_SPEC, high=20, keys=ENEMY),
        "item-tokens": MapOf(TOKEN_DECKS, keys=SQUARE),
        "corpses": MapOf(
            Int(1, CORPSES, "a square holds at most parameter 'corpses-per-square-max' corpses"), keys=SQUARE
        ),
        "unexplored": ICONS,
    }
)
TURN = Record(
    {
        "player": CHARACTER,
        "phase": OneOf(*PHASES),
        "actions-used": Int(0, TURN_ACTIONS, "0 to parameter 'actions-per-turn' actions already taken"),
    }
)

CASE_KEYS: dict[str, Any] = {
    "map": Text(),
    "doors": MapOf(nullable(Record({"key": CARD, "opens-from": SQUARE})), keys=DOOR),
    "cards": MapOf(card_format.SHAPE, high=200, keys=CARD),
    "characters": MapOf(
        CHARACTER_SPEC,
        low=1,
        high=20,
        keys=CHARACTER,
        what="the case's characters by id, each {at, evade-dice, inventory, ...}",
    ),
    "enemies": MapOf(
        ENEMY_SPEC,
        high=MAX_ENEMY_MODELS,
        keys=ENEMY,
        what=f"the case's enemies by id, each {{type, at, wounds}}: at most {MAX_ENEMY_MODELS} enemy "
        f"models, {MODELS_WHY}",
    ),
    "corpses": MapOf(Int(1, CORPSES, "a square holds at most parameter 'corpses-per-square-max' corpses"), keys=SQUARE),
    "kerosene": MapOf(TOKENS, keys=SQUARE),
    "item-tokens": MapOf(TOKEN_DECKS, keys=SQUARE),
    "typewriters": SQUARES,
    "item-boxes": SQUARES,
    "exits": SQUARES,
    "narrative-tokens": SQUARES,
    "stairs": ListOf(ListOf(SQUARE, 2, 2, what="a pair of squares [a1, c3]"), high=20),
    "spawn-squares": MapOf(SQUARES, keys=TILE),
    "decks": MapOf(CARDS, high=50, keys=DECK),
    "discards": MapOf(CARDS, high=50, keys=DECK),
    "supply": MapOf(MODELS, high=50, keys=CARD),
    "ink-ribbons": Int(0, 20, "a party holds 0 to 20 ink ribbons"),
    "tutorial": Bool(),
    "mode": Id(f"a mode ({NORMAL_MODE}, or a mode of parameters-modes.yaml)"),
    "campaign": CAMPAIGN,
    "turn": TURN,
    "players": ListOf(CHARACTER, 1, 20, why="the turn order, each character once"),
    "seed": Int(0, 2**31 - 1, "a seed is 0 to 2147483647"),
    "unexplored": MapOf(ICONS, keys=TILE),
    "item-c": Record({stage: CARDS for stage in ("early", "mid", "late")}),
    "off-board": ListOf(TILE, high=26),
    "exploration": MapOf(EXPLORATION_CARD, high=50, keys=DOOR),
    "elevator": Record({"at": SQUARE, "shafts": SQUARES}, required=("at",)),
}

# Every step's own keys: the rolls it scripts and the players' choices it makes.
CHOICES = Record(
    {
        "push": MapOf(SQUARE, high=20),
        "reposition": SQUARE,
        "push-back": MapOf(SQUARE, high=20, keys=ENEMY),
        "order": ListOf(ENEMY, high=100),
        "attacker": ENEMY,
        "target": CHARACTER,
        "toward": CHARACTER,
        "charge-to": SQUARE,
        "reshuffle": CARDS,
        "corpse-to": SQUARE,
    },
    what="the players' choices: push, reposition, push-back, order, attacker, target, toward, charge-to, "
    "reshuffle, corpse-to",
)
STEP_KEYS: dict[str, Any] = {
    "dice": ListOf(ListOf(FACE, 1, 20, why="a roll shows 1 to 20 dice"), high=50, why="one list of faces per roll"),
    "choose": CHOICES,
}
TARGET = {"target": ENEMY}
ACTIONS: dict[str, dict[str, Any]] = {
    "move": {"to": one_or_many(SQUARE, high=20)},
    "open-door": {"door": DOOR},
    "close-door": {"door": DOOR},
    "search": {"take": ONE_OR_MORE_CARDS, "from": Id("a character id, or item-box")},
    "trade": {"with": CHARACTER, "give": ONE_OR_MORE_CARDS, "take": ONE_OR_MORE_CARDS},
    "use": {"item": CARD, "target": CHARACTER, "weapon": CARD},
    "discard": {"item": CARD},
    "combine": {"items": ListOf(CARD, high=20)},
    "split": {"item": CARD},
    "attack": {"weapon": CARD, **TARGET, "rapid-fire": Int(0, 10, "rapid fire adds 0 to 10 dice")},
    "stairs": {},
    "leave": {},
    "typewriter": {},
    "deposit": {"items": ListOf(CARD, high=20)},
    "pick-up-kerosene": {},
    "elevator": {"to": SQUARE},
    "boss-attack": TARGET,
    "boss-move": {**TARGET, "to": one_or_many(SQUARE, high=20)},
    "switch": {"to": CHARACTER, "items": ListOf(CARD, high=20)},
    "mission-wounds": {"wounds": Int(0, 99, "a mission deals 0 to 99 wounds")},
    "end-actions": {},
    "reaction-phase": {},
    "tension-phase": {},
    "end-phase": {"result": OneOf("completed", "failed")},
}
ACTING = frozenset(
    {
        "move",
        "open-door",
        "close-door",
        "search",
        "trade",
        "use",
        "discard",
        "combine",
        "split",
        "attack",
        "stairs",
        "leave",
        "typewriter",
        "deposit",
        "pick-up-kerosene",
        "elevator",
        "switch",
        "mission-wounds",
    }
)
REQUIRED = {
    "trade": ("with",),
    "use": ("item",),
    "discard": ("item",),
    "split": ("item",),
    "attack": ("weapon", "target"),
    "elevator": ("to",),
    "boss-attack": ("target",),
    "boss-move": ("target",),
    "switch": ("to",),
    "mission-wounds": ("wounds",),
    "move": ("to",),
    "end-phase": ("result",),
}

CHARACTER_EXPECT = Record(
    {
        "at": SQUARE,
        "health": HEALTH_BOX,
        "unconscious": Bool(),
        "dead": Bool(),
        "left": Bool(),
        "items": CARDS,
        "dial": MapOf(DIAL, keys=CARD),
        "stack": MapOf(CARDS, keys=CARD),
        "kerosene": Int(0, 20, "a character carries 0 to 20 kerosene tokens"),
    }
)
PILES = MapOf(Either(COUNT, CARDS, what="a number of cards or the cards, top first"), high=50, keys=DECK)
EVENT_NAMES = one_or_many(EVENT, high=100)
EXPECT_KEYS: dict[str, Any] = {
    "characters": MapOf(CHARACTER_EXPECT, high=20, keys=CHARACTER),
    "enemies": MapOf(
        Either(
            OneOf("defeated"),
            Record({"at": SQUARE, "wounds": WOUNDS, "type": CARD}),
            what="defeated, or a mapping with at, wounds, type",
        ),
        high=100,
        keys=ENEMY,
    ),
    "enemy-count": MapOf(COUNT, keys=CARD),
    "corpses": nullable(MapOf(COUNT, keys=SQUARE)),
    "doors": MapOf(OneOf("open", "closed", "locked", "archway"), keys=DOOR),
    "result": OneOf("ongoing", "completed", "failed"),
    "player": CHARACTER,
    "phase": OneOf(*PHASES, "end"),
    "actions-left": Int(0, TURN_ACTIONS, "0 to parameter 'actions-per-turn' actions"),
    "decks": PILES,
    "discards": PILES,
    "ink-ribbons": Int(0, 20, "a party holds 0 to 20 ink ribbons"),
    "typewriters": SQUARES,
    "danger": DANGER,
    "crimson-heads-added": Int(0, 20, "0 to 20 Crimson Head cards"),
    "item-box": CARDS,
    "campaign-lost": Bool(),
    "events-include": EVENT_NAMES,
    "events-exclude": EVENT_NAMES,
    "events": ListOf(
        Record(
            {"event": EVENT},
            required=("event",),
            others=AnyValue(),
            what="an event: {event: <kind>, <detail>: <value>, ...}",
        ),
        high=100,
    ),
    "line-of-sight": MapOf(MapOf(Bool(), keys=SQUARE), keys=SQUARE),
    "moves-from": MapOf(SQUARES, keys=SQUARE),
    "lasting": CARDS,
    "item-tokens": MapOf(ListOf(DECK, high=10), keys=SQUARE),
    "linked-tiles": MapOf(ListOf(TILE, high=26), keys=TILE),
    "unexplored": MapOf(ICONS, keys=TILE),
    "kerosene": MapOf(COUNT, keys=SQUARE),
    "reserve": MapOf(WOUNDS, keys=CHARACTER),
    "off-board": ListOf(TILE, high=26),
    "elevator": SQUARE,
    "removed": CARDS,
    "narrative-tokens": SQUARES,
}


def scenario_format(check_ids) -> ScenarioFormat:
    return ScenarioFormat(
        case_keys=CASE_KEYS,
        actions=ACTIONS,
        expect_keys=EXPECT_KEYS,
        acting=ACTING,
        check_ids=check_ids,
        limits=limits,
        step_keys=STEP_KEYS,
    )
