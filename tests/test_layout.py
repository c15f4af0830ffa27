"""A game is one package and one data folder: the registry finds each game's package from the
engine its game.yaml names, and no code outside generator/games/ names a game or its pieces."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator import registry
from generator.load import load_project
from tests.conftest import read_yaml

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "generator"
# Names of games, editions, creatures and skills that only a game package may know. "Extension"
# is Python-Markdown's and Jinja's word for a plug-in, not the tension deck.
GAME_WORDS = re.compile(r"zombicide|walker|fatty|abomination|slippery|brute|resident|(?<!ex)tension", re.IGNORECASE)


def _outside_games(suffixes: tuple[str, ...]) -> list[Path]:
    return sorted(
        p
        for p in GENERATOR.rglob("*")
        if p.suffix in suffixes
        and p.is_file()
        and GENERATOR / "games" not in p.parents
        and "__pycache__" not in p.parts
    )


@pytest.mark.parametrize("suffixes", [(".py",), (".j2", ".yaml", ".yml")], ids=["code", "templates-and-data"])
def test_no_code_outside_the_game_packages_names_a_game(suffixes):
    leaks = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _outside_games(suffixes)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if GAME_WORDS.search(line)
    ]
    assert leaks == [], "move these into generator/games/<engine>/:\n" + "\n".join(leaks)


def test_the_word_check_would_catch_a_leak(tmp_path):
    assert GAME_WORDS.search('ZOMBIE_SHAPES = {"walker": "square"}')
    assert not GAME_WORDS.search("ZOMBIE_SHAPES = {}")
    assert GAME_WORDS.search("TENSION_DECK = []") and not GAME_WORDS.search("class SafeMarkdownExtension:")


def test_every_game_folder_names_a_registered_engine():
    for game_file in sorted((ROOT / "rules_data").glob("*/game.yaml")):
        engine = read_yaml(game_file)["game"].get("engine")
        assert registry.engine(engine) is not None, f"{game_file}: engine '{engine}' is not registered"


def test_the_registry_finds_each_package_by_its_engine_name():
    registered = registry.engines()
    assert registered, "no game package registered"
    for name, package in registered.items():
        assert package.engine == name
        assert (GENERATOR / "games" / name.replace("-", "_") / "__init__.py").exists()
        assert set(package.link_kinds) <= set(package.entity_specs), f"{name} links to kinds it does not define"


def test_the_loader_takes_a_games_kinds_from_its_package(tmp_path):
    """A new engine adds an entity kind without touching generator/load/."""
    project, errors = load_project(ROOT / "rules_data", ROOT, specs=registry.engines())
    assert errors == []
    for game in project.games.values():
        package = registry.for_game(game)
        kinds = {entity.kind for entity in game.entities.values()}
        own = kinds - {"term", "note", "rule", "faq"}
        assert own <= set(package.entity_specs), f"{game.id}: kinds {own - set(package.entity_specs)} unknown"


def test_an_unknown_engine_is_reported_with_its_place(tmp_path):
    shutil = __import__("shutil")
    minimal = ROOT / "tests" / "fixtures" / "minimal" / "rules_data"
    shutil.copytree(minimal, tmp_path / "rules_data")
    game_file = tmp_path / "rules_data" / "mini2" / "game.yaml"
    game_file.write_text(
        game_file.read_text(encoding="utf-8").replace("engine: zombicide", "engine: zombicid"), encoding="utf-8"
    )
    _, errors = load_project(tmp_path / "rules_data", tmp_path, specs=registry.engines())
    messages = [str(e) for e in errors]
    assert (
        "rules_data/mini2/game.yaml:2:11: game 'mini2': unknown engine 'zombicid'; did you mean "
        "'zombicide'?" in messages
    )
