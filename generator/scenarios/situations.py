"""A situation a reader builds on the resolver page: a scenario case of a few keys, made with the
page's controls, checked with problems that name their place, and played by the shared runner.

A game's `Situations` (generator/games/<engine>/situations.py) says what the page offers, as a
form (plain JSON the page's script draws, one language at a time):

    start    the situation the page opens with (a question players often ask)
    boards   presets: a map and what stands with it ({id, map, zones, keep})
    fields   settings of the whole situation (where the turn stands)
    groups   pieces with ids (survivors, characters, enemies, cars): {key, ids, max, fields}
    counts   figures by space and type ({zone: {type: n}}) or tokens by space ({zone: n})
    lists    ordered cards (a deck, top first)
    actions  what happens next, one step each: {do, who, fields, keeps}
    dice     the die's faces, whether odds can be computed, and where rolls are written

and a situation is the values of those controls:

    {"board": "<preset>" | {"map": ..., <keys the form does not edit>},
     "<group>": {id: {field: value}}, "<counts>": {space: ...}, "<list>": [ids],
     "dice": [faces] | "open", "actions": [{"do": ..., "who": ..., <field>: value}]}

`check(form, situation)` walks a situation (from the controls, or from a link anyone may have
edited) against its form: every problem is a `Problem` with the path of the value it is about and
a message id with its values, never English words (the page tells it in the reader's language).
Only a situation without problems becomes a case; `odds` plays a case under every roll its open
dice could show, through the game's own engine (core/dice.exact_outcomes).
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Generic, Hashable, Mapping, TypeVar

from generator.core.dice import Dice, exact_outcomes
from generator.core.events import NotAllowed
from generator.scenarios.game import Scenarios

R = TypeVar("R")
OPEN = "open"  # dice left open: the page shows the odds of each outcome
LINK_VERSION = "1"  # a link's situation: "<version>.<deflated JSON, base64url>"
MAX_LINK = 8000  # characters of a link's situation: far above a real one (a few hundred)
CASE_ONLY = ("id", "rule", "note", "edition", "expect", "expect-any")  # a case's keys no situation has
STEP_ONLY = ("expect", "expect-any", "note", "not-allowed")
MAX_TEXT = 2000  # a map or an id in a link: longer is nonsense, not a board
ODDS_RUNS = 20_000  # rolls played for one set of odds: far above a real attack's (6 dice: 462)

Path = tuple[Any, ...]


@dataclass(frozen=True)
class Problem:
    """What is wrong with one value of a situation: where (its path), which message, its values."""

    path: Path
    message: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict:
        return {"path": list(self.path), "message": self.message, "values": dict(self.values)}


class Situations(Generic[R]):
    """A game's side of the resolver. `form` is the page's controls; the rest plays a situation."""

    scenarios: Scenarios  # the game's scenario hooks: a situation is played as a case

    def form(self, rules: R, feed: Mapping[str, Any]) -> dict:
        """The controls, with the ids and names of this game's feed (one language)."""
        raise NotImplementedError

    def board(self, form: Mapping[str, Any], situation: Mapping[str, Any]) -> dict | None:
        """The board's case keys: a preset's, or the map a link or a worked example carries."""
        chosen = situation.get("board")
        if isinstance(chosen, str):
            preset = next((b for b in form["boards"] if b["id"] == chosen), None)
            return {"map": preset["map"], **preset.get("keep", {})} if preset else None
        return dict(chosen) if isinstance(chosen, dict) else None

    def zones(self, board: Mapping[str, Any]) -> list[str]:
        """The spaces of a board, in reading order (the form's zone choices)."""
        raise NotImplementedError

    def cross_check(self, situation: dict, rules: R, form: Mapping[str, Any]) -> list[Problem]:
        """What the rules bound across a situation's values (capacity, slots, supply)."""
        return []

    def case(self, situation: dict, form: Mapping[str, Any]) -> dict:
        """The scenario case a situation without problems is."""
        raise NotImplementedError

    def outcome(self, session: Any) -> Hashable:
        """What a reader asks the odds of (kills, wounds), from a played session."""
        raise NotImplementedError

    def tell(self, game: Any, rules: R, case: dict, result: Any, lang: str, labels: Mapping, title: str) -> dict:
        """The played steps in the reader's language: {"initial": figure, "steps": [{label, events,
        sentences (Markdown with references), rules (section ids), figures, refused?}]}."""
        raise NotImplementedError

    def tell_outcome(self, game: Any, outcome: Hashable, lang: str) -> str:
        """One outcome of the odds, in words."""
        raise NotImplementedError

    def words(self) -> Mapping[str, Any]:
        """The game's words on the page (its resolver.yaml): labels, actions, boards, refusals, problems."""
        raise NotImplementedError

    def use_dice(self, session: Any, dice: Dice) -> None:
        """Play the rest of the case with these dice (the odds' enumeration)."""
        session.dice = dice

    def dice_open(self, situation: Mapping[str, Any]) -> bool:
        return situation.get("dice") == OPEN

    def from_case(self, case: Mapping[str, Any], form: Mapping[str, Any]) -> dict:
        """A case (a worked example's scenario) as a situation: the keys the form edits in their
        controls, every other key kept with the board; a preset when the board is one."""
        edited = {"dice", "actions", *(g["key"] for g in form["groups"]), *(c["key"] for c in form["counts"])}
        edited |= {item["key"] for item in form["lists"]}
        board = {
            key: value
            for key, value in case.items()
            if key not in edited and key not in CASE_ONLY and not key.startswith("_")  # the reader's own marks
        }
        preset = next((b["id"] for b in form["boards"] if {"map": b["map"], **b.get("keep", {})} == board), None)
        situation: dict[str, Any] = {"board": preset or board}
        for group in form["groups"]:
            if case.get(group["key"]):
                situation[group["key"]] = {
                    pid: _fields(group["fields"], spec or {}) for pid, spec in case[group["key"]].items()
                }
        for key in sorted(edited - {"actions", "dice", *situation}):  # a set: sorted, for the same link each build
            if case.get(key):
                situation[key] = case[key]
        if case.get("dice"):
            situation["dice"] = list(case["dice"])
        actions = {a["do"]: a for a in form["actions"]}
        situation["actions"] = [
            _fields(actions[step["do"]]["fields"], {k: v for k, v in step.items() if k not in STEP_ONLY})
            if step.get("do") in actions
            else dict(step)
            for step in case.get("actions") or []
        ]
        return situation


