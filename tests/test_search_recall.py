"""Full text in the browser of the built site: every page that holds a word is found, a Japanese
hit holds the query's characters in a row, a question finds its ruling, and the reader reaches
every section found from the search box. The figures are measured by tests/search_quality.py
(scripts/benchmark.py prints them and writes them for the about page)."""

from __future__ import annotations

import pytest

from tests.search_quality import LANGUAGE_ROOT, phrase_figures, phrase_queries, recall_figures, recall_queries
from tests.test_search import links_of_each

HIT3 = 0.9  # of the phrases, the share whose entry is among the first three results


def test_the_query_sets_are_large_enough():
    for lang, queries in recall_queries().items():
        assert len(queries) >= 30, lang
    for lang, phrases in phrase_queries().items():
        assert len(phrases) >= 20, lang


@pytest.mark.long(6)
@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_every_page_that_holds_a_word_is_found(page_at, site_url, built_site, lang):
    page = page_at(f"{site_url}{LANGUAGE_ROOT[lang]}")
    figures = recall_figures(page, built_site, lang)
    assert figures["missed"] == [], f"{lang}: recall {figures['recall']:.1%}"
    if lang == "ja":  # a hit holds the query's characters in a row, not a particle or a part of them
        assert figures["precision"] >= 0.99, figures["precision"]


@pytest.mark.long(6)
@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_a_players_question_finds_its_ruling_among_the_first_three(page_at, site_url, lang):
    page = page_at(f"{site_url}{LANGUAGE_ROOT[lang]}")
    figures = phrase_figures(page, site_url, lang, links_of_each)
    assert figures["hit3"] >= HIT3, f"{lang}: hit@3 {figures['hit3']:.0%}; missed: {figures['missed']}"


def test_every_section_found_is_reached_from_the_search_box_by_keyboard(page, site_url):
    """The list shows a few sections found, then a row for the rest: Enter on it shows more,
    until every section the search found is in the list."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}/zombicide-1/skills/")
    query = "トークン"
    found = page.evaluate("q => window.rulebookSearch.text(q)", query)
    assert len(found) > 20
    page.locator(".rb-search__toggle").click()
    box = page.locator(".rb-search__input")
    box.fill(query)
    box.press("End")
    page.wait_for_selector(f'.rb-search__output[data-text="{query}"]', state="attached")
    more = page.locator(".rb-search__more")
    presses = 0
    while more.count():
        assert more.is_visible() and more.bounding_box()["height"] >= 44  # a tap target on a phone
        label = more.text_content()
        for _ in range(page.locator("[role=option]").count()):
            box.press("ArrowDown")
            if page.locator(".rb-search__more[aria-selected=true]").count():
                break
        box.press("Enter")
        page.wait_for_function(
            "label => { const m = document.querySelector('.rb-search__more'); return !m || m.textContent !== label; }",
            arg=label,
        )
        presses += 1
        assert presses < 40
    place = "els => els.map(a => { const u = new URL(a.href); return u.pathname.slice(1) + u.hash; })"
    shown = page.eval_on_selector_all(".rb-search__result a", place)
    assert [link for link in found if link not in shown] == []  # text rows, or the name row of the same place
    assert page.locator(".rb-search__result--text").count() <= len(found)
