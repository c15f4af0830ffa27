"""Each reach of generator/site/patches.py into ProperDocs' or mkdocs-static-i18n's internals: the
internal still has the shape the reach relies on (the attribute, the signature, the behaviour), as
in the versions patches.CHECKED_AGAINST names. An upgrade that breaks a reach fails its test here."""

from __future__ import annotations

import ast
import dis
import importlib
import importlib.metadata
import inspect
import logging
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import jinja2
import mkdocs_static_i18n.plugin as i18n_plugin
import properdocs
import properdocs.commands.build as properdocs_build
import properdocs.plugins
import pytest
import yaml
from mkdocs_static_i18n.folder import I18nFiles
from mkdocs_static_i18n.plugin import I18n
from properdocs.config import defaults as config_defaults
from properdocs.config import load_config
from properdocs.exceptions import ConfigurationError
from properdocs.livereload import LiveReloadServer
from properdocs.structure.files import File, Files
from properdocs.theme import Theme
from properdocs.utils import yaml as properdocs_yaml

from generator.site import patches

ROOT = Path(__file__).resolve().parent.parent


def checked(package: str) -> str:
    """For a failure's message: the version a reach was checked against and the one installed."""
    return (
        f"checked against {package} {patches.CHECKED_AGAINST[package]}, installed {importlib.metadata.version(package)}"
    )


def globals_read(function) -> set[str]:
    """The module-level names a function looks up when it runs (not the ones it was given)."""
    code = inspect.unwrap(function).__code__
    return {ins.argval for ins in dis.get_instructions(code) if ins.opname == "LOAD_GLOBAL"}


# -- 0. `mkdocs.*` imports answered by ProperDocs --------------------------------------------------


def test_the_plugins_mkdocs_imports_load_properdocs_modules():
    assert sys.modules["mkdocs"] is properdocs, checked("properdocs")
    assert importlib.import_module("mkdocs.plugins") is properdocs.plugins, checked("properdocs")
    assert issubclass(I18n, properdocs.plugins.BasePlugin), checked("properdocs")


# -- 1. ProperDocs' YAML loader ---------------------------------------------------------------------


def test_properdocs_takes_its_yaml_loader_from_the_two_names_the_safe_loader_replaces(monkeypatch, tmp_path):
    loader = patches.PROPERDOCS_YAML_LOADER
    assert list(inspect.signature(loader).parameters) == ["loader", "config"], checked("properdocs")
    assert config_defaults.get_yaml_loader is loader, checked("properdocs")
    assert "get_yaml_loader" in globals_read(config_defaults.ProperDocsConfig.load_file), checked("properdocs")
    assert "get_yaml_loader" in globals_read(properdocs_yaml.yaml_load), checked("properdocs")
    for module in (config_defaults, properdocs_yaml):  # put back as they are now after the test
        monkeypatch.setattr(module, "get_yaml_loader", module.get_yaml_loader)
    patches.read_config_safely()
    marker = tmp_path / "ran"
    with pytest.raises(ConfigurationError, match="python/object/apply"):
        properdocs_yaml.yaml_load(f'x: !!python/object/apply:os.system ["touch {marker}"]')
    assert not marker.exists()
    monkeypatch.delenv("RULEBOOK_UNSET", raising=False)
    assert properdocs_yaml.yaml_load("x: !ENV [RULEBOOK_UNSET, 5]") == {"x": 5}  # its own tags still read


# -- 2. The theme's Jinja environment ---------------------------------------------------------------


def test_properdocs_builds_with_the_environment_theme_get_env_makes_and_adapt_theme_env_wraps_it():
    assert "get_env" in properdocs_build.build.__code__.co_names, checked("properdocs")  # config.theme.get_env()
    theme = Theme(name="material")
    assert type(theme.get_env().loader) is jinja2.FileSystemLoader, checked("properdocs")  # what theme_env replaces
    adapted: list[jinja2.Environment] = []
    patches.adapt_theme_env(theme, lambda env: adapted.append(env) or env)
    patches.adapt_theme_env(theme, lambda env: adapted.append(env) or env)  # once per theme
    env = theme.get_env()
    assert adapted == [env]


def test_a_folder_put_first_in_the_themes_dirs_gives_the_static_file_the_site_copies(tmp_path):
    folder = tmp_path / "theme"
    (folder / "assets").mkdir(parents=True)
    (folder / "assets" / "extra.css").write_text("/* first */", encoding="utf-8")
    theme = Theme(name="material")
    patches.put_theme_folder_first(theme, str(folder))
    patches.put_theme_folder_first(theme, str(folder))  # once, however often a build asks
    assert theme.dirs.count(str(folder)) == 1 and theme.dirs[0] == str(folder), checked("properdocs")
    files = Files([])
    site = SimpleNamespace(theme=theme, site_dir=str(tmp_path / "site"), use_directory_urls=True)
    files.add_files_from_theme(theme.get_env(), site)
    copied = files.get_file_from_path("assets/extra.css")
    assert copied is not None and Path(copied.abs_src_path).read_text() == "/* first */", checked("properdocs")


