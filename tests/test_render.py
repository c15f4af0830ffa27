"""Rendering the minimal data set: references become values and links, every entity has its
anchor in every language, notes stand beside what they concern, output is deterministic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator import registry
from generator.load import load_project
from generator.load.references import references_in
from generator.render.pages import render_project
from tests.conftest import RENDERED_PAGES_GROUP

MINIMAL = Path(__file__).parent / "fixtures" / "minimal"


@pytest.fixture(scope="module")
def minimal():
    project, errors = load_project(MINIMAL / "rules_data", MINIMAL, specs=registry.engines())
    assert errors == []
    return project


@pytest.fixture(scope="module")
def pages(minimal):
    return {page.path: page for page in render_project(minimal, registry.engines())}


def test_every_entity_has_its_id_as_anchor_in_every_language(minimal, pages):
    game = minimal.games["mini"]
    for lang in ("ja", "ko", "uk"):
        for entity in game.entities.values():
            markdown = pages[f"{lang}/mini/{entity.page}.md"].markdown
            # sections carry an attribute anchor; rows of a table (zombie cards) an HTML one
            assert f"{{ #{entity.id} }}" in markdown or f'<span id="{entity.id}">' in markdown, (lang, entity.id)


def test_a_parameter_reference_becomes_its_value(pages):
    assert "生存者は3回行動する" in pages["ja/mini/basics.md"].markdown
    assert "Діє 2 рази" in pages["uk/mini/zombies.md"].markdown


def test_an_order_parameter_becomes_localized_names(pages):
    assert "순서는 워커 → 러너." in pages["ko/mini/basics.md"].markdown


def test_a_link_goes_to_the_section_on_its_page(pages):
    markdown = pages["ja/mini/skills.md"].markdown
    assert "[ウォーカー](zombies.md#walker)" in markdown
    assert "[スリッパリー](#slippery)" in markdown  # same page: anchor only


def test_a_link_with_its_own_text_keeps_the_anchor(minimal):
    game = minimal.games["mini"]
    text = game.entities["noise"].text["uk"]
    from generator.render.references import resolve

    assert resolve("Див. {term:noise|шуму}.", game, "uk", "skills", minimal.labels) == "Див. [шуму](glossary.md#noise)."
    assert [r.label for r in references_in("{term:noise|шуму}")] == ["шуму"]
    assert text  # the entity exists in the fixture


def test_a_source_note_stands_beside_what_it_concerns(pages):
    levels = pages["ko/mini/levels.md"].markdown
    assert "노랑은 자료 A의 값부터." in levels  # the reading the rulebook follows
    notes = pages["ko/mini/source-notes.md"].markdown
    assert "[노랑](levels.md#yellow)" in notes


def test_edit_source_is_the_yaml_file(pages):
    assert pages["uk/mini/skills.md"].edit_source == "rules_data/mini/skills.yaml"
    assert pages["ja/mini/index.md"].edit_source == "rules_data/mini/game.yaml"


def test_rendering_twice_gives_identical_markdown(minimal):
    first = [(p.path, p.markdown) for p in render_project(minimal, registry.engines())]
    second = [(p.path, p.markdown) for p in render_project(minimal, registry.engines())]
    assert first == second


def test_no_reference_syntax_is_left_in_the_output(pages):
    for page in pages.values():
        assert not re.search(r"\{(param|skill|zombie|level|term|rule|note):", page.markdown), page.path


def test_a_weapon_card_shows_its_attack_line_and_facts(pages):
    markdown = pages["ko/mini/equipment.md"].markdown
    assert "| 원거리 | 0–1 | 1 | 4+ | 1 | 있음 | 아니요 |" in markdown
    assert "세트 무기: 예 · 문 열기: 불가 · 장 수: 3" in markdown
    assert "기본 권총. 3장 있다." in markdown  # {param:pistol.copies}


def test_combined_cards_link_both_ingredients_and_the_result(pages):
    markdown = pages["uk/mini/equipment.md"].markdown
    assert "[Бензин](#fuel) → [Коктейль Молотова](#molotov)" in markdown


def test_a_ruling_links_its_subjects_and_is_linked_back(pages):
    faq = pages["ja/mini/faq.md"].markdown
    assert "**関係する項目：**[スリッパリー](skills.md#slippery)" in faq  # a Japanese colon, no space
    # The scenario that checks it is named for readers, not by its id.
    assert "*ルールモデルのシナリオで検証した裁定です*" in faq and "`faq-slippery-through`" not in faq
    # Beside the skill, the ruling itself in a closed box, with a way to the others.
    skills = pages["ja/mini/skills.md"].markdown
    assert '??? question "FAQ：スリッパリーで通り抜けられる？"' in skills
    assert "(faq.md#faq-slippery-through)" in skills


def section_of(markdown: str, anchor: str) -> str:
    """The Markdown of the section whose heading carries `{ #anchor }`, up to the next heading of
    its level or above (the page itself when the anchor is its title's)."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("#") and f"{{ #{anchor} }}" in line)
    level = len(lines[start]) - len(lines[start].lstrip("#"))
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"#{1,%d} " % level, lines[i])), len(lines))
    return "\n".join(lines[start:end])


