"""Every reach into what ProperDocs and mkdocs-static-i18n do not promise to keep, in one place.

The project runs on ProperDocs (MkDocs 1.6 continued, with MkDocs' modules, plugin API and
behaviour under the name `properdocs`), its plugin API and the i18n plugin's documented options.
Where it needs more, it reaches inside: a function it replaces, a private attribute it reads or
sets, a method it calls out of turn. Each reach is here and nowhere else, and
tests/test_patches.py has a test per reach that checks the internal still has the shape relied
on, so an upgrade that breaks one fails that test by name. Checked against the versions in
CHECKED_AGAINST.

0. `mkdocs.*` imports answered by ProperDocs (imported first, below). Material and the i18n plugin
   import `mkdocs.*`; ProperDocs' command line imports `properdocs.replacement`, which makes those
   imports load ProperDocs' own modules (MkDocs itself is installed beside it, as their
   dependency, and would otherwise be loaded: a second plugin API whose classes ProperDocs
   refuses). Importing it here gives every process that loads the site code (the tests, too) the
   modules the command line has.
1. ProperDocs' YAML loader (read_config_safely). It reads mkdocs.yml with PyYAML's full loader,
   which makes any Python object a tag names: `!!python/object/apply:os.system [...]` runs a
   command while the file is read, before any plugin could look at it. mkdocs.yml holds
   translators' words (generator/load/site_config.py), so `get_yaml_loader` is replaced in
   `properdocs.utils.yaml` (yaml_load()'s default) and in `properdocs.config.defaults`, which
   imported it by name for `ProperDocsConfig.load_file`: the replacement is ProperDocs' own loader
   class (its `!ENV` and `!relative` tags) built on the safe loader, whatever is asked. A Python
   tag then stops the build with its line and column; `check` names it too.
2. The theme's Jinja environment (adapt_theme_env). `Theme.get_env` is replaced on the theme
   object, so that every environment made for a build (one per language, one more per save
   under `serve`) goes through generator/site/theme_env.py first; a private attribute marks a
   theme already adapted. And the theme's folders (put_theme_folder_first): `Theme.dirs`, searched
   in order for templates and for the static files the build copies, gets a folder first whose
   assets/rulebook.css is the theme's extended by each game's stylesheet (generator/site/staging.py).
3. The i18n plugin's file lookup (remember_i18n_lookups). For every link of every page the build
   asks the i18n plugin's `I18nFiles.get_file_from_path` which file a path names; it builds the
   paths to try with pathlib each time (about 25 µs a call, 12,600 calls, 0.3 s of CPU a build).
   Which paths it tries depends only on the path and the plugin's languages (`current_language`,
   `default_language`, `config.fallback_to_default`), so the method is replaced by one that learns
   them once, by letting the plugin's own method ask a stand-in list (`src_uris.get`) that holds
   nothing, and then looks them up in the real list each time. The answers are the plugin's own.
4. The i18n plugin's builds of the other languages (route_i18n_builds). `I18n.on_post_build`
   builds each other language with the module-level name `build` of mkdocs_static_i18n.plugin
   (ProperDocs' build); generator/site/language_split.py swaps that name to build each language in
   a forked process of its own.
5. The i18n plugin's loop over the other languages, run by hand (build_other_languages): a forked
   child calls `I18n.on_post_build` itself, during the first language's build, to run that loop.
6. The i18n plugin's nested builds (i18n_building): its attribute `building` is true while
   `on_post_build` builds the other languages; the project's plugin then leaves them alone.
7. The i18n plugin's languages (default_language, build_languages, current_language,
   language_config, build_drafts): the plugin's properties `default_language`, `build_languages`,
   its state `current_language` and its method `get_language_config`, read by the language split
   and the reader-side files (one 404 page and manifest per language); and each language entry's
   `build`, which the live preview sets for the draft languages (generator/languages.py) before
   the plugin lists the languages it builds.
8. The language menu the i18n plugin leaves on `config.extra` (page_alternates,
   set_page_alternates): for each page it sets the attribute `config.extra.alternate`, which
   Material's templates read before the item of the same name; the 404 page of each language
   needs both set to the languages' home pages.
9. The quiet builds of the other languages (quiet_other_languages_builds). While it builds them,
   the i18n plugin hides their "Building documentation to directory" and "Documentation built in"
   lines with a filter on the logger `mkdocs.commands.build`, MkDocs' name for the build's logger;
   ProperDocs' build logs as `properdocs.commands.build`, so that logger is given a filter that
   applies the filters standing on the other. The build's log reads as it did on MkDocs.
10. The live reload server's rebuild request (request_rebuild): `LiveReloadServer._rebuild_cond`
   and `_want_rebuild`, as its own file events set them, for folder events it ignores.
11. The live reload server's watched paths (is_watched): `LiveReloadServer._watched_paths`, to
   unwatch a folder only while the server still counts a watch of it.
12. The live reload server's rebuild (wrap_rebuild): `LiveReloadServer.builder`, replaced by one
   that turns a failed rebuild into the preview's error list instead of a stalled server.
13. The live reload server's file watcher (observe, stop_observing, poll_interval): the watchdog
   observer `LiveReloadServer.observer`, on which the preview schedules handlers of its own, and
   its polling interval.
"""

