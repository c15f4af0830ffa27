"""The live preview's error list, as the script every preview page carries (no server, no browser:
tests/test_serve.py shows it over real pages)."""

from __future__ import annotations

import json
import re

import pytest

from generator.languages import LANGUAGES
from generator.load import interface_labels
from generator.site import serve


def labels_in(script: str) -> dict:
    return json.loads(re.search(r"var LABELS = (.*);\n", script).group(1))


def test_the_list_is_worded_in_every_language_and_nothing_else_is_sent():
    labels = interface_labels()
    carried = labels_in(serve.overlay_script("/", labels))
    assert set(carried) == {"preview-data-errors", "preview-rebuild-failed"}
    for label, texts in carried.items():
        assert set(texts) == set(LANGUAGES) and all("{n}" in text for text in texts.values()), label
        assert texts == labels[label]


def test_no_label_can_close_the_script_it_stands_in():
    hostile = {"preview-data-errors": {"ja": "</script><script>window.__pwned=1</script>", "ko": "<!--", "uk": "x"}}
    script = serve.overlay_script("/rulebook/", hostile)
    assert script.count("</script>") == 1 and script.endswith("</script>")
    assert "<!--" not in script
    assert labels_in(script) == hostile  # the strings themselves arrive intact
    assert '"/rulebook/rulebook-build-status.json"' in script


def test_an_error_in_a_theme_template_is_listed_with_its_file_and_line(tmp_path, monkeypatch):
    import jinja2

    from generator.site.serve import _exception_lines

    monkeypatch.chdir(tmp_path)  # the project folder: places are shown from it
    (tmp_path / "site_overrides").mkdir()
    (tmp_path / "site_overrides" / "main.html").write_text("a\n{% block x %}\nb\n", encoding="utf-8")
    (tmp_path / "site_overrides" / "page.html").write_text("a\n\n{{ page.nope.nope }}\n", encoding="utf-8")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path / "site_overrides"))
    with pytest.raises(jinja2.TemplateSyntaxError) as broken:
        env.get_template("main.html")
    assert _exception_lines(broken.value)[0].startswith(
        "site_overrides/main.html:2: jinja2.exceptions.TemplateSyntaxError"
    )
    with pytest.raises(jinja2.UndefinedError) as undefined:
        env.get_template("page.html").render(page=None)
    assert _exception_lines(undefined.value) == [
        "site_overrides/page.html:3: jinja2.exceptions.UndefinedError: 'None' has no attribute 'nope'"
    ]
