"""The shape of a scenario value, down to the range of each number, checked where it was written.

A game's scenario format says what each key holds:

    "tokens": MapOf(MapOf(Int(0, 100, "a space holds at most 100 tokens of a kind")))
    "dice": ListOf(Int(1, Limit("die-faces", 20), "a face of the die"))
    "turn": Record({"round": Int(1, 999), "phase": OneOf("players", "opponents", "end")})

`shape.check(node, report)` reports every value that does not fit, at its own place and with
its path (`players › ann › wounds: expected a whole number from 0 to 5 (...), found the number 9`),
and says whether the whole value fits. `shape.read(node, report)` does the same and returns the
value as plain Python with every part that does not fit set to None, so a game's id checks
read only values of the right kind. Only a value that fits reaches a game's rules engine, so
the engine never meets a text where it counts, a negative count, or a count that would hang it.

A bound the rules set (the die's faces, a player's hand slots) is a `Limit`: its value comes
from the report's `limits` (the game's format computes them from its rules), or its fallback
when the rules are not known. Which ids exist (zones of the map, cards of the game) is for the
game's id sources (generator/scenarios/names.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from generator.load.examples import plain
from generator.load.references import suggestion
from generator.load.schema import ID_PATTERN, describe
from generator.load.yamlpos import Node

MAX_ITEMS = 1000  # a list or mapping in a case: far above any real board, far below a hang


@dataclass(frozen=True)
class Limit:
    """A bound set by the rules, looked up in the report's `limits` by name; the game's format
    lists its Limits, and `of_rules` reads each from the rules its cases run under."""

    name: str
    fallback: int  # when the rules are not known: the widest value the rules data may give
    of_rules: Callable[[Any], int] | None = None

    def value(self, report: Any) -> int:
        limits: Mapping[str, int] = getattr(report, "limits", None) or {}
        return limits.get(self.name, self.fallback)


def limits_of(bounds: Iterable[Limit], rules: Any) -> dict[str, int]:
    """Each Limit's value under these rules, by name (none without the rules: the fallbacks hold)."""
    if rules is None:
        return {}
    return {limit.name: limit.of_rules(rules) for limit in bounds if limit.of_rules is not None}


def bound(value: int | Limit, report: Any) -> int:
    return value.value(report) if isinstance(value, Limit) else value


class Shape:
    what = "a value"  # how messages name what is expected: "a whole number from 1 to 6"
    # The node kinds (map, list, scalar) the shape reads: when a value fits no shape of an Either,
    # its kind may say which one was meant, and that shape's own errors are told.
    kinds: tuple[str, ...] = ("map", "list", "scalar")

    def expected(self, report: Any) -> str:
        """What is expected, with the bounds the report's limits give."""
        return self.what

    def read(self, node: Node, report: Any) -> Any:
        """The value as plain Python, each part that does not fit set to None and reported."""
        if self.fits(node):
            return node.value
        report.error(node.where, f"expected {self.expected(report)}, found {describe(node)}")
        return None

    def check(self, node: Node, report: Any) -> bool:
        """Report what does not fit (report: generator.scenarios.reading.Report); True when all fits."""
        watch = Watch(report)
        self.read(node, watch)
        return not watch.failed

    def fits(self, node: Node) -> bool:
        return True


class AnyValue(Shape):
    def read(self, node: Node, report: Any) -> Any:
        return plain(node)


class Int(Shape):
    kinds = ("scalar",)

    def __init__(self, low: int, high: int | Limit, why: str = ""):
        self.low, self.high, self.why = low, high, why
        self.what = self.expected(None)

    def expected(self, report: Any) -> str:
        return f"a whole number from {self.low} to {bound(self.high, report)}" + (f" ({self.why})" if self.why else "")

    def read(self, node: Node, report: Any) -> Any:
        value = node.value
        if (
            node.kind == "scalar"
            and isinstance(value, int)
            and not isinstance(value, bool)
            and self.low <= value <= bound(self.high, report)
        ):
            return value
        report.error(node.where, f"expected {self.expected(report)}, found {describe(node)}")
        return None

    def fits(self, node: Node) -> bool:
        value = node.value
        return (
            node.kind == "scalar"
            and isinstance(value, int)
            and not isinstance(value, bool)
            and self.low <= value <= bound(self.high, None)
        )


class Bool(Shape):
    what = "true or false"
    kinds = ("scalar",)

    def fits(self, node: Node) -> bool:
        return node.kind == "scalar" and isinstance(node.value, bool)


class Text(Shape):
    what = "a text"
    kinds = ("scalar",)

    def fits(self, node: Node) -> bool:
        return node.kind == "scalar" and isinstance(node.value, str) and bool(node.value.strip())


