"""The search indexes as files: the name index's forms and encoding, and the full-text index."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from generator.languages import LANGUAGES
from generator.search import TEXT_DIR, home
from generator.search.fulltext import index_files, keys_of, read_page, shard_of
from generator.search.inflect import ukrainian_forms
from generator.search.names import compact_index, front_code, name_index

FIRST_SEARCH_SHARD = 8 * 1024  # bytes (gzip): one shard of the full-text index, fetched for a key


def decode(coded: str) -> list[str]:
    keys, previous = [], ""
    for item in coded.split(" ") if coded else []:
        shared, _, rest = item.partition(",")
        previous = previous[: int(shared)] + rest
        keys.append(previous)
    return keys


@pytest.mark.parametrize(
    "name, forms",
    [
        ("Бігун", {"бігуни", "бігунів", "бігуна", "бігунами"}),  # a surname reading comes first in the dictionary
        ("Дикун", {"дикуни", "дикунів", "дикуном"}),
        ("Слизький", {"слизького", "слизькі", "слизьких"}),
        ("жетон шуму", {"жетона шуму", "жетонів шуму", "жетонами шуму"}),  # the complement keeps its case
        ("коктейль Молотова", {"коктейлю молотова", "коктейлів молотова"}),
    ],
)
def test_every_case_and_number_of_a_ukrainian_name(name, forms):
    assert forms <= ukrainian_forms(name)


def test_front_coding_gives_back_the_keys():
    keys = sorted(["бігун", "бігуна", "бігунами", "бігуни", "бігунів", "слизкий", "+1дія"])
    assert decode(front_code(keys)) == keys
    assert len(front_code(keys)) < len(" ".join(keys))


@pytest.mark.long(3)
def test_the_name_index_is_deterministic_and_names_only_known_games(project):
    games = {game.id for game in project.games.values()}
    for lang in LANGUAGES:
        first, more, counts = compact_index(project, lang)
        again, *_ = compact_index(project, lang)
        assert json.dumps(first, ensure_ascii=False) == json.dumps(again, ensure_ascii=False)
        assert [g for g, _ in first["games"]] == list(project.games)
        assert counts["entries"] == len(first["entries"]) == len(more["keys"]) > 100
        for number, (title, kind, _game, url, keys) in enumerate(first["entries"]):
            assert title and first["kinds"][kind] and url.split("/")[0] in games and "#" in url
            # Keys, or the number of an earlier entry that has the same keys.
            assert (isinstance(keys, int) and keys < number) or all(isinstance(k, str) for k in keys)


def test_a_ukrainian_name_s_case_forms_are_keys_of_its_entry(project):
    entries, counts = name_index(project, "uk", "ja")
    assert counts["inflected"] > 1000
    runners = [entry for entry in entries if entry["url"].endswith("/zombies/#runner")]
    assert runners
    for entry in runners:
        assert {("бігуни", 3), ("бігунів", 3)} <= set(entry["keys"]), entry["title"]


@pytest.mark.long(3)
def test_case_forms_are_sent_as_stem_endings_and_tail(project):
    """The browser rebuilds every form from the stem, the shared endings and the tail."""
    readable, _ = name_index(project, "uk", "")
    index, _, _ = compact_index(project, "uk")
    for entry, (_title, _kind, _game, _url, coded) in zip(readable, index["entries"]):
        coded = index["entries"][coded][4] if isinstance(coded, int) else coded
        rebuilt = set()
        for spec in coded[2:]:
            weight, stem, number, tail = spec.split(",")
            rebuilt |= {(stem + ending + tail, int(weight)) for ending in index["endings"][int(number)].split("|")}
        rebuilt |= {(k, 3) for k in decode(coded[0])} | {(k, 2) for k in decode(coded[1])}
        best: dict[str, int] = {}
        for key, weight in rebuilt:
            best[key] = max(best.get(key, 0), weight)
        assert best == {key: weight for key, weight in entry["keys"] if weight > 1}, entry["title"]


def test_the_gzip_name_index_is_the_json_one_and_small(built_site):
    for lang in LANGUAGES:
        plain = (built_site / "assets" / "names" / f"{lang}.json").read_bytes()
        packed = (built_site / "assets" / "names" / f"{lang}.json.gz").read_bytes()
        assert gzip.decompress(packed) == plain
        assert len(packed) < 40 * 1024, f"{lang}: {len(packed)} bytes"


PAGE = """<html lang="ja"><body><nav><h2 id="nav">目次</h2></nav><div data-search-body>
<h1 id="top">騒音<a class="headerlink" href="#top">&para;</a></h1>
<p>音の出る武器は<a href="../glossary/#noise-token">騒音トークン</a>を置きます &amp; <span lang="en">Noise</span>。</p>
<svg><text>ゾーンA</text></svg><div class="rb-sources"><p>出典: § 騒音</p></div>
<h2 id="s2">S.T.A.R.S.の隊員<a class="headerlink" href="#s2">&para;</a></h2><p>第2<br>段落<img src="x.png" alt=""></p>
</div><footer><p>フッター</p></footer></body></html>"""


def test_a_page_is_read_as_its_sections_in_its_language_only():
    page = read_page("game/page/", PAGE, "ja")
    assert page is not None and page.title == "騒音"
    assert [(s.anchor, s.title, s.body()) for s in page.sections] == [
        ("top", "騒音", "音の出る武器は騒音トークンを置きます & 。"),  # no permalink, English, diagram or citation
        ("s2", "S.T.A.R.S.の隊員", "第2 段落"),  # the text ends with the body: no footer
    ]


def test_keys_are_the_pairs_of_cjk_characters_and_the_words_of_other_scripts():
    assert keys_of("騒音トークン") == {"騒", "音", "と", "ー", "く", "ん", "騒音", "音と", "とー", "ーく", "くん"}
    assert keys_of("S.T.A.R.S.隊員 Жетонів шуму") == {"stars", "隊", "員", "隊員", "жетонів", "шуму"}


def test_a_ukrainian_word_finds_the_sections_of_its_other_forms():
    pages = [
        read_page(f"p{i}/", f'<html lang="uk"><div data-search-body><h1 id="a">Розділ</h1><p>{text}</p></div>', "uk")
        for i, text in enumerate(["Покладіть жетон шуму.", "Жетонів немає.", "Вихід закрито.", "Біля виходу."])
    ]
    files = index_files([page for page in pages if page], "uk")
    meta = json.loads(files["meta.json"])
    postings = {}
    for number in range(meta["shards"]):
        postings.update(json.loads(files[f"k{number}.json"]))

    def sections(word):
        found, total = [], 0
        for delta in postings[word]:
            total += delta
            found.append(total >> 1)
        return found

    assert sections("жетон") == sections("жетонів") == [0, 1]
    assert sections("вихід") == sections("виходу") == [2, 3]  # the vowel changes: the lemma is the same


def test_a_language_s_index_is_kept_for_the_same_pages_and_made_again_for_changed_ones(tmp_path, monkeypatch):
    """A rebuild of unchanged pages takes each language's index from the cache, reading no page; a
    page that changed (or moved) in one language has that language's index made again."""
    import generator.search as search
    from generator.search import TextIndexer

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    read = []
    monkeypatch.setattr(search, "read_page", lambda url, *rest: read.append(url) or original(url, *rest))
    original = read_page
    other = '<html lang="uk"><div data-search-body><h1 id="a">Жетон шуму</h1><p>Покладіть жетон.</p></div>'

    def indexed(ja_page: str, ja_path: str = "game/page/index.html") -> dict[str, bytes]:
        indexer = TextIndexer(keep=True)
        indexer.add_page(ja_path, ja_page)
        indexer.add_page("uk/game/page/index.html", other)
        found = indexer.files()
        assert indexer.pages == {"ja": 1, "uk": 1}
        return found

    first = indexed(PAGE)
    assert sorted(read) == ["game/page/", "game/page/"]
    assert indexed(PAGE) == first and len(read) == 2  # kept: no page read again
    unkept = TextIndexer()
    unkept.add_page("game/page/index.html", PAGE)
    unkept.add_page("uk/game/page/index.html", other)
    assert unkept.files() == first  # the same bytes as an index made now
    read.clear()
    changed = indexed(PAGE.replace("フッター", "").replace("第2", "第3"))
    assert read == ["game/page/"] and changed != first  # only Japanese is read again
    indexed(PAGE, "game/moved/index.html")
    assert read[1:] == ["game/moved/"]


