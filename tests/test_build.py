"""Whole builds: a failed build leaves the previous site untouched, equal data gives equal bytes,
and an interrupted build cleans up after itself."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.site import language_split
from tests.conftest import build, copy_project, copy_small_project


def digest(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


pytestmark = pytest.mark.build


@pytest.fixture(scope="module")
def project_copy(built_project, tmp_path_factory) -> Path:
    """The shared built project, copied so a test may break its data."""
    root = tmp_path_factory.mktemp("build") / "project"
    shutil.copytree(built_project, root, symlinks=True)
    return root


# The tests that break and rebuild the small project run on one worker, which builds it once.
SMALL_PROJECT_GROUP = pytest.mark.xdist_group("small-project")


@pytest.fixture(scope="session")
def small_project(tmp_path_factory) -> Path:
    """The minimal data in the project's site, built once per worker that runs SMALL_PROJECT_GROUP
    (a module fixture would be built again each time the worker came back to this module)."""
    root = copy_small_project(tmp_path_factory.mktemp("small") / "project")
    result = build(root)
    assert result.returncode == 0, result.stderr
    return root


def break_a_skill(root: Path) -> None:
    skills = root / "rules_data" / "mini" / "skills.yaml"
    skills.write_text(skills.read_text(encoding="utf-8").replace("{skill:", "{skil:", 1), encoding="utf-8")


@SMALL_PROJECT_GROUP
def test_a_failed_build_leaves_the_previous_site(small_project):
    before = digest(small_project / "site")
    skills = small_project / "rules_data" / "mini" / "skills.yaml"
    good = skills.read_text(encoding="utf-8")
    try:
        break_a_skill(small_project)
        result = build(small_project)
        assert result.returncode != 0
        assert "unknown reference kind 'skil'" in result.stderr + result.stdout
        assert "rules_data/mini/skills.yaml:" in result.stderr + result.stdout
        direct = subprocess.run(
            [sys.executable, "-m", "properdocs", "build", "--strict"], cwd=small_project, capture_output=True, text=True
        )
        assert direct.returncode != 0
        assert digest(small_project / "site") == before
    finally:
        skills.write_text(good, encoding="utf-8")


@SMALL_PROJECT_GROUP
def test_a_build_whose_faq_ruling_the_model_refutes_fails_and_leaves_the_site(small_project):
    """The model's checks run beside the build; their verdict still decides whether it publishes."""
    before = digest(small_project / "site")
    check = small_project / "rules_data" / "mini" / "scenarios" / "skills.yaml"
    good = check.read_text(encoding="utf-8")
    wrong = good.replace("survivors: {amy: {at: b, actions-left: 2}}", "survivors: {amy: {at: b, actions-left: 1}}", 1)
    assert wrong != good, "the fixture edit must change the ruling"
    try:
        check.write_text(wrong, encoding="utf-8")
        result = build(small_project)
        assert result.returncode != 0
        assert re.search(
            r"rules_data/mini/faq\.yaml:\d+:\d+: faq 'faq-slippery-through' .*the rules model disagrees", result.stderr
        ), result.stderr
        assert digest(small_project / "site") == before
    finally:
        check.write_text(good, encoding="utf-8")


@SMALL_PROJECT_GROUP
@pytest.mark.long(3)
@pytest.mark.parametrize("lang", ["ja", "uk"])  # built by the builder; by a forked child of its own
def test_a_language_that_fails_fails_the_build_and_leaves_the_site(small_project, lang):
    before = digest(small_project / "site")
    home = small_project / "content" / lang / "index.md"
    good = home.read_text(encoding="utf-8")
    try:
        home.write_text(good + "\n[x](no-such-page.md)\n", encoding="utf-8")
        result = build(small_project)
        assert result.returncode != 0
        said = result.stdout + result.stderr
        assert f"Doc file '{lang}/index.md' contains a link 'no-such-page.md'" in said
        assert "Aborted with 1 warnings in strict mode!" in said
        assert result.stderr.rstrip().endswith("build failed; site/ was left as it was")
        assert digest(small_project / "site") == before
        assert list(small_project.glob(".site-*")) == []  # neither the staging nor the languages' folder
        # ProperDocs run directly builds the languages beside its site folder: none of them stays either.
        direct = subprocess.run(
            [sys.executable, "-m", "properdocs", "build", "--strict", "--site-dir", "direct"],
            cwd=small_project,
            capture_output=True,
            text=True,
        )
        assert direct.returncode != 0
        assert list(small_project.glob(".site-*")) == []
    finally:
        home.write_text(good, encoding="utf-8")