def _fields(specs: list, values: Mapping[str, Any]) -> dict:
    """Values as their controls hold them: one zone or card where a list is expected, as a list."""
    out = dict(values)
    for spec in specs:
        value = out.get(spec["key"])
        if spec["type"] in ("zones", "choices") and value is not None and not isinstance(value, list):
            out[spec["key"]] = [value]
    return out


# --- links -----------------------------------------------------------------------------------------
class LinkError(ValueError):
    """A link's situation that cannot be read; `why` says what broke (encoding, compression, json, version)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def encode(situation: Mapping[str, Any]) -> str:
    """A situation as a link's fragment: compact JSON, deflated, base64url, after its version."""
    raw = json.dumps(situation, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return f"{LINK_VERSION}.{base64.urlsafe_b64encode(packed).decode('ascii').rstrip('=')}"


def decode(text: str) -> Any:
    """The situation of a link's fragment (what `encode` wrote), or LinkError saying what broke."""
    version, dot, body = text.partition(".")
    if not dot or version != LINK_VERSION:
        raise LinkError("version")
    if len(text) > MAX_LINK:
        raise LinkError("compression")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (ValueError, TypeError):
        raise LinkError("encoding") from None
    try:
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_LINK * 20)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise LinkError("compression")
    except zlib.error:
        raise LinkError("compression") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise LinkError("json") from None


