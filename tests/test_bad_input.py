"""The bad-input corpus: each case breaks a valid minimal data set in one way (or several), and
`python -m generator check` must name every problem with file:line:column, the entity and what
to change. The expected lines are pinned in tests/bad_input/<case>/expected.txt."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
MINIMAL = HERE / "fixtures" / "minimal"
CASES = sorted(p for p in (HERE / "bad_input").iterdir() if p.is_dir())


def run_check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "check", "--root", str(root)],
                          capture_output=True, text=True, cwd=root)


def broken_copy(case: Path, tmp_path: Path) -> Path:
    shutil.copytree(MINIMAL / "rules_data", tmp_path / "rules_data")
    shutil.copytree(case, tmp_path / "rules_data", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("expected.txt"))
    return tmp_path


def test_the_minimal_data_is_valid(tmp_path):
    shutil.copytree(MINIMAL / "rules_data", tmp_path / "rules_data")
    result = run_check(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: 2 games")


def test_the_corpus_covers_at_least_fifteen_kinds():
    assert len(CASES) >= 15


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_reported_with_its_pinned_message(case, tmp_path):
    result = run_check(broken_copy(case, tmp_path))
    expected = (case / "expected.txt").read_text(encoding="utf-8").strip().splitlines()
    *errors, summary = result.stderr.strip().splitlines()
    assert result.returncode == 1
    assert errors == expected
    assert summary == f"{len(expected)} error{'s' if len(expected) > 1 else ''} in the rules data; nothing was built."
