"""The registry of games: an engine name -> the package that knows everything about that game.

`rules_data/<game>/game.yaml` names its engine (`engine: <name>`). A package registers itself by
existing: every subpackage of generator/games/, whose engine is its folder's name with "-" for "_"
and which defines `GAME` (a generator.contract.GamePackage), and any package named in the
environment variable RULEBOOK_GAME_PACKAGES (module names separated by commas: a game kept outside
this repository, or a test's). Outside the game packages no code names a game or its pieces: it is
handed these packages. A package of generator/games/ is imported when it is first asked for: a
`check` that loads one game imports that game's package alone.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from generator import games
from generator.contract import GamePackage
from generator.errors import GeneratorError
from generator.load.entities import Game

EXTRA_PACKAGES_ENV = "RULEBOOK_GAME_PACKAGES"

Package = GamePackage[Any, Any, Any]


class Engines(Mapping[str, Package]):
    """The game packages by engine name, each imported the first time it is asked for."""

    def __init__(self, modules: dict[str, str], packages: dict[str, Package]):
        self._modules = modules  # engine name -> the module of a package not asked for yet
        self._packages = packages  # engine name -> package

    def __getitem__(self, name: str) -> Package:
        if name not in self._packages:
            self._packages[name] = _imported(self._modules[name], name)
        return self._packages[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted({*self._modules, *self._packages}))

    def __len__(self) -> int:
        return len({*self._modules, *self._packages})


def engines() -> Engines:
    """Every game package, by engine name."""
    return _engines(os.environ.get(EXTRA_PACKAGES_ENV, ""))


@lru_cache(maxsize=4)
def _engines(extra: str) -> Engines:
    own = {
        module.name.replace("_", "-"): f"{games.__name__}.{module.name}"
        for module in pkgutil.iter_modules(games.__path__)
        if module.ispkg
    }
    found: dict[str, Package] = {}
    for name in (name.strip() for name in extra.split(",") if name.strip()):
        game = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(game, GamePackage):
            found[game.engine] = game
    return Engines({engine: module for engine, module in own.items() if engine not in found}, found)


def _imported(module: str, engine: str) -> Package:
    game = getattr(importlib.import_module(module), "GAME", None)
    if not isinstance(game, GamePackage) or game.engine != engine:
        raise GeneratorError(
            f"{module.replace('.', '/')}/__init__.py: a package of generator/games/ defines GAME, a "
            f"GamePackage whose engine is its folder's name with '-' for '_' ('{engine}')"
        )
    return game


def engine(name: str | None) -> Package | None:
    """The package of an engine name, or None for an unknown name."""
    return engines().get(name or "")


def for_game(game: Game) -> Package:
    """The package of a loaded game (the loader has checked its engine name)."""
    return engines().get(game.engine or "") or GamePackage()
