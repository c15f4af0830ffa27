"""The state of a scenario in play: characters, enemies, tokens, decks, whose turn and which phase.

Plain mutable dataclasses. An action checks everything before it changes anything, so a refused
action (`NotAllowed`) leaves the state as it was. Every event carries the active player and the
phase, and the reason for what happened, so that a narration never re-decides a rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from generator.core.events import NotAllowed
from generator.core.grid import Grid
from generator.core.phases import PhaseSequence

PHASES = ("action", "reaction", "tension")
__all__ = ["TURN", "Campaign", "Character", "Enemy", "Held", "MapCard", "NotAllowed", "Puzzle", "Reserve", "State"]


TURN = PhaseSequence(PHASES)  # one player's turn: Action, Reaction, Tension


@dataclass(eq=False)
class Held:
    """One inventory slot: a card, its ammunition dial, and herbs combined into it."""

    card: str
    dial: int | None = None
    stack: list[str] = field(default_factory=list)  # further herb cards combined with this one
    overlay: str | None = None  # a special ammunition card laid over a weapon

    def cards(self) -> list[str]:
        return [self.card, *self.stack]

    def every_card(self) -> list[str]:
        """The slot's cards and the special ammunition laid over its weapon (what leaves with it)."""
        return [*self.cards(), *([self.overlay] if self.overlay else [])]


@dataclass
class Character:
    id: str
    square: str
    evade_dice: int
    inventory_limit: int
    damage: int = 0  # steps moved right from Fine
    unconscious: bool = False
    dead: bool = False
    left: bool = False  # left the play area (tutorial exit)
    knocked_by_boss: bool = False  # a boss's attack: no revival does not fail the scenario
    items: list[Held] = field(default_factory=list)
    kerosene: int = 0
    kerosene_max: int = 0  # the profile card's limit

    @property
    def in_play(self) -> bool:
        return not (self.dead or self.left)

    @property
    def active(self) -> bool:
        """Standing and on the board: enemies see, attack and walk towards only these."""
        return self.in_play and not self.unconscious

    def held(self, card: str) -> Held | None:
        return next((h for h in self.items if h.card == card), None)


@dataclass
class Enemy:
    id: str
    type: str
    square: str
    wounds: int = 0


@dataclass
class MapCard:
    """A scenario card of the mansion map laid locked side up: it turns over once the players hold
    the cards that unlock it (the Music Notes for 1F West B)."""

    id: str
    unlocks_with: list[str]
    locked: bool = True


@dataclass
class Campaign:
    scenario: str | None = None  # the scenario being played (its card on the mansion map)
    replay: bool = False  # played again after a completion without all its Item C tokens
    completion_tokens: list[str] = field(default_factory=list)  # scenarios finished for the campaign
    map_cards: dict[str, MapCard] = field(default_factory=dict)  # locked scenario cards of the map
    danger: int = 0
    danger_last: int | None = None  # the track's last space, when the case needs it
    danger_levels: dict[int, int] = field(default_factory=dict)  # level -> first track space of it
    item_box: list[Held] = field(default_factory=list)
    crimson_heads_added: int = 0
    lost: bool = False
    reserve: dict[str, Reserve] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)  # cards removed from the game for the campaign


@dataclass
class Reserve:
    """A character waiting in the reserve: its profile values and its wound tokens."""

    id: str
    evade_dice: int
    inventory_limit: int
    kerosene_max: int = 0
    wounds: int = 0
    reserve_only: bool = False  # Richard, Brad and Wesker never play a scenario


@dataclass
class Puzzle:
    """A puzzle of the scenario: it keeps its doors shut until its marker reaches the end of the
    puzzle track (how the marker moves is the scenario's own rule)."""

    id: str
    blocks: list[str]  # door ids
    track: int  # spaces of the puzzle track to the solution
    marker: int = 0

    @property
    def solved(self) -> bool:
        return self.marker >= self.track


@dataclass
class State:
    board: Grid
    characters: dict[str, Character]
    players: list[str]  # turn order
    enemies: dict[str, Enemy] = field(default_factory=dict)
    item_tokens: dict[str, list[str]] = field(default_factory=dict)  # square -> decks (item-a, item-b)
    corpses: Counter = field(default_factory=Counter)  # square -> corpse tokens
    kerosene: Counter = field(default_factory=Counter)  # square -> kerosene tokens
    unexplored: dict[str, int] = field(default_factory=dict)  # tile -> icons on its unexplored token
    off_board: set[str] = field(default_factory=set)  # tiles not laid yet (behind exploration doors)
    elevator: str | None = None  # the square the elevator tile stands on
    shafts: list[str] = field(default_factory=list)  # the other squares it may move to (no model enters)
    narrative_tokens: list[str] = field(default_factory=list)  # squares holding a narrative-event token
    exploration: dict[str, dict[str, Any]] = field(default_factory=dict)  # door id -> its card's contents
    typewriters: list[str] = field(default_factory=list)
    item_boxes: list[str] = field(default_factory=list)
    exits: list[str] = field(default_factory=list)
    stairs: dict[str, str] = field(default_factory=dict)  # square -> paired square
    spawn_squares: dict[str, list[str]] = field(default_factory=dict)  # tile -> spawn squares
    decks: dict[str, list[str]] = field(default_factory=dict)  # deck id -> cards, top first
    discards: dict[str, list[str]] = field(default_factory=dict)  # deck id -> cards, top first
    supply: dict[str, int] = field(default_factory=dict)  # enemy models left in the box
    lasting: list[dict[str, Any]] = field(default_factory=list)  # {card, player, turns_left}
    tokens: list[dict[str, Any]] = field(default_factory=list)  # lasting-effect tokens: {card, place, beside}
    set_aside: list[str] = field(default_factory=list)  # cards used or discarded that no deck's discard pile takes
    found_item_b: list[str] = field(default_factory=list)  # Item B cards found in this scenario
    puzzles: dict[str, Puzzle] = field(default_factory=dict)
    start_squares: list[str] = field(default_factory=list)  # S1, S2, ... of the scenario
    ink_ribbons: int = 0
    tutorial: bool = False
    mode: str = "normal"
    campaign: Campaign = field(default_factory=Campaign)
    turn: int = 0  # index into players
    phase: str = "action"
    actions_used: int = 0
    result: str = "ongoing"  # ongoing, completed, failed
    events: list[dict[str, Any]] = field(default_factory=list)
    next_enemy: int = 1
    seed: int = 0

    @property
    def player(self) -> str:
        return self.players[self.turn]

    def emit(self, event: str, **data: Any) -> None:
        self.events.append({"event": event, "player": self.player, "phase": self.phase, **data})

    def in_play(self, square: str) -> bool:
        return self.board.tiles[square] not in self.off_board and square not in self.shafts

    def enemies_at(self, square: str) -> list[Enemy]:
        return [e for e in self.enemies.values() if e.square == square]

    def characters_at(self, square: str) -> list[Character]:
        return [c for c in self.characters.values() if c.square == square and c.in_play]
