"""Resident Evil's own entities: every name in every language finds its entry, the kinds have
the labels the pages and the search need, and a wrong value is reported with its place."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import registry
from generator.languages import LANGUAGES
from generator.load import load_project
from generator.search.names import name_index
from generator.search.normalize import normalize
from tests.conftest import copy_project

GAME = "resident-evil"
NAMED_KINDS = ("character", "enemy", "item", "component", "term")


def test_every_searchable_kind_has_a_label_in_every_language(project):
    # The name index and the pages name each result's kind; a kind without a label would pass
    # `check` and then stop the build.
    for game in project.games.values():
        for kind in (*registry.for_game(game).search_kinds, "term", "rule", "faq"):
            for lang in LANGUAGES:
                assert lang in project.labels.get(f"kind-{kind}", {}), f"{game.id}: no '{lang}' label for kind-{kind}"


def test_the_game_has_its_characters_enemies_items_and_components(project):
    kinds = {e.kind for e in project.games[GAME].entities.values()}
    assert set(NAMED_KINDS) <= kinds
    main = [e.id for e in project.games[GAME].of_kind("character") if e.fields["role"] == "main"]
    assert len(main) == project.games[GAME].parameters["main-characters"].fields["value"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_name_in_every_language_is_a_key_of_its_own_entry(project, lang):
    entries, _ = name_index(project, lang, "ja")  # the readable view of the index files
    by_url = {entry["url"]: {key for key, _ in entry["keys"]} for entry in entries}
    prefix = "" if lang == "ja" else f"{lang}/"
    missing = []
    for entity in project.games[GAME].entities.values():
        if entity.kind not in NAMED_KINDS:
            continue
        url = f"{prefix}{GAME}/{entity.page}/#{entity.id}"
        assert url in by_url, f"{entity.kind} '{entity.id}' is not in the {lang} name index"
        for name_lang in ("en", "ja", "ko", "uk"):
            if normalize(entity.name[name_lang]) not in by_url[url]:
                missing.append(f"{entity.id}: {name_lang} name '{entity.name[name_lang]}'")
    assert not missing, missing


def test_no_enemy_claims_a_size_the_sources_do_not_give(project):
    # Only the rulebook's examples say a size: the Zombie is small, the Hunter medium.
    sizes = {e.id: e.fields["size"] for e in project.games[GAME].of_kind("enemy")}
    assert sizes["zombie"] == "small" and sizes["hunter"] == "medium"
    assert {
        e.id
        for e in project.games[GAME].of_kind("enemy")
        if not e.fields.get("in-rulebook", True) and e.fields["size"] != "unknown"
    } == set()


def test_a_character_role_outside_the_list_is_reported_with_its_place(tmp_path: Path):
    root = copy_project(tmp_path)
    path = root / "rules_data" / GAME / "characters.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    role: reserve-only\n", "    role: hero\n", 1), encoding="utf-8")
    line = text.split("    role: reserve-only\n", 1)[0].count("\n") + 1
    _, errors = load_project(root / "rules_data", root, specs=registry.engines())
    messages = [str(e) for e in errors]
    assert messages == [
        f"rules_data/{GAME}/characters.yaml:{line}:11: character 'richard-aiken' › role: "
        "expected one of main, reserve-only, found the text 'hero'"
    ]


def test_every_reading_is_explained_by_a_note_that_names_its_parameter(project):
    # A reading the engine follows must be visible on the site: some source note says, in each
    # language, which parameter selects it.
    game = project.games[GAME]
    readings = [p.id for p in game.parameters.values() if str(p.where.path).endswith("parameters-readings.yaml")]
    assert len(readings) >= 10, readings
    notes = game.of_kind("note")
    for reading in readings:
        for lang in LANGUAGES:
            assert any(f"`{reading}`" in note.text[lang] for note in notes), f"no {lang} note names `{reading}`"
