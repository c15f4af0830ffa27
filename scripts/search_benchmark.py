"""Measure the header search in headless chromium; figures are ratios to baselines of the same run.

    .venv/bin/python scripts/search_benchmark.py [--site SITE_DIR] [--runs 5]

Without --site it builds the site into a temporary folder first. Per language, on the page
that shows the entry the query names:

- first-search bytes: everything the browser fetches from the first key until the full-text
  results are shown (the name index, the full-text index's shard list and shards),
  served twice: as files are (no compression) and gzip-compressed the way static hosts send
  text. Baseline: the bytes of the page load itself (HTML, CSS, scripts) on the same server.
- name-result latency: from the input event of the last key to the name results in the list,
  for the first search (the name index still to fetch) and a later one, and to the full-text
  results of the first search. Baseline: the same browser's time from an input event to the next
  painted frame on the same page.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import http.server
import io
import json
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
QUERIES = {"ja": "スナイパー", "ko": "저격수", "uk": "снайпера"}
TITLES = {"ja": "スナイパー", "ko": "저격수", "uk": "Снайпер"}  # the entries the queries name
LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
COMPRESSIBLE = (".html", ".js", ".css", ".json", ".xml", ".svg", ".txt")


def handler_class(site: Path, compress: bool):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(site), **kwargs)

        def log_message(self, *args):
            pass

        def send_head(self):
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                path = path / "index.html"
            if not (
                compress
                and path.suffix in COMPRESSIBLE
                and path.is_file()
                and "gzip" in self.headers.get("Accept-Encoding", "")
            ):
                return super().send_head()
            body = gzip.compress(path.read_bytes(), mtime=0)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

    return Handler


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when the browser drops a request it no longer needs (a page closed meanwhile)."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(site: Path, compress: bool):
    server = QuietServer(("127.0.0.1", 0), handler_class(site, compress))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def page_of(site: Path, lang: str) -> str:
    """The page (game/page/) that shows the entry named by the language's query."""
    index = json.loads(gzip.decompress((site / "assets" / "names" / f"{lang}.json.gz").read_bytes()))
    url = next(entry[3] for entry in index["entries"] if entry[0] == TITLES[lang])
    return url.split("#")[0]


WATCH = """() => {
  window.__rb = {};
  document.addEventListener('input', () => { window.__rb.input = performance.now(); }, true);
  new MutationObserver(() => {
    const out = document.querySelector('.rb-search__output');
    const typed = document.querySelector('.rb-search__input').value;
    if (out && out.getAttribute('data-names') === typed) window.__rb.names = window.__rb.names || performance.now();
    if (out && out.getAttribute('data-text') === typed) window.__rb.text = window.__rb.text || performance.now();
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-names', 'data-text']});
}"""

FRAME = """() => new Promise(resolve => {
  const probe = document.createElement('input');
  document.body.appendChild(probe);
  probe.addEventListener('input', () => {
    const started = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => { probe.remove(); resolve(performance.now() - started); }));
  });
  probe.value = 'x';
  probe.dispatchEvent(new Event('input'));
})"""


def measure(browser, base: str, lang: str, path: str) -> dict:
    """One fresh page: the bytes of its load, every byte its first search fetches (until the
    full-text results are shown), the times from the last key to the names and to the full text,
    and the frame baseline."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    sizes: dict[str, int] = {}

    def finished(request):
        try:
            response = request.response()
        except Exception:  # the page closed meanwhile: nothing of this search
            return
        encoded = int(response.header_value("content-length") or 0) if response else 0
        sizes[request.url] = encoded or request.sizes()["responseBodySize"]

    page.on("requestfinished", finished)
    page.goto(f"{base}{LANGUAGE_ROOT[lang]}{path}")
    page.wait_for_load_state("networkidle")
    page_bytes = sum(sizes.values())
    frame = statistics.median(page.evaluate(FRAME) for _ in range(5))
    sizes.clear()
    page.evaluate(WATCH)
    query = QUERIES[lang]
    box = page.locator(".rb-search__input")
    box.fill(query)
    page.wait_for_selector(f'.rb-search__output[data-text="{query}"]', state="attached", timeout=20000)
    page.wait_for_timeout(300)  # anything still arriving for this search
    first = page.evaluate("window.__rb.names - window.__rb.input")
    text = page.evaluate("window.__rb.text - window.__rb.input")
    fetched = dict(sizes)
    later = []
    for word in (query[:-1], query, query[:2]):
        page.evaluate("window.__rb = {}")
        box.fill(word)
        page.wait_for_selector(f'.rb-search__output[data-names="{word}"]', state="attached")
        later.append(page.evaluate("window.__rb.names - window.__rb.input"))
    context.close()
    return {
        "page": page_bytes,
        "search": sum(fetched.values()),
        "names": sum(size for url, size in fetched.items() if "/assets/names/" in url),
        "files": len(fetched),
        "first": first,
        "text": text,
        "later": statistics.median(later),
        "frame": frame,
    }


def figures(site: Path, runs: int) -> dict[tuple[str, str], dict]:
    """(host, language) -> the medians of `runs` fresh pages; host is "as files" (no compression)
    or "gzip host" (text compressed as static hosts send it)."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch

    servers = {name: serve(site, compress) for name, compress in (("as files", False), ("gzip host", True))}
    found = {}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for name, (_server, base) in servers.items():
            for lang in QUERIES:
                samples = [measure(browser, base, lang, page_of(site, lang)) for _ in range(runs)]
                found[name, lang] = {key: statistics.median(s[key] for s in samples) for key in samples[0]}
        browser.close()
    for server, _base in servers.values():
        server.shutdown()
    return found


