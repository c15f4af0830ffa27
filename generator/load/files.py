"""The data folders as the loader may read them: no surprise from the file system.

A contributor's copy may hold links to nowhere, link loops, links out of the project (whose
path would then be published in "edit this page"), files with a near-miss name
(`glossary.YAML`, `extra.yml`) or a folder where a file belongs. Each is reported at its own
path with what to do; nothing is silently skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.errors import DataError, Location
from generator.languages import NAME_LANGUAGES

# A game folder becomes `<lang>/<game>/` in the site: it may not take the place of a language,
# the search index, the theme's assets or a generated page at the language's root.
RESERVED_GAME_IDS = (
    *NAME_LANGUAGES,
    "assets",
    "search",
    "javascripts",
    "stylesheets",
    "sources",
    "editions",
    "about",
    "404",
)
IGNORED = (".gitkeep", ".gitignore", "README.md")


def display(path: Path, project_root: Path) -> str:
    """A path as written in the project, without following links (their target may lie elsewhere)."""
    absolute, root = Path(os.path.abspath(path)), Path(os.path.abspath(project_root))
    try:
        return absolute.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def link_problem(path: Path, project_root: Path) -> str | None:
    """Why a symbolic link cannot be read as data, or None when it is fine (or no link)."""
    if not path.is_symlink():
        return None
    try:
        target = path.resolve(strict=True)
    except FileNotFoundError:
        return f"is a link to '{os.readlink(path)}', which does not exist; replace the link with the file itself"
    except (RuntimeError, OSError):
        return "is a link that leads back to itself (a loop); replace the link with the file itself"
    if not target.is_relative_to(project_root.resolve()):
        return (
            "is a link to a file outside the project; copy the file here instead "
            "(its path would be published in the site's edit links)"
        )
    return None


def entries(folder: Path, project_root: Path, errors: list[DataError]) -> list[Path]:
    """The folder's files and sub-folders in order, minus unreadable links (reported) and
    hidden or ignored files."""
    result = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.name in IGNORED:
            continue
        problem = link_problem(path, project_root)
        if problem:
            errors.append(DataError(Location(display(path, project_root), 1, 1), "", f"'{path.name}' {problem}"))
            continue
        result.append(path)
    return result


def yaml_name_problem(path: Path) -> str | None:
    """A near-miss name for a YAML file: what to rename it to."""
    suffix = path.suffix
    if suffix == ".yaml":
        return None
    if suffix.lower() in (".yaml", ".yml"):
        return f"rename '{path.name}' to '{path.stem}.yaml' (the loader reads files ending in lower-case .yaml)"
    return None


def expect_file(path: Path, shown: str, what: str) -> DataError | None:
    """A required file: missing, or a folder in its place."""
    if path.is_dir():
        return DataError(Location(shown, 1, 1), "", f"'{path.name}' is a folder; it must be a file with {what}")
    if not path.exists() and not path.is_symlink():
        return DataError(Location(shown, 1, 1), "", f"the file is missing; create it with {what}")
    return None
