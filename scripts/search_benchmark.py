"""Measure the header search in headless chromium; figures are ratios to baselines of the same run.

    .venv/bin/python scripts/search_benchmark.py [--site SITE_DIR] [--runs 5]

Without --site it builds the site into a temporary folder first. Per language, on the page
that shows the entry the query names:

- first-search bytes: everything the browser fetches from the first key until the full-text
  results are shown (name index, Pagefind's script, wasm, metadata, index chunks, fragments),
  served twice: as files are (no compression) and gzip-compressed the way static hosts send
  text. Baseline: the bytes of the page load itself (HTML, CSS, scripts) on the same server.
- name-result latency: from the input event of the last key to the name results in the list,
  for the first search (the name index still to fetch) and a later one. Baseline: the same
  browser's time from an input event to the next painted frame on the same page.
"""

from __future__ import annotations

import argparse
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


def serve(site: Path, compress: bool):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_class(site, compress))
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
    if (out && out.getAttribute('data-names') === document.querySelector('.rb-search__input').value)
      window.__rb.names = window.__rb.names || performance.now();
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-names']});
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
    search_bytes = sum(sizes.values())
    later = []
    for word in (query[:-1], query, query[:2]):
        page.evaluate("window.__rb = {}")
        box.fill(word)
        page.wait_for_selector(f'.rb-search__output[data-names="{word}"]', state="attached")
        later.append(page.evaluate("window.__rb.names - window.__rb.input"))
    context.close()
    return {
        "page": page_bytes,
        "search": search_bytes,
        "first": first,
        "later": statistics.median(later),
        "frame": frame,
    }


def run(site: Path, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch

    servers = {name: serve(site, compress) for name, compress in (("as files", False), ("gzip host", True))}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for name, (_server, base) in servers.items():
            for lang in QUERIES:
                samples = [measure(browser, base, lang, page_of(site, lang)) for _ in range(runs)]
                fig = {key: statistics.median(s[key] for s in samples) for key in samples[0]}
                print(
                    f"{name:9} {lang}: first search {fig['search'] / 1024:.0f} KiB = "
                    f"{fig['search'] / fig['page']:.2f} x page load ({fig['page'] / 1024:.0f} KiB); "
                    f"names shown {fig['first']:.0f} ms (first search) = {fig['first'] / fig['frame']:.1f} x frame, "
                    f"{fig['later']:.0f} ms later = {fig['later'] / fig['frame']:.1f} x frame "
                    f"(frame baseline {fig['frame']:.0f} ms)"
                )
        browser.close()
    for server, _base in servers.values():
        server.shutdown()


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
