"""The game's numbers and chosen readings, taken from the data's parameters by id.

Every value comes from `rules_data/resident-evil/parameters*.yaml`; nothing here restates a
number. Where the source reads two ways, a `parameters-readings.yaml` value selects the reading
and this class only carries it to the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.core.dice import Die
from generator.errors import RulesDataError

from .dice import BLANK, attack_die

SIZES = ("small", "medium", "large")


class RulesError(RulesDataError):
    """Parameters or check cards the model cannot make coherent rules from. `subject` names the
    parameter that is wrong (its place is the message's place); `problems` may also be DataErrors
    that carry their own places (the check cards)."""

    def __init__(self, problem: str | list, subject: str | None = None):
        super().__init__(problem if isinstance(problem, list) else [problem])
        self.subject = subject


# Every parameter the model reads, by the kind of value it must be (parameter_checks.py checks
# the kind, ranges.py the number): "number" a whole number, "switch" true or false, "faces" a
# list of die faces (ids), "levels" a list of whole numbers.
PARAMETERS: dict[str, str] = {
    **dict.fromkeys(
        (
            "actions-per-turn",
            "tension-cards-per-phase",
            "unresolvable-tension-extra-draws",
            "square-max-small",
            "square-max-medium",
            "square-medium-with-small",
            "square-max-large",
            "health-steps",
            "revive-health-box",
            "rapid-fire-max-extra-dice",
            "ammo-per-attack",
            "evade-steps",
            "ink-ribbons-small-party",
            "small-party-max",
            "ink-ribbons-large-party",
            "item-box-capacity",
            "corpses-per-square-max",
            "crimson-head-corpse-threshold",
            "crimson-head-cards",
            "corpse-danger-threshold",
            "end-phase-handgun-ammo",
            "end-phase-heal",
            "danger-on-complete",
            "danger-on-fail",
            "reserve-wounds-healed",
            "reserve-death-wounds",
            "switch-below-players",
            "max-characters",
            "start-positions",
        ),
        "number",
    ),
    **dict.fromkeys(
        (
            "top-result-always-evades",
            "oos-attack-excludes-hit-enemies",
            "linked-tiles-chain",
            "evade-counts-enemies-in-range",
            "attack-results-stack",
            "defeated-enemy-leaves-corpse",
            "revival-counts-item-box",
            "lost-beyond-danger",
            "corpse-roll-once-per-action",
            "free-discard-any-number",
            "spray-overfills-item-box",
        ),
        "switch",
    ),
    "success-results": "faces",
    "evade-ladder": "faces",
    "danger-extra-text-levels": "levels",
}
# The alternate modes' parameters (parameters-modes.yaml): optional, a mode without them plays
# the normal rules. A mode is named by the first word of its parameters (easy-..., solo-...).
MODE_PREFIXES = ("easy-", "solo-")
MODE_PARAMETERS: dict[str, str] = {
    "easy-ink-ribbons-per-character": "number",
    "easy-typewriter-stays": "switch",
    "easy-reload-to-capacity": "switch",
    "easy-spray-heals-to-fine": "switch",
    "easy-push-every-enemy-after-failed-evade": "switch",
    "solo-item-box-capacity": "number",
    "solo-boss-health-reduction": "number",
    "solo-start-positions": "number",
    "solo-unconscious-becomes-danger": "switch",
}
NORMAL_MODE = "normal"


@dataclass(frozen=True)
class Rules:
    actions_per_turn: int
    tension_cards_per_phase: int
    unresolvable_extra_draws: int
    size_weights: dict[str, int]
    square_limit: int
    health_steps: int
    revive_position: int  # the health-track box (1 = Fine) a revived character stands on
    rapid_fire_max_extra: int
    ammo_per_attack: int
    success_results: tuple[str, ...]  # ranked, weakest first
    evade_ladder: tuple[str, ...]  # weakest result that evades, by difficulty step
    top_result_always_evades: bool
    ink_ribbons_small_party: int
    small_party_max: int
    ink_ribbons_large_party: int
    item_box_capacity: int
    corpses_per_square_max: int
    danger_extra_text_levels: tuple[int, ...]
    crimson_head_corpse_threshold: int
    crimson_head_cards: int
    corpse_danger_threshold: int
    end_phase_handgun_ammo: int
    end_phase_heal: int
    danger_on_complete: int
    danger_on_fail: int
    reserve_wounds_healed: int
    reserve_death_wounds: int
    switch_below_players: int
    max_characters: int  # the most characters a game plays
    start_positions: int  # the start squares (S1, S2, ...) a scenario's characters are placed on
    # readings (parameters-readings.yaml)
    oos_attack_excludes_hit_enemies: bool
    linked_tiles_chain: bool
    evade_counts_enemies_in_range: bool
    attack_results_stack: bool
    defeated_enemy_leaves_corpse: bool
    revival_counts_item_box: bool
    lost_beyond_danger: bool
    corpse_roll_once_per_action: bool
    free_discard_any_number: bool
    spray_overfills_item_box: bool  # the end phase's First Aid Spray goes into a full item box all the same
    # alternate modes (parameters-modes.yaml)
    modes: dict[str, Any] = field(default_factory=dict)

    @property
    def attack_die(self) -> Die[str]:
        """The blue die of attacks and evades, its faces named by these rules (see dice.py)."""
        return attack_die(self.success_results)

    def rank(self, face: str) -> int:
        """0 for a face that is not a success, else 1 for the weakest success upwards."""
        return self.success_results.index(face) + 1 if face in self.success_results else 0

    @property
    def mode_names(self) -> list[str]:
        """The modes a case may play: normal, and each mode the parameters change the rules for."""
        return [NORMAL_MODE, *sorted({pid.split("-")[0] for pid in self.modes})]

    def start_squares_used(self, mode: str) -> int:
        """How many of a scenario's start squares the mode places characters on (solo: S1 only)."""
        if mode == "solo":
            return int(self.modes.get("solo-start-positions", self.start_positions))
        return self.start_positions

    def weight(self, size: str) -> int:
        if size not in self.size_weights:
            raise RulesError(f"unknown model size '{size}'; use one of {', '.join(self.size_weights)}")
        return self.size_weights[size]


def rules_from_parameters(values: dict[str, Any]) -> Rules:
    """Build Rules from parameter id -> value; a missing id is named in the error."""

    def get(pid: str) -> Any:
        if pid not in values:
            raise RulesError(f"parameter '{pid}' is missing; add it to the game's parameters*.yaml", subject=pid)
        return values[pid]

    small = get("square-max-small")
    medium_count, medium_with_small = get("square-max-medium"), get("square-medium-with-small")
    large = get("square-max-large")
    # The four legal mixes of a square are one weight limit: small 1, medium and large in proportion.
    weights = {"small": 1, "medium": small // medium_count, "large": small // large}
    if weights["medium"] + medium_with_small * weights["small"] != small or small % medium_count or small % large:
        raise RulesError(
            f"square-max-small ({small}), square-max-medium ({medium_count}), square-medium-with-small "
            f"({medium_with_small}) and square-max-large ({large}) do not describe one weight limit "
            f"per square: the small count must be a multiple of the medium and large counts, and one "
            f"medium model and square-medium-with-small small ones must fill a square; correct one "
            f"of the four",
            subject="square-max-medium",
        )
    success = tuple(get("success-results"))
    if len(set(success)) != len(success) or BLANK in success:
        raise RulesError(
            f"success-results {list(success)} names a face twice or the blank face '{BLANK}'; list "
            f"each success result once, weakest first",
            subject="success-results",
        )
    ladder = tuple(get("evade-ladder"))
    unknown = [r for r in ladder if r not in success]
    if unknown:
        raise RulesError(
            f"evade-ladder names {unknown}, which are not in success-results {list(success)}; use those faces",
            subject="evade-ladder",
        )
    if len(ladder) != get("evade-steps"):
        raise RulesError(
            f"evade-ladder has {len(ladder)} steps but evade-steps says {get('evade-steps')}; make them agree",
            subject="evade-ladder",
        )
    modes = {pid: v for pid, v in values.items() if pid.startswith(MODE_PREFIXES)}
    return Rules(
        actions_per_turn=get("actions-per-turn"),
        tension_cards_per_phase=get("tension-cards-per-phase"),
        unresolvable_extra_draws=get("unresolvable-tension-extra-draws"),
        size_weights=weights,
        square_limit=small,
        health_steps=get("health-steps"),
        revive_position=get("revive-health-box"),
        rapid_fire_max_extra=get("rapid-fire-max-extra-dice"),
        ammo_per_attack=get("ammo-per-attack"),
        success_results=success,
        evade_ladder=ladder,
        top_result_always_evades=get("top-result-always-evades"),
        ink_ribbons_small_party=get("ink-ribbons-small-party"),
        small_party_max=get("small-party-max"),
        ink_ribbons_large_party=get("ink-ribbons-large-party"),
        item_box_capacity=get("item-box-capacity"),
        corpses_per_square_max=get("corpses-per-square-max"),
        danger_extra_text_levels=tuple(get("danger-extra-text-levels")),
        crimson_head_corpse_threshold=get("crimson-head-corpse-threshold"),
        crimson_head_cards=get("crimson-head-cards"),
        corpse_danger_threshold=get("corpse-danger-threshold"),
        end_phase_handgun_ammo=get("end-phase-handgun-ammo"),
        end_phase_heal=get("end-phase-heal"),
        danger_on_complete=get("danger-on-complete"),
        danger_on_fail=get("danger-on-fail"),
        reserve_wounds_healed=get("reserve-wounds-healed"),
        reserve_death_wounds=get("reserve-death-wounds"),
        switch_below_players=get("switch-below-players"),
        max_characters=get("max-characters"),
        start_positions=get("start-positions"),
        oos_attack_excludes_hit_enemies=get("oos-attack-excludes-hit-enemies"),
        linked_tiles_chain=get("linked-tiles-chain"),
        evade_counts_enemies_in_range=get("evade-counts-enemies-in-range"),
        attack_results_stack=get("attack-results-stack"),
        defeated_enemy_leaves_corpse=get("defeated-enemy-leaves-corpse"),
        revival_counts_item_box=get("revival-counts-item-box"),
        lost_beyond_danger=get("lost-beyond-danger"),
        corpse_roll_once_per_action=get("corpse-roll-once-per-action"),
        free_discard_any_number=get("free-discard-any-number"),
        spray_overfills_item_box=get("spray-overfills-item-box"),
        modes=modes,
    )
