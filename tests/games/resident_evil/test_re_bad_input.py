"""Resident Evil's bad-input corpus: each case breaks the small valid game in fixture/ in one way
(or several), and `python -m generator check` names every problem once, with file:line:column,
the entity or case and what to change. The expected lines are pinned in bad_input/<case>/expected.txt.

A case folder holds files laid over fixture/rules_data/ (`mini-re/parameters.yaml` replaces the
game's parameters). Like tests/test_bad_input.py (whose fixture holds only Zombicide-engine games), the cases run
in-process through the CLI's own `main`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.__main__ import main
from tests.test_bad_input import assert_check_reports_as_pinned, lay_over

HERE = Path(__file__).parent
FIXTURE = HERE / "fixture"
CASES = sorted(p for p in (HERE / "bad_input").iterdir() if p.is_dir())


def broken_copy(case: Path, tmp_path: Path) -> Path:
    lay_over(FIXTURE / "rules_data", case, tmp_path / "rules_data", ignore=("expected.txt",))
    return tmp_path


def test_the_fixture_is_a_valid_game(capsys):
    assert main(["check", "--root", str(FIXTURE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: 1 games")
    assert (
        "mini-re: 0/1 rules sections (0 %) and 0/1 items (0 %) applied by the rules model; 0 FAQ rulings "
        "checked; 2 scenarios; 2 worked examples played by the engine" in out
    )


def test_the_corpus_covers_the_kinds_of_bad_input():
    assert len(CASES) >= 20


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_reported_once_with_its_pinned_message(case, tmp_path, capsys):
    assert_check_reports_as_pinned(case, broken_copy(case, tmp_path), capsys)
