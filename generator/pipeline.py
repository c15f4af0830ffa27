"""Data to pages: load and check everything, then render. Shared by the CLI and the plugin."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import DataErrors
from generator.load import load_project
from generator.load.entities import Project
from generator.render.pages import GeneratedPage, render_project

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Generated:
    project: Project
    pages: list[GeneratedPage]


def check(root: Path = PROJECT_ROOT) -> Project:
    """Load and validate the rules data; raise DataErrors listing every problem."""
    project, errors = load_project(root / "rules_data", root)
    errors.extend(_model_errors(project))
    if errors:
        raise DataErrors(errors)
    return project


def generate(root: Path = PROJECT_ROOT) -> Generated:
    project = check(root)
    return Generated(project, render_project(project))


def _model_errors(project: Project) -> list:
    """The rules model's own checks of the data (coherent parameters, known skills, FAQ checks)."""
    try:
        from generator import model_checks
    except ImportError:  # the model is optional while it is being built
        return []
    return model_checks.check_project(project)


def model_report(project: Project) -> list[str]:
    """Lines the model adds to `check`'s output (e.g. the share of skills it applies)."""
    try:
        from generator import model_checks
    except ImportError:
        return []
    return model_checks.report(project)
