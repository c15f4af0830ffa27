"""One Resident Evil case as its checks see it: the map read (or why it cannot be), the table of
cards (the check cards and the case's own `cards:`), its characters and enemies; and IDS, where
each kind of id a case names comes from: squares, tiles and doors of the map, the case's
characters and enemies, and (with the model) the cards of the table, decks, die faces, modes.
Each unknown id gets a did-you-mean (generator/scenarios/names.py).
"""

from __future__ import annotations

from typing import Any

from generator.core.grid import Grid, GridError, parse_grid
from generator.load.references import with_article
from generator.load.yamlpos import Node
from generator.scenarios.case import CaseView, listed, mapping
from generator.scenarios.names import IdSource
from generator.scenarios.report import Report

from .cards import ITEM_KINDS
from .data import Model
from .dice import ENCOUNTER_DIE
from .rules import Rules

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
# What the box's boards allow: the source lists no contents, so this is a cap above any scenario
# the rulebook describes, said in the message with its reason.
MAX_SQUARES = 400  # a scenario lays a handful of map tiles of a few dozen squares each
SQUARES_WHY = "a scenario lays a handful of the box's map tiles"


class ResidentEvilCase(CaseView[Rules]):
    """A case with its map read (None when it cannot be) and its table of cards."""

    def __init__(self, case: dict, node: Node, report: Report, model: Model | None):
        super().__init__(case, node, report, model.rules if model is not None else None)
        self.model = model
        self.board = self._board()
        self.own_cards = {cid: body for cid, body in mapping(case.get("cards")).items() if body}  # `cards:`
        self.cards: dict[str, Any] = {**model.cards, **self.own_cards} if model is not None else {}
        self._of_kinds: dict[tuple[str, ...], list[str]] = {}  # cards_of(), asked for by many keys
        self.characters = list(mapping(case.get("characters")))
        reserve = mapping(mapping(case.get("campaign")).get("reserve"))
        self.people = [*self.characters, *(rid for rid in reserve if rid not in self.characters)]

    def _board(self) -> Grid | None:
        text = self.case.get("map")
        if not isinstance(text, str):
            return None  # a missing map is reported with the case's keys
        lines = len(text.splitlines())
        if lines > MAP_LINES:
            self.refuse(
                ("map",),
                f"the map has {lines} lines; a map has at most {MAP_LINES} (rows of squares and the edges between them)",
            )
            return None
        try:
            board = parse_grid(text)
        except GridError as error:
            self.refuse(("map",), f"the map cannot be read: {error}")
            return None
        if len(board.cells) > MAX_SQUARES:
            self.refuse(
                ("map",), f"the map has {len(board.cells)} squares; a map has at most {MAX_SQUARES} ({SQUARES_WHY})"
            )
            return None
        doors = self.case.get("doors")
        if isinstance(doors, dict) and all(isinstance(spec, dict) or spec is None for spec in doors.values()):
            try:
                parse_grid(text, doors)
            except GridError as error:
                self.refuse(("doors",), f"{error}")
        return board

    # --- what exists ----------------------------------------------------------------------------
    def kind(self, card: Any) -> str | None:
        body = self.cards.get(card)
        return body.get("kind") if isinstance(body, dict) else None

    def cards_of(self, kinds: tuple[str, ...]) -> list[str] | None:
        if self.model is None:
            return None  # the table is not known: no card is judged
        if kinds not in self._of_kinds:
            self._of_kinds[kinds] = [cid for cid in self.cards if not kinds or self.kind(cid) in kinds]
        return self._of_kinds[kinds]

    def wrong_kind(self, card: str, what: str) -> str | None:
        if card not in self.cards:
            return None
        return f"'{card}' is {with_article(str(self.kind(card)))} card, not {what}; name {what}"

    def enemies(self) -> list[str]:
        ids = list(mapping(self.case.get("enemies")))
        for card in mapping(self.case.get("exploration")).values():
            ids += list(mapping(mapping(card).get("enemies")))
        return ids

    def spawned(self, value: str) -> bool:
        """An id the engine gives an enemy that appears during the case: <type>-<number>."""
        kind, _, number = str(value).rpartition("-")
        return number.isdigit() and (self.model is None or self.kind(kind) == "enemy")

    def faces(self) -> list[str] | None:
        if self.rules is None:
            return None
        return [*self.rules.attack_die.faces, *ENCOUNTER_DIE.faces]

    def known(self, ids: list[str]) -> list[str] | None:
        """The characters (or a part of them) when `characters` fits (else reported: who they are is
        not known, and no id of theirs is judged)."""
        return ids if isinstance(self.case.get("characters"), dict) else None


