"""What a Zombicide case may not say even when every value fits its shape and every id exists:
survivors alive with fewer wounds than kill, no more actions used than the turn gives, no more
cards than their slots hold, each one in a car sitting in a seat of their own where the car
stands; a weapon to reload held in hand; no more zombies than the box and the supply hold; and
a zombie phase's scripted routes that the phase could offer.

The case is read as the format's shapes read it (a value that did not fit is None, reported
already). The checks that need the rules (wounds, actions, slots, supply) wait for them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Collection

from generator.errors import MapError
from generator.games.zombicide.board import Board, door_id, parse_map
from generator.games.zombicide.engine import Game
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.skills import HOARD, STARTS_WITH_HEALTH
from generator.games.zombicide.state import Survivor, ZombieCard
from generator.load.yamlpos import Node
from generator.scenarios.case import CasePath, CaseView, listed, mapping
from generator.scenarios.report import Report

DEFAULT_SEATS = 4  # a car without `seats`
CARD_KINDS = ("spawn", "rush", "manhole")  # a card's kind, written as its only key
# A box holds tens of zombies of each type, about a hundred in all: a case's board holds at most
# this many, and its zombie cards bring at most as many more.
MAX_ZOMBIES = 200


class ZombicideCase(CaseView[Rules]):
    """A case with its map read (None when it cannot be; the map key says why)."""

    def __init__(self, case: dict, node: Node, report: Report, rules: Rules | None):
        super().__init__(case, node, report, rules)
        self.board: Board | None = None
        try:
            self.board = parse_map(case.get("map") or "")
        except MapError as error:
            report.at("map").error(self.place(("map",)), f"the map cannot be read: {error}")
        # car -> its seats (None when they are wrong, reported already)
        self.cars = {cid: seats(spec) for cid, spec in mapping(case.get("cars")).items()}

    def zones(self) -> frozenset[str] | None:
        return frozenset(self.board.zones) if self.board is not None else None

    def doors(self) -> frozenset[str] | None:
        """Each door of the map, by its two zones in either order."""
        if self.board is None:
            return None
        return frozenset(f"{a}/{b}" for door in self.board.doors.values() for a, b in (door.zones, door.zones[::-1]))


def seats(spec: dict | None) -> int | None:
    """A car's seats (None when the car did not fit)."""
    if spec is None:
        return None
    return spec["seats"] if "seats" in spec else DEFAULT_SEATS


def check_case(view: ZombicideCase, start: Game | None) -> None:
    """`start`: the survivors as a game starts them, under the case's supply (None without the rules)."""
    seated: dict[tuple[str, int], str] = {}
    for sid, spec in mapping(view.case.get("survivors")).items():
        if not spec:
            continue
        path = ("survivors", sid)
        if start is not None:
            survivor = start.state.survivors[sid]
            _alive(view, start, survivor, path)
            _actions(view, start, survivor, path)
            _backpack(view, start, survivor, spec, path)
        _car(view, sid, spec, seated, path)
        _unloaded(view, spec, path)
        _skill_values(view, sid, spec, path)
    on_board = _zombies_on_board(view)
    if start is not None:
        _supply(view, start.rules, on_board)
    _zombies_in_all(view, on_board.total())
    for path, step in view.steps():
        if step.get("do") == "zombie-phase":
            for key in ("abomination", "split"):
                for zone, to in mapping(step.get(key)).items():
                    _routes(view, zone, to, (*path, key, zone))


# What each skill with a blank names: the kind of id (or a number) the case gives it.
SKILL_VALUES = {
    "starts-with-equipment": "card",
    "brother-in-arms": "skill",
    "dreadnought": "zombie",
    "starts-with-health": "number",
}


def _skill_values(view: ZombicideCase, sid: str, spec: dict, path: CasePath) -> None:
    """Each value names what its skill's blank takes, for a skill the survivor holds."""
    held = set(spec.get("skills") or []) | {
        item for chosen in mapping(spec.get("level-skills")).values() for item in listed(chosen)
    }
    rules = view.rules
    for skill, value in mapping(spec.get("skill-values")).items():
        where = (*path, "skill-values", skill)
        kind = SKILL_VALUES.get(skill)
        if kind is None:
            view.refuse_key(where, f"'{skill}' has no blank to fill; skills with one: {', '.join(SKILL_VALUES)}")
        elif skill not in held:
            view.refuse_key(where, f"{sid} does not hold '{skill}'; give it in skills or level-skills first")
        elif (kind == "number") != isinstance(value, int):
            view.refuse(where, f"'{skill}' names {'a number' if kind == 'number' else 'a ' + kind + ' id'}")
        elif rules is not None and kind != "number" and value not in _ids_of(rules, kind):
            view.refuse(where, f"unknown {kind} '{value}' for '{skill}'")


