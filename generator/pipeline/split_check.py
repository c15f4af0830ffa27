"""`python -m generator check` on every core: the games shared between this process and forked
copies of it.

A game is loaded, checked and run by the model on its own: only the files beside the game
folders (sources, labels), the hand-written pages and the checks between games concern more
than one. So each process reads the shared files and its share of the games; the checks between
games and the cap on repeated errors then run on what all of them found. The report is the one a
single process gives (pipeline.check): the model's errors count only when no process found an
error in the data, as there. tests/test_split_check.py compares the two.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from generator import registry
from generator.errors import DataError
from generator.load import GameLinks, game_folders, links_between_games, load_games, screened_scenarios
from generator.load.caps import cap_repeated
from generator.load.entities import Project
from generator.pipeline.game_memo import kept_by_folder, kept_for_folder, kept_load, kept_verdict
from generator.runtime.cores import idle_cores_now
from generator.runtime.forked import Forked


@dataclass(frozen=True)
class GameFigures:
    """What `check` prints about one game, and what the checks between games need of it."""

    links: GameLinks
    order: int
    entities: int
    parameters: int
    report: list[str] = field(default_factory=list)  # the model's lines (its package's report)


@dataclass
class Share:
    """What one process found in its games."""

    load_errors: list[DataError]
    model_errors: list[DataError]
    games: list[GameFigures]
    gaps: list[DataError] = field(default_factory=list)  # texts draft languages do not have yet


@dataclass
class Verdict:
    errors: list[DataError]  # empty when the data is good
    games: list[GameFigures]  # in the site's order of games
    gaps: list[DataError] = field(default_factory=list)  # texts draft languages do not have yet


# What a game's folder gave `check` (its Share), kept under a digest of every file its loading
# and the model's checks read: a check over unchanged files loads and plays only what changed.
KEPT = "check"
_NOTHING = Share([], [], [])  # nothing kept for a folder

# Below this much data (all game folders' YAML), one process checks it faster than it starts
# others: a few hundredths of a second either way (the test fixtures).
SPLIT_FROM_BYTES = 200_000


def check(root: Path) -> Verdict:
    """Every error `pipeline.check(root)` would raise, or the figures of the games it would load."""
    folders = [folder.name for folder in game_folders(root / "rules_data", root, [])]
    kept = {name: kept_by_folder(root, name, KEPT, _NOTHING) for name in folders}
    kept = {name: share for name, share in kept.items() if share is not _NOTHING}
    shares = _shares([name for name in folders if name not in kept], root)
    if len(shares) > 1:
        [*registry.engines().values()]  # the game packages imported once, here, not again in each forked copy
    before = Forked.running()
    try:
        forked = [
            Forked(functools.partial(_share_alone, root, names), "checking the rules data", background=False)
            for names in shares[1:]
        ]
        here, sources, outlines = _check_share(root, shares[0])
        found = [*kept.values(), here, *(cast(Share, child.result()) for child in forked)]
    finally:  # also a child forked just as an interrupt came, before the list held it
        for child in Forked.running() - before:
            child.stop()
    games = sorted((game for share in found for game in share.games), key=lambda game: (game.order, game.links.id))
    # each game's load reports what concerns no one game too: said once
    load_errors = list(dict.fromkeys(error for share in found for error in share.load_errors))
    load_errors += links_between_games(sources, [game.links for game in games], outlines, folders)
    gaps = sorted({gap for share in found for gap in share.gaps})
    if load_errors:
        return Verdict(cap_repeated(load_errors), games, gaps)
    return Verdict([error for share in found for error in share.model_errors], games, gaps)


def _shares(names: list[str], root: Path) -> list[set[str]]:
    """The game folders split into one share per process: a game each while there are idle cores
    to spare (a game's checks cost more than its size tells), else by size; one share for little
    data or a busy machine. The first share is this process's."""
    sizes = {name: _bytes(root / "rules_data" / name) for name in names}
    # One process more than the idle cores (one waits on the files while another computes); on a
    # busy machine the forks only add their own work.
    count = max(1, min(len(names), idle_cores_now() + 1))
    if sum(sizes.values()) < SPLIT_FROM_BYTES:
        count = 1
    shares: list[tuple[int, set[str]]] = [(0, set()) for _ in range(count)]
    for name in sorted(names, key=lambda name: (-sizes[name], name)):
        lightest = min(range(count), key=lambda index: (shares[index][0], index))
        shares[lightest] = (shares[lightest][0] + sizes[name], shares[lightest][1] | {name})
    return [names_of_share for _, names_of_share in shares] or [set()]


def _bytes(folder: Path) -> int:
    try:
        return sum(path.stat().st_size for path in folder.rglob("*.yaml") if path.is_file())
    except OSError:  # unreadable parts are the loader's to report
        return 0


def _share_alone(root: Path, names: set[str]) -> Share:
    return _check_share(root, names)[0]  # what a forked process sends back


def _check_share(root: Path, names: set[str]) -> tuple[Share, dict, dict]:
    """What this share of the games holds, each game as an earlier check of the same files found
    it if one did (game_memo.kept_for_folder), and the sources and the hand-written pages' outlines
    as this process read them."""
    read: list[tuple[dict, dict]] = []

    def load_one(name: str) -> Share:
        share, sources, outlines = _load_share(root, {name})
        read.append((sources, outlines))
        return share

    found = [kept_for_folder(root, name, KEPT, functools.partial(load_one, name), Share) for name in sorted(names)]
    if not read:  # every game kept (or none): what concerns no one game is read all the same
        share, sources, outlines = _load_share(root, set())
        found.append(share)
        read.append((sources, outlines))
    merged = Share(
        [error for share in found for error in share.load_errors],
        [error for share in found for error in share.model_errors],
        [game for share in found for game in share.games],
        [gap for share in found for gap in share.gaps],
    )
    return merged, *read[-1]


def _load_share(root: Path, names: set[str]) -> tuple[Share, dict, dict]:
    """_check_share() of games loaded now (one game's load kept from an earlier run if it had no
    error: game_memo.kept_load)."""

    def load() -> tuple[Project, list[DataError]]:
        return load_games(root / "rules_data", root, only=names.__contains__, specs=registry.engines())

    if len(names) == 1:
        (name,) = names
        screen = functools.partial(screened_scenarios, root / "rules_data" / name, root)
        project, load_errors = kept_load(root, name, load, screen)
    else:
        project, load_errors = load()
    model_errors = (
        []
        if load_errors
        else [
            error
            for game in project.games.values()
            for error in kept_verdict(
                root, game, "errors", functools.partial(registry.for_game(game).model_errors, game, root)
            )
        ]
    )
    figures = [
        GameFigures(
            GameLinks.of(game),
            game.order,
            len(game.entities),
            len(game.parameters),
            []
            if load_errors or model_errors
            else kept_verdict(root, game, "report", functools.partial(registry.for_game(game).report, game, root)),
        )
        for game in project.games.values()
    ]
    return Share(load_errors, model_errors, figures, project.gaps), project.sources, project.content_outlines
