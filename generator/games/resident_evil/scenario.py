"""Scenario cases for this game: build a state from a case, apply its steps, compare expectations.

A case (see rules_data/resident-evil/scenarios/README.md for every key):

    - id: diagonal-step-past-a-wall-corner-is-refused
      rule: "re-ja-rules § 1. THE ACTION PHASE"
      map: |
        A A A
        -
        A A A
      characters: {chris: {at: a1, evade-dice: 1, inventory: 6}}
      actions:
        - {who: chris, do: move, to: b2, not-allowed: corner}
      expect: {characters: {chris: {at: a1}}}

Card statistics the source does not print are stated by the file's (or the case's) `cards:`
for that check alone; dice are scripted by face on the step that rolls them.
Public: HOOKS (for generator/scenarios/runner.py), read_scenarios, build_game, apply_step, compare, FORMAT,
CASE_KEYS, STEP_KEYS, EXPECT_KEYS.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from generator.core.grid import parse_grid
from generator.core.snapshots import snapshot
from generator.errors import ScenarioError
from generator.load.files import display
from generator.scenarios.reading import read_scenario_file

from . import campaign as campaign_steps
from . import cards as card_specs
from . import reserve
from .dice import ScriptedRolls, faces_of
from .engine import Game
from .rules import Rules
from .scenario_format import CHOICES as CHOICES_SHAPE
from .scenario_format import scenario_format
from .scenario_ids import check_ids
from .state import Campaign, Character, Enemy, Held, Reserve, State

FORMAT = scenario_format(check_ids)  # every key, step and expectation (scenario_format.py)
CASE_KEYS = set(FORMAT.all_case_keys)
STEP_KEYS = {
    "who",
    "do",
    "not-allowed",
    "expect",
    "expect-any",
    "note",
    *FORMAT.step_keys,
    *(key for keys in FORMAT.actions.values() for key in keys),
}
CHOICES = set(CHOICES_SHAPE.fields)
EXPECT_KEYS = set(FORMAT.expect_keys)


PROJECT_ROOT = Path(__file__).resolve().parents[3]


class CaseError(ScenarioError):
    """A case that cannot be set up; the message names the key and what to write."""


def card_table(rules: Rules, *specs: dict | None) -> dict[str, Any]:
    """Card profiles by id from the given spec mappings, later ones overriding earlier ones."""
    faces = set(faces_of("blue", rules.success_results))
    merged: dict[str, dict] = {}
    for spec in specs:
        for cid, body in (spec or {}).items():
            merged[cid] = body
    table: dict[str, Any] = {}
    for cid, body in merged.items():
        kind = (body or {}).get("kind")
        if kind == "enemy":
            table[cid] = card_specs.enemy(cid, body, faces)
        elif kind in ("encounter", "narrative"):
            table[cid] = card_specs.encounter(cid, body)
        elif kind == "behaviour":
            table[cid] = card_specs.behaviour(cid, body)
        elif kind == "tension":
            table[cid] = card_specs.tension(cid, body)
        else:
            table[cid] = card_specs.item(cid, body or {}, faces)
    return table


def _health(value: Any, rules: Rules) -> int:
    """A health-track box as damage taken: 1 (or 'fine') is Fine, the last box (or 'danger') is Danger."""
    if value in (None, "fine"):
        return 0
    if value == "danger":
        return rules.health_steps - 1
    if isinstance(value, int) and 1 <= value <= rules.health_steps:
        return value - 1
    raise CaseError(f"health is a box 1-{rules.health_steps} of the track, 'fine' or 'danger', not {value!r}")


def _held(entry: Any, table: dict) -> Held:
    if isinstance(entry, str):
        item = table.get(entry)
        dial = item.weapon.capacity if isinstance(item, card_specs.Item) and item.weapon else None
        return Held(entry, dial=dial)
    if isinstance(entry, dict) and len(entry) == 1:
        ((card, value),) = entry.items()
        if isinstance(value, int):
            return Held(card, dial=value)
        if isinstance(value, dict):
            return Held(
                card, dial=value.get("dial"), stack=list(value.get("stack") or []), overlay=value.get("overlay")
            )
    raise CaseError(
        f"an inventory entry is a card id, {{card: dial}} or {{card: {{dial, stack, overlay}}}}, not {entry!r}"
    )


def build_game(case: dict, rules: Rules, file_cards: dict | None = None) -> Game:
    unknown = {key for key in case if not key.startswith("_")} - CASE_KEYS - {"game", "edition"}
    if unknown:
        raise CaseError(f"unknown case keys {sorted(unknown)}; known keys are {sorted(CASE_KEYS)}")
    table = card_table(rules, file_cards, case.get("cards"))
    board = parse_grid(case["map"], case.get("doors"))
    characters = {}
    for cid, spec in (case.get("characters") or {}).items():
        spec = spec or {}
        for need in ("at", "evade-dice", "inventory"):
            if need not in spec:
                raise CaseError(f"character '{cid}' needs '{need}' (the profile card's value for this check)")
        c = Character(
            cid,
            board.square(spec["at"]),
            int(spec["evade-dice"]),
            int(spec["inventory"]),
            damage=_health(spec.get("health"), rules),
            unconscious=bool(spec.get("unconscious")),
            items=[_held(x, table) for x in spec.get("items") or []],
            kerosene=int(spec.get("kerosene", 0)),
            kerosene_max=int(spec.get("kerosene-max", 0)),
        )
        for item in c.items:
            if item.card not in table:
                raise CaseError(f"character '{cid}' holds '{item.card}', which has no profile under cards")
        characters[cid] = c
    players = list(case.get("players") or characters)
    state = State(
        board,
        characters,
        players,
        tutorial=bool(case.get("tutorial")),
        mode=case.get("mode", "normal"),
        seed=int(case.get("seed", 0)),
    )
    for eid, spec in (case.get("enemies") or {}).items():
        if spec.get("type") not in table or not isinstance(table[spec["type"]], card_specs.EnemyProfile):
            raise CaseError(f"enemy '{eid}' is of type '{spec.get('type')}', which has no enemy profile under cards")
        state.enemies[eid] = Enemy(eid, spec["type"], board.square(spec["at"]), int(spec.get("wounds", 0)))
    state.corpses = Counter({board.square(sq): n for sq, n in (case.get("corpses") or {}).items()})
    state.kerosene = Counter({board.square(sq): n for sq, n in (case.get("kerosene") or {}).items()})
    state.unexplored = {str(tile): int(n) for tile, n in (case.get("unexplored") or {}).items()}
    state.off_board = {str(t) for t in case.get("off-board") or []}
    state.narrative_tokens = [board.square(q) for q in case.get("narrative-tokens") or []]
    if case.get("elevator"):
        lift = case["elevator"]
        state.elevator = board.square(lift["at"])
        state.shafts = [board.square(q) for q in lift.get("shafts") or []]
    unknown_tiles = state.off_board - set(board.tiles.values())
    if unknown_tiles:
        raise CaseError(f"off-board names tiles {sorted(unknown_tiles)} that the map does not have")
    for did, card in (case.get("exploration") or {}).items():
        if did not in board.doors:
            raise CaseError(f"exploration names '{did}', which is not a door on the map")
        state.exploration[did] = dict(card or {})
    state.item_tokens = {
        board.square(sq): list(v if isinstance(v, list) else [v]) for sq, v in (case.get("item-tokens") or {}).items()
    }
    state.typewriters = [board.square(x) for x in case.get("typewriters") or []]
    state.item_boxes = [board.square(x) for x in case.get("item-boxes") or []]
    state.exits = [board.square(x) for x in case.get("exits") or []]
    for a, b in case.get("stairs") or []:
        state.stairs[board.square(a)] = board.square(b)
        state.stairs[board.square(b)] = board.square(a)
    state.spawn_squares = {
        tile: [board.square(x) for x in squares] for tile, squares in (case.get("spawn-squares") or {}).items()
    }
    state.decks = {k: list(v) for k, v in (case.get("decks") or {}).items()}
    if case.get("item-c"):
        state.decks["item-c"] = campaign_steps.item_c_deck(case["item-c"], int(case.get("seed", 0)))
    state.discards = {k: list(v) for k, v in (case.get("discards") or {}).items()}
    for deck in ("tension",):
        for card in state.decks.get(deck, []) + state.discards.get(deck, []):
            if not isinstance(table.get(card), card_specs.TensionCard):
                raise CaseError(f"tension card '{card}' has no profile under cards")
    state.supply = dict(case.get("supply") or {})
    state.ink_ribbons = (
        case["ink-ribbons"] if "ink-ribbons" in case else _ink_ribbons(rules, len(characters), state.mode)
    )
    camp = case.get("campaign") or {}
    state.campaign = Campaign(
        danger=int(camp.get("danger", 0)),
        danger_last=camp.get("last"),
        danger_levels={int(k): int(v) for k, v in (camp.get("levels") or {}).items()},
        item_box=[_held(x, table) for x in camp.get("item-box") or []],
        crimson_heads_added=int(camp.get("crimson-heads-added", 0)),
        reserve={
            rid: Reserve(
                rid,
                int(r.get("evade-dice", 1)),
                int(r.get("inventory", 1)),
                int(r.get("kerosene-max", 0)),
                int(r.get("wounds", 0)),
                bool(r.get("reserve-only")),
            )
            for rid, r in (camp.get("reserve") or {}).items()
        },
    )
    turn = case.get("turn") or {}
    if turn.get("player"):
        state.turn = players.index(turn["player"])
    state.phase = turn.get("phase", "action")
    state.actions_used = int(turn.get("actions-used", 0))
    return Game(rules, table, state)


def _ink_ribbons(rules: Rules, party: int, mode: str) -> int:
    if mode == "easy" and "easy-ink-ribbons-per-character" in rules.modes:
        return rules.modes["easy-ink-ribbons-per-character"] * party
    return rules.ink_ribbons_small_party if party <= rules.small_party_max else rules.ink_ribbons_large_party


def _list(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _moves(game: Game, who: str, squares: list) -> None:
    for square in squares:  # one move action per square listed
        game.move(who, square)


def apply_step(game: Game, step: dict) -> None:
    unknown = set(step) - STEP_KEYS
    if unknown:
        raise CaseError(f"unknown step keys {sorted(unknown)}; known keys are {sorted(STEP_KEYS)}")
    choose = step.get("choose") or {}
    bad = set(choose) - CHOICES
    if bad:
        raise CaseError(f"unknown choices {sorted(bad)}; known choices are {sorted(CHOICES)}")
    game.choices = dict(choose)
    game.dice = ScriptedRolls([_list(r) for r in step.get("dice") or []], game.rules.success_results)
    who, do = str(step.get("who") or ""), step.get("do")
    actions = {
        "move": lambda: _moves(game, who, _list(step.get("to"))),
        "open-door": lambda: game.toggle_door(who, step.get("door"), "open"),
        "close-door": lambda: game.toggle_door(who, step.get("door"), "closed"),
        "search": lambda: game.search(who, take=_list(step.get("take")) or None, source=step.get("from")),
        "trade": lambda: game.trade(who, step["with"], _list(step.get("give")), _list(step.get("take"))),
        "use": lambda: game.use(who, step["item"], target=step.get("target"), weapon=step.get("weapon")),
        "discard": lambda: game.discard(who, step["item"]),
        "combine": lambda: game.combine(who, _list(step.get("items"))),
        "split": lambda: game.split(who, step["item"]),
        "attack": lambda: game.attack(who, step["weapon"], step["target"], int(step.get("rapid-fire", 0))),
        "stairs": lambda: game.use_stairs(who),
        "leave": lambda: game.leave(who),
        "typewriter": lambda: game.typewriter(who),
        "deposit": lambda: game.deposit(who, _list(step.get("items"))),
        "pick-up-kerosene": lambda: game.pick_up_kerosene(who),
        "elevator": lambda: game.move_elevator(who, step["to"]),
        "boss-attack": lambda: game.boss_attack(step["target"]),
        "boss-move": lambda: reserve.boss_move(game, step["target"], _list(step.get("to"))),
        "switch": lambda: reserve.switch(game, who, step["to"], _list(step.get("items"))),
        "mission-wounds": lambda: reserve.mission_wounds(game, who, int(step["wounds"])),
        "end-actions": game.end_actions,
        "reaction-phase": game.reaction_phase,
        "tension-phase": game.tension_phase,
        "end-phase": lambda: campaign_steps.end_phase(game, step.get("result", "")),
    }
    if do not in actions:
        raise CaseError(f"unknown step '{do}'; use one of {', '.join(actions)}")
    actions[do]()
    if game.dice.left:
        raise CaseError(f"{game.dice.left} scripted rolls of this step were never rolled; remove them or fix the step")


# --- expectations -------------------------------------------------------------------------------
def compare(game: Game, expect: dict) -> list[str]:
    s, out = game.state, []

    def check(label: str, expected: Any, actual: Any) -> None:
        if expected != actual:
            out.append(f"{label}: expected {expected!r}, got {actual!r}")

    for key in set(expect) - EXPECT_KEYS:
        out.append(f"expect: unknown key '{key}'; use {', '.join(sorted(EXPECT_KEYS))}")
    for cid, fields in (expect.get("characters") or {}).items():
        c = s.characters.get(cid)
        if c is None:
            out.append(f"characters.{cid}: no such character")
            continue
        actual = {
            "at": c.square,
            "health": c.damage + 1,
            "unconscious": c.unconscious,
            "dead": c.dead,
            "left": c.left,
            "items": sorted(h.card for h in c.items),
            "kerosene": c.kerosene,
        }
        for key, value in fields.items():
            if key == "health" and isinstance(value, str):
                value = _health(value, game.rules) + 1
            if key == "dial":
                for card, dial in value.items():
                    h = c.held(card)
                    check(f"characters.{cid}.dial.{card}", dial, h.dial if h else None)
            elif key == "stack":
                for card, cards in value.items():
                    h = c.held(card)
                    check(f"characters.{cid}.stack.{card}", sorted(cards), sorted(h.cards()) if h else None)
            elif key == "items":
                check(f"characters.{cid}.items", sorted(value), actual["items"])
            elif key not in actual:
                out.append(f"characters.{cid}: unknown field '{key}'; use {', '.join(actual)}, dial, stack")
            else:
                check(f"characters.{cid}.{key}", value, actual[key])
    for eid, fields in (expect.get("enemies") or {}).items():
        e = s.enemies.get(eid)
        if fields == "defeated" or fields is None:
            check(f"enemies.{eid}", "defeated", "defeated" if e is None else f"standing in {e.square}")
            continue
        if e is None:
            out.append(f"enemies.{eid}: it was defeated, expected {fields}")
            continue
        for key, value in fields.items():
            check(f"enemies.{eid}.{key}", value, {"at": e.square, "wounds": e.wounds, "type": e.type}.get(key))
    if "enemy-count" in expect:
        check("enemy-count", dict(expect["enemy-count"]), dict(Counter(e.type for e in s.enemies.values())))
    if "corpses" in expect:
        check("corpses", dict(expect["corpses"] or {}), {k: v for k, v in s.corpses.items() if v})
    for did, state in (expect.get("doors") or {}).items():
        door = s.board.doors.get(did)
        check(f"doors.{did}", state, door.state if door else None)
    pairs: tuple[tuple[str, Any], ...] = (
        ("result", s.result),
        ("player", s.player),
        ("phase", s.phase),
        ("actions-left", game.actions_left()),
        ("ink-ribbons", s.ink_ribbons),
        ("typewriters", s.typewriters),
        ("danger", s.campaign.danger),
        ("crimson-heads-added", s.campaign.crimson_heads_added),
        ("campaign-lost", s.campaign.lost),
        ("item-box", sorted(h.card for h in s.campaign.item_box)),
        ("lasting", [x["card"] for x in s.lasting]),
        ("item-tokens", s.item_tokens),
        ("unexplored", s.unexplored),
        ("kerosene", {k: v for k, v in s.kerosene.items() if v}),
        ("reserve", {r.id: r.wounds for r in s.campaign.reserve.values()}),
        ("off-board", sorted(s.off_board)),
        ("elevator", s.elevator),
        ("removed", s.campaign.removed),
        ("narrative-tokens", s.narrative_tokens),
    )
    for key, actual in pairs:
        if key in expect:
            want = sorted(expect[key]) if key == "item-box" else expect[key]
            check(key, want, actual)
    for deck, want in (expect.get("decks") or {}).items():
        have = s.decks.get(deck, [])
        check(f"decks.{deck}", want, len(have) if isinstance(want, int) else have)
    for deck, want in (expect.get("discards") or {}).items():
        have = s.discards.get(deck, [])
        check(f"discards.{deck}", want, len(have) if isinstance(want, int) else have)
    names = Counter(e["event"] for e in s.events)
    for name in _list(expect.get("events-include")):
        if not names[name]:
            out.append(f"events-include: no '{name}' event happened")
    for name in _list(expect.get("events-exclude")):
        if names[name]:
            out.append(f"events-exclude: a '{name}' event happened")
    for wanted in _list(expect.get("events")):
        if not any(all(e.get(k) == v for k, v in wanted.items()) for e in s.events):
            similar = [e for e in s.events if e["event"] == wanted.get("event")]
            out.append(f"events: no event matches {wanted}; the {wanted.get('event')} events were {similar}")
    for frm, targets in (expect.get("line-of-sight") or {}).items():
        for to, seen in targets.items():
            check(f"line-of-sight.{frm}.{to}", seen, s.board.sees(frm, to))
    for frm, squares in (expect.get("moves-from") or {}).items():
        check(f"moves-from.{frm}", sorted(squares), sorted(s.board.neighbours(frm)))
    for tile, tiles in (expect.get("linked-tiles") or {}).items():
        check(
            f"linked-tiles.{tile}",
            sorted(tiles),
            sorted(s.board.linked_tiles(tile, chain=game.rules.linked_tiles_chain)),
        )
    return out


# --- the shared runner's side (generator/scenarios/runner.py) ---------------------------------------
def read_scenarios(
    path: Path,
    model: Any = None,
    root: Path = PROJECT_ROOT,
    *,
    editions: list[str] | None = None,
    sources: dict | None = None,
    refused: list[str] | None = None,
) -> tuple[list[dict], list]:
    """A scenario file's cases and every error in it, with positions (the ids, cards and bounds
    of the rules are checked when the model is given; the edition and the cited sources when
    those are given; `refused` receives the ids of the cases with errors)."""
    return read_scenario_file(
        path,
        display(path, root),
        FORMAT,
        path.parent.parent.name,
        model,
        editions=editions,
        sources=sources,
        refused=refused,
    )


# A value of the wrong kind the format would have refused: said as the error it is, never a traceback.
INPUT_ERRORS = (KeyError, ValueError, TypeError, AttributeError, IndexError)


class _Hooks:
    """How the shared scenario runner builds, steps and checks a Resident Evil case."""

    case_keys = FORMAT.all_case_keys
    format = FORMAT

    def build(self, case: dict, model: Any) -> Game:
        try:
            return build_game(case, model.rules, model.cards)
        except INPUT_ERRORS as error:
            if isinstance(error, ScenarioError):
                raise
            raise CaseError(f"{type(error).__name__}: {error}") from error

    def apply_step(self, game: Game, step: dict) -> None:
        try:
            apply_step(game, step)
        except INPUT_ERRORS as error:
            if isinstance(error, ScenarioError):
                raise
            raise CaseError(f"{type(error).__name__}: {error}") from error

    def compare(self, game: Game, expect: dict) -> list[str]:
        return compare(game, expect)

    def leftovers(self, game: Game) -> list[str]:
        return []  # each step checks that its scripted rolls were all rolled

    def events(self, game: Game) -> list[dict]:
        return game.state.events

    def snapshot(self, game: Game) -> State:
        return snapshot(game.state)


HOOKS = _Hooks()
