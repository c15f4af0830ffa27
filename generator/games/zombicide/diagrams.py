"""SVG diagrams of a board state: zones, walls, doors, tiles, figures, noise, cars and highlights.

Deterministic by construction (same input, same bytes): zones and figures are drawn in the
map's reading order, numbers are integers, ids derive from the example's id. Colours come from
CSS classes (site_overrides/assets/rulebook.css), so the diagram follows light and dark mode;
presentation attributes keep it readable without that stylesheet. The viewBox lets it shrink
to a phone's width, and the text size grows with the board so that it stays legible there.

No line crosses a word: a cell keeps a lane along its right and bottom edges that no text enters
(its id and badges sit at its top left, its figures in rows at its left), and every arrow, route and
sight line runs in those lanes, from one zone's corner to another's. A cell is wide enough for its
longest label (tests/test_examples_browser.py measures the drawn boxes).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from html import escape

from generator.games.zombicide.board import OPEN, WALL
from generator.games.zombicide.state import State

CELL_W = 128
MIN_CELL_H = 112
ROW_H = 24
PAD = 10
MIN_WIDTH = 380  # legend text needs this much room even beside a two-zone board
LEGEND_ROW = 26
LANE = 28  # the strip along a cell's right and bottom edges where lines run and no text goes
ANCHOR = 10  # from the cell's edges to where a survivor's route, a shot or a sight line turns
ZOMBIE_LANE = 20  # zombies' routes run beside the survivors', further in
FIGURE_TEXT_X = 34  # a figure's label starts this far from the cell's left edge
# One distinct outline per zombie type (survivors are circles); unknown types get a pentagon.
ZOMBIE_SHAPES = {
    "walker": "square",
    "runner": "triangle",
    "fatty": "hexagon",
    "brute": "diamond",
    "abomination": "star",
}


@dataclass
class Marks:
    """What a step is about, drawn over the board."""

    routes: list[list[str]] = field(default_factory=list)  # survivors' and cars' paths (zone ids)
    zombie_routes: list[tuple[str, str]] = field(default_factory=list)  # (from, to)
    shots: list[tuple[str, str]] = field(default_factory=list)  # (attacker's zone, target zone)
    sight: list[str] = field(default_factory=list)  # zones shaded as in line of sight
    sight_lines: list[tuple[str, str]] = field(default_factory=list)  # zombies seeing survivors
    target: str | None = None
    killed: dict[str, dict[str, int]] = field(default_factory=dict)  # zone -> type -> count

    def empty(self) -> bool:
        return not (
            self.routes
            or self.zombie_routes
            or self.shots
            or self.sight
            or self.sight_lines
            or self.target
            or self.killed
        )


@dataclass
class Words:
    """The diagram's text in the page's language (the caller localizes, the drawing does not)."""

    title: str
    desc: str
    survivor_names: dict[str, str]
    zombie_names: dict[str, str]
    legend: dict[str, str]  # legend key -> label


def render_svg(state: State, marks: Marks, words: Words, svg_id: str, spawn_zones: list[str] | tuple[()] = ()) -> str:
    board = state.board
    cells = board._cells  # (row, col) -> zone id; the map's own geometry
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    items = _items_by_cell(state, marks, cells)
    scale = min(1.5, max(1.0, (max(cols * CELL_W, MIN_WIDTH) + 2 * PAD) / 420))  # text grows with wide boards
    # so that a phone still shows ~12 px text; a cell is as wide as its longest label and its lane.
    longest = max((_text_width(_label(item, words), 14 * scale) for v in items.values() for item in v), default=0)
    cell_w = max(CELL_W, FIGURE_TEXT_X + int(longest) + LANE + 4)
    board_w = cols * cell_w
    width = max(board_w, MIN_WIDTH) + 2 * PAD
    row_h = int(ROW_H * scale)
    rows_h = row_h * max((len(v) for v in items.values()), default=0)
    cell_h = max(MIN_CELL_H, int(22 * scale) + rows_h + int(6 * scale) + LANE)
    board_h = rows * cell_h
    x0 = PAD + (width - 2 * PAD - board_w) // 2
    geometry = _Geometry(x0, PAD, cell_h, cells, row_h, cell_w)
    legend = _legend_entries(state, marks, words, spawn_zones)
    legend_h = int(LEGEND_ROW * scale) * len(legend) + (PAD if legend else 0)
    height = PAD + board_h + PAD + legend_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-board" role="img" '
        f'aria-labelledby="{svg_id}-title {svg_id}-desc" viewBox="0 0 {width} {height}" '
        f'font-size="{_n(14 * scale)}" font-family="sans-serif">',
        f'<title id="{svg_id}-title">{escape(words.title)}</title>',
        f'<desc id="{svg_id}-desc">{escape(words.desc)}</desc>',
        _defs(svg_id),
    ]
    out += _zones(board, geometry, marks, svg_id)
    out += _boundaries(board, geometry)
    out += _highlights(board, geometry, marks, svg_id)
    out += _zone_labels(board, state, geometry, spawn_zones, scale)
    out += _figures(items, geometry, words, scale)
    out += _legend(legend, PAD, PAD + board_h + PAD, scale)
    out.append("</svg>")
    return "\n".join(out)


# --- geometry --------------------------------------------------------------------------------
@dataclass
class _Geometry:
    x0: int
    y0: int
    cell_h: int
    cells: dict
    row_h: int
    cell_w: int = CELL_W

    def box(self, cell) -> tuple[int, int]:
        r, c = cell
        return self.x0 + c * self.cell_w, self.y0 + r * self.cell_h

    def anchor(self, zone: str, toward: str | None = None, inset: int = ANCHOR) -> tuple[int, int]:
        """Where lines meet in a zone: the corner of its lanes, in its cell nearest to `toward`
        (a zone of several cells), so that a line between two zones runs along one row or column."""
        own = sorted(cell for cell, z in self.cells.items() if z == zone)
        cell = own[0]
        if toward is not None:
            theirs = [c for c, z in self.cells.items() if z == toward]
            cell = min(own, key=lambda c: (min(abs(c[0] - t[0]) + abs(c[1] - t[1]) for t in theirs), c))
        x, y = self.box(cell)
        return x + self.cell_w - inset, y + self.cell_h - inset

    def path(self, zones: list[str], inset: int = ANCHOR) -> str:
        """The corners a line through these zones turns at, as SVG points. Between two zones that
        share no row or column the line turns once more, where their lanes cross."""
        points: list[tuple[int, int]] = []
        for i, zone in enumerate(zones):
            toward = zones[i + 1] if i + 1 < len(zones) else (zones[i - 1] if i else None)
            x, y = self.anchor(zone, toward, inset)
            if points and points[-1][0] != x and points[-1][1] != y:
                points.append((points[-1][0], y))
            if not points or points[-1] != (x, y):
                points.append((x, y))
        return " ".join(f"{x},{y}" for x, y in points)


def _n(value: float) -> str:
    """Fixed number formatting: integers, or one decimal."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _defs(svg_id: str) -> str:
    # One arrowhead per kind of line: a marker takes its colour from its own class, not the line's.
    markers = "".join(
        f'<marker id="{svg_id}-{kind}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
        f'orient="auto-start-reverse" class="rb-{kind}"><path d="M0 0 L10 5 L0 10 z" fill="currentColor"/></marker>'
        for kind in ("route", "zombie-route", "shot")
    )
    return (
        f'<defs>{markers}<pattern id="{svg_id}-dark" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<path d="M0 8 L8 0" class="rb-hatch" stroke="currentColor" stroke-opacity="0.35"/></pattern></defs>'
    )


