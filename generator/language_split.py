"""Build the languages after the first in two processes at once (`build` only, not the preview).

mkdocs-static-i18n builds the default language, then each other language in turn from its
on_post_build, each a whole MkDocs build on one core. Those builds share only the site folder:
each writes its own language folder, plus copies of the theme's files and a root 404 page that are
the same bytes whichever build writes them (the root sitemap is kept the default language's by
generator/reader_site.py). So the builder forks before the second language: the child builds every
other language of the list, the parent the rest. Each process indexes its own pages with a
Pagefind of its own (a language's part of the search bundle depends only on that language's
pages, in order); the child reports through a pipe where its bundle is, or the error that
stopped it, and leaves without MkDocs' clean-up.
"""
from __future__ import annotations

import json
import logging
import os
import signal
import traceback

import mkdocs_static_i18n.plugin as i18n_plugin
from mkdocs.exceptions import Abort, BuildError, PluginError

log = logging.getLogger("mkdocs.plugins.rulebook")
# Set to 1 to build the languages one after another (the same bytes: tests/test_build.py checks it).
ONE_AT_A_TIME_ENV = "RULEBOOK_ONE_LANGUAGE_AT_A_TIME"


def wanted() -> bool:
    """Two processes help only with two cores free for them."""
    return os.environ.get(ONE_AT_A_TIME_ENV) != "1" and len(os.sched_getaffinity(0)) > 1


class LanguageSplit:
    def __init__(self, before_fork, on_fork_in_child) -> None:
        self.before_fork = before_fork  # the first language is built: what can start now
        self.on_fork_in_child = on_fork_in_child  # drops what belongs to the parent alone
        self.in_child = False
        self._mine: set[str] | None = None  # the languages this process builds, once split
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
        i18n = config.plugins["i18n"]
        if self._mine is None:
            others = [lang for lang in i18n.build_languages if lang != i18n.default_language]
            self._mine = self._split(others)
        if i18n.current_language in self._mine and self._build is not None:
            self._build(config, **options)

    def _split(self, languages: list[str]) -> set[str]:
        """Fork; return the languages this process builds."""
        if len(languages) < 2:
            return set(languages)
        self.before_fork()
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            self.in_child, self._report = True, write
            self.on_fork_in_child()
            return set(languages[1::2])
        os.close(write)
        self._child = (pid, read)
        return set(languages[0::2])

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
    def wait_for_child(self) -> dict:
        """The child's report; raise PluginError with its reason if it failed."""
        if self._child is None:
            return {}
        pid, read = self._child
        self._child = None
        with os.fdopen(read, "r", encoding="utf-8") as pipe:
            text = pipe.read()
        _, status = os.waitpid(pid, 0)
        try:
            report = json.loads(text)
        except ValueError:
            report = {"error": f"the build of the other languages stopped ({_how(status)})"}
        if "error" in report:
            raise PluginError(report["error"])
        return report

    def stop_child(self) -> None:
        """The parent's build failed: the child's work is not wanted."""
        if self._child is not None:
            pid, read = self._child
            self._child = None
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit code {os.waitstatus_to_exitcode(status)}"
