"""Compiled templates kept on disk: found again by any copy of a template, never for another
source or other compile settings, and the folder stays small."""

from __future__ import annotations

import os

import jinja2
import pytest

from generator.runtime import template_cache


def environment(folder, cache, **settings) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), bytecode_cache=cache, **settings)


@pytest.fixture
def cache(tmp_path):
    return template_cache.CompiledTemplates(tmp_path / "cache")


@pytest.fixture
def compiled(monkeypatch):
    """The names of the templates Jinja compiles (rather than loads from the cache)."""
    names = []
    compile_ = jinja2.Environment.compile

    def counting(self, source, name=None, *args, **kwargs):
        names.append(name)
        return compile_(self, source, name, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return names


def write(folder, text: str):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "page.j2").write_text(text, encoding="utf-8")
    return folder


def test_a_later_process_finds_the_template_compiled_even_in_another_copy(tmp_path, compiled):
    (tmp_path / "cache").mkdir()
    first = template_cache.CompiledTemplates(tmp_path / "cache")
    assert environment(write(tmp_path / "a", "Hi {{ who }}"), first).get_template("page.j2").render(who="ko") == "Hi ko"
    later = template_cache.CompiledTemplates(tmp_path / "cache")  # nothing in memory: a new process
    assert environment(write(tmp_path / "b", "Hi {{ who }}"), later).get_template("page.j2").render(who="uk") == "Hi uk"
    assert compiled == ["page.j2"]


def test_an_edited_template_or_other_settings_compile_again(tmp_path, cache, compiled):
    (tmp_path / "cache").mkdir()
    folder = write(tmp_path / "a", "{{ x }}\n")
    assert environment(folder, cache).get_template("page.j2").render(x="<b>") == "<b>"
    assert environment(folder, cache, autoescape=True).get_template("page.j2").render(x="<b>") == "&lt;b&gt;"
    write(folder, "[{{ x }}]\n")
    assert environment(folder, cache).get_template("page.j2").render(x="y") == "[y]"
    assert len(compiled) == 3


def test_the_folder_keeps_only_the_newest_files(tmp_path, monkeypatch):
    folder = tmp_path / "rulebook" / "templates"
    folder.mkdir(parents=True)
    for i in range(12):
        (folder / f"old-{i:02}.cache").write_bytes(b"x")
        os.utime(folder / f"old-{i:02}.cache", (i, i))
    monkeypatch.setattr(template_cache, "KEPT_FILES", 5)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert template_cache._cache_folder() == folder
    assert sorted(path.name for path in folder.iterdir()) == [f"old-{i:02}.cache" for i in range(7, 12)]


def test_an_unwritable_cache_folder_keeps_templates_in_memory_only(tmp_path, monkeypatch, compiled):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-file"))
    (tmp_path / "a-file").write_text("not a folder")
    assert template_cache._cache_folder() is None
    cache = template_cache.CompiledTemplates(None)
    folder = write(tmp_path / "a", "{{ 1 + 1 }}")
    assert environment(folder, cache).get_template("page.j2").render() == "2"
    assert environment(folder, cache).get_template("page.j2").render() == "2"
    assert compiled == ["page.j2"]
