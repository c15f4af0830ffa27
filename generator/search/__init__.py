"""Search for the built site: the per-language name index and Pagefind's full-text index."""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

from generator.load.entities import LANGUAGES, Project
from generator.search.names import compact_index
from generator.search.pagefind_chunks import rechunk

DEFAULT_LANGUAGE = "ja"  # built at the site root by mkdocs-static-i18n
NAMES_DIR = "assets/names"


def build_search(project: Project, site_dir: Path) -> str:
    """Write assets/names/<lang>.json(.gz), <lang>-more.json(.gz) and the Pagefind bundle; return a report.

    The browser fetches the gzip file and inflates it itself (DecompressionStream), so the first
    search stays small on any host, compressing or not; the plain file is for browsers without it.
    """
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
        index, other_languages, counts = compact_index(project, lang, "" if lang == DEFAULT_LANGUAGE else f"{lang}/")
        for name, value in ((lang, index), (f"{lang}-more", other_languages)):
            data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            (out / f"{name}.json").write_bytes(data)
            (out / f"{name}.json.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
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
    bundle = site_dir / "pagefind"
    entry = bundle / "pagefind-entry.json"
    data = json.loads(entry.read_text(encoding="utf-8"))
    rechunk(bundle, data)
    # Pagefind lists languages in hash-map order; sort them so equal data gives equal bytes.
    entry.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True), encoding="utf-8")
