"""Values a pure function computed in an earlier build, kept on disk for the next one.

The Ukrainian forms of every name and the lemmas of every word of the text come from pymorphy3's
dictionary: about a second of CPU in each build, for the same answers every time. A memo keeps
them in the user's cache folder ($XDG_CACHE_HOME or ~/.cache, under rulebook/memo), in a file
named by what decides the answers (the code that computes them and the dictionary's version), so a
new version of either starts an empty memo. The output is the same with or without it; if the
folder cannot be written, values are only kept in memory. Several processes of one build may add
to the same memo: each writes what is on disk plus its own, through a file renamed into place.
"""

from __future__ import annotations

import copyreg
import hashlib
import io
import json
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

T = TypeVar("T")
# How a value of a type is pickled where it is kept, beyond its own __reduce__ (copyreg's form:
# type -> a function giving (callable, arguments)).
Reducers = Mapping[type, Callable[[Any], tuple]]

KEPT_FILES = 20


def cache_folder(name: str) -> Path | None:
    """~/.cache/rulebook/<name> (or under $XDG_CACHE_HOME), made if need be; None if it cannot be written."""
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = root / "rulebook" / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def _folder() -> Path | None:
    return cache_folder("memo")


class DiskMemo:
    """key (a string) -> a JSON value, for one function whose answers depend only on `version`."""

    def __init__(self, name: str, version: str) -> None:
        folder = _folder()
        digest = hashlib.sha256(version.encode("utf-8")).hexdigest()[:16]
        self.path = folder / f"{name}-{digest}.json" if folder else None
        self.values: dict[str, object] = self._read()
        self.added: dict[str, object] = {}

    def _read(self) -> dict:
        if self.path is None:
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, key: str, compute):
        """The value kept for key, or compute() kept now."""
        if key in self.values:
            return self.values[key]
        value = compute()
        self.values[key] = self.added[key] = value
        return value

    def save(self) -> None:
        """Write what this process added (with what other processes wrote meanwhile)."""
        if self.path is None or not self.added:
            return
        merged = {**self._read(), **self.added}
        try:
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=self.path.parent, suffix=".tmp", delete=False
            ) as file:
                json.dump(merged, file, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            os.replace(file.name, self.path)
            self.added = {}
            _forget_the_oldest(self.path.parent)
        except OSError:
            pass


def forget_the_oldest(folder: Path, kept: int = KEPT_FILES) -> None:
    """Delete all but the `kept` newest files of a cache folder, once it holds a tenth more."""
    _forget_the_oldest(folder, kept)


def _forget_the_oldest(folder: Path, kept: int = KEPT_FILES) -> None:
    # Listing a folder is cheap; reading the time of each of its thousands of files is not (40 ms
    # for the parses' folder, at every run that adds one file): the slack lets a run that adds
    # a few files only count them.
    try:
        files = [entry for entry in os.scandir(folder) if entry.is_file()]  # a folder inside has its own
        if len(files) <= kept + kept // 10:
            return
        entries = sorted(files, key=lambda entry: entry.stat().st_mtime, reverse=True)
        for entry in entries[kept:]:
            os.unlink(entry.path)
    except OSError:  # another process is pruning too
        pass


_UNREADABLE = (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError)


def kept_pickle(
    path: Path, compute: Callable[[], T], of: type | None = None, believed: Callable[[T], bool] | None = None
) -> T:
    """The value pickled at `path` by an earlier run, or compute() pickled there now. The file's
    name must say everything the value depends on. A file that cannot be read, or (with `of`)
    holds anything but an `of`, or (with `believed`) a value it refuses, is computed again; one
    that cannot be written is only not kept. Written through a file renamed into place: another
    process may be writing the same value."""
    try:
        value = pickle.loads(path.read_bytes())
        if (of is None or isinstance(value, of)) and (believed is None or believed(value)):
            return value
    except _UNREADABLE:
        pass
    value = compute()
    write_pickle(path, value)
    return value


def read_pickle(path: Path, default: T) -> T:
    """The value pickled at `path` if it is of default's type, else default."""
    try:
        value = pickle.loads(path.read_bytes())
    except _UNREADABLE:
        return default
    return value if isinstance(value, type(default)) else default


def write_pickle(path: Path, value: object, reducers: Reducers | None = None) -> None:
    """Pickle value at path through a file renamed into place (a reader never sees half of it);
    nothing is kept if it cannot be written. `reducers` pickle some types otherwise than they do
    themselves."""
    try:
        data = _pickled(value, reducers)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as file:
            file.write(data)
        os.replace(file.name, path)
    except (OSError, pickle.PicklingError, RecursionError, TypeError, AttributeError):
        pass


def _pickled(value: object, reducers: Reducers | None) -> bytes:
    if not reducers:
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    # a table the C pickler looks up itself: a reducer_override would be a Python call per object
    pickler.dispatch_table = {**copyreg.dispatch_table, **reducers}
    pickler.dump(value)
    return buffer.getvalue()
