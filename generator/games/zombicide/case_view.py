"""A scenario case as the cases page tells it: the board before, each step told from the trace
(what a refused step tried, then why the rules refuse it), and what the case checks, said from the
state the model leaves. No diagram: a page lists many cases, and a phone reads them as text.

The model plays each case once per loaded game; every language tells the same run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from generator.core.snapshots import snapshot
from generator.errors import ScenarioError
from generator.games.zombicide.engine import Game as Session
from generator.games.zombicide.narration import Narrator, Phrase
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.scenario import HOOKS
from generator.games.zombicide.scenario_checks import door_state
from generator.games.zombicide.state import State
from generator.load.entities import Entity, Game
from generator.render.example_view import ExampleView, StepView
from generator.scenarios.examples import StepRun
from generator.scenarios.runner import Result, run_case
from generator.scenarios.sections import game_cases, linked_cases

ATTEMPTED = ("move", "attack", "search", "open-door")  # refused steps told with what they tried


@dataclass
class _Played:
    case: dict
    result: Result
    before: State  # the board as the case sets it up
    after: Session  # the game once every step is played


# (game, case, edition playing it) -> the rules and the play. The live preview loads the project
# again after every save; a case read from unchanged files (the same dict: sections.py keeps it)
# under equal rules is not played again.
_PLAYED: dict[tuple[str, str, str], tuple[Rules, _Played]] = {}


def case_views(
    game: Game, rules: Rules, section: Entity, lang: str, t: Callable, labels: Mapping[str, Mapping[str, str]]
) -> list[ExampleView]:
    cases = game_cases(game, HOOKS, rules)
    narrator = Narrator(game, lang)
    return [
        _view(_played(game, cases[case_id], rules), narrator, t, labels)
        for case_id in linked_cases(section)
        if case_id in cases
    ]


def other_edition_view(
    game: Game, other_rules: Rules, case: dict, lang: str, t: Callable, labels: Mapping[str, Mapping[str, str]]
) -> ExampleView:
    """A ruling's case as the other edition's model plays it, told with this game's words."""
    return _view(_played(game, case, other_rules), Narrator(game, lang), t, labels)


def _played(game: Game, case: dict, rules: Rules) -> _Played:
    key = (game.id, case["id"], rules.edition)
    kept = _PLAYED.get(key)
    if kept is None or kept[1].case is not case or not (kept[0] is rules or kept[0] == rules):
        if len(_PLAYED) > 4096:
            _PLAYED.clear()
        seen: list = []  # the board as set up, and the session (played to its end once run_case returns)

        def watch(session: Session, step: int) -> None:
            if step == 0:
                seen.extend((snapshot(session.state), session))

        result = run_case(case, rules, HOOKS, watch)
        if not seen:  # the case could not be set up: check reports it, and a page tells no board
            raise ScenarioError(f"case '{case['id']}' cannot be played: {result.mismatches[0]}")
        _PLAYED[key] = (rules, _Played(case, result, *seen))
    elif kept[0] is not rules:
        _PLAYED[key] = (rules, kept[1])  # equal rules: the next look is by identity
    return _PLAYED[key][1]


def _view(played: _Played, n: Narrator, t: Callable, labels: Mapping[str, Mapping[str, str]]) -> ExampleView:
    board = _Board(n, labels)
    view = ExampleView(played.case["id"], "", t(board.describe(played.before)), 4, None)
    for record, step in zip(played.result.trace, played.case.get("actions") or []):
        run = StepRun(record["step"], step, None, None, record)
        sentences = n.step(run).sentences
        if str(record.get("outcome", "")).startswith("not allowed") and step.get("who"):
            sentences = [_attempt(n, step, played.before), *sentences]
        label = labels["example-step"][n.lang].replace("{n}", str(record["step"]))
        view.steps.append(StepView(label, [t(sentence) for sentence in sentences]))
    view.outcome = t(("" if n.lang == "ja" else " ").join(_Outcome(n, labels, played).sentences()))
    return view


def _attempt(n: Narrator, step: dict, before: State) -> str:
    kind = str(step["do"]) if step.get("do") in ATTEMPTED else "other"
    who = before.survivors.get(step["who"])
    target = step.get("to") or step.get("at") or (who.zone if who else "")
    target = target[-1] if isinstance(target, list) else target
    weapon = n.card(step["weapon"]) if step.get("weapon") else Phrase("", "")
    return n.say(kind, "attempts", survivor=n.survivor(step["who"]), to=target, weapon=weapon)


class _Board:
    """The board in words: what stands in each zone, and the doors."""

    def __init__(self, n: Narrator, labels: Mapping[str, Mapping[str, str]]):
        self.n, self.labels = n, labels
        self.listing = "、" if n.lang == "ja" else ", "
        self.end = "。" if n.lang == "ja" else ". "

    def describe(self, state: State) -> str:
        counts = state.zombie_counts()
        parts = []
        for zone in state.board.zones:
            contents = [
                self._survivor(state, sid) for sid in sorted(state.survivors) if state.survivors[sid].zone == zone
            ]
            if counts.get(zone):
                contents.append(self.n.zombies(counts[zone]).markdown)
            if state.noise.get(zone):
                contents.append(self.n.say("noise", "describe", n=state.noise[zone]))
            if contents:
                parts.append(self.n.say("zone", "describe", zone=zone, contents=self.listing.join(contents)))
        for door in sorted(state.board.doors.values(), key=lambda d: d.id):
            status = self.labels[f"door-state-{door.state}"][self.n.lang]
            parts.append(self.n.say("door", "describe", a=door.zones[0], b=door.zones[1], state=status))
        walls = sorted({"|".join(pair) for pair in state.board.walls()})
        if walls:
            parts.append(self.n.say("walls", "describe", pairs=self.listing.join(walls)))
        text = self.end.join(parts)
        return (text + self.end.strip()) if parts else ""

    def _survivor(self, state: State, sid: str) -> str:
        s = state.survivors[sid]
        name = self.n.survivor(sid)
        if s.dead:
            return self.n.say("dead", "describe", survivor=name)
        return self.n.say("wounded", "describe", survivor=name, n=s.wounds) if s.wounds else name.markdown


