"""Language on the built site: the switcher keeps page and section, the root follows the
browser's language, and a manual choice is remembered."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.test_search import LANGUAGE_ROOT

ROOT = Path(__file__).resolve().parent.parent

SKILLS = "zombicide-1/skills/"


def switch_language(page, lang: str) -> None:
    # Material's menu fades in over half a second and a click waits for it to stand still: for a
    # reader who asks for reduced motion the same menu opens at once.
    page.emulate_media(reduced_motion="reduce")
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


def load_config(monkeypatch, **env):
    from properdocs.config import load_config as properdocs_load_config

    for name in ("RULEBOOK_REPO_URL", "RULEBOOK_SITE_URL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return properdocs_load_config(str(ROOT / "mkdocs.yml"))


def test_without_a_repository_there_is_no_repository_or_edit_button(monkeypatch):
    config = load_config(monkeypatch)
    assert config.repo_url is None and config.site_url is None
    # The built site (served to the browser tests) shows neither: tests/test_reader.py.


def test_edit_this_page_opens_the_yaml_the_page_came_from(monkeypatch):
    config = load_config(
        monkeypatch, RULEBOOK_REPO_URL="https://code.example/rulebook", RULEBOOK_SITE_URL="https://rules.example/book/"
    )
    assert config.site_url == "https://rules.example/book/"
    plugin = config.plugins["rulebook"]
    plugin.edit_sources = {"ko/zombicide-1/skills.md": "rules_data/zombicide-1/skills.yaml"}
    page = SimpleNamespace(file=SimpleNamespace(src_uri="ko/zombicide-1/skills.md"), edit_url=None)
    plugin.on_page_markdown("", page=page, config=config, files=None)
    assert page.edit_url == "https://code.example/rulebook/edit/main/rules_data/zombicide-1/skills.yaml"
