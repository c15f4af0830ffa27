"""Encounters and what they put on the board: unexplored tiles, spawns, corpses, kerosene.

A character placed on an unexplored tile removes its token and draws as many encounter cards as
the token shows, resolving them in order. A spawn puts its models on the tile's spawn squares,
nearest the character first and as evenly as possible, never on the character's own square unless
it is the only one; a square without room sends the model to an adjacent square. An encounter
that cannot be resolved (no models left) is replaced by a tension card. A fourth corpse in a
square goes to an adjacent square; kerosene and a Lighter dispose of corpses.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from generator.core.decks import RESHUFFLE, draw_from
from generator.errors import ScenarioError

from . import tension
from .state import Character

if TYPE_CHECKING:
    from .engine import Game


def on_enter(game: Game, c: Character) -> None:
    """A character has been placed on a square: a narrative token there is resolved, and an
    unexplored tile is explored."""
    s = game.state
    if c.square in s.narrative_tokens:
        narrative_event(game, c)
    tile = s.board.tile_of(c.square)
    icons = s.unexplored.pop(tile, 0)
    if not icons:
        return
    s.emit("tile-explored", who=c.id, tile=tile, cards=icons)
    for _ in range(icons):
        if s.result != "ongoing":
            return
        drawn = draw_from(
            s.decks.setdefault("encounter", []),
            s.discards.setdefault("encounter", []),
            RESHUFFLE,
            random.Random(s.seed),
            name="encounter",
        )
        if drawn.reshuffled:
            s.emit("encounter-reshuffled", cards=drawn.reshuffled)
        if drawn.card is None:
            s.emit("encounter-deck-empty")
            return
        resolve_encounter(game, drawn.card, tile, c)


def resolve_encounter(game: Game, card_id: str, tile: str, c: Character) -> None:
    s = game.state
    card = game.encounter_card(card_id)
    s.emit("encounter-draw", card=card_id, kind=card.effect, tile=tile)
    s.discards.setdefault("encounter", []).insert(0, card_id)
    if card.effect == "spawn":
        enemies = {t: n for t, n in card.spawn.items() if t != "corpse"}
        if any(s.supply.get(t, 0) < n for t, n in enemies.items()):
            s.emit("encounter-unresolvable", card=card_id, reason="no-models-left")
            drawn = tension.draw(game)
            if drawn is not None and not tension.resolve(game, drawn):
                s.emit("tension-unresolvable", card=drawn, extra=0)
            return
        place_spawn(game, tile, c, card.spawn, reason="encounter-card")


def place_spawn(game: Game, tile: str, near: Character, spawn: dict[str, int], reason: str) -> None:
    """Put the models on the tile's spawn squares, nearest `near` first, as evenly as possible."""
    s = game.state
    squares = s.spawn_squares.get(tile) or []
    if not squares:  # the check refuses the cases it can tell; a character may walk onto such a tile
        raise ScenarioError(
            f"a card spawns models on tile {tile}, which has no spawn square; add spawn-squares: "
            f"{{{tile}: [{s.board.squares_of(tile)[0]}, ...]}} to the case"
        )
    reach = s.board.distances(near.square)
    ranked = sorted(squares, key=lambda q: (reach.get(q, 10**6), s.board.order(q)))
    usable = [q for q in ranked if q != near.square] or ranked
    if near.square in squares and near.square not in usable:  # told only when another square exists
        s.emit("spawn-square-skipped", who=near.id, square=near.square)
    turn = 0
    for model, count in spawn.items():
        for _ in range(count):
            square = usable[turn % len(usable)]
            turn += 1
            if model == "corpse":
                add_corpse(game, square, reason)
                continue
            size = game.profiles_size(model)
            if not game.has_room(square, size):
                square = _adjacent_with_room(game, square, size) or _no_room(square, f"a {model}")
            game.spawn(model, square, reason=reason)


def _adjacent_with_room(game: Game, square: str, size: str, corpse: bool = False) -> str | None:
    """The first square next to `square` (in reading order) that a model of `size` may enter and
    has room for it (and, for a corpse, holds fewer than the most corpses a square holds)."""
    s = game.state
    for other in s.board.neighbours(square):
        if (
            s.in_play(other)
            and other not in s.shafts
            and game.has_room(other, size)
            and (not corpse or s.corpses.get(other, 0) < game.rules.corpses_per_square_max)
        ):
            return other
    return None


def _no_room(square: str, what: str) -> str:
    """The rules send a model from a full square to an adjacent one and say no more: a case that
    fills those too asks what they do not tell."""
    raise ScenarioError(
        f"{what} is placed in {square}, which is full, and no square next to it has room; the rules "
        f"say no more than that a full square sends it to an adjacent one: give the case fewer "
        f"models or more room"
    )


def add_corpse(game: Game, square: str, reason: str) -> None:
    """A corpse token; a fourth one in a square goes to an adjacent square (the players' choice)."""
    s = game.state
    if s.corpses.get(square, 0) >= game.rules.corpses_per_square_max:
        chosen = game.choices.get("corpse-to")
        if chosen and not _corpse_may_go(game, square, chosen):
            chosen = None
        other = chosen or _adjacent_with_room(game, square, "small", corpse=True) or _no_room(square, "a corpse")
        s.corpses[other] += 1
        s.emit(
            "corpse-placed",
            square=other,
            reason="square-had-enough-corpses",
            first=square,
            max=game.rules.corpses_per_square_max,
        )
        return
    s.corpses[square] += 1
    s.emit("corpse-placed", square=square, reason=reason)


