"""Where a case's mistakes are, and how they are told: `file:line:column: case '<id>' › step 2 › to:
<what is wrong and what to write>`.

A Report collects the errors of one case under its breadcrumb, the bounds the rules set for its
shapes (Limit names), and the ids its shapes read (each with its place and breadcrumb, checked
against what exists once the whole case is read: generator/scenarios/names.py). `child` and
`place` find a value of the case as written, for a message about it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.errors import DataError, Location
from generator.load.references import suggestion
from generator.load.yamlpos import Node


@dataclass(frozen=True)
class Named:
    """An id a case names: what kind of thing, which one, where, and the report of its place."""

    kind: str
    value: str
    where: Location | None
    report: "Report"


@dataclass
class Report:
    """Errors of one case, with its breadcrumb and the bounds its shapes read (Limit names)."""

    errors: list[DataError]
    crumbs: tuple[str, ...] = ()
    failed: bool = field(default=False)
    limits: dict[str, int] = field(default_factory=dict)
    names: list[Named] = field(default_factory=list)

    def at(self, crumb: str | None) -> "Report":
        return _Sub(self, crumb)

    def error(self, where: Location | None, message: str) -> None:
        self.failed = True
        self.errors.append(DataError(where or Location("?", 1, 1), " › ".join(self.crumbs), message))

    def named(self, kind: str, value: str, where: Location | None) -> None:
        self.names.append(Named(kind, value, where, self))


class _Sub(Report):
    def __init__(self, parent: Report, crumb: str | None):  # one for every value read: kept cheap
        self.errors, self.limits, self.names, self.failed = parent.errors, parent.limits, parent.names, False
        self.crumbs = (*parent.crumbs, crumb) if crumb else parent.crumbs
        self._parent = parent

    def error(self, where: Location | None, message: str) -> None:
        parent: Report | None = self._parent
        while parent is not None:  # every enclosing case and step has failed too
            parent.failed = True
            parent = getattr(parent, "_parent", None)
        super().error(where, message)


def with_limits(report: Report, limits: dict[str, int]) -> Report:
    bounded = _Sub(report, None)
    bounded.limits = limits
    return bounded


def child(node: Node | None, *keys: Any) -> Node | None:
    """The node at a path of keys (a mapping's key as written, so a number is its text; an index
    for lists), or None."""
    for key in keys:
        if node is None:
            return None
        if node.kind == "map":
            node = node.value.get(str(key))
        elif node.kind == "list" and isinstance(key, int) and 0 <= key < len(node.value):
            node = node.value[key]
        else:
            return None
    return node


def place(node: Node | None, *keys: Any) -> Location | None:
    """Where the value at a path stands (or the deepest part of the path that exists)."""
    for depth in range(len(keys), -1, -1):
        found = child(node, *keys[:depth])
        if found is not None:
            return found.where
    return None


def key_place(node: Node | None, *keys: Any) -> Location | None:
    """Where the key at the end of a path is written (a mapping's key names an id)."""
    found = child(node, *keys)
    return (found.key_where or found.where) if found is not None else place(node, *keys)


def known(report: Report, where: Location | None, what: str, value: Any, choices: list[str], hint: str) -> bool:
    """Report an unknown id with a did-you-mean; True when the id is known."""
    if value in choices:
        return True
    report.error(where, f"unknown {what} '{value}'{suggestion(str(value), choices, hint)}")
    return False
