"""A game's side of the scenario format: its keys as tables, and how a case is played.

A game package gives one `Scenarios` (subclassed in generator/games/<engine>/scenario.py):

    case_keys   key -> Shape: what a case may set up (board, pieces, dice, ...)
    actions     `do` -> Action(keys, run, acting, required): a step's keys and how it is played;
                most hand the keys to one engine method, a row with no code: Call("move", "to")
    step_keys   keys every step may have besides who/do/not-allowed/expect (dice, choices)
    expect      key -> Expect(shape, actual, compare): what an expectation may check and how
    ids         kind -> IdSource: where the ids a case names come from (generator/scenarios/names.py)
    case_view   the CaseView (sub)class a case's ids and checks read: the board parsed, ...
    turn_fields the fields of `turn:` (whose turn, which phase), when the game has turns
    piles       whether `decks:` and `discards:` expect piles of cards

and the hooks that need code: `check_case` (what the rules bound across keys), `limits` (bounds
the rules set), `build` (a session from a case), `turn`, `decks`, `discards`, `leftovers`, and
`events` and `snapshot` when the session keeps them elsewhere than in `.state` (WithState).
Everything else (reading with positions, refusals, any-of, events and turns, piles, traces) is the
shared package's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Generic, Mapping, Protocol, TypeVar, cast

from generator.core.snapshots import snapshot
from generator.errors import GeneratorError, ScenarioError
from generator.load.yamlpos import Node
from generator.scenarios import expectations as compare
from generator.scenarios.case import CaseView, listed, mapping
from generator.scenarios.expectations import Expect
from generator.scenarios.names import IdSource
from generator.scenarios.report import Report
from generator.scenarios.shapes import (
    AnyValue,
    Bool,
    Either,
    Id,
    Int,
    Limit,
    ListOf,
    MapOf,
    Record,
    Shape,
    Text,
    limits_of,
    one_or_many,
)

R = TypeVar("R")  # the game's rules, as its engine takes them
S = TypeVar("S")  # a game being played
V = TypeVar("V", bound=CaseView)  # one case as the game's checks see it


class WithState(Protocol):
    """A session that keeps its game in `.state`, the events so far among it (the default
    `events` and `snapshot` read it)."""

    state: Any


# A Python error raised while a case is built or played is the scenario's mistake, said in words,
# never a traceback (the format lets through only values of the right kind; a case can still ask
# what its own data does not hold).
PYTHON_ERRORS = (KeyError, ValueError, TypeError, AttributeError, IndexError, StopIteration, RuntimeError)

EVENT = Id("an event kind (kebab-case)", names="event")
COUNT = Int(0, 1000, "a case counts at most 1000 of anything")
CARD_IN_PILE = Id("a card id (kebab-case)", names="card")
PILES = MapOf(
    Either(COUNT, ListOf(CARD_IN_PILE, high=200), what="a number of cards or the cards, top first"),
    high=50,
    keys=Id("a deck id", names="deck"),
)


# The keys every case and every step has, whatever the game (the shared reader reads actions,
# expect and expect-any itself).
CASE_KEYS: dict[str, Shape] = {
    "id": Id(),
    "rule": Text(),
    "note": Text(),
    "edition": Id("a game folder's id"),
    "actions": AnyValue(),
    "expect": AnyValue(),
    "expect-any": AnyValue(),
}
STEP_KEYS: dict[str, Shape] = {
    "who": Id(),
    "do": Id(),
    "not-allowed": Either(Bool(), Id(), what="the reason id the rules refuse it for, or yes"),
    "expect": AnyValue(),
    "expect-any": AnyValue(),
    "note": Text(),
}


class Call:
    """A step played by handing its keys to one method of the engine (or a function taking the
    game first): `Call("trade", "with", "give", "take")` plays `game.trade(who, with, give, take)`;
    `Call("open_door", "to", with_card="with")` hands `with` over by name, and only when the step
    gives it (else the method's default holds). A key whose shape takes a list is handed over as
    one (`to: b` is [b]; left out, [])."""

    def __init__(self, method: str | Callable[..., None], *keys: str, **named: str):
        self.method, self.keys, self.named = method, keys, named

    def __call__(self, session: Any, step: dict, shapes: Mapping[str, Shape], acting: bool) -> None:
        def value(key: str) -> Any:
            return listed(step.get(key)) if "list" in shapes[key].kinds else step.get(key)

        args = [who(step)] if acting else []
        args += [value(key) for key in self.keys]
        named = {name: value(key) for name, key in self.named.items() if key in step}
        if isinstance(self.method, str):
            getattr(session, self.method)(*args, **named)
        else:
            self.method(session, *args, **named)


@dataclass(frozen=True)
class Action(Generic[S]):
    """One `do:` of a step: the keys it takes, how it is played, whether someone takes it."""

    keys: Mapping[str, Shape]
    run: Callable[[S, dict], None] | Call
    acting: bool = True  # needs `who`
    required: tuple[str, ...] = ()  # keys it cannot be played without

    def play(self, session: S, step: dict) -> None:
        if isinstance(self.run, Call):
            self.run(session, step, self.keys, self.acting)
        else:
            self.run(session, step)


class Scenarios(Generic[R, S, V]):
    case_keys: Mapping[str, Shape] = {}
    required: Mapping[str, str] = {}  # case keys every case needs -> what to write
    actions: Mapping[str, Action[S]] = {}
    step_keys: Mapping[str, Shape] = {}
    expect: Mapping[str, Expect[S]] = {}
    ids: Mapping[str, IdSource[V]] = {}
    turn_fields: Mapping[str, Shape] = {}
    bounds: tuple[Limit, ...] = ()  # the Limits the shapes name, each read from the rules
    # The case as the game's checks see it: a CaseView subclass also parses the board, ...
    case_view: Callable[[dict, Node, Report, Any], CaseView] = CaseView
    piles = False
    pile_names: tuple[str, ...] = ()  # the piles `decks:` and `discards:` may name (none: any)
    example_step = "{do: <action>}"  # a step as this game writes one, for messages
    # kind -> the details its events carry (an expected event naming another detail matches
    # nothing: reported); None when the game does not list them.
    event_fields: Mapping[str, tuple[str, ...]] | None = None

    @property
    def event_kinds(self) -> frozenset[str]:
        """Every event the engine emits: the kinds event_fields lists (a game without it says them)."""
        return frozenset(self.event_fields or ())

    # --- hooks: reading -------------------------------------------------------------------------
    def view(self, case: dict, node: Node, report: Report, rules: R | None) -> V:
        return self.case_view(case, node, report, rules)  # type: ignore[return-value]

    def check_case(self, view: V) -> None:
        """What the rules bound across a case's keys (each value's own range is its shape's)."""

    def limits(self, rules: R | None) -> Mapping[str, int]:
        """The bounds the rules set, by the names of the shapes' Limits (none without rules)."""
        return limits_of(self.bounds, rules)

    # --- hooks: playing -------------------------------------------------------------------------
    def build(self, case: dict, rules: R) -> S:
        raise NotImplementedError

    def events(self, session: S) -> list[dict]:
        return cast(WithState, session).state.events

    def turn(self, session: S) -> Mapping[str, object]:
        return {}

    def decks(self, session: S) -> Mapping[str, list]:
        return {}

    def discards(self, session: S) -> Mapping[str, list]:
        return {}

    def before_step(self, session: S, step: dict) -> None:
        """What a step sets up before it is played (its scripted dice, its choices)."""

    def after_step(self, session: S, step: dict) -> None:
        """What a played step must have used up (raise ScenarioError when it did not)."""

    def leftovers(self, session: S) -> list[str]:
        """Scripted input the whole case never used."""
        return []

    def snapshot(self, session: S) -> object:
        """A copy of the session's game for a diagram, untouched by the steps played after it."""
        return snapshot(cast(WithState, session).state)

    # --- the shared side --------------------------------------------------------------------------
    @cached_property
    def expectations(self) -> dict[str, Expect[S]]:
        """The game's expectation keys and those every game shares."""
        shared: dict[str, Expect[S]] = {
            "events": Expect(
                ListOf(
                    Record(
                        {"event": EVENT, "count": COUNT},
                        required=("event",),
                        others=AnyValue(),
                        what="{event: <kind>, <detail>: <value>, ..., count: N}",
                    ),
                    high=100,
                ),
                self.events,
                compare.events_happened,
            ),
            "events-include": Expect(one_or_many(EVENT, high=100), self.events, compare.kinds_happened),
            "events-exclude": Expect(one_or_many(EVENT, high=100), self.events, compare.kinds_not_happened),
        }
        if self.turn_fields:
            what = "a mapping with " + ", ".join(self.turn_fields)
            shared["turn"] = Expect(Record(self.turn_fields, what=what), self.turn, compare.fields())
        if self.piles:
            pile = compare.each(compare.count_or_items, default=[])
            shared["decks"] = Expect(PILES, self.decks, pile)
            shared["discards"] = Expect(PILES, self.discards, pile)
        return {**shared, **self.expect}

    @cached_property
    def case_key_names(self) -> frozenset[str]:
        """Every key a case may have, the shared ones included."""
        return frozenset({*CASE_KEYS, *self.case_keys})

    def known_ids(self) -> dict[str, IdSource[V]]:
        return {
            "event": IdSource(
                "event kind",
                lambda view: self.event_kinds,
                "use an event the rules model reports (a trace of `python -m generator scenario` shows them)",
            ),
            "deck": IdSource(
                "deck", lambda view: self.pile_names or None, f"the piles are {', '.join(self.pile_names)}"
            ),
            **self.ids,
        }

    def play(self, case: dict, rules: R) -> S:
        """build(), with a Python error said as the scenario's mistake. A case written in code (a
        test's) has not been read with the format: its keys are checked here too."""
        unknown = {key for key in case if not key.startswith("_")} - self.case_key_names
        if unknown:
            raise ScenarioError(f"unknown case keys {sorted(unknown)}; known keys are {sorted(self.case_key_names)}")
        try:
            return self.build(case, rules)
        except PYTHON_ERRORS as error:
            raise user_error(error) from error

    def apply_step(self, session: S, step: dict) -> None:
        """Play one step (raises NotAllowed when the rules refuse it, ScenarioError for a mistake)."""
        action = self.actions.get(str(step.get("do")))
        if action is None:
            raise ScenarioError(f"unknown action '{step.get('do')}'; use one of {', '.join(self.actions)}")
        known = {*STEP_KEYS, *self.step_keys, *action.keys}
        unknown = set(step) - known
        if unknown:
            raise ScenarioError(f"unknown step keys {sorted(unknown)}; known keys are {sorted(known)}")
        missing = [key for key in action.required if key not in step]
        if missing:  # a step written in code: the reader says this at the step
            raise ScenarioError(f"missing '{missing[0]}' for the '{step.get('do')}' action")
        try:
            self.before_step(session, step)
            action.play(session, step)
            self.after_step(session, step)
        except PYTHON_ERRORS as error:
            raise user_error(error) from error

    def compare(self, session: S, expect: dict) -> list[str]:
        """What differs between an expectation and the session (empty when it holds)."""
        table = self.expectations
        found: list[str] = []
        for key, value in (expect or {}).items():
            entry = table.get(key)
            if entry is None:
                found.append(f"expect: unknown key '{key}'; use {', '.join(sorted(table))}")
                continue
            found += entry.check(key, value, session)
        return found


def user_error(error: Exception) -> GeneratorError:
    """A Python error raised while a case plays, as the scenario error it is: its own words (a
    KeyError's message without the quotes str() adds), never the name of the Python class alone."""
    if isinstance(error, GeneratorError):
        return error
    words = str(error.args[0]) if error.args else ""
    return ScenarioError(words or f"the rules model cannot play this ({type(error).__name__}); check the case's ids")


def who(step: dict) -> str:
    return str(step.get("who") or "")


__all__ = ["Action", "Call", "Expect", "IdSource", "Scenarios", "mapping", "user_error", "who"]
