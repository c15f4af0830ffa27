"""Zombicide's data checks that need no rules model: derived parameters, cards, levels, the shape
of the parameters only the prose cites.

Called by the loader through the registry (generator/games/__init__.py), with its Context, so
every problem is reported with its place like any other data error.
"""

from __future__ import annotations

from generator.games.zombicide.rules import PARAMETERS
from generator.load import prose_parameters as prose
from generator.load.entities import Entity, Game
from generator.load.references import suggestion
from generator.load.schema import Context


def derived_parameters(entity: Entity) -> dict:
    """Entity statistics are parameters too: `walker.actions`, `yellow.xp`, `pistol.dice`."""
    if entity.kind == "zombie":
        return {f"{entity.id}.{k}": v for k, v in entity.fields.get("stats", {}).items()}
    if entity.kind == "level" and "xp" in entity.fields:
        return {f"{entity.id}.xp": entity.fields["xp"]}
    if entity.kind in ("equipment", "skill"):
        return _equipment_parameters(entity)
    return {}


def check_entity(entity: Entity, game: Game, ctx: Context) -> None:
    if entity.kind == "equipment":
        _check_equipment(entity, game, ctx)
    elif entity.kind == "zombie-card":
        _check_zombie_card(entity, game, ctx)
    elif entity.kind == "survivor":
        _check_survivor(entity, game, ctx)


def _check_survivor(survivor: Entity, game: Game, ctx: Context) -> None:
    """The skill tree names the game's danger levels, each of them, and the game's skills."""
    if not game.complete:
        return
    tree = survivor.fields.get("skills") or {}
    levels = [level.id for level in game.of_kind("level")]
    where = survivor.field_where.get("skills", survivor.where)
    for level, ids in tree.items():
        if level not in levels:
            ctx.error(
                where,
                f"skills at '{level}', which is no danger level"
                f"{suggestion(level, levels, 'use an id from levels.yaml')}",
            )
        offered: set[str] = set()
        for skill, at in ids:
            if skill in offered:
                ctx.at("skills").at(level).error(
                    at, f"'{skill}' is listed twice: the page would offer it as two choices; list each skill once"
                )
                continue
            offered.add(skill)
            if getattr(game.entities.get(skill), "kind", None) != "skill":
                ctx.error(
                    at,
                    f"'{skill}' is no skill of this game"
                    f"{suggestion(skill, [s.id for s in game.of_kind('skill')], 'use an id from skills.yaml')}",
                )
    kind, health = survivor.fields.get("type"), survivor.fields.get("health")
    usual = game.parameters.get(f"health-{kind}")
    if health is not None and usual is not None and health != usual.fields.get("value"):
        ctx.error(
            survivor.field_where["health"],
            f"health {health}, but a {kind} starts with "
            f"{usual.fields.get('value')} (parameter 'health-{kind}'); "
            f"correct one of them",
        )
    missing = [level for level in levels if level not in tree]
    if missing:
        ctx.error(where, f"no skill for level(s) {', '.join(missing)}; every danger level gives a skill")


def _equipment_parameters(card: Entity) -> dict:
    """`pistol.copies`, `pistol.dice` (first attack), `mas-shotgun.ranged.dice` (per mode)."""
    derived = {f"{card.id}.copies": card.fields["copies"]} if "copies" in card.fields else {}
    attacks = card.fields.get("attacks") or []
    for index, attack in enumerate(attacks):
        prefixes = [f"{card.id}.{attack.get('mode')}"] + ([card.id] if index == 0 else [])
        for prefix in prefixes:
            for key in ("dice", "accuracy", "damage"):
                if key in attack:
                    derived[f"{prefix}.{key}"] = attack[key]
            if "range" in attack:
                derived[f"{prefix}.range-min"], derived[f"{prefix}.range-max"] = attack["range"]
    return derived


def _check_equipment(card: Entity, game: Game, ctx: Context) -> None:
    attacks, profile = card.fields.get("attacks"), "an attack profile (mode, range, dice, accuracy, damage, noise)"
    if attacks == []:
        ctx.at("attacks").error(
            card.field_where["attacks"],
            f"the list is empty; give the weapon {profile}, or leave attacks out if the card is no weapon",
        )
    elif attacks is None and card.fields.get("kind") == "weapon":
        ctx.error(
            card.where,
            f"a weapon needs 'attacks', a list of at least one {profile}; add it, or give the card another kind",
        )
    combine = card.fields.get("combine")
    for key in ("with", "makes"):
        target = (combine or {}).get(key)
        if target and getattr(game.entities.get(target), "kind", None) != "equipment":
            ctx.error(
                card.field_where["combine"],
                f"combine.{key} names '{target}', which is no equipment card"
                f"{suggestion(target, list(game.entities), 'use an id from equipment.yaml')}",
            )


def _check_zombie_card(card: Entity, game: Game, ctx: Context) -> None:
    """Rows name the game's levels and zombies; the effect says which fields the card needs."""
    if not game.complete:
        return  # the levels or zombies may stand in the file that could not be read
    effect, rows = card.fields.get("effect"), card.fields.get("rows")
    levels = [level.id for level in game.of_kind("level")]
    zombies = list(game.by_id("zombie"))
    if effect == "extra-activation":
        target = card.fields.get("activates")
        if target is None:
            ctx.error(card.where, "an extra activation card needs 'activates': the zombie type it activates")
        elif target not in game.by_id("zombie"):
            ctx.error(
                card.field_where["activates"],
                f"unknown zombie '{target}'{suggestion(target, zombies, 'use an id from zombies.yaml')}",
            )
        return
    if rows is None:
        ctx.error(card.where, f"a {effect} card needs 'rows': what it brings at each danger level")
        return
    for (level, zombie), where in rows.where.items():
        if not zombie and level not in levels:
            ctx.error(where, f"unknown danger level '{level}'{suggestion(level, levels, 'use an id from levels.yaml')}")
        elif zombie and zombie not in game.by_id("zombie"):
            ctx.error(where, f"unknown zombie '{zombie}'{suggestion(zombie, zombies, 'use an id from zombies.yaml')}")
    for level in levels:
        if level not in rows.counts and (level, "") not in rows.where:
            ctx.error(card.field_where["rows"], f"missing the row for level '{level}'; write {{}} if it brings nothing")


def check_levels(game: Game, ctx: Context) -> None:
    previous = None
    for level in game.of_kind("level"):
        xp = level.fields.get("xp")
        if xp is None:
            continue
        if previous is not None and xp <= previous.fields["xp"]:
            ctx.at(f"level '{level.id}'").error(
                level.field_where["xp"],
                f"level thresholds must increase: '{level.id}' ({xp}) is not above "
                f"'{previous.id}' ({previous.fields['xp']}); raise its xp or reorder the levels",
            )
        previous = level


def check_prose_parameters(game: Game, ctx: Context) -> None:
    """Parameters only the prose cites are counts, lists or orders it can say (no switches)."""
    prose.check_prose_parameters(game, ctx, PARAMETERS, lambda pid: False)
