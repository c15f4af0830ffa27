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


def raise_on_stop_signals() -> dict:
    """From now on a stop signal raises Interrupted, once: a second one (Ctrl-C pressed again)
    must not cut the clean-up short. Returns the handlers it replaced, for restore()."""
    previous = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}

    def stop(signum, _frame):
        for other in STOP_SIGNALS:
            signal.signal(other, signal.SIG_IGN)
        raise Interrupted(signum)

    for signum in STOP_SIGNALS:
        signal.signal(signum, stop)
    return previous


def restore(previous: dict) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)
