"""Whole builds: a failed build leaves the previous site untouched, equal data gives equal bytes,
and an interrupted build cleans up after itself."""

from __future__ import annotations

import contextlib
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
    """Broken the one way `check` leaves to ProperDocs (a page or a link that does not exist is
    found before the build): this language's navigation lists a page there is none of."""
    before = digest(small_project / "site")
    config = small_project / "mkdocs.yml"
    good = config.read_text(encoding="utf-8")
    entry = re.search(rf"\n( +)- locale: {lang}\n", good)
    assert entry
    broken = good.replace(entry.group(), f"{entry.group()}{entry.group(1)}  nav: [no-such-page.md]\n", 1)
    try:
        config.write_text(broken, encoding="utf-8")
        result = build(small_project)
        assert result.returncode != 0
        said = result.stdout + result.stderr
        assert "A reference to 'no-such-page.md' is included in the 'nav' configuration" in said
        assert re.search(r"Aborted with \d+ warnings in strict mode!", said)
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
        config.write_text(good, encoding="utf-8")


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


def group_members(group: int) -> list[int]:
    """The living processes of a process group (from /proc: no tool needed)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(stat.parent.name))
    return members


@pytest.mark.long(8)
def test_a_killed_builder_leaves_nothing_writing(tmp_path):
    """Killed outright (SIGKILL: no clean-up runs), the builder still takes with it ProperDocs, the
    languages' forked builds, within seconds; the next build removes
    the staging folder it left."""
    root = copy_project(tmp_path)
    builder = subprocess.Popen(
        [sys.executable, "-m", "generator", "build", "--root", str(root)],
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, language_split.ONE_AT_A_TIME_ENV: "0"},  # the languages forked, however busy the machine
    )
    mkdocs = 0
    try:
        mkdocs = wait_for(lambda: children_of(builder.pid), 30)[0]
        # ProperDocs and what it forked (the model's checks, the languages' builds)
        wait_for(lambda: len(group_members(mkdocs)) >= 3, 180)
        builder.kill()
        builder.wait()
        wait_for(lambda: not group_members(mkdocs), 10)
    finally:
        if builder.poll() is None:
            builder.kill()
        for pid in group_members(mkdocs) if mkdocs else []:  # what the test found still running
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def test_a_read_only_site_is_refused_before_anything_is_built(tmp_path, monkeypatch, capsys):
    """The new site takes the old one's place by renaming folders: the old site, and the folder it
    stands in, must be writable. Found before the build, not after it (as root, every folder is
    writable, so the test makes the site read-only by what the build asks of it)."""
    from generator.site import build as site_build

    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("the previous site")
    (tmp_path / "site").chmod(0o555)
    real_access = os.access
    if os.geteuid() == 0:
        monkeypatch.setattr(
            site_build.os,
            "access",
            lambda path, mode: not (Path(path) == tmp_path / "site" and mode & os.W_OK) and real_access(path, mode),
        )

    def no_build(*args, **kwargs):
        raise AssertionError("nothing is built for a site that cannot be replaced")

    monkeypatch.setattr(site_build.subprocess, "Popen", no_build)
    try:
        assert site_build.build_site("site", tmp_path) == 1
    finally:
        (tmp_path / "site").chmod(0o755)
    assert capsys.readouterr().err.strip().splitlines() == [
        "site/ is read-only, so the new site could not take its place; make it writable (chmod u+w site), "
        "or build into another folder with --site-dir; nothing was built"
    ]
    assert (tmp_path / "site" / "index.html").read_text() == "the previous site"
    assert list(tmp_path.glob(".site-*")) == []


def test_a_site_that_cannot_be_swapped_in_leaves_the_previous_one(tmp_path, monkeypatch, capsys):
    """Should the last rename fail all the same (a folder made read-only during the build), the
    first is undone: the previous site stays where it was, with a message, not a traceback."""
    from generator.site import build as site_build

    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("the previous site")

    class FinishedBuild:  # ProperDocs, as far as the swap can tell: the new site is written
        pid = 0

        def __init__(self, command, **kwargs):
            fresh = Path(command[command.index("--site-dir") + 1])
            fresh.mkdir(parents=True)
            (fresh / "index.html").write_text("the new site")

        def wait(self, timeout=None):
            return 0

        def poll(self):
            return 0

    real_rename = Path.rename

    def rename(self, target):
        if Path(target) == tmp_path / "site" and self.name == "site":  # the new site moving in, not the old one back
            raise PermissionError(13, "Permission denied")
        return real_rename(self, target)

    monkeypatch.setattr(site_build.subprocess, "Popen", FinishedBuild)
    monkeypatch.setattr(Path, "rename", rename)
    assert site_build.build_site("site", tmp_path) == 1
    assert capsys.readouterr().err.strip().splitlines() == [
        "the site was built, but site/ could not be replaced (Permission denied); site/ was left as it was"
    ]
    assert (tmp_path / "site" / "index.html").read_text() == "the previous site"
    assert list(tmp_path.glob(".site-*")) == []


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
