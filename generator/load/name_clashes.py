"""Two entries of one kind may not have the same name in a language: their headings and their
search results would read alike, and a reader could not tell which is which. An alias may be
shared (a source's family name for several entries finds each of them).

Names are compared as a reader types them: letter case and the width of Latin letters aside
(NFKC, case-folded). Entries of different kinds may share a name (a card and the term it is
named after): the search result says which kind each is.
"""

from __future__ import annotations

import unicodedata

from generator.errors import DataError, Location
from generator.languages import NAME_LANGUAGES
from generator.load.entities import Entity, Game

NAMED_KINDS_SKIPPED = ("rule", "faq", "note", "parameter")  # titled, not named: search does not take their names


def check_name_clashes(game: Game, errors: list[DataError]) -> None:
    taken: dict[tuple[str, str, str], Entity] = {}  # (kind, language, folded name) -> the entity named so
    for entity in game.entities.values():
        if entity.kind in NAMED_KINDS_SKIPPED:
            continue
        for lang in NAME_LANGUAGES:
            written = entity.name.get(lang)
            folded = _folded(written) if written else ""
            if not folded:
                continue
            first = taken.setdefault((entity.kind, lang, folded), entity)
            if first is not entity:
                _error(
                    errors,
                    entity,
                    lang,
                    f"'{written}' is also the name of {entity.kind} "
                    f"'{first.id}' ({first.where}); the headings and the search results "
                    f"would not tell them apart: give each its own name (a name both "
                    f"may be found by belongs in their aliases)",
                )


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()


def _error(errors: list[DataError], entity: Entity, lang: str, message: str) -> None:
    node = getattr(entity.name.get(lang), "node", None)
    where: Location = node.where if node is not None else entity.where
    errors.append(DataError(where, f"{entity.kind} '{entity.id}' › name › {lang}", message))
