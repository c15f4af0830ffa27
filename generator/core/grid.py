"""A square grid made of tiles: steps with diagonals, walls and doors, capacity, line of sight.

Text-map notation (rows of squares; between two square rows an optional edge row):

    A A A|B B           a square row: one character per square at even columns, the edge to
    - -     -           the next square at odd columns; an edge row: one character per square
    A A A+B B           (the edge under it) at even columns, odd columns ignored.
    A A A/B B

Squares: an uppercase letter is the tile the square belongs to; `_` is no square (off the
board). Edges: ` ` or `.` is the default (open inside a tile, a wall between two tiles or next to
no square), `|` and `-` a wall, `+` a closed door, `/` an open door, `=` an archway (an opening
that never closes), `#` a locked door. Squares are named like a chessboard: column letter, row
number, top left `a1`. A door is named by its two squares in sorted order (`c3/d3`).

Rules of space, generic for any game on squares:
- a step goes to one of the eight neighbours; an orthogonal step crosses its edge only if the
  edge is open, an open door or an archway; a diagonal step never cuts a corner: the four edges
  that meet at the corner it passes must all be open ground inside one tile;
- line of sight is the straight segment between square centres; it is blocked by a wall or a
  closed door it crosses, and by a corner point it touches where any of those meets;
- range counts squares with diagonals (the larger of the row and column differences);
- a square holds models up to a weight limit, each model weighing by its size class.
Public: parse_grid, Grid (a Geometry, see generator/core/geometry.py), Door, Capacity, GridError.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from generator.errors import MapError

NO_SQUARE = "_"
OPEN, WALL = "open", "wall"
DOOR_STATES = {"+": "closed", "/": "open", "=": "archway", "#": "locked"}
WALL_MARKS = {"|", "-"}
DEFAULT_MARKS = {" ", "."}
SQUARE_ID = re.compile(r"^([a-z])([1-9][0-9]*)$")
EIGHT = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

Cell = tuple[int, int]  # (row, column), 0-based


class GridError(MapError):
    """A map or a square that cannot be read; the message says where and what to write."""


@dataclass
class Door:
    """A doorway between two squares of different tiles (or of one tile, if a map says so)."""

    id: str
    squares: tuple[str, str]
    state: str  # open, closed, locked, archway
    key: str | None = None  # the card that opens a locked door
    opens_from: str | None = None  # a one-way door opens only from this square

    @property
    def passable(self) -> bool:
        return self.state in ("open", "archway")

    def other(self, square: str) -> str:
        return self.squares[1] if self.squares[0] == square else self.squares[0]


@dataclass(frozen=True)
class Capacity:
    """How many models a square holds: the sum of their size weights stays within `limit`."""

    limit: int
    weights: dict[str, int]

    def weight(self, size: str) -> int:
        if size not in self.weights:
            raise GridError(f"unknown model size '{size}'; known sizes are {', '.join(self.weights)}")
        return self.weights[size]

    def fits(self, present: Iterable[str], size: str) -> bool:
        return sum(self.weight(s) for s in present) + self.weight(size) <= self.limit


def square_id(cell: Cell) -> str:
    return f"{chr(ord('a') + cell[1])}{cell[0] + 1}"


def door_id(a: str, b: str) -> str:
    return "/".join(sorted((a, b)))


@dataclass
class Grid:
    tiles: dict[str, str]  # square id -> tile id
    cells: dict[str, Cell]
    edges: dict[frozenset, str]  # pair of cells -> OPEN, WALL or a door id
    doors: dict[str, Door]
    limit: int | None = None  # room per square (a weight sum, see Capacity); None: unlimited

    def __post_init__(self) -> None:
        self._by_cell = {cell: sid for sid, cell in self.cells.items()}
        self._order = {sid: i for i, sid in enumerate(sorted(self.cells, key=lambda s: self.cells[s]))}
        self._steps: dict[str, list[tuple[str, str | None]]] | None = None  # see _possible_steps

    # --- the Geometry interface (generator/core/geometry.py) -------------------------------
    def spaces(self) -> list[str]:
        return self.sorted(self.cells)

    def order(self, space: str) -> int:
        """Position of a square in reading order (row by row): how ties are broken."""
        return self._order[space]

    def passable(self, a: str, b: str, all_doors_open: bool = False) -> bool:
        return self.step_allowed(a, b, all_doors_open)

    def distances_to(self, target: str, all_doors_open: bool = False) -> dict[str, int]:
        """Steps from every square that can reach `target` (steps are symmetric)."""
        return self.distances(target, all_doors_open=all_doors_open)

    def line_of_sight(self, space: str) -> dict[str, int]:
        """Every square seen from `space`, with its range (0 for the square itself)."""
        return {other: self.range_between(space, other) for other in self.spaces() if self.sees(space, other)}

    def capacity(self, space: str) -> int | None:
        return self.limit

    # --- structure ------------------------------------------------------------------------
    def square(self, name: str) -> str:
        """The square id itself, or a GridError naming the squares that exist."""
        if name not in self.cells:
            raise GridError(
                f"square '{name}' is not on the map; squares are named column letter + row "
                f"number, e.g. {', '.join(self.sorted(self.cells)[:3])}"
            )
        return name

    def sorted(self, squares: Iterable[str]) -> list[str]:
        return sorted(squares, key=lambda s: self._order[s])

    def tile_of(self, square: str) -> str:
        return self.tiles[self.square(square)]

    def squares_of(self, tile: str) -> list[str]:
        return self.sorted(s for s, t in self.tiles.items() if t == tile)

    def edge(self, a: Cell, b: Cell) -> str:
        """What lies between two orthogonally adjacent cells: OPEN, WALL or a door id."""
        if a not in self._by_cell or b not in self._by_cell:
            return WALL
        return self.edges.get(frozenset((a, b)), WALL)

    def _edge_blocks_sight(self, a: Cell, b: Cell) -> bool:
        kind = self.edge(a, b)
        return kind == WALL or (kind != OPEN and not self.doors[kind].passable)

    def doors_at(self, square: str) -> list[Door]:
        return [d for d in self.doors.values() if square in d.squares]

    # --- steps ----------------------------------------------------------------------------
    def step_allowed(self, a: str, b: str, all_doors_open: bool = False) -> bool:
        """One step from square a to square b: adjacent, no wall, no closed door, no corner cut."""
        (r1, c1), (r2, c2) = self.cells[a], self.cells[b]
        dr, dc = r2 - r1, c2 - c1
        if max(abs(dr), abs(dc)) != 1:
            return False
        if dr == 0 or dc == 0:
            kind = self.edge((r1, c1), (r2, c2))
            return kind == OPEN or (kind != WALL and (all_doors_open or self.doors[kind].passable))
        return all(self.edge(x, y) == OPEN for x, y in self._corner_edges((r1, c1), (r2, c2)))

    @staticmethod
    def _corner_edges(a: Cell, b: Cell) -> list[tuple[Cell, Cell]]:
        """The four edges meeting at the corner that a diagonal step from a to b passes."""
        (r1, c1), (r2, c2) = a, b
        side1, side2 = (r1, c2), (r2, c1)
        return [(a, side1), (a, side2), (side1, b), (side2, b)]

    def corner_cut(self, a: str, b: str) -> bool:
        """True when a and b are diagonal neighbours whose corner is walled (the step's refusal)."""
        (r1, c1), (r2, c2) = self.cells[a], self.cells[b]
        if abs(r1 - r2) != 1 or abs(c1 - c2) != 1:
            return False
        return not all(self.edge(x, y) == OPEN for x, y in self._corner_edges((r1, c1), (r2, c2)))

    def neighbours(self, square: str, all_doors_open: bool = False) -> list[str]:
        """Squares one step away, in reading order."""
        doors = self.doors
        return [
            other
            for other, door in self._possible_steps()[square]
            if door is None or all_doors_open or doors[door].passable
        ]

    def _possible_steps(self) -> dict[str, list[tuple[str, str | None]]]:
        """Each square's steps that some door state allows, in reading order, with the door the
        step passes (None: open ground). Walls and corners never change, so this is worked out
        once; a search over the board then only asks the doors."""
        if self._steps is None:
            steps: dict[str, list[tuple[str, str | None]]] = {}
            for square, (r, c) in self.cells.items():
                found: list[tuple[str, str | None]] = []
                for dr, dc in EIGHT:
                    other = self._by_cell.get((r + dr, c + dc))
                    if other is None:
                        continue
                    kind = self.edge((r, c), (r + dr, c + dc)) if dr == 0 or dc == 0 else None
                    if kind is None:  # a diagonal: open ground around its corner, or no step at all
                        if self.step_allowed(square, other):
                            found.append((other, None))
                    elif kind != WALL:
                        found.append((other, None if kind == OPEN else kind))
                steps[square] = found
            self._steps = steps
        return self._steps

    def adjacent(self, a: str, b: str) -> bool:
        """Touching squares (diagonals included), whatever lies between them."""
        (r1, c1), (r2, c2) = self.cells[a], self.cells[b]
        return max(abs(r1 - r2), abs(c1 - c2)) == 1

    def distances(
        self, start: str, enter: Callable[[str], bool] | None = None, all_doors_open: bool = False
    ) -> dict[str, int]:
        """Fewest steps from `start` to every reachable square (never entering a square that
        `enter` refuses)."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here, all_doors_open):
                if there in seen or (enter is not None and not enter(there)):
                    continue
                seen[there] = seen[here] + 1
                queue.append(there)
        return seen

    # --- range and sight ------------------------------------------------------------------
    def range_between(self, a: str, b: str) -> int:
        (r1, c1), (r2, c2) = self.cells[a], self.cells[b]
        return max(abs(r1 - r2), abs(c1 - c2))

    def sees(self, a: str, b: str) -> bool:
        """The segment between the two square centres crosses no wall, closed door or blocked corner."""
        (r1, c1), (r2, c2) = self.cells[a], self.cells[b]
        x0, y0 = Fraction(2 * c1 + 1, 2), Fraction(2 * r1 + 1, 2)
        x1, y1 = Fraction(2 * c2 + 1, 2), Fraction(2 * r2 + 1, 2)
        for k in range(min(c1, c2) + 1, max(c1, c2) + 1):  # vertical grid lines x = k
            y = y0 + (y1 - y0) * (k - x0) / (x1 - x0)
            if y.denominator == 1:
                if self._corner_blocks(int(y), k):
                    return False
            elif self._edge_blocks_sight((int(y), k - 1), (int(y), k)):
                return False
        for k in range(min(r1, r2) + 1, max(r1, r2) + 1):  # horizontal grid lines y = k
            x = x0 + (x1 - x0) * (k - y0) / (y1 - y0)
            if x.denominator == 1:
                continue  # a corner point, already judged above
            if self._edge_blocks_sight((k - 1, int(x)), (k, int(x))):
                return False
        return True

    def _corner_blocks(self, row: int, col: int) -> bool:
        """Does any wall or closed door meet the grid point at (row, col) (top-left of cell row,col)?"""
        nw, ne, sw, se = (row - 1, col - 1), (row - 1, col), (row, col - 1), (row, col)
        return any(self._edge_blocks_sight(x, y) for x, y in ((nw, ne), (sw, se), (nw, sw), (ne, se)))

    # --- tiles ----------------------------------------------------------------------------
    def tile_links(self, tile: str) -> set[str]:
        """Tiles sharing at least one open door or archway with `tile`."""
        out = set()
        for door in self.doors.values():
            t1, t2 = (self.tiles[s] for s in door.squares)
            if door.passable and tile in (t1, t2) and t1 != t2:
                out.add(t2 if t1 == tile else t1)
        return out

    def linked_tiles(self, tile: str, chain: bool = False) -> set[str]:
        """`tile` and the tiles linked to it; with `chain`, also tiles linked through others."""
        found, frontier = {tile}, [tile]
        while frontier:
            here = frontier.pop()
            for other in self.tile_links(here):
                if other not in found:
                    found.add(other)
                    if chain:
                        frontier.append(other)
        return found


# --- parsing ---------------------------------------------------------------------------------
def parse_grid(text: str, doors: dict | None = None) -> Grid:
    """Read a text map (see the module docstring); `doors` adds keys and one-way sides by door id."""
    square_rows, edge_rows = _rows(text)
    tiles, cells = _squares(square_rows)
    edges, door_map = _edges(square_rows, edge_rows, tiles, cells)
    _describe_doors(door_map, doors or {})
    return Grid(tiles, cells, edges, door_map)


def _rows(text: str) -> tuple[list[str], dict[int, str]]:
    """The rows of squares, and each edge row by the index of the square row above it."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    square_rows: list[str] = []
    edge_rows: dict[int, str] = {}
    for number, line in enumerate(lines, start=1):
        if _is_square_row(line):
            square_rows.append(line)
        elif not square_rows:
            raise GridError(f"map line {number}: the map starts with a row of squares (tile letters)")
        elif len(square_rows) - 1 in edge_rows:
            raise GridError(f"map line {number}: two edge rows in a row; put a row of squares between them")
        else:
            edge_rows[len(square_rows) - 1] = line
    return square_rows, edge_rows


def _squares(square_rows: list[str]) -> tuple[dict[str, str], dict[str, Cell]]:
    """Each square's tile and cell, by square id."""
    tiles: dict[str, str] = {}
    cells: dict[str, Cell] = {}
    for r, line in enumerate(square_rows):
        for c, ch in enumerate(line[0::2]):
            if ch == NO_SQUARE or ch == " ":
                continue
            if not ch.isupper():
                raise GridError(
                    f"map row {r + 1}, column {2 * c + 1}: '{ch}' is not a tile letter (A-Z) "
                    f"or '{NO_SQUARE}' (no square)"
                )
            if c >= 26:
                raise GridError(f"map row {r + 1}: at most 26 squares per row")
            sid = square_id((r, c))
            tiles[sid], cells[sid] = ch, (r, c)
    return tiles, cells


def _edges(
    square_rows: list[str], edge_rows: dict[int, str], tiles: dict[str, str], cells: dict[str, Cell]
) -> tuple[dict[frozenset, str], dict[str, Door]]:
    """What stands on each edge between two squares (open, wall or a door id), and the doors."""
    by_cell = {cell: sid for sid, cell in cells.items()}
    edges: dict[frozenset, str] = {}
    door_map: dict[str, Door] = {}
    for a, b, mark, where in _edge_marks(square_rows, edge_rows):
        if a not in by_cell or b not in by_cell:
            if mark not in DEFAULT_MARKS | WALL_MARKS:
                raise GridError(f"{where}: a door '{mark}' needs a square on both sides")
            continue
        sa, sb = by_cell[a], by_cell[b]
        if mark in DEFAULT_MARKS:
            kind = OPEN if tiles[sa] == tiles[sb] else WALL
        elif mark in WALL_MARKS:
            kind = WALL
        elif mark in DOOR_STATES:
            kind = door_id(sa, sb)
            door_map[kind] = Door(kind, tuple(sorted((sa, sb))), DOOR_STATES[mark])  # type: ignore[arg-type]
        else:
            raise GridError(f"{where}: '{mark}' is not an edge mark; use space, '|', '-', '+', '/', '=' or '#'")
        edges[frozenset((a, b))] = kind
    return edges, door_map


def _edge_marks(square_rows: list[str], edge_rows: dict[int, str]) -> Iterator[tuple[Cell, Cell, str, str]]:
    """Each edge's two cells, its mark (a space where the map leaves it out) and where the mark is
    written: row by row, the edges across the row, then those under it."""
    for r, line in enumerate(square_rows):
        for c in range(len(line[0::2])):
            mark = line[2 * c + 1] if 2 * c + 1 < len(line) else " "
            yield (r, c), (r, c + 1), mark, f"map row {r + 1}, column {2 * c + 2}"
        below = edge_rows.get(r, "")
        width = max(len(line), len(square_rows[r + 1]) if r + 1 < len(square_rows) else 0)
        for c in range((width + 1) // 2):
            mark = below[2 * c] if 2 * c < len(below) else " "
            yield (r, c), (r + 1, c), mark, f"edge row under map row {r + 1}, column {2 * c + 1}"


def _describe_doors(door_map: dict[str, Door], doors: dict) -> None:
    """Each door's key, and the square a one-way door opens from (a closed one-way door is locked)."""
    for did, spec in doors.items():
        a, _, b = str(did).partition("/")
        door = door_map.get(door_id(a, b))
        if door is None:
            raise GridError(
                f"doors names '{did}', which is not a door on the map; doors are "
                f"{', '.join(sorted(door_map)) or 'none'}"
            )
        spec = spec or {}
        door.key = spec.get("key")
        door.opens_from = spec.get("opens-from")
        if door.opens_from is not None and door.opens_from not in door.squares:
            raise GridError(f"door '{did}': opens-from must be one of its squares {list(door.squares)}")
        if door.opens_from is not None and door.state == "closed":
            door.state = "locked"


def _is_square_row(line: str) -> bool:
    return any(ch.isupper() or ch == NO_SQUARE for ch in line[0::2])