def test_when_one_page_of_a_language_changed_only_that_page_is_read_again(tmp_path, monkeypatch):
    """The pages that did not change give the index what they gave it last time (kept per page),
    and the index is the one made from every page now; a store that cannot be read is made again."""
    import generator.search as search
    from generator.search import TextIndexer

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    read = []
    original = read_page
    monkeypatch.setattr(search, "read_page", lambda url, *rest: read.append(url) or original(url, *rest))
    pages = {f"game/p{i}/index.html": PAGE.replace("第2", f"第{i}") for i in range(4)}

    def index(keep: bool, old: str = "段落", new: str = "段落") -> dict[str, bytes]:
        """The pages' index, with `old` replaced by `new` in the third page."""
        indexer = TextIndexer(keep=keep)
        for path, page in pages.items():
            indexer.add_page(path, page.replace(old, new) if path == "game/p2/index.html" else page)
        return indexer.files()

    first = index(True)
    read.clear()
    assert index(True, "フッター", "脚注") == first  # outside the text body: the same index, a new page
    assert read == ["game/p2/"]
    read.clear()
    edited = index(True, new="<h2 id='s3'>追加</h2>")
    assert edited == index(False, new="<h2 id='s3'>追加</h2>") != first
    assert read[0] == "game/p2/" and len(read) == 1 + len(pages)  # then every page, for the unkept index
    for store in (tmp_path / "cache" / "rulebook" / "search" / "pages").iterdir():
        store.write_bytes(b"not a pickle")
    read.clear()
    assert index(True, new="別") == index(False, new="別")
    assert len(read) == 2 * len(pages)


