"""The last wall between data and the reader's browser: a Python-Markdown extension.

`check` refuses raw HTML, attribute lists and unsafe links in the data
(generator/load/text_safety.py) and the templates escape every value
(generator/render/pages.py); if something still slipped through, this extension takes away
what could run in a page:

- after `attr_list`: every `on*` and `style` attribute, and every link or source whose
  address has a scheme other than http(s), mailto or tel (javascript:, data:, vbscript:, ...);
- after raw HTML is put back: `<script>`, `<iframe>`, `<style>` and the other elements that
  run code or load a document are shown as text, and the same attributes are dropped.

Our templates use none of these, so on valid data the output does not change.
Enabled in mkdocs.yml as `generator.render.safe_markdown`.
"""

from __future__ import annotations

import logging
import re
from html import escape
from html.parser import HTMLParser

from markdown import Extension
from markdown.postprocessors import Postprocessor
from markdown.treeprocessors import Treeprocessor

log = logging.getLogger("mkdocs.plugins.rulebook")

ACTIVE_ELEMENTS = frozenset(
    (
        "script",
        "iframe",
        "frame",
        "frameset",
        "object",
        "embed",
        "applet",
        "style",
        "link",
        "meta",
        "base",
        "form",
        "input",
        "button",
        "textarea",
        "select",
        "template",
        "portal",
        "noscript",
        "math",
    )
)
URL_ATTRIBUTES = frozenset(
    (
        "href",
        "src",
        "action",
        "formaction",
        "xlink:href",
        "data",
        "poster",
        "background",
        "srcset",
        "ping",
        "cite",
        "longdesc",
        "dynsrc",
        "lowsrc",
    )
)
SAFE_SCHEMES = frozenset(("http", "https", "mailto", "tel"))
SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
INVISIBLE = re.compile(r"[\x00-\x20\x7f-\x9f\u200b-\u200f\u2028\u2029\ufeff]")


def dangerous_attribute(name: str, value: str | None) -> bool:
    """An attribute that runs code or loads something other than a web address."""
    name = name.lower()
    if name.startswith("on") or name in ("style", "srcdoc"):
        return True
    if name in URL_ATTRIBUTES and value is not None:
        match = SCHEME.match(INVISIBLE.sub("", value))  # browsers ignore these inside a scheme
        return bool(match) and match.group(1).lower() not in SAFE_SCHEMES
    return False


class _AttributeCleaner(Treeprocessor):
    def run(self, root):
        for element in root.iter():
            for name, value in list(element.attrib.items()):
                if dangerous_attribute(name, value):
                    log.warning("safe_markdown: removed %s=%r from <%s>", name, value[:60], element.tag)
                    del element.attrib[name]
            if (
                (element.tag, "href") in _ADDRESSED
                and "href" not in element.attrib
                or (element.tag, "src") in _ADDRESSED
                and "src" not in element.attrib
            ):
                element.tag = "span"  # its text stays; MkDocs requires an address on every link and image
                element.text = element.attrib.pop("alt", None) or element.text
        return None


_ADDRESSED = {("a", "href"), ("img", "src")}


