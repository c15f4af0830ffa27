"""Resident Evil names put into the header search box of the built site: every character, enemy,
item, deck or token and glossary term is found on its own game's page, in the reader's language,
by its Japanese, Korean, Ukrainian and English names."""

from __future__ import annotations

import pytest

from tests.test_search import name_rows_of_each

GAME = "resident-evil"
LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
# Every entry a player looks up by name: the game's own kinds and its glossary.
SEARCHED_KINDS = ("character", "enemy", "item", "component", "term")


def open_search(page, site_url: str, lang: str):
    page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}{GAME}/")
    box = page.locator(".rb-search__input")
    box.click()
    return box


@pytest.mark.long(3)
@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_every_name_in_any_language_finds_the_entry_in_the_reader_s_language(page, site_url, project, lang):
    """All characters, enemies, items, decks and tokens and glossary terms, by each of their four names,
    typed on this game's page in the reader's language: the entry is the first result, on
    this game's section and in the reader's language."""
    game = project.games[GAME]
    entries = [e for e in game.entities.values() if e.kind in SEARCHED_KINDS]
    assert len(entries) > 50, "the game's entities are missing from the data"
    others = [root for code, root in LANGUAGE_ROOT.items() if code != lang and root != "/"]
    open_search(page, site_url, lang)
    asked = [
        (entity, name_lang, entity.name[name_lang]) for entity in entries for name_lang in ("en", "ja", "ko", "uk")
    ]
    misses = []
    for (entity, name_lang, query), rows in zip(asked, name_rows_of_each(page, [query for *_, query in asked])):
        wanted = f"{LANGUAGE_ROOT[lang]}{GAME}/{entity.page}/#{entity.id}"
        links = [link for row in rows for link in row]
        if wanted not in links[:1]:
            misses.append(f"{entity.id} by its {name_lang} name '{query}': {links[:3]}")
        stray = [link for link in links if any(link.startswith(o) for o in others)]
        assert not stray, f"'{query}' on the {lang} page leads to another language: {stray}"
    assert not misses, f"{len(misses)} of {4 * len(entries)} names not found:\n" + "\n".join(misses)


# Every ordered pair of languages, each on a page of its own spread over the game. That every
# page's menu leads to the same page in each language, and that a section has the same id in
# every language, is checked on every page without a browser (tests/test_reader.py).
SWITCHES = [("ja", "ko"), ("ko", "uk"), ("uk", "ja"), ("ja", "uk"), ("uk", "ko"), ("ko", "ja")]


@pytest.mark.long(4)
def test_the_switcher_keeps_page_and_section_on_resident_evil_pages(page, site_url, project):
    from tests.test_language import path_and_hash, switch_language

    game = project.games[GAME]
    assert len(game.pages) >= len(SWITCHES), "fewer pages than pairs"
    for number, (start, target) in enumerate(SWITCHES):
        game_page = game.pages[number * len(game.pages) // len(SWITCHES)]
        first = game_page.entities[0].id
        page.goto(f"{site_url}{LANGUAGE_ROOT[start]}{GAME}/{game_page.id}/#{first}")
        switch_language(page, target)
        wanted = f"{LANGUAGE_ROOT[target]}{GAME}/{game_page.id}/"
        page.wait_for_function(f"location.pathname === '{wanted}'")
        assert path_and_hash(page) == f"{wanted}#{first}", (start, target, game_page.id)
        assert page.locator(f"#{first}").count() == 1, (target, game_page.id)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_the_home_page_presents_the_three_games(page, site_url, project, lang):
    page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}")
    hrefs = page.eval_on_selector_all(".md-content a", "els => els.map(a => new URL(a.href).pathname)")
    for game_id in project.games:
        assert f"{LANGUAGE_ROOT[lang]}{game_id}/" in hrefs, (lang, game_id)