class Id(Shape):
    """An id. `names`: the kind of thing it names ("zone", "card"), whose known ids the game's
    format lists (generator/scenarios/names.py): each id read is noted with its place, and one
    that names nothing of its kind is reported once the whole case is read."""

    what = "an id (kebab-case)"
    kinds = ("scalar",)

    def __init__(self, what: str | None = None, names: str | None = None):
        if what:
            self.what = what  # what the id names: "a card id (kebab-case)"
        self.names = names

    def read(self, node: Node, report: Any) -> Any:
        value = super().read(node, report)
        if value is not None and self.names:
            report.named(self.names, value, node.where)
        return value

    def fits(self, node: Node) -> bool:
        return node.kind == "scalar" and isinstance(node.value, str) and bool(ID_PATTERN.match(node.value))


class Matching(Id):
    """A text of a given form (a zone id, a door id), described in words."""

    def __init__(self, pattern: str, what: str, names: str | None = None):
        super().__init__(what, names)
        self.pattern = re.compile(pattern)

    def fits(self, node: Node) -> bool:
        return node.kind == "scalar" and isinstance(node.value, str) and bool(self.pattern.match(node.value))


class Null(Shape):
    what = "nothing (an empty value)"
    kinds = ("scalar",)

    def fits(self, node: Node) -> bool:
        return node.kind == "scalar" and node.value is None


class OneOf(Shape):
    """One of a few words: a phase, a mode, a door's state."""

    kinds = ("scalar",)

    def __init__(self, *choices: Any):
        self.choices = choices
        self.what = "one of " + ", ".join(str(c) for c in choices)

    def read(self, node: Node, report: Any) -> Any:
        if node.kind == "scalar" and node.value in self.choices and not isinstance(node.value, bool):
            return node.value
        if node.kind == "scalar" and isinstance(node.value, str):
            words = [str(c) for c in self.choices]
            report.error(node.where, f"unknown value '{node.value}'{suggestion(node.value, words, 'use ' + self.what)}")
        else:
            report.error(node.where, f"expected {self.what}, found {describe(node)}")
        return None


class ListOf(Shape):
    kinds = ("list",)

    def __init__(
        self, item: Shape, low: int = 0, high: int | Limit = MAX_ITEMS, what: str | None = None, why: str = ""
    ):
        self.item, self.low, self.high, self.why, self.given = item, low, high, why, what
        self.what = self.expected(None)

    def expected(self, report: Any) -> str:
        if self.given:
            return self.given
        high = bound(self.high, report)
        count = f" of {self.low} to {high}" if self.low else f" of at most {high}" if high != MAX_ITEMS else ""
        why = f"; {self.why}" if self.why else ""
        return f"a list{count} ({self.item.expected(report)} each{why})"

    def read(self, node: Node, report: Any) -> Any:
        if node.kind != "list":
            report.error(node.where, f"expected {self.expected(report)}, found {describe(node)}")
            return None
        if not self.low <= len(node.value) <= bound(self.high, report):
            report.error(node.where, f"expected {self.expected(report)}, found a list of {len(node.value)}")
            return None
        return [self.item.read(child, report.at(f"item {index + 1}")) for index, child in enumerate(node.value)]


class MapOf(Shape):
    """A mapping whose keys are ids (zones, pieces, cards) and whose values all have one shape."""

    kinds = ("map",)

    def __init__(
        self,
        value: Shape,
        high: int = MAX_ITEMS,
        what: str | None = None,
        keys: Shape | None = None,
        low: int = 0,
        why: str = "",
    ):
        self.value, self.high, self.low, self.keys, self.given = value, high, low, keys or Id(), what
        self.why = why  # the reason for the bounds on the number of entries, in words
        self.what = self.expected(None)

    def expected(self, report: Any) -> str:
        return self.given or f"a mapping of {self.keys.what} to {self.value.expected(report)}"

    def read(self, node: Node, report: Any) -> Any:
        if node.kind != "map":
            report.error(node.where, f"expected {self.expected(report)}, found {describe(node)}")
            return None
        if not self.low <= len(node.value) <= self.high:
            count = f"{self.low} to {self.high}" if self.low else f"at most {self.high}"
            why = f"; {self.why}" if self.why else ""
            report.error(
                node.where, f"expected {count} entries ({self.expected(report)}{why}), found {len(node.value)}"
            )
            return None
        fitted = {}
        for key, child in node.value.items():
            inner = report.at(str(key))
            if not self.keys.fits(_Key(key)):  # type: ignore[arg-type]
                inner.error(child.key_where or child.where, f"expected {self.keys.what} as the key, found '{key}'")
                self.value.read(child, inner)
                continue
            names = getattr(self.keys, "names", None)
            if names:  # a key that names something (a space of `tokens`): reported at the key
                report.named(names, key, child.key_where or child.where)
            fitted[key] = self.value.read(child, inner)
        return fitted


