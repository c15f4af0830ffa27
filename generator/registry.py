"""The registry of games: an engine name -> the package that knows everything about that game.

`rules_data/<game>/game.yaml` names its engine (`engine: <name>`). A package registers itself by
existing: every subpackage of generator/games/ that defines `GAME` (a generator.contract.GamePackage),
and any package named in the environment variable RULEBOOK_GAME_PACKAGES (module names separated by
commas: a game kept outside this repository, or a test's). Outside the game packages no code names
a game or its pieces: it is handed these packages.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import lru_cache
from typing import Any

from generator import games
from generator.contract import GamePackage
from generator.load.entities import Game

EXTRA_PACKAGES_ENV = "RULEBOOK_GAME_PACKAGES"

Package = GamePackage[Any, Any, Any]


def engines() -> dict[str, Package]:
    """Every game package, by engine name."""
    return _engines(os.environ.get(EXTRA_PACKAGES_ENV, ""))


@lru_cache(maxsize=4)
def _engines(extra: str) -> dict[str, Package]:
    names = [f"{games.__name__}.{module.name}" for module in pkgutil.iter_modules(games.__path__) if module.ispkg]
    names += [name.strip() for name in extra.split(",") if name.strip()]
    found: dict[str, Package] = {}
    for name in names:
        game = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(game, GamePackage):
            found[game.engine] = game
    return dict(sorted(found.items()))


def engine(name: str | None) -> Package | None:
    """The package of an engine name, or None for an unknown name."""
    return engines().get(name or "")


def for_game(game: Game) -> Package:
    """The package of a loaded game (the loader has checked its engine name)."""
    return engines().get(game.engine or "") or GamePackage()
