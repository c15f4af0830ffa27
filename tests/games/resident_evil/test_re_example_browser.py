"""A Resident Evil worked example on a phone in dark mode, in each language: its square-grid
diagram fits the screen, the floor and walls follow the dark scheme (walls stay visible), and it
names itself in the page's language. Screenshots go to tests/artifacts/ for a person to look at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
LOCALE = {"ja": "ja-JP", "ko": "ko-KR", "uk": "uk-UA"}
PHONE = {"width": 390, "height": 844}
EXAMPLE = "jill-evades-two-zombies"
PAGE = "resident-evil/combat/"
DARK_ROOM, DARK_WALL = "rgb(74, 63, 44)", "rgb(207, 216, 220)"  # site_overrides/assets/rulebook.css, slate


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_a_grid_example_reads_on_a_phone_in_dark_mode(browser, site_url, lang):
    context = browser.new_context(viewport=PHONE, color_scheme="dark", locale=LOCALE[lang], device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}{PAGE}#example-{EXAMPLE}")
        example = page.locator(f"#example-{EXAMPLE} + .rb-example")
        svg = example.locator("figure.rb-diagram svg").first
        svg.scroll_into_view_if_needed()
        assert svg.is_visible()
        box = svg.bounding_box()
        assert box["width"] > 200 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        widest = example.evaluate(
            "e => Math.max(...[...e.querySelectorAll('*')].map(c => c.getBoundingClientRect().right))"
        )
        assert widest <= PHONE["width"]
        assert svg.locator(".rb-room").first.evaluate("e => getComputedStyle(e).fill") == DARK_ROOM
        assert svg.locator(".rb-wall").first.evaluate("e => getComputedStyle(e).stroke") == DARK_WALL
        title = svg.locator("title").text_content()
        assert title.startswith(
            re.split(r": |：", page.locator(f"#example-{EXAMPLE}").text_content(), maxsplit=1)[1].rstrip("¶")
        )
        assert example.locator("li").count() >= 5  # the story, one sentence per event
        ARTIFACTS.mkdir(exist_ok=True)
        example.screenshot(path=str(ARTIFACTS / f"re-example-{lang}-phone-dark.png"))
    finally:
        context.close()
