"""The ids a Zombicide case names exist: zones of its map, its survivors and cars, and the
edition's zombie types, cards, skills, levels and event kinds (each with a did-you-mean).

It reads the case as the format's shapes (scenario_format.py) have read it, so every value has
its kind and a value that did not fit is None (reported already, and skipped here). Without the
rules (a file read on its own) only what the case itself defines is checked.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from generator.errors import Location, MapError
from generator.games.zombicide.board import Board, door_id, parse_map
from generator.games.zombicide.events import EVENT_FIELDS, EVENT_KINDS, STAMP
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.scenario_survivors import check_survivors
from generator.games.zombicide.skills import APPLIED_SKILLS
from generator.load.references import with_article
from generator.load.yamlpos import Node
from generator.scenarios.reading import Report, child, known, place

DEFAULT_SEATS = 4  # a car without `seats`
CARD_KINDS = ("spawn", "rush", "manhole")  # a card's kind, written as its only key
# A box holds tens of zombies of each type, about a hundred in all: a case's board holds at most
# this many, and its zombie cards bring at most as many more.
MAX_ZOMBIES = 200


class _Ids:
    """What a case may name, and how to report a name it does not know."""

    def __init__(self, case: dict, node: Node, report: Report, rules: Rules | None, board: Board | None):
        self.node, self.report, self.rules, self.board = node, report, rules, board
        self.survivors = frozenset(case.get("survivors") or {})
        # car -> its seats (None when they are wrong, reported already)
        self.cars = {cid: _seats(spec) for cid, spec in (case.get("cars") or {}).items()}
        self.zones = frozenset(board.zones) if board is not None else None
        # What the rules know (None without them: their ids cannot be judged). A case may give a
        # skill the engine applies in either edition, to test it.
        self.zombie_types = frozenset(rules.zombies) if rules is not None else None
        self.levels = frozenset(lid for lid, _ in rules.levels) if rules is not None else None
        self.skills = frozenset({*rules.skill_models, *APPLIED_SKILLS}) if rules is not None else None
        self.cards = frozenset(rules.equipment) if rules is not None else None

    def crumb(self, path: tuple) -> Report:
        """`step 2 › to` for a step's key, `survivors › amy › hands` for the case's own."""
        report, rest = self.report, path
        if path[0] == "actions":
            report, rest = report.at(f"step {path[1] + 1}"), path[2:]
        for part in rest:
            report = report.at(f"item {part + 1}" if isinstance(part, int) else str(part))
        return report

    def each(self, value: Any, path: tuple) -> Iterator[tuple[Any, Location | None]]:
        """Each id of a value (one id, or a list of them) with its place; None is skipped."""
        if isinstance(value, list):
            for index, item in enumerate(value):
                if item is not None:
                    yield item, place(self.node, *path, index)
        elif value is not None:
            yield value, place(self.node, *path)

    def name(self, what: str, value: Any, path: tuple, choices: frozenset[str] | None, hint: str) -> None:
        if choices is None or value is None:
            return
        if all(item is None or item in choices for item in (value if isinstance(value, list) else [value])):
            return  # the usual case: every id is known (positions are looked up only for a mistake)
        for item, where in self.each(value, path):
            known(self.crumb(path), where, what, item, sorted(choices), hint)

    def key(self, what: str, key: str, path: tuple, choices: frozenset[str] | None, hint: str) -> None:
        """A mapping's key names an id (a zone of `zombies`, a survivor of `discard`)."""
        if choices is None or key in choices:
            return
        found = child(self.node, *path, key)
        where = found.key_where if found is not None and found.key_where else place(self.node, *path, key)
        known(self.crumb(path), where, what, key, sorted(choices), hint)

    # the kinds of id
    def zone(self, value: Any, *path: Any) -> None:
        self.name("zone", value, path, self.zones, "name a zone of the map")

    def zone_key(self, key: str, *path: Any) -> None:
        self.key("zone", key, path, self.zones, "name a zone of the map")

    def survivor(self, value: Any, *path: Any) -> None:
        self.name("survivor", value, path, self.survivors, "name a survivor of the case")

    def survivor_key(self, key: str, *path: Any) -> None:
        self.key("survivor", key, path, self.survivors, "name a survivor of the case")

    def car(self, value: Any, *path: Any) -> None:
        self.name("car", value, path, frozenset(self.cars), "name a car of the case's cars")

    def car_key(self, key: str, *path: Any) -> None:
        self.key("car", key, path, frozenset(self.cars), "name a car of the case's cars")

    def card(self, value: Any, *path: Any) -> None:
        self.name("card", value, path, self.cards, "use an id from equipment.yaml")

    def zombie(self, value: Any, *path: Any) -> None:
        self.name("zombie type", value, path, self.zombie_types, "use an id from zombies.yaml")

    def zombie_key(self, key: str, *path: Any) -> None:
        self.key("zombie type", key, path, self.zombie_types, "use an id from zombies.yaml")

    def skill(self, value: Any, *path: Any) -> None:
        self.name("skill", value, path, self.skills, "use an id from skills.yaml")

    def level(self, value: Any, *path: Any) -> None:
        self.name("danger level", value, path, self.levels, "use an id from levels.yaml")

    def level_key(self, key: str, *path: Any) -> None:
        self.key("danger level", key, path, self.levels, "use an id from levels.yaml")

    def event(self, value: Any, *path: Any) -> None:
        self.name(
            "event kind",
            value,
            path,
            EVENT_KINDS,
            "use an event the rules model reports (a trace of `python -m generator scenario` shows them)",
        )

    def reroll(self, value: Any, *path: Any) -> None:
        sources = self.skills | self.cards if self.skills is not None and self.cards is not None else None
        self.name("re-roll source", value, path, sources, "name a skill or a card that re-rolls")

    def door(self, did: str, *path: Any) -> None:
        if self.board is None:
            return
        a, _, b = did.partition("/")
        if door_id(a, b) not in self.board.doors:
            self.key(
                "door", did, path, frozenset(self.board.doors), "name a door of the map (its two zones, such as A1/s1)"
            )