# --- zones and boundaries ----------------------------------------------------------------------
def _zones(board, g: _Geometry, marks: Marks, svg_id: str) -> list[str]:
    out = []
    for cell in sorted(g.cells):
        zone = board.zones[g.cells[cell]]
        x, y = g.box(cell)
        kind = "rb-street" if zone.street else "rb-room"
        out.append(
            f'<rect class="rb-zone {kind}" x="{x}" y="{y}" width="{g.cell_w}" height="{g.cell_h}" '
            f'fill="none" stroke="currentColor" stroke-opacity="0.15"/>'
        )
        if zone.id in marks.sight:
            out.append(
                f'<rect class="rb-sight" x="{x}" y="{y}" width="{g.cell_w}" height="{g.cell_h}" '
                f'fill="currentColor" fill-opacity="0.12"/>'
            )
        if zone.dark:
            out.append(
                f'<rect class="rb-dark" x="{x}" y="{y}" width="{g.cell_w}" height="{g.cell_h}" '
                f'fill="url(#{svg_id}-dark)"/>'
            )
    if marks.target:
        for cell in sorted(c for c, z in g.cells.items() if z == marks.target):
            x, y = g.box(cell)
            out.append(
                f'<rect class="rb-target" x="{x + 3}" y="{y + 3}" width="{g.cell_w - 6}" '
                f'height="{g.cell_h - 6}" fill="none" stroke="currentColor" stroke-width="3"/>'
            )
    return out