def report(found: dict[tuple[str, str], dict]) -> list[str]:
    lines = []
    for (name, lang), fig in found.items():
        lines.append(
            f"{name:9} {lang}: first search {fig['search'] / 1000:.0f} KB in {fig['files']:.0f} files "
            f"(goal <= 150 KB; names {fig['names'] / 1000:.0f} KB) = {fig['search'] / fig['page']:.2f} x page load "
            f"({fig['page'] / 1000:.0f} KB); names shown {fig['first']:.0f} ms after the last key (goal <= 50) = "
            f"{fig['first'] / fig['frame']:.1f} x frame, full text {fig['text']:.0f} ms (goal <= 300) = "
            f"{fig['text'] / fig['frame']:.1f} x frame; names of a later search {fig['later']:.0f} ms "
            f"(frame baseline {fig['frame']:.0f} ms)"
        )
    return lines


def quality(site: Path) -> dict[str, dict]:
    """Per language: full-text recall and precision over tests/fixtures/search/recall.yaml, and
    hit@1 and hit@3 of the phrases of tests/fixtures/search/phrases.yaml (tests/search_quality.py)."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch
    from tests.search_quality import LANGUAGE_ROOT, phrase_figures, recall_figures
    from tests.test_search import links_of_each

    server, base = serve(site, False)
    found = {}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for lang in QUERIES:
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.goto(f"{base}{LANGUAGE_ROOT[lang]}")
            recall = recall_figures(page, site, lang)
            phrases = phrase_figures(page, base, lang, links_of_each)
            found[lang] = {
                "recall": round(recall["recall"], 4),
                "precision": round(recall["precision"], 4),
                "words": recall["queries"],
                "hit1": round(phrases["hit1"], 4),
                "hit3": round(phrases["hit3"], 4),
                "phrases": phrases["queries"],
            }
            page.context.close()
        browser.close()
    server.shutdown()
    return found


FIGURES_FILE = ROOT / "rules_data" / "search-quality.yaml"  # what the about page shows


def write_figures(found: dict[str, dict], path: Path = FIGURES_FILE) -> None:
    """The quality figures as generator/load/search_figures.py reads them, dated today."""
    lines = [
        "# Written by scripts/benchmark.py, which measures the search in a built site",
        "# (tests/search_quality.py); the about page shows it. Measure again rather than edit.",
        f"measured: {datetime.date.today().isoformat()}",
        "languages:",
    ]
    for lang, fig in found.items():
        lines.append(f"  {lang}: {{{', '.join(f'{key}: {value}' for key, value in fig.items())}}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def quality_report(found: dict[str, dict]) -> list[str]:
    return [
        f"search quality {lang}: full-text recall {fig['recall']:.1%} (goal 100 %), precision {fig['precision']:.1%} "
        f"over {fig['words']} words; questions hit@1 {fig['hit1']:.0%}, hit@3 {fig['hit3']:.0%} (goal >= 90 %) "
        f"over {fig['phrases']} phrases"
        for lang, fig in found.items()
    ]


def run(site: Path, runs: int) -> None:
    print("\n".join(quality_report(quality(site))))
    print("\n".join(report(figures(site, runs))))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if args.site:
        run(args.site, args.runs)
        return
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        subprocess.run(
            [sys.executable, "-m", "generator", "build", "--site-dir", str(site)],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        run(site, args.runs)


if __name__ == "__main__":
    main()
