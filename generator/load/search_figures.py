"""The search's measured quality (rules_data/search-quality.yaml), which the about page shows.

scripts/benchmark.py writes the file after measuring the search in a built site: full-text
recall and precision over the query set of each language, and how often a player's question
finds its ruling first or among the first three. Nobody types these figures. The file is read as
numbers and a date only; anything else in it is an error with its place.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Callable

from generator.errors import DataError, Location
from generator.languages import LANGUAGES
from generator.load.yamlpos import Node, parse

FILE = "search-quality.yaml"
SHARES = ("recall", "precision", "hit1", "hit3")
COUNTS = ("words", "phrases")


def read_search_figures(path: Path, shown_as: str, errors: list[DataError]) -> dict | None:
    """{"measured": date, "languages": {lang: {recall, precision, hit1, hit3, words, phrases}}},
    or None without the file (or with an error, reported at its place). A language the file lacks
    (a draft, or one added since the last measurement) is left out: the about page says it is not
    measured."""
    if not path.is_file():
        return None

    def wrong(where: Location, what: str) -> None:
        errors.append(DataError(where, "", f"{what}; write it again with scripts/benchmark.py"))

    top, problems = parse(path, shown_as)
    if problems:
        errors.extend(problems)
        return None
    fields = top.value if top is not None and top.kind == "map" else {}
    measured, languages = fields.get("measured"), fields.get("languages")
    if measured is None or not isinstance(measured.value, datetime.date) or languages is None:
        at = measured or top
        wrong(
            at.where if at is not None else Location(shown_as, 1, 1),
            "the measured search figures need 'measured' (a date) and 'languages'",
        )
        return None
    if languages.kind != "map":
        wrong(languages.where, "the measured search figures' 'languages' is not a mapping")
        return None
    figures: dict[str, dict] = {}
    for lang in LANGUAGES:
        if lang in languages.value:
            entry = _figures(lang, languages.value[lang], wrong)
            if entry is None:
                return None
            figures[lang] = entry
    return {"measured": measured.value.isoformat(), "languages": figures}


def _figures(lang: str, node: Node, wrong: Callable[[Location, str], None]) -> dict | None:
    """One language's shares (0 to 1) and counts, or None (reported at the value that is wrong)."""
    if node.kind != "map":
        wrong(node.where, f"the measured search figures for '{lang}' are not a mapping")
        return None
    values = {key: child.value for key, child in node.value.items() if child.kind == "scalar"}
    for keys, fits, says in (
        (
            SHARES,
            lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
            "shares between 0 and 1",
        ),
        (COUNTS, lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0, "counts"),
    ):
        unfit = next((key for key in keys if not fits(values.get(key))), None)
        if unfit is not None:
            child = node.value.get(unfit)
            wrong(child.where if child is not None else node.where, f"'{lang}': {', '.join(keys)} are {says}")
            return None
    return {**{key: float(values[key]) for key in SHARES}, **{key: values[key] for key in COUNTS}}
