"""Injection from data, tried in every kind of text field.

Payloads that would run script or change a page are refused by `check`, each at its own place.
Payloads that are harmless as text are accepted; the site built from them is opened page by
page in Chromium, where no script may run (no dialog, no `window.__pwned`), and no page may
carry an `on*` attribute or a `javascript:` address.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator import registry
from generator.load import load_project
from tests.conftest import ROOT, QuietServer, _QuietHandler, copy_small_project, shared_build

MINIMAL = Path(__file__).parent / "fixtures" / "minimal" / "rules_data"

# Each field: (file under rules_data/, the exact text it holds in the minimal data).
MARKDOWN_FIELDS = {
    "game text": ("mini/game.yaml", "小さなゲーム。{zombie:walker}は{param:walker.actions}回行動する。"),
    "page intro": (
        "mini/glossary.yaml",
        "  title: {ja: 用語集, ko: 용어집, uk: Глосарій}",
    ),  # an intro is added after the title
    "term text": ("mini/glossary.yaml", "ゾンビを引き寄せる。"),
    "rules section text": ("mini/rules/basics.yaml", '"{term:noise}を参照。"'),
    "faq answer": ("mini/faq.yaml", "赤。"),
    "note text": ("mini/source-notes.yaml", "資料Bは別の値を挙げるが、資料Aに従う。"),
    "mission objectives": ("mini/missions.yaml", "目的を取る。"),
    "zombie text": ("mini/zombies.yaml", "基本のゾンビ。"),
    "level text": ("mini/levels.yaml", "始まり。"),
}
PLAIN_FIELDS = {
    "game name": ("mini/game.yaml", "ミニ"),
    "page title": ("mini/skills.yaml", "スキル"),
    "skill name": ("mini/skills.yaml", "スリッパリー"),
    "alias": ("mini/skills.yaml", "すばしっこい"),
    "rules section title": ("mini/rules/basics.yaml", "手番"),
    "faq question": ("mini/faq.yaml", '"何色？"'),
    "source title": ("sources.yaml", "資料A"),
    "cited section": ("mini/skills.yaml", '"doc-a § スキル"'),
    "mission survivors": ("mini/missions.yaml", '"4"'),
    "zombie name": ("mini/zombies.yaml", "ウォーカー"),  # also a cell of the zombies table
}
REFUSED = {
    "script": "<script>window.__pwned=1</script>",
    "img onerror": "X<img src=x onerror=window.__pwned=1>",
    "img onerror quoted": 'X<img src="x" onerror="window.__pwned=1">',
    "svg onload": "<svg onload=window.__pwned=1>",
    "iframe": "<iframe src=javascript:window.__pwned=1></iframe>",
    "style": "<style>*{display:none}</style>",
    "unclosed div": "<div>the rest of the page",
    "attribute list": 'text\n{: onclick="window.__pwned=1" }',
    "heading id": "text { #zone }",
    "javascript link": "[tap](javascript:window.__pwned=1)",
    "data link": "[tap](data:text/html,<b>x</b>)",
    "entity-hidden scheme": "[tap](jav&#x61;script:window.__pwned=1)",
    "html comment": "shown<!-- hidden -->",
    "handler after a link's address": '[a safe link](https://example.org/" onmouseover="window.__pwned=1)',
}
# Accepted, and shown as the text they are (payload -> what the reader sees); none may do anything.
# They go into Japanese fields, as Japanese texts (an English one would be refused as untranslated).
HARMLESS_MARKDOWN = {
    "a < b かつ c > d、5 & 6": "a < b かつ c > d、5 & 6",
    "&lt;img src=x onerror=window.__pwned=1&gt; と表示する": "<img src=x onerror=window.__pwned=1> と表示する",
    "&#60;script&#62;window.__pwned=1&#60;/script&#62; も文字": "<script>window.__pwned=1</script> も文字",
    "javascript:window.__pwned=1 は文字として書く": "javascript:window.__pwned=1 は文字として書く",
    "onclick=window.__pwned=1 と onerror=window.__pwned=1": "onclick=window.__pwned=1 と onerror=window.__pwned=1",
    "<https://example.org/?q=1>": "https://example.org/?q=1",
    "**太字**、*斜体*、`code`": "太字、斜体、code",
    "[大文字のスキーム](HTTPS://example.org/)もウェブアドレス": "大文字のスキームもウェブアドレス",
}
# Plain text shows exactly as written: brackets make no link, an '&' is an ampersand and the "##"
# that would end a heading stays (a character reference such as "&lt;" is refused: the navigation
# would decode it).
HARMLESS_PLAIN = {
    "Tom & Jerry の本": "Tom & Jerry の本",
    "W]alk[er [1]": "W]alk[er [1]",
    "a > b": "a > b",
    'O\'Brien "Q"': 'O\'Brien "Q"',
    "AT&T; b": "AT&T; b",
    "onerror=alert(1) の見出し": "onerror=alert(1) の見出し",
    "100% [sic]": "100% [sic]",
    "黄 ##": "黄 ##",
}
# mkdocs.yml's words around every page (each language's site name and description, its name in
# the language menu, the palette toggles, the permalink and 404 labels): a value line, or a
# palette toggle written in one line. Material prints them unescaped, and Markdown means nothing
# there: a link or braces in them stay text, and are accepted.
FRAME_VALUE = re.compile(
    r"^(\s*(?:- )?(?:name|site_name|site_description|permalink_title|short_name|not_found_\w+): )"
    r"(?!material$)(.+)$|^(\s*- toggle: \{name: )([^}]+)(\})$"
)
FRAME_TEXT = ("heading id", "javascript link")
HARMLESS_FRAME = {
    "ja": "ルール & 仲間 [tap](javascript:window.__pwned=1) { #zone }",
    "ko": "규칙 > 'a'",
    "uk": "Правила: AT&T; b *c* | d",
}


def _plant(root: Path, fields: dict, payloads: list[str]) -> dict[str, tuple[str, int]]:
    """Put payloads[i % len] into each field as a double-quoted YAML string; returns where each
    field's payload stands: {field: (path as check shows it, line)}."""
    planted: dict[str, str] = {}
    for index, (name, (file, original)) in enumerate(sorted(fields.items())):
        path = root / "rules_data" / file
        text = path.read_text(encoding="utf-8")
        marker = f"@@{index}@@"
        if name == "page intro":
            new = f"{original}\n  intro: {{ja: {marker}, ko: 소개., uk: Вступ.}}"
        else:
            new = marker
        assert original in text, (name, original)
        path.write_text(text.replace(original, new, 1), encoding="utf-8")
        payload = payloads[index % len(payloads)]
        planted[marker] = json.dumps(f"doc-a § {payload}" if name == "cited section" else payload, ensure_ascii=False)
    places = {}
    for index, (name, (file, _)) in enumerate(sorted(fields.items())):
        path = root / "rules_data" / file
        text = path.read_text(encoding="utf-8")
        marker = f"@@{index}@@"
        places[name] = (f"rules_data/{file}", text.count("\n", 0, text.index(marker)) + 1)
        path.write_text(text.replace(marker, planted[marker]), encoding="utf-8")
    return places


