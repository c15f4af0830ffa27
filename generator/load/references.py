"""References inside text: `{param:ID}` for a value, `{KIND:ID}` for a link to an entity."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Iterator

REFERENCE = re.compile(r"\{([A-Za-z][A-Za-z_-]*):([^{}]*)\}")
LINK_KINDS = ("term", "rule", "note", "faq")  # every game's; a game links to its own kinds too (link_kinds)


@dataclass(frozen=True)
class Reference:
    kind: str
    target: str
    label: str | None  # "{term:noise|шуму}": the link's text in this sentence's grammatical form
    fragment: str  # the whole "{kind:id}" as written
    occurrence: int  # how many identical fragments precede it in the same text


def references_in(text: str) -> Iterator[Reference]:
    seen: dict[str, int] = {}
    for match in REFERENCE.finditer(text):
        fragment = match.group(0)
        occurrence = seen.get(fragment, 0)
        seen[fragment] = occurrence + 1
        target, bar, label = match.group(2).partition("|")
        yield Reference(match.group(1), target.strip(), label.strip() if bar else None, fragment, occurrence)


def with_article(word: str) -> str:
    """'an item', 'a card': a kind named in a message."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def suggestion(wrong: str, known: list[str], otherwise: str) -> str:
    """The end of an 'unknown X' message: the closest known id, or what to do instead."""
    close = difflib.get_close_matches(wrong, known, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else f"; {otherwise}"
