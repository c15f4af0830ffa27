"""The turn: whose turn it is and which phase, declared by each game.

A game declares its phases in order (`PhaseSequence`); the state keeps a `Turn`; every event
records the turn it happened in (generator/core/events.py). Two shapes are common:

- everyone plays, then the game plays (players, opponents, end of round), where `player` is
  the figure acting in the players' phase and None in the others;
- one player's turn runs through all its phases, then the next player's turn begins.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PhaseSequence:
    phases: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.phases or len(set(self.phases)) != len(self.phases):
            raise ValueError("a phase sequence names each phase once, and at least one")

    def first(self) -> str:
        return self.phases[0]

    def after(self, phase: str) -> tuple[str, bool]:
        """The phase that follows, and whether a new round starts with it."""
        index = self.phases.index(phase)
        if index + 1 < len(self.phases):
            return self.phases[index + 1], False
        return self.phases[0], True

    def __contains__(self, phase: object) -> bool:
        return phase in self.phases


@dataclass
class Turn:
    """Where the game stands: the round (from 1), the phase, and whose turn it is (or None)."""

    round: int
    phase: str
    player: str | None = None

    def stamp(self) -> dict:
        """The fields every event carries."""
        return {"round": self.round, "phase": self.phase, "player": self.player}

    def enter(self, sequence: PhaseSequence, phase: str, player: str | None = None) -> None:
        """Move to `phase` (a later one, or the first of the next round)."""
        if phase not in sequence:
            raise ValueError(f"unknown phase '{phase}'; the phases are {', '.join(sequence.phases)}")
        if sequence.phases.index(phase) < sequence.phases.index(self.phase):
            self.round += 1
        self.phase = phase
        self.player = player
