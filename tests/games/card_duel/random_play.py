"""The duel's side of random play: each player's cards tried at random, the rules refusing a card
played out of turn; every card stays in one place (a hand, the deck, the table, or played in a
settled trick), no hand grows beyond its size, and scores never fall."""

from __future__ import annotations

import random
from collections import Counter
from typing import Mapping

from generator.scenarios.random_play import RandomPlay

from .engine import Duel, Rules
from .scenario import HOOKS


class DuelRandomPlay(RandomPlay[Rules, Duel]):
    def session(self, case: dict, rules: Rules, seed: int) -> Duel:
        return HOOKS.play(case, rules)

    def opening(self, session: Duel) -> Counter:
        return Counter(card for hand in session.hands.values() for card in hand) + Counter(session.deck)

    def steps(self, session: Duel, rng: random.Random) -> list[dict]:
        return [{"who": who, "do": "play", "card": card} for who, hand in session.hands.items() for card in hand]

    def play(self, session: Duel, step: dict) -> None:
        HOOKS.apply_step(session, step)

    def over(self, session: Duel) -> bool:
        return not any(session.hands.values())

    def turn(self, session: Duel) -> Mapping[str, object]:
        return {"player": session.order[len(session.table)], "phase": "trick"}

    def invariants(self, session: Duel, opening: Counter) -> list[str]:
        played = Counter(e["card"] for e in session.events if e["event"] == "card-played")
        held = Counter(card for hand in session.hands.values() for card in hand) + Counter(session.deck)
        found = [] if held + played == opening else [f"cards: {dict(held + played)}"]
        found += [
            f"{who} holds {len(hand)} cards"
            for who, hand in session.hands.items()
            if len(hand) > session.rules.hand_size
        ]
        return found + [f"{who} scores {n}" for who, n in session.scores.items() if n < 0]


RANDOM_PLAY = DuelRandomPlay()
