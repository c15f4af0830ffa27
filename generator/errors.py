"""The one error type a user can cause by editing data.

    DataError          one problem: where (file:line:column), which entity, what to change
    DataErrors         an exception carrying every DataError of a run, sorted by place

Messages are pinned by tests/test_bad_input.py: change them there too.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Location:
    path: str
    line: int  # 1-based
    column: int  # 1-based

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True, order=True)
class DataError:
    where: Location
    breadcrumb: str  # e.g. "skill 'slippery' › text › uk"; empty for file-level problems
    message: str  # what is wrong and what to do

    def __str__(self) -> str:
        crumb = f" {self.breadcrumb}:" if self.breadcrumb else ""
        return f"{self.where}:{crumb} {self.message}"


class DataErrors(Exception):
    """Raised with every error of a run, so the user fixes them all at once."""

    def __init__(self, errors: list[DataError]):
        self.errors = sorted(set(errors))
        super().__init__(self.report())

    def report(self) -> str:
        lines = [str(e) for e in self.errors]
        count = len(self.errors)
        lines.append(f"{count} error{'s' if count != 1 else ''} in the rules data; nothing was built.")
        return "\n".join(lines)


def relative(path: Path, root: Path) -> str:
    """A path as the user sees it: relative to the project when it lies inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
