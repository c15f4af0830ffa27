"""What the rules and the box bound across a case's keys, beyond each value's own range.

Called by scenario_checks.py once the ids of a case are known (`ids` is its view: the case as the
shapes read it, the map, the table of cards and the Rules, or None when the caller has no rules).
Each message says what is wrong and what to write instead, at the value that breaks the bound:

    the play          a character's tokens, the turn order, the party's size, enemies' wounds
    the board         stairwell pairs, spawn squares on their tile and where a card spawns,
                      models and tokens on tiles in play and within a square's room, what an
                      exploration card lays and where (one walk over the pieces serves the three),
                      the elevator
    the campaign      the danger track, the item box, who the reserve holds and their wounds
    the box           enemy models, squares of the map (the shared reader bounds a case's steps)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from generator.scenarios.case import CasePath, listed, mapping

from .campaign import HANDGUN
from .engine import CHARACTER_SIZE, TOKEN_SIZES
from .rules import Rules
from .scenario_case import ResidentEvilCase as CaseIds

# What the box's boards and models allow: the source lists no contents, so these are caps above
# any scenario the rulebook describes, each said in the message with its reason.
MAX_ENEMY_MODELS = 50  # on the board, on exploration cards and in the supply together
MODELS_WHY = "more than the box holds"


def check(ids: CaseIds) -> None:
    _kerosene(ids)
    on_board = pieces(ids)
    for piece in on_board:
        _on_the_board(ids, piece)
    _the_dead(ids)
    _turn_order(ids)
    _start_squares(ids)
    _puzzles(ids)
    _completed_scenario(ids)
    _stairs(ids)
    _spawn_squares(ids)
    _enemies(ids)
    _exploration_lays(ids)
    _elevator(ids)
    _danger_track(ids)
    _enemy_models(ids)
    rules = ids.rules
    if rules is not None:
        _party(ids, rules)
        _item_box(ids, rules)
        _reserve(ids, rules)
        _handgun(ids, rules)
        _spawns_have_squares(ids)
        if ids.board is not None:
            _room(ids, rules, on_board)


# --- the play -----------------------------------------------------------------------------------
def _kerosene(ids: CaseIds) -> None:
    for cid, spec in mapping(ids.case.get("characters")).items():
        spec = mapping(spec)
        carried, most = spec.get("kerosene"), spec.get("kerosene-max")
        if carried is not None and carried > (most or 0):
            ids.refuse(
                ("characters", cid, "kerosene"),
                f"{cid} carries {carried} kerosene tokens, but kerosene-max (the profile card's limit) is "
                f"{most or 0}; write at most {most or 0}, or raise kerosene-max",
            )


@dataclass(frozen=True)
class Piece:
    """A model or token the case puts on a square, with where it says so."""

    path: CasePath
    who: str  # as a message names it
    square: Any
    sizes: tuple[str, ...] = ()  # the room it takes, as the engine's sizes_at counts it (none: no room)

    def refuse(self, ids: CaseIds, message: str) -> None:
        """At the square, or at the key when the square is a mapping's key (the path ends with it)."""
        ids.refuse_key(self.path, message) if self.path[-1] == self.square else ids.refuse(self.path, message)


# Tokens by case key: how a message names them, and the engine's token each weighs as (None: it
# takes no room). Corpses first, then the room-taking tokens: a square's room is reported at the
# last piece put there.
TOKENS = {
    "corpses": ("the corpses", "corpse"),
    "typewriters": ("the typewriter", "typewriter"),
    "item-boxes": ("the item box", "item-box"),
    "exits": ("the exit", None),
    "narrative-tokens": ("the narrative token", None),
    "kerosene": ("the kerosene", None),
    "item-tokens": ("the item token", None),
}
CARD_LAID = ("corpses", "item-tokens")  # what an exploration card may lay with its tile


