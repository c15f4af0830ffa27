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
