"""Pagefind's indexer run as a service, so pages are indexed while MkDocs is still writing others.

`pagefind --service` reads requests on stdin and answers on stdout, each message base64-encoded
JSON followed by a comma (the protocol its Python and Node packages speak). Their Python client
waits 0.1 s before reading each answer, which for 180 pages costs more than the indexing itself,
so this client speaks the protocol directly: a writer thread sends pages in the order they are
given (the order decides the index's bytes), a reader thread collects the answers.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import re
import subprocess
import tempfile
import threading
from pathlib import Path

from generator.runtime.forked import BACKGROUND_NICENESS

EXCLUDE_SELECTORS = [".headerlink"]  # the ¶ permalink would end every heading
BODY_MARK = "<div data-pagefind-body>"
_LANGUAGE = re.compile(r'<html lang="([^"]*)"')
WARM_UP_TEXT = "search 検索します 검색 пошук"  # a few words, whichever language the splitter is for; Japanese text the dictionary must split
_STOP = None


def what_pagefind_reads(html: str) -> str:
    """The part of a page that decides its index: its language and, from the element marked
    data-pagefind-body (site_overrides/main.html) on, the rest. The head, header and navigation
    before it are half of each page's bytes, and Pagefind parsed them only to skip them; the
    bundle is the same (tests/test_pagefind_service.py compares it with Pagefind's own crawl)."""
    body = html.find(BODY_MARK)
    language = _LANGUAGE.search(html, 0, body) if body >= 0 else None
    if not language:
        return html
    return f'<html lang="{language.group(1)}"><body>{html[body:]}'


class PagefindError(RuntimeError):
    pass


MISSING = "the search index is made by Pagefind, and {what}: run scripts/setup, which installs it"


def _executable() -> str:
    try:
        from pagefind.service import get_executable  # the binary that `pagefind[extended]` installed
    except ImportError:
        raise PagefindError(MISSING.format(what="its Python package (pagefind[extended]) is not installed")) from None
    binary = get_executable()
    if binary is None:
        raise PagefindError(MISSING.format(what="its binary is missing"))
    return str(binary)


class PagefindService:
    """One `pagefind --service` process: requests sent in order, answers collected as they come.
    It can hold several indexes; it loads a language's word splitter once, for all of them."""

    def __init__(self, site_dir: Path, background: bool = True) -> None:
        """background: run at a lower priority than the build (see BACKGROUND_NICENESS)."""
        self.site_dir = site_dir
        self._log = tempfile.TemporaryFile()  # what the service prints besides answers
        binary = _executable()
        try:
            self._process = subprocess.Popen(
                [binary, "--service"],
                cwd=site_dir,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log,
            )
        except OSError as exc:  # gone, or not a program this machine runs
            raise PagefindError(
                MISSING.format(what=f"its binary {binary} cannot be run ({exc.strerror or exc})")
            ) from None
        try:  # its work is needed at the end: until then the pages being built come first
            if background:
                os.setpriority(os.PRIO_PROCESS, self._process.pid, BACKGROUND_NICENESS)
        except OSError:
            pass
        assert self._process.stdin and self._process.stdout
        self._stdin, self._stdout = self._process.stdin, self._process.stdout
        self._next_id = 0
        self._answers: dict[int, dict] = {}
        self._answered = threading.Condition()
        self._outbox: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read_answers, daemon=True)
        self._writer = threading.Thread(target=self._send_requests, daemon=True)
        self._reader.start()
        self._writer.start()

    def running(self) -> bool:
        return self._process.poll() is None

    def close(self) -> None:
        """End the service: closing its input stops it once it has answered everything sent."""
        self._outbox.put(_STOP)
        self._writer.join(timeout=5)
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._log.close()

    def disown(self) -> None:
        """In a forked process: let go of the parent's service without touching it. The pipes
        become /dev/null: the service sees its input end when the parent closes it, and whatever
        this copy still holds in its buffers goes nowhere."""
        devnull = os.open(os.devnull, os.O_RDWR)
        for stream in (self._stdin, self._stdout):
            os.dup2(devnull, stream.fileno())
        os.close(devnull)

    def abort(self) -> None:
        """Stop the service now (a failed build): nothing it would write is wanted."""
        self._process.kill()
        self.close()

    def request(self, payload: dict) -> int:
        self._next_id += 1
        self._outbox.put((self._next_id, payload))
        return self._next_id

    def _send_requests(self) -> None:
        while (item := self._outbox.get()) is not _STOP:
            message_id, payload = item
            data = json.dumps({"message_id": message_id, "payload": payload}, ensure_ascii=False).encode("utf-8")
            try:
                self._stdin.write(base64.b64encode(data) + b",")
                self._stdin.flush()
            except (BrokenPipeError, ValueError):
                return  # the service has stopped: the reader reports it
        self._stdin.close()

    def _read_answers(self) -> None:
        pending = b""
        while chunk := os.read(self._stdout.fileno(), 1 << 16):
            pending += chunk
            *messages, pending = pending.split(b",")
            for message in messages:
                answer = json.loads(base64.b64decode(message))
                with self._answered:
                    self._answers[answer.get("message_id") or 0] = answer["payload"]
                    self._answered.notify_all()
        with self._answered:
            self._answers[-1] = {"type": "Error", "message": "the service stopped"}
            self._answered.notify_all()

    def wait(self, message_id: int) -> dict:
        with self._answered:
            self._answered.wait_for(lambda: message_id in self._answers or -1 in self._answers or 0 in self._answers)
            # Taken, not read: a kept service answers many indexes (a bundle's answer is large).
            answer = self._answers.pop(message_id, None) or self._answers.get(0) or self._answers[-1]
        if answer.get("type") == "Error":
            self._log.seek(0)
            printed = self._log.read().decode("utf-8", "replace").strip()
            raise PagefindError(f"Pagefind failed: {answer.get('message')}\n{printed}".strip())
        return answer


