"""Compiled Jinja templates, kept in memory for every environment of the process and on disk for
the next process.

Compiling templates is a fixed cost of every build: Material's forty-odd and the renderer's own,
about 0.4 s of CPU before the first page. A compiled template is stored under what decides the
compiled code: the template's name, its source and the environment's compile settings (Jinja's
own key, the file's path, would store every copy of the project again). An edited template
compiles again, and the output is the same either way. The disk copy lives in the user's cache
folder ($XDG_CACHE_HOME or ~/.cache, under rulebook/templates), outside the project, and keeps
the newest KEPT_FILES files; if that folder cannot be written, only the memory copy is kept.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket

from generator.runtime.disk_memo import cache_folder, forget_the_oldest

KEPT_FILES = 400


def _cache_folder() -> Path | None:
    folder = cache_folder("templates")
    if folder is not None:
        forget_the_oldest(folder, KEPT_FILES)
    return folder


def _compile_settings(environment: jinja2.Environment, name: str) -> str:
    """What besides the source decides the code Jinja compiles a template to."""
    autoescape = environment.autoescape(name) if callable(environment.autoescape) else environment.autoescape
    finalize = environment.finalize
    return repr(
        (
            environment.block_start_string,
            environment.block_end_string,
            environment.variable_start_string,
            environment.variable_end_string,
            environment.comment_start_string,
            environment.comment_end_string,
            environment.line_statement_prefix,
            environment.line_comment_prefix,
            environment.trim_blocks,
            environment.lstrip_blocks,
            environment.newline_sequence,
            environment.keep_trailing_newline,
            bool(autoescape),
            sorted(environment.extensions),
            environment.optimized,
            environment.is_async,
            f"{finalize.__module__}.{finalize.__qualname__}" if finalize else None,
            jinja2.__version__,
        )
    )


class CompiledTemplates(jinja2.BytecodeCache):
    def __init__(self, folder: Path | None) -> None:
        self.stored: dict[str, bytes] = {}
        self.disk = jinja2.FileSystemBytecodeCache(str(folder)) if folder else None

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None, source: str) -> Bucket:
        checksum = self.get_source_checksum(source)
        key = hashlib.sha256(f"{name}\0{checksum}\0{_compile_settings(environment, name)}".encode()).hexdigest()
        bucket = Bucket(environment, key, checksum)
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.stored:
            bucket.bytecode_from_string(self.stored[bucket.key])  # ignored when the source changed
        if bucket.code is None and self.disk:
            self.disk.load_bytecode(bucket)  # likewise
            if bucket.code is not None:
                self.stored[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.stored[bucket.key] = bucket.bytecode_to_string()
        if self.disk:
            try:  # written to a temporary file, then renamed: a reader never sees half of it
                self.disk.dump_bytecode(bucket)
            except OSError:
                pass


COMPILED = CompiledTemplates(_cache_folder())
