"""Values kept in the process for objects by their identity: what a loaded game or a loaded example
gave (its cases' runs, its run) is asked for again by other parts of one run, and an equal copy
loaded anew is another object, played afresh."""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

V = TypeVar("V")


class ByIdentity(Generic[V]):
    """compute()'s value for an object, kept while the object is among the last `kept` asked about."""

    def __init__(self, kept: int):
        self.kept = kept
        self._values: dict[int, tuple[object, V]] = {}  # id(owner) -> (that owner, its value)

    def get(self, owner: object, compute: Callable[[], V]) -> V:
        found = self._values.get(id(owner))
        if found is not None and found[0] is owner:  # held here, so its id is not another's yet
            return found[1]
        value = compute()
        self._values[id(owner)] = (owner, value)
        while len(self._values) > self.kept:
            del self._values[next(iter(self._values))]  # the oldest
        return value

    def forget(self, owner: object) -> None:
        self._values.pop(id(owner), None)

    def clear(self) -> None:
        self._values.clear()