def pieces(ids: CaseIds, holder: dict | None = None, at: CasePath = ()) -> list[Piece]:
    """Every model and token the case (or what `holder` at path `at` holds: an exploration card)
    puts on the board; a dead character's model has left it."""
    holder = ids.case if holder is None else holder
    found: list[Piece] = []

    def put(path: CasePath, who: str, square: Any, sizes: tuple[str, ...] = ()) -> None:
        found.append(Piece((*at, *path), who, square, sizes))

    for cid, spec in map_of_maps(holder.get("characters")):
        put(("characters", cid, "at"), cid, spec.get("at"), () if spec.get("dead") is True else (CHARACTER_SIZE,))
    for eid, spec in map_of_maps(holder.get("enemies")):
        size = mapping(ids.cards.get(str(spec.get("type")))).get("size")
        put(("enemies", eid, "at"), eid, spec.get("at"), (size,) if isinstance(size, str) else ())
    for key, (who, token) in TOKENS.items():
        value, weighs = holder.get(key), (TOKEN_SIZES[token],) if token else ()
        for index, square in enumerate(listed(value) if not isinstance(value, dict) else []):
            put((key, index), who, square, weighs)
        for square, count in mapping(value).items():  # corpses: one token each
            put((key, square), who, square, weighs * count if isinstance(count, int) else ())
    for index, pair in enumerate(listed(holder.get("stairs"))):
        for square in listed(pair):
            put(("stairs", index), "the stairwell token", square)
    lift = mapping(holder.get("elevator"))
    put(("elevator", "at"), "the elevator", lift.get("at"))
    for index, square in enumerate(listed(lift.get("shafts"))):
        put(("elevator", "shafts", index), "the elevator shaft", square)
    return found


def map_of_maps(value: Any) -> list[tuple[Any, dict]]:
    return [(key, mapping(spec)) for key, spec in mapping(value).items()]


def _on_the_board(ids: CaseIds, piece: Piece) -> None:
    """A model or a token stands on a tile in play: an off-board tile is laid only when explored."""
    square, path, tile = piece.square, piece.path, _tile(ids, piece.square)
    if tile is None or tile not in listed(ids.case.get("off-board")):
        return
    laid = f" (or on the exploration card that lays the tile: exploration › <door> › {path[0]})"
    piece.refuse(
        ids,
        f"{square} is on tile {tile}, which is off the board (off-board) until it is explored; put "
        f"{piece.who} on a tile in play{laid if path[0] in CARD_LAID else ''}",
    )


def _tile(ids: CaseIds, square: Any) -> str | None:
    return ids.board.tiles.get(square) if ids.board is not None and isinstance(square, str) else None


def _laid(ids: CaseIds, door: str) -> list[str]:
    """The off-board tiles beyond a door: the ones its exploration card lays."""
    if ids.board is None or door not in ids.board.doors:
        return []
    beyond = {ids.board.tiles[square] for square in ids.board.doors[door].squares}
    return sorted(beyond & set(listed(ids.case.get("off-board"))))


def _room(ids: CaseIds, rules: Rules, on_board: list[Piece]) -> None:
    """Each square holds models and tokens up to the rules' weight limit."""
    weights, limit = rules.size_weights, rules.square_limit
    load: dict[Any, list[tuple[str, CasePath]]] = defaultdict(list)  # square -> (size, where it was put)
    for piece in on_board:
        load[piece.square] += [(size, piece.path) for size in piece.sizes if size in weights]
    for square, sizes in load.items():
        weight = sum(weights[size] for size, _ in sizes)
        if square is None or weight <= limit:
            continue
        counted = ", ".join(f"{n} {size}" for size, n in Counter(size for size, _ in sizes).items())
        path = sizes[-1][1]
        ids.report.at(str(path[0])).error(
            ids.place(path),
            f"square {square} has no room for what the case puts there ({counted}: "
            f"weight {weight}); a square holds weight {limit} (a small model or token weighs "
            f"{weights['small']}, a medium {weights['medium']}, a large {weights['large']}); move some elsewhere",
        )


def _the_dead(ids: CaseIds) -> None:
    """A character who starts dead is neither unconscious nor the one whose turn it is, and
    someone is left alive."""
    people = mapping(ids.case.get("characters"))
    dead = [cid for cid, spec in people.items() if mapping(spec).get("dead") is True]
    for cid in dead:
        if mapping(people[cid]).get("unconscious") is True:
            ids.refuse(
                ("characters", cid, "unconscious"),
                f"{cid} is dead, so no longer unconscious (a revival can no longer help); keep dead or unconscious",
            )
    player = mapping(ids.case.get("turn")).get("player")
    if player in dead:
        ids.refuse(("turn", "player"), f"{player} is dead and takes no turn; name a living character")
    if people and len(dead) == len(people):
        ids.refuse(
            ("characters",),
            "every character of the case is dead: the scenario is over before it starts; leave one alive",
        )


def _start_squares(ids: CaseIds) -> None:
    squares = ids.case.get("start-squares")
    for path, square in ids.each_once(
        ("start-squares",), squares, lambda sq: f"{sq} is a start square already; each start square is another square"
    ):
        _on_the_board(ids, Piece(path, "the start square", square))


