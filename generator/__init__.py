"""Rulebook generator: YAML rules data -> checked model -> trilingual MkDocs site.

The public surface is `__all__` (tests/test_public_api.py keeps it importable and complete);
everything else is internal and may change.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "DataError",
    "DataErrors",
    "GeneratorError",
    "RulesDataError",
    "ScenarioError",
    "build_site",
    "check",
    "load_project",
    "run_scenario",
]

from generator.errors import DataError, DataErrors, GeneratorError, RulesDataError, ScenarioError  # noqa: E402


def load_project(*args: Any, **kwargs: Any):
    """Parse and validate the rules data with the registered games: `(project, errors)`
    (generator.pipeline.load)."""
    from generator.pipeline import load

    return load(*args, **kwargs)


def check(*args: Any, **kwargs: Any):
    """Load and check the data with every game's model; raises DataErrors (generator.pipeline.check)."""
    from generator.pipeline import check as run

    return run(*args, **kwargs)


def build_site(*args: Any, **kwargs: Any) -> int:
    """Build the whole site into a folder; the old site stays if the build fails (generator.site.build)."""
    from generator.site.build import build_site as build

    return build(*args, **kwargs)


def run_scenario(case: dict, rules: Any, hooks: Any):
    """Run one scenario case with a game's rules and scenario hooks (generator.scenarios.runner.run_case)."""
    from generator.scenarios.runner import run_case

    return run_case(case, rules, hooks)
