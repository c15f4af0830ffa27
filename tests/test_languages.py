"""The language registry (generator/languages.py): a language is declared once, mkdocs.yml is
checked against it, and a language can be added as a draft through the registry and mkdocs.yml
alone: `check` counts its missing texts by file instead of failing, the live preview renders it
with the gaps marked, and the published build leaves it out."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import languages
from generator.load.site_config import site_config_errors

ROOT = Path(__file__).resolve().parent.parent
POLISH = '    Language("pl", "Polish", LATIN + "ĄąĆćĘęŁłŃńÓóŚśŹźŻż", state="draft"),\n'
POLISH_ENTRY = "        - locale: pl\n          name: Polski\n          build: false\n"


def test_the_registry_declares_each_page_language_once_with_the_default_first():
    assert languages.LANGUAGES == ("ja", "ko", "uk")
    assert len(set(languages.NAME_LANGUAGES)) == len(languages.NAME_LANGUAGES)
    assert languages.DEFAULT == languages.LANGUAGES[0]
    assert languages.PUBLISHED == languages.LANGUAGES and languages.DRAFTS == ()


def test_the_projects_mkdocs_yml_lists_the_declared_languages():
    assert site_config_errors(ROOT) == []


def _config_with(tmp_path: Path, change) -> list[str]:
    text = change((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    (tmp_path / "mkdocs.yml").write_text(text, encoding="utf-8")
    return site_config_errors(tmp_path)


def test_a_language_in_mkdocs_yml_and_not_in_the_registry_is_an_error_with_its_place(tmp_path):
    errors = _config_with(tmp_path, lambda text: text.replace("- locale: uk", "- locale: pl", 1))
    line = next(n for n, row in enumerate((tmp_path / "mkdocs.yml").read_text().splitlines(), 1) if "locale: pl" in row)
    [unknown] = [error for error in errors if "unknown language" in error]
    assert unknown.startswith(f"mkdocs.yml:{line}:19: language 'pl': unknown language 'pl': generator/languages.py ")
    assert any(
        "language 'uk' (Ukrainian) is declared in generator/languages.py but not listed here" in e for e in errors
    )


def test_a_declared_language_missing_from_mkdocs_yml_is_an_error(tmp_path):
    def drop_korean(text: str) -> str:
        start = text.index("        - locale: ko")
        return text[:start] + text[text.index("        - locale: uk") :]

    errors = _config_with(tmp_path, drop_korean)
    assert len(errors) == 1
    assert "language 'ko' (Korean) is declared in generator/languages.py but not listed here" in errors[0]


def test_a_language_listed_twice_is_an_error(tmp_path):
    errors = _config_with(tmp_path, lambda text: text.replace("        - locale: uk", "        - locale: ko", 1))
    assert any("the language is listed twice" in error for error in errors)


def _project_with_a_draft(tmp_path: Path) -> Path:
    """A copy of the project and its generator, with Polish declared as a draft in the registry and
    listed in mkdocs.yml: nothing else changes."""
    for name in ("rules_data", "content", "site_overrides", "generator"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    registry = tmp_path / "generator" / "languages.py"
    text = registry.read_text(encoding="utf-8")
    registry.write_text(text.replace("\n)\n\nLANGUAGES = ", f"\n{POLISH})\n\nLANGUAGES = ", 1), encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(config.rstrip("\n") + "\n" + POLISH_ENTRY, encoding="utf-8")
    assert registry.read_text(encoding="utf-8").count('"pl"') == 1
    return tmp_path


def _run(project: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(project)}
    return subprocess.run([sys.executable, *args], cwd=project, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def draft_project(tmp_path_factory) -> Path:
    return _project_with_a_draft(tmp_path_factory.mktemp("draft"))


@pytest.mark.slow
@pytest.mark.long(8)
def test_a_draft_language_passes_check_with_its_missing_texts_counted_by_file(draft_project):
    result = _run(draft_project, "-m", "generator", "check", "--root", str(draft_project))
    assert result.returncode == 0, result.stderr
    [line] = [row for row in result.stdout.splitlines() if row.startswith("draft pl:")]
    total = int(re.match(r"draft pl: (\d+) texts to write \(", line).group(1))
    counts = dict(re.findall(r"([\w./-]+\.(?:yaml|md)) (\d+)", line))
    assert total > 1500 and sum(map(int, counts.values())) == total  # every text, name and label
    assert "content/pl/index.md" in counts  # its home page is one of the texts to write
    assert any(path.startswith("rules_data/zombicide-1/") for path in counts)
    assert "generator/render/labels.yaml" in counts  # the interface strings too


PREVIEW = """
from pathlib import Path
from generator import pipeline
pages = pipeline.Preview(Path('.')).generate().pages
polish = [page for page in pages if page.path.startswith('pl/')]
print(len(polish), sum('⟦pl: —⟧' in page.markdown for page in polish), len(pages))
"""
BUILD = "from generator.pipeline import generate; print(sorted({p.path.split('/')[0] for p in generate().pages}))"


@pytest.mark.slow
@pytest.mark.long(10)
def test_the_preview_renders_a_draft_with_its_gaps_marked_and_the_published_build_leaves_it_out(draft_project):
    preview = _run(draft_project, "-c", PREVIEW)
    assert preview.returncode == 0, preview.stderr
    polish, marked, _ = map(int, preview.stdout.split())
    assert polish > 50 and marked == polish  # every page of the draft, each showing what is to write
    published = _run(draft_project, "-c", BUILD)
    assert published.returncode == 0, published.stderr
    assert "pl" not in published.stdout and "'ko'" in published.stdout


def test_the_live_preview_builds_the_draft_languages_too():
    from types import SimpleNamespace

    from generator.site import patches

    entries = [SimpleNamespace(locale="ja", build=True), SimpleNamespace(locale="pl", build=False)]
    config = SimpleNamespace(plugins={"i18n": SimpleNamespace(config=SimpleNamespace(languages=entries))})
    patches.build_drafts(config, ("pl",))
    assert [entry.build for entry in entries] == [True, True]
