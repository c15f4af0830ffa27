"""How values enter a page's Markdown: a plain value shows exactly as written; Markdown the
renderer made from checked data (a resolved text, a link) is marked as such.

Templates escape by default (`text` is their finalize): the data is untrusted, and a name
holding "[x](y)" or "&lt;b&gt;" must show those characters, not make a link or a tag.
"""

from __future__ import annotations

import re

from markupsafe import Markup

TAG_START = re.compile(r"<(?!https?://[^\s<>]+>)", re.IGNORECASE)  # every '<' but an autolink's
# What would make Markdown of a plain value: a tag, a link's brackets, an escape, code, an '&' (it
# could start a character reference, with or without its ';'), a '#' that starts it (a heading,
# even inside a list item) and the '#'s that end it (a heading drops them), and a list or quote
# marker that starts it (a narration line starts with a name). A '#' inside stays, as in an
# address's "page.md#section"; a template's own "#" * n is all '#' and stays a heading. '*', '_',
# '|' and '{' are refused in names by check.
PLAIN_MARKUP = re.compile(r"[\[\]\\`<&]|^#|#+$|^[-+*>](?=\s)|^\d+[.)](?=\s)")
HEADING_MARKS = re.compile(r"#+")
PLAIN_ENTITY = {
    "[": "&#91;",
    "]": "&#93;",
    "\\": "&#92;",
    "`": "&#96;",
    "<": "&lt;",
    "&": "&amp;",
    "#": "&#35;",
    "-": "&#45;",
    "+": "&#43;",
    "*": "&#42;",
    ">": "&gt;",
    ".": "&#46;",
    ")": "&#41;",
}


# Every character PLAIN_MARKUP may match anywhere, and what may start one of its matches at the
# start: a value with none of them (nearly every one a page shows) is left as it is without the
# pattern's alternatives being tried at each of its characters.
MARKUP_CHARS = re.compile(r"[\[\]\\`<&#]")
MARKUP_STARTS = frozenset("-+*>")


def text(value):
    """A plain value as Markdown that shows exactly that text, as written: no tag, link, code,
    escape or character reference can start in it ("&lt;b&gt;" in a name shows as written)."""
    if value is None or hasattr(value, "__html__"):
        return value
    said = str(value)
    quiet = not MARKUP_CHARS.search(said) and said[:1] not in MARKUP_STARTS and not said[:1].isdigit()
    if quiet or HEADING_MARKS.fullmatch(said):
        return Markup(said)
    return Markup(PLAIN_MARKUP.sub(_entities, said))


def _entities(match: re.Match) -> str:
    found = match.group()
    if found[0].isdigit():  # "1." starting a value: the number stays, its '.' is written as a reference
        return found[:-1] + PLAIN_ENTITY[found[-1]]
    return "".join(PLAIN_ENTITY[char] for char in found)


def as_markdown(value: str) -> Markup:
    """Markdown built by the renderer from checked data; its plain parts were escaped as built."""
    if hasattr(value, "__html__"):
        return Markup(value)
    return Markup(TAG_START.sub("&lt;", str(value)))
