"""The check cards' shapes: what each kind of card profile may say, down to each number's range.

The source prints almost no card statistic, so the checks state the values they play with
(scenarios/cards/*.yaml, or a case's own `cards:`). Every profile is checked here, where it was
written, before cards.py builds anything from it: a misspelt field, a size the rules do not
have, a negative hit point count or a die colour the game does not roll is reported with its
place, and the engine only ever meets a profile that fits.

    SHAPE                 one card profile (dispatched on its `kind`)
    check_card_ids(...)   what needs the rules or the other cards: faces, reloaded weapons, spawns
    read_card_files(...)  every card file of a game, with positions; a card id defined once
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from generator.errors import DataError, Location
from generator.load.references import suggestion
from generator.load.schema import ID_PATTERN, describe
from generator.load.yamlpos import Node, parse
from generator.scenarios.report import Report, known
from generator.scenarios.report import child as node_at  # `child` names the loops' values here
from generator.scenarios.shapes import AnyValue, Bool, Either, Id, Int, ListOf, MapOf, OneOf, Record, Shape

from .cards import ATTACK_KEYWORDS, EFFECTS, ITEM_KINDS, TENSION_EFFECTS, TOKEN_PLACES, WEAPON_KEYWORDS
from .dice import ATTACK_DICE
from .rules import SIZES
from .schema import DECKS

CARD_KINDS = (*ITEM_KINDS, "enemy", "encounter", "narrative", "behaviour", "tension")
TENSION_COLOURS = ("green", "amber", "red")  # the tension deck's three card colours
CORPSE = "corpse"  # a spawn may lay corpse tokens as well as enemies
TOUGH_HIDE = "tough-hide"  # an enemy's special rule that a Decapitate attack ignores


class Effect(Shape):
    """An attack effect: {damage: N}, or one of the effects without a number; a mistake inside
    {damage: N} is reported at the number."""

    WORDS = OneOf(*(e for e in EFFECTS if e != "damage"))
    DAMAGE = Record({"damage": Int(1, 10, "an effect deals 1 to 10 damage")}, required=("damage",))
    what = "an effect: {damage: N}, " + ", ".join(e for e in EFFECTS if e != "damage")
    kinds = ("map", "scalar")

    def read(self, node: Node, report: Any) -> Any:
        if node.kind == "map":
            return self.DAMAGE.read(node, report)
        if node.kind == "scalar":
            return self.WORDS.read(node, report)
        report.error(node.where, f"expected {self.what}, found {describe(node)}")
        return None


EFFECT = Effect()
RANGE = Either(
    Int(0, 20, "a range counts 0 to 20 squares"),
    OneOf("los"),
    what="a range: 0 to 20 squares, or los (any distance in sight)",
)
SPAWN = MapOf(Int(1, 20, "a card brings 1 to 20 models of a type"), high=10)
WEAPON_PROFILE = {
    "dice": MapOf(Int(1, 10, "a weapon rolls 1 to 10 dice"), high=1, what="one die colour and a count, e.g. {blue: 1}"),
    "range": RANGE,
    "results": MapOf(ListOf(EFFECT, 1, 10), high=20, what="a mapping of die faces to their effects"),
    "keywords": ListOf(OneOf(*WEAPON_KEYWORDS), high=10),
}
WEAPON_REQUIRED = ("dice", "range", "results")
ATTACK = Record(
    {
        "range": Int(0, 20, "an attack reaches 0 to 20 squares"),
        "effects": ListOf(EFFECT, 0, 10),
        "symbol": Id(),
        "keywords": ListOf(OneOf(*ATTACK_KEYWORDS), high=10),
    }
)
DECK = OneOf(*DECKS)


class LevelKey(Shape):
    """A mapping key that is a whole number (a danger level): YAML keys are read as text, and only
    the digits 0 to 9 make one (str.isdigit also takes superscripts such as '²', which int() refuses)."""

    DIGITS = re.compile(r"[0-9]{1,3}")

    def __init__(self, low: int, high: int, why: str):
        self.low, self.high = low, high
        self.what = f"a whole number from {low} to {high} ({why})"

    def fits(self, node) -> bool:
        text = str(node.value)
        return node.kind == "scalar" and bool(self.DIGITS.fullmatch(text)) and self.low <= int(text) <= self.high


DANGER_LEVEL = LevelKey(1, 10, "a danger level")
PROFILES: dict[str, Record] = {
    "weapon": Record(
        {
            "kind": AnyValue(),
            **WEAPON_PROFILE,
            "deck": DECK,
            "capacity": Int(1, 99, "an ammunition dial counts up to 1 to 99"),
        },
        required=WEAPON_REQUIRED,
    ),
    "ammo": Record(
        {
            "kind": AnyValue(),
            "reloads": Id(),
            "amount": Int(1, 99, "ammunition adds 1 to 99 points"),
            "profile": Record(WEAPON_PROFILE, required=WEAPON_REQUIRED),
            "deck": DECK,
        },
        required=("reloads", "amount"),
    ),
    "healing": Record(
        {
            "kind": AnyValue(),
            "heal": Int(0, 20, "a healing item moves 0 to 20 boxes towards Fine"),
            "herb": Bool(),
            "revives": Bool(),
            "deck": DECK,
        }
    ),
    "defence": Record(
        {
            "kind": AnyValue(),
            "avoids": Bool(),  # the attack it is used against misses
            "effects": ListOf(EFFECT, high=10),  # what it does to the attacking enemy
            "deck": DECK,
        }
    ),
    "special": Record(
        {
            "kind": AnyValue(),
            "burns": Record(
                {
                    "kerosene": Int(1, 20, "a use spends 1 to 20 kerosene tokens"),
                    "corpses": Int(1, 12, "a use disposes of 1 to 12 corpse tokens"),
                },
                required=("kerosene", "corpses"),
                what="what a use burns: {kerosene: N, corpses: M} (N kerosene tokens dispose of M corpse tokens)",
            ),
            "deck": DECK,
        }
    ),
    "resource": Record(
        {"kind": AnyValue(), "kerosene": Int(0, 20, "a card lays 0 to 20 kerosene tokens"), "deck": DECK}
    ),
    "enemy": Record(
        {
            "kind": AnyValue(),
            "size": OneOf(*SIZES),
            "threat": Int(0, 10, "an enemy's threat is 0 to 10"),
            "movement": Int(0, 10, "an enemy moves 0 to 10 squares"),
            "hp": Int(1, 99, "an enemy has 1 to 99 hit points"),
            "attacks": ListOf(ATTACK, 1, 10),
            "boss": Bool(),
            "evade-difficulty": Id(),
            "special": ListOf(Id(), high=10),
            "tough-hide": ListOf(EFFECT, 1, 10),  # the effects its Tough Hide takes off each attack
        },
        required=("size", "threat", "movement", "hp", "attacks"),
    ),
    **{
        kind: Record({"kind": AnyValue(), "effect": OneOf("empty", "spawn", "special"), "spawn": SPAWN})
        for kind in ("encounter", "narrative")
    },
    "behaviour": Record(
        {
            "kind": AnyValue(),
            "lines": ListOf(
                Either(
                    Record({"move": Int(0, 10, "a boss moves 0 to 10 squares")}, required=("move",)),
                    OneOf("attack", "special"),
                    what="a line: {move: N}, attack or special",
                ),
                high=10,
            ),
        }
    ),
    "tension": Record(
        {
            "kind": AnyValue(),
            "colour": OneOf(*TENSION_COLOURS),
            "symbol": Id(),
            "effect": OneOf(*TENSION_EFFECTS),
            "spawn": SPAWN,
            "danger": Int(-10, 10, "a card moves the danger track -10 to 10 spaces"),
            "extra": MapOf(
                Record(
                    {
                        "effect": OneOf(*TENSION_EFFECTS),
                        "spawn": SPAWN,
                        "danger": Int(-10, 10, "a card moves the danger track -10 to 10 spaces"),
                    }
                ),
                high=10,
                keys=DANGER_LEVEL,
                what="extra texts by danger level",
            ),
            "lasting": Bool(),
            "token": OneOf(*TOKEN_PLACES),
        },
        required=("colour",),
    ),
}


class CardShape(Shape):
    """One card profile: its `kind` says which fields it has."""

    what = "a card profile (a mapping with kind and the card's values)"
    kinds = ("map",)

    def read(self, node: Node, report: Any) -> Any:
        if node.kind != "map":
            report.error(node.where, f"expected {self.what}, found {describe(node)}")
            return None
        kind = node.value.get("kind")
        if kind is None:
            report.error(node.where, f"missing 'kind': one of {', '.join(CARD_KINDS)}")
            return None
        if kind.kind != "scalar" or kind.value not in PROFILES:
            named = f"'{kind.value}'" if kind.kind == "scalar" else describe(kind)
            report.at("kind").error(
                kind.where,
                f"unknown card kind {named}"
                f"{suggestion(str(kind.value), list(CARD_KINDS), 'use one of ' + ', '.join(CARD_KINDS))}",
            )
            return None
        return PROFILES[kind.value].read(node, report)


SHAPE = CardShape()


@dataclass
class _CardCheck:
    """One card's checks across keys: its place, its report, and what its names may name."""

    node: Node | None
    report: Report
    faces: tuple[str, ...]
    enemies: list[str]
    weapons: list[str]
    reloadable: list[str]
    extra_levels: tuple[int, ...] | None

    def known(self, crumb: str, where: Location | None, what: str, value: Any, choices: list[str], hint: str):
        known(self.report.at(crumb) if crumb else self.report, where, what, value, choices, hint)


