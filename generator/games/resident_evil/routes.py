"""The routes enemies take: the fewest steps between two squares for a model that opens no door
and enters only squares in play.

Every enemy that reacts asks how far each character is: a search over the whole board, once per
enemy, made a big board slow. Steps are symmetric, so one search from a character's square
answers every enemy that is in play; searches are kept while the doors, the tiles in play and
the elevator shafts stay as they are.
"""

from __future__ import annotations

from .state import State


class Routes:
    def __init__(self, state: State):
        self.state = state
        self._layout: tuple | None = None
        self._from: dict[str, dict[str, int]] = {}

    def from_square(self, square: str) -> dict[str, int]:
        """Steps from `square` to every square reachable from it (the square itself: 0)."""
        layout = self._current_layout()
        if layout != self._layout:
            self._layout, self._from = layout, {}
        if square not in self._from:
            self._from[square] = self.state.board.distances(square, enter=self.state.in_play)
        return self._from[square]

    def steps(self, start: str, goal: str) -> int | None:
        """The fewest steps from start to goal (None: no route); the same as a search from start."""
        if start == goal:
            return 0
        if not self.state.in_play(goal):
            return None  # a route never enters it
        if self.state.in_play(start):
            return self.from_square(goal).get(start)  # the way back is as long
        return self.from_square(start).get(goal)

    def _current_layout(self) -> tuple:
        s = self.state
        return tuple(door.state for door in s.board.doors.values()), frozenset(s.off_board), tuple(s.shafts)
