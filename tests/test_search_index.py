"""The search indexes as files: the name index's forms and encoding, and Pagefind's chunks."""

from __future__ import annotations

import gzip
import json

import pytest

from generator.languages import LANGUAGES
from generator.search.inflect import ukrainian_forms
from generator.search.names import compact_index, front_code, name_index
from generator.search.pagefind_chunks import _read

FIRST_SEARCH_CHUNK = 16 * 1024  # bytes: one Pagefind index chunk, fetched by a first search


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


def test_pagefind_chunks_are_small_and_all_listed(built_site):
    """Korean's word index was one 195 KB file that every Korean search fetched."""
    bundle = built_site / "pagefind"
    entry = json.loads((bundle / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert set(entry["languages"]) == set(LANGUAGES)
    for lang, info in entry["languages"].items():
        meta = _read(bundle / f"pagefind.{info['hash']}.pf_meta")
        listed = {f"{chunk_hash}.pf_index" for _first, _last, chunk_hash in meta[2]}
        chunks = sorted((bundle / "index").glob(f"{lang}_*.pf_index"))
        assert listed == {c.name for c in chunks}, lang
        assert len(chunks) >= 3, lang
        too_big = [(c.name, c.stat().st_size) for c in chunks if c.stat().st_size > FIRST_SEARCH_CHUNK]
        assert not too_big, too_big