def odds(
    case: dict, rules: Any, game: Situations, runs: int = ODDS_RUNS
) -> tuple[list[tuple[Hashable, Fraction, list]], int] | None:
    """Each outcome of the case with its exact chance and one roll of the dice that gives it (its
    faces in rolling order), most likely first, and how many plays that took; None when the dice
    would take more than `runs` plays (the page asks for the dice instead)."""
    played = [0]
    rolled: dict[Hashable, list] = {}

    def run(dice: Dice) -> Hashable:
        played[0] += 1
        if played[0] > runs:
            raise _TooMany
        recorder = _Recorder(dice)
        session = game.scenarios.play(case, rules)
        game.use_dice(session, recorder)
        for step in case.get("actions") or []:
            try:
                game.scenarios.apply_step(session, step)
            except NotAllowed:
                pass  # a refused step changes nothing; the trace says why
        outcome = game.outcome(session)
        rolled.setdefault(outcome, recorder.faces)
        return outcome

    try:
        found = exact_outcomes(run)
    except _TooMany:
        return None
    ordered = sorted(found.items(), key=lambda item: (-item[1], repr(item[0])))
    return [(outcome, chance, rolled[outcome]) for outcome, chance in ordered], played[0]


class _TooMany(Exception):
    pass


class _Recorder:
    """The dice of one play, remembered face by face in rolling order."""

    def __init__(self, dice: Dice):
        self.dice = dice
        self.faces: list = []

    def roll(self, n: int, die: Any = None, purpose: str = "") -> list:
        faces = self.dice.roll(n, die, purpose) if die is not None else self.dice.roll(n, purpose=purpose)
        self.faces.extend(faces)
        return faces


# --- checking a situation against its form ------------------------------------------------------------
def check(form: Mapping[str, Any], situation: Any, zones_of: Callable[[Mapping[str, Any]], list[str]]) -> list[Problem]:
    """Every problem of a situation, each at its value's path (shapes, ids, ranges)."""
    if not isinstance(situation, dict):
        return [Problem((), "not-a-situation")]
    problems: list[Problem] = []
    known = {"board", "dice", "actions", *(g["key"] for g in form["groups"]), *(c["key"] for c in form["counts"])}
    known |= {spec["key"] for spec in form.get("fields", ())}
    known |= {item["key"] for item in form["lists"]}
    for key in situation:
        if key not in known:
            problems.append(Problem((key,), "unknown-key", {"key": str(key)[:40]}))
    zones = _board_zones(form, situation, zones_of, problems)
    pieces = {group["key"]: _present(group, situation.get(group["key"])) for group in form["groups"]}
    for group in form["groups"]:
        _group(group, situation.get(group["key"]), zones, pieces, problems)
    for spec in form.get("fields", ()):
        _field((spec["key"],), spec, situation.get(spec["key"]), zones, pieces, problems)
    for counts in form["counts"]:
        _counts(counts, situation.get(counts["key"]), zones, problems)
    for listed in form["lists"]:
        _list((listed["key"],), listed, situation.get(listed["key"]), problems)
    _dice(form["dice"], situation.get("dice"), problems)
    _actions(form, situation.get("actions"), zones, pieces, problems)
    return problems


def _board_zones(form, situation, zones_of, problems: list[Problem]) -> list[str]:
    chosen = situation.get("board")
    presets = [b["id"] for b in form["boards"]]
    if isinstance(chosen, str):
        preset = next((b for b in form["boards"] if b["id"] == chosen), None)
        if preset is None:
            problems.append(Problem(("board",), "unknown-id", {"id": chosen[:40], "kind": "board"}))
            return []
        return list(preset["zones"])
    if isinstance(chosen, dict) and isinstance(chosen.get("map"), str) and len(chosen["map"]) <= MAX_TEXT:
        try:
            return zones_of(chosen)
        except Exception:  # noqa: BLE001 - any map that cannot be read is the link's mistake, said as such
            problems.append(Problem(("board", "map"), "bad-map"))
            return []
    problems.append(Problem(("board",), "choose-board", {"choices": presets}))
    return []


