"""Search for the built site: the per-language name index and Pagefind's full-text index."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from generator.load.entities import LANGUAGES, Project
from generator.search.names import name_index

DEFAULT_LANGUAGE = "ja"  # built at the site root by mkdocs-static-i18n
NAMES_DIR = "assets/names"


def build_search(project: Project, site_dir: Path) -> str:
    """Write assets/names/<lang>.json and the Pagefind bundle; return a one-line report."""
    pagefind = start_pagefind(site_dir)  # it reads only the HTML: the name index is built meanwhile
    try:
        report = write_name_index(project, site_dir)
    except BaseException:
        pagefind.kill()
        pagefind.wait()
        raise
    finish_pagefind(pagefind, site_dir)
    return report


def write_name_index(project: Project, site_dir: Path) -> str:
    out = site_dir / NAMES_DIR
    out.mkdir(parents=True, exist_ok=True)
    totals = []
    for lang in LANGUAGES:
        entries, counts = name_index(project, lang, DEFAULT_LANGUAGE)
        data = json.dumps(entries, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        (out / f"{lang}.json").write_text(data, encoding="utf-8")
        totals.append(f"{lang}: {counts['entries']} entries, {counts['inflected']} inflected forms")
    return "name index " + "; ".join(totals)


def run_pagefind(site_dir: Path) -> None:
    finish_pagefind(start_pagefind(site_dir), site_dir)


def start_pagefind(site_dir: Path) -> subprocess.Popen:
    """Index the built HTML; Pagefind splits the index by each page's <html lang>."""
    return subprocess.Popen(
        [sys.executable, "-m", "pagefind", "--site", str(site_dir), "--quiet",
         "--exclude-selectors", ".headerlink"],  # the ¶ permalink would end every heading
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def finish_pagefind(process: subprocess.Popen, site_dir: Path) -> None:
    stdout, stderr = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"Pagefind failed:\n{stdout}\n{stderr}")
    # Pagefind lists languages in hash-map order; sort them so equal data gives equal bytes.
    entry = site_dir / "pagefind" / "pagefind-entry.json"
    data = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True), encoding="utf-8")
