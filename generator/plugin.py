"""The MkDocs side: `mkdocs build` and `mkdocs serve` run the whole pipeline.

on_config       load + check + render the data, stage pages into docs_dir (once per build)
on_nav          order pages as the data orders them, title game sections by the game's name
on_page_markdown  point "edit this page" at the YAML the page came from
on_serve        watch rules_data/, content/ and the generator itself
on_post_build   write the name index and run Pagefind over the finished site (all languages)

mkdocs-static-i18n builds each language by re-entering MkDocs' build from its own
on_post_build; those nested builds must not regenerate or re-index, hence `_nested`.
"""
from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.nav import Section

from generator import pipeline, staging
from generator.errors import DataErrors
from generator.search import build_search

log = logging.getLogger("mkdocs.plugins.rulebook")


class RulebookConfig(Config):
    content_dir = config_options.Type(str, default="content")
    search = config_options.Type(bool, default=True)


class RulebookPlugin(BasePlugin[RulebookConfig]):
    def __init__(self) -> None:
        self.generated: pipeline.Generated | None = None
        self.edit_sources: dict[str, str] = {}
        self.page_order: dict[str, int] = {}

    def _nested(self, config) -> bool:
        i18n = config.plugins.get("i18n")
        return bool(i18n and getattr(i18n, "building", False))

    def on_config(self, config):
        if self._nested(config):
            return config
        root = Path(config.config_file_path).resolve().parent
        try:
            self.generated = pipeline.generate(root)
        except DataErrors as exc:
            raise PluginError(exc.report()) from None
        self.edit_sources = staging.stage(root / self.config.content_dir, self.generated.pages, Path(config.docs_dir))
        self.page_order = _page_order(self.generated)
        return config

    def on_serve(self, server, config, builder):
        """Rebuild when the data, the hand-written pages or the generator's templates change."""
        root = Path(config.config_file_path).resolve().parent
        for folder in (root / "rules_data", root / self.config.content_dir, Path(__file__).parent):
            if folder.exists():
                server.watch(str(folder))
        return server

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
        source = self.edit_sources.get(page.file.src_uri)
        if source and config.repo_url:
            page.edit_url = f"{config.repo_url.rstrip('/')}/{config.edit_uri.strip('/')}/{source}"
        return markdown

    def on_page_context(self, context, page, config, nav):
        if self.generated:
            lang = config.theme["language"]
            labels = self.generated.project.labels
            context["rulebook_labels"] = {key: text[lang] for key, text in labels.items() if key.startswith("search-")}
        return context

    @event_priority(-150)  # after i18n has built every language
    def on_post_build(self, config):
        if self._nested(config) or not self.generated or not self.config.search:
            return
        report = build_search(self.generated.project, Path(config.site_dir))
        log.info(report)


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
    return order
