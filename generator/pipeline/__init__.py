"""Data to pages: load and check everything, then render. Shared by the CLI and the plugin."""

from __future__ import annotations

import functools
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from generator import registry
from generator.errors import DataErrors
from generator.languages import DEFAULT, LANGUAGES, PUBLISHED
from generator.load import load_project
from generator.load.entities import Project
from generator.pipeline.game_memo import kept_for_game, kept_verdict
from generator.runtime.forked import Forked
from generator.runtime.locations import CHECK_BESIDE_ENV, GENERATOR, PROJECT_ROOT  # noqa: F401 — part of this module's surface

if TYPE_CHECKING:
    from generator.render.pages import GeneratedPage

# The renderer, the open data's page and the resolver's (Jinja and all they import) are imported
# where pages are made, not here: `check` imports this package (split_check, game_memo) and never
# renders, and they were a tenth of its time.


@dataclass
class Generated:
    project: Project
    pages: list[GeneratedPage]
    model_check: "ModelCheck | None" = field(default=None, repr=False)

    def confirm(self) -> None:
        """Raise DataErrors if the model's checks, still running beside the build, found any."""
        if self.model_check is not None:
            check, self.model_check = self.model_check, None
            check.raise_errors()

    def confirm_if_done(self) -> None:
        """confirm() if the checks have finished; else nothing (called as the build goes, to fail early)."""
        if self.model_check is not None and self.model_check.raise_errors_if_done():
            self.model_check = None


def load(root: Path = PROJECT_ROOT) -> tuple[Project, list]:
    """The project's data with the registered games, and every error the loader found."""
    return load_project(root / "rules_data", root, registry.engines())


def load_checked(root: Path = PROJECT_ROOT) -> Project:
    """The project's data, loaded; raises DataErrors when it does not load cleanly (the model's
    checks are not run)."""
    project, errors = load(root)
    if errors:
        raise DataErrors(errors)
    return project


def check(root: Path = PROJECT_ROOT) -> Project:
    """Load and validate the rules data; raise DataErrors listing every problem."""
    project, errors = load(root)
    if not errors:  # the model runs on data that loaded cleanly
        errors.extend(_model_errors(project, root))
    if errors:
        raise DataErrors(errors)
    return project


def generate(
    root: Path = PROJECT_ROOT, *, check_beside: bool = False, on_loaded: Callable[[Project], None] | None = None
) -> Generated:
    """Checked data and its pages. With check_beside, the model's checks (a third of the time
    before MkDocs starts) run in a forked process while the pages render and MkDocs builds; the
    caller must call confirm() before it publishes anything. on_loaded(project), called once the
    data has loaded without errors and before the pages render, can start more work beside them."""
    if not check_beside:
        project = check(root)
        if on_loaded:
            on_loaded(project)
        return Generated(project, _pages(project, root))
    project, errors = load(root)
    if errors:
        raise DataErrors(errors)
    model_check = ModelCheck(project, root)
    if on_loaded:
        on_loaded(project)
    try:
        pages = _pages(project, root)
    except Exception:
        model_check.raise_errors()  # data the model rejects may break rendering: say why
        raise
    return Generated(project, pages, model_check)


def _pages(project: Project, root: Path) -> list[GeneratedPage]:
    """Every page of the published languages: the games' (each as an earlier run over the same
    files rendered it, if one did: game_memo), the shared ones, the open data's, the resolvers'."""
    from generator.render.pages import render_game, render_project

    packages = registry.engines()
    kept = {
        game.id: kept_for_game(
            root, game, "pages-" + "-".join(PUBLISHED), functools.partial(render_game, project, game, packages)
        )
        for game in project.games.values()
    }
    return render_project(project, packages, kept) + more_pages(project, PUBLISHED)


def more_pages(project: Project, languages: tuple[str, ...]) -> list[GeneratedPage]:
    """The pages beside the rendered data: the open data's page, each game's resolver page."""
    from generator.feed.howto import howto_pages
    from generator.resolver.page import resolver_pages

    return howto_pages(project, languages, DEFAULT) + resolver_pages(project, languages, DEFAULT)


