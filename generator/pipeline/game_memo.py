"""What a game's files give (the model's verdict on it, its pages), kept for the next run that
reads the same files.

Playing every scenario case, FAQ ruling and worked example of the three games costs about two
seconds of CPU in each `check` and each build, and rendering their pages (which tell many of those
cases in every language) about as much again, for the same verdict and the same pages as long as
the data and the code stay as they were. Both depend only on the game's own folder, the folder of
the edition it is compared with in either direction (a ruling is played on the other edition's
model too, and its page says how), the files beside the game folders (sources.yaml names the
sections cases cite), the generator's own files (the engines, the case format, the templates,
labels and languages) and mkdocs.yml: a digest of their bytes names what is kept, so a change to
any of them does that game's work again, and an edit to one game's data leaves the others' work
standing. The model's verdict is keyed finer (kept_verdict): by the loaded game as the model reads
it in place of its folder's data files, so that a translator's edit of a text keeps it. `check`
also keeps what loading and checking each game folder found (kept_for_folder),
under a digest that covers besides every game.yaml and the hand-written pages, which loading reads
with every game: a check over unchanged files loads only what concerns no one game; and the loaded
game itself (kept_load), under that digest without the scenario files, which loading only screens:
a check after an edit of a case reads the game back instead of loading it. What is kept
lies in the user's cache folder (rulebook/verdicts/<game>); where it cannot be
written, or when a game package from outside the generator is registered
(RULEBOOK_GAME_PACKAGES), nothing is kept and every run does everything.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import re
import sys
import time
from pathlib import Path
from typing import Callable, TypeVar

import yaml

from generator.errors import DataError
from generator.load.content_pages import CONTENT_FOLDER
from generator.load.entities import Entity, Game, Project
from generator.load.ranges import PLACED
from generator.registry import EXTRA_PACKAGES_ENV
from generator.runtime.by_identity import ByIdentity
from generator.runtime.disk_memo import cache_folder, forget_the_oldest, kept_pickle, read_pickle, write_pickle
from generator.runtime.locations import GENERATOR
from generator.scenarios.project import keeping_case_files

T = TypeVar("T")
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
KEPT_CASE_FILES = 200  # of each game: what each of its scenario files gave, for a few versions of each
KEPT_FILES = 12  # of each game (its own folder: another project's games never push them out): a few
# versions of its verdict, report and pages
KEPT_LOADS = 3  # of each game: a loaded project is megabytes, and only the last is read while cases are written
RECENT_NS = 2_000_000_000
CODE = GENERATOR  # the code the verdict comes from, wherever it runs


def kept_for_game(root: Path, game: Game, kind: str, compute: Callable[[], T]) -> T:
    """compute() (what the game's files give: the model's `kind` of verdict, or its pages) or the
    value kept from an earlier run over the same files."""
    return _kept(game.id, inputs_digest(root, game), kind, compute)


def kept_verdict(root: Path, game: Game, kind: str, compute: Callable[[], list[T]]) -> list[T]:
    """kept_for_game() for the model's findings on the game (`kind`: its errors, or the lines
    `check` prints), under model_digest(): an edit to a text the model never reads keeps them. A
    kept list of errors is not believed: their places may have moved with the edit (a clean
    verdict, an empty list, has none); nor is a list of anything but errors or lines."""
    digest = model_digest(root, game)
    folder = _folder(game.id, digest)
    if folder is None:
        return compute()
    path = folder / f"{digest}-model-{kind}.pickle"

    def fresh() -> list[T]:
        with keeping_case_files(_case_file_keeper(root, game)):
            return compute()

    def believed(kept: list) -> bool:
        return not (kind == "errors" and kept) and all(
            isinstance(item, DataError if kind == "errors" else str) for item in kept
        )

    value = kept_pickle(path, fresh, list, believed)
    forget_the_oldest(folder, KEPT_FILES)
    return value


def kept_for_folder(root: Path, name: str, kind: str, compute: Callable[[], T], of: type[T]) -> T:
    """kept_for_game() for a game folder before it is loaded: what `check` found loading and
    checking it. Loading a game also reads every game.yaml (the folders' names and editions) and
    the hand-written pages, so their bytes count too."""
    return _kept(name, folder_digest(root, name), kind, compute, of)


def kept_by_folder(root: Path, name: str, kind: str, default: T) -> T:
    """What kept_for_folder() keeps for the folder's files as they are now, or `default` (a value
    of the kept type: anything else read back counts as nothing kept)."""
    folder = _folder(name, digest := folder_digest(root, name))
    return default if folder is None else read_pickle(folder / f"{digest}-{kind}.pickle", default)


def kept_load(
    root: Path,
    name: str,
    load: Callable[[], tuple[Project, list[DataError]]],
    screen: Callable[[], list[DataError]],
) -> tuple[Project, list[DataError]]:
    """load() (the game folder `name` loaded, with what concerns no one game) or, when an earlier
    run loaded the same files without an error, that project read back, with the scenario files
    screened now (screen()). The scenario files are left out of the key: loading only screens
    them, and the model reads them itself. So an edit of a case, `check`'s commonest run while a
    scenario is written, reads the game back in about a sixth of the time a load takes."""
    digest = _folder_digest(root, name, with_scenarios=False)
    folder = cache_folder(f"verdicts/{name}/load") if digest is not None and KEBAB.fullmatch(name) else None
    if folder is None:
        return load()
    path = folder / f"{digest}.pickle"
    kept = read_pickle(path, _NOT_KEPT)
    if len(kept) == 2 and isinstance(kept[0], Project) and kept[1] == []:
        return kept[0], screen()
    project, errors = load()
    if not errors:  # a load with errors is done again: its messages are found anew
        write_pickle(path, (project, []), PLACED)
        forget_the_oldest(folder, KEPT_LOADS)
    return project, errors


_NOT_KEPT: tuple = (None, None)


def _folder(name: str, digest: str | None) -> Path | None:
    named = KEBAB.fullmatch(name)  # a folder name of its own, and nothing else
    return cache_folder(f"verdicts/{name}") if digest is not None and named else None


def _kept(name: str, digest: str | None, kind: str, compute: Callable[[], T], of: type | None = None) -> T:
    folder = _folder(name, digest)
    if folder is None:
        return compute()
    value = kept_pickle(folder / f"{digest}-{kind}.pickle", compute, of)
    forget_the_oldest(folder, KEPT_FILES)
    return value


def inputs_digest(root: Path, game: Game) -> str | None:
    """A digest of every file the game's verdict and pages may depend on; None when nothing may be kept."""
    compared = [game.compare_with] if game.compare_with else []
    return _stamped_digest(_inputs(root, related_folders(root, game.id, compared), own=game.id))


