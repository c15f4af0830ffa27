"""The duel's cases as tables: who holds what, the deck, the order of play; playing a card; the
scores, hands and deck to expect. Everything else is the shared scenario format's."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from generator.load.entities import Game
from generator.scenarios.case import CaseView
from generator.scenarios.expectations import Expect, each, equal, same_items
from generator.scenarios.game import Action, Scenarios, who
from generator.scenarios.names import IdSource
from generator.scenarios.project import check_cases
from generator.scenarios.shapes import Id, Int, ListOf, MapOf

from .engine import Duel, Rules

PLAYER = Id("a player id (kebab-case)", names="player")
CARD = Int(1, 99, "the cards are numbered 1 to 99")
HAND = ListOf(CARD, high=20, why="a hand holds a few cards")


class DuelScenarios(Scenarios[Rules, Duel, CaseView]):
    case_keys = {
        "hands": MapOf(HAND, low=2, high=2, keys=Id("a player id (kebab-case)"), why="a duel has two players"),
        "deck": ListOf(CARD, high=99),
        "first": PLAYER,
    }
    required = {"hands": "the two players' hands ({ann: [3, 7], bo: [5]})"}
    actions = {
        "play": Action({"card": CARD}, lambda duel, step: duel.play(who(step), step["card"]), required=("card",))
    }
    step_keys = {"who": PLAYER}
    expect = {
        "scores": Expect(MapOf(Int(0, 999), keys=PLAYER), lambda duel: duel.scores, each(equal, default=0)),
        "hands": Expect(MapOf(HAND, keys=PLAYER), lambda duel: duel.hands, each(same_items, "no such player")),
    }
    ids = {"player": IdSource("player", lambda case: case.case.get("hands") or {}, "name a player of the case's hands")}
    turn_fields = {"player": PLAYER}
    piles = True
    pile_names = ("deck",)
    example_step = "{who: ann, do: play, card: 7}"
    event_kinds = frozenset({"card-played", "trick-won", "card-drawn"})  # each told in telling.py

    def build(self, case: dict, rules: Rules) -> Duel:
        hands = {player: list(cards) for player, cards in case["hands"].items()}
        first = case.get("first") or next(iter(hands))
        order = [first, *(player for player in hands if player != first)]
        return Duel(rules, hands, list(case.get("deck") or []), order)

    def events(self, session: Duel) -> list[dict]:
        return session.events

    def turn(self, session: Duel) -> Mapping[str, object]:
        return {"player": session.order[len(session.table)]}

    def decks(self, session: Duel) -> Mapping[str, list]:
        return {"deck": session.deck}

    def snapshot(self, session: Duel) -> object:
        return {player: list(cards) for player, cards in session.hands.items()}


HOOKS = DuelScenarios()


def check_game(game: Game, rules: Rules, root: Path) -> list:
    return check_cases(game, rules, HOOKS, root)
