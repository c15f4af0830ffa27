"""Measure the build and the search payload; figures are ratios to a baseline of the same run.

    .venv/bin/python scripts/benchmark.py [--runs 3]

Baseline: MkDocs + Material building a one-page site (the framework's fixed cost on this
machine, measured now). Reported: `generator check` and the full trilingual build as
multiples of it; per language, the bytes the browser fetches for a first search (name index +
Pagefind files), measured in headless chromium; counts of names, aliases and inflected forms.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import pipeline  # noqa: E402
from generator.search.names import name_index  # noqa: E402

QUERIES = {"ja": "スナイパー", "ko": "저격수", "uk": "снайпера"}


def timed(command: list[str], cwd: Path, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, cwd=cwd, check=True, capture_output=True)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def baseline(runs: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "docs").mkdir()
        (folder / "docs" / "index.md").write_text("# Baseline\n\nOne page.\n")
        (folder / "mkdocs.yml").write_text("site_name: Baseline\ntheme:\n  name: material\n")
        return timed([sys.executable, "-m", "mkdocs", "build", "-q"], folder, runs)


def search_payload(site: Path) -> dict[str, tuple[int, int]]:
    """Per language: (bytes fetched, of which name index) for one search on the skills page."""
    from playwright.sync_api import sync_playwright

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    results = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        for lang, query in QUERIES.items():
            page = browser.new_page()
            fetched: dict[str, int] = {}
            page.on("requestfinished", lambda request, fetched=fetched: fetched.__setitem__(
                request.url, request.sizes()["responseBodySize"]))
            prefix = "" if lang == "ja" else f"/{lang}"
            page.goto(f"{base}{prefix}/zombicide-1/skills/")
            fetched.clear()  # count only what searching loads
            page.fill(".rb-search__input", query)
            page.wait_for_selector(f'.rb-search__output[data-query="{query}"]', state="attached")
            page.wait_for_timeout(500)
            total = sum(fetched.values())
            names = sum(size for url, size in fetched.items() if "/assets/names/" in url)
            results[lang] = (total, names)
            page.close()
        browser.close()
    server.shutdown()
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    base = baseline(args.runs)
    check = timed([sys.executable, "-m", "generator", "check"], ROOT, args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        build = timed([sys.executable, "-m", "generator", "build", "--site-dir", str(Path(tmp) / "site")], ROOT, args.runs)
        payload = search_payload(Path(tmp) / "site")
        names_gz = {lang: len(gzip.compress((Path(tmp) / "site" / "assets" / "names" / f"{lang}.json").read_bytes()))
                    for lang in QUERIES}
    print(f"baseline (MkDocs + Material, one page): {base:.2f} s")
    print(f"generator check: {check:.2f} s = {check / base:.2f} x baseline")
    print(f"full build (3 languages, search indexes): {build:.2f} s = {build / base:.2f} x baseline")
    for lang, (total, names) in payload.items():
        print(f"search payload {lang}: {total / 1024:.0f} KiB fetched for a first search "
              f"(name index {names / 1024:.0f} KiB, {names_gz[lang] / 1024:.0f} KiB gzipped)")
    project = pipeline.check(ROOT)
    for lang in QUERIES:
        _, counts = name_index(project, lang)
        print(f"name index {lang}: {counts['entries']} entries, {counts['names']} names, "
              f"{counts['aliases']} aliases, {counts['inflected']} inflected forms")
    skills = sum(len(game.skills) for game in project.games.values())
    print(f"skills: {skills}")


if __name__ == "__main__":
    main()
