"""Decks of cards with a declared policy for the moment they run out.

    RESHUFFLE  the discard pile (minus the cards the game sets aside) becomes the new deck
    LOSE       drawing from an empty deck ends the game in defeat (a timer deck)
    NEVER      an empty deck stays empty: nothing more is drawn

Cards are ids (strings). The top of the deck is the first element, so a scripted deck in a
scenario reads in drawing order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

RESHUFFLE, LOSE, NEVER = "reshuffle", "lose", "never"
POLICIES = (RESHUFFLE, LOSE, NEVER)


class DeckEmpty(Exception):
    """Drawing from an empty deck whose policy is LOSE: the game is lost."""

    def __init__(self, deck: str):
        self.deck = deck
        super().__init__(f"the {deck} deck is empty")


@dataclass
class Draw:
    card: str | None  # None: nothing could be drawn (policy NEVER, or nothing to reshuffle)
    reshuffled: int = 0  # how many cards went back into the deck before this draw


@dataclass
class Deck:
    name: str
    cards: list[str] = field(default_factory=list)  # top first
    discard: list[str] = field(default_factory=list)
    policy: str = RESHUFFLE
    set_aside: tuple[str, ...] = ()  # cards that never go back into the deck on a reshuffle

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(f"deck policy must be one of {', '.join(POLICIES)}, not '{self.policy}'")

    def draw(self, shuffle: random.Random) -> Draw:
        return draw_from(self.cards, self.discard, self.policy, shuffle, self.set_aside, self.name)


def draw_from(
    pile: list[str],
    discard: list[str],
    policy: str,
    shuffle: random.Random,
    set_aside: tuple[str, ...] = (),
    name: str = "deck",
) -> Draw:
    """Draw the top card of `pile` (both lists change in place), applying `policy` when it is
    empty. After a reshuffle the discard pile keeps only the set-aside cards."""
    reshuffled = 0
    if not pile:
        if policy == LOSE:
            raise DeckEmpty(name)
        fresh = [c for c in discard if c not in set_aside] if policy == RESHUFFLE else []
        if not fresh:
            return Draw(None)
        discard[:] = [c for c in discard if c in set_aside]
        shuffle.shuffle(fresh)
        pile[:] = fresh
        reshuffled = len(fresh)
    return Draw(pile.pop(0), reshuffled)
