"""The reader's experience on the built site, page by page, in every language, on a phone
(390×844) and a desktop (1280×900): nothing wider than the screen, every string in the page's
language, no console error, a way to each game, one 404 per language, and offline use.

The site is served the way a static host serves it: a missing address gets the root 404.html.
Set RULEBOOK_SCREENSHOTS=<folder> to keep screenshots of what these tests look at.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import threading
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import QuietServer
from tests.test_language import switch_language
from tests.test_search import LANGUAGE_ROOT

LANGUAGES = ("ja", "ko", "uk")
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
LOCALE = {"ja": "ja-JP", "ko": "ko-KR", "uk": "uk-UA"}
# Strings Material or Markdown write in English unless told otherwise.
ENGLISH_LEFTOVERS = (
    "Permanent link",
    "Made with",
    "Material for MkDocs",
    "Dark mode",
    "Light mode",
    "Not found",
    "Edit this page",
    "Back to top",
)
# Text written for editors, found on reader pages before: it must not come back.
EDITOR_TEXT = (
    "この項目を更新",
    "反映してください",
    "反映해 주십시오",
    "고쳐 주십시오",
    "이 항목에 반영",
    "слід оновити",
)
# The English description in mkdocs.yml; each language has its own.
ROOT_DESCRIPTION = (
    re.search(
        r"^site_description: (.*)$", (Path(__file__).parent.parent / "mkdocs.yml").read_text(encoding="utf-8"), re.M
    )
    .group(1)
    .strip()
)
NOT_FOUND_TITLE = {"ja": "ページが見つかりません", "ko": "페이지를 찾을 수 없습니다", "uk": "Сторінку не знайдено"}


def language_pages(site: Path, lang: str) -> list[str]:
    """Every page of one language as a path from the site root ("", "zombicide-1/skills/", ...)."""
    home = LANGUAGE_ROOT[lang].strip("/")
    others = [LANGUAGE_ROOT[other].strip("/") + "/" for other in LANGUAGES if LANGUAGE_ROOT[other] != "/"]
    pages = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        rel = "" if rel == "." else rel + "/"
        if home and rel.startswith(home + "/"):
            pages.append(rel)
        elif not home and not any(rel.startswith(other) for other in others):
            pages.append(rel)
    return pages


class _StaticHost(http.server.SimpleHTTPRequestHandler):
    """Like a static host: a missing file is answered with the root 404.html and status 404."""

    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="module")
def host(built_site) -> str:
    server = QuietServer(("127.0.0.1", 0), functools.partial(_StaticHost, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def new_page(browser, lang: str, viewport: str, **options):
    options.setdefault("service_workers", "block")  # the offline test turns the worker on itself
    context = browser.new_context(locale=LOCALE[lang], viewport=VIEWPORTS[viewport], **options)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


def screenshot(page, name: str) -> None:
    folder = os.environ.get("RULEBOOK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


class PageFacts(HTMLParser):
    """What a reader sees of a built page, read from its HTML: the document's language, title and
    description, the text of the content column, its headings, where the logo leads, and any
    repository or edit button. The pages are MkDocs' well-formed output; JavaScript adds no text
    to them (Material's own strings are in the page's configuration, which the raw HTML holds)."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
    INLINE = {
        "a",
        "abbr",
        "b",
        "code",
        "em",
        "i",
        "kbd",
        "mark",
        "small",
        "span",
        "strong",
        "sub",
        "sup",
        "svg",
        "title",
        "tspan",
        "text",
        "path",
        "g",
        "rect",
        "circle",
        "line",
        "polygon",
        "use",
    }
    HIDDEN = {"script", "style", "template"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lang = self.title = self.description = self.logo = None
        self.repository = 0
        self.h1: list[str] = []
        self.h2: str | None = None
        self.text: list[str] = []
        self._open: list[tuple[str, bool]] = []  # inside .md-content: (tag, hidden)
        self._heading: list[str] | None = None
        self._heading_tag = ""
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        attr = dict(attrs)
        classes = (attr.get("class") or "").split()
        if tag == "html":
            self.lang = attr.get("lang")
        elif tag == "title" and self.title is None and not self._open:
            self._in_title, self.title = True, ""
        elif tag == "meta" and attr.get("name") == "description":
            self.description = attr.get("content") or ""
        elif tag == "a" and "md-logo" in classes and "md-header__button" in classes:
            self.logo = attr.get("href")
        if "md-source" in classes or (tag == "a" and "md-content__button" in classes):
            self.repository += 1
        if tag in self.VOID:
            return
        if self._open or "md-content" in classes:
            hidden = tag in self.HIDDEN or bool(self._open and self._open[-1][1])
            self._open.append((tag, hidden))
            if tag not in self.INLINE:
                self.text.append("\n")
            if tag in ("h1", "h2") and self._heading is None:
                self._heading, self._heading_tag = [], tag

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False
        if not self._open or tag in self.VOID:
            return
        while self._open:
            opened, _ = self._open.pop()
            if opened == tag:
                break
        if tag not in self.INLINE:
            self.text.append("\n")
        if self._heading is not None and tag == self._heading_tag:
            text = "".join(self._heading).replace("¶", "").strip()
            if tag == "h1":
                self.h1.append(text)
            elif self.h2 is None:
                self.h2 = text
            self._heading = None

    def handle_data(self, data):
        if self._in_title:
            self.title += data
        if self._open and not self._open[-1][1]:
            self.text.append(data)
            if self._heading is not None:
                self._heading.append(data)


def reader_problems(html: str, lang: str, source_ids, address: str = "http://site/") -> list[str]:
    """What is wrong, for a reader of `lang`, in one built page's HTML served at `address`."""
    facts = PageFacts()
    facts.feed(html)
    text = "".join(facts.text)
    problems = []
    if facts.lang != lang:
        problems.append(f"lang={facts.lang}")
    problems += [f"English «{s}»" for s in ENGLISH_LEFTOVERS if s in html]
    problems += [f"editors' text «{s}»" for s in EDITOR_TEXT if s in text]
    problems += [
        f"source key «{s}» shown to readers"
        for s in source_ids
        if re.search(r"(^|[^\w#-])" + re.escape(s) + r"(?![\w-])", text)
    ]
    faq_id = re.search(r"\bfaq-[a-z0-9-]+", text)
    if faq_id:
        problems.append(f"an internal id is shown: {faq_id.group(0)}")
    if facts.description in (None, "", ROOT_DESCRIPTION):
        problems.append(f"meta description «{facts.description}»")
    site_name, _, page_title = (facts.title or "").strip().rpartition(" - ")
    if site_name and site_name == page_title:
        problems.append(f"the title repeats the site name: {facts.title}")
    if len(facts.h1) != 1:
        problems.append(f"{len(facts.h1)} top-level headings {facts.h1[:3]}")
    elif facts.h1[0] == facts.h2:
        problems.append(f"the title is repeated as the first section heading «{facts.h2}»")
    if facts.repository:
        problems.append("a repository or edit button with no repository set")
    if facts.logo is None or new_url_path(facts.logo, address) != LANGUAGE_ROOT[lang]:
        problems.append(f"the logo leads to {facts.logo}")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_speaks_its_language_to_readers(built_site, project, lang):
    """Read from the built HTML: the page's language, no English left by the theme, no editors'
    text, source key or internal id in what readers read, its own description and title, one
    top-level heading not repeated below it, and a logo leading to the language's home."""
    problems = []
    for path in language_pages(built_site, lang):
        html = (built_site / path / "index.html").read_text(encoding="utf-8")
        found = reader_problems(html, lang, project.sources, f"http://site/{path}")
        problems += [f"/{path}: {problem}" for problem in found]
    assert not problems, "\n".join(problems)


def test_the_page_reader_sees_what_the_reader_sees():
    """The HTML reader above finds each kind of problem, and only in what readers read."""
    page = (
        '<html lang="ko"><head><title>규칙 - 규칙</title><meta name="description" content="{desc}"></head><body>'
        '<a class="md-header__button md-logo" href="../">x</a><div class="md-content"><h1>규칙</h1>'
        "<script>faq-hidden</script><p>출처 zombicide-digest 참조. faq-blocked-path</p><h2>규칙¶</h2></div>"
        "<p>zombicide-digest outside the content</p></body></html>"
    )
    found = reader_problems(
        page.format(desc=ROOT_DESCRIPTION), "ja", ["zombicide-digest", "bga-2e"], "http://site/zombicide-1/rules/"
    )
    assert found == [
        "lang=ko",
        "source key «zombicide-digest» shown to readers",
        "an internal id is shown: faq-blocked-path",
        f"meta description «{ROOT_DESCRIPTION}»",
        "the title repeats the site name: 규칙 - 규칙",
        "the title is repeated as the first section heading «규칙»",
        "the logo leads to ../",
    ]
    clean = page.replace("zombicide-digest 참조. faq-blocked-path", "참조").replace("<h2>규칙", "<h2>이동")
    assert reader_problems(
        clean.format(desc="좀비사이드 규칙"), "ko", ["zombicide-digest"], "http://site/ko/rules/"
    ) == ["the title repeats the site name: 규칙 - 규칙"]


def test_the_open_language_menu_is_whole_on_a_phone(browser, host):
    context, page = new_page(browser, "uk", "phone")
    page.goto(f"{host}/uk/zombicide-1/skills/")
    page.locator(".md-header .md-select").first.hover()
    menu = page.locator(".md-header .md-select__inner")
    page.wait_for_function("getComputedStyle(document.querySelector('.md-header .md-select__inner')).opacity === '1'")
    for link in menu.locator("a").all():
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (link.inner_text(), box)
        # The name is not cut: the link is as wide as its text needs.
        assert link.evaluate("a => a.scrollWidth <= a.clientWidth"), link.inner_text()
    assert "Українська" in menu.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") == 390
    screenshot(page, "phone-language-menu")
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_each_game_has_its_own_place(browser, host, project, viewport):
    context, page = new_page(browser, "ko", viewport)
    page.goto(f"{host}/ko/zombicide-1/skills/")
    games = [game.name["ko"] for game in project.games.values()]
    if viewport == "desktop":
        tabs = page.locator(".md-tabs__link")
        assert all(name in tabs.all_inner_texts() for name in games), tabs.all_inner_texts()
        active = page.locator(".md-tabs__item--active").inner_text().strip()
        assert active == project.games["zombicide-1"].name["ko"]
        # The sidebar holds this game's pages only.
        sidebar = page.locator(".md-sidebar--primary").inner_text()
        assert project.games["zombicide-2"].name["ko"] not in sidebar.split("\n")[1:]
    else:
        assert not page.locator(".md-tabs").is_visible()  # tabs fold into the drawer on phones
        page.locator(".md-header .rb-menu-button").click()
        page.locator(".md-nav--primary .md-nav__link--active").first.wait_for()
        drawer = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > .md-nav__link")
        top_level = [text.strip() for text in drawer.all_inner_texts()]
        assert all(name in top_level for name in games), top_level
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_address_shows_that_languages_404(browser, host, project, lang):
    context, page = new_page(browser, lang, "phone")
    response = page.goto(f"{host}{LANGUAGE_ROOT[lang]}zombicide-1/no-such-page/")
    assert response.status == 404
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.wait_for_load_state("load")
    assert page.locator("h1").inner_text().strip() == NOT_FOUND_TITLE[lang]
    home = page.locator(".md-content a").first
    assert new_url_path(home.get_attribute("href"), page.url) == LANGUAGE_ROOT[lang]
    assert page.evaluate("document.documentElement.scrollWidth") == 390
    screenshot(page, f"404-{lang}")
    # The wide-screen sidebars are hidden on this page; the phone's menu must still open on it.
    page.locator(".md-header .rb-menu-button").click()
    drawer = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > .md-nav__link")
    drawer.first.wait_for()
    shown = [link.inner_text().strip() for link in drawer.all() if link.is_visible()]
    assert all(game.name[lang] in shown for game in project.games.values()), shown
    context.close()


def new_url_path(href: str, base: str) -> str:
    from urllib.parse import urljoin, urlsplit

    return urlsplit(urljoin(base, href)).path


def test_the_root_chooses_the_language_before_painting(browser, host):
    context, page = new_page(browser, "uk", "phone")
    # Record every document that got as far as its body being parsed.
    context.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        " const seen = JSON.parse(sessionStorage.getItem('parsed') || '[]');"
        " seen.push(location.pathname); sessionStorage.setItem('parsed', JSON.stringify(seen)); });"
    )
    page.goto(f"{host}/")
    page.wait_for_function("location.pathname === '/uk/'")
    page.wait_for_load_state("load")
    assert page.evaluate("JSON.parse(sessionStorage.getItem('parsed'))") == ["/uk/"]
    context.close()