class _HtmlCleaner(HTMLParser):
    """Rewrites the finished HTML, changing only the tags that could run or load something."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.inert_depth = 0  # inside an element shown as text (its content is text too)

    def handle_starttag(self, tag, attrs):
        self._tag(tag, attrs, self.get_starttag_text())

    def handle_startendtag(self, tag, attrs):
        self._tag(tag, attrs, self.get_starttag_text())

    def _tag(self, tag, attrs, raw):
        if tag in ACTIVE_ELEMENTS:
            log.warning("safe_markdown: showed <%s> as text", tag)
            self.out.append(escape(raw))
            return
        kept = [(n, v) for n, v in attrs if not dangerous_attribute(n, v)]
        if len(kept) == len(attrs):
            self.out.append(raw)
            return
        log.warning("safe_markdown: removed attributes from <%s>", tag)
        closing = "/>" if raw.rstrip().endswith("/>") else ">"
        text = "".join(f' {n}="{escape(v, quote=True)}"' if v is not None else f" {n}" for n, v in kept)
        self.out.append(f"<{tag}{text}{closing}")

    def handle_endtag(self, tag):
        raw = f"</{tag}>"
        self.out.append(escape(raw) if tag in ACTIVE_ELEMENTS else raw)

    def handle_data(self, data):
        # The content of <script>/<style> arrives here unescaped; once its tag is text, so is it.
        self.out.append(escape(data, quote=False) if self.cdata_elem else data)

    def handle_entityref(self, name):
        self.out.append(f"&{name};")

    def handle_charref(self, name):
        self.out.append(f"&#{name};")

    def handle_comment(self, data):
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.out.append(f"<!{decl}>")

    def handle_pi(self, data):
        self.out.append(f"<?{data}>")

    def unknown_decl(self, data):
        self.out.append(f"<![{data}]>")


# What the cleaner could change, found without parsing: an active element's tag, an attribute
# whose name starts like a dangerous one (on*, style, srcdoc) after a character that can precede
# an attribute name, and an address attribute whose value could hold a scheme: one with a colon
# or a character reference (the parser decodes "&colon;") that does not start like a safe
# address. Valid data has none of these but the odd English word, so nearly every page skips the
# parse; a false alarm only costs one. tests/test_safe_markdown.py checks both ways agree.
_ACTIVE_TAG = re.compile(r"</?(?:%s)(?![a-z0-9])" % "|".join(sorted(ACTIVE_ELEMENTS)), re.IGNORECASE)
_UNUSUAL_END_TAG = re.compile(r"</(?![a-z][a-z0-9]*>)")  # the parser writes every end tag as </name>
_DECLARATION = re.compile(r"<!(?!--)")  # CDATA and bogus comments come out rewritten
_UNFINISHED_REFERENCE = re.compile(r"&#?[0-9a-zA-Z][-.0-9a-zA-Z]*(?![-.0-9a-zA-Z;])")  # it adds the ";"
_RISKY_NAME = re.compile(r"[\s'\"/](?:on|style|srcdoc)", re.IGNORECASE)
_SAFE_START = r"(?:https?://|mailto:|tel:|[#./?])"
# Looked for after each "=" (only the "=" is consumed: the next one is looked at too): a value that
# could hold a scheme; then _name_before says whether it belongs to an address attribute.
_VALUE_WITH_SCHEME = re.compile(
    r"""=(?=\s*(?:"(?!%s)[^"]*[:&]|'(?!%s)[^']*[:&]|(?!["'\s])(?!%s)[^\s>"']*[:&]))""" % ((_SAFE_START,) * 3),
    re.IGNORECASE,
)


def _name_before(html: str, equals: int) -> str:
    """The attribute name the parser sees in front of the "=" at `equals` (any number of "=" and
    spaces may stand between them; a name ends at a space, "/", ">", a quote or "=")."""
    end = equals
    while end and (html[end - 1] == "=" or html[end - 1].isspace()):
        end -= 1
    start = end
    while start and not (html[start - 1] in "/>\"'=" or html[start - 1].isspace()):
        start -= 1
    return html[start:end].lower()


def _risky_address(html: str) -> bool:
    return any(_name_before(html, match.start()) in URL_ATTRIBUTES for match in _VALUE_WITH_SCHEME.finditer(html))


def _could_change(html: str) -> bool:
    if html.rfind("<") > html.rfind(">"):
        return True  # an unfinished tag at the end is kept as text
    return bool(
        _ACTIVE_TAG.search(html)
        or _RISKY_NAME.search(html)
        or _UNUSUAL_END_TAG.search(html)
        or _UNFINISHED_REFERENCE.search(html)
        or _DECLARATION.search(html)
    ) or _risky_address(html)


def clean_html(html: str) -> str:
    """`html` with active elements shown as text and dangerous attributes removed."""
    if "<" not in html or not _could_change(html):
        return html
    cleaner = _HtmlCleaner()
    cleaner.feed(html)
    cleaner.close()
    if cleaner.rawdata:  # an unfinished tag at the very end: keep it as text
        cleaner.out.append(escape(cleaner.rawdata))
    return "".join(cleaner.out)


class _HtmlPostprocessor(Postprocessor):
    def run(self, text):
        return clean_html(text)


class SafeMarkdownExtension(Extension):
    def extendMarkdown(self, md):
        md.treeprocessors.register(_AttributeCleaner(md), "rulebook-safe-attributes", 1)  # after attr_list (8)
        md.postprocessors.register(_HtmlPostprocessor(md), "rulebook-safe-html", 1)  # after raw_html (30)


def makeExtension(**kwargs):
    return SafeMarkdownExtension(**kwargs)
