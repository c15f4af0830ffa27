"""Measure the build, `check`, the first search and the live preview; how each stage grows.

    .venv/bin/python scripts/benchmark.py [--runs 3] [--edits 3] [--skip-serve] [--skip-search]
                                          [--skip-growth] [--growth-only]

Figures are ratios to a baseline measured in the same run, on this machine, interleaved with
the measured builds so that a busy machine slows both alike. Baseline: plain ProperDocs (the
engine the project builds with) + Material (its defaults, no overrides, no plugin of ours, no
search) with mkdocs-static-i18n building the *same generated Markdown* (build/docs after a full
build) with the same Markdown extensions.
Reported:
- the headline: the full build's CPU time (`python -m generator build`: load, check, model,
  render, ProperDocs, search index; every process it starts) as a multiple of the baseline's CPU
  time (goal <= 1.3x), its wall time beside it with the number of cores (the build uses a second
  core, the baseline one: on a machine whose other core is busy, the wait follows the CPU). The
  headline's builds are rebuilds over unchanged files, as a writer's are between two edits: each
  game's verdict and pages and each language's full-text index come from the cache. Beside it,
  one build after an edit of one game's Ukrainian text, one after a change to the generator's
  code, and one on a fresh machine (every cache empty): see cold_builds();
- `python -m generator check` (goal <= 1 s), alone and with a CPU-bound process on the other core,
  over unchanged files (each game as the last check found it), after an edit of one game's text
  (the model's verdict kept) and after an edit of one of its scenario files (its cases played again);
- per language, every byte a first search fetches (name index, full-text index, page text for
  the excerpts), served as files and compressed as a host would, and how long the names and the
  full text take after the last key, against the browser's frame (scripts/search_benchmark.py);
- the search's quality (tests/search_quality.py): full-text recall and precision, and hit@1 and
  hit@3 of players' questions, per language; written to rules_data/search-quality.yaml, which the
  about page shows;
- per language, what the offline copy downloads after a first visit: the files of its list, their
  bytes, and the bytes a host that gzips its answers sends (each file compressed on its own);
- the live preview: one YAML edit under `scripts/site serve` until the edited page is served
  (goal < 3 s), and how many rebuilds each save started (goal: one);
- growth: each stage's CPU time on synthetic projects of 1, 3 and 10 times the games (check with
  nothing kept but the parsed files, as after a change to the generator's code)
  (scripts/synthetic_project.py) and its exponent (log-log slope; goal <= 1.1 from 3x to 10x),
  and the bytes a first search fetches at 10x (goal <= 200 KB; served as files);
  the stages run in one process, and check, are timed three times and the least kept, since a busy machine
  only adds to CPU time (one sample each moved the exponents by +-0.3 at load 7), and the scales
  are measured there and back, so that the machine's drift over the minutes between them cancels.
- the resolver page and the other pages' weight (scripts/resolver_benchmark.py; --skip-resolver).
The generator's bytecode is written first (compiled_as_installed), as the baseline's is.
"""

from __future__ import annotations

import argparse
import compileall
import gc
import gzip
import json
import math
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Callable

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import search_benchmark  # noqa: E402
import synthetic_project  # noqa: E402

from generator import pipeline  # noqa: E402
from generator.search.names import name_index  # noqa: E402

SERVE_PAGE = "ko/zombicide-1/zombies/"
SERVE_FILE = "rules_data/zombicide-1/zombies.yaml"
QUERIES = search_benchmark.QUERIES
SCALES = (1, 3, 10)
STAGE_REPEATS = 3  # each in-process stage is timed this often, its least CPU time kept
STAGES = ("load", "model checks", "rendering", "name index", "search index", "check", "whole build")
BUSY = "import time\nend = time.monotonic() + 600\nwhile time.monotonic() < end:\n    pass\n"


