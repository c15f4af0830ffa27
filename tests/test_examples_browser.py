"""A worked example on a phone in dark mode, in each language: the diagram is drawn, fits the
screen's width, follows the dark scheme and names itself in the page's language. Screenshots are
saved under tests/artifacts/ for a person to look at."""

from __future__ import annotations

import re
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
        assert title.startswith(
            re.split(r": |：", page.locator(f"#example-{EXAMPLE}").text_content(), maxsplit=1)[1].rstrip("¶")
        )
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(f"#example-{EXAMPLE}").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"example-{lang}-phone-dark.png"))
        example.screenshot(path=str(ARTIFACTS / f"example-{lang}-phone-dark-full.png"))
    finally:
        context.close()


# --- Diagrams: no label under an arrow or another label ---------------------------------------------
# The lines that mark what a step is about (zombicide/diagrams.py, resident_evil/diagrams.py).
ARROWS = ":is(line, polyline):is(.rb-shot, .rb-route, .rb-zombie-route, .rb-sight-line, .rb-enemy-route, .rb-sight, .rb-refused)"
# Every text of every diagram on the page, as a box in the drawing's own units, and every arrow as
# segments with its half stroke width; the boxes are the browser's, with the fonts it shows.
DIAGRAM_GEOMETRY = """figures => figures.map(svg => {
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() && !t.closest('.rb-legend'))
    .map(t => { const b = t.getBBox(); return {text: t.textContent.trim(), box: [b.x, b.y, b.x + b.width, b.y + b.height]}; });
  const arrows = [...svg.querySelectorAll(ARROWS)].filter(e => !e.closest('defs, .rb-legend')).map(e => {
    const half = (parseFloat(e.getAttribute('stroke-width')) || 1) / 2;
    let points = e.tagName === 'line'
      ? [[+e.getAttribute('x1'), +e.getAttribute('y1')], [+e.getAttribute('x2'), +e.getAttribute('y2')]]
      : e.getAttribute('points').trim().split(/\\s+/).map(p => p.split(',').map(Number));
    return {kind: e.getAttribute('class'), half, points};
  });
  return {id: svg.querySelector('title') && svg.querySelector('title').id, texts, arrows};
})"""


def _segment_meets_box(a, b, box, margin: float) -> bool:
    """Whether segment a-b passes within `margin` of the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def diagram_overlaps(figure: dict) -> list[str]:
    """A text crossed by an arrow, or two texts on each other (1 px of slack for antialiasing)."""
    found = []
    for text in figure["texts"]:
        for arrow in figure["arrows"]:
            segments = zip(arrow["points"], arrow["points"][1:])
            if any(_segment_meets_box(a, b, text["box"], arrow["half"] - 1) for a, b in segments):
                found.append(f"{figure['id']}: the {arrow['kind']} crosses «{text['text']}»")
    boxes = figure["texts"]
    for i, first in enumerate(boxes):
        for second in boxes[i + 1 :]:
            (a0, a1, a2, a3), (b0, b1, b2, b3) = first["box"], second["box"]
            if min(a2, b2) - max(a0, b0) > 1 and min(a3, b3) - max(a1, b1) > 1:
                found.append(f"{figure['id']}: «{first['text']}» and «{second['text']}» overlap")
    return found


def test_the_overlap_finder_sees_a_crossed_label():
    figure = {
        "id": "x",
        "texts": [{"text": "×1", "box": [40, 50, 56, 64]}, {"text": "a", "box": [50, 60, 60, 70]}],
        "arrows": [{"kind": "rb-shot", "half": 1.5, "points": [[0, 57], [128, 57]]}],
    }
    assert diagram_overlaps(figure) == ["x: the rb-shot crosses «×1»", "x: «×1» and «a» overlap"]
    figure["arrows"][0]["points"] = [[0, 80], [128, 80]]
    figure["texts"].pop()
    assert diagram_overlaps(figure) == []


@pytest.mark.long(20)
@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_no_diagram_label_lies_under_an_arrow_or_another_label(browser, site_url, built_site, lang):
    context = browser.new_context(viewport=PHONE, locale=LOCALE[lang])
    page = context.new_page()
    problems, figures = [], 0
    root = built_site / LANGUAGE_ROOT[lang].strip("/")
    others = [built_site / LANGUAGE_ROOT[other].strip("/") for other in LANGUAGE_ROOT if other != lang]
    try:
        for html in sorted(root.rglob("index.html")):
            if any(folder != built_site and folder in html.parents for folder in others):
                continue
            if 'class="rb-diagram"' not in html.read_text(encoding="utf-8"):
                continue
            path = "/" + html.parent.relative_to(built_site).as_posix() + "/"
            page.goto(site_url + path.replace("//", "/"))
            found = page.eval_on_selector_all(
                "figure.rb-diagram svg", DIAGRAM_GEOMETRY.replace("ARROWS", repr(ARROWS).replace("'", '"'))
            )
            figures += len(found)
            problems += [f"{path} {problem}" for figure in found for problem in diagram_overlaps(figure)]
    finally:
        context.close()
    assert figures > 20
    assert not problems, "\n".join(problems)
