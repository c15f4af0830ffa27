"""`python -m generator scenario FILE [--case ID]`: run scenarios and print each trace step by step."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator import games
from generator.core.scenarios import format_trace, load_scenarios, run_case
from generator.errors import DataErrors, GeneratorError, RulesDataError
from generator.load.files import display
from generator.load.scenarios import read_scenario_file
from generator.load.yamlpos import parse
from generator.pipeline import PROJECT_ROOT


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator scenario",
                                     description="Run a scenario file through the rules model and print its trace.")
    parser.add_argument("file", type=Path, help="a scenario file, e.g. rules_data/<game>/scenarios/movement.yaml")
    parser.add_argument("--case", help="run only the case with this id")
    args = parser.parse_args(argv)
    try:
        project = games.load_checked(PROJECT_ROOT)
        edition = _edition(args.file)
        game = project.games.get(edition)
        package = games.for_game(game) if game else None
        if package is None or package.scenarios is None:
            print(f"error: {args.file} names the game '{edition}', which has no rules model; "
                  f"write 'edition: <game folder>' at the top", file=sys.stderr)
            return 1
        hooks = package.scenarios
        if getattr(hooks, "format", None) is not None:  # read with positions, every mistake at once
            cases, problems = read_scenario_file(args.file, display(args.file, PROJECT_ROOT), hooks.format,
                                                 edition, package.rules_for(game))
            if problems:
                raise DataErrors(problems)
        else:
            cases = load_scenarios(args.file, hooks.case_keys, PROJECT_ROOT)
    except DataErrors as error:
        print(error.report(), file=sys.stderr)
        return 1
    except (OSError, GeneratorError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.case:
        cases = [c for c in cases if c["id"] == args.case]
        if not cases:
            print(f"error: no case '{args.case}' in {args.file}", file=sys.stderr)
            return 1
    rules_by_edition: dict = {}
    failed = 0
    for case in cases:
        edition = case["edition"]
        try:
            if edition not in rules_by_edition:
                if edition not in project.games:
                    print(f"error: there is no game folder rules_data/{edition}", file=sys.stderr)
                    return 1
                rules_by_edition[edition] = package.rules_for(project.games[edition])
        except RulesDataError as error:
            print(f"error: the {edition} rules data is incoherent:\n{error}", file=sys.stderr)
            return 1
        result = run_case(case, rules_by_edition[edition], hooks)
        print(format_trace(result))
        failed += not result.ok
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _edition(path: Path) -> str:
    """The game a scenario file plays: its `edition:`, else the folder it stands in."""
    root, _ = parse(path, str(path))
    named = root.value.get("edition") if root is not None and root.kind == "map" else None
    return str(named.value) if named is not None else path.resolve().parent.parent.name


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
