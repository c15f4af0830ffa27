"""Work forked beside the build: its result, however large, and its crash come back to the parent."""

from __future__ import annotations

import os
import signal
import time

import pytest

from generator.runtime.forked import Forked


def test_a_result_larger_than_a_pipe_comes_back_whole():
    big = {f"name-{i}": "ゾンビ" * 50 for i in range(2000)}  # about 1 MB pickled
    assert Forked(lambda: big, "the name index").result() == big


def test_a_crash_is_raised_in_the_parent_with_what_crashed():
    def broken():
        raise KeyError("ko")

    with pytest.raises(RuntimeError, match=r"the name index failed: KeyError\('ko'\)"):
        Forked(broken, "the name index").result()


def test_finished_tells_without_waiting():
    slow = Forked(lambda: time.sleep(0.3) or "done", "a slow check")
    assert not slow.finished()
    assert slow.result() == "done"
    assert slow.finished()


def test_a_stopped_child_is_gone_and_its_result_is_never_taken_for_done_work():
    slow = Forked(lambda: time.sleep(30) or "done", "the name index")
    slow.stop()
    with pytest.raises(ChildProcessError):
        os.waitpid(slow.pid, os.WNOHANG)  # reaped: no such child any more
    with pytest.raises(RuntimeError, match="the name index was stopped"):
        slow.result()
    slow.stop()  # twice is harmless


def test_a_child_counts_as_running_until_collected_or_stopped():
    before = Forked.running()
    done, stopped = Forked(lambda: 1, "quick work"), Forked(lambda: time.sleep(30), "long work")
    assert Forked.running() - before == {done, stopped}
    assert done.result() == 1
    stopped.stop()
    assert Forked.running() == before


def test_a_child_never_runs_the_parents_signal_handlers(tmp_path):
    """A build's handler removes its staging folder: a child stopped by a signal just ends."""
    ran = tmp_path / "handler-ran"
    old = signal.signal(signal.SIGTERM, lambda *_: ran.write_text("the parent's clean-up"))
    try:
        child = Forked(lambda: time.sleep(30), "long work")
        os.kill(child.pid, signal.SIGTERM)
        with pytest.raises(RuntimeError, match="stopped without a result"):
            child.result()
    finally:
        signal.signal(signal.SIGTERM, old)
    assert not ran.exists()
