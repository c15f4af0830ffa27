"""Zombicide scenarios: a case's keys as tables (scenario_format.py), what the rules bound across
them (scenario_checks.py), and here how a case becomes a game and what a session shows.

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
"""

from __future__ import annotations

import dataclasses
from typing import Mapping

from generator.core.dice import ScriptedDice, SeededDice
from generator.core.events import NotAllowed
from generator.core.phases import Turn
from generator.games.zombicide import scenario_checks
from generator.games.zombicide.board import Board, door_id, parse_map
from generator.games.zombicide.engine import Game
from generator.games.zombicide.events import EVENT_FIELDS, STAMP
from generator.games.zombicide.rules import PARAMETERS, Rules
from generator.games.zombicide.rules import convert_value as convert_parameter
from generator.games.zombicide.scenario_checks import ZombicideCase
from generator.games.zombicide.scenario_format import ACTIONS, BOUNDS, CASE_KEYS, EXPECT, IDS, STEP_KEYS, TURN_FIELDS
from generator.games.zombicide.state import PLAYERS, Car, Item, State, Survivor
from generator.games.zombicide.strategies import WOUNDED
from generator.scenarios.case import listed, mapping
from generator.scenarios.game import Scenarios
from generator.scenarios.setup import copy_keys

# --- building the game ---------------------------------------------------------------------
# The case keys the state takes as they are (generator/scenarios/setup.py).
STATE_KEYS = ("noise", "spawn-zones", "equipment-deck", "equipment-discard", "pimp-weapons", "turn-order")
SURVIVOR_KEYS = ("skills", "xp", "wounds", "kid", "dead", "actions-used", "searched", "skill-values")


def build_game(case: dict, rules: Rules) -> Game:
    """A game in the state the case describes (its values fit the format)."""
    board = _board(case)
    rules = with_supply(mission_rules(rules, case.get("mission") or {}), case.get("supply"))
    survivors = {sid: _survivor(sid, spec or {}, rules) for sid, spec in (case.get("survivors") or {}).items()}
    state = State(board=board, survivors=survivors)
    _zombies(case, state)
    copy_keys(case, state, STATE_KEYS)
    objectives = case.get("objectives") or {}
    state.objectives = dict.fromkeys(objectives) if isinstance(objectives, list) else dict(objectives)
    state.start_zone = case.get("start")
    state.zombie_cards = [scenario_checks.zombie_card(c) for c in case.get("zombie-cards") or []]
    _cars(case, state)
    turn = case.get("turn") or {}
    state.turn = Turn(turn.get("round", 1), turn.get("phase", PLAYERS), turn.get("player"))
    dice = SeededDice(case["seed"]) if "seed" in case else ScriptedDice(list(case.get("dice") or []))
    return Game(rules, state, dice, shuffle_seed=case.get("seed", 0))


def _board(case: dict) -> Board:
    board = parse_map(case["map"])
    for did, color in (case.get("door-colors") or {}).items():
        board.doors[door_id(*did.split("/"))].color = color
    board.set_tiles(case.get("tiles") or {}, case.get("manholes") or [])
    return board


def _zombies(case: dict, state: State) -> None:
    for zone, counts in (case.get("zombies") or {}).items():
        for ztype, n in counts.items():
            for _ in range(n):
                state.add_zombie(ztype, zone)


def _cars(case: dict, state: State) -> None:
    """The case's cars, with the survivors who sit in them."""
    for cid, spec in (case.get("cars") or {}).items():
        state.cars[cid] = Car(cid, spec["at"], [None] * (scenario_checks.seats(spec) or 0), spec.get("kind", "car"))
    for s in state.survivors.values():
        if s.car:
            state.cars[s.car].seats[s.seat or 0] = s.id


def mission_rules(rules: Rules, switches: dict) -> Rules:
    """A mission's switches are the edition's parameters set otherwise (`mission: {car-rules: false}`)."""
    changes = {}
    for pid, value in switches.items():
        name, kind, _ = PARAMETERS[pid]
        changes[name] = convert_parameter(value, kind)
    return dataclasses.replace(rules, **changes) if changes else rules


