"""The duel's rules: a trick is two cards; the higher wins and scores; the winner draws first."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from generator.core.events import NotAllowed


@dataclass(frozen=True)
class Rules:
    points_per_trick: int
    hand_size: int

    @staticmethod
    def from_parameters(values: Mapping[str, object]) -> "Rules":
        return Rules(int(str(values["points-per-trick"])), int(str(values["hand-size"])))


@dataclass
class Duel:
    rules: Rules
    hands: dict[str, list[int]]
    deck: list[int]
    order: list[str]  # who plays first in this trick, then second
    scores: dict[str, int] = field(default_factory=dict)
    table: list[tuple[str, int]] = field(default_factory=list)  # the cards of the trick so far
    events: list[dict] = field(default_factory=list)

    def play(self, who: str, card: int) -> None:
        expected = self.order[len(self.table)]
        if who != expected:
            raise NotAllowed("not-your-turn", f"{expected} plays now, not {who}", player=expected)
        if card not in self.hands[who]:
            raise NotAllowed("card-not-in-hand", f"{who} holds no {card}", card=card)
        self.hands[who].remove(card)
        self.table.append((who, card))
        self.events.append({"event": "card-played", "who": who, "card": card})
        if len(self.table) == len(self.order):
            self._settle()

    def _settle(self) -> None:
        winner, card = max(self.table, key=lambda played: played[1])
        self.scores[winner] = self.scores.get(winner, 0) + self.rules.points_per_trick
        self.events.append(
            {
                "event": "trick-won",
                "who": winner,
                "card": card,
                "points": self.rules.points_per_trick,
                "reason": "higher-card",
            }
        )
        self.table = []
        self.order = [winner, *(p for p in self.order if p != winner)]
        for player in self.order:  # the winner draws first, up to a full hand
            while len(self.hands[player]) < self.rules.hand_size and self.deck:
                self.hands[player].append(self.deck.pop(0))
                self.events.append({"event": "card-drawn", "who": player})
