"""The character reserve between and at the start of scenarios, and a boss's forced move.

Reserve characters carry wound tokens instead of a health track: a completed scenario removes
some, a mission adds them, and enough of them kill the character. With fewer players than the
limit, a player may switch characters at the start of a scenario: the old profile goes to the
reserve with its damage as wound tokens, the new one starts at Fine lowered by its tokens.
A boss that moves into a square without room is placed there and pushes the other models out.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

from generator.core.decks import RESHUFFLE, draw_from

from . import combat
from .state import Character, Enemy, NotAllowed, Reserve

if TYPE_CHECKING:
    from .engine import Game


def heal_reserve(game: Game) -> None:
    for r in game.state.campaign.reserve.values():
        if r.wounds:
            before = r.wounds
            r.wounds = max(0, r.wounds - game.rules.reserve_wounds_healed)
            game.state.emit("reserve-healed", who=r.id, before=before, after=r.wounds)


def mission_wounds(game: Game, who: str, wounds: int) -> None:
    s = game.state
    r = s.campaign.reserve.get(who)
    if r is None:
        raise NotAllowed("not-in-reserve", f"{who} is not in the reserve")
    r.wounds += wounds
    s.emit("reserve-wounded", who=who, wounds=wounds, total=r.wounds)
    if r.wounds >= game.rules.reserve_death_wounds:
        del s.campaign.reserve[who]
        s.emit("reserve-died", who=who, total=r.wounds, limit=game.rules.reserve_death_wounds)


def switch(game: Game, who: str, to: str, keep: list[str]) -> None:
    s = game.state
    if len(s.players) >= game.rules.switch_below_players:
        raise NotAllowed("too-many-players", f"switching needs fewer than {game.rules.switch_below_players} players")
    if any(e["event"] == "action" for e in s.events):
        raise NotAllowed("scenario-under-way", "characters are switched only at the start of a scenario")
    old = game.character(who)
    new = s.campaign.reserve.get(to)
    if new is None:
        raise NotAllowed("not-in-reserve", f"{to} is not in the reserve")
    if new.reserve_only:
        raise NotAllowed("reserve-only", f"{to} stays in the reserve and never plays a scenario")
    kept = [h for h in old.items if h.card in keep]
    if len(kept) != len(keep) or len(kept) > new.inventory_limit:
        raise NotAllowed("cannot-keep", f"keep names cards {who} does not hold, or more than {to} can carry")
    del s.campaign.reserve[to]
    s.campaign.reserve[who] = Reserve(who, old.evade_dice, old.inventory_limit, old.kerosene_max, wounds=old.damage)
    steps = game.rules.health_steps
    character = Character(
        to,
        old.square,
        new.evade_dice,
        new.inventory_limit,
        damage=min(new.wounds, steps - 1),
        items=kept,
        kerosene=min(old.kerosene, new.kerosene_max),
        kerosene_max=new.kerosene_max,
    )
    del s.characters[who]
    s.characters[to] = character
    s.players[s.players.index(who)] = to
    dropped = [h for h in old.items if h not in kept]
    s.emit(
        "switch",
        who=who,
        to=to,
        wounds=new.wounds,
        kept=[h.card for h in kept],
        dropped=[h.card for h in dropped],
    )
    game.to_discard([card for h in dropped for card in h.every_card()])


def boss_move(game: Game, boss: str, path: list[str]) -> None:
    s = game.state
    enemy = s.enemies.get(boss)
    if enemy is None or not game.profile(enemy).boss:
        raise NotAllowed("not-a-boss", f"'{boss}' is not a boss on the board")
    here = enemy.square
    for square in path:
        if not s.board.step_allowed(here, game.square(square)):
            raise NotAllowed("boss-blocked", f"the boss cannot step from {here} to {square}")
        here = square
    start, enemy.square = enemy.square, here
    s.emit("boss-move", enemy=boss, path=[start, *path])
    size = game.profile(enemy).size
    if game.has_room(here, "small", leaving=None) or not _crowded(game, here, size):
        return
    chosen = dict(game.choices.get("push") or {})
    models: list[Enemy | Character] = [e for e in s.enemies_at(here) if e is not enemy]
    models += s.characters_at(here)
    for model in models:
        msize = game.profile(model).size if isinstance(model, Enemy) else "small"
        target = chosen.get(model.id)
        if target is not None and not combat.allowed_choice(  # the players' square for the shoved model
            game, "push", model, partial(combat.check_place, game, here, target, msize, model)
        ):
            target = None
        if target is None:
            target = next(
                (n for n in s.board.neighbours(here) if s.in_play(n) and n not in s.shafts and game.has_room(n, msize)),
                None,
            )
        if target is None:
            continue
        model.square = target
        s.emit("pushed-by-boss", model=model.id, frm=here, to=target, enemy=boss)


def _crowded(game: Game, square: str, size: str) -> bool:
    return game.weight_at(square) > game.rules.square_limit


def behaviour_card(game: Game, boss: Enemy) -> None:
    """Instead of the Tension phase: the top card of the boss's behaviour deck, its lines in order
    (a move of up to N squares towards the active character first, an attack, special text)."""
    s = game.state
    deck_id = f"behaviour-{boss.type}"
    drawn = draw_from(
        s.decks.setdefault(deck_id, []),
        s.discards.setdefault(deck_id, []),
        RESHUFFLE,
        random.Random(s.seed),
        name=deck_id,
    )
    if drawn.reshuffled:
        s.emit("behaviour-reshuffled", enemy=boss.id, cards=drawn.reshuffled)
    s.emit("behaviour-card", enemy=boss.id, card=drawn.card, reason="boss-on-the-tile")
    if drawn.card is None:
        return
    s.discards[deck_id].insert(0, drawn.card)
    for line in game.behaviour_card(drawn.card).lines:
        if s.result != "ongoing" or boss.id not in s.enemies:
            return
        kind, amount = line
        if kind == "move":
            _boss_walk(game, boss, amount)
        elif kind == "attack":
            game.boss_attack(boss.id)
        else:
            s.emit("behaviour-special", enemy=boss.id, card=drawn.card)


def _boss_walk(game: Game, boss: Enemy, squares: int) -> None:
    """Up to `squares` steps towards the active character (then the nearest), walls and closed
    doors respected; a full square does not stop a boss (it shoves the models there)."""
    s = game.state
    targets = [c for c in s.characters.values() if c.active]
    if not targets:
        return
    active = s.characters[s.player]
    goal = active if active.active else targets[0]
    to_goal = s.board.distances(goal.square)
    if boss.square not in to_goal:
        s.emit("enemy-stays", enemy=boss.id, reason="no-route")
        return
    path, here = [], boss.square
    for _ in range(squares):
        if here == goal.square:
            break
        here = next(n for n in s.board.neighbours(here) if to_goal.get(n, 10**6) == to_goal[here] - 1)
        path.append(here)
    if path:
        boss_move(game, boss.id, path)
