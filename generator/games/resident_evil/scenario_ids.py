"""What a Resident Evil case names exists, and what the rules bound across keys holds.

Called by the shared reader (generator/scenarios/reading.py) with the case as its shapes read it
(a value that does not fit its shape is None, and already reported) and the game's Model, or
None when the caller has no rules (then only what the case itself defines is checked: squares of
its map, its characters, enemies and doors). Each unknown id gets a did-you-mean; each message
says what to write instead.

With the model: cards of the table (the check cards and the case's own `cards:`), decks, die
faces, modes, event kinds; a square's room (its models and tokens weigh no more than the rules
allow), an inventory's size, a weapon's dial within its capacity, an enemy's wounds below its hit
points, the actions already used within a turn's. The other bounds across keys (the danger track,
the item box, the party, the box's models and squares) are case_bounds.py's.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any, Callable, Collection

from generator.core.grid import Grid, GridError, parse_grid
from generator.load.references import with_article
from generator.load.yamlpos import Node
from generator.scenarios.reading import Report, child, known, place

from . import card_format, case_bounds
from .cards import ITEM_KINDS
from .dice import ATTACK_DICE, faces_of
from .engine import CHARACTER_SIZE, TOKEN_SIZES
from .scenario_format import REQUIRED

ITEM_DECKS = ("item-a", "item-b", "item-c")
DECK_KINDS = {
    "tension": ("tension",),
    "encounter": ("encounter",),
    "narrative": ("narrative",),
    **{deck: ITEM_KINDS for deck in ITEM_DECKS},
}
BEHAVIOUR = "behaviour-"  # a boss's behaviour deck: behaviour-<its enemy card>
ITEM_BOX = "item-box"  # a search's `from:` besides a character
MAP_LINES = 99  # about 50 rows of squares, far above a real play area, far below a slow check


@lru_cache(maxsize=1)
def event_kinds() -> tuple[str, ...]:
    """Every event the engine emits (each has a narration template)."""
    from .narration import templates

    return tuple(sorted({kind.partition(".")[0] for kind in templates()["events"]}))


def check_ids(case: dict, node: Node, report: Report, model: Any) -> None:
    CaseIds(case, node, report, model).check()


def _map(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


class CaseIds:
    """One case's checks of ids and of what the rules bound across its keys (with case_bounds.py)."""

    def __init__(self, case: dict, node: Node, report: Report, model: Any):
        self.case, self.node, self.report, self.model = case, node, report, model
        self.rules = getattr(model, "rules", None)
        self.board: Grid | None = None
        self.cards: dict[str, Any] = {}  # the table: the check cards, then the case's own
        self.characters = list(_map(case.get("characters")))
        reserve = _map(_map(case.get("campaign")).get("reserve"))
        self.people = [*self.characters, *(rid for rid in reserve if rid not in self.characters)]

    # --- the whole case ---------------------------------------------------------------------
    def check(self) -> None:
        self.board = self._board()
        if self.model is not None:
            self.cards = {
                **getattr(self.model, "cards", {}),
                **{cid: body for cid, body in _map(self.case.get("cards")).items() if body},
            }
            self._case_cards()
        if "characters" not in self.node.value:
            self.report.error(
                self.node.where,
                "missing 'characters': the characters of the case, each with at, evade-dice and inventory",
            )
        self._characters()
        self._enemies()
        self._tokens()
        self._turn()
        self._piles()
        self._campaign()
        self._exploration()
        self._room()
        case_bounds.check(self)
        for number, step in enumerate(_list(self.case.get("actions")), start=1):
            if isinstance(step, dict):
                self._step(step, number)
        self._expectations(self.case, ("expect", "expect-any"), (), self.report)

    def _board(self) -> Grid | None:
        text = self.case.get("map")
        if not isinstance(text, str):
            if "map" not in self.node.value:
                self.report.error(self.node.where, "missing 'map': draw the squares (see the README of scenarios/)")
            return None
        lines = len(text.splitlines())
        if lines > MAP_LINES:
            self.report.at("map").error(
                place(self.node, "map"),
                f"the map has {lines} lines; a map has at most "
                f"{MAP_LINES} (rows of squares and the edges between them)",
            )
            return None
        try:
            board = parse_grid(text)
        except GridError as error:
            self.report.at("map").error(place(self.node, "map"), f"the map cannot be read: {error}")
            return None
        too_many = case_bounds.too_many_squares(len(board.cells))
        if too_many:
            self.report.at("map").error(place(self.node, "map"), too_many)
            return None
        doors = self.case.get("doors")
        if isinstance(doors, dict) and all(isinstance(spec, dict) or spec is None for spec in doors.values()):
            try:
                parse_grid(text, doors)
            except GridError as error:
                self.report.at("doors").error(place(self.node, "doors"), f"{error}")
        return board

    # --- names ------------------------------------------------------------------------------
    def _at(self, path: tuple) -> Report:
        inner = self.report
        for crumb in path:
            inner = inner.at(str(crumb))
        return inner

    def _crumbs(self, path: tuple) -> tuple:
        """The breadcrumb of a path into the case: a step is 'step 2', not 'actions › 1'."""
        if len(path) >= 2 and path[0] == "actions" and isinstance(path[1], int):
            return (f"step {path[1] + 1}", *path[2:])
        return path

    def _known(
        self,
        path: tuple,
        value: Any,
        what: str,
        choices: Collection[str],
        hint: str | Callable[[], str],
        key: bool = False,
    ) -> bool:
        if value is None or value in choices:
            return True  # None: reported by the shapes
        where = self._key_place(path) if key else place(self.node, *path)
        return known(
            self._report_at(path), where, what, value, list(choices), hint if isinstance(hint, str) else hint()
        )

    def _report_at(self, path: tuple) -> Report:
        return self._at(tuple(f"item {p + 1}" if isinstance(p, int) else str(p) for p in self._crumbs(path)))

    def _key_place(self, path: tuple):
        found = child(self.node, *path)
        return (found.key_where or found.where) if found is not None else place(self.node, *path)

    def refuse(self, path: tuple, message: str) -> None:
        """Report a value that breaks a rule, at the value (a path into the case)."""
        self._report_at(path).error(place(self.node, *path), message)

    def refuse_key(self, path: tuple, message: str) -> None:
        """Report a mapping's key (an id the case gives), at the key."""
        self._report_at(path).error(self._key_place(path), message)

    def wounds_below_hit_points(self, path: tuple, spec: dict) -> None:
        """An enemy's wounds stay below its card's hit points: one more wound defeats it."""
        kind, wounds = spec.get("type"), spec.get("wounds")
        hp = _map(self.cards.get(str(kind))).get("hp")
        if isinstance(wounds, int) and isinstance(hp, int) and wounds >= hp:
            self.refuse(
                path, f"a {kind} has {hp} hit points: {wounds} wounds would have defeated it; write 0 to {hp - 1}"
            )

    def square(self, path: tuple, value: Any, key: bool = False) -> None:
        board = self.board
        if board is not None:
            self._known(
                path,
                value,
                "square",
                board.cells,
                lambda: f"name a square of the map ({', '.join(board.spaces()[:4])}, ...)",
                key,
            )

    def squares(self, path: tuple, values: Any) -> None:
        if isinstance(values, list):
            for index, value in enumerate(values):
                self.square((*path, index), value)
        else:
            self.square(path, values)

    def tile(self, path: tuple, value: Any, key: bool = False) -> None:
        if self.board is not None and value is not None:
            tiles = sorted(set(self.board.tiles.values()))
            self._known(path, value, "tile", tiles, f"the map's tiles are {', '.join(tiles)}", key)

    def door(self, path: tuple, value: Any, key: bool = False) -> None:
        if self.board is not None and value is not None:
            doors = sorted(self.board.doors)
            self._known(path, value, "door", doors, f"the map's doors are {', '.join(doors) or 'none'}", key)

    def person(self, path: tuple, value: Any, key: bool = False, hint: str = "name a character of the case") -> None:
        if isinstance(self.case.get("characters"), dict):  # else reported: who they are is not known
            self._known(path, value, "character", self.people, hint, key)

    def enemy(self, path: tuple, value: Any, key: bool = False) -> None:
        if value is None or value in self._enemy_ids() or self._spawned(value):
            return
        self._known(
            path,
            value,
            "enemy",
            self._enemy_ids(),
            "name an enemy of the case, or one that appears (<enemy card>-<number>, such as zombie-1)",
            key,
        )

    def _enemy_ids(self) -> list[str]:
        ids = list(_map(self.case.get("enemies")))
        for card in _map(self.case.get("exploration")).values():
            ids += list(_map(_map(card).get("enemies")))
        return ids

    def _spawned(self, value: str) -> bool:
        """An id the engine gives an enemy that appears during the case: <type>-<number>."""
        kind, _, number = str(value).rpartition("-")
        return number.isdigit() and (self.model is None or self._kind(kind) == "enemy")

    def _kind(self, card: Any) -> str | None:
        body = self.cards.get(card)
        return body.get("kind") if isinstance(body, dict) else None

    def card(self, path: tuple, value: Any, kinds: tuple[str, ...] = (), what: str = "card", key: bool = False) -> None:
        """A card of the table (of one of `kinds`, when given); judged only when the model is known."""
        if self.model is None or value is None or (value in self.cards and (not kinds or self._kind(value) in kinds)):
            return
        if value in self.cards:
            self._report_at(path).error(
                self._key_place(path) if key else place(self.node, *path),
                f"'{value}' is {with_article(str(self._kind(value)))} card, not {what}; name {what}",
            )
            return
        choices = [cid for cid in self.cards if not kinds or self._kind(cid) in kinds]
        self._known(path, value, "card", choices, "give its profile under cards (here or in scenarios/cards/)", key)

    def cards_in(self, path: tuple, values: Any, kinds: tuple[str, ...] = (), what: str = "card") -> None:
        if isinstance(values, list):
            for index, value in enumerate(values):
                self.card((*path, index), value, kinds, what)
        else:
            self.card(path, values, kinds, what)

    # --- the case's keys --------------------------------------------------------------------
    def _case_cards(self) -> None:
        own = {cid: body for cid, body in _map(self.case.get("cards")).items() if body}
        if own and self.rules is not None:
            card_format.check_card_ids(
                own,
                lambda cid: child(self.node, "cards", cid),
                lambda cid: self.report.at("cards").at(cid),
                faces_of(ATTACK_DICE[0], self.rules.success_results),
                self.cards,
                self.rules.danger_extra_text_levels,
            )

    def _characters(self) -> None:
        for cid, spec in _map(self.case.get("characters")).items():
            spec = _map(spec)
            self.square(("characters", cid, "at"), spec.get("at"))
            items = spec.get("items")
            if not isinstance(items, list):
                continue
            for index, entry in enumerate(items):
                card, dial = _held(entry)
                self.card(("characters", cid, "items", index), card, ITEM_KINDS, "an item card")
                self._dial(("characters", cid, "items", index, card), card, dial)
                self._slot(("characters", cid, "items", index, card), card, entry)
            limit = spec.get("inventory")
            if isinstance(limit, int) and len(items) > limit:
                self.report.at("characters").at(cid).at("items").error(
                    place(self.node, "characters", cid, "items"),
                    f"{cid} holds {len(items)} cards but the inventory is {limit}; remove cards or raise 'inventory'",
                )

    def _dial(self, path: tuple, card: Any, dial: Any) -> None:
        """A dial only on a weapon with an ammunition dial, and within its capacity."""
        if self.model is None or not isinstance(dial, int) or card not in self.cards:
            return
        capacity = self.cards[card].get("capacity") if self._kind(card) == "weapon" else None
        if capacity is None:
            self._report_at(path).error(
                place(self.node, *path),
                f"'{card}' has no ammunition dial (only a weapon with a capacity has one); write the card id alone",
            )
        elif dial > capacity:
            self._report_at(path).error(
                place(self.node, *path),
                f"the {card}'s dial shows {dial}, but its capacity is {capacity}; write 0 to {capacity}",
            )

    def _slot(self, path: tuple, card: Any, entry: Any) -> None:
        """A slot's overlay is a special ammunition card (an ammo card with a profile) for this
        weapon; its stack holds herbs combined with a herb."""
        value = entry.get(card) if isinstance(entry, dict) and len(entry) == 1 else None
        if self.model is None or not isinstance(value, dict) or card not in self.cards:
            return
        overlay = value.get("overlay")
        if overlay is not None:
            self.card((*path, "overlay"), overlay, ("ammo",), "an ammo card")
            body = _map(self.cards.get(overlay))
            if self._kind(overlay) == "ammo" and (not body.get("profile") or body.get("reloads") != card):
                self.refuse(
                    (*path, "overlay"),
                    f"'{overlay}' is not special ammunition for the {card}: an overlay "
                    f"is an ammo card with a profile and 'reloads: {card}'; name one, "
                    f"or remove 'overlay'",
                )
        stack = value.get("stack")
        if isinstance(stack, list) and stack:
            if not self._herb(card):
                self.refuse((*path, "stack"), f"only herbs are combined: '{card}' is not a herb; remove 'stack'")
            for index, herb in enumerate(stack):
                self.card((*path, "stack", index), herb, ("healing",), "a herb card")
                if self._kind(herb) == "healing" and not self._herb(herb):
                    self.refuse(
                        (*path, "stack", index),
                        f"'{herb}' is not a herb (herb: true); only herbs are combined with a herb",
                    )

    def _herb(self, card: Any) -> bool:
        return self._kind(card) == "healing" and bool(_map(self.cards.get(card)).get("herb"))

    def _enemies(self) -> None:
        for eid, spec in _map(self.case.get("enemies")).items():
            spec = _map(spec)
            self.square(("enemies", eid, "at"), spec.get("at"))
            self.card(("enemies", eid, "type"), spec.get("type"), ("enemy",), "an enemy card")
            self.wounds_below_hit_points(("enemies", eid, "wounds"), spec)
        for kind in _map(self.case.get("supply")):
            self.card(("supply", kind), kind, ("enemy",), "an enemy card", key=True)

    def _tokens(self) -> None:
        for key in ("corpses", "kerosene", "item-tokens"):
            for square, value in _map(self.case.get(key)).items():
                self.square((key, square), square, key=True)
                if key == "item-tokens":
                    for index, deck in enumerate(_list(value)):
                        self._known(
                            (key, square, index) if isinstance(value, list) else (key, square),
                            deck,
                            "item deck",
                            list(ITEM_DECKS),
                            "an item token names item-a, item-b or item-c",
                        )
        for key in ("typewriters", "item-boxes", "exits", "narrative-tokens"):
            self.squares((key,), self.case.get(key) or [])
        for index, pair in enumerate(_list(self.case.get("stairs"))):
            self.squares(("stairs", index), pair or [])
        for tile, squares in _map(self.case.get("spawn-squares")).items():
            self.tile(("spawn-squares", tile), tile, key=True)
            self.squares(("spawn-squares", tile), squares or [])
        for tile in _map(self.case.get("unexplored")):
            self.tile(("unexplored", tile), tile, key=True)
        for index, tile in enumerate(_list(self.case.get("off-board"))):
            self.tile(("off-board", index), tile)
        lift = _map(self.case.get("elevator"))
        self.square(("elevator", "at"), lift.get("at"))
        self.squares(("elevator", "shafts"), lift.get("shafts") or [])
        for did, spec in _map(self.case.get("doors")).items():
            self.card(("doors", did, "key"), _map(spec).get("key"), ITEM_KINDS, "an item card")

    def _turn(self) -> None:
        players = self.case.get("players")
        seen: set[str] = set()
        for index, player in enumerate(_list(players)):
            if player in seen:
                self._report_at(("players", index)).error(
                    place(self.node, "players", index),
                    f"'{player}' plays twice; name each character once in the turn order",
                )
            seen.add(player)
            if isinstance(self.case.get("characters"), dict):  # else reported: who they are is not known
                self._known(
                    ("players", index),
                    player,
                    "character",
                    self.characters,
                    "the turn order names the case's characters",
                )
        turn = _map(self.case.get("turn"))
        order = _list(players) or self.characters
        if turn.get("player") is not None:
            self._known(("turn", "player"), turn["player"], "player", order, "name a character of the turn order")
        if self.rules is not None and self.case.get("mode") is not None:
            self._known(
                ("mode",),
                self.case["mode"],
                "mode",
                self.rules.mode_names,
                f"the modes are {', '.join(self.rules.mode_names)}",
            )

    def _piles(self) -> None:
        for key in ("decks", "discards"):
            for deck, cards in _map(self.case.get(key)).items():
                kinds = self._deck((key,), deck)
                if kinds is not None:
                    self.cards_in((key, deck), cards or [], kinds, _what(kinds))
        for stage, cards in _map(self.case.get("item-c")).items():
            self.cards_in(("item-c", stage), cards or [], ITEM_KINDS, "an item card")

    def _deck(self, pile: tuple, deck: str) -> tuple[str, ...] | None:
        """The kinds of card a deck holds (None: not a deck; reported)."""
        if deck in DECK_KINDS:
            return DECK_KINDS[deck]
        if deck.startswith(BEHAVIOUR):
            self.card((*pile, deck), deck[len(BEHAVIOUR) :], ("enemy",), "an enemy card", key=True)
            return ("behaviour",)
        self._known(
            (*pile, deck),
            deck,
            "deck",
            [*DECK_KINDS, f"{BEHAVIOUR}<boss>"],
            f"the decks are {', '.join(DECK_KINDS)} and {BEHAVIOUR}<boss card>",
            key=True,
        )
        return None

    def _campaign(self) -> None:
        camp = _map(self.case.get("campaign"))
        for index, entry in enumerate(_list(camp.get("item-box"))):
            card, dial = _held(entry)
            self.card(("campaign", "item-box", index), card, ITEM_KINDS, "an item card")
            self._dial(("campaign", "item-box", index, card), card, dial)
            self._slot(("campaign", "item-box", index, card), card, entry)

    def _exploration(self) -> None:
        for did, card in _map(self.case.get("exploration")).items():
            self.door(("exploration", did), did, key=True)
            card = _map(card)
            for eid, spec in _map(card.get("enemies")).items():
                self.square(("exploration", did, "enemies", eid, "at"), _map(spec).get("at"))
                self.card(
                    ("exploration", did, "enemies", eid, "type"), _map(spec).get("type"), ("enemy",), "an enemy card"
                )
            for key in ("item-tokens", "corpses"):
                for square in _map(card.get(key)):
                    self.square(("exploration", did, key, square), square, key=True)

    def _room(self) -> None:
        """Each square holds models and tokens up to the rules' weight limit."""
        if self.rules is None or self.board is None:
            return
        weights = self.rules.size_weights
        load: dict[Any, list[tuple[str, tuple]]] = defaultdict(list)  # square -> (size, where it was put)
        for cid, spec in _map(self.case.get("characters")).items():
            load[_map(spec).get("at")].append((CHARACTER_SIZE, ("characters", cid, "at")))
        for eid, spec in _map(self.case.get("enemies")).items():
            size = _map(self.cards.get(str(_map(spec).get("type")))).get("size")
            if isinstance(size, str) and size in weights:
                load[_map(spec).get("at")].append((size, ("enemies", eid, "at")))
        for square, count in _map(self.case.get("corpses")).items():
            load[square] += [(TOKEN_SIZES["corpse"], ("corpses", square))] * (count if isinstance(count, int) else 0)
        for key, token in (("typewriters", "typewriter"), ("item-boxes", "item-box")):
            for index, square in enumerate(_list(self.case.get(key))):
                load[square].append((TOKEN_SIZES[token], (key, index)))
        limit = self.rules.square_limit
        for square, pieces in load.items():
            weight = sum(weights[size] for size, _ in pieces)
            if square is None or weight <= limit:
                continue
            path = pieces[-1][1]
            sizes = ", ".join(f"{n} {size}" for size, n in _count(pieces).items())
            self.report.at(str(path[0])).error(
                place(self.node, *path),
                f"square {square} has no room for what the case puts there ({sizes}: "
                f"weight {weight}); a square holds weight {limit} (a small model or token weighs "
                f"{weights['small']}, a medium {weights['medium']}, a large {weights['large']}); move some elsewhere",
            )

    # --- steps --------------------------------------------------------------------------------
    def _step(self, step: dict, number: int) -> None:
        path = ("actions", number - 1)
        inner = self.report.at(f"step {number}")
        do = str(step.get("do"))
        for key in REQUIRED.get(do, ()):
            if key not in step:
                inner.error(place(self.node, *path), f"missing '{key}' for the '{do}' action")
        if step.get("who") is not None:
            self.person((*path, "who"), step["who"])
        if do in ("move", "elevator", "boss-move"):
            self.squares((*path, "to"), step.get("to"))
        if do in ("open-door", "close-door"):
            self.door((*path, "door"), step.get("door"))
        if do in ("attack", "boss-attack", "boss-move"):
            self.enemy((*path, "target"), step.get("target"))
        if do == "use" and step.get("target") is not None:
            self.person((*path, "target"), step["target"])
        if do == "trade":
            self.person((*path, "with"), step.get("with"))
        if do == "switch":
            self.person((*path, "to"), step.get("to"), hint="name a character of the case or of the reserve")
        if do == "search" and step.get("from") not in (None, ITEM_BOX):
            self.person((*path, "from"), step["from"], hint=f"name a character of the case, or {ITEM_BOX}")
        for key in ("item", "weapon", "give", "take", "items"):
            self.cards_in((*path, key), step.get(key), ITEM_KINDS, "an item card")
        self._dice(path, step.get("dice"))
        self._choices(path, _map(step.get("choose")))
        self._expectations(step, ("expect", "expect-any"), path, inner)

    def _dice(self, path: tuple, rolls: Any) -> None:
        if self.rules is None:
            return
        faces = [*faces_of(ATTACK_DICE[0], self.rules.success_results), *faces_of("encounter", ())]
        for index, roll in enumerate(_list(rolls)):
            for face_index, face in enumerate(_list(roll)):
                self._known(
                    (*path, "dice", index, face_index), face, "die face", faces, f"the faces are {', '.join(faces)}"
                )

    def _choices(self, path: tuple, choose: dict) -> None:
        at = (*path, "choose")
        for model, square in _map(choose.get("push")).items():
            if model not in self.people:
                self.enemy((*at, "push", model), model, key=True)
            self.square((*at, "push", model), square)
        for model, square in _map(choose.get("push-back")).items():
            self.enemy((*at, "push-back", model), model, key=True)
            self.square((*at, "push-back", model), square)
        for key in ("reposition", "charge-to", "corpse-to"):
            self.square((*at, key), choose.get(key))
        for key in ("attacker",):
            self.enemy((*at, key), choose.get(key))
        for index, eid in enumerate(_list(choose.get("order"))):
            self.enemy((*at, "order", index), eid)
        for key in ("target", "toward"):
            self.person((*at, key), choose.get(key))
        self.cards_in((*at, "reshuffle"), choose.get("reshuffle") or [])

    # --- expectations -------------------------------------------------------------------------
    def _expectations(self, owner: dict, keys: tuple[str, ...], path: tuple, report: Report) -> None:
        for key in keys:
            value = owner.get(key)
            alternatives = value if key == "expect-any" and isinstance(value, list) else [value]
            for index, expect in enumerate(alternatives):
                if isinstance(expect, dict):
                    where = (*path, key, index) if key == "expect-any" else (*path, key)
                    self._expect(expect, where)

    def _expect(self, expect: dict, at: tuple) -> None:
        for cid, fields in _map(expect.get("characters")).items():
            self.person((*at, "characters", cid), cid, key=True)
            fields = _map(fields)
            self.square((*at, "characters", cid, "at"), fields.get("at"))
            self.cards_in((*at, "characters", cid, "items"), fields.get("items") or [])
            for key in ("dial", "stack"):
                for card in _map(fields.get(key)):
                    self.card((*at, "characters", cid, key, card), card, key=True)
        for eid, fields in _map(expect.get("enemies")).items():
            self.enemy((*at, "enemies", eid), eid, key=True)
            self.square((*at, "enemies", eid, "at"), _map(fields).get("at"))
            self.card((*at, "enemies", eid, "type"), _map(fields).get("type"), ("enemy",), "an enemy card")
        for kind in _map(expect.get("enemy-count")):
            self.card((*at, "enemy-count", kind), kind, ("enemy",), "an enemy card", key=True)
        for key in ("corpses", "kerosene", "item-tokens", "line-of-sight", "moves-from"):
            for square, value in _map(expect.get(key)).items():
                self.square((*at, key, square), square, key=True)
                if key == "line-of-sight":
                    for target in _map(value):
                        self.square((*at, key, square, target), target, key=True)
                if key == "moves-from":
                    self.squares((*at, key, square), value or [])
        for key in ("typewriters", "narrative-tokens"):
            self.squares((*at, key), expect.get(key) or [])
        self.square((*at, "elevator"), expect.get("elevator"))
        for did in _map(expect.get("doors")):
            self.door((*at, "doors", did), did, key=True)
        for key in ("linked-tiles", "unexplored"):
            for tile, value in _map(expect.get(key)).items():
                self.tile((*at, key, tile), tile, key=True)
                for index, other in enumerate(_list(value) if key == "linked-tiles" else []):
                    self.tile((*at, key, tile, index), other)
        for index, tile in enumerate(_list(expect.get("off-board"))):
            self.tile((*at, "off-board", index), tile)
        if expect.get("player") is not None:
            self.person((*at, "player"), expect["player"])
        for key in ("decks", "discards"):
            for deck, cards in _map(expect.get(key)).items():
                kinds = self._deck((*at, key), deck)
                if kinds is not None and isinstance(cards, list):
                    self.cards_in((*at, key, deck), cards, kinds, _what(kinds))
        for key in ("item-box", "lasting", "removed"):
            self.cards_in((*at, key), expect.get(key) or [])
        for rid in _map(expect.get("reserve")):
            self.person((*at, "reserve", rid), rid, key=True)
        for key in ("events-include", "events-exclude"):
            value = expect.get(key)
            for index, kind in enumerate(_list(value)):
                self._event((*at, key, index) if isinstance(value, list) else (*at, key), kind)
        for index, event in enumerate(_list(expect.get("events"))):
            self._event((*at, "events", index, "event"), _map(event).get("event"))

    def _event(self, path: tuple, kind: Any) -> None:
        if self.model is not None:
            self._known(
                path,
                kind,
                "event kind",
                list(event_kinds()),
                "name an event the engine emits (generator/games/resident_evil/narration.yaml lists them)",
            )


def _held(entry: Any) -> tuple[Any, Any]:
    """An inventory slot's card and dial (None when it has none)."""
    if isinstance(entry, dict) and len(entry) == 1:
        ((card, value),) = entry.items()
        return card, value.get("dial") if isinstance(value, dict) else value
    return entry, None


def _what(kinds: tuple[str, ...]) -> str:
    return "an item card" if kinds == ITEM_KINDS else f"{with_article(kinds[0])} card"


def _count(pieces: list[tuple[str, tuple]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for size, _ in pieces:
        counts[size] = counts.get(size, 0) + 1
    return counts