def check_card_ids(
    cards: dict[str, Any],
    node_of: Callable[[str], Node | None],
    report_of: Callable[[str], Report],
    faces: tuple[str, ...],
    all_cards: dict[str, Any],
    extra_levels: tuple[int, ...] | None = None,
) -> None:
    """What a card's shape cannot say alone: the faces its results name, the weapon an ammunition
    card reloads, the enemies a card spawns, the symbol of each special attack, the danger levels
    of a tension card's extra texts (`extra_levels`, parameter 'danger-extra-text-levels', when the
    rules are known: a text at another level never applies). `cards` are the
    profiles as SHAPE read them (a part that does not fit is None, and reported); `all_cards`
    every card they may name (theirs and the files'); `report_of(id)` reports about one card."""
    enemies = sorted(cid for cid, body in all_cards.items() if _kind(body) == "enemy")
    weapons = sorted(cid for cid, body in all_cards.items() if _kind(body) == "weapon")
    reloadable = [cid for cid in weapons if all_cards[cid].get("capacity") is not None]
    for cid, body in cards.items():
        if not isinstance(body, dict):
            continue
        check = _CardCheck(node_of(cid), report_of(cid), faces, enemies, weapons, reloadable, extra_levels)
        for kind_check in KIND_CHECKS.get(_kind(body) or "", ()):
            kind_check(check, body)
        _spawns(check, body)


