"""The hand-written pages under content/ are checked like the data: contributors edit them too.

MkDocs publishes every file of its docs folder as it is, and Material prints a page's front
matter title and its first heading into the navigation and the window title without escaping.
So content/ holds Markdown pages only, each checked before anything is built:

- the folder holds `<language>/<path>.md` files and folders, nothing else: no symbolic link (it
  would publish whatever file it points to), no script, style, image or HTML file (they would be
  published as they are, or take the place of the site's own assets);
- a page is UTF-8 text without invisible formatting characters and without front matter (its
  title is its first heading; a template or a title there would reach every page's navigation);
- its Markdown holds no raw HTML, no character references (`&lt;` in a heading is decoded
  again in the window title), no attribute list but a heading's `{ #id }`, no image, and links
  only to https:// addresses, to other pages by their relative `.md` path, or to `#anchors`.

Each page is also one of a set: the same page in each language, which the language menu switches
between, keeping the reader's section. So every heading has an id of its own (`## Games { #games }`),
once in its page and the same in every language's copy of the page, and every link to another
page or a section leads to one that exists (the build would only warn, without a line).

Each refusal names the file, line and column, and what to write instead.
"""

from __future__ import annotations

import os
import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterable
from urllib.parse import unquote

from generator.errors import DataError, Location
from generator.languages import LANGUAGES, language
from generator.load import lengths
from generator.load.characters import invisible_problems
from generator.load.files import display
from generator.load.markdown_shape import CHARACTER_REFERENCE, markdown_parser
from generator.load.page_shape import INTERFACE_IDS, INTERFACE_PREFIX
from generator.load.text_safety import ATTRIBUTE_LIST, HTML_START, LINK_TARGET
from generator.load.yamlpos import LINE_BREAK_BYTES

