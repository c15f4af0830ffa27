"""The ProperDocs side: `properdocs build` and `properdocs serve` run the whole pipeline.

on_config       load + check + render the data, stage pages into docs_dir (once per build)
on_nav          order pages as the data orders them, title game sections by the game's name
on_page_markdown  point "edit this page" at the YAML the page came from
on_serve        watch rules_data/, content/, site_overrides/ and the generator (not docs_dir, which
                on_config writes), and keep the preview answering while the data is broken
on_post_page    read each finished page's text for the full-text index (`build`); under serve,
                add the script that lists a failed rebuild's errors over the page
on_post_build   write the name index and the full-text index (under serve, read from the site)

Under `properdocs serve --dirty` (what `scripts/site serve` runs) a save re-renders only the games
whose inputs changed (pipeline.Preview) and MkDocs only the pages whose Markdown changed, unless
the page list, a title or the theme changed; the search index follows in the background
(serve.SearchFollower), and only when a page or the data changed.

mkdocs-static-i18n builds each language by re-entering MkDocs' build from its own
on_post_build; those nested builds must not regenerate or re-index (patches.i18n_building). Under
`build`, each other language is built in a forked child while this process builds the first
(generator/site/language_split.py): a child indexes its own language into its language's folder,
which the parent moves into the site.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from urllib.parse import urlsplit

from properdocs.config import config_options
from properdocs.config.base import Config
from properdocs.exceptions import PluginError
from properdocs.plugins import BasePlugin, event_priority
from properdocs.structure.nav import Section
from properdocs.structure.pages import Page

from generator import pipeline, registry
from generator.errors import DataErrors, GeneratorError
from generator.feed import write_feeds
from generator.languages import DEFAULT, DRAFTS, PUBLISHED
from generator.load import interface_labels
from generator.load.site_config import site_config_errors
from generator.render.pages import CASES_PAGE
from generator.resolver.bundle import write_engine
from generator.resolver.page import PAGE as RESOLVER_PAGE
from generator.resolver.page import resolver_games, write_page_data
from generator.runtime.forked import Forked
from generator.search import TextIndexer, build_search, name_index_files, write_text_index
from generator.site import language_split, patches, serve, staging, theme_env
from generator.site.reader_site import NOT_FOUND, ReaderSite, language_homes

log = logging.getLogger("mkdocs.plugins.rulebook")
# The interface strings every page carries for its scripts and header (main.html, partials/header.html).
PAGE_LABELS = ("search-", "reader-")


class RulebookConfig(Config):
    content_dir = config_options.Type(str, default="content")
    search = config_options.Type(bool, default=True)


class RulebookPlugin(BasePlugin[RulebookConfig]):
    def __init__(self) -> None:
        self.generated: pipeline.Generated | None = None
        self.preview: pipeline.Preview | None = None  # under serve: what the next rebuild may keep
        self.edit_sources: dict[str, str] = {}
        self.page_order: dict[str, int] = {}
        self.reader_site = ReaderSite()  # per-language 404s, sitemap, offline files
        self.serving = False
        self.dirty = False
        self.errors: list[str] = []  # the data errors of the current build, for the preview
        self.overlay = ""
        self.layout = ""
        self.indexed_once = False
        self.pages_written = 0  # under serve: pages this rebuild wrote, in every language
        self.site_changes = 0  # under serve: rebuilds that wrote a page (what the search index follows)
        self.page_outputs = serve.PageOutputs()  # under serve --dirty: what to delete once gone
        self.indexer: TextIndexer | None = None  # `build` only: fed page by page
        self.site_dir: Path | None = None  # the whole site's folder (each language builds into its own)
        self.split: language_split.LanguageSplit | None = None  # `build` only: languages built at once
        self.names: Forked | None = None  # `build` only: the name index, computed beside the build

    def on_startup(self, *, command, dirty):
        self.serving = command == "serve"
        self.dirty = dirty
        patches.read_config_safely()  # `serve` reads mkdocs.yml again after each edit of it
        patches.quiet_other_languages_builds()

    def on_config(self, config):
        theme_env.lighten(config.theme)  # every language's build and every rebuild of serve
        patches.remember_i18n_lookups()
        if patches.i18n_building(config):
            return config
        root = Path(config.config_file_path).resolve().parent
        self._start_the_build(config)
        indexing = self.config.search and not self.serving
        if indexing:
            self._start_indexing(config)
        try:
            self.generated = self._generate(root, indexing)
        except DataErrors as exc:
            self._keep_serving_or_stop(exc)
        except GeneratorError as exc:  # a user's mistake the data checks could not see: its words, no traceback
            self._abort_indexing()
            raise PluginError(str(exc)) from None
        if indexing and language_split.wanted():
            self.split = language_split.LanguageSplit(self._start_over_in_the_child)
            self.split.install()
        try:
            self._stage_the_pages(config, root)
        except GeneratorError as exc:
            raise PluginError(str(exc)) from None
        self._stage_the_stylesheet(config, root)
        return config

    def _start_the_build(self, config) -> None:
        """What every build (and every rebuild of serve) starts from."""
        if not config.repo_url:
            config.edit_uri = None  # no repository set (RULEBOOK_REPO_URL): no edit buttons
        self.errors = []
        self.page_outputs.start()
        self.pages_written = 0
        if self.serving:
            self.overlay = serve.overlay_script(urlsplit(config.site_url or "/").path or "/", interface_labels())
            patches.build_drafts(config, DRAFTS)  # the preview shows the draft languages, gaps marked
        self.site_dir = Path(config.site_dir)

    def _generate(self, root: Path, indexing: bool) -> pipeline.Generated:
        """The data loaded, checked and rendered; raises DataErrors."""
        if self.serving:  # a save re-does only what it changed (see pipeline.Preview)
            self.preview = self.preview if self.preview and self.preview.root == root else pipeline.Preview(root)
            generated = self.preview.generate()
            log.info(f"rendered again: {', '.join(self.preview.rendered) or 'no game'}")
            return generated
        # Run by `python -m generator build`, which publishes the site only if the build
        # succeeds, the model's checks may run beside the build (see on_post_build).
        beside = os.environ.get(pipeline.CHECK_BESIDE_ENV) == "1"
        return pipeline.generate(root, check_beside=beside, on_loaded=self._start_the_name_index if indexing else None)

    def _keep_serving_or_stop(self, exc: DataErrors) -> None:
        """The data has errors: the build stops, unless `serve` has no good build to show yet."""
        self._abort_indexing()
        self.errors = [str(error) for error in exc.errors]
        if not (self.serving and self.generated is None):
            raise PluginError(exc.report()) from None
        # `serve` started on broken data (MkDocs would stop): the preview shows the hand-written
        # pages with the errors over them, and the whole site once the data is fixed.
        log.error(
            "the data has errors; the preview lists them on every page until they are fixed:\n" + "\n".join(self.errors)
        )
        self.layout = "no generated pages"  # the fix renders every page again: their navigation grows

    def _stage_the_pages(self, config, root: Path) -> None:
        """The hand-written and generated pages into docs_dir, where MkDocs reads them."""
        docs_dir = Path(config.docs_dir)
        content = root / self.config.content_dir
        if not content.is_dir():
            raise PluginError(
                f"{self.config.content_dir}/:1:1: the folder of the hand-written pages is missing; "
                f"it holds each language's home page ({self.config.content_dir}/<language>/index.md)"
            )
        self.edit_sources = staging.stage(content, self.generated.pages if self.generated else [], docs_dir)
        self.page_order = _page_order(self.generated) if self.generated else {}
        if self.serving and self.dirty and self.generated:
            self._rerender_all_if_the_layout_changed(config, docs_dir)

    def _stage_the_stylesheet(self, config, root: Path) -> None:
        """The theme's stylesheet extended by each game's, in a folder the theme reads first."""
        games = [package.stylesheet for package in registry.engines().values() if package.stylesheet is not None]
        folder = Path(config.docs_dir).parent / "theme"
        staging.stage_stylesheet(Path(config.theme.custom_dir), games, folder)
        patches.put_theme_folder_first(config.theme, str(folder))

    def _start_indexing(self, config) -> None:
        """`build`: the full-text index reads each page as MkDocs writes it."""
        self._abort_indexing()
        assert self.site_dir is not None
        self.site_dir.mkdir(parents=True, exist_ok=True)
        self.indexer = TextIndexer(keep=True)

    def _start_the_name_index(self, project) -> None:
        """Computed in a forked process while the pages render and MkDocs builds."""
        self.names = Forked(lambda: name_index_files(project), "the search's name index")

    def _rerender_all_if_the_layout_changed(self, config, docs_dir: Path) -> None:
        pages = {p.relative_to(docs_dir).as_posix(): p.read_bytes() for p in docs_dir.rglob("*.md")}
        games = {game.id: game.name for game in self.generated.project.games.values()}
        custom_dir = config.theme.custom_dir
        # mkdocs.yml: each language's site name, palette labels and 404 words are on every page.
        site_config = Path(config.config_file_path).read_bytes()
        layout = serve.layout_fingerprint(
            pages, [games, self.page_order, site_config], Path(custom_dir) if custom_dir else None
        )
        if self.layout and layout != self.layout:
            serve.touch_all(docs_dir)
        self.layout = layout

    def on_serve(self, server, config, builder):
        """Rebuild when the data, the hand-written pages, the theme overrides or the generator change."""
        root = Path(config.config_file_path).resolve().parent
        serve.watch(server, config, root / self.config.content_dir)
        serve.keep_serving_on_errors(server, lambda: self.errors, lambda: site_config_errors(root))
        return server

    @event_priority(-200)  # the page as it is written, after every other plugin
    def on_post_page(self, output, page, config):
        if self.indexer and self.site_dir:
            path = (Path(config.site_dir) / page.file.dest_path).relative_to(self.site_dir)
            self.indexer.add_page(path.as_posix(), output)
        if not self.serving:
            return output
        self.pages_written += 1
        return serve.with_overlay(output, self.overlay)

    def on_build_error(self, error, **kwargs):
        if self.split and self.split.in_child:
            self.split.child_done(error)
        self._abort_indexing()
        if self.split:
            self.split.stop_children()
            self.split.uninstall()
            self.split = None

    @event_priority(-200)  # after i18n has listed the first language's files
    def on_files(self, files, config):
        """`build`: the other languages start now, each in a forked child (see language_split).
        `serve`: every language's pages are listed, to delete those a rebuild no longer has."""
        if self.serving and self.dirty:
            self.page_outputs.add(Path(config.site_dir), [page.dest_path for page in files.documentation_pages()])
        if self.split and not patches.i18n_building(config) and self.split.fork(config):
            self.split.build_in_child(config)
            self._finish_the_child()  # does not return
        return files

    def _start_over_in_the_child(self) -> None:
        """In a forked child: the model's checks are the parent's to finish; the pages the child
        writes go to an index of its own (a language's index does not depend on the others')."""
        if self.generated:
            self.generated.model_check = None
        self.names = None
        assert self.split is not None and self.split.folder is not None
        self.site_dir = self.split.folder
        self.indexer = TextIndexer(keep=True)

    def _finish_the_child(self) -> None:
        """A child's last step: write its language's full-text index into its folder, tell the parent."""
        assert self.split is not None and self.split.folder is not None
        try:
            if self.indexer:
                indexer, self.indexer = self.indexer, None
                write_text_index(indexer.files(), self.split.folder)
        except Exception as exc:  # noqa: BLE001 — reported to the parent, which fails the build
            self.split.child_done(exc)
        self.split.child_done()

    def _merge_the_other_languages(self, config, site_dir: Path) -> None:
        """Wait for the languages the forked children built (with their full-text indexes)."""
        split, self.split = self.split, None
        assert split is not None
        split.uninstall()
        split.wait_for_children(site_dir, language_homes(config))

    def _abort_indexing(self) -> None:
        names, self.names = self.names, None
        if names:
            names.stop()
        self.indexer = None

    @event_priority(-150)  # after i18n has narrowed the nav to one language
    def on_nav(self, nav, config, files):
        if not self.generated:
            return nav
        lang = config.theme["language"]
        games = self.generated.project.games
        for item in nav.items:
            if isinstance(item, Section):
                game_id = _section_game(item)
                if game_id in games:
                    item.title = games[game_id].name[lang]
                item.children.sort(key=lambda child: self._rank(child))
        nav.items.sort(key=lambda child: self._rank(child))
        _link_in_reading_order(nav)
        return nav

    def _rank(self, item) -> tuple:
        if isinstance(item, Section):
            game = _section_game(item)
            order = list(self.generated.project.games).index(game) if game in self.generated.project.games else 99
            return (1, order, "")
        src = item.file.src_uri.split("/", 1)[-1] if getattr(item, "file", None) else ""
        if src == "index.md":
            return (0, 0, "")
        if src.endswith("/index.md"):
            return (0, -1, src)
        return (2 if "/" not in src else 0, self.page_order.get(src, 50), src)

    def on_page_markdown(self, markdown, page, config, files):
        if self.generated:
            try:  # a verdict of the model's checks that came in meanwhile stops the build now
                self.generated.confirm_if_done()
            except DataErrors as exc:
                raise PluginError(exc.report()) from None
        source = self.edit_sources.get(page.file.src_uri)
        if source and config.repo_url:
            page.edit_url = f"{config.repo_url.rstrip('/')}/{config.edit_uri.strip('/')}/{source}"
        return markdown

    def on_page_context(self, context, page, config, nav):
        if self.generated:
            lang = config.theme["language"]
            labels = self.generated.project.labels
            context["rulebook_labels"] = {
                key: text[lang] for key, text in labels.items() if key.startswith(PAGE_LABELS)
            }
            # The game a page belongs to, named in the header and the browser tab (main.html).
            game = self.generated.project.games.get(_page_game(page)) if page is not None else None
            context["rulebook_game"] = game.name[lang] if game else ""
        return context

    def on_template_context(self, context, template_name, config):
        """The 404 pages have a header search box too: they need its labels."""
        return self.on_page_context(context, None, config, None)

    def on_pre_template(self, template, template_name, config):
        self.reader_site.pre_template(template_name, config)
        return template

    def on_post_template(self, output_content, template_name, config):
        if self.serving and template_name == NOT_FOUND:  # a missing address shows the errors too
            output_content = serve.with_overlay(output_content, self.overlay)
        return self.reader_site.post_template(output_content, template_name, config)

    @event_priority(-150)  # after i18n has built every language
    def on_post_build(self, config):
        if patches.i18n_building(config):
            return
        if self.split and self.split.in_child:
            self._finish_the_child()  # does not return
        if self.generated:
            try:
                self.generated.confirm()
            except DataErrors as exc:
                raise PluginError(exc.report()) from None
        if self.serving:
            serve.write_status(Path(config.site_dir) / serve.STATUS_FILE, self.errors, pages_missing=not self.generated)
            self.site_changes += bool(self.pages_written)
        if self.serving and self.dirty:
            for gone in self.page_outputs.remove_stale(Path(config.site_dir)):
                log.info(f"no longer a page: {gone.relative_to(config.site_dir).as_posix()}")
                self.site_changes += 1
        if not self.generated:
            return
        feeds = write_feeds(self.generated.project, Path(config.site_dir), PUBLISHED, DEFAULT)
        log.info(f"open data: {len(feeds)} files")
        self._write_the_resolver(Path(config.site_dir))
        if not self.config.search:
            log.info(self.reader_site.finish(config))
            return
        if self.serving and self.indexed_once:
            # The preview serves the edited page now; the search index follows a moment later,
            # if a page or the data behind the name index changed.
            if not serve.in_background(build_search, self.generated.project, Path(config.site_dir), self._site_state()):
                log.info("search index kept: no page and no data changed")
            log.info(self.reader_site.finish(config))  # lists the index files there are now
            return
        indexer, self.indexer = self.indexer, None
        names, self.names = self.names, None
        log.info(build_search(self.generated.project, Path(config.site_dir), indexer, names))
        if self.split:
            self._merge_the_other_languages(config, Path(config.site_dir))
        if self.serving:
            serve.indexed_in_build(self._site_state())
        self.indexed_once = True
        log.info(self.reader_site.finish(config))  # after the search index: it lists its files

    def _write_the_resolver(self, site: Path) -> None:
        """The engine for the browser and each resolver page's file (the pages need both)."""
        if not resolver_games(self.generated.project):
            return
        try:
            engine = write_engine(site)
        except GeneratorError as exc:
            raise PluginError(str(exc)) from None
        pages = write_page_data(self.generated.project, site, PUBLISHED, DEFAULT, engine)
        log.info(f"resolver: {len(pages)} pages, engine {engine['bytes'] // 1024} KB")

    def _site_state(self) -> tuple:
        """Under serve: equal for two rebuilds when the second wrote no page and read the same data."""
        inputs = self.preview.inputs if self.preview else {}
        return self.site_changes, sorted(inputs.items())


