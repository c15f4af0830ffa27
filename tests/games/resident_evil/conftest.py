"""Rules for the Resident Evil engine's tests: from the game's data folder when it exists."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.games.resident_evil.rules import Rules, rules_from_parameters

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent


def parameter_values() -> dict:
    values = yaml.safe_load((HERE / "parameters-interim.yaml").read_text(encoding="utf-8"))
    data = ROOT / "rules_data" / "resident-evil"
    for path in sorted(data.glob("parameters*.yaml")):
        for entry in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("parameters") or []:
            values[entry["id"]] = entry["value"]
    return values


@pytest.fixture(scope="session")
def re_rules() -> Rules:
    return rules_from_parameters(parameter_values())
