"""A worked example on a phone in dark mode, in each language: the diagram is drawn, fits the
screen's width, follows the dark scheme and names itself in the page's language. Screenshots are
saved under tests/artifacts/ for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).parent / "artifacts"
LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
LOCALE = {"ja": "ja-JP", "ko": "ko-KR", "uk": "uk-UA"}
PHONE = {"width": 390, "height": 844}
EXAMPLE = "runners-act-twice"  # on the zombie phase page of the 1st edition
PAGE = "zombicide-1/zombie-phase/"
DARK_STREET = "rgb(47, 51, 64)"  # --rb-street in the slate scheme (site_overrides/assets/rulebook.css)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_an_example_reads_on_a_phone_in_dark_mode(browser, site_url, lang):
    context = browser.new_context(viewport=PHONE, color_scheme="dark", locale=LOCALE[lang], device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}{PAGE}#example-{EXAMPLE}")
        assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
        example = page.locator(f"#example-{EXAMPLE} + .rb-example")
        svg = example.locator("figure.rb-diagram svg").first
        svg.scroll_into_view_if_needed()
        assert svg.is_visible()
        box = svg.bounding_box()
        assert box["width"] > 200 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        widest = example.evaluate(
            "e => Math.max(...[...e.querySelectorAll('*')].map(c => c.getBoundingClientRect().right))"
        )
        assert widest <= PHONE["width"]  # nothing in the example needs sideways scrolling
        street = svg.locator(".rb-street").first
        assert street.evaluate("e => getComputedStyle(e).fill") == DARK_STREET
        title = svg.locator("title").text_content()
        assert title.startswith(page.locator(f"#example-{EXAMPLE}").text_content().split(": ", 1)[1].rstrip("¶"))
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(f"#example-{EXAMPLE}").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"example-{lang}-phone-dark.png"))
        example.screenshot(path=str(ARTIFACTS / f"example-{lang}-phone-dark-full.png"))
    finally:
        context.close()