def test_switching_language_keeps_the_section_being_read(browser, host, built_site):
    context, page = new_page(browser, "ja", "desktop")
    page.goto(f"{host}/zombicide-1/combat/")
    ids = page.eval_on_selector_all(".md-content h2[id]", "els => els.map(e => e.id)")
    target = ids[2]
    # Scrolled there by hand; the address may follow the section a moment later (Material's
    # tracking), or not yet: the switch must keep the section without it, so it is taken away.
    page.evaluate(f"document.getElementById('{target}').scrollIntoView()")
    page.wait_for_timeout(500)
    page.evaluate("history.replaceState(null, '', location.pathname)")
    assert page.evaluate("location.hash") == ""
    switch_language(page, "ko")
    page.wait_for_function("location.pathname === '/ko/zombicide-1/combat/'")
    assert page.evaluate("location.hash") == f"#{target}"
    context.close()


def heading_ids(html: str) -> list[str]:
    """Section ids (h2-h6); the h1 is the page itself, which a switch of language keeps."""
    return re.findall(r'<h[2-6][^>]* id="([^"]+)"', html)


def test_every_heading_id_is_the_same_in_every_language(built_site):
    """The switcher keeps #section: the same heading has the same id in each language."""
    differences = []
    for path in language_pages(built_site, "ja"):
        html = (built_site / path / "index.html").read_text(encoding="utf-8")
        main = heading_ids(html)
        assert not [i for i in main if re.fullmatch(r"_\d+", i)], f"/{path}: automatic ids {main}"
        for lang in ("ko", "uk"):
            other = heading_ids((built_site / lang / path / "index.html").read_text(encoding="utf-8"))
            if other != main:
                differences.append(f"/{path} {lang}: {sorted(set(main) ^ set(other))[:5]}")
    assert not differences, "\n".join(differences)


