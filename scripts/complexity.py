"""No function of the generator above cyclomatic complexity 25, as radon counts it (each branch,
loop, boolean operator and comprehension clause): split such a function into steps with names.
Run by scripts/check; prints every function over the limit and exits 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

LIMIT = 25
ROOT = Path(__file__).resolve().parent.parent


def blocks(block: dict):
    """A function or method, and every function nested in it (radon's closures)."""
    yield block
    for inner in [*block.get("closures", []), *block.get("methods", [])]:
        yield from blocks(inner)


def main() -> int:
    radon = Path(sys.executable).with_name("radon")
    report = json.loads(
        subprocess.run(
            [str(radon), "cc", "-j", "generator"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    )
    over = [
        f"{path}:{block['lineno']}: {block.get('classname', '') + '.' if block.get('classname') else ''}{block['name']} "
        f"has cyclomatic complexity {block['complexity']} (at most {LIMIT})"
        for path, found in sorted(report.items())
        for top in found
        for block in blocks(top)
        if block["complexity"] > LIMIT
    ]
    over = list(dict.fromkeys(over))  # radon lists a method both alone and under its class
    for line in over:
        print(line)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