def _minimal_project(root: Path) -> Path:
    shutil.copytree(MINIMAL, root / "rules_data")
    return root


@pytest.mark.parametrize("payload", list(REFUSED.values()), ids=list(REFUSED))
def test_check_refuses_the_payload_in_every_markdown_text(tmp_path, payload):
    root = _minimal_project(tmp_path)
    places = _plant(root, MARKDOWN_FIELDS, [payload])
    _, errors = load_project(root / "rules_data", root, specs=registry.engines())
    reported = {(e.where.path, e.where.line) for e in errors}
    for name, place in places.items():
        assert place in reported, f"{payload!r} in the {name} passed check"


@pytest.mark.parametrize(
    "payload",
    list(REFUSED.values()) + ["Noise | Sound", "two\nlines", "[x](https://e.org)", "&lt;b&gt;"],
    ids=[*REFUSED, "pipe", "newline", "markdown link", "character reference"],
)
def test_check_refuses_the_payload_in_every_name_and_title(tmp_path, payload):
    root = _minimal_project(tmp_path)
    places = _plant(root, PLAIN_FIELDS, [payload])
    _, errors = load_project(root / "rules_data", root, specs=registry.engines())
    reported = {(e.where.path, e.where.line) for e in errors}
    for name, place in places.items():
        assert place in reported, f"{payload!r} in the {name} passed check"


def _plant_in_site_config(root: Path, payload: str, only: set[int] | None = None) -> list[int]:
    """The project's mkdocs.yml with `payload` as each text of the site's frame (those on the
    lines `only` holds, if given); returns the lines of all of them."""
    lines, found = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\n"), []
    for number, line in enumerate(lines):
        match = FRAME_VALUE.match(line)
        if not match:
            continue
        found.append(number + 1)
        if only is not None and number + 1 not in only:
            continue
        if match.group(1):
            lines[number] = match.group(1) + json.dumps(payload, ensure_ascii=False)
        else:
            lines[number] = match.group(3) + json.dumps(payload, ensure_ascii=False) + match.group(5)
    (root / "mkdocs.yml").write_text("\n".join(lines), encoding="utf-8")
    return found


