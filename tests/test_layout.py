"""A game is one package and one data folder: the registry finds each game's package from the
engine its game.yaml names, and no code outside generator/games/ names a game or its pieces."""

from __future__ import annotations

import re
from pathlib import Path

from generator import pipeline, registry
from generator.load import load_project
from tests.conftest import read_yaml

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "generator"
# Ordinary words of code and prose that a game also uses as an id or a kind: only as those
# ordinary words may they stand outside the game packages.
ORDINARY = {
    "item",  # an item of a list or a mapping
    "character",  # a character of a text
    "level",  # a nesting level, a heading level
    "runner",  # the scenario runner
    "red",  # Material's primary colour
    "scope",  # a service worker's scope
    "the escape",  # an escape sequence
    "door",  # a board's door: the shared geometry's (zones and squares have doors)
    "component",  # Material's data-md-component
    "lighter",  # a lighter shade of a colour
}
# A shorter id or name is a word of any text: "axe", a two-letter Korean name inside other words.
SHORTEST = 4
SHORTEST_IN_KANA_HANGUL_OR_HAN = 3


def forbidden_words(packages, project=None) -> set[str]:
    """What only a game package may name: every registered engine and game (its folder id and its
    name in every language), each game's own kinds of entity, and the id and every name of each of
    its entities of those kinds (every language, English included); the games of `project` (this
    project's by default)."""
    project = project or pipeline.load_checked(ROOT)
    words = set(packages)
    for package in packages.values():
        words |= set(package.entity_specs)
    for game in project.games.values():
        own = set(registry.for_game(game).entity_specs)
        words |= {game.id, *game.name.values()}
        for entity in game.entities.values():
            if entity.kind in own:
                words |= {entity.id, *entity.name.values(), *(a for names in entity.aliases.values() for a in names)}
    return {word for word in words if len(word) >= _shortest(word) and word.lower() not in ORDINARY}


def _shortest(word: str) -> int:
    return SHORTEST_IN_KANA_HANGUL_OR_HAN if re.search("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]", word) else SHORTEST


def _pattern(words: set[str]) -> re.Pattern:
    """Latin words whole (not inside another word: a hyphen or a dot ends one, as in a CSS class
    .rb-walker), other writings anywhere. The words go into the pattern as a trie (each shared
    beginning written once): an alternation of some thousands of names, tried one after another at
    each character, took a minute over the shared files."""
    latin = {word.lower() for word in words if re.fullmatch(r"[A-Za-z0-9 '-]+", word)}
    other = {word.lower() for word in words} - latin
    whole = rf"(?<![A-Za-z0-9_])(?:{_trie(latin)})(?![A-Za-z0-9_])" if latin else ""
    anywhere = _trie(other) if other else ""
    return re.compile("|".join(part for part in (whole, anywhere) if part), re.IGNORECASE)


def _trie(words: set[str]) -> str:
    """A regular expression matching exactly `words`, longest first where one begins another."""
    tree: dict = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}  # a word ends here

    def pattern(node: dict) -> str:
        ends = "" in node
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if ends:  # the shorter word, tried after the longer ones
            return f"(?:{body})?" if len(branches) > 1 or len(body) > 1 else f"{body}?"
        return body

    return pattern(tree)


def shared_files() -> list[Path]:
    """The generator outside its game packages (code, templates, labels), and the site's overrides."""
    inside = [
        path
        for path in GENERATOR.rglob("*")
        if path.suffix in (".py", ".j2", ".yaml", ".yml", ".js", ".css", ".html")
        and path.is_file()
        and GENERATOR / "games" not in path.parents
        and "__pycache__" not in path.parts
    ]
    overrides = [path for path in (ROOT / "site_overrides").rglob("*") if path.suffix in (".js", ".css", ".html")]
    return sorted(inside + overrides)


def test_no_shared_code_template_label_or_style_names_a_game_or_its_pieces():
    pattern = _pattern(forbidden_words(registry.engines()))
    leaks = [
        f"{path.relative_to(ROOT)}:{number}: {found.group()!r} in {line.strip()[:100]}"
        for path in shared_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        for found in [pattern.search(line)]
        if found
    ]
    assert leaks == [], "move these into generator/games/<engine>/ (or say it without the game's words):\n" + "\n".join(
        leaks
    )


def test_the_word_check_would_catch_a_leak():
    pattern = _pattern(forbidden_words(registry.engines()))
    assert pattern.search('ZOMBIE_SHAPES = {"walker": "square"}') and pattern.search("ゾンビ")
    assert pattern.search("an enemy's wounds") and pattern.search("the skill")
    assert pattern.search(".rb-diagram .rb-walker { color: var(--rb-walker); }")
    assert not pattern.search("class SafeMarkdownExtension:") and not pattern.search("a walkers_list")


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
