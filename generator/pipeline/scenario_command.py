"""`python -m generator scenario FILE [--case ID]`: run scenarios and print each trace step by step.

The file is read as every data file is, with positions, and in the format of the game it plays:
a file that is missing, a folder, broken YAML, a file that is no scenario file or a case with a
mistake is reported with its place and what to do, and nothing runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from generator import registry
from generator.core.dice import OddsUnknown
from generator.errors import DataError, DataErrors, GeneratorError, RulesDataError
from generator.load.files import display
from generator.load.references import suggestion
from generator.load.schema import ID_PATTERN, describe
from generator.load.yamlpos import Node, parse
from generator.pipeline import PROJECT_ROOT, load_checked
from generator.scenarios.reading import read_scenario_file, source_sections
from generator.scenarios.runner import format_trace, run_case
from generator.scenarios.situations import odds

EXAMPLE = "rules_data/<game>/scenarios/movement.yaml"


class _Refused(Exception):
    """The file cannot be played; the message says why and what to do."""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m generator scenario",
        description="Run a scenario file through the rules model and print its trace.",
    )
    parser.add_argument("file", type=Path, help=f"a scenario file, e.g. {EXAMPLE}")
    parser.add_argument("--case", help="run only the case with this id")
    parser.add_argument(
        "--odds",
        action="store_true",
        help="for a case without dice: play it under every roll the dice could show and print each outcome's exact chance",
    )
    args = parser.parse_args(argv)
    try:
        root = project_of(args.file)
        shown = display(args.file, root)
        edition = _scenario_file(args.file, shown)
        project = load_checked(root)
        game = _game(project, edition, shown)
        package = registry.for_game(game)
        hooks = package.scenarios
        if hooks is None:
            raise _Refused(
                f"error: {shown} names the game '{edition}', which has no rules model; "
                f"write 'edition: <game folder>' at the top"
            )
        editions = [gid for gid, other in project.games.items() if other.engine == game.engine]
        model = package.rules_for(game)
        cases, problems = read_scenario_file(
            args.file,
            shown,
            hooks,
            args.file.resolve().parent.parent.name,
            model,
            editions=editions,
            rules_of=lambda played: package.rules_for(project.games[played]),
            sources=source_sections(root),
        )
        if problems:
            raise _Refused(_mistakes(problems, shown))
    except _Refused as refusal:
        print(refusal, file=sys.stderr)
        return 1
    except DataErrors as error:
        print(error.report("no scenario was run"), file=sys.stderr)
        return 1
    except RulesDataError as error:
        print(f"error: the rules data is incoherent:\n{error}", file=sys.stderr)
        return 1
    except (OSError, GeneratorError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.case:
        cases = [c for c in cases if c["id"] == args.case]
        if not cases:
            print(f"error: no case '{args.case}' in {shown}", file=sys.stderr)
            return 1
    models = {edition: model}
    failed = 0
    for case in cases:
        played = case["edition"]
        try:
            if played not in models:
                models[played] = package.rules_for(project.games[played])
        except RulesDataError as error:
            print(f"error: the {played} rules data is incoherent:\n{error}", file=sys.stderr)
            return 1
        if args.odds and "dice" not in case:
            failed += _print_odds(case, models[played], package)
            continue
        result = run_case(case, models[played], hooks)
        print(format_trace(result))
        failed += not result.ok
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _print_odds(case: dict, model, package) -> bool:
    """Each outcome of a case whose dice are left open, with its exact chance (what the resolver
    page shows); True when the case cannot be counted."""
    shown = f"{case.get('_file', '?')} :: {case['id']}"
    if package.situations is None:
        print(f"{shown}\n  odds: this game has no outcomes to count", file=sys.stderr)
        return True
    try:
        counted = odds(case, model, package.situations)
    except OddsUnknown as error:
        print(f"{shown}\n  odds: {error}", file=sys.stderr)
        return True
    except GeneratorError as error:
        print(f"{shown}\n  odds: error: {error}", file=sys.stderr)
        return True
    if counted is None:
        print(f"{shown}\n  odds: too many rolls to count; script the dice", file=sys.stderr)
        return True
    chances, plays = counted
    print(f"{shown}\n  odds over {plays} plays:")
    for outcome, chance, _ in chances:
        print(f"    {chance.numerator}/{chance.denominator} {json.dumps(outcome)}")
    return False


def project_of(path: Path) -> Path:
    """The project a scenario file belongs to: the folder that holds the rules_data it stands in
    (this generator's own project for a file elsewhere)."""
    for folder in path.resolve().parents:
        if folder.name == "rules_data":
            return folder.parent
    return PROJECT_ROOT


def _scenario_file(path: Path, shown: str) -> str:
    """The game a scenario file plays: its `edition:`, else the game folder it stands in."""
    if path.is_dir():
        yamls = sorted(p.name for p in path.glob("*.yaml"))
        raise _Refused(
            f"error: {shown} is a folder; name a scenario file in it"
            + (f", e.g. {shown.rstrip('/')}/{yamls[0]}" if yamls else f", e.g. {EXAMPLE}")
        )
    if not path.exists():
        raise _Refused(f"error: no such file: {shown}; name a scenario file, e.g. {EXAMPLE}")
    root, errors = parse(path, shown)
    if root is None or errors:
        raise _Refused(_mistakes(errors, shown))
    if root.kind != "map" or "cases" not in root.value:
        raise _Refused(
            f"error: {shown} is not a scenario file: it has no 'cases' (a scenario file is a mapping "
            f"with 'cases', a list of cases, and optionally 'edition', the game folder they play)"
        )
    folder = path.resolve().parent.parent.name
    named: Node | None = root.value.get("edition")
    if named is None:
        return folder
    if named.kind != "scalar" or not isinstance(named.value, str) or not ID_PATTERN.match(named.value):
        raise _Refused(
            _mistakes(
                [
                    DataError(
                        named.where,
                        "edition",
                        f"expected a game folder's id, such as '{folder}', found {describe(named)}",
                    )
                ],
                shown,
            )
        )
    return named.value


def _mistakes(errors: list[DataError], shown: str) -> str:
    lines = [str(error) for error in sorted(set(errors))]
    count = len(lines)
    return "\n".join([*lines, f"{count} mistake{'s' if count != 1 else ''} in {shown}; no case was played."])


def _game(project, edition: str, shown: str):
    game = project.games.get(edition)
    if game is None:
        folders = list(project.games)
        raise _Refused(
            f"error: {shown} plays the game '{edition}', but rules_data/ has no such game folder"
            f"{suggestion(edition, folders, 'write edition: <game folder>, one of ' + ', '.join(folders))}"
        )
    return game


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