def _seats(spec: dict | None) -> int | None:
    if spec is None:
        return None
    return spec["seats"] if "seats" in spec else DEFAULT_SEATS


def check_ids(case: dict, node: Node, report: Report, rules: Rules | None) -> None:
    """Every zone, survivor, car, zombie type, card, skill, level and event a case names exists."""
    board = None
    try:
        board = parse_map(case.get("map") or "")
    except MapError as error:
        report.at("map").error(place(node, "map"), f"the map cannot be read: {error}")
    ids = _Ids(case, node, report, rules, board)
    _board(case, ids)
    _survivors(case, ids)
    _pieces(case, ids)
    for number, step in enumerate(case.get("actions") or []):
        if step is not None:
            _step(step, ids, ("actions", number))
            _expectations(step, ids, ("actions", number))
    _expectations(case, ids, ())


def _board(case: dict, ids: _Ids) -> None:
    for did in case.get("door-colors") or {}:
        ids.door(did, "door-colors")
    for tile, zones in (case.get("tiles") or {}).items():
        ids.zone(zones, "tiles", tile)
    for key in ("manholes", "spawn-zones", "start"):
        ids.zone(case.get(key), key)
    objectives = case.get("objectives")
    if isinstance(objectives, dict):
        for zone in objectives:
            ids.zone_key(zone, "objectives")
    else:
        ids.zone(objectives, "objectives")
    for zone in case.get("noise") or {}:
        ids.zone_key(zone, "noise")