def model_digest(root: Path, game: Game) -> str | None:
    """inputs_digest() of what the model reads: the loaded game as the model sees it (model_view)
    in place of its folder's files, but for the scenario files and check cards, which the model
    reads itself."""
    return _model_digest(root, game, with_case_files=True)


def _model_digest(root: Path, game: Game, with_case_files: bool) -> str | None:
    compared = [game.compare_with] if game.compare_with else []
    others = [name for name in related_folders(root, game.id, compared) if name != game.id]
    scenarios = root / "rules_data" / game.id / "scenarios"
    cases: list[str] = []
    for parent, folders, names in os.walk(scenarios):
        folders.sort()
        top = Path(parent) == scenarios
        cases += [os.path.join(parent, n) for n in sorted(names) if with_case_files or not (top and _case_file(n))]
    files = _stamped_digest(sorted({*_inputs(root, others, own=None), *cases}))
    if files is None:
        return None
    return hashlib.sha256(f"{files}\n{_VIEWS.get(game, lambda: repr(model_view(game)))}".encode()).hexdigest()[:32]


def _case_file(name: str) -> bool:
    return name.endswith(".yaml")  # scenarios/<file>.yaml (scenarios/project.scenario_files)


def _case_file_keeper(root: Path, game: Game) -> Callable[[Path], Path | None]:
    """Where what each scenario file gave is kept: under a key of everything else the model
    reads (the other case files left out) and the file's own name and bytes."""
    base = _model_digest(root, game, with_case_files=False)
    folder = cache_folder(f"verdicts/{game.id}/case-files") if base is not None and KEBAB.fullmatch(game.id) else None
    if folder is None:
        return lambda path: None
    forget_the_oldest(folder, KEPT_CASE_FILES)

    def keeper(path: Path) -> Path | None:
        own = _stamped_digest([str(path)])
        if own is None:
            return None
        name = f"{base}\n{os.path.relpath(path, root)}\n{own}"
        return folder / f"{hashlib.sha256(name.encode()).hexdigest()[:32]}.pickle"

    return keeper


# A loaded game is not changed after loading: its view is made once however often a run asks
# (check asks for the verdict and for the lines it prints).
_VIEWS: ByIdentity[str] = ByIdentity(kept=8)


def model_view(game: Game) -> tuple:
    """Everything of a loaded game but its prose and places: the model knows ids, numbers and
    names, never a rules text, a page's words or an example's title (tests/test_game_memo.py
    changes every one of those and finds the same verdict). Names stay: the checks of what a
    story tells need them."""
    return (
        _plain(
            {
                key: value
                for key, value in vars(game).items()
                if key not in ("text", "pages", "where", "entities", "parameters", "examples")
            }
        ),
        tuple(_entity_view(entity) for entity in game.entities.values()),
        tuple(_entity_view(entity) for entity in game.parameters.values()),
        tuple(
            (page.id, page.kind, int(page.order), tuple(e.id for e in page.entities), tuple(t.id for t in page.topics))
            for page in game.pages
        ),
        tuple(
            (ex.id, ex.game, ex.section, _plain(ex.scenario), _plain(ex.show), ex.drawn, ex.file)
            for ex in game.examples
        ),
    )