# -- 3. The i18n plugin's file lookup ---------------------------------------------------------------

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
def test_the_remembered_i18n_lookup_finds_the_file_the_plugin_finds(current, fallback):
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
    lookup, own = patches.remembered_file_lookup, patches.I18N_FILE_LOOKUP
    for path in PATHS:
        assert lookup(files, path) is own(files, path), f"{path}: {checked('mkdocs-static-i18n')}"
    assert lookup(files, "ko/late.md") is None
    files.append(File("ko/late.md", "/docs", "/site", use_directory_urls=True))  # a file added afterwards
    assert lookup(files, "ko/late.md") is not None
    for path in ("ko/late.md", "late.md"):
        assert lookup(files, path) is own(files, path), f"{path}: {checked('mkdocs-static-i18n')}"


# -- 4-8. The i18n plugin's builds, languages and language menu -------------------------------------


@pytest.fixture
def site_config(monkeypatch):
    """The project's configuration as ProperDocs loads it, without a repository or site address."""
    for name in ("RULEBOOK_REPO_URL", "RULEBOOK_SITE_URL"):
        monkeypatch.delenv(name, raising=False)
    config = load_config(str(ROOT / "mkdocs.yml"))
    assert isinstance(patches.i18n_of(config), I18n)
    return config


@pytest.fixture
def routed_builds():
    """The i18n plugin's builds of the other languages, noted instead of made: `built` holds
    (language, building) for each; `original` is the build the plugin had."""
    routed = SimpleNamespace(built=[], original=None)

    def build_language(config, **options) -> None:
        routed.built.append((patches.current_language(config), patches.i18n_building(config)))

    routed.original = patches.route_i18n_builds(build_language)
    yield routed
    patches.restore_i18n_builds(routed.original)
    assert i18n_plugin.build is routed.original


def test_the_i18n_plugin_builds_each_other_language_with_the_build_route_i18n_builds_swaps(site_config, routed_builds):
    assert routed_builds.original is properdocs_build.build, checked("mkdocs-static-i18n")
    assert "build" in globals_read(I18n.on_post_build), checked("mkdocs-static-i18n")
    i18n = patches.i18n_of(site_config)
    i18n.current_language = "ja"
    i18n.on_post_build(site_config)
    assert [language for language, _ in routed_builds.built] == ["ko", "uk"], checked("mkdocs-static-i18n")


def test_build_other_languages_runs_the_i18n_plugins_loop_after_the_first_language(site_config, routed_builds):
    patches.i18n_of(site_config).current_language = "ja"  # a child is forked while the first language builds
    patches.build_other_languages(site_config)
    assert [language for language, _ in routed_builds.built] == ["ko", "uk"], checked("mkdocs-static-i18n")


def test_the_i18n_plugin_says_it_is_building_while_it_builds_the_other_languages(site_config, routed_builds):
    i18n = patches.i18n_of(site_config)
    i18n.current_language = "ja"
    assert not patches.i18n_building(site_config)
    i18n.on_post_build(site_config)
    assert routed_builds.built == [("ko", True), ("uk", True)], checked("mkdocs-static-i18n")
    assert not patches.i18n_building(site_config)


def test_the_i18n_plugins_languages_are_the_configured_ones(site_config):
    configured = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=patches.safe_yaml_loader())
    i18n_options = next(plugin["i18n"] for plugin in configured["plugins"] if isinstance(plugin, dict))
    ko = next(language for language in i18n_options["languages"] if language["locale"] == "ko")
    assert patches.default_language(site_config) == "ja", checked("mkdocs-static-i18n")
    assert patches.build_languages(site_config) == ["ja", "ko", "uk"], checked("mkdocs-static-i18n")
    assert patches.current_language(site_config) is None  # set by the plugin's on_config
    patches.i18n_of(site_config).on_config(site_config)
    assert patches.current_language(site_config) == "ja", checked("mkdocs-static-i18n")
    assert patches.language_config(site_config, "ko").site_name == ko["site_name"], checked("mkdocs-static-i18n")


def test_the_i18n_plugin_leaves_each_pages_language_menu_as_an_attribute_of_config_extra(site_config):
    i18n = patches.i18n_of(site_config)
    i18n.on_config(site_config)
    assert patches.page_alternates(site_config) == site_config.extra["alternate"]  # before any page
    links = {"ko": SimpleNamespace(url="ko/skills/"), "uk": SimpleNamespace(url="uk/skills/")}
    page = SimpleNamespace(url="skills/", file=SimpleNamespace(locale_alternate_of="ja", alternates=links))
    i18n.reconfigure_page_context({}, page, site_config, None)  # what on_page_context does for a page
    menu = {entry["lang"]: entry["link"] for entry in patches.page_alternates(site_config)}
    assert menu["ko"] == "ko/skills/" and menu["uk"] == "uk/skills/", checked("mkdocs-static-i18n")
    homes = [dict(entry, link="/") for entry in patches.page_alternates(site_config)]
    patches.set_page_alternates(site_config, homes)
    assert site_config.extra.alternate == homes and site_config.extra["alternate"] == homes


