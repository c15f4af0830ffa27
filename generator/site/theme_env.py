"""The theme's Jinja environment, cheaper to make again.

MkDocs makes a new environment for every build: three per site (one per language, through
mkdocs-static-i18n) and three more per save under `serve`. Each compiled Material's templates
again, and each listed every file of the theme's folders to find its static files: 14,000 of
them are Material's icons under `.icons/`, which MkDocs then drops (it never copies a path with a
part that starts with a dot). Here every environment shares one store of compiled templates
(generator/runtime/template_cache.py: keyed by each template's source, so an edited override compiles
again), and the listing does not enter hidden folders. The site is the same byte for byte.
"""

from __future__ import annotations

import os

import jinja2

from generator.runtime.template_cache import COMPILED
from generator.site import patches


class _VisibleFilesLoader(jinja2.FileSystemLoader):
    """A FileSystemLoader whose listing skips hidden folders (MkDocs ignores what is in them)."""

    def list_templates(self) -> list[str]:
        found: set[str] = set()
        for searchpath in self.searchpath:
            for dirpath, dirnames, filenames in os.walk(searchpath, followlinks=self.followlinks):
                dirnames[:] = [name for name in dirnames if not name.startswith(".")]
                relative = os.path.relpath(dirpath, searchpath)
                prefix = "" if relative == "." else relative.replace(os.path.sep, "/") + "/"
                found.update(prefix + filename for filename in filenames)
        return sorted(found)


def lighten(theme) -> None:
    """Make every environment `theme.get_env()` returns from now on share COMPILED and list
    without hidden folders."""
    patches.adapt_theme_env(theme, _lightened)


def _lightened(env: jinja2.Environment) -> jinja2.Environment:
    if type(env.loader) is jinja2.FileSystemLoader:  # what MkDocs makes; anything else is left alone
        env.loader = _VisibleFilesLoader(env.loader.searchpath, env.loader.encoding, env.loader.followlinks)
    env.bytecode_cache = COMPILED
    return env
