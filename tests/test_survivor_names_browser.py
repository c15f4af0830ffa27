"""Survivors and 2nd-edition skills are found by name in the header search of the built site, in
every language and in English, from a page of their own edition."""

from __future__ import annotations

import pytest

from tests.test_search import search_on

LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
GAME = "zombicide-2"
# One worker runs them all: each language's page is then opened, and its search started, once.
pytestmark = pytest.mark.xdist_group("survivor-names")


def search(page_at, site_url: str, lang: str, query: str) -> list[str]:
    """Result links typed on the 2nd edition's survivors page (the edition being read)."""
    return search_on(page_at(f"{site_url}{LANGUAGE_ROOT[lang]}{GAME}/survivors/"), query)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
@pytest.mark.parametrize("survivor", ["tiger-sam", "ostara", "elle"])
def test_a_survivor_is_found_by_its_name(page_at, site_url, project, lang, survivor):
    name = project.games[GAME].entities[survivor].name[lang]
    links = search(page_at, site_url, lang, name)
    assert f"{LANGUAGE_ROOT[lang]}{GAME}/survivors/#{survivor}" in links[:3]


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_a_survivor_is_found_by_its_english_name(page_at, site_url, lang):
    links = search(page_at, site_url, lang, "Tiger Sam")
    assert f"{LANGUAGE_ROOT[lang]}{GAME}/survivors/#tiger-sam" in links[:3]


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
@pytest.mark.parametrize("skill", ["sprint", "can-search-more-than-once"])
def test_a_2nd_edition_skill_is_found_by_its_name(page_at, site_url, project, lang, skill):
    name = project.games[GAME].by_id("skill")[skill].name[lang]
    links = search(page_at, site_url, lang, name)
    assert f"{LANGUAGE_ROOT[lang]}{GAME}/skills/#{skill}" in links[:3]