def _puzzles(ids: CaseIds) -> None:
    """A puzzle keeps closed or locked doors shut, and its marker stands on its track."""
    for pid, spec in mapping(ids.case.get("puzzles")).items():
        spec = mapping(spec)
        for index, door in enumerate(listed(spec.get("blocks"))):
            state = ids.board.doors[door].state if ids.board is not None and door in ids.board.doors else None
            if state in ("open", "archway"):
                ids.refuse(
                    ("puzzles", pid, "blocks", index),
                    f"door {door} is drawn {state}, and an open way is not held shut by a puzzle; draw it "
                    f"closed (+) or locked (#)",
                )
        marker, track = spec.get("marker"), spec.get("track")
        if marker is not None and track is not None and marker > track:
            ids.refuse(
                ("puzzles", pid, "marker"),
                f"the marker stands on space {marker}, beyond the track's {track} spaces; write 0 to {track}",
            )


def _completed_scenario(ids: CaseIds) -> None:
    camp = mapping(ids.case.get("campaign"))
    scenario = camp.get("scenario")
    if scenario is not None and scenario in listed(camp.get("completion-tokens")):
        ids.refuse(
            ("campaign", "scenario"),
            f"'{scenario}' has its completion token, and a completed scenario is not played again; "
            f"play another scenario, or remove it from completion-tokens",
        )


def _turn_order(ids: CaseIds) -> None:
    """players names each character of the case once."""
    players = ids.case.get("players")
    ids.each_once(("players",), players, lambda p: f"'{p}' plays twice; name each character once in the turn order")
    if not isinstance(players, list) or not isinstance(ids.case.get("characters"), dict):
        return
    missing = [cid for cid in ids.characters if cid not in players]
    if missing:
        ids.refuse(
            ("players",),
            f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing from the "
            f"turn order; players names each character of the case once",
        )


def _party(ids: CaseIds, rules: Rules) -> None:
    limit, party = rules.max_characters, len(ids.characters)
    if party > limit:
        ids.refuse(
            ("characters",),
            f"the case has {party} characters, but a game has at most {limit} (parameter "
            f"'max-characters'); remove {party - limit}",
        )


# --- the board ----------------------------------------------------------------------------------
def _stairs(ids: CaseIds) -> None:
    seen: dict[str, int] = {}
    for index, pair in enumerate(listed(ids.case.get("stairs"))):
        if not isinstance(pair, list) or len(pair) != 2 or None in pair:
            continue
        if pair[0] == pair[1]:
            ids.refuse(
                ("stairs", index),
                f"both stairwell tokens of the pair stand in {pair[0]}; a pair joins "
                f"two squares, such as [{pair[0]}, <another square>]",
            )
            continue
        for square in pair:
            if square in seen:
                ids.refuse(
                    ("stairs", index),
                    f"{square} holds a stairwell token of pair {seen[square] + 1} "
                    f"already; a square holds one stairwell token",
                )
            seen[square] = index


def _spawn_squares(ids: CaseIds) -> None:
    if ids.board is None:
        return
    for tile, squares in mapping(ids.case.get("spawn-squares")).items():
        for index, square in enumerate(listed(squares)):
            there = ids.board.tiles.get(square)
            if there is not None and there != tile:
                ids.refuse(
                    ("spawn-squares", tile, index),
                    f"{square} is on tile {there}, not {tile}; a tile's spawn squares are squares of that tile",
                )


def _spawns_have_squares(ids: CaseIds) -> None:
    """A card that spawns puts its models on a tile's spawn squares: a tension or narrative card
    on the active character's tile, an encounter card on the tile being explored."""
    if ids.board is None:
        return
    board, have = ids.board, set(mapping(ids.case.get("spawn-squares")))
    needs: dict[str, tuple[str, CasePath]] = {}  # tile -> why a spawn may happen there, and where that is said
    spawner = _spawning_card(ids, ("tension", "narrative"))
    if spawner:
        for cid, spec in mapping(ids.case.get("characters")).items():
            square = mapping(spec).get("at")
            if square in board.tiles:
                needs.setdefault(
                    board.tiles[square],
                    (
                        f"{spawner} spawns on the active character's tile, and {cid} starts on it",
                        ("characters", cid, "at"),
                    ),
                )
    spawner = _spawning_card(ids, ("encounter",))
    if spawner:
        for tile, path in _explored_tiles(ids):
            needs.setdefault(tile, (f"{spawner} spawns on the tile being explored", path))
    for tile, (why, path) in sorted(needs.items()):
        if tile not in have:
            ids.refuse(
                ("spawn-squares",) if "spawn-squares" in ids.node.value else path,
                f"tile {tile} has no spawn square, but {why}; add spawn-squares: "
                f"{{{tile}: [{board.squares_of(tile)[0]}, ...]}}",
            )