def _ids_of(rules: Rules, kind: str) -> Collection[str]:
    return {"card": rules.equipment, "skill": rules.skill_models, "zombie": rules.zombies}[kind]


def _alive(view: ZombicideCase, game: Game, s: Survivor, path: CasePath) -> None:
    """A survivor with the wounds that kill is dead, and the case says so."""
    health, rules = game.health(s), game.rules
    if s.dead or s.wounds < health:
        return
    if health != rules.health(s.kid):
        why = f"its skill '{STARTS_WITH_HEALTH}' names {health}"
    elif rules.wounds_to_die:
        why = f"parameter 'wounds-to-die' is {rules.wounds_to_die}"
    else:
        who = "kid" if s.kid else "survivor"
        why = f"a {who}'s health, parameter 'health-{'kid' if s.kid else 'adult'}', is {health}"
    view.refuse(
        (*path, "wounds"),
        f"{s.id} has {s.wounds} wounds, which kill ({why}); give fewer than {health}, or write 'dead: true'",
    )


def _actions(view: ZombicideCase, game: Game, s: Survivor, path: CasePath) -> None:
    """No more actions used than the survivor's turn gives."""
    per_turn, levels, extra = game.turn_actions(s)
    total = per_turn + levels + extra
    if s.actions_used > total:
        parts = [f"parameter 'actions-per-turn' gives {per_turn}"]
        parts += [f"{levels} more for the levels reached in 'extra-action-levels'"] if levels else []
        parts += ["1 more for +1 Action"] if extra else []
        view.refuse(
            (*path, "actions-used"),
            f"{s.id} has {total} actions this turn ({'; '.join(parts)}), not {s.actions_used}: write at most {total}",
        )


def _backpack(view: ZombicideCase, game: Game, s: Survivor, spec: dict, path: CasePath) -> None:
    """The backpack holds its slots' cards (Hoard's slot only for a survivor with Hoard), and the
    Wounded cards of the survivor's wounds where wounds take slots (they go in the backpack)."""
    slots, rules = game.backpack_size(s), game.rules
    if spec.get("backpack") is None or len(s.backpack) <= slots:
        return
    hoard, wound_cards = HOARD in game.skills(s), len(s.backpack) - len(spec["backpack"])
    holds = f"{len(spec['backpack'])} cards" + (
        f" and {wound_cards} Wounded card(s) for the wounds" if wound_cards else ""
    )
    why = "parameter 'backpack-slots'" + (" and Hoard's" if hoard else "")
    more = f", or give {s.id} the skill '{HOARD}' ({rules.hoard_slots} more)" if not hoard and rules.hoard_slots else ""
    view.refuse(
        (*path, "backpack"),
        f"{s.id}'s backpack would hold {holds}, but it has {slots} slots ({why}): give fewer cards{more}",
    )


def _car(view: ZombicideCase, sid: str, spec: dict, seated: dict, path: CasePath) -> None:
    """A survivor in a car sits in one of its seats (0, the driver's, unless `seat` says), alone
    there, in the car's zone; a seat belongs to a car."""
    car, seat = spec.get("car"), spec.get("seat")
    if car is None:
        if seat is not None and "car" not in spec:
            view.refuse((*path, "seat"), f"a seat is in a car: give {sid} 'car' too, or remove 'seat'")
        return
    if car not in view.cars:
        return  # an unknown car: reported with the ids
    at, car_at = spec.get("at"), mapping(mapping(view.case.get("cars")).get(car)).get("at")
    if at is not None and car_at is not None and at != car_at:
        view.refuse(
            (*path, "at"), f"{sid} sits in car '{car}', which stands in {car_at}: write 'at: {car_at}', or move the car"
        )
    seats = view.cars[car]
    if seats is None or ("seat" in spec and seat is None):
        return  # the car's seats or the seat did not fit: reported already
    seat = seat or 0
    here = (*path, "seat" if "seat" in spec else "car")
    if seat >= seats:
        view.refuse(
            here,
            f"car '{car}' has {seats} seats (0 to {seats - 1}, 0 is the driver's); choose one of them "
            f"or give the car more seats",
        )
    elif (car, seat) in seated:
        unsaid = "" if "seat" in spec else " (without 'seat', a survivor sits in seat 0, the driver's)"
        view.refuse(
            here,
            f"seat {seat} of car '{car}' is {seated[(car, seat)]}'s already{unsaid}; give each "
            f"survivor a seat of their own",
        )
    else:
        seated[(car, seat)] = sid


