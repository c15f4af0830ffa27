"""The live preview (`scripts/site serve`): started on broken data it lists the errors and serves
the site once they are fixed; one save gives one rebuild that re-renders what changed
(the edited game's pages; every game's after a change to a file they all read), the theme
overrides are watched, and broken data never stalls the server: the open page lists the errors
and recovers by itself once the file is fixed. It runs on the minimal data (two small games): what
is checked is the server's behaviour, and each whole build takes a third of the time. What one
save re-renders on the project's own data is tests/test_preview.py's; how long it takes there,
scripts/benchmark.py's."""

from __future__ import annotations

import gzip
import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path

import pytest

from generator.load import interface_labels
from tests.conftest import copy_small_project

pytestmark = pytest.mark.build
PAGE = "ko/mini/zombies/"
ZOMBIES = "rules_data/mini/zombies.yaml"
SKILLS = "rules_data/mini/skills.yaml"
GAMES = ["mini", "mini2"]


class Preview:
    def __init__(self, root: Path, process: subprocess.Popen, port: int, log: Path):
        self.root, self.process, self.log = root, process, log
        self.fixed_skills = ""  # the data the server was started without
        self.url = f"http://127.0.0.1:{port}/"

    def get(self, path: str, timeout: float = 30) -> str:
        with urllib.request.urlopen(self.url + path, timeout=timeout) as response:
            return response.read().decode("utf-8")

    def site_dir(self) -> Path:
        """The temporary folder `mkdocs serve` builds into (its log names it)."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return Path(re.search(r"documentation to directory: (\S+)", text).group(1))

    def builds(self) -> int:
        return self.log.read_text(encoding="utf-8", errors="replace").count("Building documentation...")

    def search_text(self, lang: str) -> str:
        """The text of every page of `lang` in the served full-text index (its page files)."""
        texts = []
        folder = self.site_dir() / ("" if lang == "ja" else f"{lang}/") / "search"
        for path in sorted(folder.glob("p*.json.gz")):
            try:
                texts.append(gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace"))
            except (OSError, EOFError, zlib.error):  # being written now: the next look reads it whole
                continue
        return "".join(texts)

    def log_since_build(self, count: int) -> str:
        """The server's log from the start of build number `count` + 1 on."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return "Building documentation...".join(text.split("Building documentation...")[count + 1 :])

    def rendered_games(self) -> list[list[str]]:
        """For every build so far, the games whose pages the plugin rendered again."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return [line.split(", ") if line != "no game" else [] for line in re.findall(r"rendered again: (.+)", text)]

    def edit(self, relative: str, change) -> str:
        """Apply `change` to a file's text; return the old text for restore()."""
        path = self.root / relative
        old = path.read_text(encoding="utf-8")
        new = change(old)
        assert new != old, "the edit must change the file"
        path.write_text(new, encoding="utf-8")
        return old

    def restore(self, relative: str, text: str, marker_gone_from: str, marker: str) -> None:
        (self.root / relative).write_text(text, encoding="utf-8")
        wait_for(lambda: marker not in self.get(marker_gone_from), 300, self.log)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(condition, seconds: float, log: Path | None = None):
    deadline = time.monotonic() + seconds
    while True:
        try:
            value = condition()
            if value:
                return value
        except OSError:
            pass
        if time.monotonic() >= deadline:  # the server's own log says what it was doing
            tail = log.read_text(encoding="utf-8", errors="replace")[-3000:] if log else ""
            raise AssertionError(f"timed out after {seconds} s; the server's log ends:\n{tail}")
        time.sleep(0.2)


def in_body_text(marker: str):
    """Put a marker at the start of a zombie's Korean text (not a name: no re-render of all)."""
    return lambda text: text.replace("ko: 기본 좀비.", f"ko: {marker}기본 좀비.", 1)


def break_a_reference(text: str) -> str:
    return text.replace("{skill:", "{skil:", 1)


