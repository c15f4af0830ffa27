"""The folder MkDocs reads: hand-written pages from content/ plus the generated pages.

mkdocs-static-i18n rebuilds its File objects from disk, so generated pages must exist as
files; we write them into a build folder (never into content/) and touch only files whose
bytes change, so `properdocs serve` does not loop on its own output.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.errors import GeneratorError
from generator.render.pages import GeneratedPage


def stage(content: Path, generated: list[GeneratedPage], target: Path) -> dict[str, str]:
    """Fill `target`; return {docs path: file a maintainer edits} for every page."""
    wanted: dict[str, bytes] = {}
    edit_sources: dict[str, str] = {}
    # Pages only, never through a link: the check (load/content_pages.py) refuses anything else.
    for path in sorted(p for p in content.rglob("*.md") if p.is_file() and not p.is_symlink()):
        rel = path.relative_to(content).as_posix()
        wanted[rel] = path.read_bytes()
        edit_sources[rel] = f"{content.name}/{rel}"
    for page in generated:
        if page.path in wanted:
            raise GeneratorError(f"{content.name}/{page.path} would hide a generated page; rename or remove it")
        wanted[page.path] = page.markdown.encode("utf-8")
        edit_sources[page.path] = page.edit_source
    target.mkdir(parents=True, exist_ok=True)
    for rel, data in wanted.items():
        out = target / rel
        if not out.exists() or out.read_bytes() != data:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(data)
    for path in sorted(target.rglob("*"), reverse=True):
        rel = path.relative_to(target).as_posix()
        if path.name.startswith("."):
            continue  # the folder's own .gitignore
        if path.is_file() and rel not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return edit_sources


STYLESHEET = "assets/rulebook.css"  # the theme's stylesheet, which each game's own styles extend


def stage_stylesheet(theme_folder: Path, games: list[Path], target: Path) -> None:
    """The site's stylesheet into `target` (a theme folder that comes before the theme's own): the
    theme's, then each game's (a file is written only when its bytes change)."""
    parts = [(theme_folder / STYLESHEET).read_bytes(), *(path.read_bytes() for path in games)]
    out = target / STYLESHEET
    data = b"".join(parts)
    if not out.exists() or out.read_bytes() != data:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)


def clear(target: Path) -> None:
    shutil.rmtree(target, ignore_errors=True)