def _entity_view(entity: Entity) -> tuple:
    return (
        entity.kind,
        entity.id,
        entity.page,
        _plain(entity.name),
        _plain(entity.aliases),
        _plain(entity.sources),
        _plain(entity.fields),
        tuple(child.id for child in entity.children),
        entity.depth,
    )


def _plain(value: object) -> object:
    """A value as plain data, in its order (the model may read a mapping in order)."""
    if isinstance(value, str):
        return str(value)  # a Text without its node
    if isinstance(value, dict):
        return tuple((str(key), _plain(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_plain(item) for item in value)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        return int(value)  # a Number without its place
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(repr(_plain(item)) for item in value))
    if isinstance(value, Path):
        return value.as_posix()
    if isinstance(value, Entity):
        return ("entity", value.id)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *(_plain(getattr(value, f.name)) for f in dataclasses.fields(value)))
    return repr(value)  # anything else as it says itself: an object that names its address never matches


def folder_digest(root: Path, name: str) -> str | None:
    """inputs_digest() of a game folder not loaded yet, with what loading it reads besides."""
    return _folder_digest(root, name, with_scenarios=True)


def _folder_digest(root: Path, name: str, with_scenarios: bool) -> str | None:
    data = root / "rules_data"
    try:
        folders = sorted(entry.name for entry in os.scandir(data) if entry.is_dir())
    except OSError:
        folders = []
    try:  # the edition it is compared with, by any folder its game.yaml names
        said = (data / name / "game.yaml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        said = ""
    related = related_folders(root, name, [folder for folder in folders if folder != name and folder in said])
    every_game = [str(data / folder / "game.yaml") for folder in folders]
    pages = [str(path) for path in sorted((root / CONTENT_FOLDER).rglob("*")) if path.is_file()]
    files = {*_inputs(root, related, own=name), *every_game, *pages}
    if not with_scenarios:
        scenarios = os.path.join(data, name, "scenarios", "")
        files = {path for path in files if not path.startswith(scenarios)}
    return _stamped_digest(sorted(files))


def _stamped_digest(files: list[str]) -> str | None:
    if os.environ.get(EXTRA_PACKAGES_ENV):
        return None
    # A file's size and time say cheaply whether its bytes need reading again (a preview asks
    # after every save, `check` for each game folder): the digest itself is of the bytes. A file
    # written in the last seconds is read whatever its stamp says: two saves within the clock's
    # tick would look alike.
    recent = time.time_ns() - RECENT_NS
    digest = hashlib.sha256(f"{sys.version}\n{yaml.__version__}\n".encode())
    for name in files:
        size, mtime = _stamp(name)
        read = _file_digest.__wrapped__ if mtime > recent else _file_digest
        digest.update(len(name).to_bytes(8, "big") + name.encode() + read(name, size, mtime))
    return digest.hexdigest()[:32]


def related_folders(root: Path, game_id: str, compared_with: list[str]) -> list[str]:
    """The game's folder, the ones it is compared with, and those compared with it."""
    data = root / "rules_data"
    related = {game_id, *compared_with}
    try:
        folders = sorted(entry.name for entry in os.scandir(data) if entry.is_dir())
    except OSError:
        folders = []
    for name in folders:
        try:
            said = (data / name / "game.yaml").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if game_id in said:  # `compare-with: <this game>` (a mention elsewhere only costs a replay)
            related.add(name)
    return sorted(related)


def _inputs(root: Path, games: list[str], own: str | None) -> list[str]:
    """The files of these game folders, the files beside them, mkdocs.yml and the code. Of the
    scenario files, only the `own` game's: a game's model plays its own cases, and its pages tell
    its own (an FAQ ruling's case under the other edition's rules too); an edit of one edition's
    cases leaves the other's verdict and pages as they were."""
    data = root / "rules_data"
    found = [str(root / "mkdocs.yml")]
    try:
        found += [entry.path for entry in os.scandir(data) if entry.is_file()]  # beside the game folders
    except OSError:
        pass
    for folder in (*(data / name for name in games), CODE):
        others_cases = folder.parent == data and folder.name != own
        for parent, folders, names in os.walk(folder):
            folders[:] = [name for name in folders if name != "__pycache__"]
            case_files = others_cases and Path(parent) == folder / "scenarios"
            found += [
                os.path.join(parent, name)
                for name in names
                if not name.endswith(".pyc") and not (case_files and _case_file(name))
            ]
    return sorted(found)


def _stamp(path: str) -> tuple[int, int]:
    try:
        status = os.stat(path)
    except OSError:
        return (-1, -1)
    return (status.st_size, status.st_mtime_ns)


@functools.lru_cache(maxsize=1 << 14)  # a few thousand files in the inputs of all games
def _file_digest(name: str, size: int, mtime: int) -> bytes:
    """The digest of a file's bytes (its size and time only key what is kept)."""
    try:
        data = Path(name).read_bytes()
    except OSError:
        data = b"\0unreadable"
    return hashlib.sha256(data).digest()
