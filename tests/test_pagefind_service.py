"""Pagefind fed page by page while MkDocs builds: the same index as its own crawl, failures said."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.search.pagefind_service import PagefindError, PagefindIndexer, PagefindService, what_pagefind_reads
from generator.site import serve

PAGE = "<html lang='{lang}'><body><main data-pagefind-body><h1>{title}</h1><p>{text}</p></main></body></html>"


# Korean and Ukrainian here: Japanese costs the service a second to load its dictionary, and the
# protocol is the same (the built site's Japanese pages are checked below against a crawl).
def test_pages_fed_one_by_one_are_indexed_per_language(tmp_path):
    indexer = PagefindIndexer(tmp_path)
    indexer.add_page("index.html", PAGE.format(lang="ko", title="소음", text="좀비는 소음을 따라간다"))
    indexer.add_page("uk/index.html", PAGE.format(lang="uk", title="Шум", text="Зомбі йдуть на шум"))
    files = indexer.finish(indexer.request_bundle())
    assert set(json.loads(files["pagefind-entry.json"])["languages"]) == {"ko", "uk"}
    assert len([name for name in files if name.startswith("fragment/")]) == 2
    assert not indexer.service.running()  # the service has ended


def test_the_warm_up_page_stays_out_of_the_bundle(tmp_path):
    def bundle(warm_up: bool) -> dict[str, bytes]:
        indexer = PagefindIndexer(tmp_path)
        if warm_up:
            indexer.warm_up("uk")
        indexer.add_page("ko/index.html", PAGE.format(lang="ko", title="소음", text="좀비는 소음을 따라간다"))
        return indexer.finish(indexer.request_bundle())

    assert bundle(warm_up=True) == bundle(warm_up=False)


def test_indexes_in_turn_on_a_kept_service_are_those_of_services_of_their_own(tmp_path):
    def bundle(service: PagefindService | None) -> dict[str, bytes]:
        indexer = PagefindIndexer(tmp_path, service=service)
        indexer.add_page("ko/index.html", PAGE.format(lang="ko", title="소음", text="좀비는 소음을 따라간다"))
        return indexer.finish(indexer.request_bundle())

    service = PagefindService(tmp_path)
    try:
        kept = [bundle(service), bundle(service)]
        assert service.running()  # an index that ends deletes itself, not the service
    finally:
        service.close()
    assert kept[0] == kept[1] == bundle(None)


def test_the_preview_keeps_one_pagefind_service_and_replaces_one_that_stopped(tmp_path):
    follower = serve.SearchFollower()
    first = follower._kept_service(tmp_path)
    try:
        assert follower._kept_service(tmp_path) is first
        first.abort()
        second = follower._kept_service(tmp_path)
        assert second is not first and second.running()
    finally:
        follower._kept_service(tmp_path).close()


def test_the_preview_indexes_the_site_again_only_once_it_changed_or_the_last_index_failed(tmp_path, monkeypatch):
    follower = serve.SearchFollower()
    monkeypatch.setattr(serve, "SEARCH", follower)
    follower._kept_service = lambda site_dir: None  # type: ignore[method-assign]  # no Pagefind here
    written = []

    def index(project, site_dir, service):
        if project == "disk full":
            raise OSError("no space left on device")
        written.append(project)
        return f"indexed {project}"

    def want(project, state) -> bool:
        asked = serve.in_background(index, project, tmp_path, state)
        follower.join()
        return asked

    assert want("first", (1, "data"))
    assert not want("saved unchanged", (1, "data"))
    assert want("page edited", (2, "data"))
    assert want("data edited", (2, "other data"))
    assert want("disk full", (3, "data"))
    assert want("retried", (3, "data"))  # the same site, but its index failed
    assert not want("saved unchanged", (3, "data"))
    assert written == ["first", "page edited", "data edited", "retried"]
    serve.indexed_in_build((4, "data"))  # the preview's first build indexes its site itself
    assert not want("saved unchanged", (4, "data"))


def test_pagefind_is_sent_the_language_and_the_page_from_its_searchable_part_on():
    page = (
        '<html lang="uk" class="no-js"><head><title>Шум</title></head><body><nav>Меню</nav>'
        "<div data-pagefind-body><h1>Шум</h1></div><footer>©</footer></body></html>"
    )
    assert (
        what_pagefind_reads(page)
        == '<html lang="uk"><body><div data-pagefind-body><h1>Шум</h1></div><footer>©</footer></body></html>'
    )
    unmarked = '<html lang="uk"><body><h1>404</h1></body></html>'
    assert what_pagefind_reads(unmarked) == unmarked


def test_a_service_that_stops_is_an_error_with_what_it_printed(tmp_path):
    indexer = PagefindIndexer(tmp_path)
    indexer.add_page("index.html", PAGE.format(lang="ko", title="소음", text="좀비"))
    indexer.service._process.kill()
    with pytest.raises(PagefindError, match="Pagefind failed: the service stopped"):
        indexer.finish(indexer.request_bundle())


def test_an_aborted_index_stops_the_service(tmp_path):
    indexer = PagefindIndexer(tmp_path)
    indexer.add_page("index.html", PAGE.format(lang="ko", title="소음", text="좀비"))
    indexer.abort()
    assert not indexer.service.running()


def test_the_built_index_holds_what_pagefinds_own_crawl_finds(built_site, tmp_path):
    """Fragments are named by their content: the same names mean the same pages, text and headings."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns("pagefind"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pagefind",
            "--site",
            str(site),
            "--quiet",
            "--exclude-selectors",
            ".headerlink",
            "--output-subdir",
            "crawl",
        ],
        check=True,
        capture_output=True,
    )
    streamed = {p.name for p in (built_site / "pagefind" / "fragment").iterdir()}
    crawled = {p.name for p in (site / "crawl" / "fragment").iterdir()}
    assert streamed == crawled
    pages = [path for path in Path(built_site).rglob("*.html") if path.name != "404.html"]
    assert len(streamed) == len(pages)  # one fragment per page: none lost, none twice