@pytest.mark.parametrize(
    "payload",
    [value for key, value in REFUSED.items() if key not in FRAME_TEXT]
    + ['Dark" onmouseover="window.__pwned=1', "two\nlines", "&lt;b&gt;"],
    ids=[*(key for key in REFUSED if key not in FRAME_TEXT), "quote", "newline", "character reference"],
)
def test_check_refuses_the_payload_in_every_text_of_the_sites_frame(tmp_path, payload):
    root = _minimal_project(tmp_path)
    lines = _plant_in_site_config(root, payload)
    assert len(lines) >= 3 * 10 + 4, lines  # each language's ten, the file's own four
    for start in range(0, len(lines), 8):  # fewer than the cap on one message repeated
        planted = set(lines[start : start + 8])
        _plant_in_site_config(root, payload, only=planted)
        _, errors = load_project(root / "rules_data", root, specs=registry.engines())
        reported = {e.where.line for e in errors if e.where.path == "mkdocs.yml"}
        assert sorted(planted - reported) == [], f"{payload!r} passed check"


def test_a_link_or_braces_in_the_sites_frame_are_text(tmp_path):
    root = _minimal_project(tmp_path)
    for key in FRAME_TEXT:
        _plant_in_site_config(root, REFUSED[key])
        _, errors = load_project(root / "rules_data", root, specs=registry.engines())
        assert [str(e) for e in errors if e.where.path == "mkdocs.yml"] == []


class _Audit(HTMLParser):
    """Every on* attribute and javascript:/data: address in a page, and every script element
    that is not the theme's own."""

    def __init__(self):
        super().__init__()
        self.findings: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.findings.append(f"<{tag} {name}>")
            if name in ("href", "src", "action", "formaction", "xlink:href") and value:
                scheme = "".join(value.split()).lower()
                if scheme.startswith(("javascript:", "data:text", "vbscript:")):
                    self.findings.append(f"<{tag} {name}={value[:40]}>")
        if tag in ("iframe", "object", "embed"):
            self.findings.append(f"<{tag}>")


def _harmless_project(folder: Path) -> Path:
    """The minimal game with every harmless payload planted, and home pages that link to it."""
    root = copy_small_project(folder)
    _plant(root, MARKDOWN_FIELDS, list(HARMLESS_MARKDOWN))
    _plant(root, PLAIN_FIELDS, list(HARMLESS_PLAIN))
    for lang in ("ja", "ko", "uk"):  # the real home pages link to the real games
        (root / "content" / lang / "index.md").write_text(
            "# Mini { #home }\n\n- [Mini](mini/index.md)\n", encoding="utf-8"
        )
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    for lang, name in HARMLESS_FRAME.items():
        text = re.sub(
            rf"(- locale: {lang}\n(?:\s+\w+: .*\n)*?\s+site_name: ).*",
            lambda m: m.group(1) + json.dumps(name, ensure_ascii=False),
            text,
            count=1,
        )
    assert all(json.dumps(name, ensure_ascii=False) in text for name in HARMLESS_FRAME.values())
    config.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def harmless_site(request) -> Path:
    """Built once per run for the three tests below, whichever workers run them; `--fast` leaves them out."""
    root, output = shared_build(request.config, "injection-project", _harmless_project)
    assert "safe_markdown" not in output, "the data reached the last wall: check or escaping let it through"
    return root / "site"


