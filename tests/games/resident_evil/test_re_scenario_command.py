"""`python -m generator scenario FILE` on Resident Evil files: every mistake of a file is reported
with its place before anything runs, and a file it cannot play says why, never as a traceback
or as "names the game ..., which has no rules model"."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.pipeline import scenario_command as cli_scenario

ROOT = Path(__file__).resolve().parents[3]
BAD = Path(__file__).parent / "bad_scenarios"
SHOWN = "tests/games/resident_evil/bad_scenarios/"


def run(path: Path, capsys, *more: str) -> tuple[int, list[str], str]:
    code = cli_scenario.main([str(path), *more])
    captured = capsys.readouterr()
    return code, captured.err.strip().splitlines(), captured.out


def test_every_mistake_of_a_file_is_reported_with_its_place(capsys):
    code, lines, out = run(BAD / "many-mistakes.yaml", capsys)
    *errors, summary = lines
    expected = (BAD / "many-mistakes.expected.txt").read_text(encoding="utf-8").splitlines()
    assert code == 1 and out == ""
    assert [line.replace(SHOWN, "BAD/") for line in errors] == expected
    assert summary == f"{len(expected)} mistakes in {SHOWN}many-mistakes.yaml; no case was played."


def test_a_file_that_fits_is_played(tmp_path, capsys):
    path = tmp_path / "one.yaml"
    path.write_text(
        'edition: resident-evil\ncases:\n  - id: one-step\n    rule: "re-ja-rules § TILES"\n'
        '    map: "A A"\n    characters: {jill: {at: a1, evade-dice: 1, inventory: 6}}\n'
        "    actions: [{who: jill, do: move, to: b1}]\n    expect: {actions-left: 3}\n",
        encoding="utf-8",
    )
    code, errors, out = run(path, capsys)
    assert (code, errors) == (0, [])
    assert "1. jill move to=b1  [done]" in out and out.endswith("1 passed, 0 failed\n")


def test_a_missing_file_is_named(tmp_path, capsys):
    path = tmp_path / "nowhere.yaml"
    assert run(path, capsys) == (
        1,
        [
            f"error: no such file: {path.as_posix()}; name a scenario file, e.g. "
            "rules_data/<game>/scenarios/movement.yaml"
        ],
        "",
    )


def test_a_folder_is_not_a_file(capsys):
    code, errors, _ = run(ROOT / "rules_data" / "resident-evil" / "scenarios", capsys)
    assert (code, errors) == (
        1,
        [
            "error: rules_data/resident-evil/scenarios is a folder; name a scenario file in "
            "it, e.g. rules_data/resident-evil/scenarios/attacks.yaml"
        ],
    )


def test_a_yaml_syntax_error_is_shown_with_its_place(tmp_path, capsys):
    path = tmp_path / "broken.yaml"
    path.write_text("cases:\n  - id: a\n   bad: [\n", encoding="utf-8")
    code, errors, _ = run(path, capsys)
    assert code == 1
    assert errors[0].startswith(f"{path.as_posix()}:3:4: YAML syntax error")
    assert errors[1] == f"1 mistake in {path.as_posix()}; no case was played."


@pytest.mark.parametrize("data_file", ["rules_data/resident-evil/source-notes.yaml", "rules_data/zombicide-1/faq.yaml"])
def test_a_data_file_is_not_a_scenario_file(data_file, capsys):
    code, errors, _ = run(ROOT / data_file, capsys)
    assert (code, errors) == (
        1,
        [
            f"error: {data_file} is not a scenario file: it has no 'cases' (a scenario file is "
            "a mapping with 'cases', a list of cases, and optionally 'edition', the game folder "
            "they play)"
        ],
    )


def test_an_edition_that_is_no_name_is_shown_with_its_place(tmp_path, capsys):
    path = tmp_path / "edition.yaml"
    path.write_text("edition: [1, 2]\ncases: []\n", encoding="utf-8")
    code, errors, _ = run(path, capsys)
    assert (code, errors[0]) == (
        1,
        f"{path.as_posix()}:1:10: edition: expected a game folder's id, such as "
        f"'{tmp_path.parent.name}', found a list ('- ' items)",
    )


def test_an_edition_that_is_no_game_folder_gets_a_did_you_mean(tmp_path, capsys):
    path = tmp_path / "edition.yaml"
    path.write_text("edition: resident-evl\ncases: []\n", encoding="utf-8")
    code, errors, _ = run(path, capsys)
    assert (code, errors) == (
        1,
        [
            f"error: {path.as_posix()} plays the game 'resident-evl', but rules_data/ has no "
            f"such game folder; did you mean 'resident-evil'?"
        ],
    )