def _boundaries(board, g: _Geometry) -> list[str]:
    """Walls, doors, zone edges inside the board, tile seams, and the board's outer edge."""
    out = []
    for cell in sorted(g.cells):
        r, c = cell
        for other, vertical in (((r, c + 1), True), ((r + 1, c), False), ((r, c - 1), True), ((r - 1, c), False)):
            here, there = g.cells[cell], g.cells.get(other)
            if there is not None and other < cell:
                continue  # each inner boundary once
            line = _edge(g, cell, other, vertical)
            if there is None:  # the board's edge or an empty cell: buildings are walled there
                kind = "rb-wall" if not board.zones[here].street else "rb-edge"
                out.append(_line(line, kind))
                continue
            link = board._boundaries.get(frozenset((cell, other)))
            if here == there:
                continue
            if link == OPEN or link is None and board.zones[here].street and board.zones[there].street:
                out.append(_line(line, "rb-zone-edge"))
            elif link in (None, WALL):
                out.append(_line(line, "rb-wall"))
            else:
                out.append(_door(line, board.doors[link].state, vertical))
            if _tile_seam(board, here, there):
                out.append(_line(line, "rb-tile-seam"))
    return out


def _tile_seam(board, a: str, b: str) -> bool:
    if set(board.tiles) == {"tile"}:
        return False
    return not set(board.tiles_of(a)) & set(board.tiles_of(b))


def _edge(g: _Geometry, cell, other, vertical: bool) -> tuple[int, int, int, int]:
    x, y = g.box(cell)
    if vertical:
        ex = x + g.cell_w if other[1] > cell[1] else x
        return ex, y, ex, y + g.cell_h
    ey = y + g.cell_h if other[0] > cell[0] else y
    return x, ey, x + g.cell_w, ey


def _line(line, kind: str) -> str:
    x1, y1, x2, y2 = line
    width = {"rb-wall": 5, "rb-edge": 1, "rb-zone-edge": 1, "rb-tile-seam": 2}[kind]
    dash = ' stroke-dasharray="6 5"' if kind in ("rb-zone-edge", "rb-tile-seam") else ""
    return (
        f'<line class="{kind}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="currentColor" '
        f'stroke-width="{width}"{dash}/>'
    )


def _door(line, state: str, vertical: bool) -> str:
    """A wall with a door in its middle: filled when closed or locked, an open frame when open."""
    x1, y1, x2, y2 = line
    mx, my = (x1 + x2) // 2, (y1 + y2) // 2
    half = 18
    if vertical:
        walls = [(x1, y1, x1, my - half), (x1, my + half, x2, y2)]
        door = (mx - 5, my - half, 10, 2 * half)
    else:
        walls = [(x1, y1, mx - half, y1), (mx + half, y1, x2, y2)]
        door = (mx - half, my - 5, 2 * half, 10)
    parts = [_line(w, "rb-wall") for w in walls]
    x, y, w, h = door
    fill = "none" if state == "open" else "currentColor"
    parts.append(
        f'<rect class="rb-door rb-door-{state}" x="{x}" y="{y}" width="{w}" height="{h}" '
        f'fill="{fill}" stroke="currentColor" stroke-width="2"/>'
    )
    return "\n".join(parts)


