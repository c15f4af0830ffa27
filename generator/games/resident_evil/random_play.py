"""Resident Evil's side of random play (generator/scenarios/random_play.py): from every scenario
case's set-up, the active character's actions and the turn's phases chosen at random, with the
players' choices (pushes, the order of reactions, a defence item) drawn at random too, and dice
that show each named face alike. After every step the state must hold together:

    the turn      a player of the turn order, a phase of the turn, actions within the turn's
    counts        health, ammunition dials, kerosene, wounds, tokens, ribbons, danger, the item
                  box, puzzle markers: none below zero or beyond what the rules allow
    room          every square within its weight limit; every model on a tile in play
    cards         every card in exactly one place (a deck, a discard pile, an inventory slot, a
                  herb stack, a weapon's special ammunition, the item box, the cards set aside,
                  a lasting card in play, the cards out of the campaign); the only card that comes
                  from the box is the First Aid Spray the end phase puts in the item box
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping

from generator.core.dice import ExploringDice
from generator.scenarios.random_play import RandomPlay

from . import campaign
from .cards import EnemyProfile, Item, TensionCard
from .data import Model
from .engine import Game
from .scenario import HOOKS
from .scenario_format import ACTIONS
from .state import PHASES, Character, Held, State

ENDED = "end"  # the phase after the end phase: play is over


class ResidentEvilRandomPlay(RandomPlay[Model, Game]):
    def session(self, case: dict, rules: Model, seed: int) -> Game:
        game = HOOKS.play(case, rules)
        game.dice = ExploringDice(seed)
        game.state.seed = seed  # shuffles too
        _time_to_play(game, random.Random(seed))
        return game

    def opening(self, session: Game) -> Counter:
        return cards_in_play(session.state)

    def play(self, session: Game, step: dict) -> None:
        session.choices = dict(step.get("choose") or {})
        ACTIONS[step["do"]].play(session, step)

    def over(self, session: Game) -> bool:
        return session.state.phase == ENDED

    def turn(self, session: Game) -> Mapping[str, object]:
        return {"player": session.state.player, "phase": session.state.phase}

    def state(self, session: Game) -> Any:
        """The state without the board's cached routes, with each door's state."""
        s = session.state
        doors = {did: (d.state, d.key, d.opens_from) for did, d in s.board.doors.items()}
        kept = {k: v for k, v in vars(s).items() if k not in ("board", "events")}
        return (kept, doors, len(s.events))  # a refused step tells nothing either

    # --- the steps worth trying ---------------------------------------------------------------
    def steps(self, session: Game, rng: random.Random) -> list[dict]:
        s = session.state
        if s.result != "ongoing":
            return [{"do": "end-phase", "result": s.result}]
        out = [{"do": "tension-phase", "choose": _reaction_choices(session, rng)}, *_campaign_steps(session, rng)]
        if s.phase in ("action", "reaction"):
            out.append({"do": "reaction-phase", "choose": _reaction_choices(session, rng)})
        c = s.characters[s.player]
        if s.phase == "action":
            out.append({"do": "end-actions"})
            if c.active:
                out += _actions(session, c, rng)
        return out

    # --- what must always hold ------------------------------------------------------------------
    def invariants(self, session: Game, opening: Counter) -> list[str]:
        return [*_turn(session), *_counts(session), *_room(session), *_cards(session, opening)]


def _time_to_play(game: Game, rng: random.Random) -> None:
    """A case that needs no tension deck has none, and its first Tension phase would end it (out
    of time): such a start is given a deck of the check cards' tension cards that spawn nothing
    (a spawn needs spawn squares the case may lack), shuffled, so that play goes on for turns."""
    s = game.state
    if s.decks.get("tension") or s.discards.get("tension"):
        return
    cards = sorted(cid for cid, card in game.cards.items() if isinstance(card, TensionCard) and card.effect != "spawn")
    rng.shuffle(cards)
    s.decks["tension"] = cards


def _squares_near(game: Game, square: str) -> list[str]:
    board = game.state.board
    return [q for q in board.cells if board.adjacent(square, q)]


def _actions(game: Game, c: Character, rng: random.Random) -> list[dict]:
    s, who = game.state, c.id
    out: list[dict] = [{"who": who, "do": "move", "to": q} for q in _squares_near(game, c.square)]
    out += [{"who": who, "do": do} for do in ("search", "stairs", "leave", "typewriter", "pick-up-kerosene")]
    for door in s.board.doors_at(c.square):
        out += [{"who": who, "do": "open-door", "door": door.id}, {"who": who, "do": "close-door", "door": door.id}]
    out += [{"who": who, "do": "elevator", "to": q} for q in s.shafts]
    out += [{"who": who, "do": "place", "at": q} for q in s.start_squares]
    held = [h.card for h in c.items]
    others = [x for x in s.characters.values() if x is not c and x.in_play]
    for h in c.items:
        target = rng.choice([c, *others]).id
        out.append({"who": who, "do": "use", "item": h.card, "target": target})
        if rng.random() < 0.2:  # free, so always allowed: offered now and then, or play would be mostly discards
            out.append({"who": who, "do": "discard", "item": h.card})
        out.append({"who": who, "do": "deposit", "items": [h.card]})
    if len(held) > 1:
        out.append({"who": who, "do": "combine", "items": rng.sample(held, 2)})
    for other in others:
        theirs = [h.card for h in other.items]
        give = rng.sample(held, min(len(held), rng.randint(0, 1)))
        take = rng.sample(theirs, min(len(theirs), rng.randint(0, 1)))
        out.append({"who": who, "do": "trade", "with": other.id, "give": give, "take": take})
        if theirs:
            out.append({"who": who, "do": "search", "from": other.id, "take": take or theirs[:1]})
    if s.campaign.item_box:
        out.append({"who": who, "do": "search", "from": "item-box", "take": [s.campaign.item_box[0].card]})
    out += _attacks(game, c, rng)
    return out


def _attacks(game: Game, c: Character, rng: random.Random) -> list[dict]:
    out = []
    for h in c.items:
        item = game.cards.get(h.card)
        if not (isinstance(item, Item) and item.kind == "weapon"):
            continue
        for enemy in game.state.enemies.values():
            choose: dict[str, Any] = {}
            if rng.random() < 0.5:
                choose["push"] = {enemy.id: rng.choice(_squares_near(game, enemy.square))}
            if rng.random() < 0.3:
                choose["reposition"] = rng.choice(_squares_near(game, c.square))
            extra = rng.choice((0, 0, 1, 2)) if "rapid-fire" in (item.weapon.keywords if item.weapon else ()) else 0
            attack = {"who": c.id, "do": "attack", "weapon": h.card, "target": enemy.id, "rapid-fire": extra}
            out += [attack, {**attack, "choose": choose}]  # plain too: a chosen square refused refuses the attack
    return out


def _reaction_choices(game: Game, rng: random.Random) -> dict:
    """The players' choices while enemies act: the order they act in, pushes back, a defence item."""
    s = game.state
    choose: dict[str, Any] = {}
    enemies = list(s.enemies)
    if len(enemies) > 1 and rng.random() < 0.5:
        choose["order"] = rng.sample(enemies, len(enemies))
    pushes = {e.id: rng.choice(_squares_near(game, e.square)) for e in s.enemies.values() if rng.random() < 0.3}
    if pushes:
        choose["push-back"] = pushes
    defend = {
        c.id: h.card
        for c in s.characters.values()
        for h in c.items
        if isinstance(game.cards.get(h.card), Item) and game.cards[h.card].kind == "defence" and rng.random() < 0.5
    }
    if defend:
        choose["defend"] = defend
    return choose


