"""Every scenario under rules_data/*/scenarios/ is a test item: `<game>/scenarios/<file>::<case id>`.

Each game folder's cases are read and run with the hooks of the engine its game.yaml names."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from generator import registry
from generator.load.files import display
from generator.scenarios.reading import read_scenario_file
from generator.scenarios.runner import format_trace, run_case
from tests.conftest import read_yaml

ROOT = Path(__file__).resolve().parents[2]


def _hooks(game_folder: str):
    engine = read_yaml(ROOT / "rules_data" / game_folder / "game.yaml")["game"]
    return registry.engine(engine.get("engine")).scenarios  # type: ignore[union-attr]


def _read(path: Path) -> tuple[list[dict], list]:
    """A file's cases, read with positions in its game's format, and every error."""
    folder = path.parent.parent.name
    return read_scenario_file(path, display(path, ROOT), _hooks(folder), folder)


FILES = sorted((ROOT / "rules_data").glob("*/scenarios/*.yaml"))
READ = [_read(path) for path in FILES]
FOLDER = {id(case): path.parent.parent.name for path, (cases, _) in zip(FILES, READ) for case in cases}
CASES = [case for cases, _ in READ for case in cases]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['_file']}::{c['id']}" for c in CASES])
def test_scenario(case, rules_of):
    written = copy.deepcopy(case)
    result = run_case(case, rules_of(case["edition"]), _hooks(FOLDER[id(case)]))
    if not result.ok:
        pytest.fail(f"{case['_file']}::{case['id']}: {result.mismatches[0]}\n{format_trace(result)}", pytrace=False)
    # A page tells the run that gave the verdict, and a preview plays a kept case again: a play
    # that used up the case's own choices would make the next play of it differ.
    assert case == written, "playing the case changed the case's own data"


def test_every_scenario_file_reads_without_an_error():
    assert [str(e) for _, errors in READ for e in errors] == []


def test_every_case_cites_a_known_source():
    sources = {s["id"] for s in read_yaml(ROOT / "rules_data" / "sources.yaml")["sources"]}
    for case in CASES:
        cited = case["rule"].split("§")[0].strip()
        assert cited in sources, f"{case['_file']}::{case['id']} cites unknown source '{cited}'"


def test_enough_scenarios_in_each_edition():
    per_edition: dict[str, int] = {}
    for case in CASES:
        per_edition[case["edition"]] = per_edition.get(case["edition"], 0) + 1
    assert sum(per_edition.values()) >= 60
    assert set(per_edition) >= {"zombicide-1", "zombicide-2"}