def with_supply(rules: Rules, supply: dict | None) -> Rules:
    """The case's own supply over the edition's (a count that did not fit, None, is left out)."""
    own = {ztype: count for ztype, count in mapping(supply).items() if count is not None}
    return dataclasses.replace(rules, zombie_supply={**rules.zombie_supply, **own}) if own else rules


def survivors_at_start(case: dict, rules: Rules) -> Game:
    """The case's survivors as a game starts them, under the case's supply and on no board: the
    checks across keys ask the engine what each holds, may do and carries, as play will (a value
    that did not fit, None, is left out)."""
    survivors = {sid: _survivor(sid, spec, rules) for sid, spec in mapping(case.get("survivors")).items() if spec}
    state = State(board=Board({}, {}, {}, {}), survivors=survivors)
    return Game(with_supply(rules, case.get("supply")), state, ScriptedDice([]))


def _survivor(sid: str, spec: dict, rules: Rules) -> Survivor:
    hands, backpack = _cards_held(spec, rules)
    s = Survivor(sid, spec.get("at") or "", hands, backpack)
    s.level_skills = {lv: listed(sk) for lv, sk in (spec.get("level-skills") or {}).items()}
    copy_keys(spec, s, SURVIVOR_KEYS)  # a case may start in the middle of the survivor's turn
    s.played = s.actions_used > 0 or bool(spec.get("played"))
    if spec.get("car"):
        s.car, s.seat = spec["car"], spec.get("seat", 0)
    return s


def _cards_held(spec: dict, rules: Rules) -> tuple[list[Item | None], list[Item]]:
    """Hands (every slot, empty ones None) and backpack, with the weapons still to reload and
    the Wounded cards that wounds put in the backpack where they take slots."""
    hands: list[Item | None] = [Item(n) if n else None for n in spec.get("hands") or []]
    hands += [None] * (rules.hand_slots - len(hands))
    backpack = [Item(n) for n in spec.get("backpack") or []]
    for name in spec.get("unloaded") or []:
        weapon = next((i for i in hands if i is not None and i.name == name and i.loaded), None)
        if weapon is not None:  # else the case is refused (scenario_checks.py)
            weapon.loaded = False
    if rules.wounds_take_slots:
        wounded = sum(1 for i in [*hands, *backpack] if i and i.name == WOUNDED)
        backpack += [Item(WOUNDED)] * ((spec.get("wounds") or 0) - wounded)
    return hands, backpack


class ZombicideScenarios(Scenarios[Rules, Game, ZombicideCase]):
    case_keys = CASE_KEYS
    required = {"map": "draw the zones (see generator/games/zombicide/board.py)"}
    actions = ACTIONS
    step_keys = STEP_KEYS
    expect = EXPECT
    ids = IDS
    case_view = ZombicideCase
    turn_fields = TURN_FIELDS
    bounds = BOUNDS
    example_step = "{who: amy, do: move, to: b}"
    event_fields = {kind: (*fields, *STAMP) for kind, fields in EVENT_FIELDS.items()}

    def check_case(self, view: ZombicideCase) -> None:
        start = survivors_at_start(view.case, view.rules) if view.rules is not None else None
        scenario_checks.check_case(view, start)

    def build(self, case: dict, rules: Rules) -> Game:
        return build_game(case, rules)

    def apply_step(self, session: Game, step: dict) -> None:
        """A step the rules refuse leaves the turn as it was (Game.refused)."""
        session.before_action = None
        try:
            super().apply_step(session, step)
        except NotAllowed:
            session.refused()
            raise

    def turn(self, session: Game) -> Mapping[str, object]:
        turn = session.state.turn
        return {"round": turn.round, "phase": turn.phase, "player": turn.player}

    def leftovers(self, session: Game) -> list[str]:
        out = []
        if isinstance(session.dice, ScriptedDice) and session.dice.left:
            out.append(f"{session.dice.left} scripted dice were never rolled; remove them or fix the case")
        if session.state.zombie_cards:
            out.append(f"{len(session.state.zombie_cards)} zombie cards were never drawn")
        return out


HOOKS = ZombicideScenarios()
