"""FAQ rulings across editions: each ruling's case is played by the other edition's rules model
too (the edition compared with this game: `compare-with` in either game.yaml), and the ruling
then says whether that edition rules the same, rules otherwise (as its model plays the case), or
does not apply there (the ruling's `other-edition` says why, in each language).

A case the other edition's format refuses (a card, a piece or a rule it does not have) or its
model cannot set up or play cannot say anything about that edition: then the ruling must say why
(tests/model/test_rulings_across_editions.py holds every ruling to it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from generator.load.entities import Entity, Game
from generator.scenarios.game import Scenarios
from generator.scenarios.runner import SET_UP_FAILED, Result, run_case
from generator.scenarios.sections import read_cases_under

SAME, DIFFERENT, NOT_APPLICABLE, CANNOT_PLAY = "same", "different", "not-applicable", "cannot-play"
WHY = "other-edition"  # a ruling's field: why its case does not apply to the other edition


@dataclass(frozen=True)
class Elsewhere:
    """A ruling's case under the other edition's rules."""

    verdict: str  # SAME, DIFFERENT, NOT_APPLICABLE (the ruling says why) or CANNOT_PLAY
    case: dict | None = None  # the case as that edition's format reads it
    result: Result | None = None  # its run
    problem: str = ""  # why it cannot be played there


def other_edition(games: Iterable[Game], game: Game) -> Game | None:
    """The edition compared with this game, whichever of the two names the other."""
    found = [g for g in games if g is not game and (g.compare_with == game.id or game.compare_with == g.id)]
    return found[0] if found else None


def elsewhere(game: Game, ruling: Entity, hooks: Scenarios, other_rules: Any) -> Elsewhere | None:
    """The ruling's case played by the other edition's model (None: the ruling names no case)."""
    case_id = ruling.fields.get("check")
    if not case_id:
        return None
    if ruling.fields.get(WHY):
        return Elsewhere(NOT_APPLICABLE)
    cases, refused = read_cases_under(game, hooks, other_rules)
    if case_id not in cases:
        return Elsewhere(CANNOT_PLAY, problem=refused.get(case_id) or f"no case '{case_id}'")
    result = run_case(cases[case_id], other_rules, hooks)
    if result.ok:
        return Elsewhere(SAME, cases[case_id], result)
    if _unplayable(result):
        return Elsewhere(CANNOT_PLAY, cases[case_id], result, result.mismatches[0])
    return Elsewhere(DIFFERENT, cases[case_id], result)


def _unplayable(result: Result) -> bool:
    """The case could not be set up, or a step met an error: it says nothing of those rules."""
    if result.mismatches and result.mismatches[0].startswith(SET_UP_FAILED):
        return True
    return any(str(record.get("outcome", "")).startswith("error:") for record in result.trace)
