"""The Markdown configuration's last wall (generator/render/safe_markdown.py), tried without the
checks and the escaping in front of it: whatever raw HTML reaches Python-Markdown, nothing in
the page can run, and the HTML our own templates write passes unchanged."""
from __future__ import annotations

from html.parser import HTMLParser

import markdown
import pytest

EXTENSIONS = ["attr_list", "md_in_html", "admonition", "tables", "generator.render.safe_markdown"]


def render(text: str) -> str:
    return markdown.markdown(text, extensions=EXTENSIONS)


@pytest.mark.parametrize("text", [
    'x<img src="x" onerror="alert(1)">',
    "<script>alert(1)</script>",
    '<div markdown>\n<a href="jav&#x09;ascript:alert(1)">k</a>\n</div>',
    "[tap](javascript:alert(1))",
    "[tap](JAVASCRIPT:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2Zz4=)",
    'paragraph\n{: onclick="alert(1)" }',
    '<p style="position:fixed;inset:0">overlay</p>',
    '<iframe src="https://example.org"></iframe>',
    '<svg><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
])
def test_nothing_that_runs_survives(text):
    elements = _elements(render(text))
    for tag, attrs in elements:
        assert tag not in ("script", "iframe", "form", "button", "style"), (text, elements)
        for name, value in attrs:
            assert not name.startswith("on") and name != "style", (text, elements)
            assert not (value or "").replace("\t", "").lower().startswith(("javascript:", "data:")), (text, elements)


def _elements(html: str) -> list:
    found = []

    class Collect(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, attrs))

    Collect().feed(html)
    return found


def test_what_the_templates_write_passes_unchanged():
    text = ('<div class="rb-note-meta" markdown>\n**Concerns:** [Slippery](skills.md#slippery)\n</div>\n\n'
            '<figure class="rb-diagram">\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img">'
            '<title>t</title><rect x="1" y="1" width="2" height="2" class="rb-street"/></svg>\n'
            '<figcaption>c</figcaption>\n</figure>\n\n<!-- example:x -->\n\n[web](https://example.org/?a=1&b=2)')
    plain = markdown.markdown(text, extensions=EXTENSIONS[:-1])
    assert render(text) == plain
