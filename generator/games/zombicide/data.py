"""From loaded rules data to the rules model's inputs: the one place that knows both.

The model (this package) is pure and never imports the loader; the loader never imports
the model. This adapter builds an edition's `Rules` from a loaded `Game`.
"""

from __future__ import annotations

from generator.games.zombicide.equipment import Card, Profile
from generator.games.zombicide.rules import Rules
from generator.load.entities import Entity, Game


def rules_for_game(game: Game) -> Rules:
    """Raises generator.errors.RulesDataError when the data contradicts itself."""
    return Rules.from_data(game.id, **rules_inputs(game))


def rules_inputs(game: Game) -> dict:
    return {
        "parameters": {pid: p.fields["value"] for pid, p in game.parameters.items() if not p.fields.get("derived")},
        "zombie_stats": {
            zid: {**z.fields["stats"], "special": [rule for rule, _ in z.fields.get("special", [])]}
            for zid, z in game.by_id("zombie").items()
        },
        "level_thresholds": [(level.id, level.fields["xp"]) for level in game.of_kind("level")],
        "skill_models": {sid: s.fields["model"] for sid, s in game.by_id("skill").items()},
        "equipment": equipment_cards(game),
        "improvised": improvised_weapons(game),
    }


def equipment_cards(game: Game) -> dict[str, Card]:
    """The edition's cards from equipment.yaml (cars are not cards the engine plays)."""
    cards = [card_from_entity(e) for e in game.of_kind("equipment") if e.fields.get("kind") != "car"]
    return {card.name: card for card in cards}


def improvised_weapons(game: Game) -> dict[str, Card]:
    """The attacks a skill gives without a card (Improvised weapon), as cards named by the skill."""
    return {
        skill.id: card_from_entity(skill, kind="weapon")
        for skill in game.of_kind("skill")
        if skill.fields.get("attacks")
    }


_KINDS = {"weapon": "weapon", "item": "item", "zombie-card": "zombie", "wound": "wound"}


def card_from_entity(entity: Entity, kind: str | None = None) -> Card:
    fields = entity.fields
    profiles = {attack["mode"]: attack for attack in fields.get("attacks", [])}
    specials = {attack.get("special") for attack in profiles.values()}
    door = fields.get("door", "none")
    return Card(
        entity.id,
        kind=kind or _KINDS[fields["kind"]],
        melee=_profile(profiles.get("melee")),
        ranged=_profile(profiles.get("ranged")),
        dual=fields.get("dual", False),
        opens_doors=door != "none",
        door_noisy=door == "noisy",
        reload=any(attack.get("reload") for attack in profiles.values()),
        sniper="sniper" in specials,
        molotov="kills-all-in-zone" in specials,
        ammo=fields.get("ammo"),
        rerolls_ammo=fields.get("rerolls-ammo"),
        draws_extra=fields.get("search-draws", 1) > 1,
        pimp=fields.get("deck") == "pimp",
        combines_with=(fields.get("combine") or {}).get("with"),
        makes=(fields.get("combine") or {}).get("makes"),
    )


def _profile(attack: dict | None) -> Profile | None:
    if attack is None:
        return None
    low, high = attack["range"]
    return Profile(
        attack["mode"],
        low,
        high,
        attack["dice"],
        attack["accuracy"],
        attack["damage"],
        noisy=attack["noise"] == "noisy",
    )
