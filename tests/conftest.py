"""Shared fixtures: the project's own data, a built copy of the site served on 127.0.0.1, and a
headless Debian chromium (tests/chromium.py) driven by Playwright."""

from __future__ import annotations

import functools
import gc
import http.server
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path

import pytest

# Before any test imports Material or the i18n plugin: their `mkdocs.*` imports load ProperDocs'
# modules, as under ProperDocs' command line (reach 0 of generator/site/patches.py).
from generator.site import patches  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
PROJECT_FILES = ("mkdocs.yml", "content", "rules_data", "site_overrides", "build/docs/.gitignore")
# The cyclic garbage collector took a tenth of the quick loop's time: the tests allocate a lot
# and leave few cycles, and the session fixtures (the project's data, the rules, rendered pages)
# were walked again at every full collection. So it runs less often (Python's default is
# (700, 10, 10)), and what collection and the session fixtures hold is frozen once set up.
GC_THRESHOLDS = (20_000, 20, 20)


def pytest_configure(config):
    gc.set_threshold(*GC_THRESHOLDS)
    _parse_each_file_once()


def _parse_each_file_once() -> None:
    """Tests load the project, and copies of it, hundreds of times (and collection reads every
    scenario file): parse each version of a file once per process. Parsing depends only on the
    path shown, the bytes and the parser; nothing downstream changes a node. yamlpos.parse keeps
    only the last version under each path, while tests lay different versions under the same
    paths in turn (the bad-input corpus), so this keeps every version."""
    from generator.load import yamlpos

    parse_bytes = yamlpos._parse_bytes
    memo: dict[tuple, tuple] = {}

    def parse_once(raw: bytes, display: str):
        key = (display, raw, yamlpos._FastParser)  # a test may switch the parser off
        if key not in memo:
            memo[key] = parse_bytes(raw, display)
        root, errors = memo[key]
        return root, list(errors)

    yamlpos._parse_bytes = parse_once


def read_yaml(path: Path):
    """A YAML file's plain data, parsed once per process (libyaml's loader when PyYAML has it).
    For files of the project itself, which no test changes: read the data, never change it."""
    return _read_yaml(str(path), path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=None)
def _read_yaml(path: str, mtime_ns: int):
    import yaml

    from generator.load.yamlpos import SAFE_LOADER

    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=SAFE_LOADER)


@pytest.fixture(scope="session")
def project():
    """The project's data, loaded and checked once per worker. Read it, never change it."""
    from generator import pipeline

    return pipeline.check(ROOT)


RENDERED_PAGES_GROUP = pytest.mark.xdist_group("rendered-pages")  # on the tests that ask for them


@pytest.fixture(scope="session")
def rendered_pages(project) -> dict[str, str]:
    """Every generated page's Markdown by its path, rendered once per worker. The tests that ask
    for them are marked RENDERED_PAGES_GROUP, so that one worker renders them, not each (2 s)."""
    from generator import registry
    from generator.render.pages import render_project

    return {page.path: page.markdown for page in render_project(project, registry.engines())}


def copy_project(target: Path) -> Path:
    """The parts of the project a build reads, so tests can break or rebuild them freely."""
    for name in PROJECT_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def copy_small_project(target: Path) -> Path:
    """The project's site, theme and pages around the minimal test data (two small games): a
    whole build, through the same processes, in a third of the time."""
    root = copy_project(target)
    shutil.rmtree(root / "rules_data")
    shutil.copytree(ROOT / "tests" / "fixtures" / "minimal" / "rules_data", root / "rules_data")
    shutil.rmtree(root / "content")  # the real homes link the real games; these, the small ones
    shutil.copytree(ROOT / "tests" / "fixtures" / "minimal" / "content", root / "content")
    return root


def build(root: Path, site_dir: str = "site") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "generator", "build", "--root", str(root), "--site-dir", site_dir],
        capture_output=True,
        text=True,
        cwd=root,
    )


# --- sites built once for the whole run --------------------------------------------------------
# Building a site takes a while, so each one is built once per run, in the background, and shared
# by every test and every xdist worker (session fixtures run once per worker, hence the files and
# the lock below instead of a plain fixture). The project's own site starts building the moment
# the tests are collected.
SITE_FIXTURES = {"built_project", "built_site", "site_url"}
OTHER_BUILD_FIXTURES = {"harmless_site"}  # tests/test_injection.py builds a site of its own
BROWSER_FIXTURES = {"browser", "page"}
BUILD_TIMEOUT = 900
_background: dict[str, subprocess.Popen] = {}