def test_every_pages_language_menu_leads_to_the_same_page_in_each_language(built_site):
    """The switcher's links, on every page: each language's entry is this page in that language.
    (What the switcher does with them, keeping the section, is clicked through on some pages.)"""
    wrong = []
    for lang in LANGUAGES:
        for path in language_pages(built_site, lang):
            page = f"http://site/{path}"
            same = path[len(LANGUAGE_ROOT[lang].lstrip("/")) :]
            html = (built_site / path / "index.html").read_text(encoding="utf-8")
            links = dict(
                (to, href)
                for href, to in re.findall(r'<a href="([^"]*)" hreflang="([^"]*)" class="md-select__link">', html)
            )
            wanted = {other: LANGUAGE_ROOT[other] + same for other in LANGUAGES}
            found = {other: new_url_path(href, page) for other, href in links.items()}
            if found != wanted:
                wrong.append(f"/{path}: {found}")
            elif not all((built_site / target.lstrip("/") / "index.html").is_file() for target in found.values()):
                wrong.append(f"/{path}: a language's page is missing: {found}")
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.long(5)
def test_after_a_first_visit_the_language_works_offline(browser, host, project):
    context, page = new_page(browser, "ko", "phone", service_workers="allow")
    page.goto(f"{host}/ko/")
    page.wait_for_selector('html[data-rulebook-offline="ko"]', state="attached", timeout=60000)
    # Installable: Chromium finds nothing wrong but the test browser's private mode.
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest").get("errors") == []
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    assert set(errors) <= {"in-incognito"}, errors
    context.set_offline(True)
    # A page never opened before, with its diagrams.
    page.goto(f"{host}/ko/zombicide-1/combat/")
    assert page.locator("h1").first.text_content().replace("¶", "").strip() == "전투"
    assert page.locator(".rb-diagram svg").count() > 0
    # Search: the name index and the full-text index, both from the kept copy. On a phone
    # the header shows a search button that opens the box (site_overrides/assets/search.js).
    sniper = project.games["zombicide-1"].by_id("skill")["sniper"].name["ko"]
    page.goto(f"{host}/ko/zombicide-1/skills/")
    page.locator(".rb-search__toggle").click()
    box = page.locator(".rb-search__input")
    box.fill(sniper)
    box.press("End")  # one more key press after non-Latin text
    page.wait_for_selector(f'.rb-search__output[data-text="{sniper}"]', state="attached", timeout=20000)
    links = page.eval_on_selector_all(
        ".rb-search__result a", "els => els.map(a => new URL(a.href).pathname + new URL(a.href).hash)"
    )
    assert "/ko/zombicide-1/skills/#sniper" in links, links
    kinds = page.eval_on_selector_all(
        ".rb-search__result", "els => els.map(e => e.closest('.rb-search__group--text') ? 'text' : 'name')"
    )
    assert "name" in kinds and "text" in kinds, kinds  # the name index and the full text both answered
    screenshot(page, "offline-search-ko")
    # Every language's home is kept; another language's other pages are not: switching language
    # offline leads to a page in the reader's language that says what is kept and why.
    page.goto(f"{host}/uk/")
    assert page.locator("h1").count() == 1 and page.evaluate("document.documentElement.lang") == "uk"
    # The root sends a Korean browser to /ko/; the Japanese home (the root's page) is kept too.
    assert page.evaluate(f"caches.match('{host}/').then(hit => Boolean(hit))")
    page.goto(f"{host}/ko/zombicide-1/combat/")
    switch_language(page, "uk")
    page.wait_for_function("location.pathname === '/ko/offline.html'")
    assert page.locator("h1").first.text_content().strip() == labels_of(project)["reader-offline-page-title"]["ko"]
    assert page.locator("link[rel=stylesheet]").first.evaluate("l => l.sheet !== null")  # styled, from the copy
    page.wait_for_selector(".rb-offline-kept:not([hidden])")
    assert "MB" in page.locator(".rb-offline-kept").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") == 390
    screenshot(page, "offline-not-kept-ko")
    context.close()


