"""The small rules where the editions part ways, each chosen by a flag of `Rules`.

- wounds: Wounded cards that take an equipment card's place (1st) or health points (2nd);
- splitting a zombie group: identical groups with zombies added (1st) or as even as possible (2nd).
The other differences are plain numbers and orders in `Rules` used directly by the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.errors import ScenarioError
from generator.games.zombicide.state import Item, Survivor

if TYPE_CHECKING:  # pragma: no cover
    from generator.games.zombicide.engine import Game

WOUNDED = "wounded"


def wound(game: "Game", survivor: Survivor, discard: str | None = None) -> None:
    """One wound. 1st edition: a Wounded card replaces an equipment card (chosen, or the last one)."""
    rules, state = game.rules, game.state
    if rules.wounds_take_slots:
        _place_wound_card(game, survivor, discard)
    survivor.wounds += 1
    state.emit("wound", survivor=survivor.id, wounds=survivor.wounds)
    if survivor.wounds >= game.health(survivor):
        kill_survivor(game, survivor)


def _place_wound_card(game: "Game", survivor: Survivor, discard: str | None) -> None:
    slots = [("hand", i) for i, item in enumerate(survivor.hands) if item is not None and item.name != WOUNDED]
    slots += [("pack", i) for i, item in enumerate(survivor.backpack) if item.name != WOUNDED]
    if discard is not None:
        chosen = [slot for slot in slots if _at(survivor, slot).name == discard]
        if not chosen:
            raise ScenarioError(
                f"{survivor.id} holds no '{discard}' to lose to the wound; the zombie phase's "
                f"discard names a card {survivor.id} holds"
            )
        slot = chosen[0]
    elif slots:
        slot = slots[-1]  # by default the last card: the backpack before the hands
    else:
        slot = None
    if slot is None:
        free = [i for i, item in enumerate(survivor.hands) if item is None]
        if free:
            survivor.hands[free[0]] = Item(WOUNDED)
        else:
            survivor.backpack.append(Item(WOUNDED))
        return
    lost = _at(survivor, slot).name
    game.state.equipment_discard.append(lost)
    if slot[0] == "hand":
        survivor.hands[slot[1]] = Item(WOUNDED)
    else:
        survivor.backpack[slot[1]] = Item(WOUNDED)
    game.state.emit("lose-card", survivor=survivor.id, card=lost)


def _at(survivor: Survivor, slot: tuple[str, int]) -> Item:
    kind, i = slot
    item = survivor.hands[i] if kind == "hand" else survivor.backpack[i]
    assert item is not None
    return item


def kill_survivor(game: "Game", survivor: Survivor) -> None:
    survivor.dead = True
    for item in survivor.items():
        if item.name != WOUNDED:
            game.state.equipment_discard.append(item.name)
    survivor.hands = [None] * len(survivor.hands)
    survivor.backpack = []
    if survivor.car:
        car = game.state.cars[survivor.car]
        car.seats = [None if s == survivor.id else s for s in car.seats]
        survivor.car = survivor.seat = None
    game.state.emit("survivor-dies", survivor=survivor.id)


def split_counts(counts: dict[str, int], ways: int, adds_zombies: bool) -> tuple[list[dict[str, int]], dict[str, int]]:
    """Share a group among `ways` routes: (counts per route, zombies to add per type).

    1st edition: every route gets an identical group, adding zombies of a type whose count does
    not divide. 2nd edition: as even as possible, the odd zombies going to the routes in turn.
    """
    shares: list[dict[str, int]] = [{} for _ in range(ways)]
    added: dict[str, int] = {}
    turn = 0
    for ztype, count in counts.items():
        if adds_zombies:
            missing = (-count) % ways
            if missing:
                added[ztype] = missing
            for share in shares:
                share[ztype] = (count + missing) // ways
            continue
        base, extra = divmod(count, ways)
        for i, share in enumerate(shares):
            share[ztype] = base
        for _ in range(extra):
            shares[turn % ways][ztype] += 1
            turn += 1
    return shares, added