def _survivors(case: dict, ids: _Ids) -> None:
    for sid, spec in (case.get("survivors") or {}).items():
        if not spec:
            continue
        path = ("survivors", sid)
        ids.zone(spec.get("at"), *path, "at")
        for key in ("hands", "backpack"):
            ids.card(spec.get(key), *path, key)
        _unloaded(spec, ids, path)
        ids.skill(spec.get("skills"), *path, "skills")
        for level, skills in (spec.get("level-skills") or {}).items():
            ids.level_key(level, *path, "level-skills")
            ids.skill(skills, *path, "level-skills", level)
        ids.car(spec.get("car"), *path, "car")
    check_survivors(case, ids)


def _unloaded(spec: dict, ids: _Ids, path: tuple) -> None:
    """A weapon that waits for a reload is one the survivor holds in hand."""
    held = Counter(card for card in spec.get("hands") or [] if card is not None)
    for card, where in ids.each(spec.get("unloaded"), (*path, "unloaded")):
        if held[card] > 0:
            held[card] -= 1
            continue
        ids.crumb((*path, "unloaded")).error(
            where,
            f"'{card}' is not in {path[1]}'s hands; a weapon that needs reloading is held in hand: "
            f"add it to hands or remove it from unloaded",
        )


def _pieces(case: dict, ids: _Ids) -> None:
    """Zombies, cars, decks and the zombie supply."""
    on_board: Counter = Counter()
    for zone, counts in (case.get("zombies") or {}).items():
        ids.zone_key(zone, "zombies")
        for ztype, count in (counts or {}).items():
            ids.zombie_key(ztype, "zombies", zone)
            on_board[ztype] += count or 0
    for ztype in case.get("supply") or {}:
        ids.zombie_key(ztype, "supply")
    _supply(case, ids, on_board)
    _zombies_in_all(case, ids, on_board.total())
    for cid, spec in (case.get("cars") or {}).items():
        ids.zone((spec or {}).get("at"), "cars", cid, "at")
    for key in ("equipment-deck", "equipment-discard", "pimp-weapons"):
        ids.card(case.get(key), key)
    for index, card in enumerate(case.get("zombie-cards") or []):
        _zombie_card(card, ids, ("zombie-cards", index))
    player = (case.get("turn") or {}).get("player")
    ids.survivor(player, "turn", "player")


def _supply(case: dict, ids: _Ids, on_board: Counter) -> None:
    """No more zombies of a supply on the board than it has miniatures (the case's supply or the edition's)."""
    if ids.rules is None:
        return
    rules = ids.rules
    supply = {**rules.zombie_supply, **{k: v for k, v in (case.get("supply") or {}).items() if v is not None}}
    used: Counter = Counter()
    for ztype, count in on_board.items():
        if ztype in rules.zombies:
            used[rules.supply_pool(ztype)] += count
    for pool, count in used.items():
        if pool in supply and count > supply[pool]:
            where = (
                place(ids.node, "supply", pool) if pool in (case.get("supply") or {}) else place(ids.node, "zombies")
            )
            whose = "the case's supply" if pool in (case.get("supply") or {}) else "parameter 'zombie-supply'"
            ids.report.at("zombies").error(
                where,
                f"{count} {pool} on the board, but the supply has {supply[pool]} miniatures ({whose}); "
                f"place fewer, or give the case a larger supply",
            )


def _zombies_in_all(case: dict, ids: _Ids, on_board: int) -> None:
    """A case brings at most MAX_ZOMBIES zombies to the board, and its zombie cards as many more:
    every zombie acts in each zombie phase, and no box holds more."""
    why = (
        f"a case brings at most {MAX_ZOMBIES} (a box holds tens of each type, and every zombie acts in each "
        f"zombie phase)"
    )
    if on_board > MAX_ZOMBIES:
        ids.report.at("zombies").error(
            place(ids.node, "zombies"), f"the case places {on_board} zombies; {why}: place fewer"
        )
    manholes = len(set(case.get("manholes") or [])) or 1
    carded = sum(
        _card_zombies(card) * (manholes if _kind(card) == "manhole" else 1)
        for card in case.get("zombie-cards") or []
        if isinstance(card, dict)
    )
    if carded > MAX_ZOMBIES:
        ids.report.at("zombie-cards").error(
            place(ids.node, "zombie-cards"),
            f"the zombie cards bring up to {carded} zombies (each card at its largest row, a manhole card at each "
            f"manhole); {why}: script fewer or smaller cards",
        )


