"""The engine for the reader's browser: Pyodide's files and this generator's model code.

Pyodide comes from the npm registry, pinned (pyodide.json: version and the tarball's integrity):
scripts/setup packs it with `npm pack` into ~/.cache/rulebook/pyodide/<version>/, and the build
copies only the files a page needs (the interpreter, its standard library, the loader) into
assets/resolver/pyodide-<version>/, with a lock file that lists no package (the engine needs none
of Pyodide's). The generator's code the engine imports (every room but the site's, the search's
and the pipeline's), with the pure-Python parts of PyYAML, Jinja2 and MarkupSafe and their
licences, is one zip: the same sources give the same bytes.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import json
import os
import shutil
import zipfile
from pathlib import Path

from generator.errors import GeneratorError

HERE = Path(__file__).parent
GENERATOR = HERE.parent
PIN = json.loads((HERE / "pyodide.json").read_text(encoding="utf-8"))
CACHE_ENV = "RULEBOOK_PYODIDE_CACHE"  # where scripts/setup unpacked the npm package (default below)
FOLDER = "assets/resolver"  # in the site
LEFT_OUT = ("site", "search", "pipeline")  # the rooms the browser never runs
THIRD_PARTY = ("yaml", "jinja2", "markupsafe")  # pure Python: their compiled speed-ups stay behind
ZIP_TIME = (2026, 1, 1, 0, 0, 0)


def pyodide_cache() -> Path:
    default = Path.home() / ".cache" / "rulebook" / "pyodide" / PIN["version"]
    return Path(os.environ.get(CACHE_ENV) or default)


def pyodide_folder() -> str:
    return f"{FOLDER}/pyodide-{PIN['version']}/"


def engine_zip() -> bytes:
    """The model code and what it imports, as one zip (sources only; sorted, fixed times)."""
    entries: dict[str, bytes] = {}
    for path in sorted(GENERATOR.rglob("*")):
        rel = path.relative_to(GENERATOR.parent)
        if not path.is_file() or "__pycache__" in rel.parts or path.suffix in (".pyc", ".so"):
            continue
        if len(rel.parts) > 1 and rel.parts[1] in LEFT_OUT:
            continue
        if path.suffix in (".py", ".yaml", ".j2", ".json", ".css"):
            entries[rel.as_posix()] = path.read_bytes()
    for name in THIRD_PARTY:
        package = Path(importlib.import_module(name).__file__ or "").parent
        for path in sorted(package.rglob("*.py")):
            entries[f"{name}/{path.relative_to(package).as_posix()}"] = path.read_bytes()
        for licence in _licences(package, name):
            entries[f"licences/{name}-{licence.name}"] = licence.read_bytes()
    digest = hashlib.sha256()
    for name in sorted(entries):
        digest.update(name.encode() + b"\0" + len(entries[name]).to_bytes(8, "big") + entries[name])
    key = digest.digest()
    if key not in _ZIPPED:  # the preview asks after every save; its code rarely changes
        _ZIPPED.clear()
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for name in sorted(entries):
                info = zipfile.ZipInfo(name, ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, entries[name])
        _ZIPPED[key] = out.getvalue()
    return _ZIPPED[key]


_ZIPPED: dict[bytes, bytes] = {}  # the digest of the last zip's entries -> the zip


def _licences(package: Path, name: str) -> list[Path]:
    """The licence files a package's installed metadata carries."""
    found: list[Path] = []
    for info in sorted(package.parent.glob("*.dist-info")):
        top = info / "top_level.txt"
        names = top.read_text(encoding="utf-8").split() if top.exists() else []
        if name in names or info.name.lower().startswith(name.lower().replace("yaml", "pyyaml") + "-"):
            found += sorted(p for p in info.rglob("*") if p.is_file() and "licen" in p.name.lower())
    return found


def write_engine(site: Path) -> dict:
    """Pyodide's files and the engine's zip into the site; what the page needs to fetch them (each
    file's address from the site's root, and the bytes of them all)."""
    cache = pyodide_cache()
    missing = [name for name in PIN["files"] if not (cache / name).is_file()]
    if missing:
        raise GeneratorError(
            f"Pyodide {PIN['version']} is not in {cache} (missing {', '.join(missing)}); run scripts/setup, "
            "which fetches it from the npm registry"
        )
    target = site / pyodide_folder()
    target.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name in PIN["files"]:
        copy = target / name
        if not copy.is_file() or copy.stat().st_size != (cache / name).stat().st_size:  # the preview keeps them
            shutil.copyfile(cache / name, copy)
        sizes[name] = copy.stat().st_size
    lock = json.loads((cache / "pyodide-lock.json").read_text(encoding="utf-8"))
    (target / "pyodide-lock.json").write_text(
        json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True), encoding="utf-8"
    )
    sizes["pyodide-lock.json"] = (target / "pyodide-lock.json").stat().st_size
    body = engine_zip()
    name = f"engine-{hashlib.sha256(body).hexdigest()[:12]}.zip"
    for old in (site / FOLDER).glob("engine-*.zip"):  # an earlier build's, under the preview
        if old.name != name:
            old.unlink()
    (site / FOLDER / name).write_bytes(body)
    return {
        "pyodide": pyodide_folder(),
        "pyodideScript": sizes["pyodide.js"],
        "zip": f"{FOLDER}/{name}",
        "files": [f"{pyodide_folder()}{n}" for n in sorted(sizes)] + [f"{FOLDER}/{name}"],
        "bytes": sum(sizes.values()) + len(body),
    }
