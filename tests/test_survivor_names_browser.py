"""Survivors and 2nd-edition skills are found by name in the header search of the built site, in
every language and in English, from a page of their own edition."""
from __future__ import annotations

import pytest

LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
GAME = "zombicide-2"


def search(page, site_url: str, lang: str, query: str) -> list[str]:
    """Result links typed on the 2nd edition's survivors page (the edition being read)."""
    page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}{GAME}/survivors/")
    toggle = page.locator(".rb-search__toggle")
    if toggle.is_visible():
        toggle.click()
    box = page.locator(".rb-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # one more key press after non-Latin text
    page.wait_for_selector(f'.rb-search__output[data-text="{query}"]', state="attached", timeout=15000)
    return page.eval_on_selector_all(".rb-search__result a",
                                     "els => els.map(a => new URL(a.href).pathname + new URL(a.href).hash)")


@pytest.fixture(scope="module")
def page(module_page):
    """Every test below opens its page first (search() does) and types a query: nothing carries over."""
    return module_page


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
@pytest.mark.parametrize("survivor", ["tiger-sam", "ostara", "elle"])
def test_a_survivor_is_found_by_its_name(page, site_url, project, lang, survivor):
    name = project.games[GAME].entities[survivor].name[lang]
    links = search(page, site_url, lang, name)
    assert f"{LANGUAGE_ROOT[lang]}{GAME}/survivors/#{survivor}" in links[:3]


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_a_survivor_is_found_by_its_english_name(page, site_url, lang):
    links = search(page, site_url, lang, "Tiger Sam")
    assert f"{LANGUAGE_ROOT[lang]}{GAME}/survivors/#tiger-sam" in links[:3]


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
@pytest.mark.parametrize("skill", ["sprint", "can-search-more-than-once"])
def test_a_2nd_edition_skill_is_found_by_its_name(page, site_url, project, lang, skill):
    name = project.games[GAME].skills[skill].name[lang]
    links = search(page, site_url, lang, name)
    assert f"{LANGUAGE_ROOT[lang]}{GAME}/skills/#{skill}" in links[:3]