def _campaign_steps(game: Game, rng: random.Random) -> list[dict]:
    """What the scenario's own rules or the end of play bring: a puzzle's marker moving, a lasting
    token removed, the scenario ending (rarely: play would end at once)."""
    s = game.state
    out: list[dict] = [{"do": "puzzle", "puzzle": pid, "spaces": rng.choice((-1, 1, 1))} for pid in s.puzzles]
    out += [{"do": "remove-token", "card": token["card"]} for token in s.tokens]
    if rng.random() < 0.05:
        out.append({"do": "end-phase", "result": rng.choice(("completed", "failed"))})
    return out


# --- the invariants -------------------------------------------------------------------------------
def _turn(game: Game) -> list[str]:
    s, rules = game.state, game.rules
    found = []
    if s.player not in s.characters:
        found.append(f"the player {s.player} is not a character of the game")
    if s.phase not in (*PHASES, ENDED):
        found.append(f"unknown phase {s.phase}")
    if not 0 <= s.actions_used <= rules.actions_per_turn:
        found.append(f"{s.actions_used} actions used of {rules.actions_per_turn}")
    anyone = any(c.active for c in s.characters.values())
    if s.result == "ongoing" and s.phase == "action" and anyone and not s.characters[s.player].active:
        found.append(f"it is {s.player}'s turn, who cannot act, while another character can")
    return found


