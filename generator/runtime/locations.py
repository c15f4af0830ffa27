"""Where the project is, and the setting the builder passes to its MkDocs child: apart from the
pipeline, so that `python -m generator build` starts MkDocs without first importing the whole
generator (a tenth of a second) in a process that only waits."""

from __future__ import annotations

from pathlib import Path

GENERATOR = Path(__file__).resolve().parents[1]
PROJECT_ROOT = GENERATOR.parent
# Set by `python -m generator build` for its mkdocs child: see pipeline.generate(check_beside=...).
CHECK_BESIDE_ENV = "RULEBOOK_CHECK_BESIDE"
