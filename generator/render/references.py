"""Turn `{param:ID}` and `{KIND:ID}` in a text into a value or a localized link."""

from __future__ import annotations

from functools import lru_cache
from posixpath import relpath

from generator.languages import language
from generator.load.entities import Entity, Game
from generator.load.references import REFERENCE
from generator.render.plain import text as plain_text


def page_path(game: Game, page_id: str) -> str:
    """A generated page's path inside a language folder."""
    return f"{game.id}/{page_id}.md"


def entity_link(game: Game, entity: Entity, lang: str, from_page: str, labels, text: str | None = None) -> str:
    """A Markdown link; `from_page` is a page id of the game, or a docs path ending in .md."""
    target = page_path(game, entity.page)
    here = from_page if from_page.endswith(".md") else page_path(game, from_page)
    folder = here.rsplit("/", 1)[0] if "/" in here else "."
    href = f"#{entity.id}" if target == here else f"{_relative(target, folder)}#{entity.id}"
    label = plain_text(text or display_name(entity, lang, labels))  # a name, or a word form: plain text
    return f"[{label}]({href})"


@lru_cache(maxsize=4096)
def _relative(target: str, folder: str) -> str:
    """relpath, once per pair of pages: a page links to the same few pages hundreds of times."""
    return relpath(target, folder)


def display_name(entity: Entity, lang: str, labels) -> str:
    if entity.kind == "note":
        title = entity.fields.get("title")
        return title[lang] if title else labels["source-note"][lang]
    return entity.title(lang)


def value_text(value, game: Game, lang: str, labels) -> str:
    """A parameter value as prose: numbers as they are, orders as names joined by arrows."""
    if isinstance(value, bool):
        yes, no = language(lang).yes_no
        return yes if value else no
    if isinstance(value, list) and value and all(_is_pair(v) for v in value):
        # [[card, copies], ...] or [[piece, count], ...]: a list of amounts, not an order
        sep = language(lang).list_separator
        return sep.join(f"{_item_name(name, game, lang, labels)} {count}" for name, count in value)
    if isinstance(value, list):
        sep = " → " if any(isinstance(v, list) for v in value) else language(lang).list_separator
        return sep.join(
            value_text(v, game, lang, labels) if isinstance(v, list) else _item_name(v, game, lang, labels)
            for v in value
        )
    return str(value)


def _is_pair(value) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], int)
        and not isinstance(value[1], bool)
    )


def _item_name(item, game: Game, lang: str, labels) -> str:
    entity = game.entities.get(item) if isinstance(item, str) else None
    return display_name(entity, lang, labels) if entity else str(item)


def resolve(text: str, game: Game, lang: str, page_id: str, labels) -> str:
    """Replace every reference in `text`. The loader has already checked them all."""

    def replace(match) -> str:
        kind = match.group(1)
        target, _, text = (part.strip() for part in match.group(2).partition("|"))
        if kind == "param":  # a value, or names joined (a numbered card is "#01"): plain text
            return str(plain_text(value_text(game.parameters[target].fields["value"], game, lang, labels)))
        return entity_link(game, game.entities[target], lang, page_id, labels, text or None)

    return REFERENCE.sub(replace, text)
