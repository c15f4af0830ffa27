"""Coherence checks on one edition's rules data, before the engine trusts it.

Each problem names its subject (a parameter or entity id) and says what is wrong and what to
change; the caller maps the subject to file:line:column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from generator.games.zombicide import rules as edition  # its tables, read when the data is checked
from generator.games.zombicide.skills import APPLIED_SKILLS

STAT_NAMES = ("actions", "min-damage", "xp")
TOTAL_SUFFIX = "-total"


WALKER = "walker"  # the zombie type the rules name: an Aaahh!! card's, the odds tables'


@dataclass(frozen=True)
class Problem:
    subject: str  # parameter id or entity id
    message: str

    def __str__(self) -> str:
        return f"{self.subject}: {self.message}"


def check_rules_data(
    parameters: Mapping[str, Any],
    zombie_stats: Mapping[str, Mapping[str, int]],
    level_thresholds: list[tuple[str, int]],
    skill_models: Mapping[str, Any],
) -> list[Problem]:
    """Every incoherence found, in a stable order (empty when the data is usable)."""
    problems: list[Problem] = []
    problems += _check_parameter_types(parameters)
    problems += _check_levels(level_thresholds)
    problems += _check_zombies(zombie_stats)
    problems += _check_target_order(parameters, zombie_stats)
    problems += _check_type_lists(parameters, zombie_stats, [lid for lid, _ in level_thresholds])
    problems += _check_decks(parameters)
    problems += _check_wounds(parameters)
    problems += _check_skills(skill_models)
    return problems


def skill_coverage(skill_models: Mapping[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """(applied ids, descriptive ids, ids marked applied that the engine does not know)."""
    applied = sorted(sid for sid, model in skill_models.items() if model == "applied")
    descriptive = sorted(sid for sid, model in skill_models.items() if model != "applied")
    unknown = [sid for sid in applied if sid not in APPLIED_SKILLS]
    return applied, descriptive, unknown


def _check_parameter_types(parameters: Mapping[str, Any]) -> list[Problem]:
    problems = []
    for pid, (_, kind, default) in edition.PARAMETERS.items():
        if pid not in parameters:
            if default is edition.REQUIRED:
                problems.append(
                    Problem(
                        pid,
                        f"missing parameter '{pid}'; the rules model needs it: add it to "
                        f"parameters.yaml with its source",
                    )
                )
            continue
        value = parameters[pid]
        expected = {
            "int": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0, "a number of zero or more"),
            "bool": (lambda v: isinstance(v, bool), "true or false"),
            "ids": (lambda v: isinstance(v, list) and all(isinstance(i, str) for i in v), "a list of ids"),
            "groups": (
                lambda v: isinstance(v, list) and all(isinstance(g, list) and g for g in v),
                "a list of groups of ids, e.g. [[walker], [runner]]",
            ),
            "pairs": (lambda v: isinstance(v, list) and all(_is_pair(p) for p in v), "a list of [id, count] pairs"),
        }[kind]
        if not expected[0](value):
            problems.append(Problem(pid, f"'{pid}' must be {expected[1]}, found {value!r}; fix its value"))
    return problems


def _is_pair(item: Any) -> bool:
    return (
        isinstance(item, list)
        and len(item) == 2
        and isinstance(item[0], str)
        and isinstance(item[1], int)
        and not isinstance(item[1], bool)
        and item[1] >= 0
    )


def _check_levels(levels: list[tuple[str, int]]) -> list[Problem]:
    if not levels:
        return [Problem("levels", "no danger levels; add levels with increasing xp thresholds to levels.yaml")]
    problems = []
    first_id, first_xp = levels[0]
    if first_xp != 0:
        problems.append(
            Problem(first_id, f"the first level '{first_id}' must start at 0 xp, found {first_xp}; set its xp to 0")
        )
    for (prev_id, prev_xp), (lid, xp) in zip(levels, levels[1:]):
        if xp <= prev_xp:
            problems.append(
                Problem(
                    lid,
                    f"level thresholds must increase: '{lid}' ({xp}) is not above "
                    f"'{prev_id}' ({prev_xp}); raise {lid}'s xp",
                )
            )
    return problems


def _check_zombies(zombie_stats: Mapping[str, Mapping[str, int]]) -> list[Problem]:
    if not zombie_stats:
        return [Problem("zombies", "no zombie types; add them with their stats to zombies.yaml")]
    problems = []
    if WALKER not in zombie_stats:
        problems.append(
            Problem(
                "zombies",
                f"no zombie type '{WALKER}': the rules model needs it (an Aaahh!! card "
                f"brings a walker, and the odds tables count walkers); give the walker "
                f"the id '{WALKER}' in zombies.yaml",
            )
        )
    for zid, stats in zombie_stats.items():
        for name in STAT_NAMES:
            value = stats.get(name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                problems.append(
                    Problem(zid, f"zombie '{zid}' needs a statistic '{name}' of zero or more; found {value!r}")
                )
        for name in ("actions", "min-damage"):
            if isinstance(stats.get(name), int) and stats[name] == 0:
                problems.append(
                    Problem(
                        zid,
                        f"zombie '{zid}' has {name} 0; every zombie acts at least once and "
                        f"needs at least 1 damage to kill: set it to 1 or more",
                    )
                )
        for rule in stats.get("special", ()):  # type: ignore[union-attr]
            if rule not in edition.ZOMBIE_SPECIAL_RULES:
                problems.append(
                    Problem(
                        zid,
                        f"zombie '{zid}' has special rule '{rule}', which the rules model "
                        f"does not know; use one of {', '.join(edition.ZOMBIE_SPECIAL_RULES)}",
                    )
                )
    return problems


def _check_target_order(parameters: Mapping[str, Any], zombie_stats: Mapping[str, Any]) -> list[Problem]:
    order = parameters.get("ranged-target-order")
    if not isinstance(order, list):
        return []
    known = [*zombie_stats, *edition.TARGET_KINDS_BESIDES_ZOMBIES]
    problems, seen = [], set()
    for group in order:
        for name in group if isinstance(group, list) else []:
            if name not in known:
                problems.append(
                    Problem(
                        "ranged-target-order",
                        f"the target order names unknown type '{name}'; use one of {', '.join(known)}",
                    )
                )
            elif name in seen:
                problems.append(Problem("ranged-target-order", f"'{name}' appears twice in the target order; keep one"))
            seen.add(name)
    missing = [zid for zid in zombie_stats if zid not in seen]
    if missing:
        problems.append(
            Problem(
                "ranged-target-order",
                f"the target order leaves out {', '.join(missing)}; add each zombie type to one group",
            )
        )
    return problems


def _check_type_lists(
    parameters: Mapping[str, Any], zombie_stats: Mapping[str, Any], levels: list[str]
) -> list[Problem]:
    problems = []
    for pid, known, what in (
        ("fatty-escort", list(zombie_stats), "zombie type"),
        ("second-abomination-replaced-by", list(zombie_stats), "zombie type"),
        ("extra-action-levels", levels, "level"),
        ("extra-activation-ignored-at", levels, "level"),
    ):
        for name in parameters.get(pid) or []:
            if isinstance(name, str) and name not in known:
                problems.append(Problem(pid, f"'{pid}' names unknown {what} '{name}'; use one of {', '.join(known)}"))
    for pair in parameters.get("zombie-supply") or []:
        if _is_pair(pair) and pair[0] not in zombie_stats:
            problems.append(
                Problem(
                    "zombie-supply",
                    f"the supply names unknown zombie type '{pair[0]}'; use one of {', '.join(zombie_stats)}",
                )
            )
    return problems


def _check_decks(parameters: Mapping[str, Any]) -> list[Problem]:
    """A deck list `X` ([[card, copies], ...]) must add up to its stated total `X-total`."""
    problems = []
    for pid, total in parameters.items():
        if not pid.endswith(TOTAL_SUFFIX):
            continue
        deck_id = pid[: -len(TOTAL_SUFFIX)]
        deck = parameters.get(deck_id)
        if deck is None:
            problems.append(
                Problem(
                    pid,
                    f"'{pid}' states a total but there is no deck list '{deck_id}'; add the list or remove the total",
                )
            )
            continue
        if not isinstance(deck, list) or not all(_is_pair(p) for p in deck):
            problems.append(Problem(deck_id, f"the deck list '{deck_id}' must be [[card, copies], ...]; fix it"))
            continue
        counted = sum(copies for _, copies in deck)
        if counted != total:
            problems.append(
                Problem(
                    deck_id,
                    f"the deck list '{deck_id}' counts {counted} cards but '{pid}' says "
                    f"{total}; correct a card's copies or the total",
                )
            )
        names = [name for name, _ in deck]
        for name in sorted({n for n in names if names.count(n) > 1}):
            problems.append(Problem(deck_id, f"card '{name}' is listed twice in '{deck_id}'; merge its copies"))
    return problems


def _check_wounds(parameters: Mapping[str, Any]) -> list[Problem]:
    if parameters.get("wounds-to-die") or parameters.get("health-adult"):
        return []
    return [
        Problem(
            "wounds-to-die",
            "nothing says when a survivor dies: set 'wounds-to-die' (wound cards) or "
            "'health-adult' and 'health-kid' (health points)",
        )
    ]


def _check_skills(skill_models: Mapping[str, Any]) -> list[Problem]:
    problems = []
    for sid, model in skill_models.items():
        if model == "applied":
            if sid not in APPLIED_SKILLS:
                problems.append(
                    Problem(
                        sid,
                        f"skill '{sid}' is marked applied but the rules model does not "
                        f'implement it; mark it {{descriptive: "why"}} or implement it',
                    )
                )
        elif not (isinstance(model, dict) and isinstance(model.get("descriptive"), str) and model["descriptive"]):
            problems.append(
                Problem(
                    sid,
                    f"skill '{sid}' must be marked 'applied' or {{descriptive: \"why the model does not apply it\"}}",
                )
            )
    return problems
