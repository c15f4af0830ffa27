"""The live preview (`scripts/site serve`): what to watch, and a broken build that never hangs.

MkDocs' own server stalls every request after a failed rebuild ("the server will appear stuck").
Here a failed rebuild leaves the last good pages in place and writes the error list to a status
file; every page of the preview carries a small script that shows that list over the page, and
the live reload that follows the next good build removes it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Callable

from generator.runtime.forked import BACKGROUND_NICENESS
from generator.runtime.locations import GENERATOR
from generator.site import patches

log = logging.getLogger("mkdocs.plugins.rulebook")
STATUS_FILE = "rulebook-build-status.json"
OVERLAY_SCRIPT = Path(__file__).with_name("serve_overlay.js")


def watch(server, config, content_dir: Path) -> None:
    """Watch the sources of the pages, not the staged pages the plugin itself writes."""
    root = Path(config.config_file_path).resolve().parent
    server.unwatch(config.docs_dir)  # written by on_config during every build: it would loop
    sources = [root / "rules_data", content_dir]
    sources += [Path(folder) for folder in [config.theme.custom_dir] if folder]
    _follow_folders(server, [Path(os.path.abspath(folder)) for folder in sources])
    # The generator's templates, labels and narration, but not its __pycache__: any Python process
    # that imports the generator (a test, a `check` in another terminal) may write there.
    _watch_code(server, _code_folders(GENERATOR))


def _follow_folders(server, sources: list[Path]) -> None:
    """What MkDocs' own watch misses: a watch stays on a folder that is moved away (so one moved
    back, or made anew, is no longer watched), and a folder event never rebuilds (a new, still
    empty game folder is a mistake check reports). So the folders that hold the sources are
    watched from their parents, and folder events inside the sources rebuild too.

    MkDocs' watches poll (every half second): a folder's own watch that finds it gone says so and
    ends, while its parent's, polling on its own, misses a folder that is back before its next look
    (the same folder, unchanged). So a folder whose watch ended is looked for until it is back."""
    following = threading.Lock()  # the observer's thread and a returning folder's both attach watches
    awaited: set[Path] = set()
    interval = patches.poll_interval(server)

    def on_folder_event(event) -> None:
        if event.is_directory and event.event_type in ("created", "deleted", "moved"):
            patches.request_rebuild(server)
        gone = Path(os.path.abspath(event.src_path))
        if event.event_type == "deleted" and gone in sources:  # the folder's own watch has ended
            await_return(gone)

    folder_watches: dict[Path, object] = {}

    def follow(folder: Path) -> None:
        """(Re)attach both watches of a source folder that stands where it belongs."""
        with following:
            # watchdog drops the watch of a folder that moved away by itself: unscheduling it again fails
            with contextlib.suppress(KeyError):
                if patches.is_watched(server, str(folder)):
                    server.unwatch(str(folder))
            with contextlib.suppress(KeyError):
                if folder in folder_watches:
                    patches.stop_observing(server, folder_watches.pop(folder))
            if folder.is_dir():
                server.watch(str(folder))
                folder_watches[folder] = patches.observe(server, str(folder), on_folder_event, recursive=True)

    def follow_again(folders: list[Path]) -> None:
        try:
            for folder in folders:
                follow(folder)
        except Exception:  # noqa: BLE001 — an exception here would end the observer's thread: every watch
            log.exception("the preview could not watch a moved folder again; restart it to see its changes")
        if folders:
            patches.request_rebuild(server)

    def await_return(folder: Path) -> None:
        with following:
            if folder in awaited:
                return
            awaited.add(folder)

        def look() -> None:
            while not folder.is_dir():
                time.sleep(interval)
            with following:
                awaited.discard(folder)
            follow_again([folder])

        threading.Thread(target=look, name=f"rulebook-awaits-{folder.name}", daemon=True).start()

    def on_parent_event(event) -> None:
        paths = {Path(os.path.abspath(p)) for p in (event.src_path, getattr(event, "dest_path", "")) if p}
        follow_again([folder for folder in sources if folder in paths])

    for folder in sources:
        follow(folder)
    for parent in sorted({folder.parent for folder in sources}):
        patches.observe(server, str(parent), on_parent_event, recursive=False)


def _watch_code(server, folders: list[Path]) -> None:
    """A template, label or narration file saved rebuilds. Python code saved does not: the running
    preview cannot load it again, so a rebuild would show the same pages; it says to restart."""

    def on_code_event(event) -> None:
        if event.is_directory:  # a change inside a sub-folder: that folder's own watch sees it
            return
        saved = [Path(p) for p in (event.src_path, getattr(event, "dest_path", "")) if p]
        python = [path for path in saved if path.suffix == ".py"]
        if python:
            log.warning(
                f"{python[-1].name} changed: the preview runs the generator's code as it was when it "
                f"started; stop it (Ctrl-C) and run scripts/site serve again to use the change"
            )
        else:
            patches.request_rebuild(server)

    for folder in folders:
        patches.observe(server, str(folder), on_code_event, recursive=False)
    log.info(
        f"watching the templates, labels and narration in {folders[0].name}/ too (a change to its Python "
        f"code needs a restart)"
    )


def _code_folders(top: Path) -> list[Path]:
    return [top] + sorted(path for path in top.rglob("*") if path.is_dir() and "__pycache__" not in path.parts)


def keep_serving_on_errors(
    server, current_errors: Callable[[], list[str]], config_errors: Callable[[], list[str]]
) -> None:
    """Wrap the server's rebuild: an error becomes the status file instead of a stalled server.
    When MkDocs cannot read mkdocs.yml, no plugin runs: `config_errors` says why, with places."""
    status = Path(server.root) / STATUS_FILE

    def answering(rebuild: Callable) -> Callable:
        def builder(*args, **kwargs):
            SEARCH.build_started()
            try:
                rebuild(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 — whatever broke, the preview must keep answering
                unread_config = exc.__class__.__name__ == "ConfigurationError" and config_errors()
                errors = unread_config or current_errors() or _exception_lines(exc)
                write_status(status, errors)
                log.error("the preview shows the last good build until these are fixed:\n" + "\n".join(errors))
            finally:
                SEARCH.build_finished()

        return builder

    patches.wrap_rebuild(server, answering)


def _exception_lines(exc: BaseException) -> list[str]:
    if exc.__class__.__name__ in ("PluginError", "BuildError", "Abort", "ConfigurationError"):
        return [line for line in str(exc).splitlines() if line.strip()]
    message = traceback.format_exception_only(exc)[-1].strip()
    place = _template_place(exc)
    return [f"{place}: {message}" if place else message]


def _template_place(exc: BaseException) -> str | None:
    """Where in a theme template (site_overrides/*.html) the error stands, as file:line: a syntax
    error says so itself; an error while rendering has the template's frame in its traceback."""
    filename, line = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    if not (isinstance(filename, str) and filename.endswith(".html") and line):
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith(".html")]
        if not frames:
            return None
        filename, line = frames[-1].filename, frames[-1].lineno
    try:
        shown = Path(filename).resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        shown = filename
    return f"{shown}:{line}"


class SearchFollower:
    """The preview's search index follows the rebuilds without holding them up.

    A rebuild asks for an index of the site it built; the index is written in a background
    thread once that rebuild is served (never while one is building, so it takes no time from
    the page being saved), one index at a time (they write the same files). A rebuild that comes
    meanwhile replaces a request not yet started: only the newest site is indexed. A rebuild that
    starts while an index is being written does not wait for it either; the index of that
    rebuild's own site follows it. A rebuild that wrote no page and read the same data as the
    last one asked for (a file saved unchanged, touched, or checked out again as it was) leaves
    the site as that index sees it: it asks for nothing, unless that index failed.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.wanted: Callable[[], None] | None = None
        self.building = False
        self.worker: threading.Thread | None = None
        self.asked_for: object = None  # the state of the site the newest index asked for is of
        self.failed = False  # the last index written ended in an error

    def want(self, index, project, site_dir: Path, site_state: object) -> bool:
        """index(project, site_dir) writes the index, unless the newest index asked for is of the same `site_state` (any value that compares
        equal when the pages and the data are the same) and did not fail. True if it is asked for."""
        with self.lock:
            if site_state == self.asked_for and not self.failed:
                return False
            self.asked_for = site_state
            self.wanted = lambda: log.info(index(project, site_dir))
            self._start_if_due()
        return True

    def indexed(self, site_state: object) -> None:
        """An index of `site_state` was written without this follower (the preview's first build)."""
        with self.lock:
            self.asked_for, self.failed = site_state, False

    def build_started(self) -> None:
        with self.lock:
            self.building = True

    def build_finished(self) -> None:
        with self.lock:
            self.building = False
            self._start_if_due()

    def join(self) -> None:
        """Wait until every index asked for is written (tests, and a clean exit)."""
        while True:
            with self.lock:
                worker = self.worker
            if worker is None:
                return
            worker.join()

    def _pause_while_building(self, frame, event, arg) -> None:
        """Called as each function of the index starts: while a rebuild runs, the index's Python
        work waits, so that the two do not
        share this process's interpreter lock, of which the rebuild would get half."""
        while self.building:
            time.sleep(0.02)

    def _start_if_due(self) -> None:  # with the lock held
        if self.wanted and not self.building and self.worker is None:
            self.worker = threading.Thread(target=self._work, name="rulebook-search-index", daemon=True)
            self.worker.start()

    def _work(self) -> None:
        _lower_this_threads_priority()
        sys.settrace(self._pause_while_building)  # this thread only
        while True:
            with self.lock:
                if self.wanted is None or self.building:  # a rebuild that began starts the worker at its end
                    self.worker = None
                    return
                job, self.wanted = self.wanted, None
            started = time.perf_counter()
            try:
                job()
                failed = False
                log.info(f"search index rewritten in {time.perf_counter() - started:.1f} s")
            except Exception as exc:  # noqa: BLE001 — the preview goes on; the next save retries
                failed = True
                log.error(f"the search index was not rebuilt: {exc}")
            with self.lock:
                self.failed = failed


def _lower_this_threads_priority() -> None:
    """The index yields the processor to the next rebuild: on Linux a thread has its own nice
    value."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND_NICENESS)
        except OSError:
            pass


SEARCH = SearchFollower()


def indexed_in_build(site_state: object) -> None:
    """The preview's first build wrote its index itself: later rebuilds follow from that state."""
    SEARCH.indexed(site_state)


def in_background(index, project, site_dir: Path, site_state: object) -> bool:
    """Have `index(project, site_dir)` written after this rebuild is served, unless the site is
    as the last index asked for left it (see SearchFollower). True if it is asked for."""
    return SEARCH.want(index, project, site_dir, site_state)


def write_status(path: Path, errors: list[str], pages_missing: bool = False) -> None:
    """pages_missing: there is no good build to show yet, only the hand-written pages."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    status = {"errors": errors, "pages_missing": pages_missing}
    temporary.write_text(json.dumps(status, ensure_ascii=False), encoding="utf-8")
    os.replace(temporary, path)


def overlay_script(mount_path: str, labels: dict[str, dict[str, str]]) -> str:
    """The inline script every preview page carries; it reads the status file of this server and
    words its frame with `labels` (the interface strings, {label: {language: text}})."""
    own = {key: text for key, text in labels.items() if key.startswith("preview-")}
    source = OVERLAY_SCRIPT.read_text(encoding="utf-8")
    source = source.replace("__STATUS_URL__", json.dumps(mount_path + STATUS_FILE)[1:-1])
    source = source.replace("__LABELS__", _script_json(own))
    return "<script>" + source + "</script>"


def _script_json(value) -> str:
    """JSON that cannot end the inline <script> it stands in, whatever its strings hold."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def with_overlay(html: str, script: str) -> str:
    at = html.rfind("</body>")
    return html + script if at < 0 else html[:at] + script + html[at:]


# The theme's templates (main.html, 404.html, sitemap.xml): every page is made with them. Its other
# files (stylesheets, scripts, icons) are copied as they are: pages name them, never hold them.
THEME_TEMPLATES = (".html", ".xml")


def layout_fingerprint(pages: dict[str, bytes], extra: list[object], theme_dir: Path | None) -> str:
    """What every page shows besides its own text: the page list, titles, the site's configuration
    (in `extra`) and the theme's templates.

    A dirty rebuild re-renders only the pages whose Markdown changed; when this changes, every
    page's navigation or frame changes too, so all pages must be rendered again.
    """
    digest = hashlib.sha256()
    for path in sorted(pages):
        digest.update(path.encode() + b"\0" + _title(pages[path]) + b"\0")
    digest.update(repr(extra).encode())
    if theme_dir and theme_dir.is_dir():
        for file in sorted(theme_dir.rglob("*")):
            if file.is_file() and file.suffix in THEME_TEMPLATES:
                digest.update(file.relative_to(theme_dir).as_posix().encode() + file.read_bytes())
    return digest.hexdigest()


def _title(markdown: bytes) -> bytes:
    for line in markdown.splitlines():
        if line.startswith(b"# "):
            return line
    return b""


def touch_all(docs_dir: Path) -> None:
    """Mark every staged page as changed, so a dirty rebuild renders them all."""
    for path in docs_dir.rglob("*.md"):
        os.utime(path)


class PageOutputs:
    """The pages a dirty rebuild no longer writes: `properdocs serve --dirty` writes only what changed
    and never empties the site's folder, so a page deleted since (a hand-written page removed, a
    rules file renamed) would still be served at its old address. Each build lists the pages of
    every language (on_files); the ones the last build had and this one lacks are deleted."""

    def __init__(self) -> None:
        self.last: set[Path] = set()
        self.now: set[Path] = set()

    def start(self) -> None:
        self.now = set()

    def add(self, site_dir: Path, dest_paths: list[str]) -> None:
        self.now.update(site_dir / dest for dest in dest_paths)

    def remove_stale(self, site_dir: Path) -> list[Path]:
        """Delete what the last build wrote and this one does not (with folders left empty)."""
        stale = sorted(self.last - self.now)
        for path in stale:
            with contextlib.suppress(OSError):
                path.unlink()
            folder = path.parent
            while folder != site_dir and site_dir in folder.parents:
                try:
                    folder.rmdir()  # only when empty
                except OSError:
                    break
                folder = folder.parent
        self.last = self.now
        return stale