def _shared_folder(config: pytest.Config) -> Path:
    """A folder of this run that every xdist worker sees (each worker's basetemp is inside it)."""
    base = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def start_shared_build(config: pytest.Config, name: str, lay_out=copy_project) -> None:
    """Build, in the background, the project that lay_out(folder) writes, unless a worker already
    started it. Its output goes to <name>.log and its exit status to <name>.rc."""
    shared = _shared_folder(config)
    try:  # the first worker to get here starts the build; the others only wait for it
        os.close(os.open(shared / f"{name}.started", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return
    log = open(shared / f"{name}.log", "w")
    try:
        root = lay_out(shared / name)
    except BaseException:
        log.write(traceback.format_exc())
        log.close()
        (shared / f"{name}.rc").write_text("the project could not be laid out\n")
        raise
    _background[name] = subprocess.Popen(
        [
            "sh",
            "-c",
            '"$0" -m generator build --root "$1"; echo $? > "$2"',
            sys.executable,
            str(root),
            str(shared / f"{name}.rc"),
        ],
        cwd=root,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        # The languages at once, however busy the machine is: tests/test_build.py compares this
        # site with one built a language at a time.
        env={**os.environ, "RULEBOOK_ONE_LANGUAGE_AT_A_TIME": "0"},
    )


def shared_build(config: pytest.Config, name: str, lay_out=copy_project) -> tuple[Path, str]:
    """The project folder of a shared build and the build's output, once it succeeded."""
    start_shared_build(config, name, lay_out)  # nothing if started, e.g. after collection
    shared = _shared_folder(config)
    rc_file = shared / f"{name}.rc"
    deadline = time.monotonic() + BUILD_TIMEOUT
    while not rc_file.exists() or not rc_file.read_text().strip():
        assert time.monotonic() < deadline, f"the shared build of {name} did not finish"
        time.sleep(0.2)
    log = (shared / f"{name}.log").read_text(encoding="utf-8", errors="replace")
    assert rc_file.read_text().strip() == "0", log
    return shared / name, log


@pytest.hookimpl(tryfirst=True)  # before -m deselects by the markers added here
def pytest_collection_modifyitems(session, config, items):
    """Mark browser and whole-site tests, and put the longest tests first."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if fixtures & (SITE_FIXTURES | OTHER_BUILD_FIXTURES):
            item.add_marker(pytest.mark.build)
    items.sort(key=start_order)  # stable: keeps file order within each rank
    if getattr(config.option, "loadgroup", False):  # an xdist worker under --dist loadgroup
        _group(items)


def _group(items: list[pytest.Item]) -> None:
    """What pytest-xdist 3.8 does for --dist loadgroup, which no longer takes under pytest 9: it
    renames a test marked xdist_group("g") to "<id>@g" through an attribute pytest 9 does not read."""
    try:
        from _pytest.nodes import coerce_node_id
    except ImportError:  # another pytest: the tests still run, only not grouped
        return
    for item in items:
        mark = item.get_closest_marker("xdist_group")
        if mark and not item.nodeid.endswith(f"@{mark.args[0]}"):
            item._id = coerce_node_id(f"{item.nodeid}@{mark.args[0]}")  # type: ignore[attr-defined]


def start_order(item: pytest.Item) -> tuple:
    """Longest first, so that the workers finish together (scripts/test hands the tests out in
    this order, one at a time, to whichever worker is free): the tests marked `long` that do not
    wait for the shared site, then those that do (it is being built meanwhile), then the short
    browser and whole-site tests, then the quick ones, which fill the gaps at the end."""
    long = item.get_closest_marker("long")
    needs_site = bool(set(getattr(item, "fixturenames", ())) & SITE_FIXTURES)
    if long:
        return (0, needs_site, -long.args[0])
    return (1, item.get_closest_marker("build") is None, 0)


def pytest_collection_finish(session):
    """Once -m and -k have chosen the tests: start the shared build if any of them needs the site."""
    gc.freeze()  # what collection read (the data behind the parameters) stays to the end
    needs_site = any(set(getattr(item, "fixturenames", ())) & SITE_FIXTURES for item in session.items)
    if needs_site and not session.config.option.collectonly:
        start_shared_build(session.config, "built-project")


def pytest_sessionfinish(session, exitstatus):
    """The worker that started a build lets it finish for the others, unless the run was stopped."""
    while _background:
        _, process = _background.popitem()
        if process.poll() is not None:
            continue
        if exitstatus == pytest.ExitCode.INTERRUPTED:
            os.killpg(process.pid, signal.SIGTERM)  # the build removes its staging folder on SIGTERM
        process.wait()


# Session fixtures live as long as the worker: out of the garbage collector's sight once set up.
@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef, request):
    value = yield
    if fixturedef.scope == "session":
        gc.freeze()
    return value


@pytest.fixture(scope="session")
def built_project(request) -> Path:
    """A copy of the project with its site built in site/. Read it, never change it: copy it first."""
    return shared_build(request.config, "built-project")[0]


@pytest.fixture(scope="session")
def built_site(built_project) -> Path:
    return built_project / "site"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output readable
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A static host for the browser tests that says nothing when the browser drops a request it
    no longer needs (a page left while its files load): only a real error is printed."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_url(built_site) -> str:
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        _kept_pages.clear()
        chromium.close()


def _new_page(browser):
    # No service worker: two seconds after a page loads it would fetch every file of the
    # language for offline use. test_reader.py's offline test turns it on and checks it.
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 900}, service_workers="block")
    return context, context.new_page()


# --- pages kept from one test to the next ------------------------------------------------------
# Opening a page starts a renderer process, which costs about as much as two page loads. So each
# worker keeps a page for each set of context options and hands it to the next test asking for
# the same ones, left as a new page is: no routes, storage, cookies or emulated media, on
# about:blank (so that no address the next test opens is a jump within the page it was on). A
# page whose test failed is closed, not handed on. Tests that add init scripts, listeners or a
# service worker open a context of their own.
_kept_pages: dict[tuple, tuple] = {}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.rulebook_failed = True  # type: ignore[attr-defined]
    return report


def kept_page(browser, request, viewport: dict, **options):
    """A fixture body: a page with these context options (service workers blocked) at `viewport`."""
    key = tuple(sorted(options.items()))
    if key not in _kept_pages:
        context = browser.new_context(viewport=viewport, service_workers="block", **options)
        _kept_pages[key] = (context, context.new_page())
    context, page = _kept_pages[key]
    page.set_viewport_size(viewport)
    yield page
    if getattr(request.node, "rulebook_failed", False) or not _left_as_new(page):
        del _kept_pages[key]
        context.close()


def _left_as_new(page) -> bool:
    try:
        page.unroute_all(behavior="ignoreErrors")
        page.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }")
        page.context.clear_cookies()
        page.emulate_media(media="null", color_scheme="null", reduced_motion="null")
        page.goto("about:blank")
        return True
    except Exception:  # a page in a state we cannot undo is not handed on
        return False


@pytest.fixture
def page(browser, request):
    yield from kept_page(browser, request, {"width": 1280, "height": 900}, locale="ja-JP")


@pytest.fixture(scope="module")
def page_at(browser):
    """page_at(address): a page of the module's browser, kept loaded at that address for every
    test of the module that asks for it, like a reader typing one query after another. For tests
    that leave it at its address and leave nothing behind (no storage, no routes): a page loads
    once, not once per test, and the search's indexes, once loaded, stay loaded."""
    context, first = _new_page(browser)
    pages: dict[str, object] = {}

    def at(address: str):
        if address not in pages:
            pages[address] = first if not pages else context.new_page()
            pages[address].goto(address)
        pages[address].bring_to_front()  # a tab behind another waits for its timers and frames
        return pages[address]

    yield at
    context.close()


# The rules model's tests: each edition's Rules, built from the project's data. They live here,
# not in tests/model/conftest.py, so `from conftest import …` always means this module.


@pytest.fixture(scope="session")
def rules_of(project):
    """rules_of(game id): that game's rules model, made once per worker from the checked project
    (what its package's rules_for gives, without loading the project again for each game)."""
    from generator import registry

    made: dict = {}

    def rules(game_id: str):
        if game_id not in made:
            game = project.games[game_id]
            made[game_id] = registry.for_game(game).rules_for(game)
        return made[game_id]

    return rules


@pytest.fixture(scope="session")
def z1(rules_of):
    return rules_of("zombicide-1")


@pytest.fixture(scope="session")
def z2(rules_of):
    return rules_of("zombicide-2")