def _kind(card: dict) -> str:
    return next(iter(card)) if len(card) == 1 and next(iter(card)) in CARD_KINDS else "spawn"


def _card_zombies(card: dict) -> int:
    """The most zombies one card brings: the sum of its largest row (0 for an extra activation)."""
    if "extra-activation" in card:
        return 0
    counts = card[_kind(card)] if _kind(card) in card else card
    rows = [row for row in (counts or {}).values()]
    if rows and all(isinstance(row, dict) for row in rows):  # counts by danger level
        return max(sum(n or 0 for n in (row or {}).values()) for row in rows)
    return sum(n or 0 for n in rows if isinstance(n, int))


def _zombie_card(card: Any, ids: _Ids, path: tuple) -> None:
    if not isinstance(card, dict):
        return
    if "extra-activation" in card:
        ids.zombie(card["extra-activation"], *path, "extra-activation")
        return
    if len(card) == 1 and next(iter(card)) in CARD_KINDS:
        kind = next(iter(card))
        card, path = card[kind] or {}, (*path, kind)
    for key, value in card.items():
        if isinstance(value, dict):  # counts by danger level
            ids.level_key(key, *path)
            for ztype in value:
                ids.zombie_key(ztype, *path, key)
        else:
            ids.zombie_key(key, *path)


def _step(step: dict, ids: _Ids, path: tuple) -> None:
    do = step.get("do")
    ids.survivor(step.get("who"), *path, "who")
    ids.survivor(step.get("target"), *path, "target")
    if do == "trade":
        ids.survivor(step.get("with"), *path, "with")
        for key in ("give", "take"):
            ids.card(step.get(key), *path, key)
    if do == "open-door":
        ids.card(step.get("with"), *path, "with")
    if do in ("move", "drive", "charge", "jump", "shove", "open-door", "lock-door"):
        ids.zone(step.get("to"), *path, "to")
    if do == "attack":
        ids.zone(step.get("at"), *path, "at")
        ids.zombie(step.get("assign"), *path, "assign")
        ids.survivor(step.get("survivors"), *path, "survivors")
        ids.reroll(step.get("reroll"), *path, "reroll")
    for key in ("weapon", "card", "keep", "cards", "hands", "backpack"):
        ids.card(step.get(key), *path, key)
    if do == "get-in":
        ids.car(step.get("car"), *path, "car")
    if do == "zombie-phase":
        _zombie_phase(step, ids, path)


def _zombie_phase(step: dict, ids: _Ids, path: tuple) -> None:
    for zone, survivors in (step.get("attacks") or {}).items():
        ids.zone_key(zone, *path, "attacks")
        ids.survivor(survivors, *path, "attacks", zone)
    for key in ("discard", "ignore-wound"):
        for sid, cards in (step.get(key) or {}).items():
            ids.survivor_key(sid, *path, key)
            ids.card(cards, *path, key, sid)
    for key in ("abomination", "split"):
        for zone, to in (step.get(key) or {}).items():
            ids.zone_key(zone, *path, key)
            ids.zone(to, *path, key, zone)
            _routes(ids, zone, to, (*path, key, zone))


