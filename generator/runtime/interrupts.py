"""A stop signal (Ctrl-C, SIGTERM, SIGHUP) as an exception, so that a command stops what it
started and says in one line what happened (`build`, `check`)."""

from __future__ import annotations

import signal

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(Exception):
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


def current_handlers() -> dict:
    """The stop signals' handlers now, for restore(): taken before raise_on_stop_signals(), which
    belongs inside the `try` whose `except Interrupted` handles what it raises."""
    return {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}


def raise_on_stop_signals() -> None:
    """From now on a stop signal raises Interrupted, once: a second one (Ctrl-C pressed again)
    must not cut the clean-up short."""

    def stop(signum, _frame):
        for other in STOP_SIGNALS:
            signal.signal(other, signal.SIG_IGN)
        raise Interrupted(signum)

    for signum in STOP_SIGNALS:
        signal.signal(signum, stop)


def restore(previous: dict) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)