def _present(group, value) -> list[str]:
    """The pieces of a group a situation holds, by the ids the group knows."""
    ids = {choice["id"] for choice in group["ids"]}
    return [pid for pid in value if pid in ids] if isinstance(value, dict) else []


def _group(group, value, zones: list[str], pieces: dict[str, list[str]], problems: list[Problem]) -> None:
    """A group's pieces: each id known, each field fitting."""
    path = (group["key"],)
    if value is None:
        return
    if not isinstance(value, dict):
        problems.append(Problem(path, "expected-pieces"))
        return
    if len(value) > group["max"]:
        problems.append(Problem(path, "too-many", {"count": len(value), "max": group["max"]}))
    ids = [choice["id"] for choice in group["ids"]]
    for pid, spec in value.items():
        if pid not in ids:
            problems.append(Problem((*path, pid), "unknown-id", {"id": str(pid)[:40], "kind": group["key"]}))
            continue
        if not isinstance(spec, dict):
            problems.append(Problem((*path, pid), "expected-piece"))
            continue
        for key in spec:
            if key not in {f["key"] for f in group["fields"]} | set(group.get("keeps", ())):
                problems.append(Problem((*path, pid, key), "unknown-key", {"key": str(key)[:40]}))
        for spec_field in group["fields"]:
            _field((*path, pid, spec_field["key"]), spec_field, spec.get(spec_field["key"]), zones, pieces, problems)


def _counts(counts, value, zones: list[str], problems: list[Problem]) -> None:
    path = (counts["key"],)
    if value is None:
        return
    if not isinstance(value, dict):
        problems.append(Problem(path, "expected-counts"))
        return
    types = [t["id"] for t in counts["types"]] if counts.get("types") else None
    for zone, inner in value.items():
        if zone not in zones:
            problems.append(Problem((*path, zone), "unknown-zone", {"zone": str(zone)[:40]}))
            continue
        if types is None:
            _number((*path, zone), inner, 0, counts["max"], problems)
            continue
        if not isinstance(inner, dict):
            problems.append(Problem((*path, zone), "expected-counts"))
            continue
        for kind, n in inner.items():
            if _card_of(kind) not in types:
                problems.append(
                    Problem((*path, zone, kind), "unknown-id", {"id": str(kind)[:40], "kind": counts["key"]})
                )
            else:
                _number((*path, zone, kind), n, 0, counts["max"], problems)


def _list(path: Path, spec, value, problems: list[Problem]) -> None:
    if value is None:
        return
    if not isinstance(value, list):
        problems.append(Problem(path, "expected-list"))
        return
    if len(value) > spec["max"]:
        problems.append(Problem(path, "too-many", {"count": len(value), "max": spec["max"]}))
    ids = {choice["id"] for choice in spec["choices"]}
    for index, item in enumerate(value):
        if _card_of(item) not in ids:
            problems.append(Problem((*path, index), "unknown-id", {"id": str(item)[:40], "kind": spec["key"]}))


def _dice(spec, value, problems: list[Problem]) -> None:
    if value is None or value == OPEN and spec["odds"]:
        return
    if value == OPEN:
        problems.append(Problem(("dice",), "no-odds"))
        return
    if not isinstance(value, list) or len(value) > spec["max"]:
        problems.append(Problem(("dice",), "expected-dice", {"max": spec["max"], "faces": spec["faces"]}))
        return
    for index, face in enumerate(value):
        if isinstance(face, bool) or face not in spec["faces"]:
            problems.append(Problem(("dice", index), "bad-face", {"face": str(face)[:20], "faces": spec["faces"]}))


