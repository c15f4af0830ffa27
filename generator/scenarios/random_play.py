"""Random legal play with invariants, the way OpenSpiel tests every registered game: from each start
a game's data holds (the set-up of a scenario case or a worked example), a seeded walk of steps
chosen at random among those the game offers, each played or refused by its rules, bounded in
steps and in time. After every step what must always hold is checked:

- a refused step leaves the state exactly as it was (every engine checks before it changes);
- whose turn and which phase are defined (`RandomPlay.turn`: a player, or who plays the phase);
- the game's own invariants (`RandomPlay.invariants`): no negative count, every card in exactly
  one place, no figure beyond a space's or zone's capacity;
- a game that is not over offers a step its rules accept.

A game declares its side through its package (`GamePackage.random_play`): where play may start,
a session whose dice are drawn at random, the steps worth trying now, how one is played, and the
invariants. A failure found here becomes a scenario case of the game, with the engine fixed.
"""

from __future__ import annotations

import pickle
import random
import time
from dataclasses import dataclass, field
from typing import Any, Generic, Mapping, TypeVar

from generator.core.events import NotAllowed
from generator.errors import GeneratorError
from generator.scenarios.game import PYTHON_ERRORS

R = TypeVar("R")  # the game's rules, as its engine takes them
S = TypeVar("S")  # a game being played

SET_UP = ("actions", "expect", "expect-any")  # what a case has besides its set-up


@dataclass(frozen=True)
class Start:
    """Where a walk begins: a case's set-up (its steps and expectations left out), named."""

    name: str
    case: dict


class RandomPlay(Generic[R, S]):
    """A game's side of random play; the harness below does the rest."""

    def starts(self, cases: list[dict]) -> list[Start]:
        """The starts among a game's cases (by default every case, as its set-up)."""
        return [Start(f"{case.get('_file', '?')}::{case['id']}", set_up(case)) for case in cases]

    def session(self, case: dict, rules: R, seed: int) -> S:
        raise NotImplementedError

    def steps(self, session: S, rng: random.Random) -> list[dict]:
        """The steps worth trying now (the rules may refuse some), in the game's step format."""
        raise NotImplementedError

    def play(self, session: S, step: dict) -> None:
        """Play one step; raises NotAllowed when the rules refuse it."""
        raise NotImplementedError

    def turn(self, session: S) -> Mapping[str, object]:
        """Whose turn and which phase: {"player": ..., "phase": ...}."""
        raise NotImplementedError

    def opening(self, session: S) -> Any:
        """What the invariants compare with, taken once a walk's session is set up (its cards)."""
        return None

    def invariants(self, session: S, opening: Any) -> list[str]:
        """What is wrong with the state now (empty when all holds); `opening` is opening()'s."""
        return []

    def over(self, session: S) -> bool:
        raise NotImplementedError

    def state(self, session: S) -> Any:
        """What a refused step must leave unchanged."""
        return session


def set_up(case: dict) -> dict:
    return {key: value for key, value in case.items() if key not in SET_UP}


@dataclass
class Walk:
    start: str
    seed: int
    played: list[dict] = field(default_factory=list)  # the steps played, in order
    refused: int = 0  # steps tried and refused
    failure: str | None = None  # what broke (the walk stops there)
    ended: str = ""  # over, steps, time, or the model's own limit (a message)

    def describe(self) -> str:
        steps = "; ".join(_short(step) for step in self.played[-8:])
        return f"{self.start} (seed {self.seed}, after {len(self.played)} steps, the last: {steps}): {self.failure}"


def walk(game: RandomPlay[R, S], start: Start, rules: R, seed: int, steps: int = 60, seconds: float = 2.0) -> Walk:
    """One seeded walk from a start; it stops at the first failure, at the end of play, or at the bounds."""
    record = Walk(start.name, seed)
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    try:
        session = game.session(start.case, rules, seed)
    except GeneratorError as error:  # a start the model cannot set up is the case's to report
        record.ended = f"not set up: {error}"
        return record
    opening = game.opening(session)
    record.failure = _broken(game, session, opening)
    while record.failure is None and not record.ended:
        if game.over(session):
            record.ended = "over"
        elif len(record.played) >= steps:
            record.ended = "steps"
        elif time.perf_counter() > deadline:
            record.ended = "time"
        else:
            _one_step(game, session, rng, record, opening)
    return record


def _one_step(game: RandomPlay[R, S], session: S, rng: random.Random, record: Walk, opening: Any) -> None:
    options = game.steps(session, rng)
    rng.shuffle(options)
    before = pickle.dumps(game.state(session), pickle.HIGHEST_PROTOCOL)  # a refusal leaves it so
    for step in options:
        try:
            game.play(session, step)
        except NotAllowed as refusal:
            record.refused += 1
            if pickle.dumps(game.state(session), pickle.HIGHEST_PROTOCOL) != before:
                record.played.append(step)
                record.failure = f"the refused step {_short(step)} ({refusal.reason}) changed the state"
                return
            continue
        except GeneratorError as error:  # the model says the rules say no more (a full board, ...)
            record.played.append(step)
            cause = error.__cause__
            if isinstance(cause, PYTHON_ERRORS) and not isinstance(cause, GeneratorError):  # a bug, said in words
                record.failure = f"{_short(step)} broke the model: {cause!r}"
            else:
                record.ended = f"model limit: {error}"
            return
        record.played.append(step)
        record.failure = _broken(game, session, opening)
        return
    record.failure = f"no step of {len(options)} was accepted, and the game is not over"


def _broken(game: RandomPlay[R, S], session: S, opening: Any) -> str | None:
    turn = game.turn(session)
    if not turn.get("phase") or not turn.get("player"):
        return f"whose turn or which phase is not defined: {dict(turn)}"
    found = game.invariants(session, opening)
    return "; ".join(found) if found else None


def _short(step: dict) -> str:
    return " ".join(f"{key}={value}" for key, value in step.items())


def walks(
    game: RandomPlay[R, S],
    starts: list[Start],
    rules: R,
    seeds: tuple[int, ...] = (1,),
    steps: int = 60,
    seconds: float = 30.0,
) -> list[Walk]:
    """Walks from every start with every seed, within `seconds` in all (each start gets its share)."""
    share = seconds / max(1, len(starts) * len(seeds))
    return [walk(game, start, rules, seed, steps, share) for start in starts for seed in seeds]


__all__ = ["RandomPlay", "Start", "Walk", "set_up", "walk", "walks"]