def _spawning_card(ids: CaseIds, decks: tuple[str, ...]) -> str | None:
    """The first card of these decks (or their discards) whose printed effect spawns."""
    for key in ("decks", "discards"):
        for deck in decks:
            for card in listed(mapping(ids.case.get(key)).get(deck)):
                if mapping(ids.cards.get(card)).get("effect") == "spawn":
                    return f"the {deck} card '{card}'"
    return None


def _explored_tiles(ids: CaseIds) -> list[tuple[str, CasePath]]:
    """The tiles with an unexplored token now, or once an exploration card lays them (with the
    place that says so)."""
    tiles: list[tuple[str, CasePath]] = [(tile, ("unexplored", tile)) for tile in mapping(ids.case.get("unexplored"))]
    for door, card in map_of_maps(ids.case.get("exploration")):
        if card.get("unexplored"):
            tiles += [(tile, ("exploration", door, "unexplored")) for tile in _laid(ids, door)]
    return tiles


def _exploration_lays(ids: CaseIds) -> None:
    """An exploration card lies on a door to an off-board tile, and lays its contents on that tile."""
    for door, card in mapping(ids.case.get("exploration")).items():
        if ids.board is None or door not in ids.board.doors:
            continue  # an unknown door: reported with the ids
        laid = _laid(ids, door)
        if not laid:
            ids.refuse_key(
                ("exploration", door),
                f"door {door} leads to no off-board tile, so its exploration "
                f"card is never drawn; name the tile it lays under off-board, "
                f"or remove the card",
            )
            continue
        for piece in pieces(ids, mapping(card), ("exploration", door)):
            tile = _tile(ids, piece.square)
            if tile is not None and tile not in laid:
                piece.refuse(
                    ids,
                    f"{piece.square} is on tile {tile}, but this card lays tile {', '.join(laid)}; put what it "
                    f"brings on the tile it lays",
                )


def _elevator(ids: CaseIds) -> None:
    lift = mapping(ids.case.get("elevator"))
    at, shafts = lift.get("at"), listed(lift.get("shafts"))
    if at is not None and at in shafts:
        ids.refuse(
            ("elevator", "shafts", shafts.index(at)),
            f"{at} is the elevator's own square; its shafts are the other squares it moves to",
        )


def _enemies(ids: CaseIds) -> None:
    """An enemy's wounds stay below its card's hit points (one more wound defeats it); an
    exploration card's enemies have ids of their own."""
    first: dict[str, CasePath] = {}
    for eid, spec in map_of_maps(ids.case.get("enemies")):
        first[eid] = ("enemies", eid)
        _wounds_below_hit_points(ids, ("enemies", eid, "wounds"), spec)
    for door, card in mapping(ids.case.get("exploration")).items():
        for eid, spec in mapping(mapping(card).get("enemies")).items():
            path = ("exploration", door, "enemies", eid)
            if eid in first:
                ids.refuse_key(
                    path, f"'{eid}' is also the enemy at {' › '.join(first[eid])}; give this enemy an id of its own"
                )
            else:
                first[eid] = path
            if ids.model is not None and ids.spawned(eid):
                prefix = str(eid).rpartition("-")[0]
                ids.refuse_key(
                    path,
                    f"'{eid}' is the form of the ids enemies take when they appear during play "
                    f"(<enemy card>-<number>), and one may appear before this tile is laid; name "
                    f"it otherwise, such as 'laid-{prefix}'",
                )
            _wounds_below_hit_points(ids, (*path, "wounds"), mapping(spec))


# --- the campaign -------------------------------------------------------------------------------
def _danger_track(ids: CaseIds) -> None:
    camp = mapping(ids.case.get("campaign"))
    danger, last = camp.get("danger"), camp.get("last")
    if danger is not None and last is not None and danger > last:
        ids.refuse(
            ("campaign", "danger"),
            f"the danger marker stands on space {danger}, beyond the track's last "
            f"space {last}; write 0 to {last}, or move 'last'",
        )
    levels = sorted((int(level), first) for level, first in mapping(camp.get("levels")).items() if first is not None)
    for level, first in levels:
        if last is not None and first > last:
            ids.refuse(
                ("campaign", "levels", str(level)),
                f"danger level {level} starts on space {first}, beyond the track's last space {last}; "
                f"write 0 to {last}",
            )
    for (low, below), (level, first) in zip(levels, levels[1:]):
        if first <= below:
            ids.refuse(
                ("campaign", "levels", str(level)),
                f"danger level {level} starts on space {first}, not after level {low} (space {below}); "
                f"each level starts further along the track than the level below it",
            )


