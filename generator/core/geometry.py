"""Where things stand: the geometry interface every game's board implements, and a zone graph.

A board is a set of *spaces* (a zone, a square) with ids that are plain strings, joined by
links that may be open or a door (closed, open or locked). Every engine asks its board the same
questions, so movement, routes and sight are written once per geometry, not once per game:

    spaces()                       every space id, in reading order (ties are broken by it)
    order(space) / sorted(spaces)  reading order
    passable(a, b, all_doors_open) can a figure step from a to b now
    neighbours(space, ...)         spaces one step away, in reading order
    distances_to(target, ...)      steps from every space that can reach target (breadth-first)
    line_of_sight(space)           visible spaces with their range (0 for the space itself)
    capacity(space)                how much room a space has (None: unlimited)

Implementations: `ZoneGraph` below (zones made of map cells; sight runs in straight lines
across cells and a game decides, per zone, whether sight carries on through it). The square
grid in `generator/core/grid.py` (diagonal moves, per-square capacity, sight between two
squares) answers the same questions, and adds the ones a grid needs: `distances(start)`,
`sees(a, b)` and `range_between(a, b)`.
A game's own board subclasses one of them and adds only what that game names (streets, rooms,
tiles, spawn points).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable, Protocol

Cell = tuple[int, int]  # (row, column) of a map cell
OPEN, WALL = ".", "wall"  # link kinds besides a door id
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


class Geometry(Protocol):
    """The questions a rules engine asks its board. Space ids are strings."""

    def spaces(self) -> list[str]: ...

    def order(self, space: str) -> int: ...

    def sorted(self, spaces: Iterable[str]) -> list[str]: ...

    def passable(self, a: str, b: str, all_doors_open: bool = False) -> bool: ...

    def neighbours(self, space: str, all_doors_open: bool = False) -> list[str]: ...

    def distances_to(self, target: str, all_doors_open: bool = False) -> dict[str, int]: ...

    def line_of_sight(self, space: str) -> dict[str, int]: ...

    def capacity(self, space: str) -> int | None: ...


@dataclass
class Door:
    """A door between two spaces. `state`: closed, open or locked; `color`: the key that opens it."""

    id: str
    zones: tuple[str, str]
    state: str
    color: str | None = None

    def other(self, zone: str) -> str:
        return self.zones[1] if self.zones[0] == zone else self.zones[0]


def door_id(a: str, b: str) -> str:
    """A door's id joins the two space ids in sorted order with '/'."""
    return "/".join(sorted((a, b)))


@dataclass
class Zone:
    """A zone of a zone graph: one or more map cells."""

    id: str
    cells: list[Cell] = field(default_factory=list)


def breadth_first(start: str, step: Callable[[str], Iterable[str]]) -> dict[str, int]:
    """Steps from `start` to every space reachable through `step` (the shared routing helper)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for n in step(here):
            if n not in dist:
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist


class ZoneGraph:
    """Zones made of cells, with walls, openings and doors between cells.

    Links between zones come from the boundaries between their cells. Sight walks straight
    lines cell by cell; on entering another zone it counts one more range and carries on only
    if `sight_carries_through(zone)` (a game's board decides: streets yes, rooms no).
    """

    def __init__(
        self, cells: dict[Cell, str], boundaries: dict[frozenset, str], zones: dict[str, Zone], doors: dict[str, Door]
    ):
        self._cells = cells
        self._boundaries = boundaries  # frozenset of two cells -> OPEN, WALL or a door id
        self.zones = zones
        self.doors = doors
        self._order = {zid: i for i, zid in enumerate(zones)}
        self._links = self._zone_links()

    # --- structure ------------------------------------------------------------------------
    def spaces(self) -> list[str]:
        return list(self.zones)

    def order(self, zone: str) -> int:
        """Position of a zone in reading order: how ties are broken deterministically."""
        return self._order[zone]

    def sorted(self, zones: Iterable[str]) -> list[str]:
        return sorted(zones, key=self.order)

    def capacity(self, space: str) -> int | None:
        return None  # zones hold any number of figures

    def door_between(self, a: str, b: str) -> Door | None:
        return self.doors.get(door_id(a, b))

    def walls(self) -> list[tuple[str, str]]:
        """Pairs of different zones with a wall between some of their cells, sorted."""
        pairs = {
            tuple(sorted((self._cells[a], self._cells[b])))
            for pair, kind in self._boundaries.items()
            if kind == WALL
            for a, b in [tuple(pair)]
            if self._cells[a] != self._cells[b]
        }
        return sorted(pairs)  # type: ignore[arg-type]

    def _zone_links(self) -> dict[str, dict[str, str]]:
        """zone -> neighbour -> OPEN or the door id between them (walls leave no link)."""
        links: dict[str, dict[str, str]] = {z: {} for z in self.zones}
        for pair, kind in self._boundaries.items():
            a, b = (self._cells[c] for c in pair)
            if a == b or kind == WALL:
                continue
            links[a][b] = kind
            links[b][a] = kind
        return links

    # --- movement -------------------------------------------------------------------------
    def passable(self, a: str, b: str, all_doors_open: bool = False) -> bool:
        link = self._links[a].get(b)
        if link is None:
            return False
        if link == OPEN or all_doors_open:
            return True
        return self.doors[link].state == "open"

    def neighbours(self, zone: str, all_doors_open: bool = False) -> list[str]:
        return self.sorted(n for n in self._links[zone] if self.passable(zone, n, all_doors_open))

    def adjacent_doors(self, zone: str) -> list[Door]:
        return [self.doors[link] for link in self._links[zone].values() if link != OPEN]

    def distances_to(self, target: str, all_doors_open: bool = False) -> dict[str, int]:
        """Steps from every zone that can reach `target` (links are symmetric)."""
        return breadth_first(target, lambda here: self.neighbours(here, all_doors_open))

    # --- line of sight --------------------------------------------------------------------
    def sight_carries_through(self, zone: str) -> bool:
        """Whether a sight line entering `zone` goes on to the next one. Default: it does."""
        return True

    def _boundary_open(self, a: Cell, b: Cell) -> bool:
        kind = self._boundaries.get(frozenset((a, b)))
        if kind is None or kind == WALL:
            return False
        return kind == OPEN or self.doors[kind].state == "open"

    def line_of_sight(self, zone: str) -> dict[str, int]:
        """Visible zones with their range (zones counted along straight, orthogonal sight lines)."""
        seen = {zone: 0}
        for cell in self.zones[zone].cells:
            for d in DIRECTIONS:
                self._look(cell, d, seen)
        return seen

    def _look(self, cell: Cell, d: tuple[int, int], seen: dict[str, int]) -> None:
        """Walk one straight line until a closed boundary, the edge, or a zone sight stops in."""
        here_zone = self._cells[cell]
        distance = seen[here_zone]
        while True:
            nxt = (cell[0] + d[0], cell[1] + d[1])
            nxt_zone = self._cells.get(nxt)
            if nxt_zone is None or not self._boundary_open(cell, nxt):
                return
            if nxt_zone != here_zone:
                distance += 1
                seen[nxt_zone] = min(seen.get(nxt_zone, distance), distance)
                if not self.sight_carries_through(nxt_zone):
                    return
                here_zone = nxt_zone
            cell = nxt
