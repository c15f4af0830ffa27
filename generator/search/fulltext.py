"""The full-text index: every section of every page, found by any part of its text.

A section is a heading with an id and the text up to the next one. Its text is what a reader sees
there in the page's language: the citations of sources, the permalinks, diagrams and anything
marked as another language (`lang="…"`) are left out, so excerpts show the reader's language only.

Keys, from the text as normalize() folds it (width, case, katakana to hiragana, Ukrainian
letters a Russian keyboard gives):
- Japanese and Chinese characters, kana and Hangul: every character and every pair of adjacent
  characters. A query finds the sections that hold all of its pairs, so any contiguous part of a
  word is found, whatever a dictionary would call a word (騒音トークン, トークン, 생존자 in 생존자는),
  and the browser needs no word splitter.
- other letters and digits: the words. A query word finds the words it begins; in Ukrainian, a word
  also finds every other form of its lemma in the text (pymorphy3's dictionary, at build time):
  «жетон» finds the sections with «жетона» or «жетонів».

Each key's postings are the sections it occurs in, as 2 * section + 1 when it occurs in the
section's heading (headings rank first). Keys are spread over shards by their first two characters
(a prefix of two characters or more is in one shard); the browser fetches the shards of its query's
keys only, and the text of a page only to show an excerpt of it. Files, per language, in the
language's folder of the site (search/):
  meta.json   {"shards": n, "pages": [first section number of each page, ..., total]}
  k<i>.json   shard i: {key: [postings, delta-coded], ...}
  p<j>.json   page j: [url, title, [[anchor, heading, text], ...]]
each also as .json.gz, which the browser fetches and inflates itself (see names).
"""

from __future__ import annotations

import gzip
import html
import json
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from generator.search.inflect import save_memo, word_lemmas
from generator.search.normalize import CYRILLIC_FOLDS, normalize