class PagefindIndexer:
    """One index; paths are relative to `site_dir`. By default it has a service of its own,
    which ends with the index; on a `service` that is given, the index is deleted instead."""

    def __init__(self, site_dir: Path, background: bool = True, service: PagefindService | None = None) -> None:
        self.site_dir = site_dir
        self._own_service = service is None
        self.service = service or PagefindService(site_dir, background)
        self._pages: list[int] = []
        answer = self.service.wait(
            self.service.request({"type": "NewIndex", "config": {"exclude_selectors": EXCLUDE_SELECTORS}})
        )
        self._index = answer["index_id"]

    def add_page(self, path: str, html: str) -> None:
        """Queue one built page (e.g. 'ko/<game>/<page>/index.html'); returns at once."""
        self._pages.append(
            self.service.request(
                {
                    "type": "AddFile",
                    "index_id": self._index,
                    "file_path": path,
                    "url": None,
                    "file_contents": what_pagefind_reads(html),
                }
            )
        )

    def warm_up(self, lang: str) -> None:
        """Have the service load its word splitter for `lang` now, on a throwaway index; returns
        at once. Japanese loads a dictionary (about a second of CPU, once per service): asked for
        at the start of a build, it loads while the other core has little to do."""
        throwaway = self.service.wait(self.service.request({"type": "NewIndex", "config": {}}))["index_id"]
        self.service.request(
            {
                "type": "AddFile",
                "index_id": throwaway,
                "file_path": "warm-up.html",
                "url": None,
                "file_contents": f'<html lang="{lang}"><body><p>{WARM_UP_TEXT}</p></body></html>',
            }
        )
        self.service.request({"type": "DeleteIndex", "index_id": throwaway})

    def add_site(self) -> None:
        """Index every page under site_dir, as `pagefind --site` does."""
        self._pages.append(self.service.request({"type": "AddDir", "index_id": self._index, "path": ".", "glob": None}))

    def request_bundle(self) -> int:
        """Ask for the search bundle once every queued page is in; returns the request to wait on.

        The bundle comes back in the answer rather than written by Pagefind: its service answers
        a write before its last files have reached the disk (it writes them in the background and
        does not wait), so this process writes them itself.
        """
        return self.service.request({"type": "GetFiles", "index_id": self._index})

    def finish(self, bundle_request: int) -> dict[str, bytes]:
        """Wait for every page and the bundle (path in the bundle -> bytes); raise PagefindError on any failure."""
        try:
            for request in self._pages:
                self.service.wait(request)
            answer = self.service.wait(bundle_request)
            return {file["path"]: base64.b64decode(file["content"]) for file in answer["files"]}
        finally:
            self.close()

    def close(self) -> None:
        if self._own_service:
            self.service.close()
        elif self.service.running():  # a kept service frees the index's memory
            self.service.request({"type": "DeleteIndex", "index_id": self._index})

    def disown(self) -> None:
        self.service.disown()

    def abort(self) -> None:
        if self._own_service:
            self.service.abort()
        else:
            self.close()
