"""The theme's Jinja environment, cheaper to make again.

MkDocs makes a new environment for every build: three per site (one per language, through
mkdocs-static-i18n) and three more per save under `serve`. Each compiled Material's templates
again, and each listed every file of the theme's folders to find its static files: 14,000 of
them are Material's icons under `.icons/`, which MkDocs then drops (it never copies a path with a
part that starts with a dot). Here every environment shares one store of compiled templates
(generator/runtime/template_cache.py: keyed by each template's source, so an edited override compiles
again), and the listing does not enter hidden folders. The site is the same byte for byte.

`build` forks a process per language before any page is rendered (generator/site/language_split.py):
each would compile the templates a page needs for itself, half a second of CPU, where no compiled
copy is on disk yet (a fresh machine, a new Material). compile_ahead() compiles them once in the
parent, just before it forks, and the children find them in COMPILED's memory.
"""

from __future__ import annotations

import os
import re

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


# A template that a page's template extends, includes or imports by a literal name: those the
# theme's pages load (a name made from values, such as a language's partial, is compiled where used).
_NAMED_TEMPLATE = re.compile(r"""\{%-?\s*(?:extends|include|import|from)\s+["']([^"']+)["']""")
PAGE_TEMPLATES = ("main.html", "404.html")


def compile_ahead(theme) -> list[str]:
    """Compile the templates PAGE_TEMPLATES load, through an environment `theme.get_env()` makes
    (lighten() first, so that they land in COMPILED); return their names. A template that does not
    compile here (a filter a plugin adds later, for one) is left to the build that uses it, which
    compiles it with its own environment as it would have anyway."""
    env = theme.get_env()
    done: list[str] = []
    waiting = list(PAGE_TEMPLATES)
    while waiting:
        name = waiting.pop(0)
        if name in done:
            continue
        try:
            source, _, _ = env.loader.get_source(env, name)
            env.get_template(name)
        except (jinja2.TemplateError, OSError):
            continue
        done.append(name)
        waiting += _NAMED_TEMPLATE.findall(source)
    return done
