"""Build each language in a process of its own, all at once (`build` only, not the preview).

mkdocs-static-i18n builds the default language, then each other language in turn from its
on_post_build, each a whole MkDocs build on one core. Once the default language's files are known
(its on_files), this process forks one child per other language: each child runs the i18n
plugin's own loop but builds only its language, while the parent builds the default one and
skips the others. Three builds on two cores finish together, where one process building two
languages in turn would finish alone, on one core.

Each child writes into a folder of its own beside the site, so no two processes write the same
file (not even the theme's files, or the root 404 page and sitemap, which are the default
language's): the parent moves each child's language folder in once the child is done. A child
indexes its pages itself (a language's full-text index depends only on that language's pages, in
order, and lies in its folder) and reports through a pipe that it is done, or the error that
stopped it; it leaves without MkDocs' clean-up.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from properdocs.exceptions import Abort, BuildError, PluginError

from generator.runtime.cores import idle_cores
from generator.site import patches

# 1: build the languages one after another; 0: at once whenever there are two cores, whatever the
# machine's load (the same bytes either way: tests/test_build.py checks it).
ONE_AT_A_TIME_ENV = "RULEBOOK_ONE_LANGUAGE_AT_A_TIME"
LANGUAGES_PREFIX = ".site-languages-"
IDLE_WANTED = 0.6  # of a core: what the other processes must leave unused for a second one to help


def wanted() -> bool:
    """Two processes help only with two cores free for them. Forking them costs about a tenth more
    CPU than one process building the languages in turn, and with the other core busy (a test
    run, another build, anything a laptop does) they save no time: then the languages are built
    in turn. How busy: the machine's idle time over a tenth of a second, as Linux counts it."""
    setting = os.environ.get(ONE_AT_A_TIME_ENV)
    cores = len(os.sched_getaffinity(0))
    if setting == "1" or cores < 2:
        return False
    return setting == "0" or cores_idle() >= IDLE_WANTED


def cores_idle() -> float:
    return idle_cores(0.1)


@dataclass
class _Child:
    language: str
    pid: int
    pipe: int  # the read end of its report
    folder: Path  # where it builds


class LanguageSplit:
    def __init__(self, on_fork_in_child) -> None:
        self.on_fork_in_child = on_fork_in_child  # drops what belongs to the parent alone
        self.in_child = False
        self.language = ""  # in a child: the language it builds
        self.folder: Path | None = None  # in a child: where it builds
        self._children: list[_Child] = []  # in the parent
        self._report = -1  # in a child: where the report goes
        self._build: Callable | None = None  # the i18n plugin's own build, while routed here

    def install(self) -> None:
        """Route mkdocs-static-i18n's per-language builds through this object."""
        if self._build is None:
            self._build = patches.route_i18n_builds(self._build_language)

    def uninstall(self) -> None:
        if self._build is not None:
            patches.restore_i18n_builds(self._build)
            self._build = None

    def _build_language(self, config, **options) -> None:
        """The i18n plugin's build of one more language: only the child of that language builds it."""
        if self.in_child and patches.current_language(config) == self.language and self._build is not None:
            self._build(config, **options)

    def fork(self, config) -> bool:
        """During the default language's build, once its files are known: fork a child per other
        language. Return True in a child, whose site folder is now a folder of its own."""
        default = patches.default_language(config)
        for language in [lang for lang in patches.build_languages(config) if lang != default]:
            folder = Path(tempfile.mkdtemp(prefix=LANGUAGES_PREFIX, dir=Path(config.site_dir).parent))
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(read)
                for sibling in self._children:
                    os.close(sibling.pipe)
                self._children = []
                self.in_child, self.language, self.folder, self._report = True, language, folder, write
                config.site_dir = str(folder)
                self.on_fork_in_child()
                return True
            os.close(write)
            self._children.append(_Child(language, pid, read, folder))
        return False

    def build_in_child(self, config) -> None:
        """In a child: the i18n plugin's loop over the other languages (as after a build)."""
        patches.build_other_languages(config)

    # -- a child ---------------------------------------------------------------------------------
    def child_done(self, error: BaseException | None = None, **report) -> None:
        """In a child, at the end of its build or at its first error: report and leave now."""
        if error is not None:
            report = {"error": str(error) or repr(error)}
            if not isinstance(error, (BuildError, Abort)):  # a fault, not a message: say where
                report["error"] = "".join(traceback.format_exception(error)).rstrip()
        try:
            with os.fdopen(self._report, "w", encoding="utf-8") as pipe:
                json.dump(report, pipe)
        finally:
            logging.shutdown()
            os._exit(0 if error is None else 1)

    # -- the parent ------------------------------------------------------------------------------
    def wait_for_children(self, site_dir: Path, homes: dict[str, str]) -> None:
        """Move each child's language into site_dir (homes: language -> its folder in the site);
        raise PluginError with the first failure's reason."""
        try:
            while self._children:
                child = self._children.pop(0)
                try:
                    report = _report_of(child)
                    if "error" in report:
                        raise PluginError(report["error"])
                    (child.folder / homes[child.language]).rename(site_dir / homes[child.language])
                finally:
                    shutil.rmtree(child.folder, ignore_errors=True)
        finally:
            self.stop_children()

    def stop_children(self) -> None:
        """The build failed: the children's work is not wanted."""
        for child in self._children:
            os.kill(child.pid, signal.SIGKILL)
            os.waitpid(child.pid, 0)
            os.close(child.pipe)
            shutil.rmtree(child.folder, ignore_errors=True)
        self._children = []


def _report_of(child: _Child) -> dict:
    """What a child reported once it left (an error of our own if it could not say)."""
    with os.fdopen(child.pipe, "r", encoding="utf-8") as pipe:
        text = pipe.read()
    _, status = os.waitpid(child.pid, 0)
    try:
        return json.loads(text)
    except ValueError:
        return {"error": f"the build of '{child.language}' stopped ({_how(status)})"}


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit code {os.waitstatus_to_exitcode(status)}"