@RENDERED_PAGES_GROUP
def test_every_ruling_stands_beside_every_entity_it_concerns(project, rendered_pages):
    """A ruling names what it is about (`concerns`); each of those sections shows the ruling, its
    question and answer in a box, with a link to it on the FAQ page, in every language."""
    missing, boxes = [], 0
    for game in project.games.values():
        for ruling in game.of_kind("faq"):
            for target, _ in ruling.fields["concerns"]:
                entity = game.entities[target]
                for lang in ("ja", "ko", "uk"):
                    section = section_of(rendered_pages[f"{lang}/{game.id}/{entity.page}.md"], target)
                    link = f"{ruling.page}.md#{ruling.id}" if entity.page != ruling.page else f"#{ruling.id}"
                    question = ruling.fields["question"][lang]
                    colon = project.labels["label-colon"][lang]
                    if f'??? question "FAQ{colon}{question}"' not in section or f"]({link})" not in section:
                        missing.append(f"{lang} {game.id}: {ruling.id} is not shown beside {target}")
                    boxes += 1
    assert boxes > 200
    assert not missing, "\n".join(missing[:20])


@RENDERED_PAGES_GROUP
def test_a_faq_page_groups_its_rulings_under_its_topics(project, rendered_pages):
    game = project.games["zombicide-1"]
    page = next(page for page in game.pages if page.kind == "faq")
    assert len(page.topics) >= 5
    for lang in ("ja", "ko", "uk"):
        markdown = rendered_pages[f"{lang}/{game.id}/{page.id}.md"]
        for topic in page.topics:
            section = section_of(markdown, f"_topic-{topic.id}")
            rulings = [entity for entity in page.entities if entity.fields["topic"] == topic.id]
            assert section.startswith(f"## {topic.title[lang]} ")
            assert [f"{{ #{r.id} }}" in section for r in rulings] == [True] * len(rulings)
            assert f"[{topic.title[lang]}](#_topic-{topic.id}) ({len(rulings)})" in markdown
        assert all(f"### {r.fields['question'][lang]} {{ #{r.id} }}" in markdown for r in page.entities)


def test_a_mission_shows_its_facts_and_objectives(pages):
    markdown = pages["uk/mini/missions.md"].markdown
    # Escaped, so the mission number is not read as a Markdown heading.
    assert (
        "\\#00 · **Складність:** навчальна · **Вцілілі:** 4 · **Тривалість (хв):** 30 · **Тайли:** 1B, 2C" in markdown
    )
    assert "### Мета { #m00-tutorial-objectives }" in markdown


def test_the_edition_comparison_pairs_entities_by_id(pages):
    markdown = pages["ja/editions.md"].markdown
    runner = next(line for line in markdown.splitlines() if line.startswith("| ランナー"))
    assert "[ランナー](mini/zombies.md#runner)" in runner and "[ランナー](mini2/zombies.md#runner)" in runner
    assert "[ウォーカー](mini2/zombies.md#walker)より速くなった。" in runner  # the data's words, links resolved
    assert "アクション数: 2 → 3" in runner  # the numbers' own difference
    assert not any(line.startswith("| ウォーカー") for line in markdown.splitlines())  # unchanged: no row


def test_an_entity_of_one_edition_only_is_listed(pages):
    markdown = pages["uk/editions.md"].markdown
    assert "| Громило | — | [Громило](mini2/zombies.md#brute) | є лише в новому виданні |" in markdown


def test_kinds_one_edition_has_no_data_for_are_not_compared(pages):
    assert "### Навички" not in pages["uk/editions.md"].markdown


def test_a_kind_listed_in_part_shows_only_paired_rows(minimal, tmp_path):
    from generator.render import compare

    old, new = minimal.games["mini"], minimal.games["mini2"]
    labels = minimal.labels
    assert [row.id for row in compare.rows(old, new, "zombie", "ja", labels, registry.engines()["zombicide"])] == [
        "runner",
        "brute",
    ]
    old.incomplete_kinds = ("zombie",)  # the older edition's sources name only some zombies
    try:
        assert [row.id for row in compare.rows(old, new, "zombie", "ja", labels, registry.engines()["zombicide"])] == [
            "runner"
        ]
        assert compare.partial(old, new, "zombie") == [old]
    finally:
        old.incomplete_kinds = ()


def test_a_zombie_card_table_links_each_zombie_and_marks_empty_rows(pages):
    markdown = pages["ja/mini/zombie-cards.md"].markdown
    assert (
        '| <span id="card-01"></span>1 | — | [ウォーカー](zombies.md#walker) ×2、[ランナー](zombies.md#runner) ×1 | 出現 |'
        in markdown
    )
    # an extra activation does nothing at the first level, and activates the named type after it
    assert '| <span id="card-02"></span>2 | — | [ランナー](zombies.md#runner) すべて再活性化 | 追加活性化 |' in markdown


