"""Which rules sections and items the rules model plays, found by playing every scenario case of
the game: nothing here is a list kept by hand.

A rules section (rules/*.yaml, by id) is played when a case that holds (every expectation met)
has in its trace an event the engine ties to the section (events.APPLIES: the event's kind, or
its kind and reason) or a refused step whose reason it ties to it (events.REFUSALS). An item
(items.yaml) is played when the events of such a case name its card (a weapon fired, ammunition
loaded, a herb eaten, a Lighter struck). A case that fails proves nothing and counts for nothing.
The traces are those of the play that gave `check`'s verdict (scenarios/project.case_runs).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.scenarios.project import CaseRuns

from .events import APPLIES, DETAILS, FLAGS, REFUSALS

CARD_KEYS = ("card", "weapon", "cards", "kept", "dropped", "give", "take")  # event details that name cards


@dataclass(frozen=True)
class Played:
    sections: dict[str, list[str]]  # every rules section of the game -> the cases that play it
    items: dict[str, list[str]]  # every item of the game -> the cases whose events name its card
    failed: list[str] = field(default_factory=list)  # cases that did not hold

    @staticmethod
    def applied(table: dict[str, list[str]]) -> list[str]:
        return sorted(key for key, cases in table.items() if cases)


def sections_of(event: dict) -> tuple[str, ...]:
    """The rules sections an event applies: those its kind with a deciding detail names, else its kind's."""
    kind = event["event"]
    keys = [f"{kind}.{event.get(detail)}" for detail in DETAILS if event.get(detail)]
    keys += [f"{kind}.{flag}" for flag in FLAGS if event.get(flag) is True]
    found = next((APPLIES[key] for key in keys if key in APPLIES), APPLIES.get(kind, ()))
    return (found,) if isinstance(found, str) else found


def cards_named(event: dict) -> set[str]:
    named: set[str] = set()
    for key in CARD_KEYS:
        value = event.get(key)
        named.update(value if isinstance(value, list) else [value] if isinstance(value, str) else [])
    return named


def played(game, runs: CaseRuns) -> Played:
    """What the traces of the game's cases that hold show (runs: every case of its scenario files
    played, but those with a mistake, which `check` reports)."""
    sections: dict[str, list[str]] = {rule.id: [] for rule in game.of_kind("rule")}
    items: dict[str, list[str]] = {item.id: [] for item in game.of_kind("item")}
    failed: list[str] = []
    for case_id in runs.cases:
        result = runs.results.get(case_id)
        if result is None:
            continue
        if not result.ok:
            failed.append(case_id)
            continue
        for record in result.trace:
            reached = {section for event in record["events"] for section in sections_of(event)}
            reached.add(REFUSALS.get(record.get("reason", "")) or "")
            for section in reached & sections.keys():
                _once(sections[section], case_id)
            for card in set().union(*(cards_named(event) for event in record["events"])) & items.keys():
                _once(items[card], case_id)
    return Played(sections, items, failed)


def _once(cases: list[str], case_id: str) -> None:
    if not cases or cases[-1] != case_id:
        cases.append(case_id)
