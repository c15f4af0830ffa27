"""Measure the resolver page and what it costs the other pages (scripts/benchmark.py runs it).

    .venv/bin/python scripts/resolver_benchmark.py [--site DIR] [--baseline DIR]

Reported:
- the resolver page's first visit: the bytes it fetches (as served, and gzipped as a host would
  send them), and the time until the first outcome is shown over a throttled connection (a slow
  phone network: 1.6 Mbit/s down, 150 ms a request) and over the local one;
- an outcome once the engine has loaded: a single attack, played with the CPU slowed down as
  DevTools' phone setting does (4x) and at full speed (median of several plays; goal <= 200 ms);
- the other pages: the bytes a reader of a rules page fetches (the page and the files it loads),
  and each language's offline list, against a baseline: the same site built from the commit this
  branch started from (git merge-base with main), in the same run.
Without --site and --baseline, both are built in a temporary folder first.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.chromium import launch  # noqa: E402

SLOW = {"bytes_per_second": 1_600_000 / 8, "latency": 0.150}  # a slow phone network
RESOLVER = "ko/zombicide-1/resolver/"
# A home page, a rules page with worked examples, a page without, another game's home.
OTHER_PAGES = ("", "ko/zombicide-1/combat/", "uk/zombicide-1/skills/", "resident-evil/")
LANGUAGES = ("ja", "ko", "uk")
PLAYS = 7


class _Host(http.server.SimpleHTTPRequestHandler):
    """A static host that counts what it sends and, when asked, sends it slowly."""

    sent: list[tuple[str, int]] = []
    throttle: dict | None = None

    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        if self.throttle:
            time.sleep(self.throttle["latency"])
        chunk = 16_384
        while True:
            data = source.read(chunk)
            if not data:
                break
            outputfile.write(data)
            _Host.sent.append((self.path, len(data)))
            if self.throttle:
                time.sleep(len(data) / self.throttle["bytes_per_second"])


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Host, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def build(root: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "generator", "build", "--root", str(root)], check=True, capture_output=True, cwd=root
    )
    return root / "site"


def lay_out_current(target: Path) -> Path:
    target.mkdir(parents=True)
    for name in ("mkdocs.yml", "content", "rules_data", "site_overrides"):
        subprocess.run(["cp", "-r", str(ROOT / name), str(target / name)], check=True)
    (target / "build" / "docs").mkdir(parents=True)
    return target


def lay_out_baseline(target: Path) -> Path:
    """The project as it was where this branch began (its generator runs from there too)."""
    base = subprocess.run(
        ["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    archive = subprocess.run(["git", "archive", base or "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
    target.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    (target / "build" / "docs").mkdir(parents=True, exist_ok=True)
    return target


def build_baseline(target: Path) -> Path:
    root = lay_out_baseline(target)
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}
    subprocess.run(
        [sys.executable, "-m", "generator", "build", "--root", str(root)],
        check=True,
        capture_output=True,
        cwd=root,
        env=env,
    )
    return root / "site"


# --- the resolver page -------------------------------------------------------------------------------
def first_visit(browser, site: Path, throttle: dict | None) -> dict:
    server, host = serve(site)
    _Host.sent, _Host.throttle = [], throttle
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    started = time.perf_counter()
    page.goto(f"{host}/{RESOLVER}")
    page.wait_for_selector("#rb-resolver[data-engine=ready]", timeout=900_000)
    ready = time.perf_counter() - started
    page.click(".rb-r-resolve")
    page.wait_for_selector("#rb-resolver[data-resolved]", timeout=120_000)
    outcome = time.perf_counter() - started
    context.close()
    server.shutdown()
    _Host.throttle = None
    total = sum(n for _, n in _Host.sent)
    files = sorted({path for path, _ in _Host.sent})
    zipped = sum(
        len(gzip.compress((site / p.split("?")[0].lstrip("/")).read_bytes(), 6))
        for p in files
        if (site / p.split("?")[0].lstrip("/")).is_file()
    )
    return {"bytes": total, "gzipped": zipped, "files": len(files), "ready": ready, "outcome": outcome}


def outcome_times(browser, site: Path, rate: float) -> tuple[float, float]:
    """(median ms the engine took in its worker, median ms from the tap to the outcome shown)."""
    server, host = serve(site)
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.goto(f"{host}/{RESOLVER}")
    page.wait_for_selector("#rb-resolver[data-engine=ready]", timeout=300_000)
    page.check(".rb-r-dice input[value=typed]")
    page.select_option('[data-path=\'["dice","+"]\']', "5")  # a single attack of one die, rolled
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    engine, shown = [], []
    for count in range(1, PLAYS + 1):
        started = time.perf_counter()
        page.click(".rb-r-resolve")
        page.wait_for_selector(f"#rb-resolver[data-resolved='{count}']", timeout=120_000)
        shown.append((time.perf_counter() - started) * 1000)
        engine.append(float(page.get_attribute("#rb-resolver", "data-ms") or 0))
    context.close()
    server.shutdown()
    return statistics.median(engine[1:]), statistics.median(shown[1:])  # the first play warms the caches


# --- the other pages --------------------------------------------------------------------------------
def page_weight(site: Path, path: str) -> int:
    """A page's HTML and the stylesheets and scripts it loads (what a first visit fetches)."""
    html_file = site / path / "index.html"
    html = html_file.read_text(encoding="utf-8")
    total = len(html.encode("utf-8"))
    for ref in re.findall(r'<(?:script[^>]+src|link[^>]+href)="([^"]+\.(?:js|css))"', html):
        target = (html_file.parent / ref.split("?")[0]).resolve()
        if target.is_file():
            total += target.stat().st_size
    return total


