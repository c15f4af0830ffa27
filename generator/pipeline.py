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
    if not errors:  # the model runs on data that loaded cleanly
        errors.extend(_model_errors(project, root))
    if errors:
        raise DataErrors(errors)
    return project


def generate(root: Path = PROJECT_ROOT) -> Generated:
    project = check(root)
    return Generated(project, render_project(project))


def _model_errors(project: Project, root: Path) -> list:
    """The rules model's own checks of the data (coherent parameters, known skills, FAQ checks)."""
    from generator import games

    return games.check_project(project, root)


def model_report(project: Project, root: Path = PROJECT_ROOT) -> list[str]:
    """Lines the model adds to `check`'s output (e.g. the share of skills it applies)."""
    from generator import games

    return games.report(project, root)