def _dice_and_results(check: _CardCheck, body: dict) -> None:
    """A weapon's (or special ammunition's profile's) dice colours and result faces."""
    profile, path = (body, ()) if _kind(body) == "weapon" else (body.get("profile"), ("profile",))
    for colour in _map(_map(profile).get("dice")):
        where = _key_place(check.node, *path, "dice", colour)
        check.known(
            "dice", where, "die colour", colour, list(ATTACK_DICE), "a weapon rolls " + ", ".join(ATTACK_DICE) + " dice"
        )
    for face in _map(_map(profile).get("results")):
        where = _key_place(check.node, *path, "results", face)
        check.known(
            "results",
            where,
            "die face",
            face,
            list(check.faces),
            "results are faces of the dice: " + ", ".join(check.faces),
        )


def _reloads(check: _CardCheck, body: dict) -> None:
    """An ammunition card reloads a weapon with an ammunition dial."""
    reloads = body.get("reloads")
    if reloads is None:
        return
    if reloads in check.weapons and reloads not in check.reloadable:
        check.report.at("reloads").error(
            _place(check.node, "reloads"),
            f"the {reloads} has no ammunition dial (no capacity), so nothing reloads it; name a weapon "
            f"with a capacity ({', '.join(check.reloadable)})",
        )
    else:
        where = _place(check.node, "reloads")
        check.known("reloads", where, "weapon card", reloads, check.reloadable, "name a weapon card with a capacity")


def _extra_texts(check: _CardCheck, body: dict) -> None:
    """A tension card's extra texts stand at the levels where extra texts apply."""
    if check.extra_levels is None:
        return
    for level in _map(body.get("extra")):
        if str(level).isascii() and str(level).isdigit() and int(level) not in check.extra_levels:
            check.report.at("extra").error(
                _key_place(check.node, "extra", level),
                f"no extra text applies at danger level {level}: they apply at the levels of parameter "
                f"'danger-extra-text-levels' ({', '.join(map(str, check.extra_levels))}); use one of those",
            )


def _heals(check: _CardCheck, body: dict) -> None:
    if "heal" not in body and not body.get("revives"):
        check.report.error(
            _place(check.node), "missing 'heal', the boxes it moves a character towards Fine (or 'revives: true')"
        )