# --- highlights ----------------------------------------------------------------------------------
def _highlights(board, g: _Geometry, marks: Marks, svg_id: str) -> list[str]:
    """Sight lines, shots and routes, each along the lanes of the zones it joins (never over a word)."""
    out = []
    arrow = lambda kind: f'marker-end="url(#{svg_id}-{kind})"'  # noqa: E731
    for a, b in marks.sight_lines:
        out.append(
            f'<polyline class="rb-sight-line" points="{g.path([a, b])}" fill="none" stroke="currentColor" '
            f'stroke-width="2" stroke-dasharray="2 6" stroke-linecap="round"/>'
        )
    for a, b in marks.shots:
        out.append(
            f'<polyline class="rb-shot" points="{g.path([a, b])}" fill="none" stroke="currentColor" '
            f'stroke-width="3" stroke-dasharray="10 6" {arrow("shot")}/>'
        )
    for path in marks.routes:
        out.append(
            f'<polyline class="rb-route" points="{g.path(path)}" fill="none" stroke="currentColor" '
            f'stroke-width="4" stroke-linejoin="round" {arrow("route")}/>'
        )
    for a, b in marks.zombie_routes:  # beside the survivors' routes, not on them
        out.append(
            f'<polyline class="rb-zombie-route" points="{g.path([a, b], ZOMBIE_LANE)}" fill="none" '
            f'stroke="currentColor" stroke-width="4" {arrow("zombie-route")}/>'
        )
    return out


# --- labels and figures --------------------------------------------------------------------------
def _zone_labels(board, state: State, g: _Geometry, spawn_zones, scale: float) -> list[str]:
    out = []
    small = _n(12 * scale)
    for zid in board.zones:
        first = min(c for c, z in g.cells.items() if z == zid)
        x, y = g.box(first)
        out.append(
            f'<text class="rb-zone-id" x="{x + 6}" y="{y + 16}" font-size="{small}" '
            f'fill="currentColor" fill-opacity="0.7">{escape(zid)}</text>'
        )
        # Badges follow the id, out of the lane along the cell's right edge.
        badges = [kind for kind, on in (("manhole", zid in board.manholes), ("spawn", zid in spawn_zones)) if on]
        after = x + 6 + int(_text_width(zid, 12 * scale)) + 16
        for i, kind in enumerate(badges):
            out.append(_badge(kind, after + 24 * i, y + 13))
    return out


def _badge(kind: str, x: int, y: int) -> str:
    if kind == "manhole":
        return (
            f'<g class="rb-manhole"><circle cx="{x}" cy="{y}" r="9" fill="none" stroke="currentColor" '
            f'stroke-width="2"/><path d="M{x - 6} {y} H{x + 6} M{x} {y - 6} V{y + 6}" stroke="currentColor"/></g>'
        )
    return (
        f'<path class="rb-spawn" d="M{x} {y - 10} L{x + 3} {y - 3} L{x + 10} {y - 3} L{x + 4} {y + 2} '
        f'L{x + 6} {y + 9} L{x} {y + 5} L{x - 6} {y + 9} L{x - 4} {y + 2} L{x - 10} {y - 3} L{x - 3} {y - 3} z" '
        f'fill="currentColor"/>'
    )


