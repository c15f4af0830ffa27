"""SVG diagrams of a square-grid state: tiles, walls, doors, models by size, tokens, routes, sight.

Deterministic (same state and marks, same bytes): squares are drawn in reading order, numbers
are integers. A square is split into four quarters: a small model takes one, a medium model two
(a half), a large model the whole square, so the picture shows the room the rules count.
Colours come from CSS classes with presentation attributes as a fallback; the viewBox lets the
drawing shrink to a phone's width. Text is escaped; names arrive already localized.

Lines join square centres, which lie between the quarters; a model whose label a line would cross
(a diagonal step) takes another free quarter of its square, so no line runs over a word
(tests/test_examples_browser.py measures the drawn boxes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from generator.core.grid import OPEN, WALL, Grid

from .state import State

CELL = 72
PAD = 26  # room for the column letters and row numbers
TILE_FILLS = ("#f4e7cf", "#e4e4e4")  # fallbacks of the stylesheet's room and street colours
QUARTERS = ((0, 0), (1, 0), (0, 1), (1, 1))  # (x, y) of the four slots of a square
MIN_WIDTH = 400  # the legend's words need this much room even beside a two-square board


@dataclass
class Marks:
    routes: list[list[str]] = field(default_factory=list)  # characters' paths (square ids)
    enemy_routes: list[list[str]] = field(default_factory=list)
    sight_lines: list[tuple[str, str]] = field(default_factory=list)  # (from, to) square centres
    target: str | None = None  # a square to ring
    refused: list[tuple[str, str]] = field(default_factory=list)  # a step the rules refuse

    def empty(self) -> bool:
        return not (self.routes or self.enemy_routes or self.sight_lines or self.target or self.refused)


@dataclass
class Words:
    title: str
    desc: str
    labels: dict[str, str]  # character id / enemy id -> short label drawn on the model
    legend: dict[str, str]  # legend key -> text


def _xy(grid: Grid, square: str) -> tuple[int, int]:
    r, c = grid.cells[square]
    return PAD + c * CELL, PAD + r * CELL


def _centre(grid: Grid, square: str) -> tuple[int, int]:
    x, y = _xy(grid, square)
    return x + CELL // 2, y + CELL // 2


CORPSE_MARKS = 4  # corpse crosses that fit along a square's bottom edge


def render_svg(state: State, sizes: dict[str, str], marks: Marks, words: Words, svg_id: str) -> str:
    """Draw `state`; `sizes` gives each enemy id its size class (small, medium, large)."""
    grid = state.board
    rows = 1 + max(r for r, _ in grid.cells.values())
    cols = 1 + max(c for _, c in grid.cells.values())
    width, height = max(MIN_WIDTH, PAD + cols * CELL + 6), PAD + rows * CELL + 6
    # Text grows with the board, so that it stays legible when the drawing shrinks to a phone.
    font = max(13, round(13 * width / MIN_WIDTH))
    legend_rows = len(words.legend)
    total_h = height + 8 + (font + 9) * legend_rows
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-grid" viewBox="0 0 {width} {total_h}" '
            f'role="img" aria-labelledby="{svg_id}-t {svg_id}-d" font-family="sans-serif">'
        ),
        f'<title id="{svg_id}-t">{escape(words.title)}</title>',
        f'<desc id="{svg_id}-d">{escape(words.desc)}</desc>',
    ]
    tiles = sorted(set(grid.tiles.values()))
    for sq in grid.spaces():
        x, y = _xy(grid, sq)
        if grid.tiles[sq] in state.off_board:  # a tile not laid yet: only its outline, dashed
            out.append(
                f'<rect class="rb-off-board" x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                f'fill="none" stroke="#9e9e9e" stroke-width="1.5" stroke-dasharray="5 5"/>'
            )
            continue
        index = tiles.index(grid.tiles[sq])
        fill = TILE_FILLS[index % 2]
        # Neighbouring tiles alternate the stylesheet's two floor colours (light and dark schemes).
        shade = "rb-room" if index % 2 == 0 else "rb-street"
        out.append(
            f'<rect class="rb-square {shade}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
            f'stroke="#b8b0a0" stroke-width="1"/>'
        )
    for c in range(cols):
        out.append(
            f'<text x="{PAD + c * CELL + CELL // 2}" y="{PAD - 8}" text-anchor="middle" font-size="{font}" '
            f'fill="currentColor">{chr(ord("a") + c)}</text>'
        )
    for r in range(rows):
        out.append(
            f'<text x="{PAD // 2}" y="{PAD + r * CELL + CELL // 2 + 5}" text-anchor="middle" font-size="{font}" '
            f'fill="currentColor">{r + 1}</text>'
        )
    out += _edges(grid)
    out += _tokens(state)
    out += _marks(grid, marks, svg_id)  # under the models, so an arrow never hides a model's number
    out += _models(state, sizes, words.labels, _crossed_quarters(grid, marks))
    out += _legend(words.legend, height + 8, font)
    out.append("</svg>")
    return "\n".join(out)


def _edges(grid: Grid) -> list[str]:
    """Walls as thick dark lines, doors as coloured bars, archways as a dashed frame."""
    out = []
    cells = {cell: sq for sq, cell in grid.cells.items()}
    seen = set()
    for (r, c), sq in sorted(cells.items()):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            other = (r + dr, c + dc)
            key = frozenset(((r, c), other))
            if key in seen:
                continue
            seen.add(key)
            kind = grid.edge((r, c), other) if other in cells else WALL
            if kind == OPEN:
                continue
            x, y = PAD + c * CELL, PAD + r * CELL
            if dc == 1:
                x1, y1, x2, y2 = x + CELL, y, x + CELL, y + CELL
            elif dc == -1:
                x1, y1, x2, y2 = x, y, x, y + CELL
            elif dr == 1:
                x1, y1, x2, y2 = x, y + CELL, x + CELL, y + CELL
            else:
                x1, y1, x2, y2 = x, y, x + CELL, y
            if kind == WALL:
                out.append(
                    f'<line class="rb-wall" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#2b2b2b" '
                    f'stroke-width="6" stroke-linecap="square"/>'
                )
                continue
            state = grid.doors[kind].state
            inset = CELL // 6
            if x1 == x2:
                y1, y2 = y1 + inset, y2 - inset
            else:
                x1, x2 = x1 + inset, x2 - inset
            if state == "archway":
                out.append(
                    f'<line class="rb-archway" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#7a5b2e" '
                    f'stroke-width="4" stroke-dasharray="6 5"/>'
                )
            elif state == "open":
                out.append(
                    f'<line class="rb-door-open" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3d8b3d" '
                    f'stroke-width="3" stroke-dasharray="2 4"/>'
                )
            else:
                colour = "#b03a2e" if state == "locked" else "#a0522d"
                out.append(
                    f'<line class="rb-door-{state}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                    f'stroke="{colour}" stroke-width="9"/>'
                )
    return out


# Tokens and terrain as short marks in a square's corner, each explained by a legend line
# (worked_examples.py: legend key "token-<kind>"), in the order they stack up from the bottom.
TOKEN_MARKS = {  # kind -> (mark, colour); the item token's mark is its deck's letter
    "exit": ("EXIT", "#1f6f8b"),
    "item-token": ("A", "#8b6f1f"),
    "typewriter": ("T", "#444"),
    "item-box": ("BOX", "#6b4f2a"),
    "kerosene": ("K", "#a0522d"),
    "narrative": ("N", "#6a3d9a"),
    "stairs": ("ST", "#2e6b3d"),
    "spawn": ("S", "#8b2e2e"),
    "unexplored": ("?", "#555"),
    "elevator": ("EV", "#2f4f6f"),
    "shaft": ("SH", "#2f4f6f"),
}


def token_marks(state: State, sq: str) -> list[tuple[str, str]]:
    """(kind, mark) of each token or terrain piece on a square, bottom first."""
    tile = state.board.tiles[sq]
    found: list[tuple[str, str]] = []
    if sq in state.exits:
        found.append(("exit", "EXIT"))
    found += [("item-token", deck[-1].upper()) for deck in state.item_tokens.get(sq, [])]
    if sq in state.typewriters:
        found.append(("typewriter", "T"))
    if sq in state.item_boxes:
        found.append(("item-box", "BOX"))
    if state.kerosene.get(sq):
        found.append(("kerosene", f"K{state.kerosene[sq]}"))
    if sq in state.narrative_tokens:
        found.append(("narrative", "N"))
    if sq in state.stairs:
        found.append(("stairs", "ST"))
    if sq in state.spawn_squares.get(tile, []):
        found.append(("spawn", "S"))
    if tile in state.unexplored and sq == state.board.squares_of(tile)[0]:
        found.append(("unexplored", f"?{state.unexplored[tile]}"))
    if sq == state.elevator:
        found.append(("elevator", "EV"))
    if sq in state.shafts:
        found.append(("shaft", "SH"))
    return found


def _tokens(state: State) -> list[str]:
    grid, out = state.board, []
    for sq in grid.spaces():
        if state.board.tiles[sq] in state.off_board:
            continue  # a tile not laid yet shows nothing of what lies on it
        x, y = _xy(grid, sq)
        for i, (kind, text) in enumerate(token_marks(state, sq)):
            colour = TOKEN_MARKS[kind][1]
            out.append(
                f'<text class="rb-token rb-token-{kind}" x="{x + 4}" y="{y + CELL - 5 - 13 * i}" '
                f'font-size="11" font-weight="bold" fill="{colour}">{escape(text)}</text>'
            )
        corpses = state.corpses.get(sq, 0)
        for i in range(min(corpses, CORPSE_MARKS)):
            cx, cy = x + CELL - 9 - 10 * i, y + CELL - 9
            out.append(
                f'<path class="rb-corpse" d="M{cx - 4} {cy - 4}L{cx + 4} {cy + 4}M{cx + 4} {cy - 4}'
                f'L{cx - 4} {cy + 4}" stroke="#5a1f1f" stroke-width="2"/>'
            )
        if corpses > CORPSE_MARKS:  # more marks would spill into the next square: a count instead
            out.append(
                f'<text class="rb-corpse-count" x="{x + CELL - 8 - 10 * CORPSE_MARKS}" y="{y + CELL - 4}" '
                f'font-size="11" font-weight="bold" fill="#5a1f1f" text-anchor="end">×{corpses}</text>'
            )
    return out


LABEL_REACH = 12  # from a quarter's centre to the edge of the label drawn there, with room to spare


def _crossed_quarters(grid: Grid, marks: Marks) -> dict[str, set[int]]:
    """By square, the quarters whose label a line of `marks` would cross."""
    segments = [(_centre(grid, a), _centre(grid, b)) for a, b in [*marks.sight_lines, *marks.refused]]
    for path in [*marks.routes, *marks.enemy_routes]:
        points = [_centre(grid, s) for s in path]
        segments += list(zip(points, points[1:]))
    crossed: dict[str, set[int]] = {}
    half = CELL // 2
    for sq in grid.spaces():
        x, y = _xy(grid, sq)
        for q, (qx, qy) in enumerate(QUARTERS):
            cx, cy = x + qx * half + half // 2, y + qy * half + half // 2
            box = (cx - LABEL_REACH, cy - LABEL_REACH, cx + LABEL_REACH, cy + LABEL_REACH)
            if any(_meets(a, b, box) for a, b in segments):
                crossed.setdefault(sq, set()).add(q)
    return crossed


def _meets(a: tuple[int, int], b: tuple[int, int], box: tuple[int, int, int, int]) -> bool:
    """Whether segment a-b passes through the box (clipped against each side in turn)."""
    low, high = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[3] - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        low, high = (max(low, t), high) if p < 0 else (low, min(high, t))
        if low > high:
            return False
    return True


def _slots(pieces: list[tuple[str, str, str]], crossed: set[int]) -> list[tuple[tuple[str, str, str], int]]:
    """Each piece that fits with the first quarter it takes: a large model the whole square, a
    medium one a half, a small one a quarter; quarters no line crosses are taken first."""
    free = [0, 1, 2, 3]
    placed = []
    for piece in pieces:
        span = {"small": 1, "medium": 2, "large": 4}[piece[2]]
        shapes: dict[int, list[tuple[int, ...]]] = {4: [(0, 1, 2, 3)], 2: [(0, 1), (2, 3)], 1: [(0,), (1,), (2,), (3,)]}
        options = [o for o in shapes[span] if all(q in free for q in o)]
        if not options:
            break
        chosen = min(options, key=lambda o: (len(crossed & set(o)), o))
        placed.append((piece, chosen[0]))
        free = [q for q in free if q not in chosen]
    return placed


def _models(state: State, sizes: dict[str, str], labels: dict[str, str], crossed: dict[str, set[int]]) -> list[str]:
    grid, out = state.board, []
    for sq in grid.spaces():
        x, y = _xy(grid, sq)
        pieces: list[tuple[str, str, str]] = []  # (kind, id, size)
        pieces += [
            ("enemy", e.id, sizes.get(e.type, "small")) for e in sorted(state.enemies_at(sq), key=lambda e: e.id)
        ]
        pieces += [("character", c.id, "small") for c in state.characters.values() if c.square == sq and c.in_play]
        pieces.sort(key=lambda p: {"large": 0, "medium": 1, "small": 2}[p[2]])
        for (kind, pid, size), slot in _slots(pieces, crossed.get(sq, set())):
            span = {"small": 1, "medium": 2, "large": 4}[size]
            qx, qy = QUARTERS[slot]
            half = CELL // 2
            px, py = x + qx * half, y + qy * half
            w = CELL if span == 4 else half * (2 if span == 2 else 1)
            h = CELL if span == 4 else half
            label = escape(labels.get(pid, pid))
            if kind == "character":
                ch = state.characters[pid]
                dash = ' stroke-dasharray="3 2"' if ch.unconscious else ""
                out.append(
                    f'<circle class="rb-character" cx="{px + half // 2}" cy="{py + half // 2}" r="{half // 2 - 4}" '
                    f'fill="#2e6fb0" stroke="#fff" stroke-width="2"{dash}/>'
                )
                out.append(
                    f'<text x="{px + half // 2}" y="{py + half // 2 + 6}" text-anchor="middle" font-size="16" '
                    f'font-weight="bold" fill="#fff">{label}</text>'
                )
            else:
                out.append(
                    f'<rect class="rb-enemy rb-enemy-{size}" x="{px + 4}" y="{py + 4}" width="{w - 8}" '
                    f'height="{h - 8}" rx="4" fill="#8b2e2e" stroke="#fff" stroke-width="2"/>'
                )
                out.append(
                    f'<text x="{px + w // 2}" y="{py + h // 2 + 6}" text-anchor="middle" font-size="16" '
                    f'font-weight="bold" fill="#fff">{label}</text>'
                )
    return out


def _marks(grid: Grid, marks: Marks, svg_id: str) -> list[str]:
    # The arrowhead's id is the drawing's own: a page shows several drawings, and ids are unique on a page.
    arrow = f"{svg_id}-arrow"
    out = [
        (
            f'<defs><marker id="{arrow}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
            'orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker></defs>'
        )
    ]
    for a, b in marks.sight_lines:
        (x1, y1), (x2, y2) = _centre(grid, a), _centre(grid, b)
        out.append(
            f'<line class="rb-sight" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#d08c00" '
            f'stroke-width="2.5" stroke-dasharray="8 5"/>'
        )
    for path, colour, cls in [
        *((p, "#2e6fb0", "rb-route") for p in marks.routes),
        *((p, "#8b2e2e", "rb-enemy-route") for p in marks.enemy_routes),
    ]:
        points = " ".join(f"{x},{y}" for x, y in (_centre(grid, s) for s in path))
        out.append(
            f'<polyline class="{cls}" points="{points}" fill="none" stroke="{colour}" stroke-width="3" '
            f'marker-end="url(#{arrow})" opacity="0.85"/>'
        )
    for a, b in marks.refused:
        (x1, y1), (x2, y2) = _centre(grid, a), _centre(grid, b)
        out.append(
            f'<line class="rb-refused" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#c0392b" '
            f'stroke-width="3" stroke-dasharray="4 4"/>'
        )
        mx, my = (x1 + x2) // 2, (y1 + y2) // 2
        out.append(
            f'<path d="M{mx - 7} {my - 7}L{mx + 7} {my + 7}M{mx + 7} {my - 7}L{mx - 7} {my + 7}" '
            f'stroke="#c0392b" stroke-width="3"/>'
        )
    if marks.target:
        x, y = _xy(grid, marks.target)
        out.append(
            f'<rect class="rb-target" x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
            f'fill="none" stroke="#d08c00" stroke-width="3"/>'
        )
    return out


def _legend(legend: dict[str, str], top: int, font: int) -> list[str]:
    out = []
    samples = {
        "character": '<circle cx="{x}" cy="{y}" r="7" fill="#2e6fb0"/>',
        "enemy-small": '<rect x="{x0}" y="{y0}" width="14" height="14" rx="3" fill="#8b2e2e"/>',
        "enemy-medium": '<rect x="{x0}" y="{y0}" width="22" height="12" rx="3" fill="#8b2e2e"/>',
        "enemy-large": '<rect x="{x0}" y="{y0}" width="22" height="20" rx="3" fill="#8b2e2e"/>',
        "wall": '<line class="rb-wall" x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#2b2b2b" stroke-width="5"/>',
        "door-closed": '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#a0522d" stroke-width="7"/>',
        "door-open": '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#3d8b3d" stroke-width="3" stroke-dasharray="2 4"/>',
        "archway": '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#7a5b2e" stroke-width="4" stroke-dasharray="6 5"/>',
        "route": '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#2e6fb0" stroke-width="3"/>',
        "enemy-route": '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#8b2e2e" stroke-width="3"/>',
        "sight": '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#d08c00" stroke-width="2.5" stroke-dasharray="8 5"/>',
        "corpse": '<path d="M{x0} {y0}L{x1s} {y1s}M{x1s} {y0}L{x0} {y1s}" stroke="#5a1f1f" stroke-width="2"/>',
        "unconscious": '<circle cx="{x}" cy="{y}" r="7" fill="#2e6fb0" stroke="#fff" stroke-dasharray="3 2"/>',
        "refused": '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#c0392b" stroke-width="3" stroke-dasharray="4 4"/>',
    }
    for kind, (mark, colour) in TOKEN_MARKS.items():
        samples[f"token-{kind}"] = (
            f'<text x="{{x0}}" y="{{y5}}" font-size="11" font-weight="bold" fill="{colour}">{escape(mark)}</text>'
        )
    for i, (key, text) in enumerate(legend.items()):
        y = top + (font + 9) * i + 11
        sample = samples.get(key, "").format(
            x=PAD + 12, y=y, x0=PAD + 2, y0=y - 7, x1=PAD + 24, x1s=PAD + 12, y1s=y + 5, y5=y + 5
        )
        out.append(sample)
        out.append(f'<text x="{PAD + 34}" y="{y + 5}" font-size="{font}" fill="currentColor">{escape(text)}</text>')
    return out
