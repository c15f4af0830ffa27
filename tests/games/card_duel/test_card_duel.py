"""A game of another shape is one package and one data folder: the card duel beside this test has
no board, one rule, one worked example and two cases. Registered through RULEBOOK_GAME_PACKAGES,
with nothing of the generator changed, it passes check, its page is built, its cases run and its
example is told (without a diagram)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import pipeline, registry
from generator.registry import EXTRA_PACKAGES_ENV

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PACKAGE = "tests.games.card_duel"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project of the duel alone: its data and pages, with the rulebook's site settings."""
    root = tmp_path_factory.mktemp("duel")
    shutil.copytree(HERE / "rules_data", root / "rules_data")
    shutil.copytree(HERE / "content", root / "content")
    shutil.copytree(ROOT / "site_overrides", root / "site_overrides")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return root


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setenv(EXTRA_PACKAGES_ENV, PACKAGE)
    return registry.engines()


def _run(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, EXTRA_PACKAGES_ENV: PACKAGE, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=root, env=env, capture_output=True, text=True)


def test_the_registry_finds_the_package_it_is_told_of(registered):
    assert registered["card-duel"].board == "none"
    assert {"zombicide", "resident-evil"} <= set(registered)


def test_check_passes_and_plays_the_cases_and_the_example(project):
    result = _run(project, "check", "--root", str(project))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: 1 games")


def test_an_example_the_rules_refuse_is_found_by_check_where_it_stands(project, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(project, broken)
    examples = broken / "rules_data" / "duel" / "examples" / "tricks.yaml"
    text = examples.read_text(encoding="utf-8")
    examples.write_text(text.replace("{who: bo, do: play, card: 5}", "{who: bo, do: play, card: 6}"), encoding="utf-8")
    result = _run(broken, "check", "--root", str(broken))
    assert result.returncode == 1
    assert result.stderr.startswith(
        "rules_data/duel/examples/tricks.yaml:15:11: example 'a-trick-and-the-draw' › scenario: the rules model "
        "cannot play this example: step 2 (bo play card=6): not allowed (card-not-in-hand: bo holds no 6)"
    )


def test_a_case_that_expects_what_the_rules_do_not_do_fails(project, tmp_path):
    cases = tmp_path / "tricks.yaml"
    text = (project / "rules_data" / "duel" / "scenarios" / "tricks.yaml").read_text(encoding="utf-8")
    (project / "rules_data" / "duel" / "scenarios" / "wrong.yaml").write_text(
        text.replace("{bo: 1, ann: 0}", "{bo: 0, ann: 1}"), encoding="utf-8"
    )
    try:
        result = _run(project, "scenario", str(project / "rules_data" / "duel" / "scenarios" / "wrong.yaml"))
    finally:
        (project / "rules_data" / "duel" / "scenarios" / "wrong.yaml").unlink()
    assert result.returncode == 1
    assert "scores.bo: expected 0, got 1" in result.stdout and "1 passed, 1 failed" in result.stdout
    assert not cases.exists()


def test_its_cases_run_with_the_scenario_command(project):
    result = _run(project, "scenario", str(project / "rules_data" / "duel" / "scenarios" / "tricks.yaml"))
    assert result.returncode == 0, result.stderr
    assert "2 passed, 0 failed" in result.stdout
    assert "- trick-won who=bo card=5 points=1 reason=higher-card" in result.stdout


def test_its_page_is_built_with_the_example_told_and_no_diagram(project, registered):
    pages = {page.path: page.markdown for page in pipeline.generate(project).pages}
    for lang, said in (
        ("ja", "ボーがトリックを取り、1点を得る"),
        ("ko", "보이(가) 트릭을 가져가고 1점을"),
        ("uk", "взятка за bo"),
    ):
        page = pages[f"{lang}/duel/tricks.md"]
        assert "<!-- example:a-trick-and-the-draw -->" in page
        assert "rb-diagram" not in page  # no board: no figure
        assert said in page or said.replace("ボー", "bo").replace("보", "bo") in page, page


def test_the_layout_check_would_name_the_duels_words_in_shared_code(project, registered):
    from tests.test_layout import forbidden_words

    words = forbidden_words(registered, pipeline.load_checked(project))
    assert {"card-duel", "duel", "カード対決", "Карткова дуель"} <= words


def _duel_walks(registered, project, engine=None, seeds=range(1, 21)):
    """Random play from the duel's cases and example (tests/model/test_random_play.py walks the
    project's games the same way)."""
    from generator.load.files import display
    from generator.scenarios.random_play import Start, set_up, walk
    from generator.scenarios.reading import read_scenario_file

    package = registered["card-duel"]
    game = pipeline.load_checked(project).games["duel"]
    rules = package.rules_for(game)
    path = project / "rules_data" / "duel" / "scenarios" / "tricks.yaml"
    cases, errors = read_scenario_file(path, display(path, project), package.scenarios, "duel")
    assert errors == []
    starts = package.random_play.starts(cases) + [Start(e.id, set_up(e.scenario)) for e in game.examples]
    return [walk(package.random_play, start, rules, seed, steps=30) for start in starts for seed in seeds]


def test_random_play_keeps_the_duels_invariants(project, registered):
    walks = _duel_walks(registered, project)
    assert [w.describe() for w in walks if w.failure] == []
    assert {w.ended for w in walks} == {"over"}  # every hand played out
    assert any(w.refused for w in walks)  # cards played out of turn were tried, and refused


def test_random_play_finds_a_refused_step_that_changed_the_state(project, registered, monkeypatch):
    """The harness itself: an engine that takes the card before refusing is caught, with its start."""
    from tests.games.card_duel.engine import Duel, NotAllowed

    def careless(self, who, card):
        if card in self.hands[who]:
            self.hands[who].remove(card)  # too early: the turn is checked after
        if who != self.order[len(self.table)]:
            raise NotAllowed("not-your-turn", "not now")
        self.table.append((who, card))

    monkeypatch.setattr(Duel, "play", careless)
    failures = [w.describe() for w in _duel_walks(registered, project, seeds=range(1, 4)) if w.failure]
    assert failures and "(not-your-turn) changed the state" in failures[0]
