"""The rooms of generator/ and the floors between them, read from the import graph.

Each room may import only the rooms below it (and its own modules); no import runs from a lower
room to a higher one, whether at a module's top or inside a function; no import cycle exists
outside one game's package. At most six modules lie loose at generator/'s top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "generator"

# Floors, lowest first: a room imports only rooms on lower floors (and itself). Rooms on the same
# floor do not import each other.
FLOORS: list[tuple[str, ...]] = [
    ("errors",),
    ("core", "runtime", "languages"),
    ("load",),
    ("scenarios", "render"),
    ("search", "feed"),
    ("contract",),
    ("games",),
    ("registry",),
    ("resolver",),
    ("pipeline",),
    ("site",),
    ("__main__", "__init__"),  # the command line and the public surface
]
FLOOR = {room: number for number, rooms in enumerate(FLOORS) for room in rooms}
TOP_LEVEL_MODULES = 6  # besides the package's own __init__.py


def modules() -> dict[str, Path]:
    found = {}
    for path in GENERATOR.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _resolve(module: str | None, level: int, here: str, package: bool) -> str:
    if level == 0:
        return module or ""
    base = here.split(".") if package else here.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, *([module] if module else [])])


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int, bool]]:
    """(module imported, line, inside a function), every import of the generator's own, the ones
    only type checkers read left out (they never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.name == "__init__.py"
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, nested) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                target = _resolve(child.module, child.level, name, package)
                for alias in child.names:
                    whole = f"{target}.{alias.name}"
                    found.append((whole if whole in known else target, child.lineno, nested))
            visit(child, nested)

    visit(tree, False)
    return [(target, line, nested) for target, line, nested in found if target.split(".")[0] == "generator"]


def room(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__"
    return parts[1]


def game_package(module: str) -> str | None:
    parts = module.split(".")
    return ".".join(parts[:3]) if len(parts) >= 3 and parts[1] == "games" else None


KNOWN = modules()
GRAPH = {name: imports(name, path, KNOWN) for name, path in KNOWN.items()}


def test_every_module_stands_in_a_known_room():
    assert sorted({room(name) for name in KNOWN} - set(FLOOR)) == []


def test_no_import_runs_from_a_lower_room_to_a_higher_one():
    wrong = [
        f"{KNOWN[name].relative_to(ROOT)}:{line}: {room(name)} imports {target} ({room(target)})"
        + (" inside a function" if nested else "")
        for name, found in GRAPH.items()
        for target, line, nested in found
        if room(target) != room(name) and FLOOR[room(target)] >= FLOOR[room(name)]
    ]
    assert wrong == [], "\n".join(wrong)


def test_the_core_imports_only_the_errors_and_the_loader_no_game():
    for name, found in GRAPH.items():
        rooms = {room(target) for target, _, _ in found} - {room(name)}
        if room(name) in ("core", "runtime"):
            assert rooms <= {"errors"}, name
        if room(name) == "load":
            assert not rooms & {"games", "registry", "contract"}, name


def find_cycle(edges: dict[str, list[str]]) -> list[str] | None:
    """An import cycle through modules of more than one game package (or of none), if any."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in edges.get(node, []):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt) :] + [nxt]
                homes = {game_package(m) for m in cycle}
                if len(homes) > 1 or None in homes:
                    return cycle
            elif nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


def test_no_import_cycle_outside_one_game_package():
    edges = {name: sorted({t for t, _, _ in found if t in KNOWN and t != name}) for name, found in GRAPH.items()}
    cycle = find_cycle(edges)
    assert cycle is None, " -> ".join(cycle or [])


def test_a_cycle_is_found_unless_it_stays_in_one_game_package():
    assert find_cycle({"generator.load.a": ["generator.load.b"], "generator.load.b": ["generator.load.a"]})
    inside = {"generator.games.x.a": ["generator.games.x.b"], "generator.games.x.b": ["generator.games.x.a"]}
    assert find_cycle(inside) is None
    across = {"generator.games.x.a": ["generator.games.y.b"], "generator.games.y.b": ["generator.games.x.a"]}
    assert find_cycle(across)


def test_at_most_six_modules_lie_at_the_top():
    loose = sorted(p.name for p in GENERATOR.glob("*.py") if p.name != "__init__.py")
    assert len(loose) <= TOP_LEVEL_MODULES, loose


@pytest.mark.parametrize(
    "source,expected",
    [
        ("from generator.site import plugin\n", ["generator.site.plugin"]),
        ("def f():\n    from generator import registry\n", ["generator.registry"]),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from generator import registry\n", []),
    ],
)
def test_the_graph_reads_imports_at_the_top_and_inside_functions(tmp_path, source, expected):
    path = tmp_path / "probe.py"
    path.write_text(source, encoding="utf-8")
    assert [target for target, _, _ in imports("generator.load.probe", path, KNOWN)] == expected


def test_the_readme_table_names_every_room_and_top_module():
    table = [line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines() if line.startswith("| `")]
    named = "\n".join(table)
    rooms = sorted(p.name for p in GENERATOR.iterdir() if (p / "__init__.py").exists())
    missing = [f"generator/{name}/" for name in rooms if f"`generator/{name}/" not in named]
    missing += [p.name for p in GENERATOR.glob("*.py") if f"`{p.name}`" not in named]
    assert missing == [], "README.md's table of where things are does not name " + ", ".join(missing)
