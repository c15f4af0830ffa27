"""Language on the built site: the switcher keeps page and section, the root follows the
browser's language, and a manual choice is remembered."""
from __future__ import annotations

import pytest

from tests.test_search import LANGUAGE_ROOT

SKILLS = "zombicide-1/skills/"


def switch_language(page, lang: str) -> None:
    page.locator(".md-select").first.hover()
    page.locator(f'.md-select a[hreflang="{lang}"]').click()
    page.wait_for_load_state("load")


def path_and_hash(page) -> str:
    return page.evaluate("location.pathname + location.hash")


def test_the_switcher_keeps_page_and_section(page, site_url):
    page.goto(f"{site_url}/{SKILLS}#sniper")
    for lang in ("ko", "uk", "ja"):
        switch_language(page, lang)
        page.wait_for_function(f"location.pathname === '{LANGUAGE_ROOT[lang]}{SKILLS}'")
        assert path_and_hash(page) == f"{LANGUAGE_ROOT[lang]}{SKILLS}#sniper"
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("#sniper").count() == 1


@pytest.mark.parametrize("locale, expected", [("ko-KR", "/ko/"), ("uk-UA", "/uk/"), ("ja-JP", "/"), ("en-US", "/")])
def test_the_root_sends_a_first_visit_to_the_browser_language(browser, site_url, locale, expected):
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(f"{site_url}/")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)  # a redirect, if any, has happened
    assert page.evaluate("location.pathname") == expected
    context.close()


def test_a_manual_choice_wins_over_the_browser_language(browser, site_url):
    context = browser.new_context(locale="ko-KR")
    page = context.new_page()
    page.goto(f"{site_url}/ko/{SKILLS}")
    switch_language(page, "uk")
    page.wait_for_function("location.pathname.startsWith('/uk/')")
    page.goto(f"{site_url}/")
    page.wait_for_function("location.pathname === '/uk/'")
    context.close()


def test_edit_this_page_opens_the_yaml_the_page_came_from(page, site_url):
    for lang in ("ja", "ko", "uk"):
        page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}{SKILLS}")
        href = page.locator("a.md-content__button[href*='edit']").first.get_attribute("href")
        assert href.endswith("/rules_data/zombicide-1/skills.yaml"), href
