"""Text from the data is untrusted: translators and players send corrections.

Two kinds of text, two sets of rules, each refusal with its place and what to write instead:

- **plain text** (names, aliases, titles, questions, source titles and sections, short facts):
  one line; no HTML, no Markdown, no `|` (it splits table cells), no braces (`{ #id }` would
  change a heading's id, and references are not resolved there);
- **Markdown text** (every other text): Markdown *without* raw HTML, attribute lists or
  headings; links only to http(s) addresses (a reference like {rule:id} links inside the book);
  every `{` starts a well-formed reference; code fences closed.

Every text is also refused when it holds an invisible formatting character (a right-to-left
override reverses the words after it) or has no letter of its own language but letters of
another (a Korean sentence in the Japanese field). A Markdown text that could hold more than
paragraphs, lists and tables is rendered alone as well (generator/load/markdown_shape.py), so a
heading or a link written in a way the patterns below do not know is still found.

The renderer escapes every value as well (generator/render/pages.py) and the Markdown
configuration strips what could still run (generator/render/safe_markdown.py): the checks
here are the first of three walls, and the one that tells the contributor what to change.
"""

from __future__ import annotations

import html.entities
import re
import unicodedata
from typing import Iterable

from generator.errors import DataError, Location
from generator.load import lengths, markdown_shape
from generator.load.characters import invisible_problems, language_problems, untranslated_problems, visible
from generator.load.entities import Entity, Game, Project, Text
from generator.load.references import REFERENCE

PLAIN_FIELDS = ("name", "title", "question")  # localized fields shown as headings or names
TABLE_CELL_FIELDS = ("edition-change",)  # Markdown shown inside one cell of a table
PLAIN_STRINGS = ("survivors", "tiles")  # short facts shown in a card's line
PLAIN_HINT = "names, aliases and titles are plain text"
LABEL_HINT = "labels are plain text"
MARKDOWN_HINT = "write Markdown instead (**bold**, *italic*, lists, [text](https://...))"

HTML_START = re.compile(r"<(?!https?://[^\s<>]+>)[A-Za-z/!?]", re.IGNORECASE)  # an autolink is no HTML
ATTRIBUTE_LIST = re.compile(r"\{\s*:|\{\s*[#.][A-Za-z_-]|\{[^{}\n]*\bon[a-z]+\s*=", re.IGNORECASE)
LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]*)")  # a definition ('[1]: ...') is refused whatever its target
SAFE_TARGET = re.compile(r"https?://[A-Za-z0-9]", re.IGNORECASE)
BLOCK_START = re.compile(r"\n[ \t]*(?:[-*+>][ \t]|\d+[.)][ \t]|```|~~~|\n)")
FORM_FORBIDDEN = re.compile(r"[\\`\[\]<\n|]")  # what would end or break the link a word form becomes
FENCE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})", re.MULTILINE)
REFERENCE_START = re.compile(r"\{([A-Za-z][A-Za-z_-]*):")
PLAIN_LINK = re.compile(r"\]\s*[(\[:]")
PLAIN_FORBIDDEN = {
    "|": "'|' splits table cells; remove it or write '/'",
    "{": "braces would change the heading's id ('{ #id }') and references are not resolved here; remove them",
    "}": "braces would change the heading's id ('{ #id }') and references are not resolved here; remove them",
    "<": "HTML is not allowed; remove '<' or write '‹'",
    "*": "Markdown emphasis is not allowed; remove '*'",
    "_": "Markdown emphasis is not allowed; remove '_' or write a space",
    "`": "Markdown code is not allowed; remove '`'",
    "\\": "backslashes are Markdown escapes; remove '\\'",
}


CHARACTER_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def decoded_reference(text: str) -> re.Match | None:
    """The first character reference in `text` that a browser reads as a character (`&lt;`,
    `&#60;`), not as its letters (`AT&T;`)."""
    if "&" not in text:
        return None
    return next(
        (
            m
            for m in CHARACTER_REFERENCE.finditer(text)
            if m.group().startswith("&#") or m.group()[1:] in html.entities.html5
        ),
        None,
    )


NFC_MESSAGE = (
    "is not in composed form (NFC): some letters are a base letter and a separate mark, which looks "
    "the same but is not found by search; retype it, or save the file as NFC"
)
PLAIN_FORBIDDEN_CHAR = re.compile("[" + re.escape("".join(PLAIN_FORBIDDEN)) + "]")


