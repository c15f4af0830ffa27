"""The Tension phase and the tension deck as the scenario's timer.

Draw the top card and resolve it (its extra texts too when the danger marker stands at their
level, cumulatively). A card that cannot be resolved is discarded and more are drawn in its
place. When a draw is due and the deck is empty, the tutorial shuffles the discard pile into a
new deck; any other scenario is failed at once. The tutorial's reshuffle leaves out the cards
that could not be resolved in the same phase: shuffled straight back, a card that nothing can
resolve would bring more draws for ever. When nothing else is left to shuffle, nothing is left
to draw and the phase ends (a later phase shuffles them back in). An ink ribbon at a typewriter
rebuilds the deck from every tension card. A lasting card stays in play until the end of its
player's next turn; a lasting-effect token a card lays stays until it is removed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from generator.core.decks import LOSE, RESHUFFLE, DeckEmpty, draw_from
from generator.errors import ScenarioError

from . import exploring, reserve
from .state import Character

if TYPE_CHECKING:
    from .engine import Game


def tension_phase(game: Game) -> None:
    s = game.state
    s.phase = "tension"
    active = s.characters[s.player]
    tile = s.board.tile_of(active.square)
    bosses = [e for e in s.enemies.values() if game.profile(e).boss and s.board.tile_of(e.square) == tile]
    if bosses and active.active:
        reserve.behaviour_card(game, bosses[0])
        return
    s.emit("tension-phase", who=s.player)
    pending = game.rules.tension_cards_per_phase
    unresolved: list[str] = []  # this phase's cards that could not be resolved
    while pending and s.result == "ongoing":
        pending -= 1
        card = draw(game, set_aside=tuple(unresolved))
        if card is None:
            return
        if not resolve(game, card):
            extra = game.rules.unresolvable_extra_draws
            s.emit("tension-unresolvable", card=card, extra=extra)
            unresolved.append(card)
            pending += extra


class ScriptedShuffle:
    """Shuffles in the order a scenario scripts (`choose: {reshuffle: [...]}`), else by the seed."""

    def __init__(self, order: list[str] | None, seed: int):
        self.order, self.seed = list(order or []), seed

    def shuffle(self, cards: list[str]) -> None:
        if not self.order:
            random.Random(self.seed).shuffle(cards)
            return
        if sorted(self.order) != sorted(cards):
            raise ScenarioError(f"reshuffle lists {self.order}, but the cards to shuffle are {sorted(cards)}")
        cards[:] = self.order


def draw(game: Game, set_aside: tuple[str, ...] = ()) -> str | None:
    """The top tension card; an empty deck reshuffles in the tutorial (all but `set_aside`, the
    cards this phase could not resolve) and loses anywhere else."""
    s = game.state
    deck = s.decks.setdefault("tension", [])
    pile = s.discards.setdefault("tension", [])
    try:
        drawn = draw_from(
            deck,
            pile,
            RESHUFFLE if s.tutorial else LOSE,
            ScriptedShuffle(game.choices.get("reshuffle"), s.seed),  # type: ignore[arg-type]
            set_aside=set_aside,
            name="tension",
        )
    except DeckEmpty:
        s.emit("tension-deck-empty", reason="out-of-time")
        game.finish("failed", "out-of-time")
        return None
    if drawn.reshuffled:
        s.emit("tension-reshuffled", cards=drawn.reshuffled, reason="tutorial")
    if drawn.card is None:
        left_out = sorted(set(pile) & set(set_aside))
        if left_out:
            s.emit("tension-deck-empty", reason="nothing-resolvable", cards=left_out)
        else:
            s.emit("tension-deck-empty", reason="tutorial")
        return None
    s.emit("tension-draw", card=drawn.card, colour=game.tension_card(drawn.card).colour, left=len(deck))
    return drawn.card


def resolve(game: Game, card_id: str) -> bool:
    """Resolve one drawn card; False when it cannot be resolved (then it is discarded)."""
    s = game.state
    card = game.tension_card(card_id)
    effects = [(card.effect, {"spawn": card.spawn, "danger": card.danger})]
    level = danger_level(game)
    for lv in sorted(card.extra):
        if lv in game.rules.danger_extra_text_levels and level >= lv:
            effects.append(card.extra[lv])
            s.emit("tension-extra-text", card=card_id, level=lv, danger_level=level)
    if not all(_resolvable(game, e, args) for e, args in effects):
        _discard(game, card_id)
        return False
    for effect, args in effects:
        _apply(game, card_id, effect, args)
    if card.token is not None:
        _lay_token(game, card_id, card.token)
    if card.lasting:
        s.lasting.append({"card": card_id, "player": s.player, "turns": 2})
        s.emit("lasting-effect", card=card_id, until=s.player)
    else:
        _discard(game, card_id)
    return True


def _lay_token(game: Game, card: str, place: str) -> None:
    """A lasting-effect token beside the active character's tile, or beside the active character:
    its rule holds until the token leaves the play area, however many turns go by."""
    s = game.state
    active = s.characters[s.player]
    beside = s.board.tile_of(active.square) if place == "tile" else active.id
    s.tokens.append({"card": card, "place": place, "beside": beside})
    s.emit("token-placed", card=card, place=place, beside=beside)


def _discard(game: Game, card: str) -> None:
    game.state.discards.setdefault("tension", []).insert(0, card)


def _resolvable(game: Game, effect: str, args: dict) -> bool:
    if effect == "spawn":
        supply = game.state.supply
        # corpse tokens come from no supply (as for encounter and narrative cards)
        return all(supply.get(t, 0) >= n for t, n in (args.get("spawn") or {}).items() if t != "corpse")
    return True


def _apply(game: Game, card: str, effect: str, args: dict) -> None:
    s = game.state
    if effect == "spawn":
        active = s.characters[s.player]
        exploring.place_spawn(
            game, s.board.tile_of(active.square), active, dict(args.get("spawn") or {}), reason="tension-card"
        )
    elif effect == "danger":
        change_danger(game, int(args.get("danger", 0)), reason="tension-card")
    else:
        s.emit("tension-nothing", card=card)


def danger_level(game: Game) -> int:
    levels = game.state.campaign.danger_levels
    return max([1] + [lv for lv, first in levels.items() if game.state.campaign.danger >= first])


def change_danger(game: Game, amount: int, reason: str) -> None:
    camp = game.state.campaign
    before = camp.danger
    camp.danger = max(0, before + amount)
    if camp.danger_last is not None:
        camp.danger = min(camp.danger, camp.danger_last)
    game.state.emit(
        "danger",
        before=before,
        after=camp.danger,
        reason=reason,
        at_last=camp.danger_last is not None and camp.danger == camp.danger_last,
    )


def expire_lasting(game: Game, player: str) -> None:
    """At the end of a player's turn, their lasting cards count down (a card lasts to the end of
    its player's next turn) and then go to the discard pile."""
    s = game.state
    for effect in list(s.lasting):
        if effect["player"] != player:
            continue
        effect["turns"] -= 1
        if effect["turns"] == 0:
            s.lasting.remove(effect)
            _discard(game, effect["card"])
            s.emit("lasting-ends", card=effect["card"], owner=player)


def rebuild_with_typewriter(game: Game, c: Character, square: str) -> None:
    s = game.state
    s.ink_ribbons -= 1
    order = s.decks.get("tension", []) + s.discards.get("tension", [])
    ScriptedShuffle(game.choices.get("reshuffle"), s.seed).shuffle(order)
    s.decks["tension"], s.discards["tension"] = order, []
    s.emit("typewriter", who=c.id, square=square, ribbons_left=s.ink_ribbons, cards=len(order))
    if s.mode == "easy" and game.rules.modes.get("easy-typewriter-stays"):
        s.emit("typewriter-stays", square=square, reason="easy-mode")
    else:
        s.typewriters.remove(square)
        s.emit("typewriter-removed", square=square)
