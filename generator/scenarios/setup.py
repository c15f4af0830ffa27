"""The case keys that set up a game by copying their value into the state: a game names them in a
table, and the rest of its set-up (what needs the rules or a piece of its own) stays code.

Each key fills the state attribute of the same name (`spawn-zones` fills `spawn_zones`), as the
attribute's own kind (a Counter stays a Counter, a set a set; one without a value yet, None,
takes the case's as it is), and a copy all the way down: play changes the state, and a case is
played again from the same values.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping


def copy_keys(case: Mapping[str, Any], state: object, keys: Iterable[str]) -> None:
    """Set each key the case gives; a key it leaves out keeps the state's default."""
    for key in keys:
        if case.get(key) is not None:
            attribute, value = key.replace("-", "_"), _copy(case[key])
            kind = type(getattr(state, attribute))
            setattr(state, attribute, value if kind is type(None) else kind(value))


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value
