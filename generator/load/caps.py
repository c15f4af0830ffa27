"""Keep an error report readable: one mistake repeated a thousand times is shown a few times.

A bad file can produce the same message at every line of another (an id renamed everywhere it
is used); after `SAME_MESSAGE` copies the rest are counted, and after `TOTAL` errors the report
stops, saying how many more there are. The first errors by place are the ones kept.
"""

from __future__ import annotations

import re

from generator.errors import DataError

SAME_MESSAGE = 10
TOTAL = 200
QUOTED = re.compile(r"'[^']*'|\{[^{}]*\}|\d+")  # ids and numbers vary between copies of one mistake


def cap_repeated(errors: list[DataError]) -> list[DataError]:
    if len(errors) <= SAME_MESSAGE:
        return errors
    kept: list[DataError] = []
    counts: dict[str, int] = {}
    last_of_kind: dict[str, DataError] = {}
    for error in sorted(set(errors)):
        kind = QUOTED.sub("…", error.message)
        counts[kind] = counts.get(kind, 0) + 1
        if counts[kind] <= SAME_MESSAGE:
            kept.append(error)
            last_of_kind[kind] = error
    for kind, count in counts.items():
        if count > SAME_MESSAGE:
            last = last_of_kind[kind]
            kept.append(
                DataError(
                    last.where,
                    last.breadcrumb,
                    f"… and {count - SAME_MESSAGE} more errors like this one; fix these first",
                )
            )
    if len(kept) > TOTAL:
        rest = len(kept) - TOTAL
        kept = sorted(kept)[:TOTAL]
        last = kept[-1]
        kept.append(DataError(last.where, last.breadcrumb, f"… and {rest} more errors; fix these first"))
    return kept
