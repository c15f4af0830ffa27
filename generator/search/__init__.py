"""Search for the built site: the per-language name index and the full-text index."""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import sys
from pathlib import Path
from typing import cast

from generator.languages import DEFAULT, LANGUAGES
from generator.load.entities import Project
from generator.runtime.disk_memo import cache_folder, forget_the_oldest, kept_pickle, read_pickle, write_pickle
from generator.runtime.forked import Forked
from generator.search.fulltext import IndexedPage, Page, assemble, indexed_page, page_language, read_page
from generator.search.inflect import dictionary_versions, save_memo
from generator.search.names import compact_index

DEFAULT_LANGUAGE = DEFAULT  # built at the site root by mkdocs-static-i18n
NAMES_DIR = "assets/names"
TEXT_DIR = "search"  # in each language's folder: its full-text index (generator/search/fulltext.py)
SEARCH_CACHE = "search"  # the kept indexes' folder in the user's cache folder
KEPT_INDEXES = 12  # files: a few versions of each language's index
PAGES_FOLDER = "pages"  # in SEARCH_CACHE: what each page gave its language's last index
KEPT_PAGE_STORES = 6  # files: every language's, for this code and the code before


def home(lang: str) -> str:
    """A language's folder in the site: "" for the default language, "ko/" for the others."""
    return "" if lang == DEFAULT_LANGUAGE else f"{lang}/"


class TextIndexer:
    """Collects the built pages (path and HTML, as MkDocs writes them) and makes each language's
    full-text index from them, the pages in the order given.

    A rebuild of data that did not change writes the very same pages; reading them and indexing
    them again (about a second and a half of CPU for three languages) would give the same bytes.
    With `keep`, the user's cache folder (rulebook/search) keeps, for the code and dictionary that
    index them:
    - each language's index, named by a digest of its pages' paths and bytes, in order: a build
      whose pages of a language all match takes that language's index from there;
    - what each page of a language gave the last index of it (IndexedPage), by a digest of its path
      and bytes: when some pages changed (an edit of one game's text), only those are read again."""

    def __init__(self, keep: bool = False) -> None:
        self.folder = cache_folder(SEARCH_CACHE) if keep else None
        self.built: dict[str, list[tuple[str, str]]] = {}  # lang -> [(url, page HTML)], in order
        self.pages: dict[str, int] = {}  # lang -> its pages with a text body, once indexed

    def add_page(self, path: str, page_html: str) -> None:
        """One built page: its path in the site ('ko/<game>/<page>/index.html') and its HTML."""
        lang = page_language(page_html)
        if lang not in LANGUAGES or not path.startswith(home(lang)):
            return
        self.built.setdefault(lang, []).append((path[len(home(lang)) :].removesuffix("index.html"), page_html))

    def add_site(self, site_dir: Path) -> None:
        """Every page under site_dir, in the order of their paths."""
        for path in sorted(site_dir.rglob("*.html")):
            self.add_page(path.relative_to(site_dir).as_posix(), path.read_text(encoding="utf-8"))

    def files(self) -> dict[str, bytes]:
        """Every language's index: path in the site -> bytes."""
        found = {}
        for lang in sorted(self.built):
            files, self.pages[lang] = self._index(lang)
            found.update({f"{home(lang)}{TEXT_DIR}/{name}": data for name, data in files.items()})
        return found

    def _index(self, lang: str) -> tuple[dict[str, bytes], int]:
        built = self.built[lang]
        if self.folder is None:
            pages = [indexed_page(page) for page in (read_page(url, html, lang) for url, html in built) if page]
            return assemble(pages, lang), len(pages)
        each = [hashlib.sha256(f"{url}\n".encode() + html.encode("utf-8")).digest() for url, html in built]
        digest = hashlib.sha256(f"{_indexing_code()}\n{lang}\n".encode() + b"".join(each)).hexdigest()[:32]

        def index() -> tuple[dict[str, bytes], int]:
            pages = [page for page in self._indexed_pages(lang, each) if page]
            return assemble(pages, lang), len(pages)

        kept = kept_pickle(self.folder / f"{digest}-{lang}.pickle", index)
        forget_the_oldest(self.folder, KEPT_INDEXES)
        return kept

    def _indexed_pages(self, lang: str, digests: list[bytes]) -> list[IndexedPage | None]:
        """What each page gives the index (None: no text body), read only where the last index of
        the language did not have the same page."""
        folder = cache_folder(f"{SEARCH_CACHE}/{PAGES_FOLDER}")
        store = folder / f"{_indexing_code()[:16]}-{lang}.pickle" if folder else None
        kept: dict[bytes, IndexedPage | None] = read_pickle(store, {}) if store else {}
        now: dict[bytes, IndexedPage | None] = {}
        for digest, (url, page_html) in zip(digests, self.built[lang]):
            if digest not in now:
                now[digest] = kept[digest] if digest in kept else _indexed(read_page(url, page_html, lang))
        if folder and store and now.keys() != kept.keys():
            write_pickle(store, now)
            forget_the_oldest(folder, KEPT_PAGE_STORES)
        return [now[digest] for digest in digests]


