"""What a Markdown text of the data becomes, read by the Markdown parser the site itself uses.

The patterns of text_safety.py find the usual mistakes and say where they are, but Markdown
has many ways to the same element: a heading behind a list marker, a link definition inside a
quote, an image whose text holds brackets. So a text that holds any character that could start
one of those (most texts hold none) is also rendered alone, with the site's extensions, and the
elements it turned into are read: a heading, an image, a box, a link definition or a link to
anything but a web address is refused, whatever way it was written. Each reference is rendered
as a placeholder link first: one that does not come out as exactly that link (it stood in code
or inside another link, or its text broke the link) is refused too, because on the page it
would show as raw Markdown.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Iterable

from generator.load.characters import invisible_problems, visible
from generator.load.references import REFERENCE

# The site's block and inline syntax (mkdocs.yml's markdown_extensions without the ones that only
# change ids or clean up): what a text can turn into on its page.
EXTENSIONS = ["attr_list", "md_in_html", "admonition", "pymdownx.details", "tables"]
# What could make a text more than paragraphs, emphasis, lists, tables, code, plain links to web
# addresses and references: a '#' or a line of '=' or '-' (headings, also behind list and quote
# markers), an image, a box, a character reference, a backslash escape, and brackets that are
# not a plain link's (a link definition, a reference link, a link inside a link's text). A text
# with none of these, nor a reference inside code, is not rendered: on the project's data, none.
STARTS_A_HEADING = re.compile(r"(?m)^[ \t\u00a0\u3000>*+\-\d.)]*#")
UNDERLINE = re.compile(r"(?m)^[ \t>]*[=-]+[ \t]*$")
CHARACTER_REFERENCE = re.compile(r"&#|&[A-Za-z][A-Za-z0-9]*;")
PLAIN_LINK = re.compile(r"\[[^\[\]\n{}]*\]\(https?://[^\s()<>{}]+\)", re.IGNORECASE)
LINK_SYNTAX = re.compile(r"\]\s*[(\[:]")
CODE = re.compile(r"(`+)(.+?)\1|^[ ]{0,3}(```|~~~)", re.DOTALL | re.MULTILINE)
PLACEHOLDER = "#rulebook-reference-"
SAFE_LINK = re.compile(r"https?://[A-Za-z0-9]", re.IGNORECASE)
BROKEN_ADDRESS = re.compile(r"[\s\"'<>]")  # what an address rendered from a well-formed link never holds
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}

_parsers: list = []  # made on first use: most runs of check render no text at all


def markdown_parser():
    """The site's Markdown parser with its block extensions (made once; reset() before each use)."""
    if not _parsers:
        import markdown

        _parsers.append(markdown.Markdown(extensions=EXTENSIONS))
    return _parsers[0]


def needs_reading(text: str) -> bool:
    """Whether `text` holds something only rendering can tell apart. Each pattern runs only when
    the character it needs is there (most texts hold none of '#', '!', '&', '\\', ']')."""
    if "#" in text and STARTS_A_HEADING.search(text):
        return True
    if ("=" in text or "-" in text) and UNDERLINE.search(text):
        return True
    if "![" in text or "!{" in text or "!!!" in text or "???" in text or "\\" in text:
        return True
    if "&" in text and CHARACTER_REFERENCE.search(text):
        return True
    if "]" in text and LINK_SYNTAX.search(PLAIN_LINK.sub("", text)):
        return True
    return (
        "`" in text
        and "{" in text
        and any(match.group(3) or REFERENCE.search(match.group(2)) for match in CODE.finditer(text))
    )


BOX_MESSAGE = (
    "boxes ('!!! note', '??? note') are not allowed in a text: the page makes its own boxes; write a paragraph instead"
)


