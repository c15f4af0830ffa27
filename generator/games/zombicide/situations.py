"""Zombicide on the resolver page: the controls a reader builds a situation with, the rules'
bounds across them, and what the odds are over (generator/scenarios/situations.py).

A situation is a case of the scenario format (scenario_format.py) with fewer keys: a board (a
preset, or the map of a worked example with its other keys kept as they are), survivors, cars,
zombies and noise by zone, the equipment deck, the dice (or `open`), and the steps. The same
runner plays it; the engine decides, refuses, and says why.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from string import Template
from typing import Any, Hashable, Mapping, cast

import yaml

from generator.core.events import NotAllowed
from generator.errors import Location
from generator.games.zombicide import worked_examples
from generator.games.zombicide.board import parse_map
from generator.games.zombicide.narration import Narrator
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.scenario import HOOKS
from generator.load.entities import Game, Localized, localized_tree
from generator.load.examples import Example
from generator.load.yamlpos import SAFE_LOADER
from generator.render import korean
from generator.scenarios.examples import forget_run
from generator.scenarios.runner import Result
from generator.scenarios.situations import OPEN, Problem, Situations

WORDS = Path(__file__).with_name("resolver.yaml")

# Small boards a question at the table needs, each with the rules section it shows best.
BOARDS = (
    {"id": "street", "map": "a . b . c", "rule": "sight"},
    {"id": "two-ways", "map": "a . b\n.   .\nc . d", "rule": "zombie-splitting"},
    {"id": "building", "map": "a . b + B1 . B2", "rule": "action-open-door"},
)
ATTACK_KEEPS = ("assign", "survivors", "reroll-below", "zombie-dice")
ZOMBIE_PHASE_KEEPS = ("attacks", "discard", "ignore-wound", "abomination", "split", "spawn")
MOST_STEPS = 6
CAR_IDS = ("car", "car-2")
MOST_CARS = len(CAR_IDS)
MOST_DICE = 30  # a case's scripted dice: several attacks of a few dice each
MOST_ZOMBIES = 100  # of a type in a zone, as the scenario format allows; the box's supply is checked too
MOST_NOISE = 20
MOST_XP = 100
MOST_DECK = 20
MOST_SKILLS = 12


def _choices(feed: Mapping[str, Any], kind: str, keep=lambda entry: True) -> list[dict]:
    return [{"id": e["id"], "label": e["name"]} for e in feed["entities"] if e.get("kind") == kind and keep(e)]


def _weapon(entry: Mapping[str, Any]) -> bool:
    return bool((entry.get("data") or {}).get("attacks"))


class ZombicideSituations(Situations[Rules]):
    scenarios = HOOKS

    def form(self, rules: Rules, feed: Mapping[str, Any]) -> dict:
        cards = _choices(feed, "equipment", lambda e: (e.get("data") or {}).get("kind") != "car")
        cards = [c for c in cards if c["id"] in rules.equipment]
        weapons = _choices(feed, "equipment", _weapon)
        survivors = _choices(feed, "survivor")  # the worked examples' survivors among them (project_checks)
        skills = _choices(feed, "skill")
        rerolls = [c for c in skills if c["id"] in rules.skill_models] + [
            c for c in cards if rules.equipment[c["id"]].rerolls_ammo
        ]
        zone = {"type": "zone"}
        shooter = survivors[0]["id"] if survivors else None
        gun = next((w["id"] for w in weapons if rules.card(w["id"]).ranged is not None), None)
        start = {
            "board": BOARDS[0]["id"],
            "survivors": {shooter: {"at": "a", "hands": [gun] + [None] * (rules.hand_slots - 1)}},
            "zombies": {"b": {next(iter(rules.zombies)): 2}},
            "dice": OPEN,
            "actions": [{"do": "attack", "who": shooter, "weapon": gun, "at": "b"}],
        }
        actions_per_turn = rules.actions_per_turn + len(rules.extra_action_levels) + 1
        return {
            "start": start,
            "boards": [{**board, "zones": list(parse_map(board["map"]).zones), "keep": {}} for board in BOARDS],
            "groups": [
                {
                    "key": "survivors",
                    "ids": survivors,
                    "max": 6,
                    "fields": [
                        {"key": "at", **zone, "optional": False},
                        {"key": "hands", "type": "slots", "slots": rules.hand_slots, "choices": cards},
                        {
                            "more": True,
                            "key": "backpack",
                            "type": "choices",
                            "max": rules.backpack_slots,
                            "choices": cards,
                        },
                        {"key": "skills", "type": "choices", "max": MOST_SKILLS, "choices": skills},
                        {"key": "wounds", "type": "number", "min": 0, "max": max(rules.health(False), 1)},
                        {"more": True, "key": "xp", "type": "number", "min": 0, "max": MOST_XP},
                        {"more": True, "key": "actions-used", "type": "number", "min": 0, "max": actions_per_turn},
                        {"more": True, "key": "dead", "type": "bool"},
                        {"more": True, "key": "car", "type": "piece", "of": "cars"},
                        {"more": True, "key": "seat", "type": "number", "min": 0, "max": 3},
                    ],
                    "keeps": ("level-skills", "unloaded", "searched", "played", "kid"),
                },
                {
                    "key": "cars",
                    "ids": [{"id": cid, "label": str(n)} for n, cid in enumerate(CAR_IDS, start=1)],
                    "max": MOST_CARS,
                    "fields": [
                        {"key": "at", **zone, "optional": False},
                        {
                            "key": "kind",
                            "type": "choice",
                            "choices": [{"id": k, "label": f"car-kind-{k}"} for k in ("car", "police", "pimp")],
                        },
                    ],
                },
            ],
            "counts": [
                {"key": "zombies", "types": _choices(feed, "zombie"), "max": MOST_ZOMBIES},
                {"key": "noise", "types": None, "max": MOST_NOISE},
            ],
            "lists": [{"key": "equipment-deck", "choices": cards, "max": MOST_DECK}],
            "dice": {"faces": list(range(1, rules.max_die_result + 1)), "odds": True, "max": MOST_DICE, "per": "case"},
            "max-steps": MOST_STEPS,
            "actions": [
                {
                    "do": "attack",
                    "who": "survivors",
                    "rule": "action-combat",
                    "fields": [
                        {"key": "weapon", "type": "choice", "choices": weapons, "optional": False},
                        {"key": "at", **zone},
                        {
                            "key": "mode",
                            "type": "choice",
                            "choices": [{"id": "melee", "label": "melee"}, {"id": "ranged", "label": "ranged"}],
                        },
                        {"key": "dual", "type": "bool"},
                        {"key": "reroll", "type": "choices", "max": 3, "choices": rerolls},
                    ],
                    "keeps": ATTACK_KEEPS,
                },
                {
                    "do": "move",
                    "who": "survivors",
                    "rule": "action-move",
                    "fields": [{"key": "to", "type": "zones", "max": 3, "optional": False}],
                },
                {"do": "search", "who": "survivors", "rule": "action-search", "fields": [], "keeps": ("keep",)},
                {
                    "do": "open-door",
                    "who": "survivors",
                    "rule": "action-open-door",
                    "fields": [
                        {"key": "to", **zone, "optional": False},
                        {"key": "with", "type": "choice", "choices": cards},
                    ],
                },
                {
                    "do": "drive",
                    "who": "survivors",
                    "rule": "action-car",
                    "fields": [{"key": "to", "type": "zones", "max": 2, "optional": False}],
                },
                {
                    "do": "combine",
                    "who": "survivors",
                    "rule": "combined-weapons",
                    "fields": [{"key": "cards", "type": "choices", "max": 2, "choices": cards, "optional": False}],
                },
                {"do": "zombie-phase", "who": None, "rule": "zombie-phase", "fields": [], "keeps": ZOMBIE_PHASE_KEEPS},
                {"do": "spawn", "who": None, "rule": "zombie-spawning", "fields": []},
            ],
        }

    def zones(self, board: Mapping[str, Any]) -> list[str]:
        return list(parse_map(board["map"]).zones)

    def cross_check(self, situation: dict, rules: Rules, form: Mapping[str, Any]) -> list[Problem]:
        """The box's miniatures, a survivor's wounds and hands, a seat in a car of the board."""
        problems = []
        on_board: Counter[str] = Counter()
        for zone, counts in (situation.get("zombies") or {}).items():
            for kind, n in counts.items():
                on_board[rules.supply_pool(kind)] += n
        for kind, n in sorted(on_board.items()):
            supply = rules.zombie_supply.get(kind)
            if supply is not None and n > supply:
                problems.append(Problem(("zombies",), "more-than-the-box", {"kind": kind, "count": n, "max": supply}))
        for sid, spec in (situation.get("survivors") or {}).items():
            health = rules.health(bool(spec.get("kid")))
            if health and spec.get("wounds", 0) >= health and not spec.get("dead"):
                problems.append(Problem(("survivors", sid, "wounds"), "wounds-kill", {"max": health - 1}))
            if spec.get("car") is not None and spec.get("car") not in (situation.get("cars") or {}):
                problems.append(
                    Problem(("survivors", sid, "car"), "unknown-piece", {"id": spec["car"], "kind": "cars"})
                )
        return problems

    def case(self, situation: dict, form: Mapping[str, Any]) -> dict:
        board = self.board(form, situation) or {}
        case: dict[str, Any] = {"id": "situation", **board}
        for key in ("survivors", "cars", "zombies", "noise", "equipment-deck"):
            value = situation.get(key)
            if value:
                case[key] = _without_empty(value)
        dice = situation.get("dice")
        if isinstance(dice, list):
            case["dice"] = list(dice)
        case["actions"] = [_step(step) for step in situation.get("actions") or []]
        return case

    def outcome(self, session) -> Hashable:
        """Zombies killed by type, and each survivor's wounds and death, at the end of the steps."""
        state = session.state
        kills = Counter(e["zombie"] for e in state.events if e["event"] == "kill")
        survivors = tuple(
            (s.id, s.wounds, s.dead) for s in sorted(state.survivors.values(), key=lambda s: s.id) if s.wounds or s.dead
        )
        return (tuple(sorted(kills.items())), survivors)

    def dice_open(self, situation: Mapping[str, Any]) -> bool:
        return situation.get("dice") == OPEN

    # --- telling -----------------------------------------------------------------------------------
    def tell(
        self, game: Game, rules: Rules, case: dict, result: Result, lang: str, labels: Mapping, title: str
    ) -> dict:
        """The steps told as the worked examples tell theirs (narration with links, a diagram before
        and after), each refusal with its reason and rules section, each step with the sections its
        events come from."""
        refused = {
            record["step"]: record.get("reason", "other")
            for record in result.trace
            if str(record.get("outcome", "")).startswith("not allowed")
        }
        played = dict(case)
        played["actions"] = [
            {**step, "not-allowed": refused[number]} if number in refused else step
            for number, step in enumerate(case.get("actions") or [], start=1)
        ]
        if played.get("dice"):
            played["dice"] = played["dice"][: _dice_used(played, rules)]  # a refused step rolls none
        rule = _first_rule(game, [words()["event-rules"].get("zombie-phase", [])]) or next(
            e for e in game.entities.values() if e.kind == "rule"
        )
        example = Example(
            "situation", game.id, rule.id, _one(lang, title), _one(lang, ""), played, Location("situation", 1, 1), ""
        )
        try:
            view = worked_examples.example_view(game, rules, example, rule, lang, lambda text: text, labels)
        finally:
            forget_run(example)  # one situation, played once: nothing to keep
        narrator = Narrator(game, lang)
        steps = []
        for record, step, shown in zip(result.trace, played["actions"], view.steps):
            number = record["step"]
            events = [
                {"event": e["event"], **({"reason": e["reason"]} if "reason" in e else {})} for e in record["events"]
            ]
            told: dict[str, Any] = {"label": shown.label, "events": events}
            if number in refused:
                told["refused"] = refused[number]
                told["sentences"] = [self._refusal(narrator, refused[number], step, record)]
                told["rules"] = _rule_ids(
                    game, words()["refusals"].get(refused[number], words()["refusals"]["other"])["rule"]
                )
            else:
                told["sentences"] = list(shown.narration)
                told["rules"] = _rule_ids(game, *[words()["event-rules"].get(e["event"], []) for e in events])
            told["figures"] = [
                {"caption": figure.caption, "svg": figure.svg} for figure in (shown.before, shown.after) if figure
            ]
            steps.append(told)
        initial = {"caption": view.initial.caption, "svg": view.initial.svg} if view.initial else None
        return {"initial": initial, "steps": steps}

    def _refusal(self, narrator: Narrator, reason: str, step: dict, record: dict) -> str:
        entry = words()["refusals"].get(reason, words()["refusals"]["other"])
        values = {"through": str((record.get("refusal") or {}).get("through", "")), "target": str(step.get("at", ""))}
        if step.get("who"):
            values["survivor"] = narrator.survivor(step["who"]).plain
        return _fill(entry[narrator.lang], narrator.lang, values)

    def tell_outcome(self, game: Game, outcome: Hashable, lang: str) -> str:
        """One outcome of the odds in words: what is killed, who is wounded or dies."""
        narrator = Narrator(game, lang)
        said = words()["outcome"]
        kills, survivors = cast(tuple, outcome)
        parts = [
            _fill(said["killed"][lang], lang, {"zombies": narrator.zombies(dict(kills)).plain})
            if kills
            else said["nothing-killed"][lang]
        ]
        for sid, wounds, dead in survivors:
            name = narrator.survivor(sid).plain
            key = "dead" if dead else "wounded"
            parts.append(_fill(said[key][lang], lang, {"survivor": name, "n": str(wounds)}))
        return ("、" if lang == "ja" else ", ").join(parts)

    def words(self) -> dict:
        return words()


