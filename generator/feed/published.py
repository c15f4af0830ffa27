"""The ids the open data has published, recorded in published-ids.json: within a major version a
reader may rely on each of them, so none may disappear (tests/test_feed.py). scripts/refresh-feed-ids
records the current ones (`record`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from generator.feed import MAJOR, VERSION, feed, ids, removed_ids
from generator.languages import DEFAULT
from generator.load.entities import Project

PUBLISHED = Path(__file__).with_name("published-ids.json")


def current_ids(project: Project) -> dict[str, dict[str, list[str]]]:
    """game -> section -> ids, as the feeds publish them (the same in every language)."""
    return {game_id: ids(feed(project, game, DEFAULT, DEFAULT)) for game_id, game in project.games.items()}


def published() -> dict:
    """The record: {version, games: {game: {section: [ids]}}} (empty before the first one)."""
    if not PUBLISHED.exists():
        return {}
    return json.loads(PUBLISHED.read_text(encoding="utf-8"))


def refused_removals(record: dict, current: dict[str, dict[str, list[str]]]) -> list[str]:
    """The published ids the current data lacks, when the major version still promises them."""
    if str(record.get("version", "")).split(".")[0] != MAJOR:
        return []  # a new major version may drop what the last one had
    return removed_ids(record, current)


def record(project: Project) -> int:
    """Write the current ids into the record, unless that would drop ids the version promises."""
    current = current_ids(project)
    gone = refused_removals(published(), current)
    if gone:
        print(
            f"the feed's version {VERSION} still promises these ids: restore them, or raise the major "
            f"version in generator/feed/__init__.py first:\n  " + "\n  ".join(gone),
            file=sys.stderr,
        )
        return 1
    written = {
        "version": VERSION,
        "games": {g: {s: sorted(v) for s, v in sections.items()} for g, sections in current.items()},
    }
    PUBLISHED.write_text(json.dumps(written, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"recorded the ids of {len(current)} games for version {VERSION} in {PUBLISHED.name}")
    return 0