class Preview:
    """generate() for the live preview, which keeps what it can between rebuilds: a save re-does
    only what that save changed; `generate()` (and so `build`) always does the whole pipeline.

    - every file is loaded and checked again, but a file whose bytes did not change is not parsed
      again (parsing is most of loading);
    - a game whose inputs did not change keeps the model's verdict on it and its pages. A game's
      inputs are its data folder plus everything every game reads: the files beside the game
      folders (sources.yaml), and the templates, labels and narration of the renderer and of the
      game packages (every file of generator/render and generator/games but the Python code,
      which a running preview does not reload). The pages about all games at once (sources,
      editions) are cheap and always rendered again;
    - the last few versions of each game are kept, not only the last one: an edit undone, or a
      file put back as it was, is served again at once.
    """

    KEPT_VERSIONS = 4  # of each game's inputs: verdicts and pages (a few megabytes a version)

    def __init__(self, root: Path) -> None:
        self.root = root
        self.verdicts: dict[tuple[str, str], list] = {}  # (game id, its inputs) -> the model's errors
        self.pages: dict[tuple[str, str], list[GeneratedPage]] = {}  # (game id, its inputs) -> its pages
        self.resolver_pages: dict[tuple[str, str], list[GeneratedPage]] = {}  # the same, its resolver page
        self.rendered: list[str] = []  # the games the last generate() rendered (for tests and the log)
        self.inputs: dict[str, str] = {}  # game id -> the digest of its inputs, at the last generate()

    def generate(self) -> Generated:
        from generator.feed.howto import howto_pages
        from generator.render.pages import render_project
        from generator.resolver.page import resolver_pages

        project, errors = load(self.root)
        if errors:
            raise DataErrors(errors)
        self.inputs = game_inputs(self.root, list(project.games), _compared(project))
        versions = {game_id: (game_id, digest) for game_id, digest in self.inputs.items()}
        for version in versions.values():  # the versions in use are the last to be dropped
            for table in (self.verdicts, self.pages, self.resolver_pages):
                if version in table:
                    table[version] = table.pop(version)
        stale = [game for game_id, game in project.games.items() if versions[game_id] not in self.verdicts]
        for game_id, found in _model_errors_by_game(stale, self.root).items():
            self._keep(self.verdicts, versions[game_id], found)
        errors = [error for game_id in project.games for error in self.verdicts[versions[game_id]]]
        if errors:
            raise DataErrors(errors)
        kept = {game_id: self.pages[version] for game_id, version in versions.items() if version in self.pages}
        pages = render_project(project, registry.engines(), kept, LANGUAGES)  # the drafts too
        self.rendered = [game_id for game_id in project.games if game_id not in kept]
        for game_id in self.rendered:
            self._keep(self.pages, versions[game_id], [page for page in pages if page.path.split("/")[1] == game_id])
        pages += howto_pages(project, LANGUAGES, DEFAULT)
        for game_id in project.games:  # a game's resolver page is kept with its other pages
            version = versions[game_id]
            if version not in self.resolver_pages:
                self._keep(self.resolver_pages, version, resolver_pages(project, LANGUAGES, DEFAULT, [game_id]))
            pages += self.resolver_pages[version]
        for table in (self.verdicts, self.pages, self.resolver_pages):  # a game whose folder is gone
            for version in [version for version in table if version[0] not in project.games]:
                del table[version]
        return Generated(project, pages)

    def _keep(self, table: dict, version: tuple[str, str], value) -> None:
        """Add a game's version to `table`, dropping the ones used longest ago beyond KEPT_VERSIONS."""
        table[version] = value
        of_game = [kept for kept in table if kept[0] == version[0]]  # in the order they were added
        for oldest in of_game[: -self.KEPT_VERSIONS]:
            del table[oldest]


