"""A function run in a forked copy of this process, its result sent back pickled through a pipe.

The build uses it for work that needs what is already in memory (the loaded rules) but not the
build's own progress: the model's checks and the search's name index run on the other core
while MkDocs renders pages. The child leaves with os._exit, so it runs none of the parent's
clean-up (temporary folders, MkDocs' hooks).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
from typing import Callable

BACKGROUND_NICENESS = 10  # work beside the build (and the preview's search index) yields the processor to the pages


# Signals that end a process: held back while a child is forked and registered, so that neither
# the child (which would run on as a second copy of this program) nor this process (which would
# lose track of a child) is interrupted half-way.
INTERRUPTS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


class Forked:
    _running: set["Forked"] = set()  # children not yet collected or stopped, of this process

    def __init__(self, work: Callable[[], object], what: str, background: bool = True) -> None:
        """`what` names the work in the error raised if it crashes ("the rules model's checks").
        Background work yields the processor to this process; work this process waits for
        (background=False) does not."""
        self.what = what
        self._result: object = None
        self._done = False
        read, write = os.pipe()
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, INTERRUPTS)
        try:
            self.pid = os.fork()
            if self.pid == 0:  # the child ends here, whatever happens
                try:
                    _own_signal_handlers()
                    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
                    _run_child(work, what, read, write, background)
                finally:
                    os._exit(0)
            os.close(write)
            self._read = read
            Forked._running.add(self)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)

    @classmethod
    def running(cls) -> set["Forked"]:
        """The children of this process still running or not yet collected."""
        return set(cls._running)

    def finished(self) -> bool:
        """Whether the work is over, without waiting (for results that fit in the pipe's buffer:
        a larger one holds the child until result() reads it)."""
        if not self._done and os.waitpid(self.pid, os.WNOHANG)[0] != 0:
            self._collect(reaped=True)
        return self._done

    def result(self) -> object:
        """Wait for the result; raise what the work raised."""
        if not self._done:
            self._collect(reaped=False)
        if isinstance(self._result, BaseException):
            raise self._result
        return self._result

    def stop(self) -> None:
        """The result is not wanted (the build failed, or an interrupt came): end the child now."""
        if not self._done:
            self._done = True
            self._result = RuntimeError(f"{self.what} was stopped")
            with contextlib.suppress(OSError):  # already reaped by an interrupted _collect
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            with contextlib.suppress(OSError):  # already closed by an interrupted _collect
                os.close(self._read)
        Forked._running.discard(self)

    def _collect(self, reaped: bool) -> None:
        # Read before reaping: a result larger than the pipe's buffer holds the child.
        with os.fdopen(self._read, "rb") as pipe:
            data = pipe.read()
        if not reaped:
            os.waitpid(self.pid, 0)
        self._result = pickle.loads(data) if data else RuntimeError(f"{self.what} stopped without a result")
        self._done = True
        Forked._running.discard(self)


def _own_signal_handlers() -> None:
    """The parent's handlers clean up after the parent (a build's staging folder): a child ends
    quietly instead, an interrupt within its work being handed to the parent like any failure."""
    with contextlib.suppress(ValueError):  # forked from a thread other than the main one
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for signum in INTERRUPTS - {signal.SIGINT}:
            signal.signal(signum, signal.SIG_DFL)


def _run_child(work: Callable[[], object], what: str, read: int, write: int, background: bool) -> None:
    os.close(read)
    if background:
        os.nice(BACKGROUND_NICENESS)
    try:
        result: object = work()
    except BaseException as exc:  # noqa: BLE001 — handed to the parent, which raises it
        result = RuntimeError(f"{what} failed: {exc!r}")
    with os.fdopen(write, "wb") as out:
        pickle.dump(result, out)