def _counts(game: Game) -> list[str]:
    return [*_character_counts(game), *_board_counts(game), *_campaign_counts(game)]


def _character_counts(game: Game) -> list[str]:
    s, rules = game.state, game.rules
    found = []
    for c in s.characters.values():
        if not 0 <= c.damage < rules.health_steps:
            found.append(f"{c.id}'s health marker stands beyond the track ({c.damage + 1})")
        if not 0 <= c.kerosene <= c.kerosene_max:
            found.append(f"{c.id} carries {c.kerosene} kerosene tokens of {c.kerosene_max}")
        if len(c.items) > c.inventory_limit:
            found.append(f"{c.id} holds {len(c.items)} cards, the inventory is {c.inventory_limit}")
        found += [f"{c.id}'s {h.card} dial shows {h.dial}" for h in c.items if h.dial is not None and h.dial < 0]
    return found


def _board_counts(game: Game) -> list[str]:
    s, rules = game.state, game.rules
    found = []
    for e in s.enemies.values():
        profile = game.cards.get(e.type)
        if e.wounds < 0 or (isinstance(profile, EnemyProfile) and not profile.boss and e.wounds >= profile.hp):
            found.append(f"enemy {e.id} stands with {e.wounds} wounds")
    found += [f"{q} holds {n} corpses" for q, n in s.corpses.items() if not 0 <= n <= rules.corpses_per_square_max]
    found += [f"{t} has {n} models left in the supply" for t, n in s.supply.items() if n < 0]
    found += [f"{square} has an empty list of item tokens" for square, decks in s.item_tokens.items() if not decks]
    return found + [
        f"{p.id}'s marker on {p.marker} of {p.track}" for p in s.puzzles.values() if not 0 <= p.marker <= p.track
    ]


def _campaign_counts(game: Game) -> list[str]:
    s, rules, camp = game.state, game.rules, game.state.campaign
    found = []
    if s.ink_ribbons < 0 or camp.danger < 0 or (camp.danger_last is not None and camp.danger > camp.danger_last):
        found.append(f"ink ribbons {s.ink_ribbons}, danger {camp.danger}")
    limit = campaign.item_box_capacity(game)
    if len(camp.item_box) > limit and not rules.spray_overfills_item_box:
        found.append(f"the item box holds {len(camp.item_box)} cards of {limit}")
    found += [
        f"{r.id} in the reserve with {r.wounds} wounds"
        for r in camp.reserve.values()
        if not 0 <= r.wounds < rules.reserve_death_wounds
    ]
    return found


def _room(game: Game) -> list[str]:
    """Every model stands in the play area, and every square holds what the engine's room allows."""
    s, limit = game.state, game.rules.square_limit
    characters = [c for c in s.characters.values() if c.in_play]
    found = [
        f"{c.id} stands on {c.square}, which is not in the play area" for c in characters if not s.in_play(c.square)
    ]
    found += [
        f"enemy {e.id} stands on {e.square}, which is not in the play area"
        for e in s.enemies.values()
        if not s.in_play(e.square)
    ]
    squares = dict.fromkeys(
        [
            *(c.square for c in characters),
            *(e.square for e in s.enemies.values()),
            *s.corpses,
            *s.typewriters,
            *s.item_boxes,
        ]
    )
    return found + [f"{q} holds weight {w} of {limit}" for q in squares if (w := game.weight_at(q)) > limit]


def cards_in_play(state: State) -> Counter:
    """Every card of the game, wherever it lies."""
    slots: list[Held] = [h for c in state.characters.values() for h in c.items] + list(state.campaign.item_box)
    cards: Counter = Counter()
    for h in slots:
        cards.update(h.every_card())
    for pile in (*state.decks.values(), *state.discards.values()):
        cards.update(pile)
    cards.update(state.set_aside)
    cards.update(effect["card"] for effect in state.lasting)
    cards.update(state.campaign.removed)
    return cards


def _cards(game: Game, start: Counter) -> list[str]:
    """Every card in exactly one place: as many of each as at the start, and the Spray the end
    phase brings from the box."""
    s = game.state
    brought = Counter(e["card"] for e in s.events if e["event"] == "spray-to-item-box")
    now, expected = cards_in_play(s), start + brought
    more, fewer = now - expected, expected - now
    return [
        *([f"cards in two places: {dict(more)}"] if more else []),
        *([f"cards lost: {dict(fewer)}"] if fewer else []),
    ]


RANDOM_PLAY = ResidentEvilRandomPlay()