def test_bundles_join_their_languages_and_refuse_different_versions(tmp_path):
    from generator.search import merge_bundle

    def bundle(name: str, entry: str, files: dict[str, str]) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "pagefind-entry.json").write_text(entry)
        for file, text in files.items():
            (folder / file).write_text(text)
        return folder

    ja = bundle("ja", '{"version": "1.5.2", "languages": {"ja": {"page_count": 1}}}', {"a": "1"})
    uk = bundle("uk", '{"version": "1.5.2", "languages": {"uk": {"page_count": 2}}}', {"b": "2"})
    merge_bundle(uk, ja)
    assert json.loads((ja / "pagefind-entry.json").read_text())["languages"] == {
        "ja": {"page_count": 1},
        "uk": {"page_count": 2},
    }
    assert (ja / "a").read_text() == "1" and (ja / "b").read_text() == "2"
    older = bundle("older", '{"version": "1.4.0", "languages": {"ko": {}}}', {"c": "3"})
    with pytest.raises(RuntimeError, match="different versions: 1.4.0, 1.5.2"):
        merge_bundle(older, ja)


def test_an_index_written_over_the_last_two_leaves_only_theirs(tmp_path):
    """The live preview writes each new index into the same folder, its files named by their
    content: the bundle before the last is removed, the last kept for pages loaded before it."""
    from generator.search import write_bundle

    def bundle(text: str) -> dict[str, bytes]:
        indexer = PagefindIndexer(tmp_path)
        indexer.add_page("ko/index.html", PAGE.format(lang="ko", title="소음", text=text))
        indexer.add_page("uk/index.html", PAGE.format(lang="uk", title="Шум", text="Зомбі йдуть на шум"))
        return indexer.finish(indexer.request_bundle())

    def files(folder: Path) -> set[str]:
        return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}

    folder = tmp_path / "site" / "pagefind"
    generations = []
    for text in ("좀비는 소음을 따라간다", "좀비는 빛을 따라간다", "생존자는 문을 연다"):
        write_bundle(bundle(text), folder)
        generations.append(files(folder))
    first, _, third = generations
    korean_fragments = [{name for name in generation if name.startswith("fragment/ko_")} for generation in generations]
    assert len(korean_fragments[1]) == 2 and korean_fragments[0] < korean_fragments[1]  # the last one's kept
    assert len(korean_fragments[2]) == 2 and not korean_fragments[0] & korean_fragments[2]  # the one before gone
    assert {name for name in third if name.startswith("fragment/uk_")} == {
        name for name in first if name.startswith("fragment/uk_")
    }  # an unchanged page keeps its file
    assert len(third) <= 2 * len(first)
    entry = json.loads((folder / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert all(f"pagefind.{info['hash']}.pf_meta" in third for info in entry["languages"].values())
