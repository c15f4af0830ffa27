"""Build the first language in this process and the others in a forked one, at once (`build`
only, not the preview).

mkdocs-static-i18n builds the default language, then each other language in turn from its
on_post_build, each a whole MkDocs build on one core. Forking once the default language's files
are known (its on_files) puts the other languages on the second core while the first is built:
the child runs the i18n plugin's own loop over the other languages, the parent skips them.

The child writes into a folder of its own beside the site, so the two processes never write the
same file: the theme's files and the root 404 page and sitemap it writes there are dropped, and
the parent moves in the child's language folders once the child is done. The child indexes its
pages with a Pagefind of its own (a language's part of the search bundle depends only on that
language's pages, in order) and reports through a pipe where its bundle is, or the error that
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
from pathlib import Path

import mkdocs_static_i18n.plugin as i18n_plugin
from mkdocs.exceptions import Abort, BuildError, PluginError

log = logging.getLogger("mkdocs.plugins.rulebook")
# Set to 1 to build the languages one after another (the same bytes: tests/test_build.py checks it).
ONE_AT_A_TIME_ENV = "RULEBOOK_ONE_LANGUAGE_AT_A_TIME"
LANGUAGES_PREFIX = ".site-languages-"


def wanted() -> bool:
    """Two processes help only with two cores free for them."""
    return os.environ.get(ONE_AT_A_TIME_ENV) != "1" and len(os.sched_getaffinity(0)) > 1


class LanguageSplit:
    def __init__(self, on_fork_in_child) -> None:
        self.on_fork_in_child = on_fork_in_child  # drops what belongs to the parent alone
        self.in_child = False
        self.languages: list[str] = []  # the languages the child builds
        self.folder: Path | None = None  # where the child builds them
        self._child: tuple[int, int] | None = None  # in the parent: the child's pid, its pipe
        self._report = -1  # in the child: where the report goes
        self._build = None

    def install(self) -> None:
        """Route mkdocs-static-i18n's per-language builds through this object."""
        if self._build is None:
            self._build = i18n_plugin.build
            i18n_plugin.build = self._build_language

    def uninstall(self) -> None:
        if self._build is not None:
            i18n_plugin.build, self._build = self._build, None

    def _build_language(self, config, **options) -> None:
        """The i18n plugin's build of one more language: the child's to do, not the parent's."""
        if self.in_child and self._build is not None:
            self._build(config, **options)

    def fork(self, config) -> bool:
        """During the default language's build, once its files are known: fork. Return True in the
        child, whose site folder is now a folder of its own."""
        i18n = config.plugins["i18n"]
        self.languages = [lang for lang in i18n.build_languages if lang != i18n.default_language]
        if not self.languages:
            return False
        self.folder = Path(tempfile.mkdtemp(prefix=LANGUAGES_PREFIX, dir=Path(config.site_dir).parent))
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            self.in_child, self._report = True, write
            config.site_dir = str(self.folder)
            self.on_fork_in_child()
            return True
        os.close(write)
        self._child = (pid, read)
        return False

    def build_in_child(self, config) -> None:
        """In the child: the i18n plugin's loop over the other languages (as after a build)."""
        config.plugins["i18n"].on_post_build(config)

    # -- the child -------------------------------------------------------------------------------
    def child_done(self, error: BaseException | None = None, **report) -> None:
        """In the child, at the end of its builds or at its first error: report and leave now."""
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
    def wait_for_child(self, site_dir: Path, homes: dict[str, str]) -> dict:
        """The child's report, once its languages are moved into site_dir (homes: language ->
        its folder in the site); raise PluginError with its reason if it failed."""
        if self._child is None:
            return {}
        pid, read = self._child
        self._child = None
        try:
            with os.fdopen(read, "r", encoding="utf-8") as pipe:
                text = pipe.read()
            _, status = os.waitpid(pid, 0)
            try:
                report = json.loads(text)
            except ValueError:
                report = {"error": f"the build of the other languages stopped ({_how(status)})"}
            if "error" in report:
                raise PluginError(report["error"])
            assert self.folder is not None
            for lang in self.languages:
                (self.folder / homes[lang]).rename(site_dir / homes[lang])
            return report
        finally:
            self._remove_folder()

    def stop_child(self) -> None:
        """The parent's build failed: the child's work is not wanted."""
        if self._child is not None:
            pid, read = self._child
            self._child = None
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
        self._remove_folder()

    def _remove_folder(self) -> None:
        if self.folder is not None and not self.in_child:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit code {os.waitstatus_to_exitcode(status)}"