def _unloaded(view: ZombicideCase, spec: dict, path: CasePath) -> None:
    """A weapon that waits for a reload is one the survivor holds in hand."""
    held = Counter(card for card in spec.get("hands") or [] if card is not None)
    for index, card in enumerate(listed(spec.get("unloaded"))):
        if card is None:
            continue
        if held[card] > 0:
            held[card] -= 1
            continue
        view.refuse(
            (*path, "unloaded", index),
            f"'{card}' is not in {path[1]}'s hands; a weapon that needs reloading is held in hand: "
            f"add it to hands or remove it from unloaded",
        )


def _zombies_on_board(view: ZombicideCase) -> Counter:
    on_board: Counter = Counter()
    for counts in mapping(view.case.get("zombies")).values():
        for ztype, count in mapping(counts).items():
            on_board[ztype] += count or 0
    return on_board


def _supply(view: ZombicideCase, rules: Rules, on_board: Counter) -> None:
    """No more zombies of a supply on the board than it has miniatures (the case's supply or the edition's)."""
    own, supply = mapping(view.case.get("supply")), rules.zombie_supply
    used: Counter = Counter()
    for ztype, count in on_board.items():
        if ztype in rules.zombies:
            used[rules.supply_pool(ztype)] += count
    for pool, count in used.items():
        if pool in supply and count > supply[pool]:
            whose = "the case's supply" if pool in own else "parameter 'zombie-supply'"
            view.at(("zombies",)).error(
                view.place(("supply", pool) if pool in own else ("zombies",)),
                f"{count} {pool} on the board, but the supply has {supply[pool]} miniatures ({whose}); "
                f"place fewer, or give the case a larger supply",
            )


def _zombies_in_all(view: ZombicideCase, on_board: int) -> None:
    """A case brings at most MAX_ZOMBIES zombies to the board, and its zombie cards as many more:
    every zombie acts in each zombie phase, and no box holds more."""
    why = (
        f"a case brings at most {MAX_ZOMBIES} (a box holds tens of each type, and every zombie acts in each "
        f"zombie phase)"
    )
    if on_board > MAX_ZOMBIES:
        view.refuse(("zombies",), f"the case places {on_board} zombies; {why}: place fewer")
    manholes = len(set(view.case.get("manholes") or [])) or 1
    cards = [zombie_card(spec) for spec in listed(view.case.get("zombie-cards")) if isinstance(spec, dict)]
    carded = sum(_most(card) * (manholes if card.kind == "manhole" else 1) for card in cards)
    if carded > MAX_ZOMBIES:
        view.refuse(
            ("zombie-cards",),
            f"the zombie cards bring up to {carded} zombies (each card at its largest row, a manhole card at each "
            f"manhole); {why}: script fewer or smaller cards",
        )


def zombie_card(spec: dict) -> ZombieCard:
    """A zombie card as a case writes it: {walker: 2} (a spawn card), {spawn|rush|manhole: counts},
    counts by danger level ({blue: {walker: 1}, ...}) or {extra-activation: runner}; a count that
    did not fit is left out."""
    if "extra-activation" in spec:
        return ZombieCard("extra-activation", activates=spec["extra-activation"])
    kind, counts = next(iter(spec.items())) if len(spec) == 1 and next(iter(spec)) in CARD_KINDS else ("spawn", spec)
    rows = mapping(counts)
    if rows and all(isinstance(row, dict) for row in rows.values()):  # counts by danger level
        return ZombieCard(kind, by_level={level: _counted(row) for level, row in rows.items()})
    return ZombieCard(kind, by_level={"*": _counted(rows)})


def _counted(row: dict) -> dict[str, int]:
    return {ztype: count for ztype, count in row.items() if isinstance(count, int)}


def _most(card: ZombieCard) -> int:
    """The most zombies one card brings: the sum of its largest row (0 for an extra activation)."""
    return max((sum(row.values()) for row in card.by_level.values()), default=0)


def _routes(view: ZombicideCase, zone: str, routes: Any, path: CasePath) -> None:
    """A scripted route is a zone next to the group's (the first step a zombie takes from there),
    each named once: any other is a choice no zombie phase offers, and would be ignored."""
    zones = view.zones()
    if view.board is None or zones is None or zone not in zones:
        return
    nearby = view.board.neighbours(zone, all_doors_open=True)
    for here, route in view.each_once(
        path, routes, lambda r: f"'{r}' is named twice; name each route from {zone} once"
    ):
        if route in zones and route not in nearby:
            view.refuse(
                here,
                f"'{route}' is not a route from {zone}: zombies there step to a zone next to "
                f"it ({', '.join(nearby) or 'none'}); name one of those",
            )


def door_state(board: Board, did: str) -> str | None:
    a, _, b = did.partition("/")
    door = board.doors.get(door_id(a, b))
    return door.state if door else None
