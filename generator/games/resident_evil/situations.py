"""Resident Evil on the resolver page: the controls a reader builds a situation with, the rules'
bounds across them, and the telling (generator/scenarios/situations.py).

A situation is a case of the game's scenario format (scenario_format.py): a board of squares (a
preset, or a worked example's map with its other keys kept), characters with the values of their
profile cards, enemies by card, corpses, the tension deck, and steps whose rolls are entered by
face as they fell at the table. The source prints neither the dice's faces nor most card values,
so no odds are computed: the card values are those the checks state (scenarios/cards/), shown on
the page as such.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from string import Template
from typing import Any, Hashable, Mapping, cast

import yaml

from generator.core.grid import parse_grid
from generator.load.entities import Game, Localized, localized_tree
from generator.load.yamlpos import SAFE_LOADER
from generator.scenarios.runner import Result
from generator.scenarios.situations import Problem, Situations

from . import worked_examples
from .cards import ITEM_KINDS
from .data import Model
from .dice import ENCOUNTER_DIE, attack_die
from .narration import Narrator, templates
from .scenario import HOOKS
from .worked_examples import names_for

WORDS = Path(__file__).with_name("resolver.yaml")
BOARDS = (
    {"id": "room", "map": "A A A\nA A A", "rule": "movement"},
    {"id": "two-tiles", "map": "A A/B B\nA A B B", "rule": "doors"},
    {"id": "hall", "map": "A A A A", "rule": "range"},
)
ENEMIES_OF_A_TYPE = 4
MOST_STEPS = 8
MOST_ROLLS = 6
MOST_DICE = 10


class ResidentEvilSituations(Situations[Model]):
    scenarios = HOOKS

    def form(self, rules: Model, feed: Mapping[str, Any]) -> dict:
        lang = feed["game"]["language"]
        cards = rules.cards
        names = {**names_for(_named(feed), lang), **{k: v[lang] for k, v in templates()["names"].items()}}
        items = [
            {"id": cid, "label": names.get(cid, cid)} for cid, body in cards.items() if body.get("kind") in ITEM_KINDS
        ]
        weapons = [c for c in items if cards[c["id"]].get("kind") == "weapon"]
        enemy_cards = [cid for cid, body in cards.items() if body.get("kind") == "enemy" and not body.get("boss")]
        tension = [{"id": cid, "label": cid} for cid, body in cards.items() if body.get("kind") == "tension"]
        faces = [*attack_die(rules.rules.success_results).faces, *ENCOUNTER_DIE.faces]
        square = {"type": "zone"}
        rolls = {"key": "dice", "type": "rolls", "faces": faces, "dice": MOST_DICE, "max": MOST_ROLLS}
        # The characters a scenario may start with (characters.yaml's main roles, Jill first as
        # the box's tutorial has her); the reserve-only ones never play.
        characters = [e for e in feed["entities"] if e["kind"] == "character"]
        playable = [e["id"] for e in characters if (e.get("data") or {}).get("role") == "main"] or [
            e["id"] for e in characters
        ]
        playable.sort(key=lambda cid: cid != "jill-valentine")
        first = playable[0] if playable else None
        return {
            "start": self._start(first, weapons, enemy_cards),
            "boards": [
                {**b, "zones": sorted(parse_grid(b["map"]).cells, key=_square_order), "keep": {}} for b in BOARDS
            ],
            "groups": [
                {
                    "key": "characters",
                    "ids": [{"id": cid, "label": names.get(cid, cid)} for cid in playable],
                    "max": len(playable),
                    "fields": [
                        {"key": "at", **square, "optional": False},
                        {"key": "evade-dice", "type": "number", "min": 1, "max": 10, "optional": False},
                        {"key": "inventory", "type": "number", "min": 1, "max": 20, "optional": False},
                        {
                            "more": True,
                            "key": "health",
                            "type": "choice",
                            "choices": _health_boxes(rules.rules.health_steps),
                        },
                        {"key": "unconscious", "type": "bool"},
                        {"key": "items", "type": "choices", "max": 20, "choices": items},
                    ],
                    "keeps": ("kerosene", "kerosene-max"),
                },
                {
                    "key": "enemies",
                    "ids": [
                        {"id": f"{cid}-{n}", "label": f"{names.get(cid, cid)} {n}"}
                        for cid in enemy_cards
                        for n in range(1, ENEMIES_OF_A_TYPE + 1)
                    ],
                    "max": 12,
                    "fields": [
                        {"key": "at", **square, "optional": False},
                        {
                            "key": "type",
                            "type": "choice",
                            "choices": [{"id": c, "label": names.get(c, c)} for c in enemy_cards],
                        },
                        {"more": True, "key": "wounds", "type": "number", "min": 0, "max": 19},
                    ],
                },
            ],
            "fields": [
                {"key": "player", "type": "piece", "of": "characters"},
                {"key": "actions-used", "type": "number", "min": 0, "max": rules.rules.actions_per_turn},
            ],
            "counts": [{"key": "corpses", "types": None, "max": rules.rules.corpses_per_square_max}],
            "lists": [{"key": "tension-deck", "choices": tension, "max": 10}],
            "dice": {"faces": faces, "odds": False, "max": MOST_DICE, "per": "step"},
            "max-steps": MOST_STEPS,
            "actions": [
                {
                    "do": "attack",
                    "who": "characters",
                    "rule": "attacking",
                    "fields": [
                        {"key": "weapon", "type": "choice", "choices": weapons, "optional": False},
                        {"key": "target", "type": "piece", "of": "enemies", "optional": False},
                        {"key": "rapid-fire", "type": "number", "min": 0, "max": 10},
                        rolls,
                    ],
                    "keeps": ("choose",),
                },
                {
                    "do": "move",
                    "who": "characters",
                    "rule": "action-move",
                    "fields": [{"key": "to", "type": "zones", "max": 4, "optional": False}, rolls],
                    "keeps": ("choose",),
                },
                {
                    "do": "reaction-phase",
                    "who": None,
                    "rule": "reaction-phase",
                    "fields": [rolls],
                    "keeps": ("choose",),
                },
                {"do": "tension-phase", "who": None, "rule": "tension-phase", "fields": [rolls], "keeps": ("choose",)},
                {
                    "do": "use",
                    "who": "characters",
                    "rule": "action-use-item",
                    "fields": [
                        {"key": "item", "type": "choice", "choices": items, "optional": False},
                        {"key": "target", "type": "piece", "of": "characters"},
                        rolls,
                    ],
                    "keeps": ("weapon", "choose"),
                },
                {
                    "do": "search",
                    "who": "characters",
                    "rule": "action-search",
                    "fields": [rolls],
                    "keeps": ("take", "from", "choose"),
                },
                {"do": "end-actions", "who": None, "rule": "action-phase", "fields": []},
                {
                    "do": "typewriter",
                    "who": "characters",
                    "rule": "typewriters",
                    "fields": [rolls],
                    "keeps": ("choose",),
                },
            ],
        }

    @staticmethod
    def _start(first: str | None, weapons: list[dict], enemy_cards: list[str]) -> dict:
        """The situation the page opens on: the first character attacking the first enemy type
        (an empty board when the data has no character)."""
        if first is None:
            return {"board": BOARDS[0]["id"], "actions": []}
        return {
            "board": BOARDS[0]["id"],
            "characters": {
                first: {"at": "a1", "evade-dice": 1, "inventory": 6, "items": [weapons[0]["id"]] if weapons else []}
            },
            "enemies": {f"{enemy_cards[0]}-1": {"type": enemy_cards[0], "at": "a1"}} if enemy_cards else {},
            "actions": [
                {
                    "do": "attack",
                    "who": first,
                    "weapon": weapons[0]["id"] if weapons else None,
                    "target": f"{enemy_cards[0]}-1",
                    "dice": [["success-2"]],
                }
            ],
        }

    def zones(self, board: Mapping[str, Any]) -> list[str]:
        return sorted(parse_grid(board["map"]).cells, key=_square_order)

    def cross_check(self, situation: dict, rules: Model, form: Mapping[str, Any]) -> list[Problem]:
        """A square holds its models within the limit; a character carries no more than its inventory."""
        problems = []
        limit = rules.rules.square_limit
        weights = rules.rules.size_weights
        weight: Counter[str] = Counter()
        for cid, spec in (situation.get("characters") or {}).items():
            weight[spec.get("at")] += 1
            items = spec.get("items") or []
            if len(items) > spec.get("inventory", 0):
                problems.append(
                    Problem(
                        ("characters", cid, "items"),
                        "inventory-full",
                        {"count": len(items), "max": spec.get("inventory", 0)},
                    )
                )
        for eid, spec in (situation.get("enemies") or {}).items():
            kind = spec.get("type") or _enemy_type(eid)
            size = (rules.cards.get(kind) or {}).get("size", "small")
            weight[spec.get("at")] += weights.get(size, 1)
        for at, n in sorted(weight.items(), key=lambda item: str(item[0])):
            if at is not None and n > limit:
                problems.append(Problem(("characters",), "square-full", {"square": at, "count": n, "max": limit}))
        for eid, spec in (situation.get("enemies") or {}).items():
            if not spec.get("type") and _enemy_type(eid) not in rules.cards:
                problems.append(Problem(("enemies", eid, "type"), "missing"))
        return problems

    def case(self, situation: dict, form: Mapping[str, Any]) -> dict:
        board = self.board(form, situation) or {}
        case: dict[str, Any] = {"id": "situation", **board}
        characters = {}
        for cid, spec in (situation.get("characters") or {}).items():
            characters[cid] = {k: v for k, v in spec.items() if v not in (None, [], False)}
        if characters:
            case["characters"] = characters
        enemies = {
            eid: {
                "type": spec.get("type") or _enemy_type(eid),
                **{k: v for k, v in spec.items() if k != "type" and v not in (None, 0)},
            }
            for eid, spec in (situation.get("enemies") or {}).items()
        }
        if enemies:
            case["enemies"] = enemies
        corpses = {sq: n for sq, n in (situation.get("corpses") or {}).items() if n}
        if corpses:
            case["corpses"] = corpses
        for key in ("player", "actions-used"):  # where the turn stands
            if situation.get(key):
                case["turn"] = {**case.get("turn", {}), key: situation[key]}
        if situation.get("tension-deck"):
            case["decks"] = {**case.get("decks", {}), "tension": list(situation["tension-deck"])}
        case["actions"] = [
            {k: v for k, v in step.items() if v not in (None, [], "")} for step in situation.get("actions") or []
        ]
        return case

    def from_case(self, case: Mapping[str, Any], form: Mapping[str, Any]) -> dict:
        decks = dict(case.get("decks") or {})
        tension = decks.pop("tension", None)
        turn = dict(case.get("turn") or {})
        used = turn.pop("actions-used", None)
        player = turn.pop("player", None)
        shaped = {k: v for k, v in case.items() if k not in ("decks", "turn")}
        if decks:
            shaped["decks"] = decks
        if turn:
            shaped["turn"] = turn
        situation = super().from_case(shaped, form)
        if tension:
            situation["tension-deck"] = list(tension)
        if used:
            situation["actions-used"] = used
        if player:
            situation["player"] = player
        return situation

    def outcome(self, session) -> Hashable:
        return ()

    def tell(
        self, game: Game, rules: Model, case: dict, result: Result, lang: str, labels: Mapping, title: str
    ) -> dict:
        refused = {
            r["step"]: r.get("reason", "other")
            for r in result.trace
            if str(r.get("outcome", "")).startswith("not allowed")
        }
        played = dict(case)
        played["actions"] = [
            {**step, "not-allowed": refused[n]} if n in refused else step
            for n, step in enumerate(case.get("actions") or [], start=1)
        ]
        example = worked_examples._Example("situation", played)
        example.title = Localized(cast(dict, {lang: title}))  # type: ignore[attr-defined]
        example.setup = Localized(cast(dict, {lang: ""}))  # type: ignore[attr-defined]
        example.show = None  # type: ignore[attr-defined]
        rule = next(e for e in game.entities.values() if e.kind == "rule")
        view = worked_examples.example_view(game, rules, example, rule, lang, lambda text: text, labels)
        narrator = Narrator(lang, names_for(game, lang), {})
        said = words()
        steps = []
        for record, step, shown in zip(result.trace, played["actions"], view.steps):
            number = record["step"]
            events = [
                {"event": e["event"], **({"reason": e["reason"]} if "reason" in e else {})} for e in record["events"]
            ]
            told: dict[str, Any] = {"label": shown.label, "events": events, "sentences": list(shown.narration)}
            if number in refused:
                reason = refused[number]
                entry = said["refusals"].get(reason) or said["refusals"]["other"]
                told["refused"] = reason
                told["sentences"] = [s for s in shown.narration if s] or [narrator.refusal(reason, step)]
                own = Template(entry[lang]).safe_substitute(
                    who=narrator.name(step.get("who", "")) if step.get("who") else ""
                )
                told["sentences"].append(own)
                told["rules"] = _rule_ids(game, entry["rule"])
            else:
                told["rules"] = _rule_ids(game, *[said["event-rules"].get(e["event"], []) for e in events])
            told["figures"] = [{"caption": f.caption, "svg": f.svg} for f in (shown.before, shown.after) if f]
            steps.append(told)
        initial = {"caption": view.initial.caption, "svg": view.initial.svg} if view.initial else None
        return {"initial": initial, "steps": steps}

    def words(self) -> dict:
        return words()


@lru_cache(maxsize=1)
def words() -> dict:
    return localized_tree(yaml.load(WORDS.read_text(encoding="utf-8"), Loader=SAFE_LOADER))


def _named(feed: Mapping[str, Any]) -> Any:
    """The feed's enemies and items as names_for reads a loaded game."""

    class Entry:
        def __init__(self, entry):
            self.kind, self.fields = entry["kind"], entry.get("data") or {}
            self.name = entry.get("names") or {}

    class Named:
        entities = {e["id"]: Entry(e) for e in feed["entities"]}

    return Named()


def _health_boxes(steps: int) -> list[dict]:
    """The health track's boxes, 1 (Fine) to the last (Danger), as a case may name them."""
    return [
        {"id": "fine", "label": "Fine"},
        *({"id": n, "label": str(n)} for n in range(1, steps + 1)),
        {"id": "danger", "label": "Danger"},
    ]


def _enemy_type(enemy_id: str) -> str:
    """An enemy of the page is named <enemy card>-<number>."""
    return enemy_id.rsplit("-", 1)[0]


def _square_order(square: str) -> tuple:
    """a1, b1, c1, a2, ...: row by row, as the map reads."""
    letters = square.rstrip("0123456789")
    return (int(square[len(letters) :] or 0), letters)


def _rule_ids(game: Game, *candidates: list[str]) -> list[str]:
    found: dict[str, None] = {}
    for ids in candidates:
        for rid in ids:
            entity = game.entities.get(rid)
            if entity is not None and entity.kind == "rule":
                found[rid] = None
                break
    return list(found)


SITUATIONS = ResidentEvilSituations()