@pytest.mark.build
def test_harmless_text_leaves_no_handler_and_no_script_address_in_any_page(harmless_site):
    pages = sorted(harmless_site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        audit = _Audit()
        audit.feed(page.read_text(encoding="utf-8"))
        assert audit.findings == [], f"{page.relative_to(harmless_site)}: {audit.findings}"


def _planted(fields: dict, payloads: dict, field: str) -> str:
    """The payload _plant put into one field."""
    names = sorted(fields)
    return list(payloads)[names.index(field) % len(payloads)]


class _LinkTexts(HTMLParser):
    """The text of every link to one address in a table's cells."""

    def __init__(self, href: str):
        super().__init__(convert_charrefs=True)
        self.href, self.texts, self._inside, self._cell = href, [], False, False

    def handle_starttag(self, tag, attrs):
        self._cell = self._cell or tag == "td"
        if tag == "a" and self._cell and dict(attrs).get("href") == self.href:
            self._inside = True
            self.texts.append("")

    def handle_endtag(self, tag):
        if tag == "a":
            self._inside = False
        if tag == "td":
            self._cell = False

    def handle_data(self, data):
        if self._inside:
            self.texts[-1] += data


@pytest.mark.build
def test_a_name_with_brackets_stays_one_link_in_its_table(harmless_site):
    """The zombies table links each name to its section: brackets in the name are its text."""
    name = _planted(PLAIN_FIELDS, HARMLESS_PLAIN, "zombie name")
    assert "[" in name or "]" in name, "the payloads must put brackets into the zombie's name"
    links = _LinkTexts("#walker")
    links.feed((harmless_site / "mini" / "zombies" / "index.html").read_text(encoding="utf-8"))
    assert links.texts and all(text == name for text in links.texts), links.texts


# What a planted script would leave behind, and the text the page shows.
READ_FOR_SCRIPTS = """() => ({
  pwned: window.__pwned === undefined ? null : window.__pwned,
  handlers: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes]
    .filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name)),
  text: document.body.innerText,
})"""


@pytest.mark.long(20)
@pytest.mark.build
def test_no_script_from_data_runs_in_the_browser(browser, harmless_site):
    handler = functools.partial(_QuietHandler, directory=str(harmless_site))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    dialogs: list[str] = []
    try:
        page = context.new_page()
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        pages = sorted(p.relative_to(harmless_site).as_posix() for p in harmless_site.rglob("index.html"))
        seen = ""
        for path in pages:
            page.goto(f"{url}/{path}")
            page.mouse.move(10, 10)  # hover handlers would fire on the way
            page.mouse.move(200, 400)
            found = page.evaluate(READ_FOR_SCRIPTS)  # one call for the three readings
            assert found["pwned"] is None, f"script from data ran on {path}"
            assert found["handlers"] == [], f"{path}: {found['handlers']}"
            seen += found["text"] + "\n"
        assert dialogs == []
        for shown in [*HARMLESS_MARKDOWN.values(), *HARMLESS_PLAIN.values(), *HARMLESS_FRAME.values()]:
            assert shown in seen, f"{shown!r} is not shown as text on any page"
    finally:
        context.close()
        server.shutdown()


@pytest.mark.build
def test_the_search_box_shows_payloads_as_text(browser, harmless_site):
    """Names and texts reach the page a second way, through the search index and search.js."""
    handler = functools.partial(_QuietHandler, directory=str(harmless_site))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    dialogs: list[str] = []
    try:
        page = context.new_page()
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/mini/skills/")
        page.locator(".rb-search__toggle").click()  # a phone: the button opens the search
        for query in ("Tom & Jerry", "onclick", "O'Brien"):
            box = page.locator(".rb-search__input")
            box.fill(query)
            box.press("End")
            page.wait_for_selector(f'.rb-search__output[data-text="{query}"]', state="attached", timeout=15000)
            results = page.locator(".rb-search__results").inner_text()
            assert results.strip(), f"no result for {query!r}"
            if query != "onclick":  # a name or alias: its result shows it as written
                assert query in results, results
            handlers = page.evaluate(
                "[...document.querySelectorAll('.rb-search__results *')]"
                ".flatMap(e => [...e.attributes].filter(a => a.name.startsWith('on')))"
                ".length"
            )
            assert handlers == 0
            assert page.evaluate("window.__pwned") is None
        assert dialogs == []
    finally:
        context.close()
        server.shutdown()


def test_check_refuses_markup_in_an_interface_label(tmp_path, monkeypatch):
    """Labels (generator/render/labels.yaml) are escaped on every page: markup there is refused
    by check, which names the label, rather than shown as its characters."""
    import generator.load as load

    labels = tmp_path / "labels.yaml"
    text = load.LABELS_FILE.read_text(encoding="utf-8")
    planted = {
        "also-known-as": ("ja: 別名", "ja: 別名<b>"),
        "sources": ("ko: 출처", "ko: 출처&lt;"),
        "concerns": ("uk: Стосується", "uk: Стосу\u202eється"),
    }
    for old, new in planted.values():
        assert old in text
        text = text.replace(old, new, 1)
    labels.write_text(text, encoding="utf-8")
    monkeypatch.setattr(load, "LABELS_FILE", labels)
    _, errors = load_project(_minimal_project(tmp_path / "project") / "rules_data", specs=registry.engines())
    found = {error.breadcrumb: error for error in errors}
    assert sorted(found) == ["label 'also-known-as' › ja", "label 'concerns' › uk", "label 'sources' › ko"]
    for key, (_, new) in planted.items():
        error = next(error for crumb, error in found.items() if crumb.startswith(f"label '{key}'"))
        assert error.where.line == text[: text.index(new)].count("\n") + 1, error
    assert "may not contain '<'" in found["label 'also-known-as' › ja"].message
    assert "'&lt;'" in found["label 'sources' › ko"].message
    assert "U+202E" in found["label 'concerns' › uk"].message