def offline_weight(site: Path, lang: str) -> int:
    """The bytes the language's offline list names (each entry: path, hash, bytes)."""
    listed = json.loads((site / "assets" / "offline" / f"{lang}.json").read_text(encoding="utf-8"))
    return sum(entry[2] for entry in listed["files"])


def report(site: Path, baseline: Path) -> list[str]:
    lines = []
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        local = first_visit(browser, site, None)
        slow = first_visit(browser, site, SLOW)
        lines.append(
            f"resolver first visit ({RESOLVER}): {local['bytes'] / 1048576:.1f} MiB in {local['files']} files "
            f"({local['gzipped'] / 1048576:.1f} MiB gzipped); first outcome after {slow['outcome']:.1f} s on a slow "
            f"phone network (1.6 Mbit/s, 150 ms a request; engine ready at {slow['ready']:.1f} s), "
            f"{local['outcome']:.1f} s locally"
        )
        for rate in (4, 1):
            engine, shown = outcome_times(browser, site, rate)
            lines.append(
                f"outcome of a single attack once loaded, CPU {rate}x slower: {engine:.0f} ms in the engine, "
                f"{shown:.0f} ms from the tap to the outcome shown" + (" (goal <= 200 ms)" if rate == 4 else "")
            )
        browser.close()
    for path in OTHER_PAGES:
        now, before = page_weight(site, path), page_weight(baseline, path)
        lines.append(
            f"page /{path}: {now} bytes with its styles and scripts = {now / before:.3f} x baseline ({before})"
        )
    for lang in LANGUAGES:
        now, before = offline_weight(site, lang), offline_weight(baseline, lang)
        lines.append(
            f"offline copy {lang}: {now / 1048576:.2f} MiB = {now / before:.3f} x baseline; resolver files in it: "
            f"{sum(1 for f in json.loads((site / 'assets' / 'offline' / f'{lang}.json').read_text()) if 'resolver' in f)}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path, help="a built site (default: built now)")
    parser.add_argument("--baseline", type=Path, help="the site built where this branch began (default: built now)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or build(lay_out_current(Path(tmp) / "current"))
        baseline = args.baseline or build_baseline(Path(tmp) / "baseline")
        for line in report(site, baseline):
            print(line)


if __name__ == "__main__":
    main()
