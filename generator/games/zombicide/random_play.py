"""Zombicide's side of random play (generator/scenarios/random_play.py), for both editions: from
every scenario case's set-up, survivors' actions chosen at random (moves, searches, doors,
attacks at every zone in sight, reloads, trades, noise, objectives, cars), the zombie phase and
the end phase, with seeded dice. After every step the state must hold together:

    the turn    a phase of the round, a round from 1; the survivor acting is one of the game
    counts      wounds, experience, actions, noise, skills' counters: none below zero
    room        hands and backpack within their slots; no more zombies of a kind on the board than
                the box has miniatures; a car's seats and its passengers agree
    cards       every equipment card in exactly one place (the deck, the discard pile, a
                survivor's hands or backpack, the Pimpmobile's weapons), a combination turning
                two cards into its weapon as the rules say; Wounded cards are not equipment
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping

from generator.core.dice import SeededDice
from generator.games.zombicide.engine import Game
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.scenario import HOOKS
from generator.games.zombicide.state import PHASES, PLAYERS, State, Survivor
from generator.games.zombicide.strategies import WOUNDED
from generator.scenarios.random_play import RandomPlay

ROUNDS = 20  # a walk ends after this many rounds (a mission is won or lost long before)


class ZombicideRandomPlay(RandomPlay[Rules, Game]):
    def session(self, case: dict, rules: Rules, seed: int) -> Game:
        game = HOOKS.play(case, rules)
        game.dice = SeededDice(seed)
        game.shuffle = random.Random(seed)
        return game

    def opening(self, session: Game) -> Counter:
        return equipment(session.state)

    def play(self, session: Game, step: dict) -> None:
        HOOKS.apply_step(session, step)  # a refused step leaves the turn as it was

    def over(self, session: Game) -> bool:
        return not session.state.living() or session.state.turn.round > ROUNDS

    def turn(self, session: Game) -> Mapping[str, object]:
        turn = session.state.turn
        acting = turn.player or ("survivors" if turn.phase == PLAYERS else turn.phase)  # who plays the phase
        return {"player": acting, "phase": turn.phase, "round": turn.round}

    def state(self, session: Game) -> Any:
        s = session.state
        doors = {did: (door.state, door.color) for did, door in s.board.doors.items()}
        kept = {k: v for k, v in vars(s).items() if k not in ("board", "events")}
        return (kept, doors, len(s.events))  # a refused step tells nothing either

    def steps(self, session: Game, rng: random.Random) -> list[dict]:
        s = session.state
        out: list[dict] = [{"do": "zombie-phase"}, {"do": "end-phase"}]
        for survivor in s.living():
            out += _actions(session, survivor, rng)
        return out

    def invariants(self, session: Game, opening: Counter) -> list[str]:
        return [*_turn(session), *_counts(session), *_room(session), *_cards(session, opening)]


def _actions(game: Game, s: Survivor, rng: random.Random) -> list[dict]:
    state, who = game.state, s.id
    board = state.board
    out: list[dict] = [{"who": who, "do": "move", "to": zone} for zone in board.neighbours(s.zone)]
    out += [{"who": who, "do": "open-door", "to": door.other(s.zone)} for door in board.adjacent_doors(s.zone)]
    out += [{"who": who, "do": do} for do in ("search", "noise", "take-objective")]
    items = [i.name for i in s.items() if i.name != WOUNDED]
    in_sight = [s.zone, *board.line_of_sight(s.zone)]
    for card in set(items):
        out.append({"who": who, "do": "reload", "weapon": card})
        for zone in {z for z in in_sight if state.zombies_in(z)} | {s.zone}:
            out.append(
                {"who": who, "do": "attack", "weapon": card, "at": zone, "mode": rng.choice(("melee", "ranged"))}
            )
        if rng.random() < 0.2:  # free: offered now and then, or play would be mostly discards
            out.append({"who": who, "do": "discard", "card": card})
    if len(items) > 1:
        out.append({"who": who, "do": "combine", "cards": rng.sample(items, 2)})
    for other in state.survivors_in(s.zone):
        if other is not s:
            theirs = [i.name for i in other.items() if i.name != WOUNDED]
            give = rng.sample(items, min(len(items), 1))
            take = rng.sample(theirs, min(len(theirs), 1))
            out.append({"who": who, "do": "trade", "with": other.id, "give": give, "take": take})
    for car in state.cars.values():
        out.append({"who": who, "do": "get-in", "car": car.id})
    if s.car is not None:
        out += [
            {"who": who, "do": "get-out"},
            *({"who": who, "do": "drive", "to": z} for z in board.neighbours(s.zone)),
        ]
    return out


# --- the invariants -------------------------------------------------------------------------------
def _turn(game: Game) -> list[str]:
    turn = game.state.turn
    found = []
    if turn.phase not in PHASES or turn.round < 1:
        found.append(f"round {turn.round}, phase {turn.phase}")
    if turn.player is not None and turn.player not in game.state.survivors:
        found.append(f"{turn.player} acts but is no survivor of the game")
    return found


def _counts(game: Game) -> list[str]:
    state = game.state
    found = []
    for s in state.survivors.values():
        counters = {
            "wounds": s.wounds,
            "xp": s.xp,
            "actions used": s.actions_used,
            "kills": min(s.kills.values(), default=0),
        }
        found += [f"{s.id} has {value} {what}" for what, value in counters.items() if value < 0]
        if s.zone not in state.board.zones:
            found.append(f"{s.id} stands in {s.zone}, which is no zone")
    found += [f"{zone} has {n} noise tokens" for zone, n in state.noise.items() if n < 0]
    found += [
        f"zombie {z.uid} stands in {z.zone}, which is no zone" for z in state.zombies if z.zone not in state.board.zones
    ]
    return found


def _room(game: Game) -> list[str]:
    state, rules = game.state, game.rules
    found = []
    for s in state.living():
        if len(s.hands) > rules.hand_slots or len(s.backpack) > game.backpack_size(s):
            found.append(f"{s.id} holds {len(s.hands)} hands and {len(s.backpack)} backpack cards")
    on_board = Counter(rules.supply_pool(z.type) for z in state.zombies)
    found += [
        f"{n} {pool} miniatures on the board, the box has {rules.zombie_supply[pool]}"
        for pool, n in on_board.items()
        if pool in rules.zombie_supply and n > rules.zombie_supply[pool]
    ]
    for car in state.cars.values():
        for seat, sid in enumerate(car.seats):
            rider = state.survivors.get(sid) if sid else None
            if sid and (rider is None or rider.car != car.id or rider.seat != seat or rider.zone != car.zone):
                found.append(f"seat {seat} of {car.id} holds {sid}, who is not there")
    return found


def equipment(state: State) -> Counter:
    """Every equipment card, wherever it lies (Wounded cards are no equipment)."""
    cards = Counter(state.equipment_deck) + Counter(state.equipment_discard) + Counter(state.pimp_weapons)
    cards.update(i.name for s in state.survivors.values() for i in s.items() if i.name != WOUNDED)
    return cards


def _cards(game: Game, start: Counter) -> list[str]:
    """Every equipment card in exactly one place: as many as at the start, a combination's two
    cards having become its weapon."""
    expected = Counter(start)
    for event in game.state.events:
        if event["event"] == "combine":
            expected.subtract(event["cards"])
            expected[event["result"]] += event["copies"]
    now = equipment(game.state)
    expected = +expected
    more, fewer = now - expected, expected - now
    return [
        *([f"equipment cards in two places: {dict(more)}"] if more else []),
        *([f"equipment cards lost: {dict(fewer)}"] if fewer else []),
    ]


RANDOM_PLAY = ZombicideRandomPlay()
