"""Every listed section of every source document is carried by some data, the committed
coverage table is current, and every listed heading really stands in its document."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from generator.render import coverage

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT.parent / "shared" / "sources"


def test_no_listed_section_is_unmapped(project):
    assert coverage.unmapped(project) == []


def test_the_committed_table_is_current(project):
    committed = (ROOT / coverage.COVERAGE_FILE).read_text(encoding="utf-8")
    assert committed == coverage.table(project), "run: .venv/bin/python -m generator coverage"


def test_the_1st_and_2nd_edition_sources_list_their_sections(project):
    for source_id in ("z1-ja-digest", "z1-ko-rulebook", "z2-ja-bga", "z2-uk-bga"):
        assert project.sources[source_id].sections, source_id


def test_the_resident_evil_rulebook_lists_every_heading(project):
    sections = project.sources["re-ja-rules"].sections or []
    assert len(sections) >= 30, sections
    assert len(set(sections)) == len(sections), "a heading is listed twice"


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the source documents are not beside this checkout")
def test_every_listed_section_is_a_heading_of_its_document(project):
    def fold(text: str) -> str:
        return " ".join(unicodedata.normalize("NFKC", text).split())

    for source in project.sources.values():
        path = SOURCES / source.file
        if not source.sections or not path.exists():
            continue
        text = fold(path.read_text(encoding="utf-8"))
        for section in source.sections:
            assert fold(section) in text, f"{source.id}: '{section}' is not in {source.file}"


def test_every_rules_section_of_every_game_is_checked_or_says_why_not(project):
    from generator.scenarios.sections import section_counts

    for game in project.games.values():
        counts = section_counts(game)
        assert counts.neither == 0, game.id
        assert counts.checked > counts.explained, f"{game.id}: most sections state rules a case checks"


def test_the_coverage_command_counts_the_sections_and_fails_on_one_with_neither(tmp_path, capsys):
    import shutil

    from generator.__main__ import main

    shutil.copytree(ROOT / "tests" / "fixtures" / "minimal" / "rules_data", tmp_path / "rules_data")
    assert main(["coverage", "--root", str(tmp_path)]) == 0
    assert (
        "mini: 2 rules sections: 1 checked by cases (1 cases), 1 with a reason, 0 with neither"
        in capsys.readouterr().out
    )
    basics = tmp_path / "rules_data" / "mini" / "rules" / "basics.yaml"
    basics.write_text(basics.read_text(encoding="utf-8").replace("    checked-by: [faq-slippery-through]\n", ""))
    assert main(["coverage", "--root", str(tmp_path)]) == 1  # check refuses the data: nothing is rewritten
    assert "no case checks this section" in capsys.readouterr().err
