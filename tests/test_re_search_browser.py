"""Type Resident Evil names into the header search of the built site: each character, enemy,
item, deck or token and glossary term is found on its own game's page, in the reader's language,
by its Japanese, Korean, Ukrainian and English names."""
from __future__ import annotations

import pytest

GAME = "resident-evil"
LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
SAMPLE = ["jill-valentine", "albert-wesker", "hunter", "crimson-head", "first-aid-spray", "green-herb",
          "ink-ribbon", "typewriter", "evade-roll", "tension-deck"]


def search(page, site_url: str, lang: str, query: str) -> list[str]:
    page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}{GAME}/")
    box = page.locator(".rb-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # one more key press after non-Latin text: the search listens for key-up
    page.wait_for_selector(f'.rb-search__output[data-query="{query}"]', state="attached", timeout=15000)
    return page.eval_on_selector_all(".rb-search__result a",
                                     "els => els.map(a => new URL(a.href).pathname + new URL(a.href).hash)")


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
@pytest.mark.parametrize("entity_id", SAMPLE)
def test_a_name_in_any_language_finds_the_entry_in_the_reader_s_language(page, site_url, project, lang, entity_id):
    entity = project.games[GAME].entities[entity_id]
    wanted = f"{LANGUAGE_ROOT[lang]}{GAME}/{entity.page}/#{entity_id}"
    for name_lang in ("en", "ja", "ko", "uk"):
        links = search(page, site_url, lang, entity.name[name_lang])
        assert wanted in links[:3], f"{lang} page, {name_lang} name '{entity.name[name_lang]}': {links[:5]}"
        others = [root for code, root in LANGUAGE_ROOT.items() if code != lang and root != "/"]
        assert not [link for link in links if any(link.startswith(o) for o in others)], links


def test_the_switcher_keeps_page_and_section_on_every_resident_evil_page(page, site_url, project):
    from tests.test_language import path_and_hash, switch_language

    game = project.games[GAME]
    for game_page in game.pages:
        first = game_page.entities[0].id
        page.goto(f"{site_url}/{GAME}/{game_page.id}/#{first}")
        for lang in ("ko", "uk", "ja"):
            switch_language(page, lang)
            wanted = f"{LANGUAGE_ROOT[lang]}{GAME}/{game_page.id}/"
            page.wait_for_function(f"location.pathname === '{wanted}'")
            assert path_and_hash(page) == f"{wanted}#{first}", game_page.id
            assert page.locator(f"#{first}").count() == 1, (lang, game_page.id)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_the_home_page_presents_the_three_games(page, site_url, project, lang):
    page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}")
    hrefs = page.eval_on_selector_all(".md-content a", "els => els.map(a => new URL(a.href).pathname)")
    for game_id in project.games:
        assert f"{LANGUAGE_ROOT[lang]}{game_id}/" in hrefs, (lang, game_id)
