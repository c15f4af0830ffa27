"""python -m generator check | build [--serve] | scenario FILE [--case ID]"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

from generator.runtime.locations import PROJECT_ROOT


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate the rules data and run the model's checks")
    check.add_argument(
        "--root", type=Path, default=PROJECT_ROOT, help="project folder holding rules_data/ (default: this project)"
    )
    build = commands.add_parser("build", help="build the site into site/ (the old site stays if the build fails)")
    build.add_argument("--site-dir", default="site", help="output folder (relative to --root)")
    build.add_argument("--root", type=Path, default=PROJECT_ROOT, help="project folder")
    coverage = commands.add_parser("coverage", help="rewrite the coverage table of the source documents")
    coverage.add_argument("--root", type=Path, default=PROJECT_ROOT, help="project folder")
    scenario = commands.add_parser("scenario", help="run one scenario file and print its trace")
    scenario.add_argument("file")
    scenario.add_argument("--case")
    args, rest = parser.parse_known_args(argv)

    if args.command == "check":
        return _check(args.root)
    if args.command == "coverage":
        return _coverage(args.root)
    if args.command == "build":
        from generator.site.build import build_site

        return build_site(args.site_dir, args.root)
    from generator.pipeline import scenario_command as cli_scenario

    return cli_scenario.main([args.file, *(["--case", args.case] if args.case else []), *rest])


def _check(root: Path) -> int:
    # A one-off process whose data lives to the end, with no reference cycles worth collecting:
    # the cyclic garbage collector only walked the loaded data again and again (a fifth of the
    # command's time; the peak memory is the same without it). See also run_mkdocs.py.
    gc.disable()
    from generator.errors import DataErrors
    from generator.load import yamlpos
    from generator.pipeline import split_check
    from generator.runtime import interrupts

    yamlpos.keep_parses()

    started = time.perf_counter()
    previous = interrupts.current_handlers()
    try:
        interrupts.raise_on_stop_signals()
        verdict = split_check.check(root)
    except interrupts.Interrupted as stopped:  # the processes it started are stopped on the way out
        print(
            f"check interrupted by {stopped.name}; it changes nothing, so nothing was left half done", file=sys.stderr
        )
        return 128 + stopped.signum
    finally:
        interrupts.restore(previous)  # main() also runs inside other programs (the tests)
    if verdict.errors:
        errors = DataErrors(verdict.errors)
        print(errors.report(f"fix {'it' if len(errors.errors) == 1 else 'them'} and run check again"), file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    print(
        f"ok: {len(verdict.games)} games, {sum(game.entities for game in verdict.games)} entities, "
        f"{sum(game.parameters for game in verdict.games)} parameters ({elapsed:.2f} s)"
    )
    for line in draft_report(verdict.gaps):
        print(line)
    for game in verdict.games:
        for line in game.report:
            print(line)
    return 0


def draft_report(gaps: list) -> list[str]:
    """A line per draft language: how many texts it still lacks, by file (most first)."""
    by_language: dict[str, dict[str, int]] = {}
    for gap in gaps:
        files = by_language.setdefault(gap.gap, {})
        files[gap.where.path] = files.get(gap.where.path, 0) + 1
    lines = []
    for lang, files in sorted(by_language.items()):
        listed = sorted(files.items(), key=lambda item: (-item[1], item[0]))
        shown = ", ".join(f"{path} {count}" for path, count in listed)
        lines.append(f"draft {lang}: {sum(files.values())} texts to write ({shown})")
    return lines


def _coverage(root: Path) -> int:
    from generator import pipeline
    from generator.errors import DataErrors
    from generator.render import coverage
    from generator.scenarios.sections import section_counts

    try:
        project = pipeline.check(root)
    except DataErrors as exc:
        print(exc.report(f"{coverage.COVERAGE_FILE} was left as it was"), file=sys.stderr)
        return 1
    (root / coverage.COVERAGE_FILE).write_text(coverage.table(project), encoding="utf-8")
    missing = coverage.unmapped(project)
    for source, section in missing:
        print(f"unmapped: {source} § {section}", file=sys.stderr)
    print(f"wrote {coverage.COVERAGE_FILE}; {len(missing)} unmapped sections")
    unchecked = 0
    for game in project.games.values():
        counts = section_counts(game)
        unchecked += counts.neither
        print(
            f"{game.id}: {counts.total} rules sections: {counts.checked} checked by cases ({counts.cases} cases), "
            f"{counts.explained} with a reason, {counts.neither} with neither"
        )
    return 1 if missing or unchecked else 0


def _run() -> int:
    try:
        return main()
    except BrokenPipeError:
        # The reader stopped reading (`check | head -1`): what it wanted is printed, the rest is
        # not wanted. Python would flush stdout again at exit and fail the same way.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(_run())
