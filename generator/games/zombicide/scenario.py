"""Zombicide scenarios: how a case builds a game, applies a step and checks an expectation.

One format serves tests, FAQ checks and worked examples. A scenario file:

    edition: zombicide-1          # the rules the cases run under
    cases:
      - id: move-costs-extra-per-zombie        # kebab-case, unique in the file
        rule: "z1-ja-digest § プレイヤーフェイズ"  # the rule it checks (source § section)
        map: |                                   # text map, see board.py
          a . b
        survivors: {amy: {at: a, hands: [crowbar]}}
        zombies: {a: {walker: 1}}
        dice: [4, 5]                              # scripted dice, in rolling order
        actions:
          - {who: amy, do: move, to: b}
        expect:
          survivors: {amy: {at: b, actions-left: 1}}

A step that the rules refuse names the reason: `- {who: amy, do: search, not-allowed: search-with-zombies}`.
What a case may say is checked before it runs (scenario_format.py, scenario_ids.py): the engine
only meets values of the right kind, size and ids.
Public: load_scenarios, run_case, apply_step, format_trace, rules_for_edition.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from typing import Any

from generator.core.dice import ScriptedDice, SeededDice
from generator.core.phases import Turn
from generator.core.snapshots import snapshot
from generator.errors import DataErrors, GeneratorError, ScenarioError
from generator.games.zombicide.board import door_id, parse_map
from generator.games.zombicide.engine import Game
from generator.games.zombicide.rules import PARAMETERS, Rules
from generator.games.zombicide.rules import convert_value as convert_parameter
from generator.games.zombicide.scenario_format import FORMAT, SURVIVOR_KEYS
from generator.games.zombicide.state import PHASES, PLAYERS, Car, Item, State, Survivor, Zombie, ZombieCard
from generator.load.files import display as relative
from generator.scenarios import runner
from generator.scenarios.reading import read_scenario_file
from generator.scenarios.runner import Result, format_trace, scenario_files

__all__ = [
    "CASE_KEYS",
    "FORMAT",
    "HOOKS",
    "SURVIVOR_KEYS",
    "Result",
    "ScenarioError",
    "apply_step",
    "build_game",
    "compare",
    "format_trace",
    "load_scenarios",
    "rules_for_edition",
    "run_case",
    "scenario_files",
]

PROJECT_ROOT = Path(__file__).resolve().parents[3]


def read_scenarios(
    path: Path,
    rules: Rules | None = None,
    root: Path = PROJECT_ROOT,
    *,
    editions: list[str] | None = None,
    sources: dict | None = None,
    refused: list[str] | None = None,
) -> tuple[list[dict], list]:
    """A scenario file's cases and every error in it, with positions (ids and bounds are checked
    against the rules when given; the edition and the cited sources when those are given;
    `refused` receives the ids of the cases with errors)."""
    return read_scenario_file(
        path,
        relative(path, root),
        FORMAT,
        path.parent.parent.name,
        rules,
        editions=editions,
        sources=sources,
        refused=refused,
    )


def load_scenarios(path: Path | str, rules: Rules | None = None) -> list[dict]:
    """The cases of one scenario file; raises DataErrors listing every problem in it."""
    cases, errors = read_scenarios(Path(path), rules)
    if errors:
        raise DataErrors(errors)
    return cases


def rules_for_edition(edition: str, root: Path = PROJECT_ROOT) -> Rules:
    """The edition's Rules, from the project's loaded and checked data (equipment.yaml included)."""
    from generator.games import rules_for

    return rules_for(edition, root)


def run_case(case: dict, rules: Rules) -> Result:
    return runner.run_case(case, rules, HOOKS)


# --- building the game ---------------------------------------------------------------------
def build_game(case: dict, rules: Rules) -> Game:
    board = parse_map(case["map"])
    for did, color in (case.get("door-colors") or {}).items():
        a, _, b = did.partition("/")
        door = board.doors.get(door_id(a, b))
        if door is None:
            raise ScenarioError(f"door-colors names '{did}', which is not a door on the map")
        door.color = color
    board.set_tiles(case.get("tiles") or {}, case.get("manholes") or [])
    rules = mission_rules(rules, case.get("mission") or {})
    if case.get("supply"):
        rules = dataclasses.replace(rules, zombie_supply={**rules.zombie_supply, **case["supply"]})
    survivors = {sid: _survivor(sid, spec or {}, rules, board) for sid, spec in (case.get("survivors") or {}).items()}
    state = State(board=board, survivors=survivors)
    for zone, counts in (case.get("zombies") or {}).items():
        _known_zone(board, zone)
        for ztype, n in counts.items():
            if ztype not in rules.zombies:
                raise ScenarioError(f"unknown zombie type '{ztype}'; {rules.edition} has {', '.join(rules.zombies)}")
            for _ in range(n):
                state.zombies.append(Zombie(state.next_uid, ztype, zone))
                state.next_uid += 1
    state.noise.update({_known_zone(board, z): n for z, n in (case.get("noise") or {}).items()})
    objectives = case.get("objectives") or {}
    state.objectives = dict.fromkeys(objectives) if isinstance(objectives, list) else dict(objectives)
    state.spawn_zones = [_known_zone(board, z) for z in case.get("spawn-zones") or []]
    state.start_zone = case.get("start")
    state.zombie_cards = [_zombie_card(c, rules) for c in case.get("zombie-cards") or []]
    state.equipment_deck = list(case.get("equipment-deck") or [])
    state.equipment_discard = list(case.get("equipment-discard") or [])
    state.pimp_weapons = list(case.get("pimp-weapons") or [])
    for cid, spec in (case.get("cars") or {}).items():
        car = Car(cid, _known_zone(board, spec["at"]), [None] * spec.get("seats", 4), spec.get("kind", "car"))
        state.cars[cid] = car
    for s in survivors.values():
        if s.car:
            seated = state.cars.get(s.car)
            if seated is None or not 0 <= (s.seat or 0) < len(seated.seats):
                raise ScenarioError(f"{s.id} sits in seat {s.seat} of car '{s.car}', which the case's cars do not have")
            seated.seats[s.seat or 0] = s.id
    turn = case.get("turn") or {}
    state.turn = Turn(turn.get("round", 1), turn.get("phase", PLAYERS), turn.get("player"))
    if state.turn.phase not in PHASES:
        raise ScenarioError(f"turn.phase '{state.turn.phase}' is not a phase; use {', '.join(PHASES.phases)}")
    dice = SeededDice(case["seed"]) if "seed" in case else ScriptedDice(list(case.get("dice") or []))
    return Game(rules, state, dice, shuffle_seed=case.get("seed", 0))


def mission_rules(rules: Rules, switches: dict) -> Rules:
    """A mission's switches are the edition's parameters set otherwise (`mission: {car-rules: false}`)."""
    changes = {}
    for pid, value in switches.items():
        if pid not in PARAMETERS:
            raise ScenarioError(f"mission switch '{pid}' is not a rules parameter")
        name, kind, _ = PARAMETERS[pid]
        changes[name] = convert_parameter(value, kind)
    return dataclasses.replace(rules, **changes) if changes else rules


def _known_zone(board, zone: str) -> str:
    if zone not in board.zones:
        raise ScenarioError(f"zone '{zone}' is not on the map")
    return zone


def _survivor(sid: str, spec: dict, rules: Rules, board) -> Survivor:
    hands = [Item(n) if n else None for n in spec.get("hands") or []]
    hands += [None] * (rules.hand_slots - len(hands))
    backpack = [Item(n) for n in spec.get("backpack") or []]
    for item in [*hands, *backpack]:
        if item is not None:
            rules.card(item.name)  # unknown cards fail early
    for name in spec.get("unloaded") or []:
        held = [i for i in hands if i is not None and i.name == name and i.loaded]
        if not held:
            raise ScenarioError(f"unloaded names '{name}', which {sid} does not hold in hand (or not that often)")
        held[0].loaded = False
    wounds = spec.get("wounds", 0)
    if rules.wounds_take_slots:
        backpack += [Item("wounded")] * (wounds - sum(1 for i in [*hands, *backpack] if i and i.name == "wounded"))
    level_skills = {
        lv: ([sk] if isinstance(sk, str) else list(sk)) for lv, sk in (spec.get("level-skills") or {}).items()
    }
    s = Survivor(
        sid,
        _known_zone(board, spec.get("at", "")),
        hands,
        backpack,
        skills=set(spec.get("skills") or []),
        level_skills=level_skills,
        xp=spec.get("xp", 0),
        wounds=wounds,
        kid=bool(spec.get("kid")),
        dead=bool(spec.get("dead")),
    )
    # A case may start in the middle of the survivor's turn.
    s.actions_used = spec.get("actions-used", 0)
    s.searched = bool(spec.get("searched"))
    s.played = s.actions_used > 0 or bool(spec.get("played"))
    if spec.get("car"):
        s.car, s.seat = spec["car"], spec.get("seat", 0)
    return s


def _zombie_card(spec: Any, rules: Rules) -> ZombieCard:
    """{walker: 2} | {spawn|rush|manhole: counts or {level: counts}} | {extra-activation: type}."""
    if not isinstance(spec, dict) or not spec:
        raise ScenarioError(
            f"a zombie card is a mapping such as {{walker: 2}} or {{extra-activation: runner}}, found {spec!r}"
        )
    if "extra-activation" in spec:
        return ZombieCard("extra-activation", activates=spec["extra-activation"])
    kind, counts = (
        next(iter(spec.items()))
        if len(spec) == 1 and next(iter(spec)) in ("spawn", "rush", "manhole")
        else ("spawn", spec)
    )
    levels = [lid for lid, _ in rules.levels]
    if all(k in levels for k in counts):
        return ZombieCard(kind, by_level={lv: dict(c) for lv, c in counts.items()})
    return ZombieCard(kind, by_level={"*": dict(counts)})


# --- steps ---------------------------------------------------------------------------------
def _list(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def apply_step(game: Game, step: dict) -> None:
    do, who = step.get("do"), str(step.get("who") or "")
    actions = _actions(game, step, who)
    if do not in actions:
        raise ScenarioError(f"unknown action '{do}'; use one of {', '.join(actions)}")
    actions[do]()


def _actions(game: Game, step: dict, who: str) -> dict:
    """Each action a step may name, ready to run (FORMAT.actions declares each one's keys)."""
    return {
        "move": lambda: game.move(who, _list(step.get("to"))),
        "search": lambda: game.search(who, keep=step.get("keep"), hold_your_nose=step.get("hold-your-nose")),
        "open-door": lambda: game.open_door(who, step["to"], with_card=step.get("with")),
        "lock-door": lambda: game.lock_door(who, step["to"]),
        "trade": lambda: game.trade(who, step["with"], _list(step.get("give")), _list(step.get("take"))),
        "reorganize": lambda: game.reorganize(who, _list(step.get("hands")), _list(step.get("backpack"))),
        "discard": lambda: game.discard(who, step["card"]),
        "combine": lambda: game.combine(who, _list(step.get("cards"))),
        "noise": lambda: game.make_noise(who),
        "take-objective": lambda: game.take_objective(who),
        "attack": lambda: game.attack(
            who,
            step["weapon"],
            at=step.get("at"),
            mode=step.get("mode"),
            dual=step.get("dual"),
            assign=_list(step.get("assign")),
            survivors=_list(step.get("survivors")),
            rerolls=_list(step.get("reroll")),
            reroll_below=step.get("reroll-below"),
            zombie_dice=bool(step.get("zombie-dice")),
        ),
        "reload": lambda: game.reload(who, step["weapon"]),
        "medic": lambda: game.medic(who, step["target"]),
        "loud": lambda: game.loud(who),
        "born-leader": lambda: game.born_leader(who, step["target"]),
        "get-in": lambda: game.get_in(who, step["car"], step.get("seat")),
        "get-out": lambda: game.get_out(who),
        "change-seat": lambda: game.change_seat(who, step["seat"]),
        "drive": lambda: game.drive(who, _list(step.get("to"))),
        "charge": lambda: game.charge(who, _list(step.get("to"))),
        "jump": lambda: game.jump(who, _list(step.get("to"))),
        "shove": lambda: game.shove(who, step["to"]),
        "zombie-phase": lambda: game.zombie_phase(_zombie_choices(step), spawn=step.get("spawn", True)),
        "spawn": lambda: _spawn(game),
        "end-phase": lambda: game.end_phase(),
    }


def _spawn(game: Game) -> None:
    from generator.games.zombicide import zombie_phase

    zombie_phase.spawn_step(game)


def _zombie_choices(step: dict) -> dict:
    return {
        key: {k: _list(v) if key != "abomination" else v for k, v in (step.get(key) or {}).items()}
        for key in ("attacks", "discard", "ignore-wound", "abomination", "split")
    }


# --- comparing -----------------------------------------------------------------------------
def compare(game: Game, expect: dict) -> list[str]:
    state, out = game.state, []

    def check(label: str, expected: Any, actual: Any) -> None:
        if expected != actual:
            out.append(f"{label}: expected {expected!r}, got {actual!r}")

    for sid, fields in (expect.get("survivors") or {}).items():
        s = state.survivors.get(sid)
        if s is None:
            out.append(f"survivors.{sid}: no such survivor")
            continue
        actual = {
            "at": s.zone,
            "wounds": s.wounds,
            "dead": s.dead,
            "xp": s.xp,
            "level": game.level(s),
            "actions-left": game.actions_left(s) if not s.dead else 0,
            "hands": [i.name if i else None for i in s.hands],
            "backpack": [i.name for i in s.backpack],
            "car": s.car,
            "seat": s.seat,
            "kills": dict(s.kills),
            "loaded": [i.name for i in s.hands if i and i.loaded],
        }
        for key, value in fields.items():
            if key == "has":
                for name in _list(value):
                    if not s.has_item(name):
                        out.append(f"survivors.{sid}.has: {sid} holds no '{name}'")
            elif key == "skills":
                missing = set(_list(value)) - game.skills(s)
                if missing:
                    out.append(f"survivors.{sid}.skills: missing {sorted(missing)}")
            elif key not in actual:
                out.append(f"survivors.{sid}: unknown field '{key}'; use {', '.join(actual)}, has, skills")
            else:
                check(f"survivors.{sid}.{key}", value, actual[key])
    if "zombies" in expect:
        check("zombies", _normal(expect["zombies"]), state.zombie_counts())
    for zone, counts in (expect.get("zombies-in") or {}).items():
        check(f"zombies-in.{zone}", dict(counts or {}), state.zombie_counts().get(zone, {}))
    if "noise" in expect:
        check("noise", _normal(expect["noise"]), {z: n for z, n in state.noise.items() if n})
    for did, status in (expect.get("doors") or {}).items():
        a, _, b = did.partition("/")
        door = state.board.doors.get(door_id(a, b))
        check(f"doors.{did}", status, door.state if door else None)
    if "danger-level" in expect:
        check("danger-level", expect["danger-level"], game.danger_level())
    for key, value in (expect.get("turn") or {}).items():
        check(f"turn.{key}", value, getattr(state.turn, key, None))
    for zone, zones in (expect.get("line-of-sight") or {}).items():
        if zone not in state.board.zones:
            out.append(f"line-of-sight.{zone}: no such zone")
            continue
        seen = set(state.board.line_of_sight(zone)) - {zone}
        check(f"line-of-sight.{zone}", sorted(zones or []), sorted(seen))
    for zone, ranges in (expect.get("ranges") or {}).items():
        if zone not in state.board.zones:
            out.append(f"ranges.{zone}: no such zone")
            continue
        sight = state.board.line_of_sight(zone)
        for target, distance in ranges.items():
            check(f"ranges.{zone}.{target}", distance, sight.get(target))
    if "last-hits" in expect:
        hits = [e["hits"] for e in state.events if e["event"] == "hits"]
        check("last-hits", expect["last-hits"], hits[-1] if hits else None)
    if "equipment-deck" in expect:
        check("equipment-deck", list(expect["equipment-deck"]), state.equipment_deck)
    if "deck-excludes" in expect:
        present = sorted(set(expect["deck-excludes"]) & set(state.equipment_deck))
        check("deck-excludes (cards wrongly in the deck)", [], present)
    if "discard-pile" in expect:
        check("discard-pile", sorted(expect["discard-pile"]), sorted(state.equipment_discard))
    if "spawned-buildings" in expect:
        check("spawned-buildings", sorted(expect["spawned-buildings"]), sorted(state.spawned_buildings))
    for cid, fields in (expect.get("cars") or {}).items():
        car = state.cars.get(cid)
        if car is None:
            out.append(f"cars.{cid}: no such car")
            continue
        for key, value in (fields or {}).items():
            check(f"cars.{cid}.{key}", value, {"at": car.zone, "seats": car.seats}[key])
    names = Counter(e["event"] for e in state.events)
    for name in _list(expect.get("events-include")):
        if not names[name]:
            out.append(f"events-include: no '{name}' event happened")
    for name in _list(expect.get("events-exclude")):
        if names[name]:
            out.append(f"events-exclude: a '{name}' event happened")
    out += runner.compare_events(state.events, expect.get("events") or [])
    known = {
        "survivors",
        "zombies",
        "zombies-in",
        "noise",
        "doors",
        "danger-level",
        "line-of-sight",
        "ranges",
        "last-hits",
        "equipment-deck",
        "deck-excludes",
        "discard-pile",
        "spawned-buildings",
        "cars",
        "events-include",
        "events-exclude",
        "events",
        "turn",
    }
    for key in set(expect) - known:
        out.append(f"expect: unknown key '{key}'; use {', '.join(sorted(known))}")
    return out


def _normal(mapping: Any) -> dict:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in (mapping or {}).items() if v}