@pytest.mark.long(25)
def test_the_same_data_gives_the_same_bytes(project_copy):
    """The shared site was built with the languages in two processes at once; this one builds
    them one after another: the bytes must not depend on that, nor on which finished first."""
    one_at_a_time = dict(os.environ, **{language_split.ONE_AT_A_TIME_ENV: "1"})
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", "--root", str(project_copy), "--site-dir", "site-again"],
        capture_output=True,
        text=True,
        cwd=project_copy,
        env=one_at_a_time,
    )
    assert result.returncode == 0, result.stderr
    again, first = digest(project_copy / "site-again"), digest(project_copy / "site")
    assert sorted(path for path in again.keys() | first.keys() if again.get(path) != first.get(path)) == []


def test_each_languages_404_page_offers_each_languages_home(built_site):
    """The language menu of a 404 page cannot keep a page: it leads to each language's home."""
    homes = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
    for folder in ("", "ko/", "uk/"):
        page = (built_site / folder / "404.html").read_text(encoding="utf-8")
        offered = dict(
            (lang, href) for href, lang in re.findall(r'<link rel="alternate" href="([^"]*)" hreflang="([^"]*)"', page)
        )
        assert offered == homes, folder or "root"


def wait_for(condition, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except OSError:
            pass
        time.sleep(0.5)
    raise AssertionError("timed out")


# --- interrupted builds ----------------------------------------------------------------------
def children_of(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize(
    "signum, how", [(signal.SIGINT, "group"), (signal.SIGTERM, "process")], ids=["ctrl-c", "sigterm"]
)
@pytest.mark.long(5)
def test_an_interrupted_build_cleans_up_stops_mkdocs_and_says_so_in_one_line(tmp_path, signum, how):
    root = copy_project(tmp_path)
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("the previous site")
    # A new session stands for a terminal: Ctrl-C reaches its whole foreground group.
    builder = subprocess.Popen(
        [sys.executable, "-m", "generator", "build", "--root", str(root)],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        mkdocs = wait_for(lambda: children_of(builder.pid), 30)[0]
        wait_for(lambda: list(root.glob(".site-*/site")) or (root / "build" / "docs" / "ja").exists(), 30)
        if how == "group":
            os.killpg(builder.pid, signum)
        else:
            os.kill(builder.pid, signum)
        stdout, stderr = builder.communicate(timeout=30)
    finally:
        if builder.poll() is None:
            builder.kill()
    assert builder.returncode == 128 + signum
    assert "Traceback" not in stderr + stdout
    assert (
        stderr.strip().splitlines()[-1]
        == f"build interrupted by {signal.Signals(signum).name}; site/ was left as it was"
    )
    assert "KeyboardInterrupt" not in stderr
    wait_for(lambda: not alive(mkdocs), 5)
    assert list(root.glob(".site-*")) == []
    assert (root / "site" / "index.html").read_text() == "the previous site"


def test_a_build_removes_staging_folders_that_killed_builds_left(tmp_path):
    from generator.site.build import OWNER_FILE, remove_abandoned_staging

    abandoned = tmp_path / ".site-killed"
    (abandoned / "site").mkdir(parents=True)
    (abandoned / OWNER_FILE).write_text(str(2**22 + 1))  # above Linux's pid_max
    running = tmp_path / ".site-running"
    running.mkdir()
    (running / OWNER_FILE).write_text(str(os.getpid()))
    remove_abandoned_staging(tmp_path)
    assert not abandoned.exists() and running.exists()


@pytest.mark.parametrize(
    "setting, idle, at_once",
    [(None, 1.5, True), (None, 0.2, False), ("0", 0.0, True), ("1", 2.0, False)],
)
def test_the_languages_are_built_at_once_only_with_a_core_to_spare(monkeypatch, setting, idle, at_once):
    """A busy machine builds them in turn: the second process would cost CPU and save no time."""
    monkeypatch.setattr(language_split, "cores_idle", lambda: idle)
    monkeypatch.setattr(language_split.os, "sched_getaffinity", lambda pid: {0, 1})
    if setting is None:
        monkeypatch.delenv(language_split.ONE_AT_A_TIME_ENV, raising=False)
    else:
        monkeypatch.setenv(language_split.ONE_AT_A_TIME_ENV, setting)
    assert language_split.wanted() is at_once
