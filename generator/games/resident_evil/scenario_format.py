"""What a Resident Evil case may say, as tables: every key, step and expectation down to each
number's range, where the ids it names come from, and how each step is played.

The shapes (generator/scenarios/shapes.py) are checked where each value is written, before anything
runs, so the engine only meets values of the right kind and size. Bounds the rules set (the
health track's boxes, the actions of a turn, the corpses a square holds) come from the game's
Rules, each Limit reading its own; the others are caps far above any real board, each with its
reason in words. What the rules bound across keys (a square's room, an inventory's size, a weapon's dial) is
scenario_checks.py's. The keys are described in rules_data/resident-evil/scenarios/README.md.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.scenarios import expectations as compare
from generator.scenarios.case import listed
from generator.scenarios.expectations import Expect, Field, Lookup, records
from generator.scenarios.game import COUNT, Action, Call, who
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

from . import campaign, card_format, reserve
from .card_format import LevelKey
from .case_bounds import MAX_ENEMY_MODELS, MODELS_WHY
from .engine import Game
from .rules import NORMAL_MODE
from .state import PHASES

# --- the bounds the rules set ----------------------------------------------------------------
HEALTH = Limit("health-steps", 20, lambda model: model.rules.health_steps)
TURN_ACTIONS = Limit("actions-per-turn", 10, lambda model: model.rules.actions_per_turn)
CORPSES = Limit("corpses-per-square", 12, lambda model: model.rules.corpses_per_square_max)
BOUNDS = (HEALTH, TURN_ACTIONS, CORPSES)


# --- ids and numbers ---------------------------------------------------------------------------
# Each id says what it names: the ids of each kind come from scenario_checks.IDS.
SQUARE = Matching(r"^[a-z][1-9][0-9]*$", "a square id (column letter and row number, such as b3)", names="square")
TILE = Matching(r"^[A-Z]$", "a tile letter (A to Z, as the map draws it)", names="tile")
DOOR = Matching(r"^[a-z][1-9][0-9]*/[a-z][1-9][0-9]*$", "a door id (its two squares, such as a1/b1)", names="door")
CARD = Id("a card id (kebab-case)", names="card")
ITEM = Id("a card id (kebab-case)", names="item")
ENEMY_CARD = Id("a card id (kebab-case)", names="enemy-card")
CHARACTER = Id("a character id (kebab-case)", names="character")
ENEMY = Id("an enemy id (kebab-case)", names="enemy")
FACE = Id("a die face (blank, success-1, ..., umbrella, other)", names="face")
DECK = Id("a deck id (tension, item-a, encounter, behaviour-<boss>, ...)", names="deck")
ITEM_DECK = Id("a deck id (tension, item-a, encounter, behaviour-<boss>, ...)", names="item-deck")
PLAIN_CARD = Id("a card id (kebab-case)")  # a card a check across keys judges (a pile's, a slot's stack)
DEFINED = Id()  # an id the case gives to what it defines (a character, an enemy, a card)

DIAL = Int(0, 99, "an ammunition dial shows 0 to 99")
DANGER = Int(0, 99, "the danger track has at most 99 spaces")
TOKENS = Int(1, 20, "a square holds 1 to 20 tokens of a kind")
MODELS = Int(0, MAX_ENEMY_MODELS, f"the supply holds 0 to {MAX_ENEMY_MODELS} models of a type, {MODELS_WHY}")
WOUNDS = Int(0, 99, "an enemy or a reserve character takes 0 to 99 wounds")
ICONS = Int(1, 10, "an unexplored token shows 1 to 10 icons")
EVADE_DICE = Int(1, 10, "a profile card gives 1 to 10 evade dice")
INVENTORY_SIZE = Int(1, 20, "a profile card gives an inventory of 1 to 20 cards")
KEROSENE = Int(0, 20, "a character carries 0 to 20 kerosene tokens")
KEROSENE_MAX = Int(0, 20, "a profile card allows 0 to 20 kerosene tokens")
CORPSE_COUNT = Int(1, CORPSES, "a square holds at most parameter 'corpses-per-square-max' corpses")
INK_RIBBONS = Int(0, 20, "a party holds 0 to 20 ink ribbons")
HEALTH_BOX = Either(
    Int(1, HEALTH, "a box of the health track, 1 (Fine) to parameter 'health-steps'"),
    OneOf("fine", "danger"),
    what="a box of the health track: 1 (Fine) to parameter 'health-steps', fine or danger",
)
SQUARES = ListOf(SQUARE, high=100)
CARDS = ListOf(CARD, high=200)
SCENARIO = Id("a scenario id (kebab-case, as its card on the mansion map)")
PUZZLE_ID = Id("a puzzle id (kebab-case)", names="puzzle")


# An inventory slot: a card, {card: dial}, or {card: {dial, stack, overlay}}; a mapping that does
# not fit is told at its own place (`handgun: 999`), as Either tells the one shape of its kind.
HELD = Either(
    ITEM,
    MapOf(
        Either(
            DIAL,
            Record({"dial": DIAL, "stack": ListOf(PLAIN_CARD, high=10), "overlay": PLAIN_CARD}),
            what="a dial (0 to 99) or {dial, stack, overlay}",
        ),
        low=1,
        high=1,
        keys=ITEM,
    ),
    what="a card id, {card: dial} or {card: {dial, stack, overlay}}",
)
INVENTORY = ListOf(HELD, high=20, why="an inventory holds at most 20 cards")
CHARACTER_SPEC = Record(
    {
        "at": SQUARE,
        "evade-dice": EVADE_DICE,
        "inventory": INVENTORY_SIZE,
        "health": HEALTH_BOX,
        "unconscious": Bool(),
        "dead": Bool(),  # died earlier in the scenario: out of play, no longer on the board
        "items": INVENTORY,
        "kerosene": KEROSENE,
        "kerosene-max": KEROSENE_MAX,
    },
    required=("at", "evade-dice", "inventory"),
)
ENEMY_SPEC = Record({"type": ENEMY_CARD, "at": SQUARE, "wounds": WOUNDS}, required=("type", "at"))
TOKEN_DECKS = one_or_many(ITEM_DECK, high=10)
RESERVE = Record(
    {
        "evade-dice": EVADE_DICE,
        "inventory": INVENTORY_SIZE,
        "kerosene-max": KEROSENE_MAX,
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
        "reserve": MapOf(RESERVE, high=20, keys=DEFINED),
        "scenario": SCENARIO,
        "replay": Bool(),
        "completion-tokens": ListOf(SCENARIO, high=50, why="the mansion map holds at most 50 scenario cards"),
        "map": MapOf(
            Record({"unlocks-with": ListOf(ITEM, 1, 10)}, required=("unlocks-with",)),
            high=50,
            keys=SCENARIO,
            what="the map's locked scenario cards, each {unlocks-with: [cards]}",
        ),
    }
)
PUZZLE = Record(
    {
        "blocks": ListOf(DOOR, 1, 10, why="the doors the puzzle keeps shut"),
        "track": Int(1, 20, "a puzzle track has 1 to 20 spaces to the solution"),
        "marker": Int(0, 20, "the marker stands on space 0 to the track's last"),
    },
    required=("blocks", "track"),
)
EXPLORATION_CARD = Record(
    {
        "card": Int(1, 999, "exploration cards are numbered 1 to 999"),
        "enemies": MapOf(ENEMY_SPEC, high=20, keys=DEFINED),
        "item-tokens": MapOf(TOKEN_DECKS, keys=SQUARE),
        "corpses": MapOf(CORPSE_COUNT, keys=SQUARE),
        "unexplored": ICONS,
    }
)
TURN = Record(
    {
        "player": Id("a character id (kebab-case)", names="player"),
        "phase": OneOf(*PHASES),
        "actions-used": Int(0, TURN_ACTIONS, "0 to parameter 'actions-per-turn' actions already taken"),
    }
)

CASE_KEYS: dict[str, Shape] = {
    "map": Text(),
    "doors": MapOf(nullable(Record({"key": ITEM, "opens-from": SQUARE})), keys=DOOR),
    "cards": MapOf(card_format.SHAPE, high=200, keys=DEFINED),
    "characters": MapOf(
        CHARACTER_SPEC,
        low=1,
        high=20,
        keys=DEFINED,
        what="the case's characters by id, each {at, evade-dice, inventory, ...}",
    ),
    "enemies": MapOf(
        ENEMY_SPEC,
        high=MAX_ENEMY_MODELS,
        keys=DEFINED,
        what=f"the case's enemies by id, each {{type, at, wounds}}: at most {MAX_ENEMY_MODELS} enemy "
        f"models, {MODELS_WHY}",
    ),
    "corpses": MapOf(CORPSE_COUNT, keys=SQUARE),
    "kerosene": MapOf(TOKENS, keys=SQUARE),
    "item-tokens": MapOf(TOKEN_DECKS, keys=SQUARE),
    "typewriters": SQUARES,
    "item-boxes": SQUARES,
    "exits": SQUARES,
    "narrative-tokens": SQUARES,
    "stairs": ListOf(ListOf(SQUARE, 2, 2, what="a pair of squares [a1, c3]"), high=20),
    "spawn-squares": MapOf(SQUARES, keys=TILE),
    "decks": MapOf(ListOf(PLAIN_CARD, high=200), high=50, keys=DECK),
    "discards": MapOf(ListOf(PLAIN_CARD, high=200), high=50, keys=DECK),
    "supply": MapOf(MODELS, high=50, keys=ENEMY_CARD),
    "ink-ribbons": INK_RIBBONS,
    "tutorial": Bool(),
    "mode": Id(f"a mode ({NORMAL_MODE}, or a mode of parameters-modes.yaml)", names="mode"),
    "campaign": CAMPAIGN,
    "turn": TURN,
    "players": ListOf(
        Id("a character id (kebab-case)", names="party"), 1, 20, why="the turn order, each character once"
    ),
    "seed": Int(0, 2**31 - 1, "a seed is 0 to 2147483647"),
    "unexplored": MapOf(ICONS, keys=TILE),
    "item-c": Record({stage: ListOf(ITEM, high=200) for stage in ("early", "mid", "late")}),
    "off-board": ListOf(TILE, high=26),
    "exploration": MapOf(EXPLORATION_CARD, high=50, keys=DOOR),
    "elevator": Record({"at": SQUARE, "shafts": SQUARES}, required=("at",)),
    "start-squares": ListOf(SQUARE, 1, 10, why="the scenario's start squares, S1 first"),
    "puzzles": MapOf(PUZZLE, high=10, keys=DEFINED, what="the scenario's puzzles, each {blocks, track, marker}"),
}

# Every step's own keys: the rolls it scripts and the players' choices it makes.
CHOICES = Record(
    {
        "push": MapOf(SQUARE, high=20, keys=Id("a character or enemy id", names="model")),
        "reposition": SQUARE,
        "push-back": MapOf(SQUARE, high=20, keys=ENEMY),
        "order": ListOf(ENEMY, high=100),
        "attacker": ENEMY,
        "target": CHARACTER,
        "toward": CHARACTER,
        "charge-to": SQUARE,
        "reshuffle": CARDS,
        "corpse-to": SQUARE,
        "defend": MapOf(ITEM, high=20, keys=CHARACTER),
    },
    what="the players' choices: push, reposition, push-back, order, attacker, target, toward, charge-to, "
    "reshuffle, corpse-to, defend",
)
STEP_KEYS: dict[str, Shape] = {
    "who": CHARACTER,
    "dice": ListOf(ListOf(FACE, 1, 20, why="a roll shows 1 to 20 dice"), high=50, why="one list of faces per roll"),
    "choose": CHOICES,
}


# --- the steps -----------------------------------------------------------------------------------
def _moves(game: Game, step: dict) -> None:
    for square in listed(step["to"]):  # one move action per square listed
        game.move(who(step), square)


ITEMS = ListOf(ITEM, high=20)
SOME_ITEMS = one_or_many(ITEM, high=20)
ACTIONS: dict[str, Action[Game]] = {
    "move": Action({"to": one_or_many(SQUARE, high=20)}, _moves, required=("to",)),
    "open-door": Action({"door": DOOR}, lambda g, s: g.toggle_door(who(s), s.get("door"), "open")),
    "close-door": Action({"door": DOOR}, lambda g, s: g.toggle_door(who(s), s.get("door"), "closed")),
    "search": Action(
        {"take": SOME_ITEMS, "from": Id("a character id, or item-box", names="from")},
        Call("search", take="take", source="from"),
    ),
    "trade": Action(
        {"with": CHARACTER, "give": SOME_ITEMS, "take": SOME_ITEMS},
        Call("trade", "with", "give", "take"),
        True,
        ("with",),
    ),
    "use": Action(
        {"item": ITEM, "target": CHARACTER, "weapon": ITEM},
        Call("use", "item", target="target", weapon="weapon"),
        required=("item",),
    ),
    "discard": Action({"item": ITEM}, Call("discard", "item"), required=("item",)),
    "combine": Action({"items": ITEMS}, Call("combine", "items")),
    "split": Action({"item": ITEM}, Call("split", "item"), required=("item",)),
    "attack": Action(
        {"weapon": ITEM, "target": ENEMY, "rapid-fire": Int(0, 10, "rapid fire adds 0 to 10 dice")},
        Call("attack", "weapon", "target", rapid_fire="rapid-fire"),
        required=("weapon", "target"),
    ),
    "stairs": Action({}, Call("use_stairs")),
    "leave": Action({}, Call("leave")),
    "typewriter": Action({}, Call("typewriter")),
    "deposit": Action({"items": ITEMS}, Call("deposit", "items")),
    "pick-up-kerosene": Action({}, Call("pick_up_kerosene")),
    "elevator": Action({"to": SQUARE}, Call("move_elevator", "to"), required=("to",)),
    "boss-attack": Action({"target": ENEMY}, Call("boss_attack", "target"), False, ("target",)),
    "boss-move": Action(
        {"target": ENEMY, "to": one_or_many(SQUARE, high=20)},
        Call(reserve.boss_move, "target", "to"),
        False,
        ("target",),
    ),
    "switch": Action({"to": CHARACTER, "items": ITEMS}, Call(reserve.switch, "to", "items"), required=("to",)),
    "mission-wounds": Action(
        {"wounds": Int(0, 99, "a mission deals 0 to 99 wounds")},
        Call(reserve.mission_wounds, "wounds"),
        required=("wounds",),
    ),
    "end-actions": Action({}, Call("end_actions"), False),
    "reaction-phase": Action({}, Call("reaction_phase"), False),
    "tension-phase": Action({}, Call("tension_phase"), False),
    "place": Action({"at": SQUARE}, Call("place", "at"), required=("at",)),
    "puzzle": Action(
        {"puzzle": PUZZLE_ID, "spaces": Int(-20, 20, "the marker moves -20 to 20 spaces")},
        Call("move_puzzle_marker", "puzzle", "spaces"),
        False,
        ("puzzle", "spaces"),
    ),
    "remove-token": Action({"card": CARD}, Call("remove_token", "card"), False, ("card",)),
    "end-phase": Action(
        {"result": OneOf("completed", "failed")}, Call(campaign.end_phase, "result"), False, ("result",)
    ),
}


# --- the expectations ----------------------------------------------------------------------------
def health_box(value: Any, boxes: int) -> Any:
    """A box of the health track as a case writes it: a number, fine (1, also when left out) or
    danger (the last box)."""
    return boxes if value == "danger" else 1 if value in (None, "fine") else value


def _health(label: str, expected: Any, actual: tuple[int, int]) -> list[str]:
    box, boxes = actual
    return compare.equal(label, health_box(expected, boxes), box)


def _enemy(label: str, expected: Any, actual: Any) -> list[str]:
    """An enemy standing with these fields, or `defeated`."""
    if expected == "defeated" or expected is None:
        return compare.equal(label, "defeated", "defeated" if actual is None else f"standing in {actual['at']}")
    if actual is None:
        return [f"{label}: it was defeated, expected {expected}"]
    return compare.fields()(label, expected, actual)


def _enemies(game: Game) -> Lookup:
    enemies = game.state.enemies

    def record(eid: str) -> dict | None:
        e = enemies.get(eid)
        return None if e is None else {"at": e.square, "wounds": e.wounds, "type": e.type}

    return Lookup(lambda eid: True, record)


def _square_map(value: Any) -> Any:
    return Lookup(lambda key: True, value)


def _completion(game: Game) -> dict:
    refusal = game.completion_refusal()
    return {"allowed": refusal is None, "reason": refusal.reason if refusal is not None else None}


def _completion_is(label: str, expected: Any, actual: dict) -> list[str]:
    """`allowed`, `refused`, or `{refused: <reason>}`: whether the scenario may be completed now."""
    said = "allowed" if actual["allowed"] else f"refused ({actual['reason']})"
    if expected == "allowed":
        return [] if actual["allowed"] else [f"{label}: expected allowed, got {said}"]
    reason = expected.get("refused") if isinstance(expected, dict) else None
    if actual["allowed"] or (reason is not None and reason != actual["reason"]):
        return [f"{label}: expected refused{f' ({reason})' if reason else ''}, got {said}"]
    return []


TURN_FIELDS: dict[str, Shape] = {
    "player": Id("a character id (kebab-case)", names="player"),
    "phase": OneOf(*PHASES, "end"),
    "actions-left": Int(0, TURN_ACTIONS, "0 to parameter 'actions-per-turn' actions"),
}
SQUARE_COUNTS = MapOf(COUNT, keys=SQUARE)
DIALS, STACKS = compare.each(compare.equal), compare.each(compare.same_items)
TOKEN_BESIDE = Either(TILE, CHARACTER, what="a tile letter or a character id")
EXPECT: dict[str, Expect[Game]] = {
    "completion": Expect(
        Either(
            OneOf("allowed", "refused"),
            Record({"refused": Id("a reason id (kebab-case)")}, required=("refused",)),
            what="allowed, refused, or {refused: <reason id>}",
        ),
        _completion,
        _completion_is,
    ),
    "lasting-tokens": Expect(
        MapOf(TOKEN_BESIDE, high=20, keys=CARD),
        lambda g: {t["card"]: t["beside"] for t in g.state.tokens},
    ),
    "puzzles": records(
        lambda g: g.state.puzzles,
        {
            "marker": Field(Int(0, 20, "the marker stands on space 0 to 20"), "marker"),
            "solved": Field(Bool(), "solved"),
        },
        PUZZLE_ID,
        "no such puzzle",
    ),
    "completion-tokens": Expect(
        ListOf(SCENARIO, high=50), lambda g: g.state.campaign.completion_tokens, compare.same_items
    ),
    "map": Expect(
        MapOf(OneOf("locked", "unlocked"), keys=SCENARIO),
        lambda g: {m.id: "locked" if m.locked else "unlocked" for m in g.state.campaign.map_cards.values()},
        compare.each(compare.equal, "no such scenario card on the map"),
    ),
    "set-aside": Expect(CARDS, lambda g: g.state.set_aside, compare.same_items),
    "characters": records(
        lambda g: g.state.characters,
        {
            "at": Field(SQUARE, "square"),
            "health": Field(HEALTH_BOX, lambda c, g: (c.damage + 1, g.rules.health_steps), _health),
            "unconscious": Field(Bool(), "unconscious"),
            "dead": Field(Bool(), "dead"),
            "left": Field(Bool(), "left"),
            "items": Field(CARDS, lambda c, g: [h.card for h in c.items], compare.same_items),
            # a card held twice: its first slot's
            "dial": Field(MapOf(DIAL, keys=CARD), lambda c, g: {h.card: h.dial for h in reversed(c.items)}, DIALS),
            "stack": Field(
                MapOf(CARDS, keys=CARD), lambda c, g: {h.card: h.cards() for h in reversed(c.items)}, STACKS
            ),
            "kerosene": Field(KEROSENE, "kerosene"),
        },
        CHARACTER,
        "no such character",
        high=20,
    ),
    "enemies": Expect(
        MapOf(
            Either(
                OneOf("defeated"),
                Record({"at": SQUARE, "wounds": WOUNDS, "type": ENEMY_CARD}),
                what="defeated, or a mapping with at, wounds, type",
            ),
            high=100,
            keys=ENEMY,
        ),
        _enemies,
        compare.each(_enemy),
    ),
    "enemy-count": Expect(
        MapOf(COUNT, keys=ENEMY_CARD), lambda g: dict(Counter(e.type for e in g.state.enemies.values()))
    ),
    "corpses": Expect(nullable(SQUARE_COUNTS), lambda g: g.state.corpses, compare.nonzero),
    "doors": Expect(
        MapOf(OneOf("open", "closed", "locked", "archway"), keys=DOOR),
        lambda g: {did: door.state for did, door in g.state.board.doors.items()},
        compare.each(compare.equal),
    ),
    "result": Expect(OneOf("ongoing", "completed", "failed"), lambda g: g.state.result),
    "player": Expect(CHARACTER, lambda g: g.state.player),
    "phase": Expect(TURN_FIELDS["phase"], lambda g: g.state.phase),
    "actions-left": Expect(TURN_FIELDS["actions-left"], Game.actions_left),
    "ink-ribbons": Expect(INK_RIBBONS, lambda g: g.state.ink_ribbons),
    "typewriters": Expect(SQUARES, lambda g: g.state.typewriters),
    "danger": Expect(DANGER, lambda g: g.state.campaign.danger),
    "crimson-heads-added": Expect(
        Int(0, 20, "0 to 20 Crimson Head cards"), lambda g: g.state.campaign.crimson_heads_added
    ),
    "item-box": Expect(CARDS, lambda g: [h.card for h in g.state.campaign.item_box], compare.same_items),
    "campaign-lost": Expect(Bool(), lambda g: g.state.campaign.lost),
    "line-of-sight": Expect(
        MapOf(MapOf(Bool(), keys=SQUARE), keys=SQUARE),
        lambda g: _square_map(lambda frm: _square_map(lambda to: g.state.board.sees(frm, to))),
        compare.each(compare.each(compare.equal)),
    ),
    "moves-from": Expect(
        MapOf(SQUARES, keys=SQUARE),
        lambda g: _square_map(g.state.board.neighbours),
        compare.each(compare.same_items),
    ),
    "lasting": Expect(CARDS, lambda g: [x["card"] for x in g.state.lasting]),
    "item-tokens": Expect(MapOf(ListOf(ITEM_DECK, high=10), keys=SQUARE), lambda g: g.state.item_tokens),
    "linked-tiles": Expect(
        MapOf(ListOf(TILE, high=26), keys=TILE),
        lambda g: _square_map(lambda tile: g.state.board.linked_tiles(tile, chain=g.rules.linked_tiles_chain)),
        compare.each(compare.same_items),
    ),
    "unexplored": Expect(MapOf(ICONS, keys=TILE), lambda g: g.state.unexplored),
    "kerosene": Expect(SQUARE_COUNTS, lambda g: g.state.kerosene, compare.nonzero),
    "reserve": Expect(
        MapOf(WOUNDS, keys=CHARACTER), lambda g: {r.id: r.wounds for r in g.state.campaign.reserve.values()}
    ),
    "off-board": Expect(ListOf(TILE, high=26), lambda g: sorted(g.state.off_board)),
    "elevator": Expect(SQUARE, lambda g: g.state.elevator),
    "removed": Expect(CARDS, lambda g: g.state.campaign.removed),
    "narrative-tokens": Expect(SQUARES, lambda g: g.state.narrative_tokens),
}