def _dice_used(case: dict, rules: Rules) -> int:
    """How many of a case's scripted dice its steps roll (a refused step rolls none)."""
    session = HOOKS.play(case, rules)
    for step in case.get("actions") or []:
        try:
            HOOKS.apply_step(session, step)
        except NotAllowed:
            pass
    return getattr(session.dice, "used", len(case.get("dice") or []))


def _one(lang: str, text: str) -> Localized:
    """A text in the one language a situation is told in."""
    return Localized(cast(dict, {lang: text}))


@lru_cache(maxsize=1)
def words() -> dict:
    """resolver.yaml: the page's words for this game, each a text by language."""
    return localized_tree(yaml.load(WORDS.read_text(encoding="utf-8"), Loader=SAFE_LOADER))


def _fill(template: str, lang: str, values: Mapping[str, str]) -> str:
    """A sentence with its values; in Korean `$name_topic` and the like take the right particle."""
    mapping = dict(values)
    if lang == "ko":
        for name, value in values.items():
            for kind in korean.KINDS:
                mapping[f"{name}_{kind}"] = value + korean.particle(value, kind)
    return Template(template).safe_substitute(mapping)


def _first_rule(game: Game, candidates: list[list[str]]):
    for ids in candidates:
        for rid in ids:
            entity = game.entities.get(rid)
            if entity is not None and entity.kind == "rule":
                return entity
    return None


def _rule_ids(game: Game, *candidates: list[str]) -> list[str]:
    """The first rules section of each list that the game has, each once, in order."""
    found: dict[str, None] = {}
    for ids in candidates:
        entity = _first_rule(game, [ids])
        if entity is not None:
            found[entity.id] = None
    return list(found)


def _step(step: dict) -> dict:
    """A step as the scenario format writes it (empty values left out)."""
    return {key: value for key, value in step.items() if value not in (None, [], "")}


def _without_empty(value: Any) -> Any:
    """Pieces without their empty fields (None, [], false), counts without their zeros."""
    if not isinstance(value, dict):
        return value
    kept = {key: _without_empty(item) for key, item in value.items()}
    return {
        key: item
        for key, item in kept.items()
        if item is not None
        and item is not False
        and item != []
        and item != {}
        and not (item == 0 and key not in ("seat", "wounds", "xp", "actions-used"))
    }


SITUATIONS = ZombicideSituations()