def labels_of(project) -> dict:
    return project.labels


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reader_is_told_when_the_rulebook_is_ready_offline_and_how_much_it_keeps(browser, host, project, lang):
    context, page = new_page(browser, lang, "phone", service_workers="allow")
    page.goto(f"{host}{LANGUAGE_ROOT[lang]}zombicide-2/skills/")
    page.wait_for_selector(f'html[data-rulebook-offline="{lang}"]', state="attached", timeout=60000)
    listed = json.loads(page.evaluate(f"fetch('/assets/offline/{lang}.json').then(r => r.text())"))
    megabytes = f"{listed['bytes'] / 1_000_000:.1f}".replace(".", "," if lang == "uk" else ".")
    notice = page.locator(".rb-offline-notice")
    assert megabytes in notice.inner_text(), notice.inner_text()
    box = notice.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    screenshot(page, f"offline-ready-{lang}")
    notice.locator("button").click()
    assert notice.count() == 0
    status = page.locator(".rb-offline-status")
    assert megabytes in status.inner_text() and status.get_attribute("role") == "status"
    # A later page of the same visit says it too, and asks the worker nothing more.
    page.goto(f"{host}{LANGUAGE_ROOT[lang]}zombicide-2/zombies/")
    page.wait_for_selector(f'html[data-rulebook-offline="{lang}"]', state="attached", timeout=20000)
    assert megabytes in page.locator(".rb-offline-status").inner_text()
    assert page.locator(".rb-offline-notice").count() == 0  # told once
    context.close()