def _items_by_cell(state: State, marks: Marks, cells: dict) -> dict:
    """Rows to draw in each cell: survivors, cars, zombie groups, killed zombies, noise tokens."""
    rows: dict[str, list[tuple]] = {z: [] for z in state.board.zones}
    for car in sorted(state.cars.values(), key=lambda c: c.id):
        rows[car.zone].append(("car", car.id))
    for s in sorted(state.survivors.values(), key=lambda s: s.id):
        rows[s.zone].append(("survivor", s.id, s.wounds, s.dead, bool(s.car)))
    counts = state.zombie_counts()
    for zone in state.board.zones:
        for ztype, n in sorted(counts.get(zone, {}).items(), key=lambda kv: _type_order(kv[0])):
            rows[zone].append(("zombie", ztype, n))
        for ztype, n in sorted(marks.killed.get(zone, {}).items(), key=lambda kv: _type_order(kv[0])):
            rows[zone].append(("killed", ztype, n))
        if state.noise.get(zone):
            rows[zone].append(("noise", state.noise[zone]))
    by_cell: dict[tuple, list] = {}
    for zone, items in rows.items():
        own = sorted(c for c, z in cells.items() if z == zone)
        per = -(-len(items) // len(own)) if items else 0  # a large zone spreads its rows over its cells
        for i, cell in enumerate(own):
            by_cell[cell] = items[i * per : (i + 1) * per]
    return by_cell


def _type_order(ztype: str) -> tuple:
    order = list(ZOMBIE_SHAPES)
    return (order.index(ztype) if ztype in order else len(order), ztype)


def _figures(items: dict, g: _Geometry, words: Words, scale: float) -> list[str]:
    out = []
    for cell in sorted(items):
        x, y = g.box(cell)
        for i, item in enumerate(items[cell]):
            cx, cy = x + 18, y + int(22 * scale) + g.row_h // 2 + g.row_h * i
            out.append(_row(item, cx, cy, words, scale))
    return out


def _label(item: tuple, words: Words) -> str:
    """The words a figure's row shows beside its icon (what _row writes)."""
    kind = item[0]
    if kind == "survivor":
        _, sid, wounds, dead, _ = item
        return words.survivor_names.get(sid, sid) + (f" ✚{wounds}" if wounds and not dead else "")
    if kind == "car":
        return words.legend.get("car", "")
    if kind == "noise":
        return f"×{item[1]}"
    return f"✕{item[2]}" if kind == "killed" else f"×{item[2]}"


def _text_width(text: str, size: float) -> float:
    """A generous estimate of a text's width in the drawing's units: wide (CJK) characters take
    the font size, others about two thirds of it (figure labels are semi-bold)."""
    return sum(size if unicodedata.east_asian_width(ch) in "WF" else 0.68 * size for ch in text)


def _row(item: tuple, cx: int, cy: int, words: Words, scale: float) -> str:
    kind = item[0]
    tx = cx + 16
    if kind == "survivor":
        _, sid, wounds, dead, in_car = item
        label = escape(words.survivor_names.get(sid, sid))
        mark = f' <tspan class="rb-wound">✚{wounds}</tspan>' if wounds and not dead else ""
        state = " rb-dead" if dead else ""
        strike = ' text-decoration="line-through"' if dead else ""
        return (
            f'<g class="rb-survivor{state}"><circle cx="{cx}" cy="{cy}" r="9" fill="currentColor"/>'
            f'<text x="{tx}" y="{cy + 5}" fill="currentColor"{strike}>{label}{mark}</text></g>'
        )
    if kind == "car":
        return (
            f'<g class="rb-car"><rect x="{cx - 12}" y="{cy - 8}" width="24" height="16" rx="4" fill="none" '
            f'stroke="currentColor" stroke-width="2"/><text x="{tx}" y="{cy + 5}" fill="currentColor">'
            f"{escape(words.legend['car'])}</text></g>"
        )
    if kind == "noise":
        return (
            f'<g class="rb-noise"><path d="M{cx - 8} {cy - 4} H{cx - 3} L{cx + 4} {cy - 9} V{cy + 9} L{cx - 3} '
            f'{cy + 4} H{cx - 8} z" fill="currentColor"/><text x="{tx}" y="{cy + 5}" fill="currentColor">'
            f"×{item[1]}</text></g>"
        )
    _, ztype, n = item
    css = "rb-killed" if kind == "killed" else f"rb-zombie rb-{ztype}"
    text = f"✕{n}" if kind == "killed" else f"×{n}"
    return (
        f'<g class="{css}">{_shape(ZOMBIE_SHAPES.get(ztype, "pentagon"), cx, cy)}'
        f'<text x="{tx}" y="{cy + 5}" fill="currentColor">{text}</text></g>'
    )


def _shape(shape: str, cx: int, cy: int) -> str:
    points = {
        "square": [(-8, -8), (8, -8), (8, 8), (-8, 8)],
        "triangle": [(0, -10), (10, 8), (-10, 8)],
        "hexagon": [(-5, -9), (5, -9), (10, 0), (5, 9), (-5, 9), (-10, 0)],
        "diamond": [(0, -10), (10, 0), (0, 10), (-10, 0)],
        "star": [(0, -11), (3, -4), (11, -4), (5, 2), (7, 10), (0, 5), (-7, 10), (-5, 2), (-11, -4), (-3, -4)],
        "pentagon": [(0, -10), (9, -3), (6, 9), (-6, 9), (-9, -3)],
    }[shape]
    text = " ".join(f"{cx + dx},{cy + dy}" for dx, dy in points)
    return f'<polygon points="{text}" fill="currentColor" stroke="currentColor" stroke-width="1"/>'


# --- legend --------------------------------------------------------------------------------------
def _legend_entries(state: State, marks: Marks, words: Words, spawn_zones) -> list[tuple]:
    """Only what the diagram shows: each figure type, token and highlight present."""
    entries: list[tuple] = []
    types = sorted({z.type for z in state.zombies} | {t for k in marks.killed.values() for t in k}, key=_type_order)
    entries += [(("zombie", t, 1), words.zombie_names.get(t, t)) for t in types]
    if marks.killed:
        entries.append((("killed", types[0] if types else "walker", 1), words.legend["killed"]))
    if state.noise and any(state.noise.values()):
        entries.append((("noise", 1), words.legend["noise"]))
    if any(s.wounds and not s.dead for s in state.survivors.values()):
        entries.append((("wound",), words.legend["wound"]))
    board = state.board
    if set(board.tiles) != {"tile"}:
        entries.append((("line", "tile-seam"), words.legend["tile-seam"]))
    if board.manholes:
        entries.append((("badge", "manhole"), words.legend["manhole"]))
    if spawn_zones:
        entries.append((("badge", "spawn"), words.legend["spawn"]))
    if any(d.state != "open" for d in board.doors.values()):
        entries.append((("door", "closed"), words.legend["door-closed"]))
    if any(d.state == "open" for d in board.doors.values()):
        entries.append((("door", "open"), words.legend["door-open"]))
    for key, on in (
        ("route", marks.routes),
        ("zombie-route", marks.zombie_routes),
        ("shot", marks.shots),
        ("sight", marks.sight),
        ("sight-line", marks.sight_lines),
    ):
        if on:
            entries.append((("line", key), words.legend[key]))
    return entries


def _legend(entries: list[tuple], x: int, y: int, scale: float) -> list[str]:
    out = []
    step = int(LEGEND_ROW * scale)
    for i, (item, label) in enumerate(entries):
        cx, cy = x + 14, y + step * i + step // 2
        kind = item[0]
        if kind in ("zombie", "killed"):
            icon = _row(item, cx, cy, Words("", "", {}, {}, {}), scale).split("<text")[0] + "</g>"
        elif kind == "noise":
            icon = _row(item, cx, cy, Words("", "", {}, {}, {}), scale).split("<text")[0] + "</g>"
        elif kind == "wound":
            icon = f'<text class="rb-wound" x="{cx - 7}" y="{cy + 5}" fill="currentColor">✚</text>'
        elif kind == "badge":
            icon = _badge(item[1], cx, cy)
        elif kind == "door":
            icon = _door((cx, cy - 14, cx, cy + 14), item[1], True).split("\n")[-1]
        elif item[1] == "sight":
            icon = (
                f'<rect class="rb-sight" x="{cx - 12}" y="{cy - 9}" width="24" height="18" fill="currentColor" '
                f'fill-opacity="0.12" stroke="currentColor" stroke-opacity="0.3"/>'
            )
        else:
            dash = {
                "sight-line": ' stroke-dasharray="2 6" stroke-linecap="round"',
                "tile-seam": ' stroke-dasharray="6 5"',
            }.get(item[1], "")
            icon = (
                f'<line class="rb-{item[1]}" x1="{cx - 12}" y1="{cy}" x2="{cx + 12}" y2="{cy}" '
                f'stroke="currentColor" stroke-width="4"{dash}/>'
            )
        out.append(
            f'<g class="rb-legend">{icon}<text x="{x + 36}" y="{cy + 5}" fill="currentColor">{escape(label)}</text></g>'
        )
    return out