def _compared(project) -> dict[str, list[str]]:
    """game id -> the games compared with it (either names the other) when its FAQ rulings name
    cases: their models play those cases too, and its rulings' pages name them."""
    return {
        game_id: [
            other.id
            for other in project.games.values()
            if other is not game and (other.compare_with == game_id or game.compare_with == other.id)
        ]
        for game_id, game in project.games.items()
        if any(ruling.fields.get("check") for ruling in game.of_kind("faq"))
    }


def game_inputs(root: Path, game_ids: list[str], compared: dict[str, list[str]] | None = None) -> dict[str, str]:
    """game id -> a digest of the bytes of every file its pages and its model checks read (the
    folders of the games compared with it too)."""
    data = root / "rules_data"
    shared = hashlib.sha256()
    _digest_files(shared, data, [path for path in data.iterdir() if not path.is_dir()])
    for folder in (GENERATOR / "render", GENERATOR / "games"):
        _digest_files(
            shared,
            folder,
            [
                path
                for path in folder.rglob("*")
                if path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
            ],
        )
    inputs = {}
    for game_id in game_ids:
        digest = shared.copy()
        for read_id in [game_id, *sorted((compared or {}).get(game_id, []))]:
            _digest_files(digest, data / read_id, list((data / read_id).rglob("*")))
        inputs[game_id] = digest.hexdigest()
    return inputs


def _digest_files(digest, folder: Path, paths: list[Path]) -> None:
    for path in sorted(paths):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        try:
            digest.update(path.read_bytes() if path.is_file() else b"<folder>")
        except OSError as exc:  # a file that cannot be read changes the digest; loading reports it
            digest.update(repr(exc).encode())
        digest.update(b"\0")


class ModelCheck:
    """_model_errors(project, root) in a forked child (see generator/runtime/forked.py)."""

    def __init__(self, project: Project, root: Path) -> None:
        self.check = Forked(lambda: _model_errors(project, root), "the rules model's checks")

    def raise_errors(self) -> None:
        """Wait for the verdict; raise DataErrors (or the checks' own crash) if there is one."""
        self._raise(self.check.result())

    def raise_errors_if_done(self) -> bool:
        """The same without waiting: True once the verdict is in and clean."""
        if not self.check.finished():
            return False
        self._raise(self.check.result())
        return True

    @staticmethod
    def _raise(verdict: object) -> None:
        if verdict:
            raise DataErrors(verdict)  # type: ignore[arg-type]


def _model_errors(project: Project, root: Path) -> list:
    """The rules model's own checks of the data (coherent parameters, known skills, FAQ checks),
    in the games' order."""
    found = _model_errors_by_game(list(project.games.values()), root)
    return [error for game_id in project.games for error in found[game_id]]


def _model_errors_by_game(games: list, root: Path) -> dict[str, list]:
    """Each game's model checks its game alone: with two games or more, a forked copy of this
    process checks about half of them (by their number of entities) on the other core."""
    if len(games) < 2 or not hasattr(os, "fork"):
        return {game.id: _model_errors_of_game(game, root) for game in games}
    beside = _other_half(games)
    there = Forked(
        lambda: {game.id: _model_errors_of_game(game, root) for game in beside},
        "the rules model's checks",
        background=False,
    )  # waited for at once: not work beside
    found = {game.id: _model_errors_of_game(game, root) for game in games if game not in beside}
    found.update(there.result())  # type: ignore[call-overload]  # the dict the child made
    return found


def _other_half(games: list) -> list:
    """The games a second process checks: the larger half stays, the rest goes, by entities."""
    here: list = []
    there: list = []
    for game in sorted(games, key=lambda g: -len(g.entities)):
        (here if sum(len(g.entities) for g in here) <= sum(len(g.entities) for g in there) else there).append(game)
    return there


def _model_errors_of_game(game, root: Path) -> list:
    """_model_errors() of one game (the model checks each game on its own), or the verdict an
    earlier run gave on the same files (game_memo)."""
    return kept_verdict(root, game, "errors", lambda: registry.for_game(game).model_errors(game, root))