def _actions(form, value, zones: list[str], pieces: dict[str, list[str]], problems: list[Problem]) -> None:
    path: Path = ("actions",)
    if value is None:
        return
    if not isinstance(value, list) or not value:
        problems.append(Problem(path, "expected-actions"))
        return
    if len(value) > form["max-steps"]:
        problems.append(Problem(path, "too-many", {"count": len(value), "max": form["max-steps"]}))
        return
    actions = {action["do"]: action for action in form["actions"]}
    for index, step in enumerate(value):
        here = (*path, index)
        if not isinstance(step, dict) or _card_of(step.get("do")) not in actions:
            problems.append(Problem((*here, "do"), "unknown-action", {"choices": list(actions)}))
            continue
        action = actions[step["do"]]
        allowed = {"do", "who", *(f["key"] for f in action["fields"]), *action.get("keeps", ())}
        for key in step:
            if key not in allowed:
                problems.append(Problem((*here, key), "unknown-key", {"key": str(key)[:40]}))
        if action.get("who"):
            who = step.get("who")
            if _card_of(who) not in pieces.get(action["who"], []):
                problems.append(Problem((*here, "who"), "unknown-piece", {"id": str(who)[:40], "kind": action["who"]}))
        for spec_field in action["fields"]:
            _field((*here, spec_field["key"]), spec_field, step.get(spec_field["key"]), zones, pieces, problems)


def _field(path: Path, spec, value, zones: list[str], pieces: dict[str, list[str]], problems: list[Problem]) -> None:
    """One control's value: missing where optional, else of its type, id among its choices, number in range."""
    if value is None:
        if not spec.get("optional", True):
            problems.append(Problem(path, "missing"))
        return
    kind = spec["type"]
    if kind == "number":
        _number(path, value, spec["min"], spec["max"], problems)
    elif kind == "bool":
        if not isinstance(value, bool):
            problems.append(Problem(path, "expected-bool"))
    elif kind == "zone":
        if _card_of(value) not in zones:
            problems.append(Problem(path, "unknown-zone", {"zone": str(value)[:40]}))
    elif kind in ("zones", "choices", "slots", "rolls"):
        _many(path, spec, value, zones, problems)
    elif kind == "piece":
        if _card_of(value) not in pieces.get(spec["of"], []):
            problems.append(Problem(path, "unknown-piece", {"id": str(value)[:40], "kind": spec["of"]}))
    elif _card_of(value) not in {choice["id"] for choice in spec["choices"]}:  # "choice"
        problems.append(Problem(path, "unknown-id", {"id": str(value)[:40], "kind": spec["key"]}))


def _many(path: Path, spec, value, zones: list[str], problems: list[Problem]) -> None:
    if not isinstance(value, list):
        problems.append(Problem(path, "expected-list"))
        return
    most = spec.get("slots") or spec["max"]
    if len(value) > most:
        problems.append(Problem(path, "too-many", {"count": len(value), "max": most}))
        return
    kind = spec["type"]
    for index, item in enumerate(value):
        here = (*path, index)
        if kind == "zones":
            if _card_of(item) not in zones:
                problems.append(Problem(here, "unknown-zone", {"zone": str(item)[:40]}))
        elif kind == "rolls":
            faces = spec["faces"]
            if not isinstance(item, list) or not 1 <= len(item) <= spec["dice"] or any(f not in faces for f in item):
                problems.append(Problem(here, "bad-roll", {"faces": faces, "max": spec["dice"]}))
        elif item is None and kind == "slots":
            continue
        elif _card_of(item) not in {choice["id"] for choice in spec["choices"]}:
            problems.append(Problem(here, "unknown-id", {"id": str(item)[:40], "kind": spec["key"]}))


def _card_of(item: Any) -> Any:
    """An id, or a card written with its state ({card: dial}): the card's id; anything else None."""
    if isinstance(item, dict) and len(item) == 1:
        return next(iter(item))
    return item if isinstance(item, (str, int)) and not isinstance(item, bool) else None


def _number(path: Path, value, low: int, high: int, problems: list[Problem]) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problems.append(Problem(path, "out-of-range", {"low": low, "high": high, "found": str(value)[:20]}))