def cards_of_kind(kinds: tuple[str, ...], what: str) -> IdSource[ResidentEvilCase]:
    return IdSource(
        "card",
        lambda case: case.cards_of(kinds),
        "give its profile under cards (here or in scenarios/cards/)",
        wrong=lambda case, card: case.wrong_kind(card, what),
    )


def _board_ids(kind: str, ids, hint) -> IdSource[ResidentEvilCase]:
    return IdSource(kind, lambda case: ids(case.board) if case.board is not None else None, hint)


IDS: dict[str, IdSource[ResidentEvilCase]] = {
    "square": _board_ids(
        "square",
        lambda board: board.cells,
        lambda case: f"name a square of the map ({', '.join(case.board.spaces()[:4])}, ...)",
    ),
    "tile": _board_ids(
        "tile",
        lambda board: sorted(set(board.tiles.values())),
        lambda case: f"the map's tiles are {', '.join(sorted(set(case.board.tiles.values())))}",
    ),
    "door": _board_ids(
        "door",
        lambda board: board.doors,
        lambda case: f"the map's doors are {', '.join(sorted(case.board.doors)) or 'none'}",
    ),
    "character": IdSource("character", lambda case: case.known(case.people), "name a character of the case"),
    "from": IdSource(
        "character",
        lambda case: case.known(case.people),
        f"name a character of the case, or {ITEM_BOX}",
        accept=lambda case, value: value == ITEM_BOX,
    ),
    "party": IdSource(
        "character",
        lambda case: case.known(case.characters),
        "the turn order names the case's characters",
    ),
    "player": IdSource(
        "player",
        lambda case: listed(case.case.get("players")) or case.characters,
        "name a character of the turn order",
    ),
    "enemy": IdSource(
        "enemy",
        ResidentEvilCase.enemies,
        "name an enemy of the case, or one that appears (<enemy card>-<number>, such as zombie-1)",
        accept=ResidentEvilCase.spawned,
    ),
    "model": IdSource(
        "enemy",
        lambda case: [*case.people, *case.enemies()],
        "name a character or an enemy of the case",
        accept=ResidentEvilCase.spawned,
    ),
    "card": cards_of_kind((), "a card"),
    "item": cards_of_kind(ITEM_KINDS, "an item card"),
    "enemy-card": cards_of_kind(("enemy",), "an enemy card"),
    "deck": IdSource(
        "deck",
        lambda case: [*DECK_KINDS, f"{BEHAVIOUR}<boss>"],
        f"the decks are {', '.join(DECK_KINDS)} and {BEHAVIOUR}<boss card>",
        accept=lambda case, deck: deck.startswith(BEHAVIOUR),
    ),
    "item-deck": IdSource("item deck", lambda case: ITEM_DECKS, "an item token names item-a, item-b or item-c"),
    "face": IdSource("die face", ResidentEvilCase.faces, lambda case: f"the faces are {', '.join(case.faces() or [])}"),
    "puzzle": IdSource(
        "puzzle", lambda case: list(mapping(case.case.get("puzzles"))), "name a puzzle of the case (puzzles)"
    ),
    "mode": IdSource(
        "mode",
        lambda case: case.rules.mode_names if case.rules is not None else None,
        lambda case: f"the modes are {', '.join(case.rules.mode_names if case.rules else ())}",
    ),
}
