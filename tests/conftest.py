"""Shared fixtures: the project's own data, a built copy of the site served on 127.0.0.1, and a
headless Debian chromium driven by Playwright."""
from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PROJECT_FILES = ("mkdocs.yml", "content", "rules_data", "site_overrides", "build/docs/.gitignore")


@pytest.fixture(scope="session")
def project():
    from generator import pipeline

    return pipeline.check(ROOT)


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


def build(root: Path, site_dir: str = "site") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "build", "--root", str(root), "--site-dir", site_dir],
                          capture_output=True, text=True, cwd=root)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    root = copy_project(tmp_path_factory.mktemp("project"))
    result = build(root)
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "site"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output readable
        pass


@pytest.fixture(scope="session")
def site_url(built_site) -> str:
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "browser tests need Debian's chromium: run scripts/setup --browser"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()
