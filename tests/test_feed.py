"""The open data: every feed fits its JSON Schema, no published id disappears within a major
version, texts carry no reference syntax, and the site publishes the files its page links to."""

from __future__ import annotations

import hashlib
import json
import re

import jsonschema
import pytest

from generator import feed as open_data
from generator.feed.howto import howto_pages
from generator.feed.published import current_ids, published, refused_removals
from generator.languages import DEFAULT, PUBLISHED
from generator.load.references import REFERENCE


@pytest.fixture(scope="module")
def feeds(project) -> dict[tuple[str, str], dict]:
    return {
        (game_id, lang): open_data.feed(project, game, lang, DEFAULT)
        for game_id, game in project.games.items()
        for lang in PUBLISHED
    }


def test_every_feed_fits_the_schema(feeds):
    validator = jsonschema.Draft202012Validator(open_data.schema())
    problems = [
        f"{game_id}.{lang}: {'/'.join(map(str, error.absolute_path))}: {error.message}"
        for (game_id, lang), one in feeds.items()
        for error in validator.iter_errors(one)
    ]
    assert problems == []


def test_the_schema_refuses_a_feed_that_breaks_it(feeds):
    broken = json.loads(json.dumps(next(iter(feeds.values()))))
    broken["entities"][0]["id"] = "Not An Id"
    del broken["faq"]
    errors = list(jsonschema.Draft202012Validator(open_data.schema()).iter_errors(broken))
    assert {error.validator for error in errors} >= {"pattern", "required"}


def test_no_published_id_is_gone_while_the_version_promises_it(project):
    gone = refused_removals(published(), current_ids(project))
    assert gone == [], (
        "ids the open data published are gone; restore them, or raise the major number of VERSION "
        "in generator/feed/__init__.py and run scripts/refresh-feed-ids"
    )


def test_a_removed_or_renamed_id_is_refused_unless_the_major_version_changes(project):
    current = current_ids(project)
    record = {"version": open_data.VERSION, "games": current}
    game_id = next(iter(current))
    renamed = json.loads(json.dumps(current))
    first = renamed[game_id]["entities"][0]
    renamed[game_id]["entities"][0] = first + "-renamed"
    assert refused_removals(record, renamed) == [f"{game_id} › entities › {first}"]
    older = {"version": f"{int(open_data.MAJOR) - 1}.9", "games": current}
    assert refused_removals(older, renamed) == []


def test_every_game_and_kind_is_recorded_as_published(project):
    record = published()
    assert record.get("version", "").split(".")[0] == open_data.MAJOR
    assert set(record["games"]) == set(project.games)


def test_texts_hold_words_not_reference_syntax(feeds):
    leftovers = []
    for (game_id, lang), one in feeds.items():
        for section in ("entities", "rules", "faq", "notes"):
            for entry in one[section]:
                for key in ("text", "title", "question", "answer"):
                    if REFERENCE.search(entry.get(key) or ""):
                        leftovers.append(f"{game_id}.{lang} {section} {entry['id']} {key}")
    assert leftovers == []


def test_each_feed_speaks_its_language_and_names_every_entity(project, feeds):
    for (game_id, lang), one in feeds.items():
        game = project.games[game_id]
        assert one["game"]["language"] == lang
        assert one["game"]["name"] == game.name[lang]
        listed = {entry["id"] for section in ("entities", "rules", "faq", "notes") for entry in one[section]}
        assert listed == set(game.entities)


def test_the_same_data_gives_the_same_bytes(project, tmp_path):
    first = open_data.write_feeds(project, tmp_path / "a", PUBLISHED, DEFAULT)
    open_data.write_feeds(project, tmp_path / "b", PUBLISHED, DEFAULT)
    for rel in first:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def test_the_howto_page_links_every_file_written(project, tmp_path):
    written = set(open_data.write_feeds(project, tmp_path, PUBLISHED, DEFAULT))
    for page in howto_pages(project, PUBLISHED, DEFAULT):
        up = "../" if page.path.startswith(f"{DEFAULT}/") else "../../"
        linked = set(re.findall(r'href="' + re.escape(up) + r'([^"]+)"', page.markdown))
        assert linked and linked <= written, page.path
        assert f"**{open_data.VERSION}**" in page.markdown


def test_the_built_site_publishes_the_feeds_it_lists(built_site):
    folder = built_site / open_data.FOLDER
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert index["version"] == open_data.VERSION
    assert len(index["feeds"]) == len({f["file"] for f in index["feeds"]}) > 0
    for entry in index["feeds"]:
        body = (folder / entry["file"]).read_bytes()
        assert hashlib.sha256(body).hexdigest() == entry["sha256"]
        assert len(body) == entry["bytes"]
    for lang in PUBLISHED:
        page = built_site / ("" if lang == DEFAULT else f"{lang}/") / "open-data" / "index.html"
        assert page.exists(), page
