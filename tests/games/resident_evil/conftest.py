"""The Resident Evil engine's tests run on the game's own data (rules_data/resident-evil)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.resident_evil.data import Model

ROOT = Path(__file__).resolve().parents[3]
GAME = "resident-evil"


@pytest.fixture(scope="session")
def re_model(rules_of) -> Model:
    return rules_of(GAME)


@pytest.fixture(scope="session")
def re_rules(re_model):
    return re_model.rules


@pytest.fixture(scope="session")
def re_project(project):
    return project