from __future__ import annotations

import properdocs.replacement  # noqa: F401 — reach 0, before anything imports `mkdocs.*`

# isort: split
import logging
from typing import Callable

import mkdocs_static_i18n.plugin as i18n_plugin
import watchdog.events
import yaml
from mkdocs_static_i18n.folder import I18nFiles
from properdocs.commands import build as properdocs_build
from properdocs.config import defaults as config_defaults
from properdocs.utils import yaml as properdocs_yaml

# The packages reached into, at the versions each reach was checked against.
CHECKED_AGAINST = {"properdocs": "1.6.7", "mkdocs-static-i18n": "1.3.1"}

# -- 1. ProperDocs' YAML loader --------------------------------------------------------------------

PROPERDOCS_YAML_LOADER = properdocs_yaml.get_yaml_loader  # ProperDocs' own, before read_config_safely()


def safe_yaml_loader(loader=None, config=None):
    """ProperDocs' loader class (its `!ENV` and `!relative` tags) on the safe loader, whatever is asked."""
    return PROPERDOCS_YAML_LOADER(yaml.SafeLoader, config)


def read_config_safely() -> None:
    """From now on ProperDocs reads mkdocs.yml (and any YAML it loads) with safe_yaml_loader."""
    properdocs_yaml.get_yaml_loader = safe_yaml_loader  # yaml_load()'s default
    config_defaults.get_yaml_loader = safe_yaml_loader  # ProperDocsConfig.load_file(), which reads mkdocs.yml


# -- 2. The theme's Jinja environment --------------------------------------------------------------

_ADAPTED = "_rulebook_adapted"


def put_theme_folder_first(theme, folder: str) -> None:
    """Let a folder's files take the place of the theme's own (the site's stylesheet with each game's
    styles): the theme's `dirs`, searched in order for templates and static files."""
    if theme.dirs[:1] != [folder]:
        theme.dirs.insert(0, folder)


def adapt_theme_env(theme, adapt: Callable) -> None:
    """Every environment `theme.get_env()` makes from now on is passed through adapt(env) first."""
    if getattr(theme, _ADAPTED, False):
        return
    make = theme.get_env

    def get_env():
        return adapt(make())

    theme.get_env = get_env
    setattr(theme, _ADAPTED, True)


# -- 3. The i18n plugin's file lookup --------------------------------------------------------------

I18N_FILE_LOOKUP = I18nFiles.get_file_from_path  # the plugin's own
_TRIED: dict[tuple, tuple[str, ...]] = {}  # (languages, fallback, path) -> the paths it tries


class _Recorder:
    """Stands in for the file list: finds nothing, and notes every path the plugin asks for."""

    def __init__(self, plugin) -> None:
        self.plugin = plugin
        self.src_uris = self
        self.asked: list[str] = []

    def get(self, src_uri: str) -> None:
        self.asked.append(src_uri)


def remembered_file_lookup(files: I18nFiles, path: str):
    """I18nFiles.get_file_from_path with the paths it tries learnt once per path and languages."""
    plugin = files.plugin
    key = (plugin.current_language, plugin.default_language, plugin.config.fallback_to_default, path)
    tried = _TRIED.get(key)
    if tried is None:
        recorder = _Recorder(plugin)
        I18N_FILE_LOOKUP(recorder, path)
        tried = _TRIED[key] = tuple(recorder.asked)
    for src_uri in tried:
        file = files.src_uris.get(src_uri)
        if file:
            return file
    return None


def remember_i18n_lookups() -> None:
    I18nFiles.get_file_from_path = remembered_file_lookup


# -- 4-7. The i18n plugin's builds and languages ---------------------------------------------------


