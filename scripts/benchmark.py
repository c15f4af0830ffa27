"""Measure the build, `check`, the search payload and the live preview's round-trip.

    .venv/bin/python scripts/benchmark.py [--runs 3] [--edits 3] [--skip-serve] [--skip-search]

Figures are ratios to a baseline measured in the same run, on this machine, interleaved with
the measured builds so that a busy machine slows both alike. Baseline: plain ProperDocs (the
engine the project builds with) + Material (its defaults, no overrides, no plugin of ours, no
search) with mkdocs-static-i18n building the *same generated Markdown* (build/docs after a full
build) with the same Markdown extensions.
Reported:
- full build (`python -m generator build`: load, check, model, render, ProperDocs, search index)
  as a multiple of the baseline (goal <= 1.3x);
- `python -m generator check`, wall time of the command (goal <= 1 s);
- per language, the bytes the browser fetches for a first search, measured in headless chromium;
- the live preview: one YAML edit under `scripts/site serve` until the edited page is served
  (goal < 3 s), and how many rebuilds each save started (goal: one);
- the resolver page and the other pages' weight (scripts/resolver_benchmark.py; --skip-resolver).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import pipeline  # noqa: E402
from generator.search.names import name_index  # noqa: E402
from tests.chromium import launch  # noqa: E402

PROJECT_FILES = ("mkdocs.yml", "content", "rules_data", "site_overrides", "build/docs/.gitignore")
SERVE_PAGE = "ko/zombicide-1/zombies/"
SERVE_FILE = "rules_data/zombicide-1/zombies.yaml"
QUERIES = {"ja": "スナイパー", "ko": "저격수", "uk": "снайпера"}


def run_once(command: list[str], cwd: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and everything it started)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def copy_project(target: Path) -> Path:
    for name in PROJECT_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def project_config() -> dict:
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: None)
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)


def plain_material(docs: Path, folder: Path) -> Path:
    """A plain Material project over a copy of the generated Markdown."""
    config = project_config()
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    shutil.copytree(docs, folder / "docs", ignore=shutil.ignore_patterns(".*"))
    plain = {
        "site_name": "Baseline",
        "theme": {"name": "material", "language": config["theme"].get("language", "en")},
        # Markdown's and pymdownx's extensions; ours (generator.*) are part of what is measured.
        "markdown_extensions": [
            e
            for e in config.get("markdown_extensions", [])
            if not str(next(iter(e)) if isinstance(e, dict) else e).startswith("generator.")
        ],
        "plugins": [{"i18n": i18n}],
    }
    (folder / "mkdocs.yml").write_text(yaml.safe_dump(plain, allow_unicode=True), encoding="utf-8")
    return folder


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
        browser = launch(p)
        for lang, query in QUERIES.items():
            page = browser.new_page()
            fetched: dict[str, int] = {}
            page.on(
                "requestfinished",
                lambda request, fetched=fetched: fetched.__setitem__(request.url, request.sizes()["responseBodySize"]),
            )
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""


def serve_round_trip(edits: int) -> tuple[list[float], list[int]]:
    """Edit one YAML file under `scripts/site serve` (properdocs serve --dirty) and time until the edited
    page is served; also count the rebuilds each save started."""
    with tempfile.TemporaryDirectory() as tmp:
        root = copy_project(Path(tmp))
        port = free_port()
        log = open(Path(tmp) / "serve.log", "w+")
        server = subprocess.Popen(
            [sys.executable, "-m", "generator.site.run_mkdocs", "serve", "--dirty", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=root,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}/{SERVE_PAGE}"
        seconds, rebuilds = [], []
        try:
            deadline = time.monotonic() + 300
            while "</html>" not in fetch(url):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the preview did not start:\n" + (Path(tmp) / "serve.log").read_text())
                time.sleep(0.2)
            source = root / SERVE_FILE
            for edit in range(edits):
                time.sleep(1.5)  # let the watcher settle
                marker = f"벤치마크표시{edit}"
                built_before = _count_builds(log)
                text = source.read_text(encoding="utf-8")
                started = time.perf_counter()
                # Into the first Korean block text: a body edit, not a title (a title re-renders all pages).
                source.write_text(
                    re.sub(r"(\bko: \|-\n\s+)", lambda m: m.group(1) + marker, text, count=1), encoding="utf-8"
                )
                while marker not in fetch(url):
                    if time.perf_counter() - started > 120:
                        raise SystemExit("the edit was not served within 120 s")
                    time.sleep(0.05)
                seconds.append(time.perf_counter() - started)
                time.sleep(3)  # a second, unwanted rebuild would start within this
                rebuilds.append(_count_builds(log) - built_before)
        finally:
            server.terminate()
            server.wait(timeout=30)
            log.close()
        return seconds, rebuilds


def _count_builds(log) -> int:
    log.flush()
    log.seek(0)
    return log.read().count("Building documentation...")


def measure_builds(runs: int, with_search: bool) -> float:
    """Print the build, check and search figures; return the baseline's wall time."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        root = copy_project(work / "project")
        build_command = [sys.executable, "-m", "generator", "build", "--root", str(root)]
        run_once(build_command, root)  # stages build/docs: the Markdown the baseline builds too
        plain = plain_material(root / "build" / "docs", work / "plain")
        builds, baselines, checks = [], [], []
        for _ in range(runs):  # interleaved: load on the machine hits both alike
            baselines.append(run_once([sys.executable, "-m", "properdocs", "build", "-q", "-f", "mkdocs.yml"], plain))
            builds.append(run_once(build_command, root))
            checks.append(run_once([sys.executable, "-m", "generator", "check", "--root", str(root)], root))
        (base, base_cpu), (build, build_cpu), (check, check_cpu) = (
            (statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples))
            for samples in (baselines, builds, checks)
        )
        pages = sum(1 for _ in (root / "build" / "docs").rglob("*.md"))
        print(
            f"baseline (plain ProperDocs + Material + i18n, the same {pages} generated pages): "
            f"{base:.2f} s wall, {base_cpu:.2f} s CPU"
        )
        # Each build against the baseline run just before it: the machine's speed drifts over minutes.
        paired = statistics.median(b / a for (a, _), (b, _) in zip(baselines, builds))
        print(
            f"full build (3 languages, search indexes): {build:.2f} s = {build / base:.2f} x baseline wall "
            f"(goal <= 1.3; {paired:.2f} x as the median of each build over the baseline run just before it); "
            f"CPU {build_cpu:.2f} s = {build_cpu / base_cpu:.2f} x baseline CPU"
        )
        print(
            f"generator check: {check:.2f} s wall (goal <= 1 s) = {check / base:.2f} x baseline; CPU {check_cpu:.2f} s"
        )
        if with_search:
            site = root / "site"
            for lang, (total, names) in search_payload(site).items():
                names_gz = len(gzip.compress((site / "assets" / "names" / f"{lang}.json").read_bytes()))
                print(
                    f"search payload {lang}: {total / 1024:.0f} KiB fetched for a first search "
                    f"(name index {names / 1024:.0f} KiB, {names_gz / 1024:.0f} KiB gzipped)"
                )
    return base


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3, help="builds of each kind (median)")
    parser.add_argument("--edits", type=int, default=3, help="YAML edits under serve (median)")
    parser.add_argument("--skip-serve", action="store_true")
    parser.add_argument("--skip-search", action="store_true")
    parser.add_argument("--serve-only", action="store_true", help="only the live preview's round-trip")
    parser.add_argument("--skip-resolver", action="store_true")
    args = parser.parse_args()
    print(f"machine load (1-minute average) at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    base = None if args.serve_only else measure_builds(args.runs, not args.skip_search)
    if not args.skip_serve:
        seconds, rebuilds = serve_round_trip(args.edits)
        median = statistics.median(seconds)
        versus = f" = {median / base:.2f} x baseline" if base else ""
        print(
            f"serve round-trip, one YAML edit until the page is served: median {median:.2f} s (goal < 3 s; "
            f"{', '.join(f'{s:.2f}' for s in seconds)}){versus}; rebuilds per save: {', '.join(map(str, rebuilds))}"
        )
    if not args.serve_only and not args.skip_resolver:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "resolver_benchmark.py")], check=True)
    print(f"machine load (1-minute average) at the end: {os.getloadavg()[0]:.1f}")
    if not args.serve_only:
        project = pipeline.check(ROOT)
        for lang in QUERIES:
            _, counts = name_index(project, lang, "" if lang == "ja" else f"{lang}/")
            print(
                f"name index {lang}: {counts['entries']} entries, {counts['names']} names, "
                f"{counts['aliases']} aliases, {counts['inflected']} inflected forms"
            )


if __name__ == "__main__":
    main()
