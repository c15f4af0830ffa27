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


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda d: d["languages"]["ja"].update(recall=1.5), "shares between 0 and 1"),
        (lambda d: d["languages"]["ko"].update(words="many"), "are counts"),
        (lambda d: d["languages"].update(uk=[0.9]), "for 'uk' are not a mapping"),
        (lambda d: d.pop("measured"), "'measured' (a date)"),
    ],
)
def test_a_figure_that_is_not_a_measure_is_refused_with_its_place(tmp_path, change, says):
    import copy
    import datetime

    data = copy.deepcopy(dict(GOOD, measured=datetime.date(2026, 12, 7)))
    change(data)
    figures, errors = figures_file(tmp_path, data)
    assert figures is None and len(errors) == 1
    assert str(errors[0]).startswith(f"rules_data/{FILE}:1:1") and says in str(errors[0]), str(errors[0])


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
