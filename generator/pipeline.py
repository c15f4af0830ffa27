"""Data to pages: load and check everything, then render. Shared by the CLI and the plugin."""
from __future__ import annotations

import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import DataErrors
from generator.load import load_project
from generator.load.entities import Project
from generator.render.pages import GeneratedPage, render_project

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# Set by `python -m generator build` for its mkdocs child: see generate(check_beside=...).
CHECK_BESIDE_ENV = "RULEBOOK_CHECK_BESIDE"


@dataclass
class Generated:
    project: Project
    pages: list[GeneratedPage]
    model_check: "ModelCheck | None" = field(default=None, repr=False)

    def confirm(self) -> None:
        """Raise DataErrors if the model's checks, still running beside the build, found any."""
        if self.model_check is not None:
            check, self.model_check = self.model_check, None
            check.raise_errors()

    def confirm_if_done(self) -> None:
        """confirm() if the checks have finished; else nothing (called as the build goes, to fail early)."""
        if self.model_check is not None and self.model_check.raise_errors_if_done():
            self.model_check = None


def check(root: Path = PROJECT_ROOT) -> Project:
    """Load and validate the rules data; raise DataErrors listing every problem."""
    project, errors = load_project(root / "rules_data", root)
    if not errors:  # the model runs on data that loaded cleanly
        errors.extend(_model_errors(project, root))
    if errors:
        raise DataErrors(errors)
    return project


def generate(root: Path = PROJECT_ROOT, *, check_beside: bool = False) -> Generated:
    """Checked data and its pages. With check_beside, the model's checks (a third of the time
    before MkDocs starts) run in a forked process while the pages render and MkDocs builds; the
    caller must call confirm() before it publishes anything."""
    if not check_beside:
        project = check(root)
        return Generated(project, render_project(project))
    project, errors = load_project(root / "rules_data", root)
    if errors:
        raise DataErrors(errors)
    model_check = ModelCheck(project, root)
    try:
        pages = render_project(project)
    except Exception:
        model_check.raise_errors()  # data the model rejects may break rendering: say why
        raise
    return Generated(project, pages, model_check)


class ModelCheck:
    """_model_errors(project, root) in a forked child; the errors come back pickled through a pipe."""

    def __init__(self, project: Project, root: Path) -> None:
        read, write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the child: check, report, and leave without running the parent's clean-up
            os.close(read)
            try:
                result: object = _model_errors(project, root)
            except BaseException as exc:  # noqa: BLE001 — reported by the parent
                result = RuntimeError(f"the rules model's checks failed: {exc!r}")
            with os.fdopen(write, "wb") as out:
                pickle.dump(result, out)
            os._exit(0)
        os.close(write)
        self.read = read
        self.verdict: object = None

    def raise_errors(self) -> None:
        """Wait for the verdict; raise DataErrors (or the checks' own crash) if there is one."""
        self._raise(self._verdict(wait=True))

    def raise_errors_if_done(self) -> bool:
        """The same without waiting: True once the verdict is in and clean."""
        verdict = self._verdict(wait=False)
        if verdict is None:
            return False
        self._raise(verdict)
        return True

    def _verdict(self, wait: bool) -> object:
        if self.verdict is None:
            # Waiting, read before reaping: a verdict larger than the pipe's buffer holds the child.
            if not wait and os.waitpid(self.pid, os.WNOHANG)[0] == 0:
                return None  # still checking
            with os.fdopen(self.read, "rb") as pipe:
                data = pipe.read()
            if wait:
                os.waitpid(self.pid, 0)
            self.verdict = pickle.loads(data) if data else RuntimeError("the rules model's checks stopped without a result")
        return self.verdict

    @staticmethod
    def _raise(verdict: object) -> None:
        if isinstance(verdict, BaseException):
            raise verdict
        if verdict:
            raise DataErrors(verdict)  # type: ignore[arg-type]


def _model_errors(project: Project, root: Path) -> list:
    """The rules model's own checks of the data (coherent parameters, known skills, FAQ checks)."""
    from generator import games

    return games.check_project(project, root)


def model_report(project: Project, root: Path = PROJECT_ROOT) -> list[str]:
    """Lines the model adds to `check`'s output (e.g. the share of skills it applies)."""
    from generator import games

    return games.report(project, root)