@pytest.mark.long(15)
def test_after_a_rebuild_a_returning_reader_keeps_the_copy_and_fetches_only_what_changed(browser, built_site, tmp_path):
    """The service worker keeps files by their bytes, not by the build: change one page, write the
    lists again as a build does, come back; the worker fetches the list and that page, nothing
    else, and the changed page is what the reader gets offline."""
    from generator.site.reader_site import write_offline_lists

    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    fetched: list[str] = []

    class Counting(_StaticHost):
        def do_GET(self):
            fetched.append(self.path)
            return super().do_GET()

    server = QuietServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        context, page = new_page(browser, "uk", "phone", service_workers="allow")
        page.goto(f"{host}/uk/")
        page.wait_for_selector('html[data-rulebook-offline="uk"]', state="attached", timeout=60000)
        first = int(page.get_attribute("html", "data-rulebook-offline-fetched"))
        page.close()
        changed = site / "uk" / "zombicide-1" / "skills" / "index.html"
        changed.write_text(changed.read_text(encoding="utf-8").replace("</h1>", " (нове)</h1>", 1), encoding="utf-8")
        write_offline_lists(site, {lang: LANGUAGE_ROOT[lang].lstrip("/") for lang in LANGUAGES})
        fetched.clear()
        page = context.new_page()  # a new visit: a new browser session for the page's scripts
        page.goto(f"{host}/uk/zombicide-2/")
        page.wait_for_selector('html[data-rulebook-offline="uk"]', state="attached", timeout=60000)
        assert first > 150
        assert page.get_attribute("html", "data-rulebook-offline-fetched") == "1"
        # The page itself comes from the network, and the browser checks whether its worker changed.
        kept = [path for path in fetched if path not in ("/uk/zombicide-2/", "/sw.js")]
        assert kept == ["/assets/offline/uk.json", "/uk/zombicide-1/skills/"], kept
        context.set_offline(True)
        page.goto(f"{host}/uk/zombicide-1/skills/")
        assert "(нове)" in page.locator("h1").first.text_content()
        page.goto(f"{host}/uk/zombicide-1/combat/")  # untouched, still kept
        assert page.locator(".rb-diagram svg").count() > 0
        context.close()
    finally:
        server.shutdown()


# --- Accessibility: axe-core (shipped by axe-playwright-python) ------------------------------------
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# Best-practice rules the site broke before, checked too whatever their impact.
AXE_RULES = ["landmark-unique", "empty-table-header", "scrollable-region-focusable", "link-in-text-block"]
AXE_ALL = os.environ.get("RULEBOOK_AXE_ALL") == "1"


@functools.lru_cache(maxsize=1)
def axe_source() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def page_shape(path: str, project) -> str:
    """Pages built from the same template and data kind: "skill", "faq", "rule", "home", ..."""
    parts = [part for part in path.strip("/").split("/") if part not in LANGUAGES]
    if len(parts) == 2 and parts[0] in project.games:
        pages = {page.id: page for page in project.games[parts[0]].pages}
        if parts[1] in pages:
            return str(pages[parts[1]].kind)
        return parts[1]  # a page every game has from one template (its cases, its resolver)
    if len(parts) == 1 and parts[0] in project.games:
        return "game home"
    return "/".join(parts) or "home"