CONTENT_FOLDER = "content"
PAGE_SUFFIX = ".md"
HOME_PAGE = "index.md"
FRONT_MATTER = re.compile(r"\A---[ \t]*\n(?:.*\n)*?(?:---|\.\.\.)[ \t]*(?:\n|\Z)")
HEADING_ID = re.compile(r"\{[ \t]*#[A-Za-z][A-Za-z0-9_-]*[ \t]*\}[ \t]*$")  # ends a '#' heading line
PAGE_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")  # a page's name and its folders' are parts of its address
ATX_HEADING = re.compile(r"^(#{1,6}).*$", re.MULTILINE)  # as Python-Markdown reads it: no space needed
SETEXT_HEADING = re.compile(r"^([^\n]*\S[^\n]*)\n(?:=+|-+)[ \t]*$", re.MULTILINE)  # text, then a line of = or -
LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)", re.MULTILINE)
FENCED_BLOCK = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n(?:.*\n)*?(?: {0,3}\1[`~]*[ \t]*(?:\n|\Z)|\Z)", re.MULTILINE)
IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)?")
CODE_SPAN = re.compile(r"(`+)[^`].*?\1", re.DOTALL)
SCHEME = re.compile(r"^[ \t]*[A-Za-z][A-Za-z0-9+.\-]*:|^[ \t]*//")
WEB_ADDRESS = re.compile(r"https?://[A-Za-z0-9]", re.IGNORECASE)
LAYOUT_HINT = (
    f"content/ holds the hand-written Markdown pages of each language folder "
    f"({', '.join(LANGUAGES)}), as <name>{PAGE_SUFFIX}"
)


def check_content_pages(content: Path, project_root: Path, errors: list[DataError]) -> dict[str, Outline]:
    """Every file under `content` (when the folder exists), each problem with its place; the
    outline of each page that could be read, by its path under `content` (for check_content_links)."""
    outlines: dict[str, Outline] = {}
    if not content.is_dir() or content.is_symlink():
        return outlines
    for lang in LANGUAGES:  # the language's home: MkDocs finds no site without it
        home = content / lang / HOME_PAGE
        if not home.is_file() and not home.is_symlink():
            errors.append(
                DataError(
                    Location(display(home, project_root), 1, 1),
                    "",
                    f"the {lang} home page is missing; write it (its first heading is the title "
                    f"of the site in that language)",
                    gap=lang if language(lang).draft else "",  # a draft's home is a text still to write
                )
            )
    for folder, subfolders, names in os.walk(content):
        here = Path(folder)
        for name in sorted(subfolders):
            path = here / name
            if path.is_symlink():
                _refuse(
                    errors,
                    path,
                    project_root,
                    "is a link to a folder; the pages it leads to would be "
                    "published from elsewhere: move them here instead",
                )
            elif here != content and not PAGE_NAME.match(name):
                _refuse(
                    errors,
                    path,
                    project_root,
                    "has a name that cannot be part of a page's address: name the folder in ASCII kebab-case "
                    "(lower-case letters, digits, single hyphens)",
                )
            elif here == content and name not in LANGUAGES:
                _refuse(
                    errors,
                    path,
                    project_root,
                    f"is no language folder; {LAYOUT_HINT}: move its pages into one of them, or remove it",
                )
        subfolders[:] = sorted(
            n for n in subfolders if not (here / n).is_symlink() and not (here == content and n not in LANGUAGES)
        )
        for name in sorted(names):
            if name.startswith("."):
                continue  # a .gitkeep or an editor's swap file is never published as a page
            path = here / name
            problem = _file_problem(path, here == content)
            if problem:
                _refuse(errors, path, project_root, problem)
                continue
            before = len(errors)
            outline = _check_page(path, display(path, project_root), errors)
            if outline is not None:
                outlines[path.relative_to(content).as_posix()] = outline
                outline.clean = _check_headings(outline, errors) and len(errors) == before
    # A page with mistakes of its own is compared with its other languages once they are fixed:
    # until then, what it lacks or has too many of is the mistake's doing.
    _check_counterparts({rel: outline for rel, outline in outlines.items() if outline.clean}, errors)
    return outlines


def check_content_links(
    outlines: dict[str, Outline], generated: frozenset[str], unsure: set[str] = set()
) -> list[DataError]:
    """Each link of a hand-written page to a page of the site leads to one (`generated`: the paths of
    the pages the data makes, `uk/<game>/skills.md`), and each link to a section of a
    hand-written page to one of its headings. Links into the games of `unsure` (which did not load
    whole: their errors say why) are not judged."""
    errors: list[DataError] = []
    for rel, outline in outlines.items():
        _check_links(rel, outline, outlines, generated, unsure, errors)
    return errors


def _file_problem(path: Path, at_top: bool) -> str | None:
    if path.is_symlink():
        return "is a symbolic link, which would publish the file it points to; put the page itself here"
    if not path.is_file():
        return "is not a regular file (a pipe or a device); remove it"
    if path.suffix != PAGE_SUFFIX:
        return (
            f"is not a Markdown page; {LAYOUT_HINT} (images, scripts and other files are not published "
            f"from here): remove it"
        )
    if at_top:
        return f"stands outside the language folders; {LAYOUT_HINT}: move it into one of them"
    if not PAGE_NAME.match(path.stem):
        return (
            "has a name that cannot be the page's address: name it in ASCII kebab-case (lower-case "
            f"letters, digits, single hyphens), such as how-to-play{PAGE_SUFFIX}"
        )
    return None


def _refuse(errors: list[DataError], path: Path, project_root: Path, problem: str) -> None:
    errors.append(DataError(Location(display(path, project_root), 1, 1), "", f"'{path.name}' {problem}"))


def _check_page(path: Path, shown: str, errors: list[DataError]) -> Outline | None:
    """The page's problems into `errors`; its headings and links, when it could be read."""
    large = lengths.file_too_large(path.stat().st_size, "a page")
    if large:
        errors.append(DataError(Location(shown, 1, 1), "", large))
        return None
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        breaks = list(LINE_BREAK_BYTES.finditer(raw, 0, error.start))
        line = len(breaks) + 1
        column = error.start - (breaks[-1].end() if breaks else 0) + 1
        errors.append(DataError(Location(shown, line, column), "", "the page is not UTF-8 text; save it as UTF-8"))
        return None
    # Markdown reads a CR alone (old Mac files) or CRLF as the end of a line: so do the positions.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    long = lengths.too_long(
        text, lengths.PAGE, "the page", "shorten it, or split it into pages that link to each other"
    )
    if long:
        errors.append(DataError(Location(shown, 1, 1), "", long))
        return None
    for offset, message in page_problems(text):
        errors.append(DataError(_location(shown, text, offset), "", message))
    return outline(text, shown)


def _location(shown: str, text: str, offset: int) -> Location:
    line = text.count("\n", 0, offset) + 1
    return Location(shown, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


@dataclass
class Outline:
    """A page's headings, as (id or None, where), and its links, as (target, where)."""

    shown: str
    headings: list[tuple[str | None, Location]] = field(default_factory=list)
    links: list[tuple[str, Location]] = field(default_factory=list)
    clean: bool = True  # nothing else wrong in the page

    def ids(self) -> set[str]:
        return {heading for heading, _ in self.headings if heading}


def outline(text: str, shown: str) -> Outline:
    """The headings ('#' lines; a '===' or '---' line under text) and the links of a page, outside code."""
    found = Outline(shown)
    front = FRONT_MATTER.match(text)  # refused; its lines are no part of the page's Markdown
    prose = _without_code(" " * front.end() + text[front.end() :] if front else text)
    for match in ATX_HEADING.finditer(prose):
        own = HEADING_ID.search(match.group())
        heading = own.group().strip()[1:-1].strip()[1:] if own else None
        found.headings.append((heading, _location(shown, text, match.start(1))))
    for match in SETEXT_HEADING.finditer(prose):
        if not ATX_HEADING.match(match.group(1)):
            found.headings.append((None, _location(shown, text, match.start(1))))
    prose = IMAGE.sub(lambda match: " " * len(match.group()), prose)  # refused as images already
    for pattern in (LINK_TARGET, LINK_DEFINITION):
        for match in pattern.finditer(prose):
            target = match.group(1).strip()
            if target and not SCHEME.match(target):
                found.links.append((target, _location(shown, text, match.start(1))))
    found.headings.sort(key=lambda heading: heading[1])
    found.links.sort(key=lambda link: link[1])
    return found


def _without_code(text: str) -> str:
    """`text` with fenced blocks and code spans blanked (same length, same lines)."""

    def blank(match: re.Match) -> str:
        return re.sub(r"[^\n]", " ", match.group())

    return CODE_SPAN.sub(blank, FENCED_BLOCK.sub(blank, text))


def _check_headings(page: Outline, errors: list[DataError]) -> bool:
    """Each heading has an id, once in the page, none of the interface's. True when all do."""
    before = len(errors)
    first: dict[str, Location] = {}
    for heading, where in page.headings:
        if heading is None:
            errors.append(
                DataError(
                    where,
                    "",
                    "give this heading an id, the same in every language, at the end of a '#' line "
                    "('## Title { #id }'): the language menu keeps the reader's section by it",
                )
            )
        elif heading in first:
            errors.append(
                DataError(
                    where,
                    "",
                    f"the id '{heading}' is already the id of the heading at line {first[heading].line}: links and "
                    "the language menu would land on the first; give this heading another id",
                )
            )
        elif heading in INTERFACE_IDS or heading.startswith(INTERFACE_PREFIX):
            errors.append(
                DataError(
                    where,
                    "",
                    f"the id '{heading}' belongs to the site's own interface (ids '{INTERFACE_PREFIX}…', "
                    f"{', '.join(INTERFACE_IDS)}); give this heading another id",
                )
            )
        else:
            first[heading] = where
    return len(errors) == before


def _check_counterparts(outlines: dict[str, Outline], errors: list[DataError]) -> None:
    """A page's copy in each language has the sections of the first language's copy, by id: the
    language menu keeps the reader's section. Each copy is compared with the first language's."""
    copies: dict[str, dict[str, Outline]] = {}
    for rel, outline in outlines.items():
        lang, _, path = rel.partition("/")
        copies.setdefault(path, {})[lang] = outline
    for by_language in copies.values():
        ordered = [(lang, by_language[lang]) for lang in LANGUAGES if lang in by_language]
        if len(ordered) < 2:
            continue
        _, reference = ordered[0]
        wanted = reference.ids()
        listed = ", ".join(sorted(wanted)) or "none"
        for lang, copy in ordered[1:]:
            gap = lang if language(lang).draft else ""
            own = copy.ids()
            extra = [(heading, where) for heading, where in copy.headings if heading and heading not in wanted]
            for heading, where in extra:
                errors.append(
                    DataError(
                        where,
                        "",
                        f"no heading of {reference.shown} has the id '{heading}': the language menu would lose the "
                        f"reader's section here; give each section the id it has there ({listed})",
                        gap=gap,
                    )
                )
            missing = sorted(wanted - own)
            if missing and not extra:
                errors.append(
                    DataError(
                        Location(copy.shown, 1, 1),
                        "",
                        f"the page has no heading with the id {', '.join(repr(m) for m in missing)}, which "
                        f"{reference.shown} has: the language menu would lose the reader's section there; "
                        "write the section here too, with the same id",
                        gap=gap,
                    )
                )


def _check_links(
    rel: str,
    page: Outline,
    outlines: dict[str, Outline],
    generated: frozenset[str],
    unsure: set[str],
    errors: list[DataError],
) -> None:
    """Each link to a page of the site leads to one, and each link to a section to a heading there."""
    for target, where in page.links:
        address, _, section = target.partition("#")
        if not address:
            destination: str | None = rel
        elif not address.endswith(PAGE_SUFFIX):
            errors.append(
                DataError(
                    where,
                    "",
                    f"link to another page by the path of its Markdown file ('{address[:40]}' is none), such as "
                    f"../other-page{PAGE_SUFFIX} or <game>/{HOME_PAGE}",
                )
            )
            continue
        else:
            destination = posixpath.normpath(posixpath.join(posixpath.dirname(rel), unquote(address)))
            if destination.split("/")[1:2] and destination.split("/")[1] in unsure:
                continue
            if destination not in outlines and destination not in generated:
                errors.append(
                    DataError(
                        where,
                        "",
                        f"the link leads to '{address[:60]}', and the site has no such page "
                        f"({CONTENT_FOLDER}/{destination[:60]} is neither written here nor made from rules_data/); "
                        "correct the path",
                    )
                )
                continue
        page_there = outlines.get(destination or "")
        if section and page_there is not None and unquote(section) not in page_there.ids():
            errors.append(
                DataError(
                    where,
                    "",
                    f"the link leads to the section '#{section[:40]}', and no heading of {page_there.shown} has that "
                    "id; link to one of its headings' ids",
                )
            )


def page_problems(text: str) -> Iterable[tuple[int, str]]:
    """(offset, message) for each thing a hand-written page may not hold, each kind said once."""
    front = FRONT_MATTER.match(text)
    if front:
        yield (
            0,
            (
                "a content page takes no front matter (the lines between '---' at its top): its title is "
                "its first heading; remove them"
            ),
        )
    for offset, message in invisible_problems(text):
        yield offset, message
        break
    if "\0" in text:
        yield text.index("\0"), "the page holds a NUL character; remove it"
    body = text[front.end() :] if front else text
    lead = front.end() if front else 0
    said: set[str] = set()
    for offset, kind, message in _patterns(body):
        if kind not in said:
            said.add(kind)
            yield lead + offset, message
    if "html" not in said and _needs_reading(body):  # what the Markdown becomes, however it was written
        for offset, kind, message in _rendered(body):
            if kind not in said:
                said.add(kind)
                yield lead + offset, message


def _patterns(body: str) -> Iterable[tuple[int, str, str]]:
    match = HTML_START.search(body)
    if match:
        yield (
            match.start(),
            "html",
            (
                f"raw HTML ('{body[match.start() : match.start() + 12].split()[0]}') is not "
                f"allowed in a page; write Markdown instead, and to show a '<' itself, put "
                f"a space after it"
            ),
        )
    match = CHARACTER_REFERENCE.search(body)
    if match:
        yield (
            match.start(),
            "reference",
            (
                f"'{match.group()}' is a character reference; write the character "
                f"itself (a '<' followed by a space shows as it is)"
            ),
        )
    for match in LINK_TARGET.finditer(body):
        if SCHEME.match(match.group(1)) and not WEB_ADDRESS.match(match.group(1)):
            shown = body[match.start(1) :].split()[0]
            shown = shown[:-1] if shown.endswith(")") and shown.count(")") > shown.count("(") else shown
            yield match.start(1), "link", _link_message(shown)
            break
    for match in ATTRIBUTE_LIST.finditer(body):
        line_start = body.rfind("\n", 0, match.start()) + 1
        line_end = body.find("\n", match.start())
        line = body[line_start : len(body) if line_end < 0 else line_end]
        own = HEADING_ID.search(line)
        if line.lstrip().startswith("#") and own and line_start + own.start() == match.start():
            continue  # a heading's own id: `## Games { #games }`
        yield (
            match.start(),
            "attributes",
            (
                "attribute lists are not allowed in a page, but for a heading's id "
                "at the end of its line ('## Title { #id }'); remove the braces"
            ),
        )


def _needs_reading(body: str) -> bool:
    """Whether the page holds what only rendering tells apart (a link definition or a reference
    link, an image, an escape): plain inline links and headings the patterns above judge. Loading
    the Markdown parser costs a fifth of check's time, and the project's pages need none of it."""
    return any(mark in body for mark in ("]:", "][", "![", "\\", "<", "&"))


def _rendered(body: str) -> Iterable[tuple[int, str, str]]:
    html = markdown_parser().reset().convert(body)
    found = _Links()
    found.feed(html)
    found.close()
    if found.images:
        yield _first(body, r"!\["), "image", "images are not published from content/; describe the picture in words"
    for href in found.hrefs:
        if SCHEME.match(href) and not WEB_ADDRESS.match(href.strip()):
            yield _first(body, re.escape(href[:12])), "link", _link_message(href)
            break
    if found.attributes:
        name = found.attributes[0]
        yield (
            _first(body, re.escape(name)),
            "attributes",
            (f"the page gives an element the attribute '{name}'; remove it"),
        )


def _link_message(target: str) -> str:
    return (
        f"link target '{target.strip()[:40]}' is not allowed; link to an https:// address, to another page by "
        f"its path (../other-page.md) or to a section (#games)"
    )


def _first(text: str, pattern: str) -> int:
    match = re.search(pattern, text)
    return match.start() if match else 0


class _Links(HTMLParser):
    """The links, images and unusual attributes of a rendered page."""

    ALLOWED = {"href", "id", "title", "class", "align", "open"}  # what Markdown and its boxes write

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []
        self.images: list[str] = []
        self.attributes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "href":
                self.hrefs.append(value or "")
            elif name not in self.ALLOWED and not (tag == "img" and name in ("src", "alt")):
                self.attributes.append(name)
        if tag == "img":
            self.images.append(dict(attrs).get("src") or "")
