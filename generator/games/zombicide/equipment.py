"""Equipment cards as the engine needs them: attack profiles and rule flags, by card id.

The cards come from the edition's equipment.yaml (generator/model_data.py builds them); the
engine holds no card statistics of its own.
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
    combines_with: str | None = None  # the card this one combines with (Rifle + Scope)
    makes: str | None = None  # what the combination becomes (Sniper Rifle)

    def profile(self, mode: str | None = None) -> Profile | None:
        if mode == "melee":
            return self.melee
        if mode == "ranged":
            return self.ranged
        return self.ranged or self.melee
