"""The page in each language on how to use the open data: where the files are, the version and
what it promises, what a feed holds, an example. Its words are howto.yaml's (written natively in
each language); the files, the version and the example's ids come from the project."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2
import yaml

from generator.feed import FOLDER, VERSION
from generator.load.entities import Project, localized_tree
from generator.load.yamlpos import SAFE_LOADER
from generator.render.pages import GeneratedPage
from generator.render.plain import as_markdown, text

HERE = Path(__file__).parent
PAGE = "open-data.md"  # in each language's folder


@lru_cache(maxsize=1)
def words() -> dict:
    return localized_tree(yaml.load((HERE / "howto.yaml").read_text(encoding="utf-8"), Loader=SAFE_LOADER))


@lru_cache(maxsize=1)
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE),
        autoescape=True,
        finalize=text,  # the data's names are plain text; our own words are marked as Markdown
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    return env.get_template("howto.md.j2")


def howto_pages(project: Project, languages: tuple[str, ...], default_lang: str) -> list[GeneratedPage]:
    """The page in each language (docs path `<lang>/open-data.md`)."""
    return [_page(project, lang, languages, default_lang) for lang in languages]


def _page(project: Project, lang: str, languages: tuple[str, ...], default_lang: str) -> GeneratedPage:
    said = words()
    labels = project.labels
    games = [{"id": game.id, "name": game.name[lang]} for game in project.games.values()]
    example = _example(project)
    # from the page (open-data/ in the default language, <lang>/open-data/ otherwise) to the site's root
    up = "../" if lang == default_lang else "../../"
    markdown = _template().render(
        say=lambda key: as_markdown(said[key][lang]),
        lang=lang,
        languages=languages,
        # a language added since the labels were written (a draft) goes by its code
        language_names={
            code: labels[f"language-{code}"][lang] if f"language-{code}" in labels else code for code in languages
        },
        games=games,
        folder=FOLDER,
        version=VERSION,
        example=example,
        file_link=lambda name: as_markdown(f'<a href="{up}{FOLDER}/{name}"><code>{name}</code></a>'),
    )
    return GeneratedPage(f"{lang}/{PAGE}", markdown, "generator/feed/howto.yaml")


def _example(project: Project) -> dict:
    """A game and one of its named entities, for the example's code."""
    for game in project.games.values():
        for entity in game.entities.values():
            if entity.name and entity.kind not in ("rule", "faq", "note"):
                return {"game": game.id, "entity": entity.id}
    return {"game": next(iter(project.games), "game"), "entity": "id"}
