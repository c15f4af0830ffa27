"""How well the site's own search answers, measured in the browser on a built site: shared by the
tests (tests/test_search_recall.py) and scripts/benchmark.py, which writes the figures the about
page shows.

- Recall: each word of tests/fixtures/search/recall.yaml goes through the page's full-text search
  (window.rulebookSearch.text, what the search box runs) and the pages returned are compared with
  the pages whose text holds the word. A page's text is read here on its own terms, from the built
  HTML: what the page shows in its body in its language, without the source citations, the names
  in other languages and the permalinks. Japanese and Korean: the query's characters in a row
  (width, case and kana folded); Ukrainian: the word or any form of it (pymorphy3's dictionary).
- Precision: of the pages returned, the share that hold the query as recall counts it (Japanese
  and Korean: its characters in a row, not only a particle or a part of them).
- Questions: each phrase of tests/fixtures/search/phrases.yaml, pasted into the search box of a
  page of the game; hit@1 and hit@3: the entry it asks about is the first result, or among the
  first three.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import yaml

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "search"
LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
LEFT_OUT_CLASSES = {"headerlink", "rb-sources", "rb-names"}
LEFT_OUT_TAGS = {"svg", "script", "style", "template", "button", "nav"}
VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "source", "col", "area", "base", "embed", "track"}


def recall_queries() -> dict[str, list[str]]:
    return yaml.safe_load((FIXTURES / "recall.yaml").read_text(encoding="utf-8"))


def phrase_queries() -> dict[str, list[tuple[str, str]]]:
    data = yaml.safe_load((FIXTURES / "phrases.yaml").read_text(encoding="utf-8"))
    return {lang: [(query, target) for query, target in items] for lang, items in data.items()}


def fold(text: str) -> str:
    """Width, case and katakana folded, Ukrainian soft sign and Russian-keyboard letters too;
    only letters, digits and spaces kept."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)
    text = text.translate(str.maketrans({"ь": "", "ъ": "", "ґ": "г", "ё": "е", "ы": "и", "э": "е"}))
    return "".join(c for c in text if c.isalnum() or c.isspace() or c == "+")


class _BodyText(HTMLParser):
    """The text of the element marked data-search-body, less what the page does not say in its language."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.depth = 0  # inside the body: elements open
        self.left_out_at: int | None = None
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if self.depth == 0:
            if "data-search-body" in attributes:
                self.depth = 1
            return
        if tag in VOID:
            self.parts.append(" ")
            return
        self.depth += 1
        classes = set((attributes.get("class") or "").split())
        foreign = attributes.get("lang") not in (None, "", self.lang)
        if self.left_out_at is None and (tag in LEFT_OUT_TAGS or classes & LEFT_OUT_CLASSES or foreign):
            self.left_out_at = self.depth
        self.parts.append(" " if tag not in ("a", "span", "strong", "em", "code", "b", "i", "mark") else "")

    def handle_endtag(self, tag):
        if self.depth == 0 or tag in VOID:
            return
        if self.left_out_at == self.depth:
            self.left_out_at = None
        self.depth -= 1
        self.parts.append(" " if tag not in ("a", "span", "strong", "em", "code", "b", "i", "mark") else "")

    def handle_data(self, data):
        if self.depth and self.left_out_at is None:
            self.parts.append(data)


def page_texts(site: Path, lang: str) -> dict[str, str]:
    """Site path of each page of `lang` ("ko/zombicide-1/faq/") -> its folded text."""
    home = LANGUAGE_ROOT[lang].lstrip("/")
    others = [root.lstrip("/") for other, root in LANGUAGE_ROOT.items() if other != lang and root != "/"]
    found = {}
    for path in sorted(site.rglob("index.html")):
        rel = path.relative_to(site).as_posix()
        if not rel.startswith(home) or any(rel.startswith(other) for other in others):
            continue
        html = path.read_text(encoding="utf-8")
        if f'<html lang="{lang}"' not in html[:2000]:
            continue
        parser = _BodyText(lang)
        parser.feed(html)
        found[rel.removesuffix("index.html")] = fold(re.sub(r"\s+", " ", "".join(parser.parts)))
    return found


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="uk")


def ukrainian_forms(word: str) -> set[str]:
    """Every form of every reading of a word, folded."""
    forms = {fold(word)}
    for parse in _morph().parse(word.lower()):
        forms.update(fold(form.word) for form in parse.lexeme)
    return forms


def pages_holding(texts: dict[str, str], lang: str, query: str) -> set[str]:
    """The pages whose text holds the query: its characters in a row, or in Ukrainian each of its
    words in some form."""
    if lang == "uk":
        words = [ukrainian_forms(word) for word in query.split()]
        return {
            page for page, text in texts.items() if all(forms & set(text.split()) for forms in words)
        }  # fmt: skip
    return contiguous(texts, query)


def contiguous(texts: dict[str, str], query: str) -> set[str]:
    """The pages whose text holds the query with its characters in a row, its words in their order
    (a word does not run on across a space, nor from one element of the page into the next)."""
    wanted = " ".join(fold(query).split())
    return {page for page, text in texts.items() if wanted in text}


FULL_TEXT = "async queries => { const out = []; for (const q of queries) out.push(await window.rulebookSearch.text(q)); return out; }"


def full_text_answers(page, queries: list[str]) -> list[list[str]]:
    """Each query's sections found, as site paths with anchors ("ko/zombicide-1/faq/#x")."""
    page.wait_for_function("() => window.rulebookSearch")
    return page.evaluate(FULL_TEXT, queries)


def recall_figures(page, site: Path, lang: str) -> dict:
    """Recall and precision of the full text over the language's query set, with the misses."""
    texts = page_texts(site, lang)
    queries = recall_queries()[lang]
    answers = full_text_answers(page, queries)
    missed, found_total, expected_total, returned_total, exact_total = [], 0, 0, 0, 0
    for query, answer in zip(queries, answers):
        returned = {link.split("#")[0] for link in answer}
        expected = pages_holding(texts, lang, query)
        lost = expected - returned
        if lost:
            missed.append((query, sorted(lost)))
        found_total += len(expected & returned)
        expected_total += len(expected)
        returned_total += len(returned)
        exact_total += len(returned & expected)
    return {
        "queries": len(queries),
        "recall": found_total / expected_total if expected_total else 1.0,
        "precision": exact_total / returned_total if returned_total else 1.0,
        "missed": missed,
    }


def phrase_figures(page, site_url: str, lang: str, answers_of_each) -> dict:
    """hit@1 and hit@3 of the language's phrases, pasted into the search box of a page of the game."""
    phrases = phrase_queries()[lang]
    first_game = phrases[0][1].split("/")[0]
    page.goto(f"{site_url}{LANGUAGE_ROOT[lang]}{first_game}/")
    page.locator(".rb-search__input").click()
    answers = answers_of_each(page, [query for query, _ in phrases])
    hits1 = hits3 = 0
    missed = []
    for (query, target), links in zip(phrases, answers):
        wanted = f"{LANGUAGE_ROOT[lang]}{target}"
        hits1 += bool(links) and links[0] == wanted
        hits3 += wanted in links[:3]
        if wanted not in links[:3]:
            missed.append((query, target, links[:3]))
    return {"queries": len(phrases), "hit1": hits1 / len(phrases), "hit3": hits3 / len(phrases), "missed": missed}