def _item_box(ids: CaseIds, rules: Rules) -> None:
    box = listed(mapping(ids.case.get("campaign")).get("item-box"))
    limit, what = rules.item_box_capacity, "parameter 'item-box-capacity'"
    if ids.case.get("mode") == "solo" and "solo-item-box-capacity" in rules.modes:
        limit, what = rules.modes["solo-item-box-capacity"], "parameter 'solo-item-box-capacity'"
    if len(box) > limit:
        ids.refuse(
            ("campaign", "item-box"),
            f"the item box holds {len(box)} cards, but at most {limit} ({what}); remove {len(box) - limit}",
        )


def _reserve(ids: CaseIds, rules: Rules) -> None:
    """The reserve holds who does not play: a reserve-only character (its role in characters.yaml)
    never plays a scenario, and a reserve character's wounds have not killed it."""
    roles, limit = ids.model.reserve_only if ids.model is not None else frozenset(), rules.reserve_death_wounds
    for cid in ids.characters:
        if cid in roles:
            ids.refuse_key(
                ("characters", cid),
                f"{cid} is reserve-only (its role in characters.yaml) and never plays a scenario; put it "
                f"under campaign › reserve",
            )
    for rid, spec in map_of_maps(mapping(ids.case.get("campaign")).get("reserve")):
        if rid in ids.characters:
            ids.refuse_key(
                ("campaign", "reserve", rid),
                f"{rid} plays this scenario (characters), so is not in "
                f"the reserve; a reserve character is one who does not play",
            )
        if rid in roles and spec.get("reserve-only") is False:
            ids.refuse(
                ("campaign", "reserve", rid, "reserve-only"),
                f"{rid} is reserve-only in characters.yaml; remove 'reserve-only: false'",
            )
        wounds = spec.get("wounds")
        if wounds is not None and wounds >= limit:
            ids.refuse(
                ("campaign", "reserve", rid, "wounds"),
                f"{wounds} wound tokens would have killed {rid} (a reserve character dies at {limit}, "
                f"parameter 'reserve-death-wounds'); write 0 to {limit - 1}",
            )


def _handgun(ids: CaseIds, rules: Rules) -> None:
    """The end phase sets the handgun's dial (parameter 'end-phase-handgun-ammo'): a case's own
    handgun card holds that much."""
    capacity = mapping(mapping(ids.case.get("cards")).get(HANDGUN)).get("capacity")
    dial = rules.end_phase_handgun_ammo
    if capacity is not None and capacity < dial:
        ids.refuse(
            ("cards", HANDGUN, "capacity"),
            f"the end phase sets the {HANDGUN}'s dial to {dial} (parameter 'end-phase-handgun-ammo'), "
            f"more than this capacity; write {dial} or more",
        )


# --- the box ------------------------------------------------------------------------------------
def _enemy_models(ids: CaseIds) -> None:
    on_board = len(mapping(ids.case.get("enemies")))
    explored = len(ids.enemies()) - on_board
    supply = sum(n for n in mapping(ids.case.get("supply")).values() if n is not None)
    total = on_board + explored + supply
    if total > MAX_ENEMY_MODELS:
        path = ("supply",) if supply else ("enemies",) if on_board else ("exploration",)
        ids.refuse(
            path,
            f"the case has {total} enemy models ({on_board} on the board, {explored} on exploration "
            f"cards, {supply} in the supply); a case has at most {MAX_ENEMY_MODELS} ({MODELS_WHY}): remove "
            f"{total - MAX_ENEMY_MODELS}",
        )


def _wounds_below_hit_points(ids: CaseIds, path: CasePath, spec: dict) -> None:
    kind, wounds = spec.get("type"), spec.get("wounds")
    hp = mapping(ids.cards.get(str(kind))).get("hp")
    if isinstance(wounds, int) and isinstance(hp, int) and wounds >= hp:
        ids.refuse(path, f"a {kind} has {hp} hit points: {wounds} wounds would have defeated it; write 0 to {hp - 1}")
