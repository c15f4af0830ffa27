"""Card profiles the engine plays with: weapons and other items, enemies, tension cards.

The source prints almost no card statistic, so a profile's numbers come from wherever the
caller has them: a scenario states the values of the cards it uses ("a weapon whose first result
pushes"), and the data supplies what is known (sizes, the handgun's capacity). A profile never
guesses: a field the engine needs and nobody gave is an error that names the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.errors import ScenarioError

from .dice import ATTACK_DICE

ITEM_KINDS = ("weapon", "ammo", "healing", "defence", "special", "resource")
EFFECTS = ("damage", "push", "area", "evade", "unconscious")
# A character's weapon may fire rapidly or decapitate (ignore an enemy's Tough Hide); an enemy's
# attack may charge, be deadly (no defence item against it) or sweep (every character in range).
WEAPON_KEYWORDS = ("rapid-fire", "decapitate")
ATTACK_KEYWORDS = ("charge", "deadly", "sweep")
TENSION_EFFECTS = ("nothing", "spawn", "danger", "lasting")
TOKEN_PLACES = ("tile", "character")  # where a card lays its lasting-effect token: beside a tile or a character


class CardError(ScenarioError):
    """A card profile that cannot be used; the message names the card and the field."""


@dataclass(frozen=True)
class Effect:
    kind: str  # damage, push, area, evade, unconscious
    amount: int = 0  # damage only


@dataclass(frozen=True)
class Weapon:
    dice: str  # die colour, one of ATTACK_DICE (the rules name its faces: Rules.attack_die)
    count: int
    range: int | None  # None: any distance in sight ("LOS")
    capacity: int | None  # None: no ammunition dial (a knife)
    results: dict[str, tuple[Effect, ...]]  # result face -> effects on a hit
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class Item:
    id: str
    kind: str
    weapon: Weapon | None = None
    heal: int = 0  # healing items: steps moved towards Fine
    herb: bool = False
    revives: bool = False  # the First Aid Spray
    reloads: str | None = None  # ammo: the weapon it reloads
    amount: int = 0  # ammo points
    overlay: Weapon | None = None  # special ammunition: the profile it lays over the weapon's
    kerosene: int = 0  # a Fuel Container: kerosene tokens it puts on the square where it was found
    deck: str | None = None  # the item deck the card belongs to (its discards go back there)
    # defence items (used when attacked): whether the attack is then avoided, and what it does to the attacker
    avoids: bool = False
    defence: tuple[Effect, ...] = ()
    burns: tuple[int, int] | None = None  # a Lighter: (kerosene tokens spent, corpse tokens disposed of) a use


@dataclass(frozen=True)
class Attack:
    range: int
    effects: tuple[Effect, ...]
    symbol: str | None = None  # special attacks only: the tension effect-box symbol
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class EnemyProfile:
    id: str
    size: str
    threat: int
    movement: int
    hp: int
    attacks: tuple[Attack, ...]  # the first is the basic attack
    boss: bool = False
    evade_difficulty: str | None = None  # bosses: the weakest result that evades
    special: tuple[str, ...] = ()
    tough_hide: tuple[Effect, ...] = ()  # what its Tough Hide takes off each attack (a Decapitate attack ignores it)


@dataclass(frozen=True)
class TensionCard:
    id: str
    colour: str
    symbol: str | None = None
    effect: str = "nothing"
    spawn: dict[str, int] = field(default_factory=dict)  # enemy type -> count, at the spawn squares
    danger: int = 0  # danger track change
    extra: dict[int, tuple[str, dict]] = field(default_factory=dict)  # danger level -> (effect, args)
    lasting: bool = False
    token: str | None = None  # lays a lasting-effect token beside the active tile or character (TOKEN_PLACES)


def _need(spec: dict, key: str, card: str, kind: str) -> Any:
    if key not in spec:
        raise CardError(
            f"card '{card}' ({kind}) needs '{key}': the source does not print it, so the "
            f"scenario that uses the card must state it"
        )
    return spec[key]


def effects(raw: Any, card: str) -> tuple[Effect, ...]:
    out = []
    for entry in raw or []:
        if isinstance(entry, str) and entry in EFFECTS and entry != "damage":
            out.append(Effect(entry))
        elif (
            isinstance(entry, dict)
            and set(entry) == {"damage"}
            and isinstance(entry["damage"], int)
            and entry["damage"] >= 1
        ):
            out.append(Effect("damage", entry["damage"]))
        else:
            raise CardError(
                f"card '{card}': effect {entry!r} is not one of {{damage: N}}, push, area, evade, unconscious"
            )
    return tuple(out)


def weapon(spec: dict, card: str, faces: set[str]) -> Weapon:
    dice = _need(spec, "dice", card, "weapon")
    if not (isinstance(dice, dict) and len(dice) == 1):
        raise CardError(f"card '{card}': dice is one colour and a count, e.g. {{blue: 1}}")
    ((die, count),) = dice.items()
    if die not in ATTACK_DICE:
        raise CardError(f"card '{card}': unknown die colour '{die}'; a weapon rolls {', '.join(ATTACK_DICE)} dice")
    rng = _need(spec, "range", card, "weapon")
    results = {}
    for face, raw in (_need(spec, "results", card, "weapon") or {}).items():
        if face not in faces:
            raise CardError(f"card '{card}': result '{face}' is not a face of the dice ({', '.join(sorted(faces))})")
        results[face] = effects(raw, card)
    keywords = tuple(spec.get("keywords") or ())
    for k in keywords:
        if k not in WEAPON_KEYWORDS:
            raise CardError(f"card '{card}': unknown weapon keyword '{k}'; known: {', '.join(WEAPON_KEYWORDS)}")
    return Weapon(die, int(count), None if rng == "los" else int(rng), spec.get("capacity"), results, keywords)


def item(card: str, spec: dict, faces: set[str]) -> Item:
    kind = _need(spec, "kind", card, "item")
    if kind not in ITEM_KINDS:
        raise CardError(f"card '{card}': kind '{kind}' is not one of {', '.join(ITEM_KINDS)}")
    deck = spec.get("deck")
    if kind == "weapon":
        return Item(card, kind, weapon=weapon(spec, card, faces), deck=deck)
    if kind == "ammo":
        overlay = weapon(spec["profile"], card, faces) if spec.get("profile") else None
        return Item(
            card,
            kind,
            reloads=_need(spec, "reloads", card, "ammo"),
            amount=int(_need(spec, "amount", card, "ammo")),
            overlay=overlay,
            deck=deck,
        )
    if kind == "healing":
        revives = bool(spec.get("revives"))
        return Item(
            card,
            kind,
            heal=int(spec.get("heal", 0)) if revives else int(_need(spec, "heal", card, "healing")),
            herb=bool(spec.get("herb")),
            revives=revives,
            deck=deck,
        )
    if kind == "defence":
        return Item(card, kind, avoids=bool(spec.get("avoids")), defence=effects(spec.get("effects"), card), deck=deck)
    burns = spec.get("burns")
    return Item(
        card,
        kind,
        kerosene=int(spec.get("kerosene", 0)),
        deck=deck,
        burns=(int(burns["kerosene"]), int(burns["corpses"])) if isinstance(burns, dict) else None,
    )


@dataclass(frozen=True)
class EncounterCard:
    id: str
    effect: str  # empty, spawn, special
    spawn: dict[str, int] = field(default_factory=dict)


def encounter(card: str, spec: dict) -> EncounterCard:
    effect = spec.get("effect", "empty")
    if effect not in ("empty", "spawn", "special"):
        raise CardError(f"encounter card '{card}': effect '{effect}' is not empty, spawn or special")
    return EncounterCard(card, effect, dict(spec.get("spawn") or {}))


@dataclass(frozen=True)
class BehaviourCard:
    id: str
    lines: tuple[tuple[str, int], ...]  # ("move", squares), ("attack", 0), ("special", 0), in order


def behaviour(card: str, spec: dict) -> BehaviourCard:
    lines = []
    for raw in spec.get("lines") or []:
        if isinstance(raw, dict) and set(raw) == {"move"}:
            lines.append(("move", int(raw["move"])))
        elif raw in ("attack", "special"):
            lines.append((str(raw), 0))
        else:
            raise CardError(f"behaviour card '{card}': a line is {{move: N}}, attack or special, not {raw!r}")
    return BehaviourCard(card, tuple(lines))


def enemy(card: str, spec: dict, faces: set[str]) -> EnemyProfile:
    attacks = []
    for i, raw in enumerate(_need(spec, "attacks", card, "enemy")):
        keywords = tuple(raw.get("keywords") or ())
        for k in keywords:
            if k not in ATTACK_KEYWORDS:
                raise CardError(f"card '{card}': unknown attack keyword '{k}'; known: {', '.join(ATTACK_KEYWORDS)}")
        if i > 0 and not raw.get("symbol"):
            raise CardError(f"card '{card}': attack {i + 1} is a special attack and needs its 'symbol'")
        attacks.append(Attack(int(raw.get("range", 0)), effects(raw.get("effects"), card), raw.get("symbol"), keywords))
    if not attacks:
        raise CardError(f"card '{card}': an enemy has at least one attack (the basic attack)")
    difficulty = spec.get("evade-difficulty")
    if difficulty is not None and difficulty not in faces:
        raise CardError(f"card '{card}': evade-difficulty '{difficulty}' is not a die face")
    return EnemyProfile(
        card,
        _need(spec, "size", card, "enemy"),
        int(_need(spec, "threat", card, "enemy")),
        int(_need(spec, "movement", card, "enemy")),
        int(_need(spec, "hp", card, "enemy")),
        tuple(attacks),
        bool(spec.get("boss")),
        difficulty,
        tuple(spec.get("special") or ()),
        effects(spec.get("tough-hide"), card),
    )


def tension(card: str, spec: dict) -> TensionCard:
    effect = spec.get("effect", "nothing")
    if effect not in TENSION_EFFECTS:
        raise CardError(f"tension card '{card}': effect '{effect}' is not one of {', '.join(TENSION_EFFECTS)}")
    extra = {int(level): (e.get("effect", "nothing"), e) for level, e in (spec.get("extra") or {}).items()}
    return TensionCard(
        card,
        _need(spec, "colour", card, "tension"),
        spec.get("symbol"),
        effect,
        dict(spec.get("spawn") or {}),
        int(spec.get("danger", 0)),
        extra,
        bool(spec.get("lasting")),
        spec.get("token"),
    )