CASE_KEYS = FORMAT.all_case_keys


# --- the hooks the shared runner calls ---------------------------------------------------------
def _user_error(error: Exception) -> GeneratorError:
    """A Python error raised while a case plays, as the scenario error it is: its own words (a
    KeyError's message without the quotes str() adds), never the name of the Python class."""
    if isinstance(error, GeneratorError):
        return error
    words = str(error.args[0]) if error.args else ""
    return ScenarioError(words or f"the rules model cannot play this ({type(error).__name__}); check the case's ids")


class _Hooks:
    case_keys = CASE_KEYS
    format = FORMAT

    def build(self, case: dict, rules: Rules) -> Game:
        try:
            return build_game(case, rules)
        except (KeyError, ValueError, StopIteration) as error:
            raise _user_error(error) from error

    def apply_step(self, game: Game, step: dict) -> None:
        try:
            apply_step(game, step)
        except (RuntimeError, ValueError, KeyError) as error:
            raise _user_error(error) from error

    def compare(self, game: Game, expect: dict) -> list[str]:
        return compare(game, expect)

    def leftovers(self, game: Game) -> list[str]:
        out = []
        if isinstance(game.dice, ScriptedDice) and game.dice.left:
            out.append(f"{game.dice.left} scripted dice were never rolled; remove them or fix the case")
        if game.state.zombie_cards:
            out.append(f"{len(game.state.zombie_cards)} zombie cards were never drawn")
        return out

    def events(self, game: Game) -> list[dict]:
        return game.state.events

    def snapshot(self, game: Game) -> State:
        return snapshot(game.state)


HOOKS = _Hooks()