@pytest.mark.parametrize("key", ["騒音", "жетон", "생존", "stars"])
def test_a_key_and_its_prefixes_of_two_characters_share_a_shard(key):
    for shards in (1, 7, 60):
        assert shard_of(key, shards) == shard_of(key[:2] + "xyz", shards) < shards


def test_the_full_text_index_is_small_where_a_first_search_reads_it(built_site):
    """A search fetches the meta file, the shards of its keys and the pages it shows: each small."""
    for lang in LANGUAGES:
        folder = built_site / home(lang) / TEXT_DIR
        meta = json.loads((folder / "meta.json").read_bytes())
        shards = [folder / f"k{i}.json.gz" for i in range(meta["shards"])]
        assert all(shard.is_file() for shard in shards) and meta["shards"] >= 10, lang
        too_big = [(s.name, s.stat().st_size) for s in shards if s.stat().st_size > FIRST_SEARCH_SHARD]
        assert not too_big, (lang, too_big)
        pages = sorted(folder.glob("p*.json.gz"))
        assert len(pages) == len(meta["pages"]) - 1 > 50, lang
        for path in [folder / "meta.json", *shards[:3], *pages[:3]]:
            assert (
                gzip.decompress(Path(f"{path}.gz" if path.suffix == ".json" else path).read_bytes())
                == (path if path.suffix == ".json" else path.with_suffix("")).read_bytes()
            )


def test_excerpts_hold_neither_citations_nor_the_other_languages_names(built_site, project):
    """The text the results show is the page's own: no source citation («§ …», often in the
    source's script), no line of an entry's names in the other languages. (A note that quotes a
    source's own word keeps it: that is the note's text.)"""
    for lang in LANGUAGES:
        folder = built_site / home(lang) / TEXT_DIR
        shown = []
        for path in sorted(folder.glob("p*.json")):
            _url, title, sections = json.loads(path.read_bytes())
            shown += [title, *(text for section in sections for text in section[1:])]
        assert len(shown) > 500, lang
        assert not [text for text in shown if "§" in text][:3], lang
        for label in ("other-languages", "also-known-as"):  # the names line's labels
            assert not [text for text in shown if project.labels[label][lang] + ":" in text][:3], (lang, label)


@pytest.mark.parametrize(
    "lang, alias, anchor",
    [("ja", "ライン・オブ・サイト", "#sight"), ("ko", "몰로토프", "#molotov-attack"), ("uk", "LOS", "#sight")],
)
def test_a_rule_section_is_found_by_the_name_players_give_it(project, lang, alias, anchor):
    """A rule's aliases (a loanword, the English name) are keys of its entry, as a name's are."""
    from generator.search.normalize import normalize

    entries, _ = name_index(project, lang, "ja")
    holders = [entry["url"] for entry in entries if normalize(alias) in dict(entry["keys"])]
    assert any(url.endswith(anchor) for url in holders), holders
