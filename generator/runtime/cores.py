"""How many cores other processes leave idle, as Linux counts them: work is spread over processes
only where a core is there to run them. Elsewhere (no /proc), every core counts as idle.
RULEBOOK_IDLE_CORES=N says N whatever the machine does (tests that need the work spread out)."""

from __future__ import annotations

import os
import time

IDLE_CORES_ENV = "RULEBOOK_IDLE_CORES"


def _told() -> float | None:
    try:
        return float(os.environ[IDLE_CORES_ENV])
    except (KeyError, ValueError):
        return None


def idle_cores(sample_seconds: float = 0.1) -> float:
    """The cores idle on average over `sample_seconds` (/proc/stat's idle and iowait time)."""
    told = _told()
    if told is not None:
        return told

    def times() -> tuple[int, int]:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(value) for value in stat.readline().split()[1:]]
        return fields[3] + fields[4], sum(fields)

    try:
        idle_before, all_before = times()
        time.sleep(sample_seconds)
        idle_after, all_after = times()
    except (OSError, ValueError, IndexError):
        return float(os.cpu_count() or 1)
    spent = all_after - all_before
    return (os.cpu_count() or 1) * (idle_after - idle_before) / spent if spent > 0 else 0.0


def idle_cores_now() -> int:
    """The cores no other process is running on at this instant (/proc/loadavg's count of runnable
    processes, this one aside): no waiting, for a command that lasts a second."""
    cores = os.cpu_count() or 1
    told = _told()
    if told is not None:
        return int(told)
    try:
        with open("/proc/loadavg", encoding="ascii") as loadavg:
            runnable = int(loadavg.read().split()[3].split("/")[0])
    except (OSError, ValueError, IndexError):
        return cores
    return max(0, cores - max(0, runnable - 1))
