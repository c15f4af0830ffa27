"""Resident Evil scenarios: a case's keys as tables (scenario_format.py), its ids and the checks
across keys (scenario_case.py, scenario_checks.py, case_bounds.py), and here how a case becomes a
game and what a session shows.

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
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.core.dice import ScriptedRolls
from generator.core.grid import parse_grid
from generator.errors import ScenarioError
from generator.scenarios.case import listed, mapping
from generator.scenarios.game import Scenarios
from generator.scenarios.setup import copy_keys

from . import campaign as campaign_steps
from . import cards as card_specs
from . import scenario_checks
from .data import Model
from .engine import Game
from .events import EVENT_FIELDS, STAMP
from .rules import Rules
from .scenario_case import IDS, ResidentEvilCase
from .scenario_format import ACTIONS, BOUNDS, CASE_KEYS, EXPECT, STEP_KEYS, TURN_FIELDS, health_box
from .state import Campaign, Character, Enemy, Held, MapCard, Puzzle, Reserve, State


class ResidentEvilScenarios(Scenarios[Model, Game, ResidentEvilCase]):
    case_keys = CASE_KEYS
    required = {
        "map": "draw the squares (see the README of scenarios/)",
        "characters": "the characters of the case, each with at, evade-dice and inventory",
    }
    actions = ACTIONS
    step_keys = STEP_KEYS
    expect = EXPECT
    ids = IDS
    case_view = ResidentEvilCase
    turn_fields = TURN_FIELDS
    bounds = BOUNDS
    event_fields = {kind: (*fields, *STAMP) for kind, fields in EVENT_FIELDS.items()}
    piles = True
    example_step = "{who: jill, do: move, to: b2}"

    def check_case(self, view: ResidentEvilCase) -> None:
        scenario_checks.check_case(view)

    def build(self, case: dict, rules: Model) -> Game:
        return build_game(case, rules.rules, rules.cards, rules.reserve_only)

    def turn(self, session: Game) -> Mapping[str, object]:
        s = session.state
        return {"player": s.player, "phase": s.phase, "actions-left": session.actions_left()}

    def before_step(self, session: Game, step: dict) -> None:
        session.choices = dict(step.get("choose") or {})
        session.dice = ScriptedRolls([listed(r) for r in step.get("dice") or []])

    def after_step(self, session: Game, step: dict) -> None:
        if isinstance(session.dice, ScriptedRolls) and session.dice.left:
            raise ScenarioError(
                f"{session.dice.left} scripted rolls of this step were never rolled; remove them or fix the step"
            )

    def decks(self, session: Game) -> Mapping[str, list]:
        return session.state.decks

    def discards(self, session: Game) -> Mapping[str, list]:
        return session.state.discards


HOOKS = ResidentEvilScenarios()


# Card kinds by how their profile is read (any other kind is an item).
PROFILES = {
    "enemy": card_specs.enemy,
    "encounter": lambda cid, body, faces: card_specs.encounter(cid, body),
    "narrative": lambda cid, body, faces: card_specs.encounter(cid, body),
    "behaviour": lambda cid, body, faces: card_specs.behaviour(cid, body),
    "tension": lambda cid, body, faces: card_specs.tension(cid, body),
}
# The case keys the state, a character and the campaign take as they are (generator/scenarios/setup.py).
STATE_KEYS = (
    *("tutorial", "mode", "seed", "supply", "start-squares", "corpses", "kerosene", "unexplored", "off-board"),
    *("typewriters", "item-boxes", "exits", "narrative-tokens", "exploration", "spawn-squares", "decks", "discards"),
)
CHARACTER_KEYS = ("unconscious", "dead", "kerosene", "kerosene-max")
CAMPAIGN_KEYS = ("scenario", "replay", "completion-tokens", "danger", "crimson-heads-added")


def card_table(rules: Rules, *specs: dict | None) -> dict[str, Any]:
    """Card profiles by id from the given spec mappings, later ones overriding earlier ones."""
    faces = set(rules.attack_die.faces)
    merged = {cid: body or {} for spec in specs for cid, body in (spec or {}).items()}
    return {cid: PROFILES.get(str(body.get("kind")), card_specs.item)(cid, body, faces) for cid, body in merged.items()}


# The file's check cards as profiles, made once per model: every case of a game starts from the
# same cards, and making them anew for each case was most of the time a case took to play.
# Profiles are frozen, so the cases share them. Keyed by the mapping's identity (kept alive here).
_FILE_TABLES: dict[int, tuple[dict, Rules, dict[str, Any]]] = {}


def _file_table(rules: Rules, file_cards: dict | None) -> dict[str, Any]:
    if not file_cards:
        return {}
    kept = _FILE_TABLES.get(id(file_cards))
    if kept is None or kept[0] is not file_cards or kept[1] is not rules:
        if len(_FILE_TABLES) > 16:  # a few models per process (a test may make its own)
            _FILE_TABLES.clear()
        kept = (file_cards, rules, card_table(rules, file_cards))
        _FILE_TABLES[id(file_cards)] = kept
    return kept[2]


def _held(entry: str | dict, table: dict) -> Held:
    """A card id (a weapon's dial full), {card: dial} or {card: {dial, stack, overlay}}."""
    if isinstance(entry, str):
        item = table.get(entry)
        return Held(entry, dial=item.weapon.capacity if isinstance(item, card_specs.Item) and item.weapon else None)
    ((card, value),) = entry.items()
    if isinstance(value, int):
        return Held(card, dial=value)
    return Held(card, dial=value.get("dial"), stack=list(value.get("stack") or []), overlay=value.get("overlay"))


def build_game(
    case: dict, rules: Rules, file_cards: dict | None = None, reserve_only: frozenset[str] = frozenset()
) -> Game:
    """A game in the state the case describes (its values fit the format); `reserve_only` names the
    characters whose role (characters.yaml) keeps them in the reserve."""
    table = {**_file_table(rules, file_cards), **card_table(rules, case.get("cards"))}
    board = parse_grid(case["map"], case.get("doors"))
    characters = {
        cid: _character(cid, spec or {}, rules, table) for cid, spec in mapping(case.get("characters")).items()
    }
    players = list(case.get("players") or characters)
    state = State(board, characters, players)
    copy_keys(case, state, STATE_KEYS)
    for eid, spec in mapping(case.get("enemies")).items():
        state.enemies[eid] = Enemy(eid, spec["type"], spec["at"], int(spec.get("wounds", 0)))
    _board_pieces(case, state)
    state.ink_ribbons = (
        case["ink-ribbons"] if "ink-ribbons" in case else _ink_ribbons(rules, len(characters), state.mode)
    )
    state.campaign = _campaign(mapping(case.get("campaign")), table, reserve_only)
    state.puzzles = {
        pid: Puzzle(pid, list(spec.get("blocks") or []), int(spec["track"]), int(spec.get("marker", 0)))
        for pid, spec in mapping(case.get("puzzles")).items()
    }
    turn = mapping(case.get("turn"))
    if turn.get("player"):
        state.turn = players.index(turn["player"])
    else:  # the first player still in the game (a character may start dead)
        state.turn = next((i for i, p in enumerate(players) if characters[p].in_play), 0)
    state.phase = turn.get("phase", "action")
    if any(c.dead for c in characters.values()):
        state.result = "failed"  # a death fails the scenario: a case that starts after one starts there
    state.actions_used = int(turn.get("actions-used", 0))
    return Game(rules, table, state)


def _character(cid: str, spec: dict, rules: Rules, table: dict) -> Character:
    character = Character(cid, spec["at"], int(spec["evade-dice"]), int(spec["inventory"]))
    character.damage = health_box(spec.get("health"), rules.health_steps) - 1  # Fine is no damage
    character.items = [_held(x, table) for x in spec.get("items") or []]
    copy_keys(spec, character, CHARACTER_KEYS)
    return character


def _board_pieces(case: dict, state: State) -> None:
    """What needs more than a copy: the elevator, stairwell pairs, item tokens, the Item C deck."""
    if case.get("elevator"):
        state.elevator = case["elevator"]["at"]
        state.shafts = list(case["elevator"].get("shafts") or [])
    state.item_tokens = {sq: list(listed(v)) for sq, v in mapping(case.get("item-tokens")).items()}
    for a, b in case.get("stairs") or []:
        state.stairs[a], state.stairs[b] = b, a
    if case.get("item-c"):
        state.decks["item-c"] = campaign_steps.item_c_deck(case["item-c"], int(case.get("seed", 0)))


def _campaign(camp: dict, table: dict, reserve_only: frozenset[str]) -> Campaign:
    campaign = Campaign(danger_last=camp.get("last"))
    copy_keys(camp, campaign, CAMPAIGN_KEYS)
    campaign.map_cards = {
        mid: MapCard(mid, list(mapping(spec).get("unlocks-with") or []))
        for mid, spec in mapping(camp.get("map")).items()
    }
    campaign.danger_levels = {int(k): int(v) for k, v in mapping(camp.get("levels")).items()}
    campaign.item_box = [_held(x, table) for x in camp.get("item-box") or []]
    campaign.reserve = {
        rid: Reserve(
            rid,
            int(r.get("evade-dice", 1)),
            int(r.get("inventory", 1)),
            int(r.get("kerosene-max", 0)),
            int(r.get("wounds", 0)),
            bool(r.get("reserve-only")) or rid in reserve_only,
        )
        for rid, r in mapping(camp.get("reserve")).items()
    }
    return campaign


def _ink_ribbons(rules: Rules, party: int, mode: str) -> int:
    if mode == "easy" and "easy-ink-ribbons-per-character" in rules.modes:
        return rules.modes["easy-ink-ribbons-per-character"] * party
    return rules.ink_ribbons_small_party if party <= rules.small_party_max else rules.ink_ribbons_large_party