def route_i18n_builds(build_language: Callable) -> Callable:
    """The i18n plugin builds each language after its first with build_language(config, **options)
    from now on; returns the build it used so far (ProperDocs'), for build_language to call and for
    restore_i18n_builds."""
    original = i18n_plugin.build
    i18n_plugin.build = build_language
    return original


def restore_i18n_builds(original: Callable) -> None:
    i18n_plugin.build = original


def build_other_languages(config) -> None:
    """Run the i18n plugin's loop over the languages after the one being built, as at its end."""
    i18n_of(config).on_post_build(config)


def i18n_of(config):
    """The i18n plugin of this configuration, or None."""
    return config.plugins.get("i18n")


def i18n_building(config) -> bool:
    """True during the builds the i18n plugin makes of its other languages."""
    i18n = i18n_of(config)
    return bool(i18n and getattr(i18n, "building", False))


def default_language(config) -> str | None:
    i18n = i18n_of(config)
    return i18n.default_language if i18n else None


def build_languages(config) -> list[str]:
    """Every language the i18n plugin builds, in its order (none without the plugin)."""
    i18n = i18n_of(config)
    return list(i18n.build_languages) if i18n else []


def build_drafts(config, drafts: tuple[str, ...]) -> None:
    """Build the draft languages too (the live preview): each language's `build` setting, which
    the i18n plugin reads when it lists the languages it builds."""
    i18n = i18n_of(config)
    for entry in i18n.config.languages if i18n else []:
        if entry.locale in drafts:
            entry.build = True


def current_language(config) -> str | None:
    """The language the i18n plugin is building now."""
    i18n = i18n_of(config)
    return i18n.current_language if i18n else None


def language_config(config, lang: str):
    """The i18n plugin's settings for `lang` (its site_name, extra, ...), or None."""
    i18n = i18n_of(config)
    return i18n.get_language_config(lang) if i18n else None


# -- 8. The language menu on config.extra ----------------------------------------------------------


def page_alternates(config) -> list:
    """The language menu of the page being built: the attribute the i18n plugin set for the last
    page, else the configuration's own entry."""
    return getattr(config.extra, "alternate", None) or config.extra.get("alternate") or []


def set_page_alternates(config, alternates: list) -> None:
    config.extra["alternate"] = alternates
    if hasattr(config.extra, "alternate"):
        config.extra.alternate = alternates


# -- 9. The quiet builds of the other languages ----------------------------------------------------

MKDOCS_BUILD_LOGGER = "mkdocs.commands.build"  # where the i18n plugin puts its filter


class _FiltersOfMkDocsBuildLogger(logging.Filter):
    """Lets through what the filters on MkDocs' build logger let through."""

    def filter(self, record: logging.LogRecord) -> bool:
        return bool(logging.getLogger(MKDOCS_BUILD_LOGGER).filter(record))


def quiet_other_languages_builds() -> None:
    """ProperDocs' build logger applies the filters the i18n plugin sets on MkDocs' (once)."""
    build_log = properdocs_build.log
    if not any(isinstance(existing, _FiltersOfMkDocsBuildLogger) for existing in build_log.filters):
        build_log.addFilter(_FiltersOfMkDocsBuildLogger())


# -- 10-13. The live reload server -----------------------------------------------------------------


def request_rebuild(server) -> None:
    """Ask the live reload server for a rebuild, as its own file events do."""
    with server._rebuild_cond:
        server._want_rebuild = True
        server._rebuild_cond.notify_all()


def is_watched(server, path: str) -> bool:
    """True while the server counts a watch of `path` (an absolute path) that unwatch() would end."""
    return path in server._watched_paths


def wrap_rebuild(server, wrap: Callable[[Callable], Callable]) -> None:
    """The server rebuilds with wrap(its rebuild) from now on."""
    server.builder = wrap(server.builder)


def observe(server, folder: str, on_event: Callable, recursive: bool):
    """Call on_event(event) for every watchdog event in `folder`, on the server's own observer;
    returns the watch, for stop_observing."""
    handler = watchdog.events.FileSystemEventHandler()
    handler.on_any_event = on_event  # type: ignore[method-assign]
    return server.observer.schedule(handler, folder, recursive=recursive)


def stop_observing(server, watch) -> None:
    """Raises KeyError when watchdog has dropped the watch already (its folder moved away)."""
    server.observer.unschedule(watch)


def poll_interval(server) -> float:
    """How often the server's observer looks at the watched folders, in seconds."""
    return getattr(server.observer, "timeout", 0.5)
