"""Build the whole site into a fresh folder, then swap it in: a failed build leaves the old site."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from generator.pipeline import PROJECT_ROOT


def build_site(site_dir: str = "site", root: Path = PROJECT_ROOT) -> int:
    target = (root / site_dir).resolve()
    work = Path(tempfile.mkdtemp(prefix=".site-", dir=target.parent))
    fresh = work / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(fresh)],
        cwd=root,
    )
    if result.returncode != 0:
        shutil.rmtree(work, ignore_errors=True)
        print(f"build failed; {site_dir}/ was left as it was", file=sys.stderr)
        return result.returncode
    old = work / "old"
    if target.exists():
        target.rename(old)
    fresh.rename(target)
    shutil.rmtree(work, ignore_errors=True)
    print(f"site built into {site_dir}/")
    return 0