def check_project_text(project: Project, errors: list[DataError]) -> None:
    """Every text a page shows, plain or Markdown, checked where it was written."""
    for source in project.sources.values():
        crumb = f"source '{source.id}'"
        _localized(source.title, f"{crumb} › title", errors, plain=True)
        for section in source.sections or []:
            _plain(section, source.where, crumb + " › sections", errors, "a section heading")
        for field in ("game", "language"):  # shown on the sources page
            value = getattr(source, field, "")
            if isinstance(value, str) and value:
                _plain(value, source.where, f"{crumb} › {field}", errors, f"a source's {field}")
    for game in project.games.values():
        _game(game, errors)
    for key, texts in project.labels.items():
        for lang, text in texts.items():
            node = getattr(text, "node", None)
            if node is not None:
                long = lengths.too_long(text, lengths.TEXT, "the label")
                if long:
                    errors.append(DataError(node.where, f"label '{key}' › {lang}", long))
                    continue
                for offset, message in [*label_problems(text), *language_problems(text, lang)]:
                    errors.append(DataError(_at(node, text, offset), f"label '{key}' › {lang}", message))


def _game(game: Game, errors: list[DataError]) -> None:
    crumb = f"game '{game.id}'"
    _localized(game.name, f"{crumb} › name", errors, plain=True)
    _localized(game.text, f"{crumb} › text", errors, plain=False)
    for page in game.pages:
        _localized(page.title, f"page '{page.id}' › title", errors, plain=True)
        _localized(page.intro, f"page '{page.id}' › intro", errors, plain=False)
        for topic in page.topics:
            _localized(topic.title, f"page '{page.id}' › topic '{topic.id}' › title", errors, plain=True)
    for entity in game.entities.values():
        _entity(entity, errors)
    for example in game.examples:
        for key, value in vars(example).items():
            if isinstance(value, dict) and value and all(isinstance(v, Text) for v in value.values()):
                _localized(value, f"example '{example.id}' › {key}", errors, plain=key in PLAIN_FIELDS)


def _entity(entity: Entity, errors: list[DataError]) -> None:
    crumb = f"{entity.kind} '{entity.id}'"
    _localized(entity.name, f"{crumb} › name", errors, plain=True)
    for lang, names in entity.aliases.items():
        for name in names:
            where = name.node.where if isinstance(name, Text) else entity.where
            _plain(name, where, f"{crumb} › aliases › {lang}", errors, "an alias")
            for _, message in language_problems(name, lang):
                errors.append(DataError(where, f"{crumb} › aliases › {lang}", message))
    for field, localized in entity.localized_fields().items():
        _localized(localized, f"{crumb} › {field}", errors, plain=field in PLAIN_FIELDS)
    for ref in entity.sources:
        if ref.section:
            _plain(ref.section, ref.where, f"{crumb} › sources", errors, "a section heading")
    for field, value in entity.fields.items():
        if field in PLAIN_STRINGS:
            for text in [value] if isinstance(value, str) else value if isinstance(value, list) else []:
                if isinstance(text, str):
                    _plain(
                        text, entity.field_where.get(field, entity.where), f"{crumb} › {field}", errors, f"'{field}'"
                    )


def _localized(values: dict, crumb: str, errors: list[DataError], plain: bool) -> None:
    field = crumb.rsplit(" › ", 1)[-1]
    for lang, text in (values or {}).items():
        node = getattr(text, "node", None)
        if node is None:
            continue  # built by the loader, not written by a contributor
        before = len(errors)
        if len(text) > lengths.VALUE:
            continue  # said where the file was read; nothing more is worth reading in it
        if plain:
            _plain(text, node.where, f"{crumb} › {lang}", errors, "a " + field, node)
        elif len(text) > lengths.TEXT:
            advice = "shorten it, or move part of it into an entry or a section of its own"
            errors.append(
                DataError(
                    node.where, f"{crumb} › {lang}", str(lengths.too_long(text, lengths.TEXT, "the text", advice))
                )
            )
            continue
        else:
            found = list(markdown_problems(text))
            if field in TABLE_CELL_FIELDS:
                found += table_cell_problems(text)
            for offset, message in found:
                errors.append(DataError(_at(node, text, offset), f"{crumb} › {lang}", message))
        found = list(language_problems(text, lang))
        if field != "name" and len(errors) == before:  # a name may stay English: cards print some in
            found += untranslated_problems(text, lang)  # English only; markup is said already
        for offset, message in found:
            errors.append(DataError(_at(node, text, offset), f"{crumb} › {lang}", message))


