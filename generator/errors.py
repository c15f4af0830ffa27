"""The errors a user can cause by editing data or scenarios, in one small tree.

    DataError              one problem (a value, not an exception): where (file:line:column),
                           which entity, what to change
    GeneratorError         base of every exception a user may see; never a bare ValueError/KeyError
    ├── DataErrors         every DataError of a run, sorted by place, with their count
    ├── ScenarioError      a scenario that cannot be read or set up (also a ValueError)
    │   ├── DiceExhausted  a scripted roll asked for more dice than the script holds
    │   ├── RollMismatch   a scripted roll that does not fit what is rolled (its count or a face)
    │   └── MapError       a text map that cannot be read
    └── RulesDataError     rules data the model cannot make coherent rules from (also a ValueError)

Messages are pinned by tests/test_bad_input.py: change them there too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple


class Location(NamedTuple):
    """A place in a file. A named tuple, not a dataclass: loading makes one for every value of
    every data file, and a tuple is made several times faster; it orders by path, line, column."""

    path: str
    line: int  # 1-based
    column: int  # 1-based

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True, order=True)
class DataError:
    where: Location
    breadcrumb: str  # e.g. "rule '<id>' › text › uk"; empty for file-level problems
    message: str  # what is wrong and what to do
    # For a text a draft language does not have yet: that language. Counted by `check`, not an
    # error (generator/languages.py).
    gap: str = ""

    def __str__(self) -> str:
        crumb = f" {self.breadcrumb}:" if self.breadcrumb else ""
        return f"{self.where}:{crumb} {self.message}"


class GeneratorError(Exception):
    """Anything a user can cause; the message says what to change."""


class ScenarioError(GeneratorError, ValueError):
    """A scenario or worked example that cannot be read or set up; the message names the place."""


class MapError(ScenarioError):
    """The text map cannot be read; the message says where and what to write instead."""


class RulesDataError(GeneratorError, ValueError):
    """The data cannot make a coherent rule set; `problems` says what to change."""

    def __init__(self, problems: list):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class DataErrors(GeneratorError):
    """Raised with every error of a run, so the user fixes them all at once."""

    def __init__(self, errors: list[DataError]):
        self.errors = sorted(set(errors))
        super().__init__(self.report())

    def report(self, consequence: str = "nothing was built") -> str:
        """Every error, then their count, where they are and what the command did not do because
        of them: "3 errors in the hand-written pages and the rules data; nothing was built."."""
        lines = [str(e) for e in self.errors]
        count = len(self.errors)
        lines.append(f"{count} error{'s' if count != 1 else ''} in {self.places()}; {consequence}.")
        return "\n".join(lines)

    def places(self) -> str:
        """The folders and files the errors are in, as an editor knows them, in the report's order."""
        names = list(dict.fromkeys(_place_name(error.where.path) for error in self.errors)) or [
            PLACE_NAMES["rules_data"]
        ]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# The folders an editor works in, by what the summary line calls them; any other place (mkdocs.yml,
# a labels file) is named by its path.
PLACE_NAMES = {"rules_data": "the rules data", "content": "the hand-written pages"}


def _place_name(path: str) -> str:
    return PLACE_NAMES.get(path.partition("/")[0], path)


def relative(path: Path, root: Path) -> str:
    """A path as the user sees it: relative to the project when it lies inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
