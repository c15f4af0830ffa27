"""From loaded rules data to the engine's inputs: the one place that knows both.

The engine's numbers and readings are the game's parameters (parameters*.yaml). The card values
the scenario checks and worked examples play with are stated once, for those checks alone, in
`rules_data/<game>/scenarios/cards/*.yaml` (the source prints almost none of them); they are
read with positions and checked (card_format.py) before the model holds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import Location
from generator.feed import parameter_values
from generator.load.files import display

from .campaign import HANDGUN
from .card_format import CheckCards, read_card_files
from .rules import Rules, RulesError, rules_from_parameters

PROJECT_ROOT = Path(__file__).resolve().parents[3]


RESERVE_ONLY = "reserve-only"  # characters.yaml: a role that never plays a scenario


@dataclass(frozen=True)
class Model:
    """What a scenario or an example runs on: the rules, the check cards and the characters' roles
    (characters.yaml: who stays in the reserve)."""

    rules: Rules
    cards: dict[str, Any] = field(default_factory=dict)
    card_places: dict[str, Location] = field(default_factory=dict)  # card id -> where it is defined
    reserve_only: frozenset[str] = frozenset()  # character ids of the data whose role is reserve-only


def model_for_game(game: Any, root: Path = PROJECT_ROOT) -> Model:
    """The game's model; raises RulesError naming the parameter, or listing the check cards'
    errors with their places."""
    rules = rules_from_parameters(parameter_values(game))
    folder = (root / game.file).parent
    cards = read_card_files(
        folder,
        lambda path: display(path, root),
        rules.attack_die.faces,
        rules.danger_extra_text_levels,
    )
    if cards.errors:
        raise RulesError(sorted(set(cards.errors)))
    _handgun_holds_its_reset(rules, cards)
    roles = {c.id for c in game.of_kind("character") if c.fields.get("role") == RESERVE_ONLY}
    return Model(rules, cards.cards, cards.places, frozenset(roles))


def model_from_feed(feed: Any, cards: dict[str, Any]) -> Model:
    """The same model from the open data feed (the parameters) and the check cards as plain values
    (the resolver page carries them: the source prints no card value)."""
    rules = rules_from_parameters({p["id"]: p["value"] for p in feed["parameters"] if not p["derived"]})
    return Model(rules, dict(cards))


def _handgun_holds_its_reset(rules: Rules, cards: CheckCards) -> None:
    """The end phase sets the handgun's dial to a parameter: no more than the card's capacity."""
    capacity = (cards.cards.get(HANDGUN) or {}).get("capacity")
    if isinstance(capacity, int) and rules.end_phase_handgun_ammo > capacity:
        raise RulesError(
            f"the end phase sets the {HANDGUN}'s ammunition dial to {rules.end_phase_handgun_ammo}, "
            f"but the {HANDGUN} card ({cards.places[HANDGUN]}) has capacity {capacity}; write 0 to "
            f"{capacity}",
            subject="end-phase-handgun-ammo",
        )