def _indexed(page: Page | None) -> IndexedPage | None:
    return indexed_page(page) if page is not None else None


@functools.lru_cache(maxsize=1)
def _indexing_code() -> str:
    """What an index depends on besides its pages: this package's code, the Python that runs it
    and the Ukrainian dictionary's version."""
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(" ".join(dictionary_versions()).encode())
    return digest.hexdigest()


def text_index_files(site_dir: Path) -> dict[str, bytes]:
    """The full-text index of every page under site_dir (path in the site -> bytes), unwritten."""
    indexer = TextIndexer()
    indexer.add_site(site_dir)
    return indexer.files()


def build_search(
    project: Project, site_dir: Path, indexer: TextIndexer | None = None, names: Forked | None = None
) -> str:
    """Write assets/names/<lang>.json(.gz), <lang>-more.json(.gz) and each language's full-text
    index; return a report.

    `indexer` already holds the site's pages (fed while MkDocs wrote them); without one (the
    preview), every page under site_dir is read now, and a language whose pages are as an earlier
    index found them takes that index (TextIndexer's `keep`). `names` is the name index being
    computed beside the build (name_index_files in a forked process); without it, it is computed
    now. The browser fetches
    the gzip files and inflates them itself (DecompressionStream), so the first search stays small
    on any host, compressing or not; the plain files are for browsers without it.
    """
    if indexer is None:
        indexer = TextIndexer(keep=True)
        indexer.add_site(site_dir)
    computed = names.result() if names else name_index_files(project)
    report, files = cast(tuple[str, dict[str, bytes]], computed)
    for name, data in files.items():
        (site_dir / NAMES_DIR).mkdir(parents=True, exist_ok=True)
        (site_dir / NAMES_DIR / name).write_bytes(data)
    text = indexer.files()
    write_text_index(text, site_dir)
    counts = ", ".join(f"{lang}: {pages} pages" for lang, pages in sorted(indexer.pages.items()))
    return f"{report}; full text {counts}"


def write_text_index(files: dict[str, bytes], site_dir: Path) -> None:
    """Write the index files; remove those a larger index left in the same folders before."""
    folders = {(site_dir / name).parent for name in files}
    for folder in folders:
        if folder.is_dir():
            for old in folder.iterdir():
                if old.is_file() and old.relative_to(site_dir).as_posix() not in files:
                    old.unlink()
    for name, data in files.items():
        path = site_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def name_index_files(project: Project) -> tuple[str, dict[str, bytes]]:
    """The name index of every language (file name in assets/names/ -> bytes) and a report."""
    files, totals = {}, []
    for lang in LANGUAGES:
        index, other_languages, counts = compact_index(project, lang, "" if lang == DEFAULT_LANGUAGE else f"{lang}/")
        for name, value in ((lang, index), (f"{lang}-more", other_languages)):
            data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            files[f"{name}.json"] = data
            files[f"{name}.json.gz"] = gzip.compress(data, compresslevel=9, mtime=0)
        totals.append(f"{lang}: {counts['entries']} entries, {counts['inflected']} inflected forms")
    save_memo()
    return "name index " + "; ".join(totals), files