@pytest.fixture
def preview(tmp_path):
    """`scripts/site serve` started on broken data (the first step fixes it)."""
    root = copy_small_project(tmp_path)
    skills = root / SKILLS
    fixed = skills.read_text(encoding="utf-8")
    skills.write_text(break_a_reference(fixed), encoding="utf-8")
    port = free_port()
    log = root / "serve.log"
    with open(log, "w") as out:  # the same command as `scripts/site serve`
        process = subprocess.Popen(
            [sys.executable, "-m", "generator.site.run_mkdocs", "serve", "--dirty", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=root,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    server = Preview(root, process, port, log)
    server.fixed_skills = fixed
    try:
        wait_for(lambda: "</html>" in server.get(""), 300, log)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=30)


def picture_of(page, selector: str, name: str) -> None:
    """A screenshot for whoever reviews the page, kept in tests/artifacts/. The live preview may
    reload the page just as it is taken (a rebuild of an earlier save ending): then the picture
    is taken again once the reloaded page shows `selector`."""
    from playwright.sync_api import Error

    artifacts = Path(__file__).parent / "artifacts"
    artifacts.mkdir(exist_ok=True)
    for attempt in range(3):
        try:
            page.wait_for_selector(selector, timeout=60_000)
            page.screenshot(path=str(artifacts / name))
            return
        except Error:
            if attempt == 2:
                raise


def assert_worded_in(page, lang: str, label: str) -> None:
    """The list's frame speaks the page's language (the messages themselves are check's, English)."""
    labels = interface_labels()
    count = page.locator("#rulebook-build-errors li").count()
    heading = page.locator("#rulebook-build-errors h2").inner_text()
    assert heading == labels[label][lang].replace("{n}", str(count))
    assert page.locator("#rulebook-build-errors ol").get_attribute("lang") == "en"


def started_on_broken_data_it_lists_the_errors_and_serves_the_whole_site_once_fixed(preview, browser):
    """MkDocs alone would stop; the preview serves the hand-written pages with the errors over them."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(preview.url)
        errors = page.wait_for_selector("#rulebook-build-errors", timeout=60_000)
        text = errors.inner_text()
        assert re.search(r"rules_data/mini/skills\.yaml:\d+:\d+: .*unknown reference kind 'skil'", text), text
        assert_worded_in(page, "ja", "preview-data-errors")  # the site's root is the Japanese home
        picture_of(page, "#rulebook-build-errors", "serve-start-broken-390.png")
        (preview.root / SKILLS).write_text(preview.fixed_skills, encoding="utf-8")
        page.wait_for_selector("#rulebook-build-errors", state="detached", timeout=300_000)
        wait_for(lambda: "</html>" in preview.get(PAGE), 300, preview.log)
        # The hand-written home page, built before the games' pages existed, now leads to them too.
        assert '<a href="mini2/" class="md-tabs__link">' in preview.get("")  # a navigation tab
    finally:
        page.close()


def one_save_gives_one_rebuild_that_renders_only_what_changed(preview):
    marker = "저장한번재빌드한번"
    site = preview.site_dir()
    edited, untouched = site / PAGE / "index.html", site / "uk" / "mini2" / "index.html"
    times = edited.stat().st_mtime_ns, untouched.stat().st_mtime_ns
    before = preview.builds()
    old = preview.edit(ZOMBIES, in_body_text(marker))
    wait_for(lambda: marker in preview.get(PAGE), 300, preview.log)
    time.sleep(3)  # a rebuild set off by the build's own output would start within this
    assert preview.builds() - before == 1
    assert preview.rendered_games()[-1] == ["mini"]  # the other games' pages were kept as they were
    assert edited.stat().st_mtime_ns != times[0]
    assert untouched.stat().st_mtime_ns == times[1]  # the other edition's page was not rendered again
    wait_for(lambda: marker in preview.search_text("ko"), 300, preview.log)  # the search index follows
    preview.restore(ZOMBIES, old, PAGE, marker)


def a_save_that_changes_nothing_keeps_the_search_index(preview):
    """A file saved as it was (an editor's autosave, a checkout) rebuilds, renders nothing and
    leaves the search index as it is: indexing the site reads every page again."""
    before = preview.builds()
    (preview.root / ZOMBIES).touch()
    # the plugin's last line of a build ("Documentation built in …" shows once per duration only)
    wait_for(lambda: preview.builds() > before and "offline:" in preview.log_since_build(before), 300, preview.log)
    assert preview.rendered_games()[-1] == []
    assert "search index kept: no page and no data changed" in preview.log_since_build(before)


def a_change_to_a_file_every_game_reads_renders_every_game_again(preview):
    """sources.yaml: a source's title shows wherever a page cites it, in any game."""
    title, marker = "ko: 자료 A", "ko: 출처제목바꿈"
    cited_on = "ko/mini/skills/"
    before = len(preview.rendered_games())
    preview.edit("rules_data/sources.yaml", lambda text: text.replace(title, marker, 1))
    wait_for(lambda: "출처제목바꿈" in preview.get(cited_on), 300, preview.log)
    assert "출처제목바꿈" in preview.get("ko/sources/")
    # The save renders every game once; the watcher may see the write twice, and a second build
    # then renders nothing.
    assert GAMES in preview.rendered_games()[before:], preview.rendered_games()[before:]


def a_change_to_the_theme_overrides_is_served_on_every_page(preview):
    marker = "rulebook-theme-change-marker"
    preview.edit(
        "site_overrides/main.html",
        lambda text: text.replace(
            "{% block extrahead %}\n  {{ super() }}",
            '{% block extrahead %}\n  {{ super() }}\n  <meta name="' + marker + '">',
            1,
        ),
    )
    # pages whose Markdown did not change are rendered again too: the frame is every page's
    for page in (PAGE, "uk/mini2/", ""):
        wait_for(lambda page=page: marker in preview.get(page), 300, preview.log)


def a_translators_edit_to_mkdocs_yml_is_checked_and_shown_on_every_page(preview):
    """Each language's site name is in mkdocs.yml and in every page's header: markup there is
    listed like a data error, and a new name shows on pages whose Markdown did not change."""
    name = "site_name: 보드게임 규칙서"
    status = preview.site_dir() / "rulebook-build-status.json"
    preview.edit("mkdocs.yml", lambda text: text.replace(name, name + " <b>", 1))
    wait_for(
        lambda: re.search(r"mkdocs\.yml:\d+:\d+: language 'ko' › site_name: .*'<'", status.read_text(encoding="utf-8")),
        300,
        preview.log,
    )
    # YAML MkDocs cannot read: no plugin runs, and the list still says file:line:column
    preview.edit("mkdocs.yml", lambda text: text.replace(name + " <b>", name + ": 새", 1))
    wait_for(
        lambda: re.search(r"mkdocs\.yml:\d+:\d+: YAML syntax error", status.read_text(encoding="utf-8")),
        300,
        preview.log,
    )
    preview.edit("mkdocs.yml", lambda text: text.replace(name + ": 새", name + " 새이름", 1))
    wait_for(lambda: "보드게임 규칙서 새이름" in preview.get(PAGE), 300, preview.log)
    assert "새이름" not in preview.get("uk/mini2/")
    assert json.loads(status.read_text(encoding="utf-8"))["errors"] == []


def settled(page, script: str):
    """`script`'s value on the page, or None while the page is being loaded again."""
    from playwright.sync_api import Error

    try:
        return page.evaluate(script)
    except Error:  # "execution context was destroyed": a reload under way
        return None


def registrations(page) -> int | None:
    return settled(page, "navigator.serviceWorker.getRegistrations().then(found => found.length)")


def a_style_edit_shows_on_the_open_page_and_nothing_is_kept_offline(preview, browser):
    """The built site keeps its files for offline use, its stylesheets first; the preview keeps
    nothing, or an edited stylesheet would never show. A service worker left at the preview's
    address (the built site served there before) is removed, and the page it answered loaded again."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(preview.url + PAGE)
        page.evaluate(
            "navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready)"
            ".then(() => caches.open('rulebook-left-over')).then(cache => cache.put('/kept', new Response('x')))"
        )
        page.reload()  # this load is the worker's: the preview's script removes it and loads the page again
        wait_for(lambda: registrations(page) == 0 and settled(page, "caches.has('rulebook-left-over')") is False, 60)
        time.sleep(3)  # on the built site, assets/offline.js registers the worker 2 s after the page loads
        assert registrations(page) == 0
        assert page.evaluate("navigator.serviceWorker.controller") is None
        html = preview.site_dir() / PAGE / "index.html"
        made = html.stat().st_mtime_ns
        preview.edit(
            "site_overrides/assets/rulebook.css", lambda text: text + "\nbody { outline: 3px solid rgb(1, 2, 3); }\n"
        )
        wait_for(
            lambda: settled(page, "getComputedStyle(document.body).outlineColor") == "rgb(1, 2, 3)", 300, preview.log
        )
        assert html.stat().st_mtime_ns == made  # a stylesheet is copied as it is: no page is made again
    finally:
        page.close()


def broken_data_shows_its_errors_on_the_open_page_until_fixed(preview, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(preview.url + PAGE)
        page.wait_for_selector("h1")
        old = preview.edit(SKILLS, break_a_reference)
        errors = page.wait_for_selector("#rulebook-build-errors", timeout=300_000)  # the page reloads by itself
        text = errors.inner_text()
        assert re.search(r"rules_data/mini/skills\.yaml:\d+:\d+: .*unknown reference kind 'skil'", text), text
        assert_worded_in(page, "ko", "preview-rebuild-failed")
        assert "</html>" in preview.get(PAGE, timeout=10)  # requests answer at once, not after a fix
        missing = browser.new_page(
            viewport={"width": 390, "height": 844}
        )  # an address with no page: its 404 lists them too
        missing.goto(preview.url + "uk/no-such-page/")
        missing.wait_for_function("document.documentElement.lang === 'uk'")  # the language's own 404
        assert re.search(
            r"unknown reference kind 'skil'", missing.wait_for_selector("#rulebook-build-errors").inner_text()
        )
        assert_worded_in(missing, "uk", "preview-rebuild-failed")
        picture_of(missing, "#rulebook-build-errors", "serve-errors-404-390.png")
        missing.close()
        picture_of(page, "#rulebook-build-errors", "serve-errors-390.png")
        (preview.root / SKILLS).write_text(old, encoding="utf-8")
        page.wait_for_selector("#rulebook-build-errors", state="detached", timeout=300_000)
        # The fix reloads the page: wait for the reloaded page rather than catch it mid-navigation.
        page.wait_for_selector("h1", state="visible", timeout=60_000)
        assert page.locator("#rulebook-build-errors").count() == 0
    finally:
        page.close()


def a_data_folder_moved_away_and_back_is_still_watched(preview):
    """MkDocs' watch stays on a folder that moves away; the preview follows the folder's place."""
    data, aside = preview.root / "rules_data", preview.root.parent / f"{preview.root.name}-rules-data-aside"
    status = preview.site_dir() / "rulebook-build-status.json"
    data.rename(aside)
    # Moved back once the rebuild has said the data is gone, as a person would; not within the
    # half second in which watchdog still waits to pair the move away with its other half.
    wait_for(lambda: "the rules data folder is missing" in status.read_text(encoding="utf-8"), 120, preview.log)
    aside.rename(data)
    marker = "옮겼다돌아옴"
    preview.edit(ZOMBIES, in_body_text(marker))
    wait_for(lambda: marker in preview.get(PAGE), 300, preview.log)


def an_empty_new_game_folder_is_reported_at_once(preview):
    """A folder event alone rebuilds: the new folder's missing game.yaml is listed."""
    (preview.root / "rules_data" / "newgame").mkdir()
    status = preview.site_dir() / "rulebook-build-status.json"
    wait_for(lambda: "rules_data/newgame" in status.read_text(encoding="utf-8"), 300, preview.log)
    (preview.root / "rules_data" / "newgame").rmdir()
    wait_for(lambda: "rules_data/newgame" not in status.read_text(encoding="utf-8"), 300, preview.log)


def a_page_deleted_is_no_longer_served(preview):
    """`serve --dirty` writes only what changed: a page deleted since its last build must not stay."""
    page = preview.root / "content" / "ja" / "extra.md"
    page.write_text("# 追加のページ { #extra }\n\n消える本文\n", encoding="utf-8")
    wait_for(lambda: "消える本文" in preview.get("extra/"), 300, preview.log)
    page.unlink()
    wait_for(lambda: not served(preview, "extra/"), 300, preview.log)
    assert not (preview.site_dir() / "extra").exists()
    assert "消える本文" not in preview.get("")


def served(preview, path: str) -> bool:
    try:
        preview.get(path)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise
    return True


# One server for all the checks: starting one is a whole build, and pytest-xdist would start one
# per worker for separate tests. Each step edits files no later step reads: only the first edit
# is undone (the undo is served like any edit), since undoing a change every page shows is one
# more whole rebuild.
@pytest.mark.long(15)
@pytest.mark.browser
def test_the_live_preview(preview, browser):
    started_on_broken_data_it_lists_the_errors_and_serves_the_whole_site_once_fixed(preview, browser)
    one_save_gives_one_rebuild_that_renders_only_what_changed(preview)
    a_save_that_changes_nothing_keeps_the_search_index(preview)
    a_change_to_a_file_every_game_reads_renders_every_game_again(preview)
    a_change_to_the_theme_overrides_is_served_on_every_page(preview)
    a_translators_edit_to_mkdocs_yml_is_checked_and_shown_on_every_page(preview)
    a_style_edit_shows_on_the_open_page_and_nothing_is_kept_offline(preview, browser)
    broken_data_shows_its_errors_on_the_open_page_until_fixed(preview, browser)
    a_data_folder_moved_away_and_back_is_still_watched(preview)
    an_empty_new_game_folder_is_reported_at_once(preview)
    a_page_deleted_is_no_longer_served(preview)