# -- 9. The quiet builds of the other languages ----------------------------------------------------


def build_line(message: str) -> logging.LogRecord:
    return properdocs_build.log.makeRecord(properdocs_build.log.name, logging.INFO, __file__, 1, message, None, None)


def test_the_builds_of_the_other_languages_log_as_quietly_as_on_mkdocs(site_config, routed_builds):
    """The i18n plugin filters MkDocs' build logger while it builds the other languages; ProperDocs'
    build logs under its own name, and applies that filter too."""
    assert properdocs_build.log.name != patches.MKDOCS_BUILD_LOGGER, checked("properdocs")  # else no longer needed
    patches.quiet_other_languages_builds()
    filters = len(properdocs_build.log.filters)
    patches.quiet_other_languages_builds()
    assert len(properdocs_build.log.filters) == filters  # once
    passed: list[tuple[bool, bool]] = []
    i18n = patches.i18n_of(site_config)
    i18n.current_language = "ja"
    route = i18n_plugin.build

    def build_language(config, **options):
        route(config, **options)
        passed.append(
            (
                bool(properdocs_build.log.filter(build_line("Documentation built in 1.00 seconds"))),
                bool(properdocs_build.log.filter(build_line("Cleaning site directory"))),
            )
        )

    i18n_plugin.build = build_language  # routed_builds puts the build back
    i18n.on_post_build(site_config)
    assert passed == [(False, True), (False, True)], checked("mkdocs-static-i18n")
    assert properdocs_build.log.filter(build_line("Documentation built in 1.00 seconds"))  # the site's own line


# -- 10-13. The live reload server ------------------------------------------------------------------


@pytest.fixture
def server(tmp_path):
    """MkDocs' server, not listening: its rebuild loop runs in a thread when a test starts it."""
    built = threading.Event()
    server = LiveReloadServer(built.set, "127.0.0.1", 0, str(tmp_path), polling_interval=0.05)
    server.built = built  # type: ignore[attr-defined]
    loop = threading.Thread(target=server._build_loop, daemon=True)
    server.start_loop = loop.start  # type: ignore[attr-defined]
    yield server
    server.shutdown()
    if loop.is_alive():
        loop.join(5)
    if server.observer.is_alive():
        server.observer.join(5)


def test_request_rebuild_starts_a_rebuild_as_the_servers_own_file_events_do(server):
    assert isinstance(server._rebuild_cond, threading.Condition), checked("properdocs")
    assert server._want_rebuild is False, checked("properdocs")
    server.start_loop()
    patches.request_rebuild(server)
    assert server.built.wait(10), checked("properdocs")


def test_is_watched_follows_the_servers_count_of_watches(server, tmp_path):
    folder = tmp_path / "rules_data"
    folder.mkdir()
    assert not patches.is_watched(server, str(folder))
    server.watch(str(folder))
    server.watch(str(folder))
    server.unwatch(str(folder))
    assert patches.is_watched(server, str(folder)), checked("properdocs")
    server.unwatch(str(folder))
    assert not patches.is_watched(server, str(folder)), checked("properdocs")


def test_the_server_rebuilds_with_what_wrap_rebuild_made_of_its_rebuild(server):
    wrapped = threading.Event()

    def wrap(rebuild):
        def builder():
            rebuild()
            wrapped.set()

        return builder

    patches.wrap_rebuild(server, wrap)
    server.start_loop()
    patches.request_rebuild(server)
    assert wrapped.wait(10) and server.built.is_set(), checked("properdocs")


def test_observe_hands_the_servers_watchdog_events_to_the_preview(server, tmp_path):
    assert patches.poll_interval(server) == 0.05, checked("properdocs")
    seen = threading.Event()
    watch = patches.observe(server, str(tmp_path), lambda event: seen.set(), recursive=False)
    server.observer.start()
    (tmp_path / "skills.yaml").write_text("x", encoding="utf-8")
    assert seen.wait(10), checked("properdocs")
    patches.stop_observing(server, watch)
    with pytest.raises(KeyError):  # serve.py counts on this for a watch watchdog dropped
        patches.stop_observing(server, watch)


# -- one module ---------------------------------------------------------------------------------------

# Modules whose insides only patches.py may touch. ProperDocs' plugin API (config, exceptions,
# plugins, structure) and its command line are for everyone; MkDocs itself is for no one.
INTERNALS = (
    "mkdocs",
    "mkdocs_static_i18n",
    "watchdog",
    "properdocs.replacement",
    "properdocs.utils",
    "properdocs.livereload",
    "properdocs.commands",
    "properdocs.theme",
    "properdocs.config.defaults",
)


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update([node.module] + [f"{node.module}.{alias.name}" for alias in node.names])
    return names


def internal(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in INTERNALS)


def test_only_patches_imports_what_properdocs_and_the_i18n_plugin_keep_inside():
    generator = ROOT / "generator"
    reaching = {
        path.relative_to(ROOT).as_posix(): sorted(filter(internal, imported_modules(path)))
        for path in generator.rglob("*.py")
        if path.name != "patches.py"
    }
    assert {module: names for module, names in reaching.items() if names} == {}
