"""Equipment cards as the engine needs them: attack profiles and rule flags, by card id.

Statistics come from card-facts (facts/cards.md, tables 1 and 2). A scenario may add or
override cards; the built-in catalogue is the default for each edition.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    """One attack line of a weapon."""

    kind: str  # "melee" or "ranged"
    min_range: int
    max_range: int
    dice: int
    accuracy: int  # least die result that hits
    damage: int
    noisy: bool


@dataclass(frozen=True)
class Card:
    name: str
    kind: str = "item"  # weapon, item, zombie (Aaahh!), wound
    melee: Profile | None = None
    ranged: Profile | None = None
    dual: bool = False
    opens_doors: bool = False
    door_noisy: bool = False
    reload: bool = False
    sniper: bool = False  # the shooter chooses the targets
    molotov: bool = False  # kills everything in the target zone, then is discarded
    ammo: str | None = None  # bullets or shells: what a Plenty of Ammo card re-rolls
    rerolls_ammo: str | None = None  # a Plenty of Ammo card: which ammo it re-rolls
    draws_extra: bool = False  # Flashlight
    pimp: bool = False

    def profile(self, mode: str | None = None) -> Profile | None:
        if mode == "melee":
            return self.melee
        if mode == "ranged":
            return self.ranged
        return self.ranged or self.melee


def _melee(dice: int, acc: int, dmg: int) -> Profile:
    return Profile("melee", 0, 0, dice, acc, dmg, noisy=False)


def _ranged(lo: int, hi: int, dice: int, acc: int, dmg: int) -> Profile:
    return Profile("ranged", lo, hi, dice, acc, dmg, noisy=True)


def _weapon(name: str, **kw) -> Card:
    return Card(name, kind="weapon", **kw)


def _items(*names: str) -> list[Card]:
    return [Card(n) for n in names]


# Combinations of two cards into one (the result takes one inventory slot).
COMBINATIONS: dict[frozenset[str], str] = {
    frozenset({"rifle", "scope"}): "sniper-rifle",
    frozenset({"gasoline", "glass-bottles"}): "molotov",
}

_COMMON = [
    Card("aaahh", kind="zombie"),
    Card("wounded", kind="wound"),
    Card("flashlight", draws_extra=True),
]

_ZOMBICIDE_1 = [
    _weapon("pan", melee=_melee(1, 6, 1)),
    _weapon("crowbar", melee=_melee(1, 4, 1), opens_doors=True),
    _weapon("fire-axe", melee=_melee(1, 4, 2), opens_doors=True, door_noisy=True),
    _weapon("pistol", ranged=_ranged(0, 1, 1, 4, 1), dual=True, ammo="bullets"),
    _weapon("baseball-bat", melee=_melee(1, 3, 1)),
    _weapon("katana", melee=_melee(2, 4, 1)),
    _weapon("machete", melee=_melee(1, 4, 2), dual=True),
    _weapon("chainsaw", melee=Profile("melee", 0, 0, 5, 5, 2, noisy=True), opens_doors=True, door_noisy=True),
    _weapon("sawed-off", ranged=_ranged(0, 1, 2, 3, 1), dual=True, reload=True, ammo="shells"),
    _weapon("shotgun", ranged=_ranged(0, 1, 2, 4, 2), ammo="shells"),
    _weapon("sub-mg", ranged=_ranged(0, 1, 3, 5, 1), dual=True),
    _weapon("rifle", ranged=_ranged(1, 3, 1, 3, 1), ammo="bullets"),
    _weapon("sniper-rifle", ranged=_ranged(1, 3, 1, 3, 1), ammo="bullets", sniper=True),
    _weapon("mas-shotgun", melee=_melee(1, 3, 2), ranged=_ranged(0, 1, 2, 3, 2), reload=True, ammo="shells",
            pimp=True),
    _weapon("evil-twins", ranged=_ranged(0, 1, 2, 4, 1), ammo="bullets", pimp=True),
    _weapon("molotov", ranged=_ranged(0, 1, 0, 0, 0), molotov=True),
    Card("plenty-of-ammo-shells", rerolls_ammo="shells"),
    Card("plenty-of-ammo-bullets", rerolls_ammo="bullets"),
    *_items("gasoline", "glass-bottles", "goalie-mask", "scope", "canned-food", "bag-of-rice", "water"),
]

_ZOMBICIDE_2 = [
    _weapon("baseball-bat", melee=_melee(2, 3, 1)),
    _weapon("crowbar", melee=_melee(1, 4, 1), opens_doors=True),
    _weapon("fire-axe", melee=_melee(1, 4, 2), opens_doors=True, door_noisy=True),
    _weapon("pistol", ranged=_ranged(0, 1, 1, 3, 1), dual=True, ammo="bullets"),
    _weapon("chainsaw", melee=Profile("melee", 0, 0, 5, 5, 2, noisy=True), opens_doors=True, door_noisy=True),
    _weapon("katana", melee=_melee(2, 4, 1), dual=True),
    _weapon("kukri", melee=_melee(2, 4, 2)),
    _weapon("machete", melee=_melee(1, 3, 2), dual=True),
    _weapon("molotov", ranged=_ranged(1, 1, 0, 0, 0), molotov=True),
    _weapon("sawed-off", ranged=_ranged(0, 1, 2, 3, 1), dual=True, reload=True, ammo="shells"),
    _weapon("shotgun", ranged=_ranged(0, 1, 2, 4, 2), ammo="shells"),
    _weapon("sniper-rifle", ranged=_ranged(1, 3, 1, 3, 2), ammo="bullets", sniper=True),
    _weapon("sub-mg", ranged=_ranged(0, 1, 3, 5, 1), dual=True, ammo="bullets"),
    _weapon("army-sniper-rifle", ranged=_ranged(1, 4, 2, 3, 2), ammo="bullets", sniper=True, pimp=True),
    _weapon("automatic-shotgun", ranged=_ranged(0, 1, 3, 4, 2), ammo="shells", pimp=True),
    _weapon("evil-twins", ranged=_ranged(0, 1, 2, 3, 1), ammo="bullets", pimp=True),
    _weapon("golden-ak-47", ranged=_ranged(1, 2, 3, 4, 2), ammo="bullets", pimp=True),
    _weapon("golden-kukri", melee=_melee(4, 4, 2), pimp=True),
    _weapon("gunblade", melee=_melee(4, 4, 2), ranged=_ranged(0, 1, 2, 4, 2), ammo="bullets", pimp=True),
    _weapon("mas-shotgun", melee=_melee(1, 3, 2), ranged=_ranged(0, 1, 2, 3, 2), reload=True, ammo="shells",
            pimp=True),
    _weapon("nailbat", melee=_melee(2, 3, 2), pimp=True),
    _weapon("zantetsuken", melee=_melee(5, 4, 1), pimp=True),
    Card("plenty-of-bullets", rerolls_ammo="bullets"),
    Card("plenty-of-shells", rerolls_ammo="shells"),
    *_items("bag-of-rice", "canned-food", "water"),
]

_CATALOGUES = {"zombicide-1": _ZOMBICIDE_1, "zombicide-2": _ZOMBICIDE_2}


def default_catalogue(edition: str) -> dict[str, Card]:
    """The built-in cards of an edition (an unknown edition gets only the common cards)."""
    return {card.name: card for card in [*_COMMON, *_CATALOGUES.get(edition, [])]}
