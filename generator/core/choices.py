"""The players' decisions, scripted by a scenario; a decision it does not script takes the default.

A decision point has a name ("attacks", "split", ...) and a key (the space, the piece). The
rules give the players a choice there; the engine asks `Choices` instead of deciding, so a case
can play any legal choice and a worked example shows the one its players made. Without a
script the engine's default stands (listed order, the board's reading order).
"""

from __future__ import annotations

from typing import Any, Mapping


class Choices:
    def __init__(self, scripted: Mapping[str, Mapping[str, Any]] | None = None):
        self._scripted = {point: dict(by_key or {}) for point, by_key in (scripted or {}).items()}

    def get(self, point: str, default: Any = None) -> dict:
        """Every scripted answer of one decision point, by key (sequential answers are consumed in order)."""
        return self._scripted.get(point, {} if default is None else default)

    def pick(self, point: str, key: str, options: list, default: Any = None) -> Any:
        """The scripted option if it is one of `options`; else the default (the first option)."""
        wanted = self._scripted.get(point, {}).get(key)
        if wanted in options:
            return wanted
        return default if default is not None else (options[0] if options else None)

    def order(self, point: str, key: str, options: list) -> list:
        """`options` with the scripted ones first, in the scripted order; the rest as they were."""
        wanted = self._scripted.get(point, {}).get(key) or []
        wanted = [wanted] if not isinstance(wanted, list) else wanted
        first = [o for o in wanted if o in options]
        return first + [o for o in options if o not in first]