def _plain(text: str, where: Location, crumb: str, errors: list[DataError], what: str, node=None) -> None:
    if len(text) > lengths.VALUE:
        return  # said where the file was read
    if len(text) > lengths.LINE:
        errors.append(
            DataError(
                where, crumb, str(lengths.too_long(text, lengths.LINE, what, f"{what} is one short line: shorten it"))
            )
        )
        return
    for offset, message in plain_problems(text, what, heading=what in ("a name", "a title", "a question")):
        errors.append(DataError(_at(node, text, offset) if node else where, crumb, message))


def label_problems(text: str) -> Iterable[tuple[int, str]]:
    """An interface label (generator/render/labels.yaml, a game's labels.yaml) is plain text that
    pages show as written: markup would show as its characters."""
    if "<" in text:
        yield (
            text.index("<"),
            (
                f"a label may not contain '<': pages show it as written, so a tag would show "
                f"as its characters; remove it or write '‹' ({LABEL_HINT})"
            ),
        )
    reference = decoded_reference(text)
    if reference:
        yield (
            reference.start(),
            (
                f"a label may not contain a character reference ('{reference.group()}'): pages "
                f"show it as written; write the character itself ({LABEL_HINT})"
            ),
        )
    yield from invisible_problems(text)


def table_cell_problems(text: str) -> Iterable[tuple[int, str]]:
    """A Markdown text shown in one table cell (an edition change): one paragraph, no '|'."""
    bare = REFERENCE.sub(lambda m: "x" * len(m.group()), text.strip())  # a reference's '|' is its own
    lead = len(text) - len(text.lstrip())
    block = BLOCK_START.search(bare)
    if block:
        yield (
            lead + block.start() + 1,
            (
                "this text is shown in one cell of the editions table: write it as one "
                "paragraph, without lists, quotes, code blocks or blank lines"
            ),
        )
    if "|" in bare:
        yield lead + bare.index("|"), "'|' would split the editions table's cell; write '/' or a word instead"


def _at(node, text: str, offset: int) -> Location:
    """The file position of a character of a scalar: exact for plain and quoted one-liners and
    for block texts, else the scalar's start."""
    fragment = text[offset : offset + 12].split("\n")[0]
    if not fragment:
        return node.where
    occurrence = text.count(fragment, 0, offset)
    return node.location_of(fragment, occurrence)


def plain_problems(text: str, what: str, heading: bool = True) -> Iterable[tuple[int, str]]:
    """(offset, message) for each reason `text` is not plain one-line text; at most one per kind."""
    if "\n" in text.strip("\n") or "\r" in text:
        yield text.find("\n"), f"{what} is one line: remove the line break ({PLAIN_HINT})"
    link = PLAIN_LINK.search(text)
    if link:
        yield link.start(), f"{what} may not contain a Markdown link ('{link.group()}'); remove it ({PLAIN_HINT})"
    if heading and text.lstrip().startswith("#"):
        yield text.find("#"), f"{what} may not start with '#' (Markdown heading); remove it ({PLAIN_HINT})"
    if text.strip("\n") != text.strip():
        yield (
            (0 if text[:1].isspace() else len(text.rstrip())),
            (f"{what} starts or ends with a space; remove it (search and the list of names would keep it)"),
        )
    if not text.isascii() and unicodedata.normalize("NFC", text) != text:
        yield 0, f"{what} {NFC_MESSAGE}"
    reference = decoded_reference(text)
    if reference:
        yield (
            reference.start(),
            (
                f"{what} may not contain a character reference ('{reference.group()}'): the "
                f"navigation and the window title would show it decoded; write the character "
                f"itself ({PLAIN_HINT})"
            ),
        )
    yield from invisible_problems(text)
    reported = set()
    for match in PLAIN_FORBIDDEN_CHAR.finditer(text):
        char = match.group()
        message = PLAIN_FORBIDDEN[char]
        if message not in reported:
            reported.add(message)
            yield match.start(), f"{what} may not contain '{char}': {message} ({PLAIN_HINT})"


