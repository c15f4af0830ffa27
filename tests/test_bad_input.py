"""The bad-input corpus: each case breaks a valid minimal data set in one way (or several), and
`python -m generator check` must name every problem with file:line:column, the entity and what
to change. The expected lines are pinned in tests/bad_input/<case>/expected.txt.

A case folder holds files laid over the minimal project's rules_data/ (`mini/glossary.yaml`
replaces the game's glossary), files under `_project/` laid over the project itself (hand-written
pages laid over the minimal project's content/: the project's home pages, linking its two games), and optionally `setup.txt` for what files cannot express, one step a line:

    remove PATH              delete a file or folder of the project
    mkdir PATH               create a folder (where a file belongs, for instance)
    link PATH -> TARGET      a symbolic link, TARGET as written in the link
    move-out PATH            move a file out of the project and leave a link to it
    fill PATH N TEXT         write TEXT N times where the file says @fill@ (a text too long to keep here)

The cases run in-process (the CLI's own `main`), which keeps the corpus fast; one test runs the
real command line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.__main__ import main

HERE = Path(__file__).parent
MINIMAL = HERE / "fixtures" / "minimal"
CASES = sorted(p for p in (HERE / "bad_input").iterdir() if p.is_dir())
CASE_FILES = ("expected.txt", "setup.txt", "_project")


def run_check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "generator", "check", "--root", str(root)], capture_output=True, text=True, cwd=root
    )


def broken_copy(case: Path, tmp_path: Path) -> Path:
    lay_over(MINIMAL / "rules_data", case, tmp_path / "rules_data", ignore=CASE_FILES)
    if (case / "_project").is_dir():
        if (case / "_project" / "content").is_dir():  # a broken page among the minimal project's own
            shutil.copytree(MINIMAL / "content", tmp_path / "content")
        shutil.copytree(case / "_project", tmp_path, dirs_exist_ok=True, copy_function=_replace)
    setup = case / "setup.txt"
    for line in setup.read_text(encoding="utf-8").splitlines() if setup.exists() else []:
        _setup_step(line.strip(), tmp_path)
    return tmp_path


def lay_over(fixture: Path, case: Path, target: Path, ignore: tuple[str, ...]) -> None:
    """`target` holds the fixture with the case's files laid over it. The fixture's files are hard
    links, not copies (copying took a third of the corpus's time); a file of the case replaces a
    link rather than writing through it, so the fixture itself never changes."""
    shutil.copytree(fixture, target, copy_function=os.link)
    shutil.copytree(case, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*ignore), copy_function=_replace)


def _replace(source: str, target: str) -> None:
    if os.path.lexists(target):
        os.unlink(target)
    shutil.copy2(source, target)


def _setup_step(line: str, root: Path) -> None:
    if not line or line.startswith("#"):
        return
    verb, _, rest = line.partition(" ")
    if verb == "remove":
        path = root / rest
        shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
    elif verb == "mkdir":
        (root / rest).mkdir(parents=True)
    elif verb == "link":
        path, _, target = (part.strip() for part in rest.partition("->"))
        if (root / path).exists():
            (root / path).unlink()
        os.symlink(target, root / path)
    elif verb == "move-out":
        outside = root.parent / f"{root.name}-outside" / Path(rest).name
        outside.parent.mkdir(exist_ok=True)
        shutil.move(root / rest, outside)
        os.symlink(outside, root / rest)
    elif verb == "fill":
        path, count, text = rest.split(" ", 2)
        target = root / path
        target.write_text(target.read_text(encoding="utf-8").replace("@fill@", text * int(count)), encoding="utf-8")
    else:
        raise ValueError(f"unknown setup step: {line}")


def test_the_minimal_data_is_valid(tmp_path):
    shutil.copytree(MINIMAL / "rules_data", tmp_path / "rules_data")
    shutil.copytree(MINIMAL / "content", tmp_path / "content")
    result = run_check(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: 2 games")


def test_the_command_line_reports_bad_input(tmp_path):
    case = HERE / "bad_input" / "several-errors-at-once"
    result = run_check(broken_copy(case, tmp_path))
    assert result.returncode == 1
    assert (
        result.stderr.strip().splitlines()[:-1] == (case / "expected.txt").read_text(encoding="utf-8").split("\n")[:-1]
    )


def test_the_corpus_covers_at_least_120_kinds():
    assert len(CASES) >= 120


# What the summary line calls the place of an error, by the first part of its path.
PLACES = {"rules_data": "the rules data", "content": "the hand-written pages", "mkdocs.yml": "mkdocs.yml"}


def assert_check_reports_as_pinned(case: Path, root: Path, capsys) -> None:
    """`check` on the broken copy at `root` fails with exactly the case's pinned lines, each once,
    then the count of them and where they are."""
    code = main(["check", "--root", str(root)])
    stderr = capsys.readouterr().err
    expected = (case / "expected.txt").read_text(encoding="utf-8").strip().splitlines()
    *errors, summary = stderr.strip().splitlines()
    assert code == 1
    assert errors == expected
    one = len(expected) == 1
    places = list(dict.fromkeys(PLACES[line.split(":")[0].split("/")[0]] for line in expected))
    where = " and ".join(places)  # no case has errors in more than two places
    assert (
        summary
        == f"{len(expected)} error{'' if one else 's'} in {where}; fix {'it' if one else 'them'} and run check again."
    )


def test_the_summary_names_every_place_the_errors_are_in():
    """An editor who broke a page and the data at once is told to look in both; a file outside the
    two folders an editor works in is named by its path."""
    from generator.errors import DataError, DataErrors, Location

    def error(path: str) -> DataError:
        return DataError(Location(path, 1, 1), "", "what is wrong")

    mixed = DataErrors(
        [
            error("rules_data/mini/skills.yaml"),
            error("content/ko/index.md"),
            error("mkdocs.yml"),
            error("rules_data/mini/zombies.yaml"),
        ]
    )
    assert mixed.report().splitlines()[-1] == (
        "4 errors in the hand-written pages, mkdocs.yml and the rules data; nothing was built."
    )
    labels = DataErrors([error("generator/render/labels.yaml")])
    assert labels.report("no scenario was run").splitlines()[-1] == (
        "1 error in generator/render/labels.yaml; no scenario was run."
    )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_reported_with_its_pinned_message(case, tmp_path, capsys):
    assert_check_reports_as_pinned(case, broken_copy(case, tmp_path), capsys)
