"""Search for the built site: the per-language name index and Pagefind's full-text index."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path
from typing import cast

from generator.load.entities import LANGUAGES, Project
from generator.runtime.forked import Forked
from generator.search.names import compact_index
from generator.search.pagefind_chunks import rechunk
from generator.search.pagefind_service import PagefindIndexer, PagefindService

DEFAULT_LANGUAGE = "ja"  # built at the site root by mkdocs-static-i18n
NAMES_DIR = "assets/names"
BUNDLE_DIR = "pagefind"
ENTRY = "pagefind-entry.json"


def build_search(
    project: Project,
    site_dir: Path,
    indexer: PagefindIndexer | None = None,
    names: Forked | None = None,
    service: PagefindService | None = None,
) -> str:
    """Write assets/names/<lang>.json(.gz), <lang>-more.json(.gz) and the Pagefind bundle; return a report.

    `indexer` already holds the site's pages (fed while MkDocs wrote them); without one, every
    page under site_dir is indexed now. `names` is the name index
    being computed beside the build (name_index_files in a forked process); without it, it is
    computed now. `service`: a Pagefind service kept between indexes (the live preview's), which
    keeps the word splitters it has loaded. The browser fetches the gzip file and inflates it itself (DecompressionStream),
    so the first search stays small on any host, compressing or not; the plain file is for
    browsers without it.
    """
    if indexer is None:
        indexer = PagefindIndexer(site_dir, service=service)
        indexer.add_site()
    try:
        # Pagefind builds its bundle in its own process: the name index is built meanwhile.
        request = indexer.request_bundle()
        computed = names.result() if names else name_index_files(project)
        report, files = cast(tuple[str, dict[str, bytes]], computed)
        for name, data in files.items():
            (site_dir / NAMES_DIR).mkdir(parents=True, exist_ok=True)
            (site_dir / NAMES_DIR / name).write_bytes(data)
        bundle = indexer.finish(request)
    except BaseException:
        indexer.abort()
        raise
    write_bundle(bundle, site_dir / BUNDLE_DIR)
    return report


def text_index_files(site_dir: Path) -> dict[str, bytes]:
    """The full-text index of every page under site_dir (path in the bundle -> bytes), unwritten."""
    indexer = PagefindIndexer(site_dir)
    indexer.add_site()
    return indexer.finish(indexer.request_bundle())


def _join_entries(entries: list[dict]) -> dict:
    """One pagefind-entry.json listing the languages of all: a language's files (its metadata,
    word index, fragments and filters, named by their content and prefixed by the language)
    depend only on that language's pages, so bundles of disjoint languages join by taking every
    file and listing every language."""
    versions = {entry.get("version") for entry in entries}
    if len(versions) > 1:
        raise RuntimeError(f"Pagefind bundles of different versions: {', '.join(sorted(map(str, versions)))}")
    joined = dict(entries[0], languages={})
    for entry in entries:
        joined["languages"].update(entry["languages"])
    return joined


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
    return "name index " + "; ".join(totals), files


# Per bundle folder, the files the last bundle written there is made of. The live preview writes
# each new index over the last one, in the same folder; its files are named by their content, so
# a new bundle leaves the old one's files beside it. Those of the bundle before the last are removed
# (a page loaded before the reload that follows an index may still fetch the last one's files).
_LAST_BUNDLE: dict[Path, set[Path]] = {}


def write_bundle(files: dict[str, bytes], bundle: Path) -> None:
    """Write the files of a Pagefind bundle, then tidy it; remove what an older bundle left there."""
    present = {path for path in bundle.rglob("*") if path.is_file()} if bundle.is_dir() else set()
    written = set()
    for name, data in files.items():
        path = bundle / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.add(path)
    written |= tidy_bundle(bundle)
    last = _LAST_BUNDLE.get(bundle, present)  # files found at the first write are the last bundle's
    for stale in sorted(present - written - last):
        stale.unlink(missing_ok=True)
    _LAST_BUNDLE[bundle] = {path for path in written if path.exists()}  # re-chunking removed some


def tidy_bundle(bundle: Path) -> set[Path]:
    """Re-cut the word index into small chunks and give the entry file a stable order; return the
    files written."""
    data = json.loads((bundle / ENTRY).read_text(encoding="utf-8"))
    written = rechunk(bundle, data)
    _write_entry(bundle, data)
    return written | {bundle / ENTRY}


def merge_bundle(source: Path, target: Path) -> None:
    """Add the languages of one tidied Pagefind bundle to another's (see _join_entries)."""
    entries = [json.loads((folder / ENTRY).read_text(encoding="utf-8")) for folder in (target, source)]
    data = _join_entries(entries)
    for path in sorted(source.rglob("*")):
        copy = target / path.relative_to(source)
        if path.is_file() and path.name != ENTRY and not copy.exists():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copy)
    _write_entry(target, data)


def _write_entry(bundle: Path, data: dict) -> None:
    # Pagefind lists languages in hash-map order; sort them so equal data gives equal bytes.
    (bundle / ENTRY).write_text(
        json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True), encoding="utf-8"
    )
