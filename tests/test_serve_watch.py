"""What the live preview's watches do, given the events watchdog sends (no server: the watches'
own handlers; tests/test_serve.py runs the real server): a file of the generator itself saved,
and a source folder moved away and back."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from watchdog.events import DirDeletedEvent, DirModifiedEvent, FileCreatedEvent, FileModifiedEvent, FileMovedEvent

from generator.site import serve


class Server:
    """What the watches use of MkDocs' LiveReloadServer: watch and unwatch, its observer (whose
    unschedule drops every handler of a watch, as watchdog's does) and its rebuild flag. The test
    delivers the events watchdog's polling watches would send."""

    def __init__(self):
        self._rebuild_cond = threading.Condition()
        self._want_rebuild = False
        self._watched_paths: dict[str, int] = {}
        self.observer = self
        self.timeout = 0.02  # the observer's polling interval
        self.handlers: dict[tuple[str, bool], list] = {}  # (folder, recursive): handlers
        self.watched: list[str] = []  # every watch MkDocs was asked for, in turn

    def watch(self, path: str) -> None:
        self._watched_paths[path] = 1
        self.watched.append(path)

    def unwatch(self, path: str) -> None:
        del self._watched_paths[path]
        self.unschedule((path, True))

    def schedule(self, handler, path: str, recursive: bool):
        self.handlers.setdefault((path, recursive), []).append(handler)
        return (path, recursive)

    def unschedule(self, watch) -> None:
        del self.handlers[watch]  # a KeyError once it is gone, as watchdog's

    def deliver(self, folder: Path, recursive: bool, event) -> None:
        for handler in list(self.handlers.get((str(folder), recursive), [])):
            handler.on_any_event(event)

    def saved(self, event) -> bool:
        """Send `event` to the watch of its folder; True if it asked for a rebuild."""
        self._want_rebuild = False
        self.deliver(Path(event.src_path).parent, False, event)
        return self._want_rebuild


def test_templates_and_labels_saved_rebuild_python_code_saved_says_to_restart(tmp_path, caplog):
    code = tmp_path / "generator"
    (code / "render" / "templates").mkdir(parents=True)
    server = Server()
    serve._watch_code(server, serve._code_folders(code))
    # each folder is watched itself, not recursively: a sub-folder's event is the sub-folder's
    assert set(server.handlers) == {
        (str(code), False),
        (str(code / "render"), False),
        (str(code / "render" / "templates"), False),
    }
    templates = code / "render" / "templates"
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.rulebook"):
        caplog.clear()
        assert server.saved(FileModifiedEvent(str(templates / "skill.md.j2")))
        assert server.saved(FileCreatedEvent(str(code / "render" / "labels.yaml")))
        assert not server.saved(DirModifiedEvent(str(templates)))
        assert not caplog.records
        assert not server.saved(FileModifiedEvent(str(code / "plugin.py")))
        # an editor that writes a copy and renames it over the file
        assert not server.saved(
            FileMovedEvent(str(code / "render" / ".pages.py.tmp"), str(code / "render" / "pages.py"))
        )
    warnings = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert warnings == [
        f"{name} changed: the preview runs the generator's code as it was when it started; stop it (Ctrl-C) and "
        f"run scripts/site serve again to use the change"
        for name in ("plugin.py", "pages.py")
    ]


def test_a_folder_back_before_its_parents_next_look_is_watched_again(tmp_path):
    """MkDocs' watches poll: the folder's own watch may look while the folder is away (it says the
    folder is gone, and ends), and its parent's may not look until it is back (the same folder,
    unchanged: no event). The folder is watched again, and the site rebuilt, all the same."""
    data = tmp_path / "project" / "rules_data"
    data.mkdir(parents=True)
    server = Server()
    serve._follow_folders(server, [data])
    assert server.watched == [str(data)]
    aside = tmp_path / "aside"
    data.rename(aside)
    server.deliver(data, True, DirDeletedEvent(str(data)))  # its own watch looked, and has ended
    time.sleep(0.1)
    assert server.watched == [str(data)]  # nothing to watch while it is away
    server._want_rebuild = False
    aside.rename(data)  # back before the parent's watch looked again: it says nothing
    deadline = time.monotonic() + 10
    while not (server._want_rebuild and len(server.watched) == 2) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.watched == [str(data), str(data)] and server._want_rebuild
    assert len(server.handlers[(str(data), True)]) == 1  # the folder's own watch, attached once more