class Record(Shape):
    """A mapping with named fields, each of its own shape; unknown keys get a did-you-mean.
    `others`: the shape of any other key's value (an event's details), when they are open."""

    kinds = ("map",)

    def __init__(
        self,
        fields: Mapping[str, Shape],
        required: tuple[str, ...] = (),
        what: str | None = None,
        others: Shape | None = None,
    ):
        self.fields, self.required, self.others = dict(fields), required, others
        self.what = what or "a mapping with " + ", ".join(self.fields)

    def read(self, node: Node, report: Any) -> Any:
        if node.kind != "map":
            report.error(node.where, f"expected {self.what}, found {describe(node)}")
            return None
        fitted = {}
        for key, child in node.value.items():
            shape = self.fields.get(key, self.others)
            if shape is None:
                report.error(
                    child.key_where or child.where,
                    f"unknown key '{key}'"
                    f"{suggestion(str(key), list(self.fields), 'use one of ' + ', '.join(self.fields))}",
                )
            else:
                fitted[key] = shape.read(child, report.at(str(key)))
        for key in self.required:
            if key not in node.value:
                report.error(node.where, f"missing '{key}'; add it")
        return fitted


class Either(Shape):
    """One of several shapes (a card id, or {card: dial}): the first whose checks all pass. When
    none fits and only one of them reads values of this kind (a mapping where the others are
    ids), the value was meant as that one: its own errors are told, each at its place."""

    def __init__(self, *shapes: Shape, what: str | None = None):
        self.shapes, self.given = shapes, what
        self.what = self.expected(None)
        self.kinds = tuple(dict.fromkeys(kind for shape in shapes for kind in shape.kinds))

    def expected(self, report: Any) -> str:
        return self.given or " or ".join(shape.expected(report) for shape in self.shapes)

    def read(self, node: Node, report: Any) -> Any:
        for shape in self.shapes:
            watch = Watch(report, silent=True)
            value = shape.read(node, watch)
            if not watch.failed:
                watch.name_all()  # the ids this shape read are the value's
                return value
        meant = [shape for shape in self.shapes if node.kind in shape.kinds]
        if len(meant) == 1:
            return meant[0].read(node, report)
        report.error(node.where, f"expected {self.expected(report)}, found {describe(node)}")
        return None


def nullable(shape: Shape) -> Shape:
    """`shape`, or nothing (`key:` with no value, as a case may leave an empty slot)."""
    return Either(Null(), shape, what=shape.what + " (or nothing)")


def one_or_many(shape: Shape, high: int | Limit = MAX_ITEMS) -> Shape:
    """`shape`, or a list of them (`to: b` or `to: [b, c]`)."""
    return Either(shape, ListOf(shape, high=high), what=f"{shape.what}, or a list of them")


class _Key:
    """A mapping's key, as the `fits` of a scalar shape reads it."""

    kind = "scalar"

    def __init__(self, value: Any):
        self.value = value


class Watch:
    """A report that notes whether an error passed through it; it passes errors on, unless silent
    (for trying the shapes of Either). Its limits are those of the report it watches. A silent
    watch keeps the ids it reads until the shape it tried is chosen (name_all)."""

    def __init__(
        self,
        report: Any,
        silent: bool = False,
        flag: list | None = None,
        kept: list | None = None,
        crumbs: tuple[str, ...] = (),
    ):
        self.report, self.silent, self.crumbs = report, silent, crumbs
        self._flag = flag if flag is not None else [False]
        self._kept = kept if kept is not None else []  # (crumbs below the report, kind, id, where)
        self.limits = getattr(report, "limits", None)

    @property
    def failed(self) -> bool:
        return self._flag[0]

    def at(self, crumb: str) -> "Watch":
        if self.silent:
            return Watch(self.report, True, self._flag, self._kept, (*self.crumbs, crumb))
        return Watch(self.report.at(crumb), False, self._flag)

    def error(self, where, message: str) -> None:
        self._flag[0] = True
        if not self.silent:
            self.report.error(where, message)

    def named(self, kind: str, value: str, where) -> None:
        if self.silent:
            self._kept.append((self.crumbs, kind, value, where))
        else:
            self.report.named(kind, value, where)

    def name_all(self) -> None:
        """Pass on the ids read while silent, each with its breadcrumb."""
        for crumbs, kind, value, where in self._kept:
            report = self.report
            for crumb in crumbs:
                report = report.at(crumb)
            report.named(kind, value, where)
        self._kept.clear()
