"""The readers' words in mkdocs.yml (generator/load/site_config.py): found in every language's
entry, refused with their place when a page cannot print them, and no file ends in a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import DataError
from generator.load.site_config import check_site_config, shown_strings
from tests.test_fuzz import OPERATION, _mutate

ROOT = Path(__file__).resolve().parent.parent
CONFIG = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def errors_of(folder: Path, text: str | bytes) -> list[str]:
    path = folder / "mkdocs.yml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", errors="surrogatepass"))
    errors: list[DataError] = []
    check_site_config(folder, errors)
    return [str(error) for error in errors]


def test_the_projects_words_are_found_in_each_language_and_pass(tmp_path):
    import yaml

    crumbs = [crumb for crumb, _, _ in shown_strings(yaml.compose(CONFIG, Loader=yaml.SafeLoader))]
    for lang in ("ja", "ko", "uk"):
        mine = [crumb.split(" › ", 1)[1] for crumb in crumbs if crumb.startswith(f"language '{lang}' › ")]
        assert mine == [
            "name",
            "site_name",
            "site_description",
            "theme › palette 1 › toggle › name",
            "theme › palette 2 › toggle › name",
            "extra › permalink_title",
            "extra › short_name",
            "extra › not_found_title",
            "extra › not_found_text",
            "extra › not_found_home",
        ], lang
    assert errors_of(tmp_path, CONFIG) == []


def test_a_wrong_place_or_language_is_named_with_its_column(tmp_path):
    text = CONFIG.replace('not_found_home: "홈으로"', 'not_found_home: "Домів <i>"', 1)
    line = text[: text.index("Домів")].count("\n") + 1
    column = len(text[: text.index("Домів")].rsplit("\n", 1)[1]) + 1
    assert errors_of(tmp_path, text) == [
        f"mkdocs.yml:{line}:{column + 6}: language 'ko' › extra › not_found_home: this text may not contain '<': "
        "pages print it as HTML, where it starts a tag; remove it or write '‹'",
        f"mkdocs.yml:{line}:{column}: language 'ko' › extra › not_found_home: this Korean text has no Korean "
        "letter but has 'Д' from another language: is it in the wrong language's field? write the Korean text here",
    ]


def test_a_value_from_the_environment_or_a_number_is_not_text_to_check(tmp_path):
    text = CONFIG.replace("site_name: 보드게임 규칙서", 'site_name: !ENV [KO_NAME, "<b>"]', 1)
    text = text.replace('not_found_title: "Сторінку не знайдено"', "not_found_title: 404", 1)
    assert errors_of(tmp_path, text) == []


@pytest.mark.parametrize(
    "text, message",
    [
        (b"site_name: \xff\xfe", "mkdocs.yml:1:1: the file is not UTF-8 text; save it as UTF-8"),
        ("plugins: [" * 3000, "mkdocs.yml:1:"),  # libyaml's nesting limit, or Python's recursion limit
        ("site_name: a: b", "mkdocs.yml:1:13: YAML syntax error (mapping values are not allowed"),
    ],
    ids=["not utf-8", "deep nesting", "syntax"],
)
def test_a_file_that_cannot_be_read_is_one_error(tmp_path, text, message):
    found = errors_of(tmp_path, text)
    assert len(found) == 1 and found[0].startswith(message), found


def test_aliases_that_loop_end(tmp_path):
    """A file whose aliases loop is read to its end: what it lacks is said (its languages), no more."""
    errors = errors_of(tmp_path, "plugins: &p [{i18n: {languages: *p}}, *p]\nsite_name: &n x\ncopyright: *n\n")
    assert errors and all("language" in error for error in errors)


@pytest.mark.slow
@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(operations=st.lists(OPERATION, min_size=1, max_size=6))
def test_a_mutated_file_ends_in_errors_or_none(tmp_path, operations):
    errors_of(tmp_path, _mutate(CONFIG, operations))  # any exception fails the test


def python_tag_config(folder: Path) -> tuple[str, Path]:
    marker = folder / "ran"
    return f'site_name: x\nsite_author: !!python/object/apply:os.system ["touch {marker}"]\n', marker


def test_check_refuses_a_python_tag_without_running_it(tmp_path):
    text, marker = python_tag_config(tmp_path)
    assert errors_of(tmp_path, text) == [
        "mkdocs.yml:2:14: YAML tags that make Python objects ('!!python/object/apply:os.system') are not allowed: "
        "MkDocs would run them while reading the file; write the value itself"
    ]
    assert not marker.exists()


def test_properdocs_as_the_project_runs_it_never_runs_a_python_tag(tmp_path):
    """`scripts/site` and `build` run ProperDocs through generator.site.run_mkdocs; its own loader
    would run the command before any plugin could look at the file."""
    text, marker = python_tag_config(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(text, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "generator.site.run_mkdocs", "build"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode != 0
    assert "python/object/apply:os.system" in result.stderr and "line 2, column 14" in result.stderr
    assert not marker.exists()


def test_a_serve_that_reads_the_file_again_reads_it_safely(tmp_path, monkeypatch):
    """The plugin installs the safe loader when it starts: a plain `properdocs serve` reads mkdocs.yml
    again after each edit, and that reading is safe."""
    from properdocs.config import defaults, load_config
    from properdocs.exceptions import ConfigurationError
    from properdocs.utils import yaml as properdocs_yaml

    from generator.site import patches
    from generator.site.plugin import RulebookPlugin

    for module in (defaults, properdocs_yaml):  # as ProperDocs has it before the plugin starts
        monkeypatch.setattr(module, "get_yaml_loader", patches.PROPERDOCS_YAML_LOADER)
    text, marker = python_tag_config(tmp_path)
    (tmp_path / "mkdocs.yml").write_text(text, encoding="utf-8")
    RulebookPlugin().on_startup(command="serve", dirty=True)
    with pytest.raises(ConfigurationError, match="python/object/apply"):
        load_config(config_file=str(tmp_path / "mkdocs.yml"))
    assert not marker.exists()
