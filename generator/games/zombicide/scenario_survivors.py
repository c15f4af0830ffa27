"""A case's survivors as the rules allow them at its start: alive with fewer wounds than kill,
no more actions used than the turn gives, no more cards than their slots hold, and each one in
a car sitting in a seat of their own, where the car stands.

Each survivor is read as the format's shapes read it (a value that did not fit is None, reported
already). The checks that need the rules (wounds, actions, slots) wait for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.zombicide.rules import Rules
from generator.games.zombicide.strategies import WOUNDED
from generator.scenarios.reading import place

if TYPE_CHECKING:  # pragma: no cover
    from generator.games.zombicide.scenario_ids import _Ids

HOARD, PLUS_1_ACTION = "hoard", "plus-1-action"  # the skills that add a backpack slot, an action


def check_survivors(case: dict, ids: "_Ids") -> None:
    seated: dict[tuple[str, int], str] = {}
    for sid, spec in (case.get("survivors") or {}).items():
        if not spec:
            continue
        path = ("survivors", sid)
        if ids.rules is not None:
            _alive(sid, spec, ids, ids.rules, path)
            _actions(sid, spec, ids, ids.rules, path)
            _backpack(sid, spec, ids, ids.rules, path)
        _car(sid, spec, case, ids, seated, path)


def skills_at_start(spec: dict, rules: Rules) -> set[str]:
    """The skills in force when the case starts: its own, its levels' (by its experience), a kid's."""
    xp = spec.get("xp") or 0
    reached = {lid for lid, threshold in rules.levels if xp >= threshold}
    skills = set(item for item in spec.get("skills") or [] if item)
    for level, gained in (spec.get("level-skills") or {}).items():
        if level in reached:
            skills |= set(item for item in (gained if isinstance(gained, list) else [gained]) if item)
    if spec.get("kid"):
        skills |= set(rules.kid_skills)
    return skills


def _alive(sid: str, spec: dict, ids: "_Ids", rules: Rules, path: tuple) -> None:
    """A survivor with the wounds that kill is dead, and the case says so."""
    wounds, kid = spec.get("wounds"), bool(spec.get("kid"))
    if wounds is None or spec.get("dead") or wounds < rules.health(kid):
        return
    if rules.wounds_to_die:
        why = f"parameter 'wounds-to-die' is {rules.wounds_to_die}"
    else:
        why = (
            f"a {'kid' if kid else 'survivor'}'s health, parameter 'health-{'kid' if kid else 'adult'}', "
            f"is {rules.health(kid)}"
        )
    ids.crumb((*path, "wounds")).error(
        place(ids.node, *path, "wounds"),
        f"{sid} has {wounds} wounds, which kill ({why}); give fewer than {rules.health(kid)}, or write 'dead: true'",
    )


def _actions(sid: str, spec: dict, ids: "_Ids", rules: Rules, path: tuple) -> None:
    """No more actions used than the survivor's turn gives (as the engine counts them)."""
    used = spec.get("actions-used")
    if used is None:
        return
    xp = spec.get("xp") or 0
    levels = sum(1 for lid, threshold in rules.levels if xp >= threshold and lid in rules.extra_action_levels)
    extra = int(PLUS_1_ACTION in skills_at_start(spec, rules))
    total = rules.actions_per_turn + levels + extra
    if used > total:
        parts = [f"parameter 'actions-per-turn' gives {rules.actions_per_turn}"]
        parts += [f"{levels} more for the levels reached in 'extra-action-levels'"] if levels else []
        parts += ["1 more for +1 Action"] if extra else []
        ids.crumb((*path, "actions-used")).error(
            place(ids.node, *path, "actions-used"),
            f"{sid} has {total} actions this turn ({'; '.join(parts)}), not {used}: write at most {total}",
        )


def _backpack(sid: str, spec: dict, ids: "_Ids", rules: Rules, path: tuple) -> None:
    """The backpack holds its slots' cards (Hoard's slot only for a survivor with Hoard), and the
    Wounded cards of the survivor's wounds where wounds take slots (they go in the backpack)."""
    backpack = spec.get("backpack")
    if backpack is None:
        return
    hoard = HOARD in skills_at_start(spec, rules)
    slots = rules.backpack_slots + (rules.hoard_slots if hoard else 0)
    cards = [card for card in [*(spec.get("hands") or []), *backpack] if card]
    wound_cards = max(0, (spec.get("wounds") or 0) - cards.count(WOUNDED)) if rules.wounds_take_slots else 0
    if len(backpack) + wound_cards <= slots:
        return
    holds = f"{len(backpack)} cards" + (f" and {wound_cards} Wounded card(s) for the wounds" if wound_cards else "")
    why = "parameter 'backpack-slots'" + (" and Hoard's" if hoard else "")
    more = f", or give {sid} the skill '{HOARD}' ({rules.hoard_slots} more)" if not hoard and rules.hoard_slots else ""
    ids.crumb((*path, "backpack")).error(
        place(ids.node, *path, "backpack"),
        f"{sid}'s backpack would hold {holds}, but it has {slots} slots ({why}): give fewer cards{more}",
    )


def _car(sid: str, spec: dict, case: dict, ids: "_Ids", seated: dict, path: tuple) -> None:
    """A survivor in a car sits in one of its seats (0, the driver's, unless `seat` says), alone
    there, in the car's zone; a seat belongs to a car."""
    car, seat = spec.get("car"), spec.get("seat")
    if car is None:
        if seat is not None and "car" not in spec:
            ids.crumb((*path, "seat")).error(
                place(ids.node, *path, "seat"), f"a seat is in a car: give {sid} 'car' too, or remove 'seat'"
            )
        return
    if car not in ids.cars:
        return  # an unknown car: reported with the ids
    at, car_at = spec.get("at"), ((case.get("cars") or {}).get(car) or {}).get("at")
    if at is not None and car_at is not None and at != car_at:
        ids.crumb((*path, "at")).error(
            place(ids.node, *path, "at"),
            f"{sid} sits in car '{car}', which stands in {car_at}: write 'at: {car_at}', or move the car",
        )
    seats = ids.cars[car]
    if seats is None or ("seat" in spec and seat is None):
        return  # the car's seats or the seat did not fit: reported already
    seat = seat or 0
    where = place(ids.node, *path, "seat" if "seat" in spec else "car")
    crumb = ids.crumb((*path, "seat" if "seat" in spec else "car"))
    if seat >= seats:
        crumb.error(
            where,
            f"car '{car}' has {seats} seats (0 to {seats - 1}, 0 is the driver's); choose one of them "
            f"or give the car more seats",
        )
    elif (car, seat) in seated:
        unsaid = "" if "seat" in spec else " (without 'seat', a survivor sits in seat 0, the driver's)"
        crumb.error(
            where,
            f"seat {seat} of car '{car}' is {seated[(car, seat)]}'s already{unsaid}; give each "
            f"survivor a seat of their own",
        )
    else:
        seated[(car, seat)] = sid
