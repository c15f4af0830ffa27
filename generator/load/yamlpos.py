"""YAML with positions: every value keeps the file, line and column it came from.

PyYAML composes a node graph that knows positions; we turn it into `Node`s, refusing
duplicate keys (PyYAML silently keeps the last one) and anchors/aliases (a fact must be
written once, in one place).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import DataError, Location


@dataclass
class SourceFile:
    display: str  # path as shown in messages
    text: str


@dataclass
class Node:
    """A YAML value with its place. `value` is dict[str, Node], list[Node] or a scalar."""

    value: Any
    where: Location
    file: SourceFile
    start: int  # character offsets of the value in file.text
    end: int
    key_where: Location | None = None  # for mapping values: where their key stands
    kind: str = field(default="scalar")  # "map", "list" or "scalar"

    def location_of(self, fragment: str, occurrence: int = 0) -> Location:
        """Where the `occurrence`-th copy of `fragment` inside this scalar stands in the file.

        Used to point a bad reference inside a long text at its own line and column.
        """
        raw = self.file.text
        pos = self.start - 1
        for _ in range(occurrence + 1):
            pos = raw.find(fragment, pos + 1, self.end)
            if pos < 0:
                return self.where
        line = raw.count("\n", 0, pos) + 1
        column = pos - (raw.rfind("\n", 0, pos) + 1) + 1
        return Location(self.where.path, line, column)


def _location(display: str, mark: yaml.Mark) -> Location:
    return Location(display, mark.line + 1, mark.column + 1)


def parse(path: Path, display: str) -> tuple[Node | None, list[DataError]]:
    """Parse one file. Returns (root node or None, errors)."""
    text = path.read_text(encoding="utf-8")
    source = SourceFile(display, text)
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        where = _location(display, mark) if mark else Location(display, 1, 1)
        return None, [DataError(where, "", f"YAML syntax error ({problem}); fix the YAML at this place")]
    finally:
        loader.dispose()
    if root is None:
        return None, [DataError(Location(display, 1, 1), "", "the file is empty; add its content or delete the file")]
    errors: list[DataError] = []
    return _Converter(source, errors).convert(root), errors


class _Converter:
    def __init__(self, source: SourceFile, errors: list[DataError]):
        self.source = source
        self.errors = errors
        self.scalars = yaml.constructor.SafeConstructor()
        self.seen: set[int] = set()  # an alias composes to a node already seen

    def convert(self, node: yaml.Node) -> Node:
        source, scalars, errors = self.source, self.scalars, self.errors
        where = _location(source.display, node.start_mark)
        if id(node) in self.seen:
            errors.append(DataError(where, "", "anchors and aliases are not allowed; write the value out here"))
        self.seen.add(id(node))
        span = (node.start_mark.index, node.end_mark.index)
        if isinstance(node, yaml.MappingNode):
            result: dict[str, Node] = {}
            for key_node, value_node in node.value:
                key_where = _location(source.display, key_node.start_mark)
                if not isinstance(key_node, yaml.ScalarNode):
                    errors.append(DataError(key_where, "", "a key must be plain text; write the key as a word"))
                    continue
                key = str(scalars.construct_object(key_node))
                if key == "<<":
                    errors.append(DataError(key_where, "", "merge keys ('<<') are not allowed; write each field out"))
                    continue
                if key in result:
                    first = result[key].key_where
                    errors.append(DataError(
                        key_where, "",
                        f"duplicate key '{key}' (first at line {first.line}); remove one of them",
                    ))
                    continue
                child = self.convert(value_node)
                child.key_where = key_where
                result[key] = child
            return Node(result, where, source, *span, kind="map")
        if isinstance(node, yaml.SequenceNode):
            items = [self.convert(item) for item in node.value]
            return Node(items, where, source, *span, kind="list")
        return Node(scalars.construct_object(node), where, source, *span)