def _routes(ids: _Ids, zone: str, routes: Any, path: tuple) -> None:
    """A scripted route is a zone next to the group's (the first step a zombie takes from there),
    each named once: any other is a choice no zombie phase offers, and would be ignored."""
    if ids.board is None or ids.zones is None or zone not in ids.zones:
        return
    nearby = ids.board.neighbours(zone, all_doors_open=True)
    named: set[str] = set()
    for route, where in ids.each(routes, path):
        if route in named:
            ids.crumb(path).error(where, f"'{route}' is named twice; name each route from {zone} once")
        elif route in ids.zones and route not in nearby:
            ids.crumb(path).error(
                where,
                f"'{route}' is not a route from {zone}: zombies there step to a zone next to "
                f"it ({', '.join(nearby) or 'none'}); name one of those",
            )
        named.add(route)


def _expectations(holder: dict, ids: _Ids, path: tuple) -> None:
    if isinstance(holder.get("expect"), dict):
        _expect(holder["expect"], ids, (*path, "expect"))
    for index, alternative in enumerate(holder.get("expect-any") or []):
        if isinstance(alternative, dict):
            _expect(alternative, ids, (*path, "expect-any", index))


def _expect(expect: dict, ids: _Ids, path: tuple) -> None:
    for sid, fields in (expect.get("survivors") or {}).items():
        ids.survivor_key(sid, *path, "survivors")
        fields, here = fields or {}, (*path, "survivors", sid)
        ids.zone(fields.get("at"), *here, "at")
        ids.level(fields.get("level"), *here, "level")
        for key in ("hands", "backpack", "loaded", "has"):
            ids.card(fields.get(key), *here, key)
        ids.skill(fields.get("skills"), *here, "skills")
        ids.car(fields.get("car"), *here, "car")
        for ztype in fields.get("kills") or {}:
            ids.zombie_key(ztype, *here, "kills")
    for key in ("zombies", "zombies-in"):
        for zone, counts in (expect.get(key) or {}).items():
            ids.zone_key(zone, *path, key)
            for ztype in counts or {}:
                ids.zombie_key(ztype, *path, key, zone)
    for zone in expect.get("noise") or {}:
        ids.zone_key(zone, *path, "noise")
    for did in expect.get("doors") or {}:
        ids.door(did, *path, "doors")
    ids.level(expect.get("danger-level"), *path, "danger-level")
    for zone, seen in (expect.get("line-of-sight") or {}).items():
        ids.zone_key(zone, *path, "line-of-sight")
        ids.zone(seen, *path, "line-of-sight", zone)
    for zone, targets in (expect.get("ranges") or {}).items():
        ids.zone_key(zone, *path, "ranges")
        for target in targets or {}:
            ids.zone_key(target, *path, "ranges", zone)
    for key in ("equipment-deck", "deck-excludes", "discard-pile"):
        ids.card(expect.get(key), *path, key)
    for cid, fields in (expect.get("cars") or {}).items():
        ids.car_key(cid, *path, "cars")
        ids.zone((fields or {}).get("at"), *path, "cars", cid, "at")
        ids.survivor((fields or {}).get("seats"), *path, "cars", cid, "seats")
    for key in ("events-include", "events-exclude"):
        ids.event(expect.get(key), *path, key)
    for index, spec in enumerate(expect.get("events") or []):
        ids.event((spec or {}).get("event"), *path, "events", index, "event")
        _event_details(spec or {}, ids, (*path, "events", index))
    ids.survivor((expect.get("turn") or {}).get("player"), *path, "turn", "player")


def _event_details(spec: dict, ids: _Ids, path: tuple) -> None:
    """An expected event names details its kind carries: another would match no event."""
    kind = spec.get("event")
    if kind not in EVENT_FIELDS:
        return  # unknown kinds are reported by ids.event
    fields = (*EVENT_FIELDS[kind], *STAMP)
    for key in spec:
        if key not in ("event", "count", *fields):
            found = child(ids.node, *path, key)
            where = found.key_where if found is not None and found.key_where else place(ids.node, *path)
            known(
                ids.crumb(path),
                where,
                f"detail of {with_article(kind)} event",
                key,
                list(fields),
                f"{with_article(kind)} event carries {', '.join(fields)}",
            )