def rendered_problems(text: str) -> Iterable[tuple[int, str, str]]:
    """(offset, message, kind) for each element `text` turns into that a text may not hold."""
    placeholders: list[str] = []

    def placeholder(match: re.Match) -> str:
        if match.group(1) == "param":
            return "0"  # a value: text wherever it stands
        placeholders.append(match.group(0))
        label = match.group(2).partition("|")[2].strip() or "reference"
        return f"[{label}]({PLACEHOLDER}{len(placeholders)}-)"

    parser = markdown_parser().reset()
    html = parser.convert(REFERENCE.sub(placeholder, text))
    found = _Elements()
    found.feed(html)
    found.close()
    for label in list(parser.references)[:1]:
        at = _first(text, r"(?i)\[" + re.escape(label) + r"\]:")
        shown = text[at:].split("\n")[0][:40]
        yield (
            at,
            (
                f"'{visible(shown)}' is a link definition in Markdown: the line does not show on the page and "
                f"would change every link named [{label}] on it; write it another way, and a link's address "
                "in the link itself: [text](https://...)"
            ),
            "definition",
        )
    for heading in found.headings[:1]:
        yield (
            _first(text, re.escape(heading[:12]) if heading else "#"),
            (
                f"'{visible(heading[:30])}' becomes a heading on the page (a line starting with '#', or one underlined "
                "with '=' or '-', also inside a list or a quote), which breaks the page's outline; write **bold "
                "text** instead"
            ),
            "heading",
        )
    for source in found.images[:1]:
        if source.startswith(PLACEHOLDER):
            fragment = placeholders[int(source[len(PLACEHOLDER) :].rstrip("-")) - 1]
            yield (
                text.find(fragment) - 1,
                (
                    f"the '!' right before '{visible(fragment[:40])}' makes an image of its "
                    "link; put a space after the '!'"
                ),
                "reference",
            )
        else:
            yield _first(text, r"!\["), "images are not allowed in a text; describe the picture in words", "image"
    if found.boxes:
        yield _first(text, r"!!!|\?\?\?"), BOX_MESSAGE, "box"
    for href in found.hrefs if not parser.references else ():  # a definition's links go with it
        if SAFE_LINK.match(href) and BROKEN_ADDRESS.search(href):
            yield (
                _first(text, re.escape(href[:12])),
                (
                    f"the link to '{BROKEN_ADDRESS.split(href)[0][:40]}' has more after its address than a title in quotes, and "
                    'would come out broken; write [text](https://... "title")'
                ),
                "link",
            )
            break
        if not (href.startswith(PLACEHOLDER) or SAFE_LINK.match(href)):
            yield (
                _first(text, re.escape(href[:12]) if href else r"\]\("),
                (
                    f"link target '{href[:40]}' is not allowed; link to an https:// address, or inside the book with "
                    "a reference like {rule:id}"
                ),
                "link",
            )
            break
    for _, message in invisible_problems(found.text()):  # written as a character reference ('&#x202E;')
        yield _first(text, r"&#|&[A-Za-z]"), message, "invisible"
    for number, fragment in enumerate(placeholders, start=1):
        target = f"{PLACEHOLDER}{number}-"
        if found.images.count(target):
            continue  # said above
        if found.hrefs.count(target) != 1 or html.count(target) != 1 or target in found.nested:
            yield (
                text.find(fragment),
                (
                    f"the reference '{visible(fragment[:40])}' would show as raw Markdown here (it stands in `code` or inside "
                    "another link, or its text after '|' breaks the link); move it out, or write its text plainly"
                ),
                "reference",
            )
            break


def _first(text: str, pattern: str) -> int:
    """Where the construct most likely starts (the parser does not say), else the text's start."""
    match = re.search(pattern, text, re.MULTILINE)
    return match.start() if match else 0


class _Elements(HTMLParser):
    """The elements of a rendered text: headings, images, link targets (and those inside another
    link), boxes, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.headings: list[str] = []
        self.images: list[str] = []
        self.hrefs: list[str] = []
        self.nested: list[str] = []
        self.boxes = False
        self._text: list[str] = []
        self._heading: list[str] | None = None
        self._links = 0

    def text(self) -> str:
        """What the reader sees of it, character references read."""
        return "".join(self._text)

    def handle_data(self, data):
        self._text.append(data)
        if self._heading is not None:
            self._heading.append(data)

    def handle_endtag(self, tag):
        if tag in HEADINGS and self._heading is not None:
            self.headings.append("".join(self._heading).strip())
            self._heading = None
        elif tag == "a":
            self._links = max(0, self._links - 1)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in HEADINGS:
            self._heading = []
        elif tag == "img":
            self.images.append("".join((attributes.get("src") or "").split()))
        elif tag == "a":
            href = "".join((attributes.get("href") or "").split())
            if "href" in attributes:
                self.hrefs.append(href)
                if self._links:
                    self.nested.append(href)
            self._links += 1
        classes = (attributes.get("class") or "").split()
        if tag == "details" or "admonition" in classes:
            self.boxes = True
