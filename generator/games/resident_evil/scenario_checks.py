"""What the rules bound across a Resident Evil case's keys, beyond each value's shape and ids:
the case's own cards, an inventory's size, a weapon's dial within its capacity, a slot's overlay
and stack, and what each pile may hold. The other bounds across keys (a square's room, enemies'
wounds, the turn order, the danger track, the item box, the party, the box's models) are
case_bounds.py's.
"""

from __future__ import annotations

from typing import Any

from generator.load.references import with_article
from generator.scenarios.case import CasePath, listed, mapping
from generator.scenarios.names import IdSource, check_id
from generator.scenarios.report import child

from . import card_format, case_bounds
from .cards import ITEM_KINDS
from .rules import Rules
from .scenario_case import BEHAVIOUR, DECK_KINDS, ResidentEvilCase, cards_of_kind


# --- the checks across keys ----------------------------------------------------------------------
def check_case(case: ResidentEvilCase) -> None:
    if case.rules is not None:
        _case_cards(case, case.rules)
    _inventories(case)
    _piles(case)
    case_bounds.check(case)


def _case_cards(case: ResidentEvilCase, rules: Rules) -> None:
    if case.own_cards:
        card_format.check_card_ids(
            case.own_cards,
            lambda cid: child(case.node, "cards", cid),
            lambda cid: case.report.at("cards").at(cid),
            rules.attack_die.faces,
            case.cards,
            rules.danger_extra_text_levels,
        )


def _inventories(case: ResidentEvilCase) -> None:
    """Each slot of a character's inventory and of the item box, and an inventory's size."""
    for index, entry in enumerate(listed(mapping(case.case.get("campaign")).get("item-box"))):
        _slot(case, ("campaign", "item-box", index), entry)
    for cid, spec in mapping(case.case.get("characters")).items():
        items = mapping(spec).get("items")
        if not isinstance(items, list):
            continue
        for index, entry in enumerate(items):
            _slot(case, ("characters", cid, "items", index), entry)
        limit = mapping(spec).get("inventory")
        if isinstance(limit, int) and len(items) > limit:
            case.refuse(
                ("characters", cid, "items"),
                f"{cid} holds {len(items)} cards but the inventory is {limit}; remove cards or raise 'inventory'",
            )


def _slot(case: ResidentEvilCase, path: CasePath, entry: Any) -> None:
    """An inventory slot: a dial only on a weapon with an ammunition dial, within its capacity; an
    overlay of special ammunition (an ammo card with a profile) for this weapon; a stack of herbs
    combined with a herb."""
    card, value = next(iter(entry.items())) if isinstance(entry, dict) and len(entry) == 1 else (entry, None)
    if case.model is None or card not in case.cards or value is None:
        return
    path = (*path, card)
    dial = value.get("dial") if isinstance(value, dict) else value
    if isinstance(dial, int):
        capacity = case.cards[card].get("capacity") if case.kind(card) == "weapon" else None
        if capacity is None:
            case.refuse(
                path,
                f"'{card}' has no ammunition dial (only a weapon with a capacity has one); write the card id alone",
            )
        elif dial > capacity:
            case.refuse(path, f"the {card}'s dial shows {dial}, but its capacity is {capacity}; write 0 to {capacity}")
    if isinstance(value, dict):
        _overlay(case, path, card, value.get("overlay"))
        _stack(case, path, card, value.get("stack"))


AMMO, HERBS = cards_of_kind(("ammo",), "an ammo card"), cards_of_kind(("healing",), "a herb card")


def _overlay(case: ResidentEvilCase, path: CasePath, card: str, overlay: Any) -> None:
    if overlay is None:
        return
    path = (*path, "overlay")
    _card_id(case, path, overlay, AMMO)
    body = mapping(case.cards.get(overlay))
    if case.kind(overlay) == "ammo" and (not body.get("profile") or body.get("reloads") != card):
        case.refuse(
            path,
            f"'{overlay}' is not special ammunition for the {card}: an overlay is an ammo card with a profile and "
            f"'reloads: {card}'; name one, or remove 'overlay'",
        )


def _stack(case: ResidentEvilCase, path: CasePath, card: str, stack: Any) -> None:
    if not isinstance(stack, list) or not stack:
        return
    if not _herb(case, card):
        case.refuse((*path, "stack"), f"only herbs are combined: '{card}' is not a herb; remove 'stack'")
    for index, herb in enumerate(stack):
        _card_id(case, (*path, "stack", index), herb, HERBS)
        if case.kind(herb) == "healing" and not _herb(case, herb):
            case.refuse(
                (*path, "stack", index), f"'{herb}' is not a herb (herb: true); only herbs are combined with a herb"
            )


def _herb(case: ResidentEvilCase, card: Any) -> bool:
    return case.kind(card) == "healing" and bool(mapping(case.cards.get(card)).get("herb"))


def _piles(case: ResidentEvilCase) -> None:
    """Each pile holds cards of its deck's kinds (a boss's behaviour deck, its behaviour cards)."""
    for path, holder in [((), case.case), *case.expectations()]:
        for key in ("decks", "discards"):
            for deck, cards in mapping(holder.get(key)).items():
                kinds = _deck_kinds(case, (*path, key, deck), deck)
                if kinds is None or not isinstance(cards, list):
                    continue
                for index, card in enumerate(cards):
                    _card_of(case, (*path, key, deck, index), card, kinds)


def _deck_kinds(case: ResidentEvilCase, path: CasePath, deck: str) -> tuple[str, ...] | None:
    """The kinds of card a deck holds (None: not a deck; reported with the ids)."""
    if deck in DECK_KINDS:
        return DECK_KINDS[deck]
    if not deck.startswith(BEHAVIOUR):
        return None
    boss = deck[len(BEHAVIOUR) :]
    if case.model is not None and case.kind(boss) != "enemy":
        case.refuse_key(path, case.wrong_kind(boss, "an enemy card") or f"unknown enemy card '{boss}' of {deck}")
    return ("behaviour",)


def _card_of(case: ResidentEvilCase, path: CasePath, card: Any, kinds: tuple[str, ...]) -> None:
    what = "an item card" if kinds == ITEM_KINDS else f"{with_article(kinds[0])} card"
    _card_id(case, path, card, cards_of_kind(kinds, what))


def _card_id(case: ResidentEvilCase, path: CasePath, card: Any, source: IdSource) -> None:
    """A card a check across keys names (its shape does not name it: the kind depends on where)."""
    check_id(source, case, card, case.at(path), case.place(path))