@RENDERED_PAGES_GROUP
def test_a_source_about_both_editions_names_both_games(project, rendered_pages):
    both = [source for source in project.sources.values() if len(source.game_ids) > 1]
    assert both, "sources.yaml has a source about both editions"
    for lang, separator in (("ja", "、"), ("ko", ", "), ("uk", ", ")):
        names = separator.join(project.games[game_id].name[lang] for game_id in both[0].game_ids)
        line = next(line for line in rendered_pages[f"{lang}/sources.md"].splitlines() if names in line)
        assert line.count(project.games[both[0].game_ids[0]].name[lang]) == 1


@RENDERED_PAGES_GROUP
def test_the_cars_are_not_called_older_edition_only(project, rendered_pages):
    # The 2nd edition's rulebook has cars; only the Board Game Arena guides the site follows for
    # it leave them out, and the row says so instead of "only in the older edition".
    older = project.games["zombicide-1"]
    for lang in ("ja", "ko", "uk"):
        only_old = project.labels["compare-only-old"][lang]
        rows = [line for line in rendered_pages[f"{lang}/editions.md"].splitlines() if line.startswith("| ")]
        for entity_id in ("car-attack", "action-car", "car"):
            title = older.entities[entity_id].title(lang)
            row = next(line for line in rows if line.startswith(f"| {title} |"))
            assert only_old not in row and "Board Game Arena" in row, (lang, entity_id, row)


def test_a_checked_section_counts_its_cases_and_links_to_them(minimal, pages):
    # 'turn' names the case that checks it; 'noise-rule' says why none does: it shows no line.
    for lang in ("ja", "ko", "uk"):
        basics = pages[f"{lang}/mini/basics.md"].markdown
        label = minimal.labels["checked-by-cases"][lang].replace("{n}", "1")
        assert f"✓ [{label}](cases.md#turn)" in basics
        assert basics.count("(cases.md#") == 1
        cases = pages[f"{lang}/mini/cases.md"].markdown
        assert "{ #turn }" in cases and 'id="turn--1"' in cases
        assert "[" + minimal.games["mini"].entities["turn"].title(lang) + "](basics.md#turn)" in cases


def test_the_cases_page_tells_each_case_from_the_model(pages):
    cases = pages["ja/mini/cases.md"].markdown
    # the board before, the step as the trace tells it, and what the case checks, as the model leaves it
    assert "**はじめの状況：** ゾーンa：エイミー、[ウォーカー](zombies.md#walker)×2。" in cases
    assert "- エイミーはa → bの順に進み、ゾーンbで移動を終えます（1アクションを使用）。" in cases
    assert "**結果：** エイミーはゾーンbにいます。エイミーに残るアクションは2です。" in cases


def test_a_game_whose_sections_name_no_case_has_no_cases_page(pages):
    assert "ja/mini2/cases.md" not in pages


@RENDERED_PAGES_GROUP
def test_the_readings_the_model_follows_stand_beside_their_rules(project, rendered_pages):
    # Two Flashlights, Destiny on an Aaahh!!, the improvised weapons' noise: each rule reads two
    # ways; its note says which reading the data and the model follow, beside what it concerns.
    for game_id, note_id, page in (
        ("zombicide-1", "two-flashlights", "equipment"),
        ("zombicide-1", "destiny-and-aaahh", "skills"),
        ("zombicide-2", "z2-improvised-weapon-noise", "skills"),
    ):
        note = project.games[game_id].entities[note_id]
        assert note.fields["over"] or note.fields["follows"]
        for lang in ("ja", "ko", "uk"):
            assert f'??? warning "{note.fields["title"][lang]}"' in rendered_pages[f"{lang}/{game_id}/{page}.md"]


def test_each_games_notes_page_lists_every_reading_the_rulebook_chose(project, rendered_pages):
    """A player's list at the top of the notes page: what the rulebook reads where its sources
    disagree or are unclear, one line a note, each linked to the whole note below."""
    from generator.load.references import REFERENCE

    for game in project.games.values():
        page = next(page for page in game.pages if page.kind == "note")
        for lang in ("ja", "ko", "uk"):
            readings = section_of(rendered_pages[f"{lang}/{game.id}/{page.id}.md"], "_readings")
            items = [line for line in readings.splitlines() if line.startswith("- **[")]
            assert [re.search(r"\]\(#([a-z0-9-]+)\)\*\*", item).group(1) for item in items] == [
                note.id for note in page.entities
            ]
            for note, item in zip(page.entities, items):
                # the reading's own words are there, around its resolved references
                fragments = REFERENCE.split(note.fields["reading"][lang])[::3]
                words = [part.strip() for fragment in fragments for part in re.split(r"[«»‘’「」]", fragment)]
                assert all(word in item for word in words if len(word) > 3), (lang, note.id, item)
