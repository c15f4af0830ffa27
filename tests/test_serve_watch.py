"""What the live preview does when a file of the generator itself is saved (no server: the watch's
own handler, given the events watchdog sends; tests/test_serve.py runs the real server)."""
from __future__ import annotations

import logging
import threading
from pathlib import Path

from watchdog.events import DirModifiedEvent, FileCreatedEvent, FileModifiedEvent, FileMovedEvent

from generator import serve


class Server:
    """What the watch uses of MkDocs' LiveReloadServer: its observer and its rebuild flag."""

    def __init__(self):
        self._rebuild_cond = threading.Condition()
        self._want_rebuild = False
        self.handlers: dict[str, object] = {}
        self.observer = self

    def schedule(self, handler, path: str, recursive: bool):
        assert not recursive  # each folder is watched itself: a sub-folder's event is the sub-folder's
        self.handlers[path] = handler

    def saved(self, event) -> bool:
        """Send `event` to the watch of its folder; True if it asked for a rebuild."""
        self._want_rebuild = False
        self.handlers[str(Path(event.src_path).parent)].on_any_event(event)
        return self._want_rebuild


def test_templates_and_labels_saved_rebuild_python_code_saved_says_to_restart(tmp_path, caplog):
    code = tmp_path / "generator"
    (code / "render" / "templates").mkdir(parents=True)
    server = Server()
    serve._watch_code(server, serve._code_folders(code))
    assert set(server.handlers) == {str(code), str(code / "render"), str(code / "render" / "templates")}
    templates = code / "render" / "templates"
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.rulebook"):
        caplog.clear()
        assert server.saved(FileModifiedEvent(str(templates / "skill.md.j2")))
        assert server.saved(FileCreatedEvent(str(code / "render" / "labels.yaml")))
        assert not server.saved(DirModifiedEvent(str(templates)))
        assert not caplog.records
        assert not server.saved(FileModifiedEvent(str(code / "plugin.py")))
        # an editor that writes a copy and renames it over the file
        assert not server.saved(FileMovedEvent(str(code / "render" / ".pages.py.tmp"), str(code / "render" / "pages.py")))
    warnings = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert warnings == [
        f"{name} changed: the preview runs the generator's code as it was when it started; stop it (Ctrl-C) and "
        f"run scripts/site serve again to use the change" for name in ("plugin.py", "pages.py")]
