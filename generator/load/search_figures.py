"""The search's measured quality (rules_data/search-quality.yaml), which the about page shows.

scripts/benchmark.py writes the file after measuring the search in a built site: full-text
recall and precision over the query set of each language, and how often a player's question
finds its ruling first or among the first three. Nobody types these figures. The file is read as
numbers and a date only; anything else in it is an error with its place.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import yaml

from generator.errors import DataError, Location
from generator.languages import LANGUAGES

FILE = "search-quality.yaml"
SHARES = ("recall", "precision", "hit1", "hit3")
COUNTS = ("words", "phrases")


def read_search_figures(path: Path, shown_as: str, errors: list[DataError]) -> dict | None:
    """{"measured": date, "languages": {lang: {recall, precision, hit1, hit3, words, phrases}}},
    or None without the file (or with an error, reported). A language the file lacks (a draft, or
    one added since the last measurement) is left out: the about page says it is not measured."""
    if not path.is_file():
        return None

    def wrong(what: str) -> None:
        errors.append(DataError(Location(shown_as, 1, 1), "", f"{what}; write it again with scripts/benchmark.py"))

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        wrong("the measured search figures cannot be read")
        return None
    measured = data.get("measured") if isinstance(data, dict) else None
    languages = data.get("languages") if isinstance(data, dict) else None
    if not isinstance(measured, datetime.date) or not isinstance(languages, dict):
        wrong("the measured search figures need 'measured' (a date) and 'languages'")
        return None
    figures: dict[str, dict] = {}
    for lang in LANGUAGES:
        if lang not in languages:
            continue
        entry = languages[lang]
        if not isinstance(entry, dict):
            wrong(f"the measured search figures for '{lang}' are not a mapping")
            return None
        shares = [entry.get(key) for key in SHARES]
        counts = [entry.get(key) for key in COUNTS]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in shares):
            wrong(f"'{lang}': {', '.join(SHARES)} are shares between 0 and 1")
            return None
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in counts):
            wrong(f"'{lang}': {', '.join(COUNTS)} are counts")
            return None
        figures[lang] = {**{key: float(entry[key]) for key in SHARES}, **{key: entry[key] for key in COUNTS}}
    return {"measured": measured.isoformat(), "languages": figures}
