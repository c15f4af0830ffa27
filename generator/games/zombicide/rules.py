"""Every number and order the engine uses, built from one edition's data.

The engine never hard-codes a rule value: it reads a `Rules`. Where the two editions differ,
the difference is a field here (a number, an order, or a flag that picks a small strategy in
`strategies.py`), taken from the edition's parameters.yaml, zombies.yaml and levels.yaml.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from generator.errors import RulesDataError, ScenarioError
from generator.games.zombicide import checks
from generator.games.zombicide.equipment import Card


@dataclass(frozen=True)
class ZombieStats:
    actions: int
    min_damage: int  # least damage one hit needs to kill
    xp: int
    special: tuple[str, ...] = ()  # special rules by id, see ZOMBIE_SPECIAL_RULES


# Special rules a zombie type may carry in zombies.yaml (`special: [...]`), as the engine applies them.
ABOMINATION = "abomination"  # the type every Abomination type counts as (limits, supply, splitting)

ZOMBIE_SPECIAL_RULES = {
    "abomination-type": "an Abomination type: one Abomination of any type on the board, one shared supply",
    "no-combat-in-its-zone": "survivors in its zone cannot take a combat action (Hobomination)",
    "molotov-kills-only-it": "a Molotov thrown into its zone kills it and nothing else (Abominawild)",
}


# parameter id -> (Rules field, kind, default). A default of REQUIRED makes the parameter mandatory.
REQUIRED = object()
PARAMETERS: dict[str, tuple[str, str, Any]] = {
    "actions-per-turn": ("actions_per_turn", "int", REQUIRED),
    "extra-action-levels": ("extra_action_levels", "ids", ()),
    "hand-slots": ("hand_slots", "int", REQUIRED),
    "backpack-slots": ("backpack_slots", "int", REQUIRED),
    "objective-xp": ("objective_xp", "int", REQUIRED),
    "max-die-result": ("max_die_result", "int", REQUIRED),
    "ranged-target-order": ("ranged_target_order", "groups", REQUIRED),
    "ranged-misses-hit-survivors": ("ranged_misses_hit_survivors", "bool", False),
    "wounds-take-inventory-slots": ("wounds_take_slots", "bool", False),
    "wounds-to-die": ("wounds_to_die", "int", 0),
    "health-adult": ("health_adult", "int", 0),
    "health-kid": ("health_kid", "int", 0),
    "kid-skills": ("kid_skills", "ids", ()),
    "door-spawn-dark-zones-only": ("door_spawn_dark_zones_only", "bool", False),
    "blocked-zombies-move-as-if-doors-open": ("blocked_zombies_move_as_if_doors_open", "bool", False),
    "split-adds-zombies": ("split_adds_zombies", "bool", False),
    "second-abomination-replaced-by": ("second_abomination_replaced_by", "ids", ()),
    "second-abomination-activates": ("second_abomination_activates", "bool", False),
    "fatty-escort": ("fatty_escort", "ids", ()),
    "extra-activation-ignored-at": ("extra_activation_ignored_at", "ids", ()),
    "searches-per-turn": ("searches_per_turn", "int", 1),
    "move-extra-cost-per-zombie": ("move_extra_cost_per_zombie", "int", 1),
    "flashlight-draws": ("flashlight_draws", "int", 2),
    # Two Flashlights held together (0: the second adds nothing; the 1st edition's designers: 3).
    "two-flashlights-draws": ("two_flashlights_draws", "int", 0),
    "reshuffle-excludes": ("reshuffle_excludes", "ids", ()),
    "survivor-noise": ("survivor_noise", "int", 1),
    "noise-per-action": ("noise_per_action", "int", 1),
    "car-rules": ("car_rules", "bool", False),
    "car-attack-hit": ("car_attack_hit", "int", 4),
    "car-drive-max-zones": ("car_drive_max_zones", "int", 2),
    "zombie-supply": ("zombie_supply", "pairs", ()),
    "traded-weapon-keeps-reload-state": ("traded_weapon_keeps_reload_state", "bool", True),
    # Board Game Arena refuses a combat action whose only targets are zombies the weapon cannot kill.
    "combat-needs-a-target-it-can-hurt": ("combat_needs_a_target_it_can_hurt", "bool", False),
    # Skills whose effect differs by edition (0 / False: the 1st edition's reading).
    "kid-slippery-uses-per-turn": ("kid_slippery_uses_per_turn", "int", 0),  # 0: no limit
    "hoard-slots": ("hoard_slots", "int", 1),
    "medic-heals-in-end-phase": ("medic_heals_in_end_phase", "bool", False),
    "two-cocktails-keep-on": ("two_cocktails_keep_on", "int", 0),  # 0: the 1st edition's crafting
    "hold-your-nose-draws-on-clear": ("hold_your_nose_draws_on_clear", "bool", False),
    # 2nd edition: Born leader's gift is taken at once, inside the giver's turn (1st: next turn).
    "born-leader-acts-at-once": ("born_leader_acts_at_once", "bool", False),
    "skill-starting-ap": ("skill_starting_ap", "int", 0),  # what Starts with 2 AP gives at setup
}

# Types a target order may name besides the zombie types.
TARGET_KINDS_BESIDES_ZOMBIES = ("survivor",)


@dataclass(frozen=True)
class Rules:
    edition: str
    actions_per_turn: int
    hand_slots: int
    backpack_slots: int
    objective_xp: int
    max_die_result: int
    ranged_target_order: tuple[tuple[str, ...], ...]
    zombies: Mapping[str, ZombieStats]
    levels: tuple[tuple[str, int], ...]
    extra_action_levels: tuple[str, ...] = ()
    ranged_misses_hit_survivors: bool = False
    wounds_take_slots: bool = False
    wounds_to_die: int = 0
    health_adult: int = 0
    health_kid: int = 0
    kid_skills: tuple[str, ...] = ()
    door_spawn_dark_zones_only: bool = False
    blocked_zombies_move_as_if_doors_open: bool = False
    split_adds_zombies: bool = False
    second_abomination_replaced_by: tuple[str, ...] = ()
    second_abomination_activates: bool = False
    fatty_escort: tuple[str, ...] = ()
    extra_activation_ignored_at: tuple[str, ...] = ()
    searches_per_turn: int = 1
    move_extra_cost_per_zombie: int = 1
    flashlight_draws: int = 2
    two_flashlights_draws: int = 0
    reshuffle_excludes: tuple[str, ...] = ()
    survivor_noise: int = 1
    noise_per_action: int = 1
    car_rules: bool = False
    car_attack_hit: int = 4
    car_drive_max_zones: int = 2
    zombie_supply: Mapping[str, int] = field(default_factory=dict)  # a type not listed is unlimited
    traded_weapon_keeps_reload_state: bool = True
    combat_needs_a_target_it_can_hurt: bool = False
    kid_slippery_uses_per_turn: int = 0
    hoard_slots: int = 1
    medic_heals_in_end_phase: bool = False
    two_cocktails_keep_on: int = 0
    hold_your_nose_draws_on_clear: bool = False
    born_leader_acts_at_once: bool = False
    skill_starting_ap: int = 0
    # Skills switched off: the engine plays as if no survivor held them (tests prove each skill
    # this way: a case that passes with the skill and fails without it).
    skills_off: frozenset[str] = frozenset()
    skill_models: Mapping[str, Any] = field(default_factory=dict)
    equipment: Mapping[str, Card] = field(default_factory=dict)
    improvised: Mapping[str, Card] = field(default_factory=dict)  # skill id -> the attack it gives without a card
    parameters: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_data(
        cls,
        edition: str,
        parameters: Mapping[str, Any],
        zombie_stats: Mapping[str, Mapping[str, int]],
        level_thresholds: list[tuple[str, int]],
        skill_models: Mapping[str, Any],
        equipment: Mapping[str, Card] | None = None,
        improvised: Mapping[str, Card] | None = None,
    ) -> "Rules":
        """Build the rules, or raise RulesDataError listing every incoherence in the data."""
        problems = checks.check_rules_data(parameters, zombie_stats, level_thresholds, skill_models)
        if problems:
            raise RulesDataError(problems)
        values: dict[str, Any] = {}
        for pid, (name, kind, default) in PARAMETERS.items():
            raw = parameters.get(pid, None if default is REQUIRED else default)
            values[name] = convert_value(raw, kind)
        zombies = {
            zid: ZombieStats(int(s["actions"]), int(s["min-damage"]), int(s["xp"]), tuple(s.get("special", ())))  # type: ignore[arg-type]
            for zid, s in zombie_stats.items()
        }
        return cls(
            edition=edition,
            zombies=MappingProxyType(zombies),
            levels=tuple((lid, int(xp)) for lid, xp in level_thresholds),
            skill_models=MappingProxyType(dict(skill_models)),
            equipment=MappingProxyType(dict(equipment or {})),
            improvised=MappingProxyType(dict(improvised or {})),
            parameters=MappingProxyType(dict(parameters)),
            **values,
        )

    def with_skills_off(self, *skill_ids: str) -> "Rules":
        """The same rules with these skills out of force for every survivor."""
        return dataclasses.replace(self, skills_off=self.skills_off | frozenset(skill_ids))

    # --- derived facts -------------------------------------------------------------------
    def level_of(self, xp: int) -> str:
        """The highest level whose threshold the experience reaches."""
        reached = self.levels[0][0]
        for lid, threshold in self.levels:
            if xp >= threshold:
                reached = lid
        return reached

    def level_rank(self, level: str) -> int:
        return [lid for lid, _ in self.levels].index(level)

    def search_draws(self, flashlights: int) -> int:
        """Cards a search draws for a survivor holding this many Flashlights (anywhere in the inventory)."""
        if flashlights >= 2 and self.two_flashlights_draws:
            return self.two_flashlights_draws
        return self.flashlight_draws if flashlights else 1

    def health(self, kid: bool) -> int:
        """How many wounds kill a survivor."""
        if self.wounds_to_die:
            return self.wounds_to_die
        return self.health_kid if kid else self.health_adult

    @property
    def combinations(self) -> dict[frozenset[str], str]:
        """Two cards that combine into a third, from the cards' own data."""
        return {
            frozenset({c.name, c.combines_with}): c.makes
            for c in self.equipment.values()
            if c.combines_with and c.makes
        }

    def is_abomination(self, zombie_type: str) -> bool:
        return zombie_type == ABOMINATION or self.special(zombie_type, "abomination-type")

    def supply_pool(self, zombie_type: str) -> str:
        """The supply a type's miniatures come from: every Abomination type shares the Abominations'."""
        return ABOMINATION if self.is_abomination(zombie_type) else zombie_type

    def special(self, zombie_type: str, rule: str) -> bool:
        stats = self.zombies.get(zombie_type)
        return bool(stats and rule in stats.special)

    def card(self, name: str) -> Card:
        if name not in self.equipment:
            raise ScenarioError(f"unknown equipment card '{name}'")
        return self.equipment[name]


def convert_value(raw: Any, kind: str) -> Any:
    if kind in ("int", "bool"):
        return raw
    if kind == "ids":
        return tuple(raw)
    if kind == "groups":
        return tuple(tuple(group) for group in raw)
    if kind == "pairs":
        return MappingProxyType({name: int(count) for name, count in raw})
    raise ValueError(kind)  # pragma: no cover - a programming error in PARAMETERS
