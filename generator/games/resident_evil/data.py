"""From loaded rules data to the engine's inputs: the one place that knows both.

The engine's numbers and readings are the game's parameters (parameters*.yaml). The card values
the scenario checks and worked examples play with are stated once, for those checks alone, in
`rules_data/<game>/scenarios/cards/*.yaml` (the source prints almost none of them).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.load.yamlpos import SAFE_LOADER

from .rules import Rules, RulesError, rules_from_parameters

PROJECT_ROOT = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class Model:
    """What a scenario or an example runs on: the rules and the check cards."""

    rules: Rules
    cards: dict[str, Any] = field(default_factory=dict)


def check_cards(folder: Path) -> dict[str, Any]:
    cards: dict[str, Any] = {}
    for path in sorted((folder / "scenarios" / "cards").glob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
        if not isinstance(data.get("cards"), dict):
            raise RulesError(f"{path.relative_to(PROJECT_ROOT)}: a card file has a mapping 'cards' at the top")
        cards.update(data["cards"])
    return cards


def model_for_game(game: Any, root: Path = PROJECT_ROOT) -> Model:
    values = {pid: p.fields["value"] for pid, p in game.parameters.items() if not p.fields.get("derived")}
    folder = (root / game.file).parent
    return Model(rules_from_parameters(values), check_cards(folder))