def markdown_problems(text: str) -> Iterable[tuple[int, str]]:
    """(offset, message) for each construct in a Markdown text that could break or take over a page:
    first what the patterns below find, then what the text turns into when rendered alone (each
    kind of problem said once)."""
    found = list(_pattern_problems(text.strip()))
    found += [(offset, message, "invisible") for offset, message in invisible_problems(text.strip())]
    if not text.isascii() and unicodedata.normalize("NFC", text) != text:
        found.append((0, f"the text {NFC_MESSAGE}", "nfc"))
    lead = len(text) - len(text.lstrip())  # the page renders the text stripped (render/pages.py)
    yield from ((lead + offset, message) for offset, message, _ in found)
    said = {kind for _, _, kind in found}
    if markdown_shape.needs_reading(text) and "html" not in said:  # raw HTML said, the rest would be noise
        for offset, message, kind in markdown_shape.rendered_problems(text.strip()):
            if kind not in said:
                said.add(kind)
                yield lead + offset, message


def _pattern_problems(text: str) -> Iterable[tuple[int, str, str]]:
    """(offset, message, kind) for each construct the patterns find."""
    for offset, message in _html_and_links(text):
        yield offset, message, "link" if "link target" in message else "html"
    fences = FENCE.findall(text) if "```" in text or "~~~" in text else []
    if len(fences) % 2:
        yield (
            text.find(fences[-1]),
            "a code block ('```') is opened and never closed; close it with a line of ```",
            "fence",
        )
    for offset, message in _brace_problems(text):
        yield offset, message, "reference"


def _html_and_links(text: str) -> Iterable[tuple[int, str]]:
    match = HTML_START.search(text) if "<" in text else None  # the `in` tests keep check fast
    if match:
        tag = re.match(r"<[/!?]?[A-Za-z0-9-]*", text[match.start() :]).group()
        yield (
            match.start(),
            (
                f"raw HTML ('{tag}') is not allowed in a text; {MARKDOWN_HINT}; "
                "to show a '<' itself, put a space after it"
            ),
        )
    match = ATTRIBUTE_LIST.search(text) if "{" in text else None
    if match:
        yield (
            match.start(),
            (
                "attribute lists ('{: ...}', '{ #id }', '{ .class }') are not allowed in a text; "
                "remove the braces and what is inside them"
            ),
        )
    for match in LINK_TARGET.finditer(text) if "]" in text else ():
        if not SAFE_TARGET.match(match.group(1)):
            rest = text[match.start(1) :]
            shown = rest.split()[0] if rest.strip() else ""
            shown = shown[:-1] if shown.endswith(")") and shown.count(")") > shown.count("(") else shown
            yield (
                match.start(),
                (
                    f"link target '{shown[:40]}' is not allowed; link to an https:// address, "
                    "or inside the book with a reference like {rule:id}"
                ),
            )


def _brace_problems(text: str) -> Iterable[tuple[int, str]]:
    """Every '{' must start a whole reference: `{kind:id}` or `{kind:id|text}`."""
    pos = text.find("{")
    while pos >= 0:
        whole = REFERENCE.match(text, pos)
        if whole:
            form = whole.group(2).partition("|")[2]
            bad = FORM_FORBIDDEN.search(form)
            if bad:
                shown = "a line break" if bad.group() == "\n" else f"'{bad.group()}'"
                yield (
                    pos,
                    (
                        f"the text after '|' in '{visible(whole.group()[:40])}' is the link's words and holds {shown}, "
                        "which would break the link; write the word form alone"
                    ),
                )
            pos = text.find("{", whole.end())
            continue
        start = REFERENCE_START.match(text, pos)
        rest = text[pos + 1 :]
        close, inner_open = rest.find("}"), rest.find("{")
        if start and 0 <= inner_open < close:
            yield (
                pos,
                (
                    f"a reference cannot contain another ('{text[pos : pos + 30].split(chr(10))[0]}'); "
                    f"write {{{start.group(1)}:id}} with a plain id"
                ),
            )
            pos = text.find("{", pos + 1 + close + 1) if close >= 0 else -1
            continue
        if start:
            shown = text[pos : pos + 30].split("\n")[0]
            yield pos, f"the reference '{shown}' is not closed; end it with '}}'"
        elif not ATTRIBUTE_LIST.match(text, pos):  # those have their own message
            yield (
                pos,
                (
                    "a '{' that starts no reference; references look like {term:id} or {param:id}: "
                    "remove the brace or complete the reference"
                ),
            )
        pos = text.find("{", pos + 1)
