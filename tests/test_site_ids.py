"""Ids over the whole built site: each element id once in its page (a link, a diagram's arrowhead or
the search box reads the first of two), and each section's anchor in every language's copy of the
page, so that the language menu, which keeps the `#anchor`, lands on the same section."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.test_reader import LANGUAGES, language_pages
from tests.test_search import LANGUAGE_ROOT

pytestmark = pytest.mark.build

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.anchors: list[str] = []  # the headings' ids: what a section's address ends with

    def handle_starttag(self, tag, attrs):
        element_id = dict(attrs).get("id")
        if element_id is not None:
            self.ids.append(element_id)
            if tag in HEADINGS:
                self.anchors.append(element_id)


def read_ids(path: Path) -> _Ids:
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


@pytest.fixture(scope="module")
def pages(built_site) -> dict[tuple[str, str], _Ids]:
    """(language, page path within the language) -> the page's ids, for every page of the site."""
    found = {}
    for lang in LANGUAGES:
        root = LANGUAGE_ROOT[lang].strip("/")
        for address in language_pages(built_site, lang):
            within = address[len(root) + 1 :] if root else address
            found[(lang, within)] = read_ids(built_site / address / "index.html")
    return found


def test_every_page_holds_each_id_once(pages):
    repeated = {
        f"{lang}: /{page}": sorted(element_id for element_id, count in Counter(ids.ids).items() if count > 1)
        for (lang, page), ids in pages.items()
    }
    assert {page: ids for page, ids in repeated.items() if ids} == {}


def test_every_section_anchor_has_its_counterpart_in_each_language(pages):
    missing = {}
    for lang, page in sorted(pages):
        for other in LANGUAGES:
            there = pages.get((other, page))
            if other == lang or there is None:
                continue
            lacking = sorted(set(pages[(lang, page)].anchors) - set(there.anchors))
            if lacking:
                missing[f"/{page} has in {lang}, not in {other}"] = lacking
    assert missing == {}
    assert len({page for _, page in pages}) > 40  # every page of every game was compared


class _Text(HTMLParser):
    """A page's text as a reader sees it, without code, scripts and styles."""

    HIDDEN = {"code", "pre", "script", "style", "template"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in self.HIDDEN

    def handle_endtag(self, tag):
        self.hidden -= tag in self.HIDDEN and self.hidden > 0

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


MARKDOWN_LINK = re.compile(r"\[[^\[\]\n]+\]\([^()\s]*(?:\.md|#)[^()\s]*\)")  # [words](page.md#section)


def test_no_page_shows_a_link_as_markdown_text(built_site):
    """A link the renderer writes inside a raw HTML element is only a link where Markdown reads that
    element's content (`markdown` on it); anywhere else the reader sees its brackets and address."""
    shown = {}
    for lang in LANGUAGES:
        for address in language_pages(built_site, lang):
            parser = _Text()
            parser.feed((built_site / address / "index.html").read_text(encoding="utf-8"))
            found = MARKDOWN_LINK.findall("".join(parser.parts))
            if found:
                shown[f"/{address}"] = found[:3]
    assert shown == {}