class _Outcome:
    """What the case's final expectations name, told from the state the model leaves."""

    SURVIVOR_FIELDS = ("at", "dead", "wounds", "actions-left", "xp", "level", "hands", "backpack", "has", "kills")

    def __init__(self, n: Narrator, labels: Mapping[str, Mapping[str, str]], played: _Played):
        self.n, self.labels, self.game, self.state = n, labels, played.after, played.after.state
        self.expect: dict = played.case.get("expect") or {}

    def say(self, key: str, **values: Any) -> str:
        return self.n.say(key, "outcomes", **values)

    def sentences(self) -> list[str]:
        said: list[str] = []
        for sid, fields in (self.expect.get("survivors") or {}).items():
            said += self._survivor(sid, fields or {})
        if "zombies" in self.expect or "zombies-in" in self.expect:
            said.append(self._zombies())
        if "noise" in self.expect:
            said.append(self._noise())
        for zone in self.expect.get("line-of-sight") or {}:
            said.append(self._sight(zone))
        for zone in self.expect.get("ranges") or {}:
            said.append(self._ranges(zone))
        for did in self.expect.get("doors") or {}:
            a, _, b = did.partition("/")
            status = door_state(self.state.board, did) or "closed"
            said.append(self.say("door", a=a, b=b, state=self.labels[f"door-state-{status}"][self.n.lang]))
        if "danger-level" in self.expect:
            said.append(self.say("danger-level", level=self.n.link("level", self.game.danger_level())))
        if "equipment-deck" in self.expect:
            deck = self.state.equipment_deck
            said.append(self.say("deck", cards=self._cards(deck)) if deck else self.say("empty-deck"))
        if "discard-pile" in self.expect:
            pile = self.state.equipment_discard
            said.append(self.say("discards", cards=self._cards(pile)) if pile else self.say("no-discards"))
        return said

    def _survivor(self, sid: str, fields: dict) -> list[str]:
        s = self.state.survivors.get(sid)
        if s is None:
            return []
        who = self.n.survivor(sid)
        said = []
        for field in (f for f in self.SURVIVOR_FIELDS if f in fields):
            if field == "at":
                said.append(self.say("at", survivor=who, zone=s.zone))
            elif field == "dead":
                said.append(self.say("dead" if s.dead else "alive", survivor=who))
            elif field == "wounds":
                said.append(self.say("wounds", survivor=who, n=s.wounds))
            elif field == "actions-left":
                said.append(self.say("actions-left", survivor=who, n=self.game.actions_left(s) if not s.dead else 0))
            elif field == "xp":
                said.append(self.say("xp", survivor=who, n=s.xp, experience=self.n.experience()))
            elif field == "level":
                said.append(self.say("level", survivor=who, level=self.n.link("level", self.game.level(s))))
            elif field == "kills" and s.kills:
                said.append(self.say("kills", survivor=who, zombies=self.n.zombies(dict(s.kills))))
            elif field in ("hands", "backpack", "has"):
                said.append(self._held(who, [i.name for i in s.items()]))
        return list(dict.fromkeys(said))  # hands and backpack are told once, as the cards held

    def _held(self, who: Phrase, cards: list[str]) -> str:
        return (
            self.say("cards", survivor=who, cards=self._cards(cards)) if cards else self.say("no-cards", survivor=who)
        )

    def _cards(self, cards: list[str]) -> Phrase:
        return self.n.join([self.n.card(c) for c in cards])

    def _zombies(self) -> str:
        counts = self.state.zombie_counts()
        if not counts:
            return self.say("no-zombies")
        where = [self.n.say("zone", "describe", zone=z, contents=self.n.zombies(c).markdown) for z, c in counts.items()]
        return self.say("zombies", where=self.n.join([Phrase(w, w) for w in where]))

    def _noise(self) -> str:
        noisy = {z: k for z, k in self.state.noise.items() if k}
        if not noisy:
            return self.say("no-noise")
        where = [self.n.say("zone", "describe", zone=z, contents=str(k)) for z, k in noisy.items()]
        return self.say("noise", where=self.n.join([Phrase(w, w) for w in where]))

    def _sight(self, zone: str) -> str:
        board = self.state.board
        seen = board.sorted(set(board.line_of_sight(zone)) - {zone})
        return (
            self.say("sight", zone=zone, zones=self.n.join([Phrase(z, z) for z in seen]))
            if seen
            else self.say("no-sight", zone=zone)
        )

    def _ranges(self, zone: str) -> str:
        sight = self.state.board.line_of_sight(zone)
        listed = [f"{z} {d}" for z, d in sorted(sight.items(), key=lambda item: (item[1], item[0])) if z != zone]
        return self.say("ranges", zone=zone, list=self.n.join([Phrase(x, x) for x in listed]))