def _link_in_reading_order(nav) -> None:
    """Each page's previous and next page (the links at its foot) as the navigation now orders
    them: ProperDocs linked them in file order, before on_nav sorted the navigation."""
    pages = []

    def walk(items) -> None:
        for item in items:
            if isinstance(item, Section):
                walk(item.children)
            elif isinstance(item, Page):
                pages.append(item)

    walk(nav.items)
    nav.pages = pages
    for before, page, after in zip([None, *pages[:-1]], pages, [*pages[1:], None]):
        page.previous_page, page.next_page = before, after


def _page_game(page) -> str:
    """The game folder a page comes from ("" for the home page, the sources, the 404 page)."""
    parts = (getattr(getattr(page, "file", None), "src_uri", "") or "").split("/")
    return parts[1] if len(parts) >= 3 else ""


def _section_game(section: Section) -> str:
    for child in section.children:
        src = getattr(getattr(child, "file", None), "src_uri", "")
        parts = src.split("/")
        if len(parts) >= 3:
            return parts[1]
    return ""


def _page_order(generated: pipeline.Generated) -> dict[str, int]:
    """docs path without the language folder -> position in its game's navigation."""
    order = {}
    for game in generated.project.games.values():
        for page in game.pages:
            order[f"{game.id}/{page.id}.md"] = page.order
        # The cases the model plays for the rules sections come after every page of the game.
        order[f"{game.id}/{CASES_PAGE}.md"] = max((page.order for page in game.pages), default=0) + 1
        order[f"{game.id}/{RESOLVER_PAGE}.md"] = 10_000  # after the game's own pages
    return order
