"""The board: zones, walls, doors, tiles and manholes; movement, routes and line of sight.

Text-map notation (one zone per cell; a zone may span several cells by repeating its id):

    s1 . s2 . s3          cell rows alternate with connector rows;
    .    .    -           a cell row is `cell conn cell conn cell`,
    s4 . A1 + A2*         a connector row has one connector under each cell.

Cells: a lowercase id is a street zone (`s1`, `north`); an uppercase letter and digits is a room
of the building named by the letters (`A1`, `B2`); a trailing `*` marks a dark zone (2nd
edition); `_` is no zone (off the board). Connectors: `.` open (street to street, or an opening
between rooms), `|` or `-` a wall, `+` a closed door, `/` an open door, `#` a locked door (a
mission door: it opens once its colour's objective is taken). A door's id joins the two zone
ids in sorted order with `/` (`A1/s2`).
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from generator.core.geometry import OPEN, WALL, Door, ZoneGraph, door_id
from generator.core.geometry import Zone as GraphZone
from generator.errors import MapError

__all__ = ["Board", "Door", "MapError", "OPEN", "WALL", "Zone", "door_id", "parse_map"]

STREET_ID = re.compile(r"^[a-z][a-z0-9-]*$")
ROOM_ID = re.compile(r"^([A-Z]+)[0-9]+$")
VOID = "_"
DOOR_CHARS = {"+": "closed", "/": "open", "#": "locked"}
WALL_CHARS = {"|", "-"}
# Cells per row and rows of cells: a real board is a few tiles of a few zones each; a case drawn
# larger is a mistake, and would slow every check that reads it.
MAX_SIDE = 30


@dataclass
class Zone(GraphZone):
    street: bool = True
    building: str | None = None
    dark: bool = False


class Board(ZoneGraph):
    """Zombicide's zone graph: streets and rooms, tiles and manholes, and its sight rule."""

    zones: dict[str, Zone]  # type: ignore[assignment]

    def __init__(self, cells, boundaries, zones: dict[str, Zone], doors: dict[str, Door]):
        super().__init__(cells, boundaries, zones, doors)  # type: ignore[arg-type]
        self.tiles: dict[str, set[str]] = {"tile": set(zones)}
        self.manholes: list[str] = []
        # Routes and sight lines worked out while the doors are held (see doors_held), kept for
        # as long as the doors stay as they are.
        self._held = False
        self._held_states: tuple[str, ...] | None = None
        self._known: dict[tuple, dict[str, int]] = {}
        self._through_rooms = False  # sight goes on through building zones (Home defender)

    @contextmanager
    def doors_held(self) -> Iterator[None]:
        """While nothing opens or closes a door (the zombies planning their steps), each route and
        sight line is worked out once: every group asks for the same ones, phase after phase.
        What they get is shared: read it, never change it."""
        states = tuple(door.state for door in self.doors.values())
        if states != self._held_states:
            self._held_states, self._known = states, {}
        self._held = True
        try:
            yield
        finally:
            self._held = False

    def distances_to(self, target: str, all_doors_open: bool = False) -> dict[str, int]:
        if not self._held:
            return super().distances_to(target, all_doors_open)
        key = ("route", target, all_doors_open)
        if key not in self._known:
            self._known[key] = super().distances_to(target, all_doors_open)
        return self._known[key]

    def line_of_sight(self, zone: str) -> dict[str, int]:
        if not self._held:
            return super().line_of_sight(zone)
        key = ("sight", zone)
        if key not in self._known:
            self._known[key] = super().line_of_sight(zone)
        return self._known[key]

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_known": {}, "_held_states": None}  # a snapshot's copy starts afresh

    def is_street(self, zone: str) -> bool:
        return self.zones[zone].street

    def rooms_of(self, building: str) -> list[str]:
        return [z.id for z in self.zones.values() if z.building == building]

    def tiles_of(self, zone: str) -> list[str]:
        return [tid for tid, zones in self.tiles.items() if zone in zones]

    def set_tiles(self, tiles: dict[str, list[str]], manholes: list[str]) -> None:
        for tid, zones in tiles.items():
            unknown = [z for z in zones if z not in self.zones]
            if unknown:
                raise MapError(f"tile '{tid}' lists unknown zones {unknown}")
        missing = [z for z in manholes if z not in self.zones]
        if missing:
            raise MapError(f"manholes in unknown zones {missing}")
        if tiles:
            self.tiles = {tid: set(zones) for tid, zones in tiles.items()}
        self.manholes = list(manholes)

    def sight_carries_through(self, zone: str) -> bool:
        """Streets see in straight lines until a wall or the board edge; from a street into a
        building only the zone behind an open door; inside a building, one zone through an
        opening or open door; through an open door into the street, the straight line."""
        return self.zones[zone].street or self._through_rooms

    def line_of_sight_through_rooms(self, zone: str) -> dict[str, int]:
        """Sight as from a street, in buildings too: straight lines until a wall or closed door
        (Home defender: a survivor's sight through building zones is not cut at range 1)."""
        self._through_rooms = True
        try:
            return super().line_of_sight(zone)
        finally:
            self._through_rooms = False