def kind_sample(site: Path, lang: str, project) -> list[str]:
    """One page of each template and kind, the languages and games taking turns: each kind is
    checked in one language, each language on a third of the kinds."""
    shapes: dict[str, list[str]] = {}
    for path in language_pages(site, lang):
        shapes.setdefault(page_shape(path, project), []).append(path)
    chosen = []
    for number, shape in enumerate(sorted(shapes)):
        if LANGUAGES[number % len(LANGUAGES)] == lang:
            chosen.append(shapes[shape][(number // len(LANGUAGES)) % len(shapes[shape])])
    return chosen


def every_kind(site: Path, lang: str, project) -> list[str]:
    """One page of each template and kind in this language (the shortest: axe's cost grows with
    a page's length, its findings come from what the kind's pages share)."""
    shapes: dict[str, list[str]] = {}
    for path in language_pages(site, lang):
        shapes.setdefault(page_shape(path, project), []).append(path)
    return [
        min(paths, key=lambda path: (site / path / "index.html").stat().st_size) for _, paths in sorted(shapes.items())
    ]


def axe_pages(site: Path, lang: str, project) -> list[str]:
    """Every page with RULEBOOK_AXE_ALL=1. By default one page of each kind in every language
    (every_kind): axe's colour-contrast check costs 1-3 s on a long page, so all ~45 pages x 3
    languages take minutes. The 404 page and the offline page of each language are always
    checked (the 404 page last)."""
    special = [LANGUAGE_ROOT[lang].lstrip("/") + name for name in ("offline.html", "404.html")]
    if AXE_ALL:
        return language_pages(site, lang) + special
    return every_kind(site, lang, project) + special


# Layout and scripts need the browser: every page on a phone; on a desktop, one page of each kind
# (what only a desktop shows, game tabs and sidebars, comes from the template the kind shares).
# Axe audits some of the same pages as they are loaded: each page is opened once.
SCREEN = "[document.documentElement.scrollWidth, window.innerWidth]"
AXE_RUN = (
    "([tags, named]) => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations'],"
    " rules: Object.fromEntries(named.map(id => [id, {enabled: true}]))})"
    ".then(r => r.violations.filter(v => ['moderate', 'serious', 'critical'].includes(v.impact) || named.includes(v.id))"
    ".map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))"
)


def screen_plan(site: Path, lang: str, project) -> dict[str, tuple[list[str], set[str]]]:
    """By viewport: the pages opened and, among them, those axe audits. A phone opens every page
    and the language's 404 page; axe audits axe_pages. What only a desktop shows (game tabs,
    sidebars) is the same on every page: a desktop opens one page of each kind, and axe audits
    the shortest of its pages and the 404 page."""
    audited = axe_pages(site, lang, project)
    special = audited[-2:]
    shortest = min(audited[:-2], key=lambda path: (site / path / "index.html").stat().st_size)
    desktop_audited = set(audited) if AXE_ALL else {shortest, *special}
    desktop = list(dict.fromkeys(kind_sample(site, lang, project) + sorted(desktop_audited)))
    return {"phone": (language_pages(site, lang) + special, set(audited)), "desktop": (desktop, desktop_audited)}


# A language's pages in three parts (the phone's in two halves, the desktop's): a part takes well
# under a minute, so the workers share the language's pages instead of one waiting on them all.
SCREEN_PARTS = ("phone 1/2", "phone 2/2", "desktop")


def screen_part(plan: dict[str, tuple[list[str], set[str]]], part: str) -> tuple[str, list[str], set[str]]:
    viewport, _, half = part.partition(" ")
    paths, audited = plan[viewport]
    if half:
        number, count = (int(n) for n in half.split("/"))
        paths = paths[(number - 1) * len(paths) // count : number * len(paths) // count]
    return viewport, paths, audited


@pytest.mark.long(12)
@pytest.mark.parametrize("part", SCREEN_PARTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_the_screen_logs_no_error_and_has_no_moderate_or_serious_accessibility_violation(
    browser, host, built_site, project, lang, part
):
    plan = screen_plan(built_site, lang, project)
    assert len(plan["phone"][0]) >= 30, plan
    problems: list[str] = []
    viewport, paths, audited = screen_part(plan, part)
    context, page = new_page(browser, lang, viewport)
    for path in paths:
        page.errors.clear()
        page.goto(f"{host}/{path}")
        wide, width = page.evaluate(SCREEN)
        if wide > width:
            problems.append(f"/{path}: laid out {wide} px wide on a {width} px {viewport}")
        if page.errors:
            problems.append(f"/{path} ({viewport}): console errors {page.errors[:3]}")
        if path in audited:
            page.add_script_tag(content=axe_source())
            problems += [f"/{path} ({viewport}): {v}" for v in page.evaluate(AXE_RUN, [AXE_TAGS, AXE_RULES])]
    context.close()
    assert not problems, "\n".join(problems)


def test_the_screen_parts_open_every_page_once():
    plan = {"phone": ([f"p{n}" for n in range(7)], set()), "desktop": (["d"], set())}
    opened = [path for part in SCREEN_PARTS for path in screen_part(plan, part)[1]]
    assert sorted(opened) == sorted(plan["phone"][0] + plan["desktop"][0])


# --- What the build writes for readers (no browser) -------------------------------------------------
def test_no_sitemap_without_the_sites_address(built_site):
    """MkDocs would write "None/..." addresses; with RULEBOOK_SITE_URL the sitemap is written."""
    assert not (built_site / "sitemap.xml").exists()
    assert not (built_site / "sitemap.xml.gz").exists()
    assert not list(built_site.glob("*/sitemap.xml*"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_is_installable_and_lists_its_files_for_offline_use(built_site, lang):
    import hashlib

    home = built_site / LANGUAGE_ROOT[lang].lstrip("/")
    manifest = json.loads((home / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == lang and manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert (home / icon["src"]).resolve().is_file(), icon
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    listed = json.loads((built_site / "assets" / "offline" / f"{lang}.json").read_text(encoding="utf-8"))
    entries = listed["files"]
    files = [entry[0] for entry in entries]
    # A resolver page is kept with its engine, once a reader opens it (assets/offline/resolver-<lang>.json).
    pages = [page for page in language_pages(built_site, lang) if not page.endswith("/resolver/")]
    assert set(pages) <= set(files), set(pages) - set(files)
    # Every language's home and this language's page for what is not kept.
    assert {LANGUAGE_ROOT[other].lstrip("/") for other in LANGUAGES} <= set(files)
    assert LANGUAGE_ROOT[lang].lstrip("/") + "offline.html" in files
    text_index = f"{LANGUAGE_ROOT[lang].lstrip('/')}search/"
    assert f"{text_index}meta.json.gz" in files and any(f.startswith(f"{text_index}p") for f in files)
    # The name index once: gzipped, its plain twin only for a browser that cannot inflate it.
    names = [entry for entry in entries if entry[0].startswith(f"assets/names/{lang}.json")]
    assert [entry[0] for entry in names] == [f"assets/names/{lang}.json.gz"] and names[0][3][
        0
    ] == f"assets/names/{lang}.json"
    assert len(files) == len(set(files))
    others = [other for other in LANGUAGES if other != lang]
    assert not [
        f
        for f in files
        if any(
            f.startswith(f"{LANGUAGE_ROOT[other].lstrip('/')}search/") or f.startswith(f"assets/names/{other}")
            for other in others
        )
    ]
    for path, digest, size, *_ in entries:
        data = (built_site / (path + "index.html" if path == "" or path.endswith("/") else path)).read_bytes()
        assert (hashlib.sha256(data).hexdigest()[: len(digest)], len(data)) == (digest, size), path
    assert listed["bytes"] == sum(entry[2] for entry in entries)
    assert (built_site / "sw.js").is_file()


def test_source_notes_beside_rules_are_closed_and_link_to_the_whole_note(built_site):
    """A note is shown whole once, on its game's source-notes page; beside a rule it is a closed
    box with its opening sentence and a link there."""
    boxes = 0
    for lang in LANGUAGES:
        for path in language_pages(built_site, lang):
            html = (built_site / path / "index.html").read_text(encoding="utf-8")
            assert '<div class="admonition warning"' not in html, f"/{path}: an open note box"
            if path.rstrip("/").endswith("source-notes"):
                continue
            for box in re.findall(r'<details class="warning">(.*?)</details>', html, flags=re.S):
                boxes += 1
                assert re.search(r'href="[^"]*source-notes/#[a-z0-9-]+"', box), f"/{path}: {box[:200]}"
                assert box.count("<p>") <= 2, f"/{path}: a whole note beside a rule: {box[:200]}"
    assert boxes > 0


def test_printing_shows_the_page_with_its_closed_boxes_open(browser, host):
    context, page = new_page(browser, "ja", "desktop")
    page.goto(f"{host}/zombicide-1/skills/")
    closed = page.locator(".md-typeset details:not([open])").count()
    assert closed > 0
    page.emulate_media(media="print")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.locator(".md-typeset details:not([open])").count() == 0
    assert not page.locator(".md-header").is_visible() and page.locator("h1").is_visible()
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert page.locator(".md-typeset details:not([open])").count() == closed
    context.close()


def test_no_table_has_an_empty_header_cell(built_site):
    """A screen reader announces each cell by its column's header: every header says something."""
    empty = [
        path.relative_to(built_site).as_posix()
        for path in sorted(built_site.rglob("*.html"))
        if re.search(r"<th[^>]*>\s*</th>", path.read_text(encoding="utf-8"))
    ]
    assert not empty, empty


# --- Which game am I in? (site_overrides/partials/header.html, main.html) -------------------------
def page_game(path: str, project) -> str | None:
    """The game folder a built page belongs to, from its path ("uk/zombicide-2/skills/" ...)."""
    parts = [part for part in path.strip("/").split("/") if part not in LANGUAGES]
    return parts[0] if parts and parts[0] in project.games else None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_page_names_its_game_in_the_header_and_the_tab_title(built_site, project, lang):
    """Both Zombicide editions have a Skills page and a Wanda: the browser tab and the header say
    which game (and edition) is open, in the page's language, on every page of a game."""
    problems = []
    for path in language_pages(built_site, lang):
        game_id = page_game(path, project)
        if game_id is None:
            continue
        name = project.games[game_id].name[lang]
        html = (built_site / path / "index.html").read_text(encoding="utf-8")
        title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
        header = re.search(r'<div class="md-header__title".*?</div>\s*</div>\s*</div>', html, re.S).group(0)
        topics = re.findall(r'<div class="md-header__topic"[^>]*>(.*?)</div>', header, re.S)
        shown = [re.sub(r"<[^>]+>", " ", topic) for topic in topics]
        if name not in unescape(title):
            problems.append(f"/{path}: the tab title «{title}» does not name {name}")
        if len(shown) != 2 or not all(name in unescape(topic) for topic in shown):
            problems.append(f"/{path}: the header does not name {name}: {shown}")
    assert not problems, "\n".join(problems[:20])


HEADER_PAGES = ("zombicide-1/skills/", "zombicide-2/skills/", "resident-evil/enemies/")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_header_shows_the_game_whole_with_44_px_controls(browser, host, project, lang):
    """At 390 px: the game's name is on screen whole (not cut by an ellipsis) before and after
    scrolling, every header control is at least 44 px and has a name, and the menu opens from the
    keyboard."""
    context, page = new_page(browser, lang, "phone")
    for path in HEADER_PAGES:
        name = project.games[path.split("/")[0]].name[lang]
        page.goto(f"{host}{LANGUAGE_ROOT[lang]}{path}")
        for state in ("top", "scrolled"):
            if state == "scrolled":
                page.evaluate("window.scrollTo(0, 1200)")
                page.wait_for_function("document.querySelector('.md-header__title--active') !== null")
                page.wait_for_timeout(300)  # Material slides the second title in
            topic = page.locator(".md-header__topic").nth(0 if state == "top" else 1)
            shown = topic.locator(".rb-header-name, .rb-header-game").first
            assert shown.inner_text().strip() == name, (path, state)
            assert shown.evaluate("e => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1"), (
                f"{path} ({state}): «{name}» is cut"
            )
            box = shown.bounding_box()
            assert box and 0 <= box["x"] and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 48
            screenshot(page, f"header-{lang}-{path.split('/')[0]}-{state}")
        controls = page.eval_on_selector_all(
            ".md-header .md-header__button, .md-header .rb-search__toggle",
            """els => els.filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
                 .map(e => { const r = e.getBoundingClientRect();
                   return [e.className, r.width, r.height, e.getAttribute('aria-label') || e.title || ''] })""",
        )
        assert len(controls) >= 4, controls
        assert all(w >= 44 and h >= 44 for _, w, h, _ in controls), controls
        assert all(label.strip() for *_, label in controls), controls
        page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") == 390
    # The menu button: reached by Tab, opened by Enter or Space, says whether it is open.
    menu = page.locator(".rb-menu-button")
    for key in ("Enter", " "):
        assert menu.get_attribute("aria-expanded") == "false"
        menu.focus()
        page.keyboard.press(key)
        page.wait_for_timeout(200)  # a key that opened and closed it at once would show here
        assert page.evaluate("document.getElementById('__drawer').checked"), key
        assert menu.get_attribute("aria-expanded") == "true"
        page.evaluate("document.getElementById('__drawer').click()")
    context.close()


def test_a_page_links_the_previous_and_next_page_and_the_address_follows_the_section(browser, host):
    context, page = new_page(browser, "uk", "phone")
    page.goto(f"{host}/uk/zombicide-1/combat/")
    footer = page.locator(".md-footer__link")
    labels = [link.get_attribute("aria-label") for link in footer.all()]
    assert len(labels) == 2 and all(labels), labels
    assert new_url_path(footer.first.get_attribute("href"), page.url) == "/uk/zombicide-1/zombie-phase/"
    assert new_url_path(footer.last.get_attribute("href"), page.url) == "/uk/zombicide-1/end-phase/"
    section = page.eval_on_selector_all(".md-content h2[id]", "els => els.map(e => e.id)")[3]
    # Material follows the sections from the scroll events once it has measured the page, a few
    # hundred milliseconds after it loads: a jump made before goes unseen, so the reader's scroll
    # is made again until it follows (as a reader's next scroll would be).
    for _ in range(20):
        page.evaluate(f"document.getElementById('{section}').scrollIntoView()")
        page.evaluate("window.scrollBy(0, 10)")
        page.wait_for_timeout(500)
        if page.evaluate("location.hash") == f"#{section}":
            break
    assert page.evaluate("location.hash") == f"#{section}"
    context.close()


# The aids players keep beside the board, each page type in each language, on a phone.
AIDS = {
    "zombicide-2/round-summary/": "ol",  # the round, step by step
    "resident-evil/summary/": "#symbol-legend ~ ul",  # the attack symbols
    "resident-evil/checklists/": "#checklist-campaign ~ ol",
    "zombicide-1/faq/": "#_topic-zombies",  # rulings under their topics
    "zombicide-1/source-notes/": "#_readings ~ ul",  # the readings chosen
    "resident-evil/source-notes/": "#_readings ~ ul",
}


@pytest.mark.long(10)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_aid_reads_on_a_phone_and_names_its_game(browser, host, project, lang):
    context, page = new_page(browser, lang, "phone")
    for path, landmark in AIDS.items():
        game = project.games[path.split("/")[0]]
        page.goto(f"{host}{LANGUAGE_ROOT[lang]}{path}")
        assert page.locator(landmark).first.is_visible(), (path, landmark)
        assert page.evaluate("document.documentElement.scrollWidth") == 390, path
        assert game.name[lang] in page.locator(".md-header__topic").first.inner_text(), path
        assert game.name[lang] in page.title(), path
        assert not page.errors, (path, page.errors)
        screenshot(page, f"aid-{lang}-{path.strip('/').replace('/', '-')}")
        page.locator(landmark).first.scroll_into_view_if_needed()
        screenshot(page, f"aid-{lang}-{path.strip('/').replace('/', '-')}-body")
    context.close()
