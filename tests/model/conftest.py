"""Fixtures for the rules model's tests: each edition's Rules, built from the project's data."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from generator.games.zombicide.scenario import rules_for_edition  # noqa: E402


@pytest.fixture(scope="session")
def z1():
    return rules_for_edition("zombicide-1", ROOT)


@pytest.fixture(scope="session")
def z2():
    return rules_for_edition("zombicide-2", ROOT)