# --- parsing -------------------------------------------------------------------------------
def parse_map(text: str) -> Board:
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    if not rows:
        raise MapError("the map is empty; write at least one zone id")
    cell_rows, conn_rows = rows[0::2], rows[1::2]
    width = (len(cell_rows[0]) + 1) // 2
    if len(cell_rows) > MAX_SIDE or width > MAX_SIDE:
        raise MapError(
            f"the map is {width} × {len(cell_rows)} cells; a case's map is at most {MAX_SIDE} × "
            f"{MAX_SIDE} (far more than any real board): draw only the zones the case needs"
        )
    cells: dict[tuple[int, int], str] = {}
    zones: dict[str, Zone] = {}
    for r, tokens in enumerate(cell_rows):
        if len(tokens) != 2 * width - 1:
            raise MapError(
                f"map row {2 * r + 1} has {len(tokens)} items; a cell row alternates {width} cells "
                f"with {width - 1} connectors"
            )
        for c in range(width):
            token = tokens[2 * c]
            if token == VOID:
                continue
            zid, dark = (token[:-1], True) if token.endswith("*") else (token, False)
            room = ROOM_ID.match(zid)
            if not room and not STREET_ID.match(zid):
                raise MapError(
                    f"'{token}' (map row {2 * r + 1}) is not a zone id: use lowercase for a street "
                    f"zone (s1) or a capital letter and digits for a room (A1)"
                )
            zone = zones.setdefault(zid, Zone(zid, street=not room, building=room.group(1) if room else None))
            zone.dark = zone.dark or dark
            zone.cells.append((r, c))
            cells[(r, c)] = zid
    for r, tokens in enumerate(conn_rows):
        if len(tokens) != width:
            raise MapError(
                f"map row {2 * r + 2} has {len(tokens)} connectors; a connector row has one under "
                f"each of the {width} cells"
            )
    boundaries: dict[frozenset, str] = {}
    doors: dict[str, Door] = {}

    def connect(a: tuple[int, int], b: tuple[int, int], char: str, row: int) -> None:
        if a not in cells or b not in cells:
            return
        za, zb = cells[a], cells[b]
        if char in WALL_CHARS:
            boundaries[frozenset((a, b))] = WALL
            return
        if char == OPEN:
            if za != zb and zones[za].street != zones[zb].street:
                raise MapError(
                    f"map row {row}: '{za}' and '{zb}' join a street and a room with '.'; a building "
                    f"is entered through a door (+ closed, / open) or not at all (|)"
                )
            boundaries[frozenset((a, b))] = OPEN
            return
        if char not in DOOR_CHARS:
            raise MapError(f"map row {row}: unknown connector '{char}'; use . | - + / #")
        if za == zb:
            raise MapError(f"map row {row}: a door inside zone '{za}'; doors join two zones")
        did = door_id(za, zb)
        if did in doors:
            raise MapError(f"map row {row}: a second door between '{za}' and '{zb}'; one door per pair of zones")
        doors[did] = Door(did, tuple(sorted((za, zb))), DOOR_CHARS[char])  # type: ignore[arg-type]
        boundaries[frozenset((a, b))] = did

    for r, tokens in enumerate(cell_rows):
        for c in range(width - 1):
            connect((r, c), (r, c + 1), tokens[2 * c + 1], 2 * r + 1)
    for r, tokens in enumerate(conn_rows):
        for c in range(width):
            connect((r, c), (r + 1, c), tokens[c], 2 * r + 2)
    _refuse_open_and_door(boundaries, cells)
    return Board(cells, boundaries, zones, doors)


def _refuse_open_and_door(boundaries: dict[frozenset, str], cells: dict[tuple[int, int], str]) -> None:
    """Two zones are joined openly or by a door, not both (one pass over the boundaries)."""
    kinds: dict[frozenset, set[str]] = {}
    first_open: dict[frozenset, tuple] = {}
    for pair, kind in boundaries.items():
        a, b = tuple(pair)
        zones = frozenset((cells[a], cells[b]))
        if len(zones) < 2 or kind == WALL:
            continue
        kinds.setdefault(zones, set()).add(OPEN if kind == OPEN else "door")
        if kind == OPEN:
            first_open.setdefault(zones, (a, b))
    for zones, (a, b) in first_open.items():
        if "door" in kinds[zones]:
            raise MapError(f"zones '{cells[a]}' and '{cells[b]}' are joined both openly and by a door; keep one")
