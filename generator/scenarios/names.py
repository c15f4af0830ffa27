"""The ids a case names exist: where each kind of id comes from is a line of the game's table.

A shape that reads an id says what it names (`Id("a zone id", names="zone")`); the reader notes
each one with its place. Once the case is read, each is looked up in its kind's source:

    "zone": IdSource("zone", lambda case: case.board_zones, "name a zone of the map")

An id that is not there is reported at its place with a did-you-mean and the hint; a source
that returns None (the rules, or the map, are not known) judges nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Collection, Generic, Mapping, TypeVar

from generator.errors import Location
from generator.scenarios.report import Named, Report, known

MISSING = object()

V = TypeVar("V")  # the game's view of one case (generator/scenarios/case.py)


@dataclass(frozen=True)
class IdSource(Generic[V]):
    what: str  # how a message names the kind: "unknown zone 'q'"
    ids: Callable[[V], Collection[str] | None]  # the ids that exist, or None: cannot be judged
    hint: str | Callable[[V], str]  # what to write instead
    # An id that exists without being listed (a piece that appears during the case, numbered).
    accept: Callable[[V, str], bool] | None = None
    # An id that exists but is of the wrong sort ("a token card, not a hand card"): the message.
    wrong: Callable[[V, str], str | None] | None = None


def check_names(names: list[Named], sources: Mapping[str, IdSource[V]], view: V) -> None:
    """Report every noted id that names nothing of its kind."""
    found: dict[str, Collection[str] | None] = {}
    for name in names:
        source = sources[name.kind]  # a kind no source lists is the format's own mistake (a test checks)
        if name.kind not in found:
            found[name.kind] = source.ids(view)
        check_id(source, view, name.value, name.report, name.where, found[name.kind])


def check_id(
    source: IdSource[V], view: V, value: str, report: Report, where: Location | None, ids: Any = MISSING
) -> None:
    """Report an id that names nothing of the source's kind, or something of the wrong sort
    (`ids`: the source's ids, when the caller has them already)."""
    ids = source.ids(view) if ids is MISSING else ids
    if ids is None or value in ids or (source.accept is not None and source.accept(view, value)):
        return
    wrong = source.wrong(view, value) if source.wrong is not None else None
    if wrong:
        report.error(where, wrong)
        return
    hint = source.hint if isinstance(source.hint, str) else source.hint(view)
    known(report, where, source.what, value, sorted(ids), hint)
