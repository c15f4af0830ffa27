"""What a case expects, compared with what the rules model did: once for every game.

A game lists its expectation keys as a table, each with the shape of what a case may write, how
to read the actual value from a session, and how the two compare:

    "doors": Expect(MapOf(DOOR_STATE, keys=DOOR), lambda game: game.door_states(), each(equal))

The ways to compare are here (equal, same_items, nonzero, includes, excludes, fields, each,
count_or_items), and so are the expectations that mean the same in every game: the events that
happened (`events`, `events-include`, `events-exclude`), whose turn and which phase (`turn`), and
the piles of cards (`decks`, `discards`: their cards, top first, or how many). A mismatch reads
`players.ann.at: expected 'b', got 'a'`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, TypeVar

from generator.scenarios.shapes import MAX_ITEMS, MapOf, Record, Shape

S = TypeVar("S")  # a game being played (a session)

Compare = Callable[[str, Any, Any], list[str]]  # (label, expected, actual) -> what differs


def same_value(actual: object, expected: object) -> bool:
    """Equal as a case means it: `true` is not 1, nor 1.0 the whole number 1 (Python's == says
    both are); lists and tuples of equal values are equal."""
    if isinstance(actual, (list, tuple)) and isinstance(expected, (list, tuple)):
        return len(actual) == len(expected) and all(map(same_value, actual, expected))
    if isinstance(actual, dict) and isinstance(expected, dict):
        return actual.keys() == expected.keys() and all(same_value(actual[k], expected[k]) for k in actual)
    if isinstance(actual, (bool, int, float)) and isinstance(expected, (bool, int, float)):
        return type(actual) is type(expected) and actual == expected
    return actual == expected


def equal(label: str, expected: Any, actual: Any) -> list[str]:
    return [] if same_value(actual, expected) else [f"{label}: expected {expected!r}, got {actual!r}"]


def same_items(label: str, expected: Any, actual: Any) -> list[str]:
    """The same items in any order."""
    return equal(label, sorted(expected or []), sorted(actual or []))


def nonzero(label: str, expected: Any, actual: Any) -> list[str]:
    """Mappings compared without their empty entries ({a: {}} and {a: 0} say nothing is there)."""
    return equal(label, _without_empty(expected), _without_empty(actual))


def _without_empty(mapping: Any) -> dict:
    return {k: (_without_empty(v) if isinstance(v, dict) else v) for k, v in (mapping or {}).items() if v}


def includes(label: str, expected: Any, actual: Any) -> list[str]:
    """Each expected item (one, or a list of them) is among the actual ones."""
    missing = [item for item in _items(expected) if item not in actual]
    return [f"{label}: missing {missing}"] if missing else []


def excludes(label: str, expected: Any, actual: Any) -> list[str]:
    """None of the expected items is among the actual ones."""
    present = [item for item in _items(expected) if item in actual]
    return [f"{label}: expected none of them, found {present}"] if present else []


def count_or_items(label: str, expected: Any, actual: Any) -> list[str]:
    """A pile: how many cards it holds (a number), or which, top first (a list)."""
    return equal(label, expected, len(actual) if isinstance(expected, int) else list(actual))


def _items(value: Any) -> list:
    return list(value) if isinstance(value, list) else [value]


def fields(special: Mapping[str, Compare] | None = None) -> Compare:
    """A record (an expected mapping of fields) against the actual one: each field equal, unless
    compared otherwise (`fields({"has": includes})`)."""
    special = special or {}

    def compare(label: str, expected: Any, actual: Any) -> list[str]:
        found: list[str] = []
        for key, value in (expected or {}).items():
            found += special.get(key, equal)(f"{label}.{key}", value, actual.get(key))
        return found

    return compare


MISSING = object()


def each(inner: Compare, missing: str | None = None, default: Any = None) -> Compare:
    """A mapping by id (`players: {ann: ...}`): each entry compared with the actual one of that
    id. An id the actual mapping lacks is `missing` ("no such piece"), or compares as `default`."""

    def compare(label: str, expected: Any, actual: Any) -> list[str]:
        found: list[str] = []
        for key, value in (expected or {}).items():
            there = actual.get(key, MISSING)
            if there is MISSING and missing is not None:
                found.append(f"{label}.{key}: {missing}")
                continue
            found += inner(f"{label}.{key}", value, default if there is MISSING else there)
        return found

    return compare


@dataclass(frozen=True)
class Expect(Generic[S]):
    shape: Shape  # what a case may write
    actual: Callable[[S], Any]  # the session's value, in the terms the case writes
    compare: Compare = equal

    def check(self, label: str, expected: Any, session: S) -> list[str]:
        return self.compare(label, expected, self.actual(session))


@dataclass(frozen=True)
class Field:
    """One field of the pieces an expectation checks by id (a piece's space): the shape a case
    writes it in, how it is read off the piece (an attribute's name, or a function of the piece
    and the session), and how the two compare."""

    shape: Shape
    read: str | Callable[[Any, Any], Any]
    compare: Compare = equal

    def value(self, piece: Any, session: Any) -> Any:
        return getattr(piece, self.read) if isinstance(self.read, str) else self.read(piece, session)


def records(
    pieces: Callable[[S], Mapping[str, Any]],
    table: Mapping[str, Field],
    keys: Shape,
    missing: str,
    what: str | None = None,
    high: int = MAX_ITEMS,
) -> Expect[S]:
    """An expectation of pieces by id, each a record of fields (`players: {ann: {at: b}}`), from
    one table that writes each field once: its shape, how it is read, how it compares. An id the
    session lacks is `missing` ("no such piece")."""

    def actual(session: S) -> dict[str, dict]:
        return {
            pid: {name: field.value(piece, session) for name, field in table.items()}
            for pid, piece in pieces(session).items()
        }

    shape = MapOf(Record({name: field.shape for name, field in table.items()}, what=what), high, keys=keys)
    return Expect(shape, actual, each(fields({name: field.compare for name, field in table.items()}), missing))


class Lookup(Mapping[str, Any]):
    """An actual mapping worked out one key at a time (a zone's line of sight), only for the keys
    a case asks about; `known` says which keys exist."""

    def __init__(self, known: Callable[[str], bool], value: Callable[[str], Any]):
        self._known, self._value = known, value

    def __getitem__(self, key: str) -> Any:
        if not self._known(key):
            raise KeyError(key)  # the Mapping protocol: a key it lacks
        return self._value(key)

    def __iter__(self):  # pragma: no cover - a case asks by key
        return iter(())

    def __len__(self) -> int:  # pragma: no cover
        return 0

    def get(self, key: str, default: Any = None) -> Any:
        return self._value(key) if self._known(key) else default


# --- the expectations every game shares --------------------------------------------------------
def events_happened(label: str, expected: Any, events: Any) -> list[str]:
    """`events: [{event: car-attack, zone: a, count: 2}, ...]`: how many events of a kind happened
    with these details (exactly `count`; at least one when no count is given)."""
    found = []
    for spec in expected or []:
        details = {k: v for k, v in spec.items() if k not in ("event", "count")}
        kind = spec["event"]
        matching = sum(
            1 for e in events if e["event"] == kind and all(k in e and same_value(e[k], v) for k, v in details.items())
        )
        shown = ", ".join([kind, *(f"{k}={v}" for k, v in details.items())])
        if "count" in spec and matching != spec["count"]:
            found.append(f"{label} [{shown}]: expected {spec['count']} time(s), happened {matching}")
        elif "count" not in spec and not matching:
            alike = [e for e in events if e["event"] == kind]
            found.append(
                f"{label} [{shown}]: expected it to happen, it did not"
                + (f" (the {kind} events: {alike})" if alike else "")
            )
    return found


def kinds_happened(label: str, expected: Any, events: Any) -> list[str]:
    happened = Counter(e["event"] for e in events)
    return [f"{label}: no '{kind}' event happened" for kind in _items(expected) if not happened[kind]]


def kinds_not_happened(label: str, expected: Any, events: Any) -> list[str]:
    happened = Counter(e["event"] for e in events)
    return [f"{label}: a '{kind}' event happened" for kind in _items(expected) if happened[kind]]
