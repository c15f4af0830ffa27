"""What happened, and why: events with reasons, and refusals.

An event is a plain dict: `{"event": kind, ...details}`. The engine that emits it knows why a
decision went the way it did and says so in the event (`reason`, or detail fields such as
`target` or `order`), so a renderer only tells what the event carries and never re-decides a
rule. Every event also carries where in the turn it happened (`round`, `player`, `phase`) when
the game keeps a turn (generator/core/phases.py).

A refused action raises `NotAllowed` with a stable reason id; the state is left unchanged.
"""

from __future__ import annotations

from typing import Any


class NotAllowed(Exception):
    """An action the rules forbid. `reason` is a stable id; the message explains it."""

    def __init__(self, reason: str, message: str, **details: Any):
        self.reason = reason
        self.details = details  # what a narration of the refusal needs (e.g. the zone it stopped at)
        super().__init__(f"{reason}: {message}")


def event(event_kind: str, reason: str | None = None, **details: Any) -> dict:
    """One event: its kind, its details (which may include a field named `kind`), and (when a rule
    decided something) the reason id."""
    made = {"event": event_kind, **details}
    if reason is not None:
        made["reason"] = reason
    return made