def run_once(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and everything it started)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, env={**os.environ, **(env or {})})
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


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
    # A page on one of our own templates (the resolver's) is rendered with Material's own.
    for page in (folder / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        if text.startswith("---\n") and "\n---\n" in text:
            meta, body = text[4:].split("\n---\n", 1)
            kept = [line for line in meta.splitlines() if not line.startswith("template: ")]
            page.write_text("---\n" + "".join(line + "\n" for line in kept) + "---\n" + body, encoding="utf-8")
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


def offline_payload(site: Path) -> dict[str, tuple[int, int, int]]:
    """Per language: (files, bytes, bytes gzipped file by file) of the offline list
    (assets/offline/<lang>.json, generator/site/reader_site.py). Files a host sends as they are
    (images, the name index's own gzip) count their own size."""
    import json

    results = {}
    for listed in sorted((site / "assets" / "offline").glob("*.json")):
        entries = json.loads(listed.read_text(encoding="utf-8"))["files"]
        raw = packed = 0
        for path, _, size, *_ in entries:
            data = (site / (path + "index.html" if path == "" or path.endswith("/") else path)).read_bytes()
            raw += size
            compressible = path.endswith(("/", ".html", ".js", ".css", ".json", ".svg", ".webmanifest")) or path == ""
            packed += min(size, len(gzip.compress(data, 6))) if compressible else size
        results[listed.stem] = (len(entries), raw, packed)
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
        root = synthetic_project.copy_project(Path(tmp))
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


def with_busy_core(command: list[str], cwd: Path) -> tuple[float, float]:
    """run_once(command) while a CPU-bound process keeps another core busy (stopped after)."""
    busy = subprocess.Popen([sys.executable, "-c", BUSY])
    try:
        time.sleep(0.3)  # running before the command starts
        return run_once(command, cwd)
    finally:
        busy.kill()
        busy.wait()


def compiled_as_installed() -> None:
    """The generator's bytecode written now, as Python writes it on a user's first run and pip at
    the baseline's install. Where PYTHONDONTWRITEBYTECODE is set (some containers), every measured
    process would otherwise compile each module changed since its bytecode was last written."""
    if not compileall.compile_dir(ROOT / "generator", quiet=1):
        raise SystemExit("the generator's code does not compile")


def measure_builds(runs: int, with_search: bool, search_runs: int) -> float:
    """Print the build, check and search figures; return the baseline's wall time."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        root = synthetic_project.copy_project(work / "project")
        build_command = [sys.executable, "-m", "generator", "build", "--root", str(root)]
        check_command = [sys.executable, "-m", "generator", "check", "--root", str(root)]
        run_once(build_command, root)  # stages build/docs: the Markdown the baseline builds too
        plain = plain_material(root / "build" / "docs", work / "plain")
        builds, baselines, checks, busy_checks, edited_checks = [], [], [], [], []
        case_checks: dict[str, list[tuple[float, float]]] = {game: [] for game in EDITED_CASES}
        for run in range(runs):  # interleaved: load on the machine hits both alike
            baselines.append(run_once([sys.executable, "-m", "properdocs", "build", "-q", "-f", "mkdocs.yml"], plain))
            builds.append(run_once(build_command, root))
            checks.append(run_once(check_command, root))
            busy_checks.append(with_busy_core(check_command, root))
            # edits check has not seen yet: that game loaded again; played again for a case's
            edited_checks.append(_edited(check_command, root, number=run + 2, busy=True))
            for game, samples in case_checks.items():
                samples.append(_case_edited(check_command, root, game, number=run + 2))
        (base, base_cpu), (build, build_cpu), (check, check_cpu), (busy, _), (edited, edited_cpu) = (
            _medians(samples) for samples in (baselines, builds, checks, busy_checks, edited_checks)
        )
        baseline_command = [sys.executable, "-m", "properdocs", "build", "-q", "-f", "mkdocs.yml"]
        colder = cold_builds(build_command, root, work, runs, lambda: run_once(baseline_command, plain))
        pages = sum(1 for _ in (root / "build" / "docs").rglob("*.md"))
        # Each build against the baseline run just before it: the machine's speed drifts over minutes.
        paired_cpu = statistics.median(b / a for (_, a), (_, b) in zip(baselines, builds))
        print(
            f"HEADLINE build CPU = {build_cpu / base_cpu:.2f} x baseline CPU (goal <= 1.3; {paired_cpu:.2f} x as the "
            f"median of each build over the baseline run just before it): {build_cpu:.2f} s against {base_cpu:.2f} s"
        )
        print(
            f"  wall on {os.cpu_count()} cores: build {build:.2f} s = {build / base:.2f} x baseline wall ({base:.2f} s); "
            f"baseline: plain ProperDocs + Material + i18n, the same {pages} generated pages"
        )
        for what, samples in colder.items():
            wall, cpu = (statistics.median(sample[i] for sample in samples) for i in (0, 1))
            paired = statistics.median(cpu / base for _, cpu, base in samples)
            print(
                f"  {what}: CPU {cpu:.2f} s = {cpu / base_cpu:.2f} x baseline CPU ({paired:.2f} x as the median of "
                f"each over the baseline run just before it; {', '.join(f'{c / b:.2f}' for _, c, b in samples)}); "
                f"wall {wall:.2f} s = {wall / base:.2f} x baseline wall"
            )
        print(
            f"generator check: {check:.2f} s wall with the other core free, {busy:.2f} s with it busy "
            f"(goal <= 1 s) = {check / base:.2f} x and {busy / base:.2f} x baseline wall; CPU {check_cpu:.2f} s "
            f"= {check_cpu / base_cpu:.2f} x baseline CPU"
        )
        print(
            f"  after an edit of one game's Ukrainian text, with the other core busy: {edited:.2f} s wall, CPU "
            f"{edited_cpu:.2f} s = {edited_cpu / base_cpu:.2f} x baseline CPU (that game loaded again; the "
            f"model's verdict kept, as the model reads no text)"
        )
        for game, samples in case_checks.items():
            case, case_cpu = _medians(samples)
            print(
                f"  after an edit of one of {game}'s scenario files, with the other core busy: {case:.2f} s wall "
                f"({', '.join(f'{w:.2f}' for w, _ in samples)}), CPU {case_cpu:.2f} s = {case_cpu / base_cpu:.2f} x "
                f"baseline CPU (that game read back as its last clean load left it, that file's cases read and played again)"
            )
        for lang, (count, raw, packed) in offline_payload(root / "site").items():
            print(
                f"offline copy {lang}: {count} files, {raw / 1024 / 1024:.2f} MiB as stored, "
                f"{packed / 1024 / 1024:.2f} MiB fetched from a host that gzips"
            )
        if with_search:
            print("\n".join(search_benchmark.report(search_benchmark.figures(root / "site", search_runs))))
            quality = search_benchmark.quality(root / "site")
            print("\n".join(search_benchmark.quality_report(quality)))
            search_benchmark.write_figures(quality)
            print(f"written for the about page: {search_benchmark.FIGURES_FILE.relative_to(ROOT)}")
    return base


def cold_builds(
    build_command: list[str], root: Path, work: Path, runs: int, baseline: Callable[[], tuple[float, float]]
) -> dict[str, list[tuple[float, float, float]]]:
    """The build with less kept from earlier builds than the headline's rebuild finds, `runs`
    times each, each after a run of the baseline: (wall, CPU, the baseline's CPU just before). Each
    cache is keyed by what decides its content (generator/pipeline/game_memo.py,
    generator/search/__init__.py, generator/runtime/template_cache.py), so each case drops what it
    would invalidate:
    - after a translator's edit of one game's text in one language: that game's pages and that
      language's full-text index are made again (the model's verdict is kept: it reads no text);
    - after a change to the generator's code: every game's verdict and pages (their key holds the
      code); the full-text indexes, compiled templates and parsed YAML stay, as their keys hold
      the pages', templates' and files' bytes, which a change that leaves the pages as they were
      does not touch;
    - on a fresh machine (CI's case): every cache empty."""
    user_cache = _user_cache()
    everything_but_verdicts = [entry.name for entry in user_cache.iterdir() if entry.name != "verdicts"]

    def with_caches(kept: list[str]) -> Callable[[int], tuple[float, float]]:
        def build(_: int) -> tuple[float, float]:
            caches = Path(tempfile.mkdtemp(dir=work, prefix="cache-"))
            for name in kept:
                if (user_cache / name).is_dir():
                    shutil.copytree(user_cache / name, caches / "rulebook" / name)
            return run_once(build_command, root, {"XDG_CACHE_HOME": str(caches)})

        return build

    cases: dict[str, Callable[[int], tuple[float, float]]] = {
        "after an edit of one game's Ukrainian text (its pages and uk index made again)": lambda number: _edited(
            build_command, root, number=number + 10
        ),
        "after a change to the generator's code (every verdict and game page made again)": with_caches(
            everything_but_verdicts
        ),
        "on a fresh machine (every cache empty)": with_caches([]),
    }
    found: dict[str, list[tuple[float, float, float]]] = {what: [] for what in cases}
    for run in range(runs):  # interleaved, as the headline's: a drift of the machine hits each alike
        for what, build in cases.items():
            _, base_cpu = baseline()
            wall, cpu = build(run)
            found[what].append((wall, cpu, base_cpu))
    return found


def check_with_nothing_kept(root: Path) -> float:
    """CPU seconds of `check` with a cache folder of its own that holds only the parsed files."""
    with tempfile.TemporaryDirectory() as cache:
        (Path(cache) / "rulebook").mkdir()
        (Path(cache) / "rulebook" / "yaml").symlink_to(_user_cache() / "yaml", target_is_directory=True)
        command = [sys.executable, "-m", "generator", "check", "--root", str(root)]
        return run_once(command, root, {"XDG_CACHE_HOME": cache})[1]


def _user_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulebook"


EDITED_FILE = "rules_data/resident-evil/glossary.yaml"
_UKRAINIAN_BLOCK = re.compile(r"^( +)uk: \|-?\n\1  (.+)$", re.M)  # a Ukrainian text's first line


def _edited(command: list[str], root: Path, number: int = 1, busy: bool = False) -> tuple[float, float]:
    """One run of `command` after a sentence is added to a Ukrainian text of one game (the file put
    back after); `number` makes the sentence differ from any an earlier run kept the verdict of."""
    path = root / EDITED_FILE
    text = path.read_text(encoding="utf-8")
    found = _UKRAINIAN_BLOCK.search(text)
    if found is None:
        raise SystemExit(f"{EDITED_FILE} has no Ukrainian block text to edit: choose another EDITED_FILE")
    added = " Тут є й нові терміни." + " Ще одне речення." * (number - 1)
    path.write_text(text[: found.end()] + added + text[found.end() :], encoding="utf-8")
    try:
        return with_busy_core(command, root) if busy else run_once(command, root)
    finally:
        path.write_text(text, encoding="utf-8")


# A game of its own, and one compared with another edition (whose checks it must leave alone).
EDITED_CASES = ("resident-evil", "zombicide-1")


def _medians(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples)


def _case_edited(command: list[str], root: Path, game: str, number: int) -> tuple[float, float]:
    """One run of `command`, with the other core busy, after a line is added to one of the game's
    scenario files (the file put back after)."""
    path = sorted((root / "rules_data" / game / "scenarios").glob("*.yaml"))[0]
    text = path.read_text(encoding="utf-8")
    path.write_text(f"{text}# edited ({number})\n", encoding="utf-8")
    try:
        return with_busy_core(command, root)
    finally:
        path.write_text(text, encoding="utf-8")


def stage_times(root: Path, first_search: bool = False, processes: bool = True) -> dict[str, float]:
    """CPU seconds of each stage on the project at root, one after another in this process (the
    build and check in their own processes): what `--stages ROOT` prints. Like the build's and
    check's processes, this one runs without the cyclic garbage collector, which would walk the
    loaded data again and again (more often the more there is)."""
    gc.disable()
    from generator import registry
    from generator.render.pages import render_project
    from generator.search import name_index_files, text_index_files

    times: dict[str, float] = {}
    if processes:  # the build writes the site the search index reads
        _, times["whole build"] = run_once([sys.executable, "-m", "generator", "build", "--root", str(root)], root)
    # check with nothing kept of any game but the parsed files (as after a change to the
    # generator's code: every game loaded, checked and played), so the same both ways; a command of
    # a second or two, its least CPU time of STAGE_REPEATS runs
    times["check"] = min(check_with_nothing_kept(root) for _ in range(STAGE_REPEATS))

    def timed(stage, work, given=lambda: None):
        """The least CPU time of STAGE_REPEATS runs: other work on the machine only adds to it.
        `given()` makes what each run works on, untimed."""
        for _ in range(STAGE_REPEATS):
            argument = given()
            started = time.process_time()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            value = work(argument)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            children = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            spent = time.process_time() - started + children
            times[stage] = min(times.get(stage, spent), spent)
        return value

    from generator.load import yamlpos

    yamlpos.keep_parses()  # as `build` and `check` do

    def load():
        yamlpos._LAST_PARSE.clear()  # each repeat reads the files as a new process would
        return pipeline.load_checked(root)

    timed("load", lambda _: load())
    # The model, the renderer and the name index keep, in the process, what each loaded game and
    # example gave (its cases' runs, its examples' runs, its names' forms): each run gets a project
    # loaded anew, as a new process would.
    timed(
        "model checks",
        lambda loaded: [registry.for_game(g).model_errors(g, root) for g in loaded.games.values()],
        load,
    )
    timed("rendering", lambda loaded: render_project(loaded, registry.engines()), load)
    timed("name index", name_index_files, load)
    timed("search index", lambda _: text_index_files(root / "site"))
    if first_search:  # the bytes a first search fetches from the site the whole build wrote
        for (host, lang), fig in search_benchmark.figures(root / "site", 1).items():
            if host == "as files":
                times[f"first search {lang}"] = fig["search"]
    return times


def measure_growth() -> None:
    """Print each stage's CPU time at 1x, 3x and 10x the games, and its exponents.

    The scales are measured there and back (1x, 3x, 10x, 10x, 3x, 1x), each in-process stage's
    least time kept: the machine's speed drifts over the minutes between the scales, and measured
    in one order, the drift alone moved an exponent by 0.2 from one run to the next. The whole
    build is measured on the way there only: on the way back it would find the pages and indexes
    of the first."""
    found: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        roots = {scale: synthetic_project.lay_out(Path(tmp) / f"project-{scale}", scale) for scale in SCALES}
        for scale in [*SCALES, *reversed(SCALES)]:
            first = scale not in found
            options = [*(["--first-search"] if scale == SCALES[-1] and first else []), *([] if first else ["--back"])]
            out = subprocess.run(
                [sys.executable, __file__, "--stages", str(roots[scale]), *options],
                check=True,
                capture_output=True,
                text=True,
            )
            times = json.loads(out.stdout.strip().splitlines()[-1])
            kept = found.setdefault(scale, {})
            kept.update({stage: min(kept.get(stage, spent), spent) for stage, spent in times.items()})
    print(
        f"growth, CPU seconds at {' / '.join(f'{s}x' for s in SCALES)} the games, and exponents (goal <= 1.1 from 3x):"
    )
    for stage in STAGES:
        seconds = [found[s][stage] for s in SCALES]
        slopes = [
            math.log(seconds[i + 1] / seconds[i]) / math.log(SCALES[i + 1] / SCALES[i]) for i in range(len(SCALES) - 1)
        ]
        print(
            f"  {stage:13} {' / '.join(f'{t:6.2f}' for t in seconds)} s; exponent "
            + ", ".join(f"{SCALES[i]}x->{SCALES[i + 1]}x {slope:.2f}" for i, slope in enumerate(slopes))
        )
    fetched = {key.split()[-1]: size for key, size in found[SCALES[-1]].items() if key.startswith("first search")}
    print(
        f"first search at {SCALES[-1]}x the games (goal <= 200 KB): "
        + ", ".join(f"{lang} {size / 1000:.0f} KB" for lang, size in fetched.items())
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3, help="builds of each kind (median)")
    parser.add_argument("--edits", type=int, default=3, help="YAML edits under serve (median)")
    parser.add_argument("--skip-serve", action="store_true")
    parser.add_argument("--skip-search", action="store_true")
    parser.add_argument("--serve-only", action="store_true", help="only the live preview's round-trip")
    parser.add_argument("--search-runs", type=int, default=3, help="fresh pages per language and host (median)")
    parser.add_argument("--skip-growth", action="store_true")
    parser.add_argument("--growth-only", action="store_true")
    parser.add_argument("--stages", type=Path, help=argparse.SUPPRESS)  # one project's stage times, as JSON
    parser.add_argument("--first-search", action="store_true", help=argparse.SUPPRESS)  # with --stages
    parser.add_argument("--back", action="store_true", help=argparse.SUPPRESS)  # with --stages: in-process only
    parser.add_argument("--skip-resolver", action="store_true")
    args = parser.parse_args()
    if args.stages:
        print(json.dumps(stage_times(args.stages, args.first_search, processes=not args.back)))
        return
    print(f"machine load (1-minute average) at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    compiled_as_installed()
    if args.growth_only:
        measure_growth()
        print(f"machine load (1-minute average) at the end: {os.getloadavg()[0]:.1f}")
        return
    base = None if args.serve_only else measure_builds(args.runs, not args.skip_search, args.search_runs)
    if not args.skip_serve:
        seconds, rebuilds = serve_round_trip(args.edits)
        median = statistics.median(seconds)
        versus = f" = {median / base:.2f} x baseline" if base else ""
        print(
            f"serve round-trip, one YAML edit until the page is served: median {median:.2f} s (goal < 3 s; "
            f"{', '.join(f'{s:.2f}' for s in seconds)}){versus}; rebuilds per save: {', '.join(map(str, rebuilds))}"
        )
    if not (args.serve_only or args.skip_growth):
        measure_growth()
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
