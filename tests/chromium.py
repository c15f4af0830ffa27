"""The browser of the browser tests and the benchmarks: Debian's chromium-headless-shell.

It is Debian's chromium build of the same Blink and V8, without the desktop browser's window
and interface layer, which headless pages never show; Playwright, too, runs this shell for
headless Chromium. A page load costs about a quarter less CPU than in `chromium --headless`.
"""

from __future__ import annotations

from pathlib import Path

EXECUTABLE = Path("/usr/bin/chromium-headless-shell")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch(playwright):
    """A headless browser; `playwright` is the object sync_playwright() gives."""
    assert EXECUTABLE.exists(), "the browser tests need Debian's chromium-headless-shell: run scripts/setup --browser"
    return playwright.chromium.launch(executable_path=str(EXECUTABLE), args=ARGS)
