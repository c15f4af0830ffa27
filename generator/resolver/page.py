"""The resolver page of each game in each language, and the file its script reads.

The page is Markdown like every other (a title, the introduction, the place the script fills,
a line for a browser without JavaScript); its template (site_overrides/resolver.html) adds the
script and the stylesheet to this page alone. The script reads
assets/resolver/data/<game>.<lang>.json: the form (the controls, from the game's Situations and
its feed), the page's words, where the feed and the engine are, and what the engine needs
besides the feed. The controls are drawn before the engine has loaded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator import registry
from generator.feed import feed as open_feed
from generator.feed import feed_file
from generator.load.entities import Project
from generator.render.pages import GeneratedPage
from generator.render.plain import text as plain_text
from generator.resolver.session import Resolver, words
from generator.scenarios.situations import LINK_VERSION

PAGE = "resolver"  # <lang>/<game>/resolver.md
DATA = "assets/resolver/data"


def resolver_games(project: Project) -> list:
    return [game for game in project.games.values() if registry.for_game(game).situations is not None]


def resolver_pages(
    project: Project, languages: tuple[str, ...], default_lang: str, only: list[str] | None = None
) -> list[GeneratedPage]:
    """Each game's resolver page in each language (`only`: of these games alone)."""
    pages = []
    said = words()["ui"]
    for game in resolver_games(project):
        if only is not None and game.id not in only:
            continue
        for lang in languages:
            up = "../../" if lang == default_lang else "../../../"  # from <game>/resolver/ to the site's root
            markdown = "\n".join(
                [
                    "---",
                    "template: resolver.html",
                    "---",
                    f"# {plain_text(said['title'][lang])}",
                    "",
                    str(said["intro"][lang]).strip(),
                    "",
                    f'<div class="rb-resolver" id="rb-resolver" data-root="{up}" '
                    f'data-data="{up}{DATA}/{game.id}.{lang}.json" markdown="0">'
                    f'<p class="rb-needs-script">{plain_text(said["no-script"][lang])}</p></div>',
                    "",
                ]
            )
            pages.append(GeneratedPage(f"{lang}/{game.id}/{PAGE}.md", markdown, "generator/resolver/words.yaml"))
    return pages


def write_page_data(
    project: Project, site: Path, languages: tuple[str, ...], default_lang: str, engine: dict
) -> list[str]:
    """Each resolver page's file (form, words, where the feed and the engine are); the files written."""
    written = []
    for game in resolver_games(project):
        package = registry.for_game(game)
        extra = package.resolver_extra(game, game.root or Path("."))
        for lang in languages:
            one = open_feed(project, game, lang, default_lang)
            labels = {key: {lang: text[lang]} for key, text in project.labels.items()}
            resolver = Resolver(one, package, extra, labels)
            body = {
                "game": game.id,
                "language": lang,
                "linkVersion": LINK_VERSION,
                "feed": feed_file(game.id, lang),
                "engine": engine,
                "form": resolver.form,
                "words": page_words(package, lang),
                "extra": extra,
                "labels": labels,
            }
            path = site / DATA / f"{game.id}.{lang}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(
                json.dumps(body, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
            )
            written.append(path.relative_to(site).as_posix())
    return written


def page_words(package, lang: str) -> dict[str, Any]:
    """The page's words in one language: the resolver's own, then the game's labels, actions, boards."""
    said: dict[str, Any] = {key: text[lang] for key, text in words()["ui"].items()}
    own = package.situations.words()
    for section in ("labels", "actions", "boards", "faces"):
        said[section] = {key: text[lang] for key, text in (own.get(section) or {}).items()}
    if own.get("note"):
        said["note"] = own["note"][lang]  # said above the controls
    return said