def _enemy(check: _CardCheck, body: dict) -> None:
    """A boss's evade difficulty, and the symbol of each special attack."""
    if body.get("boss") and "evade-difficulty" not in body:
        check.report.error(
            _place(check.node),
            "missing 'evade-difficulty': a boss's card prints the weakest success result that evades its "
            "attacks; add it (such as success-2)",
        )
    if body.get("evade-difficulty") is not None:
        where = _place(check.node, "evade-difficulty")
        check.known(
            "evade-difficulty", where, "die face", body["evade-difficulty"], list(check.faces), "name a success result"
        )
    if TOUGH_HIDE in (body.get("special") or []) and not body.get(TOUGH_HIDE):
        check.report.at("special").error(
            _place(check.node, "special"),
            "the source does not print what Tough Hide does, so a card with it states what it takes "
            "off each attack: add tough-hide: [{damage: 1}] (or the effects the card names)",
        )
    for index, attack in enumerate((body.get("attacks") or [])[1:], start=2):
        if isinstance(attack, dict) and not attack.get("symbol"):
            check.report.at(f"attacks › attack {index}").error(
                _place(check.node, "attacks", index - 1),
                "a special attack needs its 'symbol' (the tension card symbol that makes the enemy use it)",
            )


def _spawns(check: _CardCheck, body: dict) -> None:
    """What a card spawns (and each extra text of it) is an enemy card, or a corpse."""
    spawns: list[tuple[tuple, Any]] = [(("spawn",), body.get("spawn"))] + [
        (("extra", level, "spawn"), _map(extra).get("spawn")) for level, extra in _map(body.get("extra")).items()
    ]
    for path, spawn in spawns:
        for model in _map(spawn):
            where = _key_place(check.node, *path, model)
            check.known(
                " › ".join(map(str, path)),
                where,
                "enemy type",
                model,
                [*check.enemies, CORPSE],
                "name an enemy card, or corpse",
            )


# The checks across keys of each kind of card (besides what every card may spawn).
KIND_CHECKS: dict[str, tuple[Callable[[_CardCheck, dict], None], ...]] = {
    "weapon": (_dice_and_results,),
    "ammo": (_dice_and_results, _reloads),
    "tension": (_extra_texts,),
    "healing": (_heals,),
    "enemy": (_enemy,),
}


def _map(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _kind(body: Any) -> str | None:
    return body.get("kind") if isinstance(body, dict) else None


def _place(node: Node | None, *path: Any) -> Location | None:
    found = node_at(node, *path)
    return found.where if found is not None else node.where if node is not None else None


def _key_place(node: Node | None, *path: Any) -> Location | None:
    found = node_at(node, *path)
    return (found.key_where or found.where) if found is not None else _place(node)


@dataclass
class CheckCards:
    """A game's check cards: plain profiles by id, where each was written, and every error."""

    cards: dict[str, Any] = field(default_factory=dict)
    places: dict[str, Location] = field(default_factory=dict)
    errors: list[DataError] = field(default_factory=list)


def read_card_files(
    folder: Path, display: Callable[[Path], str], faces: tuple[str, ...], extra_levels: tuple[int, ...] | None = None
) -> CheckCards:
    """Every scenarios/cards/*.yaml of a game folder: `{cards: {id: profile}}` each."""
    found = CheckCards()
    nodes: dict[str, Node] = {}
    report = Report(found.errors)
    for path in sorted((folder / "scenarios" / "cards").glob("*.yaml")):
        root, errors = parse(path, display(path))
        found.errors += errors
        if root is None:
            continue
        if root.kind != "map" or "cards" not in root.value or root.value["cards"].kind != "map":
            report.error(
                root.where, "a card file is a mapping with 'cards' at the top: cards: {<card id>: {kind: ..., ...}}"
            )
            continue
        for key, child in root.value.items():
            if key != "cards":
                report.error(child.key_where, f"unknown top-level key '{key}'; a card file has only 'cards'")
        for cid, node in root.value["cards"].value.items():
            where = node.key_where or node.where
            if cid in found.places:
                report.at(f"card '{cid}'").error(
                    where, f"the card '{cid}' is defined twice (first at {found.places[cid]}); keep one of them"
                )
                continue
            found.places[cid] = where
            if not ID_PATTERN.match(cid):
                report.at(f"card '{cid}'").error(where, "a card id is kebab-case (lower-case letters, digits, hyphens)")
            else:
                nodes[cid] = node
                found.cards[cid] = SHAPE.read(node, report.at(f"card '{cid}'"))
    check_card_ids(found.cards, nodes.get, lambda cid: report.at(f"card '{cid}'"), faces, found.cards, extra_levels)
    return found
