"""Build the whole site into a fresh folder, then swap it in: a failed build leaves the old site.

An interrupted build (Ctrl-C, SIGTERM, SIGHUP) stops `properdocs build` and everything it started,
removes its staging folder and says so in one line; the previous site stays as it was.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.runtime.interrupts import STOP_SIGNALS, Interrupted, current_handlers, raise_on_stop_signals, restore
from generator.runtime.locations import CHECK_BESIDE_ENV, PROJECT_ROOT

STAGING_PREFIX = ".site-"
OWNER_FILE = "builder.pid"
PR_SET_PDEATHSIG = 1  # linux/prctl.h
ABANDONED_AFTER_SECONDS = 60


def build_site(site_dir: str = "site", root: Path = PROJECT_ROOT) -> int:
    target = (root / site_dir).resolve()
    problem = cannot_replace(target, site_dir)  # found now, not after a whole build
    if problem:
        print(f"{problem}; nothing was built", file=sys.stderr)
        return 1
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_abandoned_staging(target.parent)
        work = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=target.parent))
    except OSError as exc:
        print(f"cannot write beside {site_dir}/ ({exc.strerror or exc}); nothing was built", file=sys.stderr)
        return 1
    previous = current_handlers()
    child: subprocess.Popen | None = None
    try:
        raise_on_stop_signals()
        (work / OWNER_FILE).write_text(str(os.getpid()), encoding="ascii")
        fresh = work / "site"
        # Its own process group: a terminal's Ctrl-C reaches only us, and we stop the whole
        # group (properdocs and the builds it forks) together.
        child = subprocess.Popen(
            [sys.executable, "-m", "generator.site.run_mkdocs", "build", "--strict", "--site-dir", str(fresh)],
            cwd=root,
            start_new_session=True,
            preexec_fn=_die_with_parent,
            env={**os.environ, CHECK_BESIDE_ENV: "1"},  # safe: a failed build publishes nothing
        )
        returncode = child.wait()
        if returncode != 0:
            print(f"build failed; {site_dir}/ was left as it was", file=sys.stderr)
            return returncode
        try:
            _swap_in(fresh, target, work / "old")
        except OSError as exc:
            print(
                f"the site was built, but {site_dir}/ could not be replaced ({exc.strerror or exc}); "
                f"{site_dir}/ was left as it was",
                file=sys.stderr,
            )
            return 1
        print(f"site built into {site_dir}/")
        return 0
    except Interrupted as exc:
        _stop(child)
        print(f"build interrupted by {exc.name}; {site_dir}/ was left as it was", file=sys.stderr)
        return 128 + exc.signum
    finally:
        for signum in STOP_SIGNALS:
            signal.signal(signum, signal.SIG_IGN)
        _stop(child)
        shutil.rmtree(work, ignore_errors=True)
        restore(previous)


def cannot_replace(target: Path, shown: str) -> str | None:
    """Why the build could not put a new site at `target` (shown as `shown`/), or None. The new site
    is written beside it, in the same folder, and swapped in by two renames: the folder must be
    writable, and so must the old site (moving a folder rewrites its '..')."""
    parent = target.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent  # the folders still to be made are made in the first one that exists
    if target.exists() and not target.is_dir():
        return f"{shown} is a file, not a folder: move it away, or build into another folder with --site-dir"
    if not os.access(parent, os.W_OK | os.X_OK):
        return (
            f"{parent} is read-only: the build writes the new site there, beside {shown}/, before it swaps "
            f"the two; make it writable, or build into another folder with --site-dir"
        )
    if target.is_dir() and not os.access(target, os.W_OK):
        return (
            f"{shown}/ is read-only, so the new site could not take its place; make it writable "
            f"(chmod u+w {shown}), or build into another folder with --site-dir"
        )
    return None


def _swap_in(fresh: Path, target: Path, old: Path) -> None:
    """Replace the site in two renames that no signal can separate; if the second fails, the
    first is undone."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        moved = target.exists()
        if moved:
            target.rename(old)
        try:
            fresh.rename(target)
        except OSError:
            if moved:
                old.rename(target)
            raise
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _stop(child: subprocess.Popen | None) -> None:
    """Stop properdocs and whatever it started (its process group), politely first."""
    if child is None or child.poll() is not None:
        return
    for signum, patience in ((signal.SIGTERM, 5.0), (signal.SIGKILL, None)):
        try:
            os.killpg(child.pid, signum)
        except ProcessLookupError:
            return
        try:
            child.wait(timeout=patience)
            return
        except subprocess.TimeoutExpired:
            continue


def _die_with_parent() -> None:
    """In the child: if the builder is killed outright (SIGKILL), the kernel stops properdocs too."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass  # not Linux: an interrupted build still stops its child through _stop


def remove_abandoned_staging(folder: Path) -> None:
    """Remove staging folders whose builder is gone (e.g. killed with SIGKILL); keep live ones."""
    for work in folder.glob(f"{STAGING_PREFIX}*"):
        if work.is_dir() and not _owner_alive(work):
            shutil.rmtree(work, ignore_errors=True)


def _owner_alive(work: Path) -> bool:
    try:
        pid = int((work / OWNER_FILE).read_text(encoding="ascii"))
    except (OSError, ValueError):
        # No owner yet: another build may have just created it; only old ones are abandoned.
        return time.time() - work.stat().st_mtime < ABANDONED_AFTER_SECONDS
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