BODY_MARK = "data-search-body"  # the element (site_overrides/main.html) that holds a page's text
SKIPPED_CLASSES = {"headerlink", "rb-sources", "rb-names"}  # rb-names: the names index has them
SKIPPED_TAGS = {"svg", "script", "style", "template", "button", "nav"}
VOID_TAGS = {"br", "img", "hr", "input", "meta", "link", "wbr", "source", "col", "area", "base", "embed", "track"}
BLOCK_TAGS = {
    "p", "div", "li", "ul", "ol", "td", "th", "tr", "table", "dt", "dd", "dl", "br", "h1", "h2", "h3", "h4",
    "h5", "h6", "blockquote", "figure", "figcaption", "details", "summary", "section", "article", "pre", "hr",
}  # fmt: skip
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
SHARD_BYTES = 12_000  # JSON per shard, before gzip: about 3-5 KB fetched per key of a query
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>|<!--.*?-->|([^<]+)", re.S)
_ATTR = re.compile(r"""([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
_LANG = re.compile(r'<html[^>]*\blang="([^"]*)"')
_MAY_MATTER = re.compile(r"\b(?:class|lang)=")  # an element whose attributes may leave it out


@dataclass
class Section:
    anchor: str
    title: str = ""
    text: list[str] = field(default_factory=list)
    _body: str = ""

    def body(self) -> str:
        """The section's text, its runs of white space as one space (worked out once)."""
        if not self._body:
            self._body = re.sub(r"\s+", " ", "".join(self.text)).strip()
        return self._body


@dataclass
class Page:
    url: str  # from the language's folder: "<game>/<page>/"
    title: str
    sections: list[Section]


def page_language(page_html: str) -> str:
    found = _LANG.search(page_html, 0, 4096)
    return found.group(1) if found else ""


def read_page(url: str, page_html: str, lang: str) -> Page | None:
    """The sections of one built page, or None for a page without a text body (a redirect)."""
    start = page_html.find(BODY_MARK)
    if start < 0:
        return None
    reader = _SectionReader(lang)
    for match in _TAG.finditer(page_html, page_html.rfind("<", 0, start)):
        closing, tag, attrs, text = match.groups()
        if text is not None:
            reader.text(html.unescape(text) if reader.skip_from is None else "")
        elif tag is None:  # a comment
            continue
        elif tag.lower() in VOID_TAGS or (not closing and attrs.rstrip().endswith("/")):
            reader.void(tag.lower())
        elif closing:
            if not reader.close(tag.lower()):
                break
        else:
            reader.open(tag.lower(), attrs)
    if not reader.sections:
        return None
    return Page(url, reader.sections[0].title, reader.sections)


class _SectionReader:
    """The body's elements as they open and close: a heading with an id starts a section, its
    text is the section's title; what is left out (SKIPPED_TAGS, SKIPPED_CLASSES, another
    language) is skipped whole; a block's edge is a space."""

    def __init__(self, lang: str):
        self.lang = lang
        self.sections: list[Section] = []
        self.depth = 0  # elements open inside the body
        self.skip_from: int | None = None  # while inside a left-out element: the depth outside it
        self.heading: str | None = None  # the open heading tag, while its text is its section's title
        self.title_parts: list[str] = []

    def text(self, chunk: str) -> None:
        if not chunk:
            return
        if self.heading:
            self.title_parts.append(chunk)
        elif self.sections:
            self.sections[-1].text.append(chunk)

    def space(self, tag: str) -> None:
        if tag in BLOCK_TAGS and self.sections:
            self.sections[-1].text.append(" ")

    def void(self, tag: str) -> None:
        if self.skip_from is None:
            self.space(tag)

    def close(self, tag: str) -> bool:
        """False once the body itself closes."""
        self.depth -= 1
        if self.depth <= 0:
            return False
        if self.skip_from is not None:
            if self.depth == self.skip_from:
                self.skip_from = None
        elif self.heading == tag:
            self.sections[-1].title = re.sub(r"\s+", " ", "".join(self.title_parts)).strip()
            self.heading, self.title_parts = None, []
        else:
            self.space(tag)
        return True

    def open(self, tag: str, attrs: str) -> None:
        self.depth += 1
        if self.skip_from is not None:
            return
        if tag not in SKIPPED_TAGS and tag not in HEADINGS and not _MAY_MATTER.search(attrs):
            self.space(tag)
            return
        attributes = _attributes(attrs)
        other_language = attributes.get("lang") not in (None, "", self.lang)
        if tag in SKIPPED_TAGS or other_language or SKIPPED_CLASSES & set(attributes.get("class", "").split()):
            self.skip_from = self.depth - 1
        elif tag in HEADINGS and attributes.get("id"):
            self.sections.append(Section(attributes["id"]))
            self.heading, self.title_parts = tag, []
        else:
            self.space(tag)


def _attributes(text: str) -> dict[str, str]:
    found = {}
    for match in _ATTR.finditer(text):
        name, *values = match.groups()
        found[name.lower()] = html.unescape(next((v for v in values if v is not None), ""))
    return found


CJK = "\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7a3"
_RUNS = re.compile(f"[{CJK}]+|[^\\s{CJK}]+")
_DROPPED = re.compile(r"[^\w\s+]|_")  # \w is str.isalnum() and "_": what normalize() keeps, and spaces
_FOLDS = str.maketrans({**{chr(k): chr(k - 0x60) for k in range(0x30A1, 0x30F7)}, **CYRILLIC_FOLDS})


_SPLIT = re.compile(f"([{CJK}]+)|([^\\s{CJK}]+)")  # a run of CJK characters, or a word of another script


def _folded(text: str) -> str:
    return _DROPPED.sub("", unicodedata.normalize("NFKC", text).lower().translate(_FOLDS))


def runs_of(text: str) -> list[str]:
    """The text as normalize() folds it, cut into runs of CJK characters and words of other scripts
    (a word is what spaces or a change of script delimit: «S.T.A.R.S.» is one word, «stars»)."""
    return _RUNS.findall(_folded(text))


def keys_of(text: str) -> set[str]:
    """The index keys of a text: CJK characters and their pairs, and the other scripts' words."""
    keys: set[str] = set()
    for run, word in _SPLIT.findall(_folded(text)):
        if run:
            keys.update(run)
            keys.update([run[i : i + 2] for i in range(len(run) - 1)])
        else:
            keys.add(word)
    return keys


UKRAINIAN_WORD = re.compile(r"[а-щьюяіїєґ'ʼ’]+")


def ukrainian_lemmas(text: str) -> dict[str, set[str]]:
    """The Ukrainian words of a text (as normalize() gives them) and the lemmas each may be a form
    of (a word the dictionary does not know has none)."""
    found: dict[str, set[str]] = {}
    for word in set(UKRAINIAN_WORD.findall(text.lower())):
        found.setdefault(normalize(word), set()).update(normalize(lemma) for lemma in word_lemmas(word))
    return found


def shard_of(key: str, shards: int) -> int:
    """FNV-1a of the key's first two characters (code points); search.js computes the same."""
    value = 0x811C9DC5
    for ch in key[:2]:
        value = ((value ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
    return value % shards


def _delta(numbers: list[int]) -> list[int]:
    return [number - previous for previous, number in zip([0, *numbers], numbers)]


def _file(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@dataclass(frozen=True)
class IndexedPage:
    """What a page gives the index, whatever the pages around it: the keys of each of its sections
    (in its body, in its heading), its text for the Ukrainian forms, and its own file (the p<j>.json
    excerpts come from), plain and compressed. Made once per page: a page whose bytes did not
    change gives the same (generator/search/__init__.py keeps it)."""

    body_keys: tuple[frozenset[str], ...]
    title_keys: tuple[frozenset[str], ...]
    text: str
    file: bytes
    packed: bytes


def indexed_page(page: Page) -> IndexedPage:
    file = _file([page.url, page.title, [[s.anchor, s.title, s.body()] for s in page.sections]])
    return IndexedPage(
        tuple(frozenset(keys_of(s.body())) for s in page.sections),
        tuple(frozenset(keys_of(s.title)) for s in page.sections),
        " ".join(f"{s.title} {s.body()}" for s in page.sections),
        file,
        _packed(file),
    )


def _packed(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def index_files(pages: list[Page], lang: str) -> dict[str, bytes]:
    """The files of one language's index (name in search/ -> bytes), from its pages in order."""
    return assemble([indexed_page(page) for page in pages], lang)


def assemble(pages: list[IndexedPage], lang: str) -> dict[str, bytes]:
    """The files of one language's index from what each of its pages gives, in order."""
    postings: dict[str, dict[int, int]] = defaultdict(dict)  # key -> {section: 1 if in its heading}
    starts = []
    number = 0
    for page in pages:
        starts.append(number)
        for body, title in zip(page.body_keys, page.title_keys):
            for key in body:
                postings[key][number] = 0
            for key in title:
                postings[key][number] = 1
            number += 1
    starts.append(number)
    if lang == "uk":
        _add_other_forms(postings, ukrainian_lemmas(" ".join(page.text for page in pages)))
        save_memo()
    # Sections come in order, so each key's postings are in order (widened Ukrainian ones are sorted).
    entries = {key: _delta([2 * n + f for n, f in postings[key].items()]) for key in sorted(postings)}
    size = sum(len(key.encode()) + 4 * len(found) + 6 for key, found in entries.items())
    shards = max(1, round(size / SHARD_BYTES))
    grouped: list[dict[str, list[int]]] = [{} for _ in range(shards)]
    for key, found in entries.items():
        grouped[shard_of(key, shards)][key] = found
    files = {"meta.json": _file({"shards": shards, "pages": starts})}
    for i, shard in enumerate(grouped):
        files[f"k{i}.json"] = _file(shard)
    for name in list(files):
        files[f"{name}.gz"] = _packed(files[name])
    for j, page in enumerate(pages):
        files[f"p{j}.json"], files[f"p{j}.json.gz"] = page.file, page.packed
    return files


def _add_other_forms(postings: dict[str, dict[int, int]], lemmas: dict[str, set[str]]) -> None:
    """Each word's postings also hold those of every other word of one of its lemmas. The words of
    one family share one union (most forms of a lemma have the same family: made once, not per form)."""
    by_lemma: dict[str, set[str]] = defaultdict(set)
    for word, of in lemmas.items():
        if word in postings:
            for lemma in of:
                by_lemma[lemma].add(word)
    unions: dict[frozenset[str], dict[int, int]] = {}
    widened = {}
    for word, of in lemmas.items():
        family = frozenset().union(*(by_lemma[lemma] for lemma in of)) if of else frozenset()
        if len(family) > 1:
            if family not in unions:
                unions[family] = _union(postings[other] for other in family)
            widened[word] = unions[family]
    postings.update(widened)


def _union(found: Iterable[dict[int, int]]) -> dict[int, int]:
    """Sections in any of the postings, in order; in a heading (1) if in a heading in any."""
    union: dict[int, int] = {}
    for postings in found:
        for number, flag in postings.items():
            if flag or number not in union:
                union[number] = flag
    return dict(sorted(union.items()))