def _corpse_may_go(game: Game, square: str, chosen: str) -> bool:
    """The players' square for a corpse that does not fit: next to the full one, in play, with room
    (else the choice is declined, told in the trace, and the first such square takes the corpse)."""
    s = game.state
    reason = None
    if not s.board.adjacent(square, chosen) or not s.board.step_allowed(square, chosen):
        reason = "corpse-not-adjacent"
    elif not s.in_play(chosen) or chosen in s.shafts:
        reason = "off-board"
    elif s.corpses.get(chosen, 0) >= game.rules.corpses_per_square_max or not game.has_room(chosen, "small"):
        reason = "square-full"
    if reason is not None:
        s.emit("choice-not-allowed", choice="corpse-to", model="corpse", reason=reason)
    return reason is None


def pick_up_kerosene(game: Game, c: Character, square: str) -> None:
    s = game.state
    room = c.kerosene_max - c.kerosene
    taken = min(room, s.kerosene.get(square, 0))
    c.kerosene += taken
    s.kerosene[square] -= taken
    if not s.kerosene[square]:
        del s.kerosene[square]
    s.emit("kerosene-taken", who=c.id, taken=taken, carried=c.kerosene, limit=c.kerosene_max)


def exploration_door(game: Game, here: str, there: str) -> str | None:
    """The open exploration door between two squares, if the step passes one."""
    for door in game.state.board.doors_at(here):
        if there in door.squares and door.id in game.state.exploration and door.passable:
            return door.id
    return None


def lay_tile(game: Game, c: Character, here: str, there: str) -> None:
    """A character passes a door leading off the play area: its exploration card lays the tile,
    its tokens and enemies; the character then stands in the door's square on the new tile."""
    s = game.state
    door = exploration_door(game, here, there)
    card = s.exploration.pop(door or "", {})
    tile = s.board.tile_of(there)
    s.off_board.discard(tile)
    s.emit("tile-laid", who=c.id, tile=tile, door=door, card=card.get("card"))
    for eid, spec in (card.get("enemies") or {}).items():
        if eid in s.enemies:  # the check refuses the ids play gives; a last word, not a lost enemy
            raise ScenarioError(
                f"the exploration card of {door} puts '{eid}' on the board, but an enemy of that "
                f"id is there already; give the card's enemy another id"
            )
        square = game.square(spec["at"])
        if not game.has_room(square, game.profiles_size(spec["type"])):
            _no_room(square, f"the exploration card's {spec['type']} '{eid}'")
        enemy = game.spawn(spec["type"], square, reason="exploration-card")
        if enemy.id != eid:
            s.enemies[eid] = s.enemies.pop(enemy.id)
            enemy.id = eid
    for square, decks in (card.get("item-tokens") or {}).items():
        s.item_tokens.setdefault(game.square(square), []).extend(decks if isinstance(decks, list) else [decks])
    for square, count in (card.get("corpses") or {}).items():
        s.corpses[game.square(square)] += int(count)
    if card.get("unexplored"):
        s.unexplored[tile] = int(card["unexplored"])


def narrative_event(game: Game, c: Character) -> None:
    """The token is discarded and a narrative card resolved; its enemies go to the active tile's
    spawn squares, nearest first; a card that cannot be resolved is shuffled back and another
    drawn; a resolved card leaves the game for the rest of the campaign."""
    s = game.state
    s.narrative_tokens.remove(c.square)
    deck = s.decks.setdefault("narrative", [])
    tried: list[str] = []
    while deck:
        card_id = deck.pop(0)
        card = game.encounter_card(card_id)
        enemies = {t: n for t, n in card.spawn.items() if t != "corpse"}
        if any(s.supply.get(t, 0) < n for t, n in enemies.items()):
            s.emit("narrative-unresolvable", card=card_id)
            tried.append(card_id)
            continue
        s.emit("narrative-event", who=c.id, card=card_id, square=c.square)
        if card.effect == "spawn":
            active = s.characters[s.player]
            place_spawn(game, s.board.tile_of(active.square), active, card.spawn, reason="narrative-card")
        s.campaign.removed.append(card_id)
        s.emit("card-removed", card=card_id)
        break
    if tried:  # shuffled back into the deck
        deck.extend(tried)
        random.Random(s.seed).shuffle(deck)


def burn_corpses(game: Game, c: Character, card: str, kerosene: int, corpses: int) -> None:
    """Kerosene and a Lighter dispose of corpse tokens in the character's square (the card says
    how many tokens of each); the kerosene tokens are spent."""
    s = game.state
    c.kerosene -= kerosene
    s.corpses[c.square] -= corpses
    if not s.corpses[c.square]:
        del s.corpses[c.square]
    s.emit("corpses-burned", who=c.id, card=card, square=c.square, corpses=corpses, kerosene=kerosene, left=c.kerosene)
