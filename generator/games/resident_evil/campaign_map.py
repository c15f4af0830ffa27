"""The mansion map around a scenario: locked scenario cards turned over by the cards that unlock
them, the completion token a scenario earns when its Item C tokens are all found, and a replay's
Item B tokens, discarded once its scenario items are all collected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Game

ITEM_B, ITEM_C = "item-b", "item-c"


def held_cards(game: Game) -> set[str]:
    """Every card the players have: in an inventory (a stack's and an overlay's too) or the item box."""
    s = game.state
    slots = [h for c in s.characters.values() if not c.dead for h in c.items] + list(s.campaign.item_box)
    return {card for h in slots for card in (*h.cards(), *([h.overlay] if h.overlay else []))}


def unlock(game: Game) -> None:
    """A locked scenario card of the map turns over as soon as the players have its cards."""
    s = game.state
    locked = [m for m in s.campaign.map_cards.values() if m.locked]
    if not locked:
        return
    have = held_cards(game)
    for card in locked:
        if all(x in have for x in card.unlocks_with):
            card.locked = False
            s.emit("scenario-unlocked", scenario=card.id, cards=list(card.unlocks_with))


def item_c_tokens_left(game: Game) -> int:
    return sum(decks.count(ITEM_C) for decks in game.state.item_tokens.values())


def completion(game: Game) -> None:
    """A completed scenario whose Item C tokens were all found gets its completion token (it is not
    played again); with tokens left it is to be played again."""
    s = game.state
    camp = s.campaign
    if camp.scenario is None:
        return
    left = item_c_tokens_left(game)
    if left:
        s.emit("replay-needed", scenario=camp.scenario, tokens=left)
        return
    if camp.scenario not in camp.completion_tokens:
        camp.completion_tokens.append(camp.scenario)
    s.emit("completion-token", scenario=camp.scenario)


def replay_collected(game: Game) -> None:
    """On a replay the Item B deck holds the scenario items alone: once the last is found, the
    Item B tokens left in the play area are discarded."""
    s = game.state
    if not s.campaign.replay or s.decks.get(ITEM_B):
        return
    squares = sorted(q for q, decks in s.item_tokens.items() if ITEM_B in decks)
    if not squares:
        return
    for square in squares:
        s.item_tokens[square] = [d for d in s.item_tokens[square] if d != ITEM_B]
        if not s.item_tokens[square]:
            del s.item_tokens[square]
    s.emit("item-b-tokens-discarded", squares=squares, reason="scenario-items-collected")
