"""The skills the engine applies, by id. A skill marked `model: applied` in skills.yaml must be here."""

from __future__ import annotations

# Each id is implemented in the engine's modules (search the id to find where); every rule asks
# Game.skills(), so Rules.with_skills_off(id) switches one off (tests/model/test_skills_proven.py).
APPLIED_SKILLS: frozenset[str] = frozenset(
    {
        "plus-1-action",
        "plus-1-damage-melee",
        "plus-1-damage-ranged",
        "plus-1-to-dice-roll-combat",
        "plus-1-to-dice-roll-melee",
        "plus-1-to-dice-roll-ranged",
        "plus-1-die-combat",
        "plus-1-die-melee",
        "plus-1-die-ranged",
        "plus-1-free-combat-action",
        "plus-1-free-move-action",
        "plus-1-free-search-action",
        "plus-1-max-range",
        "plus-1-zone-per-move",
        "1-re-roll-per-turn",
        "2-zones-per-move-action",
        "ambidextrous",
        "gunslinger",
        "swordmaster",
        "hoard",
        "lucky",
        "ninja",
        "slippery",
        "sniper",
        "tough",
        "lock-it-down",
        "loud",
        "medic",
        "is-that-all-youve-got",
        "2-cocktails",
        "hold-your-nose",
        "born-leader",
        "matching-set",
        # 2nd edition
        "plus-1-damage-combat",
        "plus-1-free-melee-action",
        "plus-1-free-ranged-action",
        "can-search-more-than-once",
        "sprint",
        "charge",
        "scavenger",
        "search-2-cards",
        "super-strength",
        "regeneration",
        "roll-6-plus-1-die",
        "free-reload",
        "is-that-all-youve-got",
        "low-profile",
        "steady-hand",
        "hit-and-run",
        "webbing",
        "barbarian",
        "full-auto",
        "jump",
        "shove",
        "break-in",
        "point-blank",
        "2-cocktails",
        "hold-your-nose",
        "reaper",
        "combat-damage-2",
        "dual-expert",
        "escalation",
        # skills with a step, a choice or a value of their own in the case format
        "blitz",
        "bloodlust",
        "brother-in-arms",
        "combat-reflexes",
        "destiny",
        "distributor",
        "dreadnought",
        "field-medic",
        "home-defender",
        "improvised-weapon-melee",
        "improvised-weapon-ranged",
        "lifesaver",
        "roll-6-plus-1-damage",
        "sidestep",
        "starts-with-2-ap",
        "starts-with-health",
        "starts-with-equipment",
        "tactician",
        "taunt",
        "trick-shot",
        "zombie-link",
    }
)
# Applied as the 2nd edition's rulebook words them where the editions differ: hoard (hoard-slots),
# medic (medic-heals-in-end-phase), Slippery for kids (kid-slippery-uses-per-turn), Sniper and
# Tough against friendly fire (which only the 2nd edition has).

# Skills named where the engine needs their id more than once.
BROTHER_IN_ARMS = "brother-in-arms"
DESTINY = "destiny"
STARTS_WITH_HEALTH = "starts-with-health"
HOARD, PLUS_1_ACTION = "hoard", "plus-1-action"  # the skills that add a backpack slot, an action

# Free actions a skill grants: skill id -> the only action kind it may pay for. A combat action
# is paid as "melee" or "ranged"; the Combat free action pays for either.
FREE_ACTION_SKILLS: dict[str, str] = {
    "plus-1-free-combat-action": "combat",
    "plus-1-free-melee-action": "melee",
    "plus-1-free-ranged-action": "ranged",
    "plus-1-free-move-action": "move",
    "plus-1-free-search-action": "search",
    "break-in": "door",
}
COMBAT_KINDS = ("melee", "ranged")


def pays_for(free_kind: str, action_kind: str) -> bool:
    """Whether a free action of `free_kind` may pay for an action of `action_kind`."""
    return free_kind == action_kind or (free_kind == "combat" and action_kind in COMBAT_KINDS)


def dice_bonus(skills: set[str], kind: str) -> int:
    """Extra dice per weapon for an attack of `kind` (melee or ranged)."""
    return int("plus-1-die-combat" in skills) + int(f"plus-1-die-{kind}" in skills)


def roll_bonus(skills: set[str], kind: str) -> int:
    return int("plus-1-to-dice-roll-combat" in skills) + int(f"plus-1-to-dice-roll-{kind}" in skills)


def damage_bonus(skills: set[str], kind: str) -> int:
    return int("plus-1-damage-combat" in skills) + int(f"plus-1-damage-{kind}" in skills)


def weapon_damage(skills: set[str], kind: str, printed: int) -> int:
    """Super Strength makes a melee weapon Damage 3 before bonuses add to it."""
    base = max(printed, 3) if kind == "melee" and "super-strength" in skills else printed
    if base == 1 and "combat-damage-2" in skills:  # as Combat: melee and ranged alike
        base = 2
    return base + damage_bonus(skills, kind)


def can_dual(skills: set[str], kind: str, card_dual: bool) -> bool:
    """Two identical weapons fire together when the card or a skill says so."""
    if card_dual or "ambidextrous" in skills:
        return True
    return ("gunslinger" in skills and kind == "ranged") or ("swordmaster" in skills and kind == "melee")


def zones_per_move(skills: set[str]) -> int:
    return (2 if "2-zones-per-move-action" in skills else 1) + int("plus-1-zone-per-move" in skills)
