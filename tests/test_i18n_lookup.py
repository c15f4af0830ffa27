"""The remembered i18n file lookup answers exactly what mkdocs-static-i18n's own method answers."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from mkdocs.structure.files import File, Files
from mkdocs_static_i18n.folder import I18nFiles

from generator.site import i18n_lookup

PATHS = [
    "index.md",
    "ko/index.md",
    "ja/index.md",
    "uk/zombicide-1/skills.md",
    "zombicide-1/skills.md",
    "ko/zombicide-1/skills.md",
    "assets/search.js",
    "ko/only-korean.md",
    "only-korean.md",
    ".",
    "missing.md",
]


def files_of(*paths: str) -> Files:
    return Files([File(path, "/docs", "/site", use_directory_urls=True) for path in paths])


@pytest.mark.parametrize("current,fallback", [("ko", True), ("ko", False), ("ja", True), ("uk", True)])
def test_every_path_finds_the_file_the_plugin_finds(current, fallback):
    plugin = SimpleNamespace(
        current_language=current, default_language="ja", config=SimpleNamespace(fallback_to_default=fallback)
    )
    listed = files_of(
        "ja/index.md",
        "ko/index.md",
        "ja/zombicide-1/skills.md",
        "ko/only-korean.md",
        "assets/search.js",
        "uk/zombicide-1/skills.md",
    )
    files = I18nFiles(plugin, listed)
    for path in PATHS:
        assert i18n_lookup._get_file_from_path(files, path) is i18n_lookup._ORIGINAL(files, path), path
    assert i18n_lookup._get_file_from_path(files, "ko/late.md") is None
    files.append(File("ko/late.md", "/docs", "/site", use_directory_urls=True))  # a file added afterwards
    assert i18n_lookup._get_file_from_path(files, "ko/late.md") is not None
    for path in ("ko/late.md", "late.md"):
        assert i18n_lookup._get_file_from_path(files, path) is i18n_lookup._ORIGINAL(files, path), path
