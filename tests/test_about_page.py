"""The about page shows the search's quality as scripts/benchmark.py measured it, from
rules_data/search-quality.yaml: no figure on it is typed."""

from __future__ import annotations

import pytest
import yaml

from generator.languages import LANGUAGES
from generator.load.search_figures import FILE, read_search_figures
from tests.conftest import RENDERED_PAGES_GROUP, ROOT

GOOD = {
    "measured": "2026-12-07",
    "languages": {
        lang: {"recall": 1.0, "precision": 0.999, "words": 38, "hit1": 0.9, "hit3": 1.0, "phrases": 22}
        for lang in LANGUAGES
    },
}


def figures_file(tmp_path, data) -> tuple:
    path = tmp_path / FILE
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data), encoding="utf-8")
    errors: list = []
    return read_search_figures(path, f"rules_data/{FILE}", errors), errors


def test_the_measured_figures_are_read_as_numbers_and_a_date(tmp_path):
    import datetime

    data = dict(GOOD, measured=datetime.date(2026, 12, 7))
    figures, errors = figures_file(tmp_path, data)
    assert errors == [] and figures["measured"] == "2026-12-07"
    assert figures["languages"]["uk"]["hit1"] == 0.9 and figures["languages"]["ko"]["words"] == 38


GOOD_TEXT = """measured: 2026-12-07
languages:
  ja: {recall: 1.0, precision: 0.999, words: 38, hit1: 0.9, hit3: 1.0, phrases: 22}
  ko: {recall: 1.0, precision: 0.999, words: 38, hit1: 0.9, hit3: 1.0, phrases: 22}
  uk: {recall: 1.0, precision: 0.999, words: 38, hit1: 0.9, hit3: 1.0, phrases: 22}
"""


@pytest.mark.parametrize(
    "old, new, place, says",
    [
        (
            "  ja: {recall: 1.0,",
            "  ja: {recall: 1.5,",
            "3:16",
            "'ja': recall, precision, hit1, hit3 are shares between 0 and 1",
        ),
        (
            "  ko: {recall: 1.0, precision: 0.999, words: 38",
            "  ko: {recall: 1.0, precision: 0.999, words: many",
            "4:46",
            "'ko': words, phrases are counts",
        ),
        (
            "  ko: {recall: 1.0, precision: 0.999, words: 38, hit1: 0.9, hit3: 1.0, phrases: 22}",
            "  ko: {recall: 1.0}",
            "4:7",
            "'ko': recall, precision, hit1, hit3 are shares",
        ),
        ("  uk: {recall", "  uk: [0.9]\n  xx: {recall", "5:7", "for 'uk' are not a mapping"),
        ("measured: 2026-12-07", "measured: soon", "1:11", "'measured' (a date)"),
        ("measured: 2026-12-07\n", "", "1:1", "'measured' (a date)"),
        ("languages:\n", "languages: all\nx:\n", "2:12", "'languages' is not a mapping"),
        (GOOD_TEXT, "", "1:1", "the file is empty"),
        ("measured: 2026-12-07", "measured: [2026", "2:10", "YAML syntax error"),
    ],
)
def test_a_figure_that_is_not_a_measure_is_refused_at_its_place(tmp_path, old, new, place, says):
    """The file is written by scripts/benchmark.py, but a hand that edits it is told where."""
    assert old in GOOD_TEXT
    figures, errors = figures_file(tmp_path, GOOD_TEXT.replace(old, new))
    assert figures is None and len(errors) == 1
    assert str(errors[0]).startswith(f"rules_data/{FILE}:{place}:") and says in str(errors[0]), str(errors[0])


def test_the_file_as_written_reads(tmp_path):
    figures, errors = figures_file(tmp_path, GOOD_TEXT)
    assert errors == [] and figures["languages"]["ko"]["phrases"] == 22


def test_a_language_not_yet_measured_is_left_out_not_refused(tmp_path):
    import copy
    import datetime

    data = copy.deepcopy(dict(GOOD, measured=datetime.date(2026, 12, 7)))
    del data["languages"]["uk"]
    figures, errors = figures_file(tmp_path, data)
    assert errors == [] and set(figures["languages"]) == set(LANGUAGES) - {"uk"}


@RENDERED_PAGES_GROUP
def test_the_about_page_shows_the_measured_figures_in_each_language(rendered_pages):
    measured = yaml.safe_load((ROOT / "rules_data" / FILE).read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        page = rendered_pages[f"{lang}/about.md"]
        assert str(measured["measured"]) in page
        # One row per measure, one column per language, in the file's order of languages.
        rows = {
            line.split("|")[1].strip(): line.split("|")[2:-1] for line in page.splitlines() if line.startswith("| ")
        }
        recall_row = next(
            cells for cells in rows.values() if len(cells) == len(measured["languages"]) and "%" in cells[0]
        )
        for cell, figures in zip(recall_row, measured["languages"].values(), strict=True):
            recall = f"{figures['recall'] * 100:.1f}"
            recall = f"{recall.replace('.', ',')} %" if lang == "uk" else f"{recall}%"
            assert cell.strip() == recall, (lang, cell)
        words_row = [
            cells
            for cells in rows.values()
            if [c.strip() for c in cells] == [str(f["words"]) for f in measured["languages"].values()]
        ]
        assert words_row, (lang, rows)
