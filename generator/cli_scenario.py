"""`python -m generator scenario FILE [--case ID]`: run scenarios and print each trace step by step."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.model.rules import RulesDataError
from generator.scenarios import ScenarioError, format_trace, load_scenarios, rules_for_edition, run_case


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator scenario",
                                     description="Run a scenario file through the rules model and print its trace.")
    parser.add_argument("file", type=Path, help="a scenario file, e.g. rules_data/zombicide-1/scenarios/movement.yaml")
    parser.add_argument("--case", help="run only the case with this id")
    args = parser.parse_args(argv)
    try:
        cases = load_scenarios(args.file)
    except (OSError, ScenarioError) as error:
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
                rules_by_edition[edition] = rules_for_edition(edition)
        except RulesDataError as error:
            print(f"error: the {edition} rules data is incoherent:\n{error}", file=sys.stderr)
            return 1
        result = run_case(case, rules_by_edition[edition])
        print(format_trace(result))
        failed += not result.ok
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
