"""`check` shares the games between processes (generator/pipeline/split_check.py); what it reports must be
what one process loading everything reports (pipeline.check), whatever share each game is in.
The bad-input corpus runs the command itself, so every pinned message goes through the split."""

from __future__ import annotations

import os
import pickle
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator import pipeline, registry
from generator.errors import DataErrors
from generator.pipeline import split_check
from tests.conftest import ROOT
from tests.test_bad_input import MINIMAL
from tests.test_build import alive, children_of

MODEL_ERROR = ("faq-case-step-that-cannot-be-played", "mini/scenarios/skills.yaml")


def serial_errors(root: Path) -> list:
    with pytest.raises(DataErrors) as raised:
        pipeline.check(root)
    return raised.value.errors


@pytest.fixture
def minimal_copy(tmp_path, monkeypatch) -> Path:
    """The minimal data, which check shares between processes as it does the project's."""
    monkeypatch.setattr(split_check, "SPLIT_FROM_BYTES", 0)
    shutil.copytree(MINIMAL / "rules_data", tmp_path / "rules_data")
    return tmp_path


def test_the_projects_figures_and_model_lines_are_those_of_one_process(project):
    verdict = split_check.check(ROOT)
    assert verdict.errors == []
    assert [game.links.id for game in verdict.games] == list(project.games)
    assert [(game.entities, game.parameters) for game in verdict.games] == [
        (len(game.entities), len(game.parameters)) for game in project.games.values()
    ]
    assert [line for game in verdict.games for line in game.report] == [
        line for game in project.games.values() for line in registry.for_game(game).report(game, ROOT)
    ]


@pytest.mark.parametrize("cores", [0, 1, 2, 8])
def test_each_game_is_in_exactly_one_share(monkeypatch, cores):
    """One process more than the cores idle (none idle: this process alone)."""
    monkeypatch.setattr(split_check, "idle_cores_now", lambda: cores)
    names = ["zombicide-1", "zombicide-2", "resident-evil"]
    shares = split_check._shares(names, ROOT)
    assert sorted(name for share in shares for name in share) == sorted(names)
    assert len(shares) == min(len(names), cores + 1) and all(shares)


def test_little_data_is_checked_by_one_process():
    assert split_check._shares(["mini", "mini2"], MINIMAL) == [{"mini", "mini2"}]


def test_a_game_compared_with_a_game_that_did_not_load_is_reported_as_by_one_process(minimal_copy, monkeypatch):
    """mini2 compares itself with mini, which another process reads; mini's game.yaml is broken.
    That is the one mistake: mini is no unknown game where mini2 and the sources name it."""
    monkeypatch.setattr(split_check, "idle_cores_now", lambda: 2)
    root = minimal_copy
    assert len(split_check._shares(["mini", "mini2"], root)) == 2
    (root / "rules_data/mini/game.yaml").write_text("game: [not, a, mapping]\n", encoding="utf-8")
    split = split_check.check(root).errors
    assert [error.where.path for error in split] == ["rules_data/mini/game.yaml"]
    assert not any("unknown game" in error.message for error in split)
    assert DataErrors(split).errors == serial_errors(root)


def test_two_games_of_one_order_read_by_two_processes_are_reported_as_by_one_process(minimal_copy):
    root = minimal_copy
    for game in ("mini", "mini2"):
        shutil.copy(ROOT / "tests/bad_input/game-order-twice" / game / "game.yaml", root / "rules_data" / game)
    split = split_check.check(root).errors
    assert [(str(error.where), error.breadcrumb) for error in split] == [
        ("rules_data/mini2/game.yaml:3:10", "game 'mini2' › order")
    ]
    assert "(rules_data/mini/game.yaml:3:10)" in split[0].message  # the place of the first, read by the other process
    assert DataErrors(split).errors == serial_errors(root)


def test_the_models_errors_count_only_when_no_share_found_an_error_in_the_data(minimal_copy):
    root = minimal_copy
    case, refuted = MODEL_ERROR
    shutil.copy(ROOT / "tests/bad_input" / case / refuted, root / "rules_data" / refuted)
    alone = split_check.check(root).errors
    assert [error.where.path for error in alone] == [f"rules_data/{refuted}"]
    assert DataErrors(alone).errors == serial_errors(root)
    zombies = root / "rules_data/mini2/zombies.yaml"  # the other game, in the other share, breaks too
    zombies.write_text(zombies.read_text(encoding="utf-8").replace("walker", "walkerr", 1), encoding="utf-8")
    both = split_check.check(root).errors
    assert both and all(error.where.path.startswith("rules_data/mini2/") for error in both)
    assert DataErrors(both).errors == serial_errors(root)


