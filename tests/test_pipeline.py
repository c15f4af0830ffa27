"""The rules model's checks may run beside the build (`python -m generator build`): their
errors still fail it, with the same messages, and a crash in them is not silently lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import pipeline
from generator.errors import DataError, DataErrors, Location

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = Path(__file__).parent / "fixtures" / "minimal"


def test_model_errors_found_beside_the_build_fail_it_with_their_place(monkeypatch):
    error = DataError(Location("rules_data/mini/scenarios/faq.yaml", 7, 5), "scenario 'x'", "expected a walker")
    monkeypatch.setattr(pipeline, "_model_errors", lambda project, root: [error])
    generated = pipeline.generate(MINIMAL, check_beside=True)
    assert generated.pages  # rendering went on meanwhile
    with pytest.raises(DataErrors) as raised:
        generated.confirm()
    assert raised.value.errors == [error]
    assert "rules_data/mini/scenarios/faq.yaml:7:5: scenario 'x': expected a walker" in raised.value.report()


def test_a_crash_in_the_model_checks_is_reported_not_lost(monkeypatch):
    def crash(project, root):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(pipeline, "_model_errors", crash)
    generated = pipeline.generate(MINIMAL, check_beside=True)
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        generated.confirm()


def test_clean_data_confirms_and_gives_the_same_pages_as_the_plain_pipeline():
    beside = pipeline.generate(MINIMAL, check_beside=True)
    beside.confirm()
    plain = pipeline.generate(MINIMAL)
    assert [(p.path, p.markdown) for p in beside.pages] == [(p.path, p.markdown) for p in plain.pages]


def test_a_long_error_list_from_beside_the_build_arrives_whole(monkeypatch):
    """More errors than a pipe holds at once must neither hang the build nor be cut short."""
    errors = [
        DataError(Location("rules_data/mini/skills.yaml", line, 1), f"skill 's{line}'", "x" * 200)
        for line in range(1, 2001)
    ]
    monkeypatch.setattr(pipeline, "_model_errors", lambda project, root: errors)
    generated = pipeline.generate(MINIMAL, check_beside=True)
    generated.confirm_if_done()  # may or may not have the verdict yet; must not block either way
    with pytest.raises(DataErrors) as raised:
        generated.confirm()
    assert raised.value.errors == sorted(errors)


def test_check_piped_into_a_reader_that_stops_ends_quietly(tmp_path):
    """`python -m generator check | head -1`: no traceback when the reader stops reading."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    minimal = Path(__file__).parent / "fixtures" / "minimal"
    shutil.copytree(minimal / "rules_data", tmp_path / "rules_data")
    checker = subprocess.Popen(
        [sys.executable, "-m", "generator", "check", "--root", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert checker.stdout is not None and checker.stderr is not None
    checker.stdout.close()  # the reader is gone before the first line
    stderr = checker.stderr.read().decode()
    assert checker.wait() == 0, stderr
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr
