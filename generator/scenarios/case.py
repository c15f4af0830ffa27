"""One case as the game's checks see it: its values as the shapes read them, where each was
written, and how to report a value that breaks a rule across keys.

A game's format makes its own view of a case (a subclass that also holds the parsed board, the
table of cards, ...) for its id sources (names.py) and its checks across keys. A path into the
case is its keys and list indexes, `("actions", 1, "to")`; its breadcrumb reads as a person
counts: `step 2 › to`, `players › ann › hand › item 3`.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from generator.errors import Location
from generator.load.yamlpos import Node
from generator.scenarios.report import Report, key_place, place

R = TypeVar("R")  # the game's rules, as its engine takes them

CasePath = tuple[Any, ...]


class CaseView(Generic[R]):
    def __init__(self, case: dict, node: Node, report: Report, rules: R | None):
        self.case, self.node, self.report, self.rules = case, node, report, rules

    def at(self, path: CasePath) -> Report:
        report, rest = self.report, path
        if len(path) >= 2 and path[0] == "actions" and isinstance(path[1], int):
            report, rest = report.at(f"step {path[1] + 1}"), path[2:]
        for part in rest:
            report = report.at(f"item {part + 1}" if isinstance(part, int) else str(part))
        return report

    def place(self, path: CasePath) -> Location | None:
        return place(self.node, *path)

    def refuse(self, path: CasePath, message: str) -> None:
        """Report a value that breaks a rule, at the value."""
        self.at(path).error(self.place(path), message)

    def refuse_key(self, path: CasePath, message: str) -> None:
        """Report a mapping's key (an id the case gives), at the key."""
        self.at(path).error(key_place(self.node, *path), message)

    def each_once(self, path: CasePath, values: Any, repeat: Callable[[Any], str]) -> list[tuple[CasePath, Any]]:
        """The values of the list at `path` (or the one value), each the first time it is named and
        with its place; one named again is reported there, `repeat(value)` saying why."""
        first: dict[Any, CasePath] = {}
        for index, value in enumerate(listed(values)):
            here = (*path, index) if isinstance(values, list) else path
            if value in first:
                self.refuse(here, repeat(value))
            else:
                first[value] = here
        return [(here, value) for value, here in first.items()]

    def steps(self) -> list[tuple[CasePath, dict]]:
        """Each step that was read as a step, with its path."""
        actions = self.case.get("actions")
        steps = actions if isinstance(actions, list) else []
        return [(("actions", index), step) for index, step in enumerate(steps) if isinstance(step, dict)]

    def expectations(self) -> list[tuple[CasePath, dict]]:
        """Every expectation of the case and its steps (each outcome of an expect-any), with its path."""
        found: list[tuple[CasePath, dict]] = []
        for path, holder in [((), self.case), *self.steps()]:
            if isinstance(holder.get("expect"), dict):
                found.append(((*path, "expect"), holder["expect"]))
            alternatives = holder.get("expect-any")
            for index, outcome in enumerate(alternatives if isinstance(alternatives, list) else []):
                if isinstance(outcome, dict):
                    found.append(((*path, "expect-any", index), outcome))
        return found


def mapping(value: Any) -> dict:
    """A value the shapes read as a mapping, or {} (a part that did not fit is None)."""
    return value if isinstance(value, dict) else {}


def listed(value: Any) -> list:
    """One value or a list of them as a list; nothing for None."""
    if value is None:
        return []
    return value if isinstance(value, list) else [value]
