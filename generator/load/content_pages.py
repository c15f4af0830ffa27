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

Each refusal names the file, line and column, and what to write instead.
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterable

from generator.errors import DataError, Location
from generator.languages import LANGUAGES, language
from generator.load import lengths
from generator.load.characters import invisible_problems
from generator.load.files import display
from generator.load.markdown_shape import CHARACTER_REFERENCE, markdown_parser
from generator.load.text_safety import ATTRIBUTE_LIST, HTML_START, LINK_TARGET
from generator.load.yamlpos import LINE_BREAK_BYTES

CONTENT_FOLDER = "content"
PAGE_SUFFIX = ".md"
HOME_PAGE = "index.md"
FRONT_MATTER = re.compile(r"\A---[ \t]*\n(?:.*\n)*?(?:---|\.\.\.)[ \t]*(?:\n|\Z)")
HEADING_ID = re.compile(r"\{[ \t]*#[A-Za-z][A-Za-z0-9_-]*[ \t]*\}[ \t]*$")  # ends a '#' heading line
SCHEME = re.compile(r"^[ \t]*[A-Za-z][A-Za-z0-9+.\-]*:|^[ \t]*//")
WEB_ADDRESS = re.compile(r"https?://[A-Za-z0-9]", re.IGNORECASE)
LAYOUT_HINT = (
    f"content/ holds the hand-written Markdown pages of each language folder "
    f"({', '.join(LANGUAGES)}), as <name>{PAGE_SUFFIX}"
)


def check_content_pages(content: Path, project_root: Path, errors: list[DataError]) -> None:
    """Every file under `content` (when the folder exists), each problem with its place."""
    if not content.is_dir() or content.is_symlink():
        return
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
            else:
                _check_page(path, display(path, project_root), errors)


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
    return None


def _refuse(errors: list[DataError], path: Path, project_root: Path, problem: str) -> None:
    errors.append(DataError(Location(display(path, project_root), 1, 1), "", f"'{path.name}' {problem}"))


def _check_page(path: Path, shown: str, errors: list[DataError]) -> None:
    large = lengths.file_too_large(path.stat().st_size, "a page")
    if large:
        errors.append(DataError(Location(shown, 1, 1), "", large))
        return
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        breaks = list(LINE_BREAK_BYTES.finditer(raw, 0, error.start))
        line = len(breaks) + 1
        column = error.start - (breaks[-1].end() if breaks else 0) + 1
        errors.append(DataError(Location(shown, line, column), "", "the page is not UTF-8 text; save it as UTF-8"))
        return
    # Markdown reads a CR alone (old Mac files) or CRLF as the end of a line: so do the positions.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    long = lengths.too_long(
        text, lengths.PAGE, "the page", "shorten it, or split it into pages that link to each other"
    )
    if long:
        errors.append(DataError(Location(shown, 1, 1), "", long))
        return
    for offset, message in page_problems(text):
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        errors.append(DataError(Location(shown, line, column), "", message))


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