@pytest.mark.parametrize(
    "signum, how", [(signal.SIGINT, "group"), (signal.SIGTERM, "process")], ids=["ctrl-c", "sigterm"]
)
def test_an_interrupt_stops_every_process_of_check_and_says_so_in_one_line(signum, how, tmp_path):
    # A new session stands for a terminal: Ctrl-C reaches its whole foreground group. An empty
    # cache folder: with every game kept from an earlier check, nothing would be shared out.
    check = subprocess.Popen(
        [sys.executable, "-m", "generator", "check", "--root", str(ROOT)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "RULEBOOK_IDLE_CORES": "2", "XDG_CACHE_HOME": str(tmp_path)},  # share the games out
    )
    try:
        deadline = time.monotonic() + 30
        while not children_of(check.pid) and check.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        children = children_of(check.pid)
        assert children, "check ended before it shared the games out"
        (os.killpg if how == "group" else os.kill)(check.pid, signum)
        stdout, stderr = check.communicate(timeout=30)
    finally:
        if check.poll() is None:
            check.kill()
    assert check.returncode == 128 + signum
    assert stderr.strip().splitlines() == [
        f"check interrupted by {signal.Signals(signum).name}; it changes nothing, so nothing was left half done"
    ]
    assert not any(alive(child) for child in children)


def test_check_loads_again_only_the_games_whose_files_changed_and_finds_what_a_fresh_check_finds(
    minimal_copy, monkeypatch, tmp_path
):
    """What each game folder gave check is kept (game_memo.kept_for_folder): a check over the same
    files loads no game, an edit loads the edited game and the editions compared with it again,
    an edit to a hand-written page every game, and the verdict is always the one a check with
    nothing kept gives."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(registry.EXTRA_PACKAGES_ENV, raising=False)
    monkeypatch.setattr(split_check, "idle_cores_now", lambda: 0)  # one process: every load seen here
    root = minimal_copy
    shutil.copytree(MINIMAL / "content", root / "content")
    shutil.copytree(root / "rules_data/mini", root / "rules_data/solo")  # a game compared with none
    cases = root / "rules_data/solo/scenarios/skills.yaml"
    cases.write_text(cases.read_text(encoding="utf-8").replace("edition: mini\n", "edition: solo\n"), encoding="utf-8")
    loaded: list[str] = []
    load_share = split_check._load_share
    monkeypatch.setattr(
        split_check, "_load_share", lambda root, names: loaded.extend(sorted(names)) or load_share(root, names)
    )

    def check(cache: str = "cache") -> tuple[list, list[str], list]:
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / cache))
        loaded.clear()
        verdict = split_check.check(root)
        return verdict.errors, [game.links.id for game in verdict.games], verdict.gaps

    def fresh() -> tuple[list, list[str], list]:
        shutil.rmtree(tmp_path / "empty", ignore_errors=True)
        return check("empty")

    first = check()
    assert loaded == ["mini", "mini2", "solo"] and first[0] == [] and first[1] == ["mini", "mini2", "solo"]
    assert check() == first and loaded == []  # only what concerns no one game is read again
    for kept, damage in zip(sorted((tmp_path / "cache").rglob("*-check.pickle")), (b"\x80garbage", pickle.dumps([1]))):
        kept.write_bytes(damage)  # unreadable, or not what check keeps: that game is loaded again
    assert check() == first and len(loaded) == 2
    zombies = root / "rules_data/mini2/zombies.yaml"
    zombies.write_text(zombies.read_text(encoding="utf-8").replace("walker", "walkerr", 1), encoding="utf-8")
    broken = check()
    assert loaded == ["mini", "mini2"]  # mini2 is compared with mini: both read again, solo kept
    assert broken[0] and all(error.where.path.startswith("rules_data/mini2/") for error in broken[0])
    assert broken == fresh()
    page = root / "content/uk/index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n[Ніде](nowhere.md)\n", encoding="utf-8")
    with_page = check()
    assert loaded == ["mini", "mini2", "solo"] and with_page == fresh() and len(with_page[0]) > len(broken[0])
