"""From rules data to the rules model's inputs: the one place that knows both.

The model (this package) is pure and never imports the loader; the loader never imports
the model. This adapter builds an edition's `Rules` from the data as the open data feed gives it
(generator/feed/): from a loaded `Game` at build time, from the feed itself in the reader's
browser (the resolver page), through the same function, so the two cannot differ.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from generator.feed import entity_data, parameter_values
from generator.games.zombicide.equipment import Card, Profile
from generator.games.zombicide.rules import Rules
from generator.load.entities import Game

Entry = tuple[str, str, Mapping[str, Any]]  # an entity as the feed gives it: kind, id, data


def rules_for_game(game: Game) -> Rules:
    """Raises generator.errors.RulesDataError when the data contradicts itself."""
    return Rules.from_data(game.id, **rules_inputs(game))


def rules_inputs(game: Game) -> dict:
    """The inputs of Rules.from_data, from a loaded game as its feed gives it."""
    return inputs_from_entries(parameter_values(game), [(e.kind, e.id, entity_data(e)) for e in game.entities.values()])


def rules_from_feed(feed: Mapping[str, Any]) -> Rules:
    """The same rules from an open data feed (any of its languages)."""
    parameters = {p["id"]: p["value"] for p in feed["parameters"] if not p["derived"]}
    entries = [(e["kind"], e["id"], e.get("data") or {}) for e in feed["entities"]]
    return rules_from_entries(feed["game"]["id"], parameters, entries)


def rules_from_entries(edition: str, parameters: Mapping[str, Any], entries: Iterable[Entry]) -> Rules:
    return Rules.from_data(edition, **inputs_from_entries(parameters, list(entries)))


def inputs_from_entries(parameters: Mapping[str, Any], entries: list[Entry]) -> dict:
    def of(kind: str) -> list[tuple[str, Mapping[str, Any]]]:
        return [(eid, data) for k, eid, data in entries if k == kind]

    return {
        "parameters": dict(parameters),
        "zombie_stats": {zid: {**z["stats"], "special": list(z.get("special", []))} for zid, z in of("zombie")},
        "level_thresholds": [(lid, level["xp"]) for lid, level in of("level")],
        "skill_models": {sid: s["model"] for sid, s in of("skill")},
        "equipment": {
            eid: card_from_entity(eid, fields) for eid, fields in of("equipment") if fields.get("kind") != "car"
        },
        # The attacks a skill gives without a card (Improvised weapon), as cards named by the skill.
        "improvised": {sid: card_from_entity(sid, s, kind="weapon") for sid, s in of("skill") if s.get("attacks")},
    }


_KINDS = {"weapon": "weapon", "item": "item", "zombie-card": "zombie", "wound": "wound"}


def card_from_entity(card_id: str, fields: Mapping[str, Any], kind: str | None = None) -> Card:
    """A card of the engine from an equipment entry's data (cars are not cards the engine plays),
    or from a skill's attacks as a weapon (`kind`)."""
    profiles = {attack["mode"]: attack for attack in fields.get("attacks", [])}
    specials = {attack.get("special") for attack in profiles.values()}
    door = fields.get("door", "none")
    return Card(
        card_id,
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
