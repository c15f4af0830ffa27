"""YAML with positions: every value keeps the file, line and column it came from.

The file is decoded and screened first (UTF-8 only, no control characters), then read as a
stream of YAML events - by libyaml when PyYAML has it (about three times faster), else by
PyYAML's pure-Python parser; both report the same marks. We compose the events into `Node`s
ourselves, without recursion, so that nothing in a contributed file can hang or crash the
load: an alias stops the file at the first one (an alias bomb never expands), tags, merge keys
and duplicate keys are refused with their place, and nesting deeper than any rules file needs
is an error rather than a RecursionError.

Composing is most of the load's time, for the same nodes every time a file is unchanged. The
command line's `check` and `build` turn on keep_parses(): what a file's bytes gave is kept in the
user's cache folder (rulebook/yaml), under a name made of the bytes, the path shown, the parser
and this module's code, and read back instead of composed again (a tenth of the time).
"""

from __future__ import annotations

import bisect
import codecs
import functools
import hashlib
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import DataError, Location
from generator.load import lengths
from generator.runtime.disk_memo import cache_folder, forget_the_oldest, kept_pickle

_FastParser: type | None
try:  # libyaml's event parser; the composition below is ours either way
    from yaml._yaml import CParser as _FastParser
except ImportError:  # PyYAML built without libyaml
    _FastParser = None
# For plain data without positions: libyaml's loader when PyYAML has it (the same data, faster).
SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

STR_TAG = "tag:yaml.org,2002:str"
MERGE_TAG = "tag:yaml.org,2002:merge"
MAX_DEPTH = 40  # mappings and lists inside each other; the deepest rules file uses 14
UTF8 = "save the file as UTF-8 (without a byte-order mark is best)"
# YAML's printable characters are tab, newline, carriage return, NEL and everything from space
# on, except DEL, the C1 controls, surrogates and U+FFFE/U+FFFF.
NON_PRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# What YAML counts as the end of a line, and so both parsers' marks: besides LF and CRLF, a CR alone
# (old Mac files), NEL and the Unicode line and paragraph separators.
LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
LINE_BREAK_BYTES = re.compile(b"\r\n|[\n\r]")


@dataclass
class SourceFile:
    display: str  # path as shown in messages
    text: str
    _line_starts: list[int] | None = field(default=None, repr=False)

    def location(self, offset: int) -> Location:
        """The line and column of a character offset (binary search over line starts)."""
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in LINE_BREAK.finditer(self.text)]
        line = bisect.bisect_right(self._line_starts, offset)
        return Location(self.display, line, offset - self._line_starts[line - 1] + 1)


@dataclass
class Node:
    """A YAML value with its place. `value` is dict[str, Node], list[Node] or a scalar."""

    value: Any
    where: Location
    file: SourceFile
    start: int  # character offsets of the value in file.text
    end: int
    key_where: Location | None = None  # for mapping values: where their key stands
    kind: str = field(default="scalar")  # "map", "list" or "scalar"
    _copies: dict[str, list[int]] | None = field(default=None, repr=False, compare=False)  # see location_of

    def location_of(self, fragment: str, occurrence: int = 0) -> Location:
        """Where the `occurrence`-th copy of `fragment` inside this scalar stands in the file.

        Used to point a bad reference inside a long text at its own line and column. The copies
        are found once per fragment: a text with thousands of one reference asks for each of them.
        """
        if self._copies is None:
            self._copies = {}
        found = self._copies.get(fragment)
        if found is None:
            raw, found, pos = self.file.text, [], self.start - 1
            while True:
                pos = raw.find(fragment, pos + 1, self.end)
                if pos < 0:
                    break
                found.append(pos)
            self._copies[fragment] = found
        return self.file.location(found[occurrence]) if occurrence < len(found) else self.where


class _Stop(Exception):
    """The file cannot be read further; the error says why."""

    def __init__(self, error: DataError):
        self.error = error


# display path -> (the file's bytes, the parser, what parsing them gave): the last parse of each
# file in this process. The live preview loads the data again on every save, and `check` reads
# the scenario files when it loads the data and again for the model's checks.
_LAST_PARSE: dict[str, tuple[bytes, type | None, Node | None, list[DataError]]] = {}


def parse(path: Path, display: str) -> tuple[Node | None, list[DataError]]:
    """Parse one file. Returns (root node or None, errors).

    A file whose bytes are those parsed last time under the same path gives the same nodes
    again: parsing depends only on the path shown and the bytes, and nothing downstream changes
    a node."""
    raw, refused = _read(path, display)
    if raw is None:
        return None, refused
    kept = _LAST_PARSE.get(display)
    if kept is None or kept[0] != raw or kept[1] is not _FastParser:  # a test may switch the parser off
        kept = _LAST_PARSE[display] = (raw, _FastParser, *_kept_or_parsed(raw, display))
    return kept[2], list(kept[3])  # the caller adds its own errors to the list


def parse_errors(path: Path, display: str) -> list[DataError]:
    """parse()'s errors alone. A file parsed by an earlier run has its errors kept beside its
    nodes (see keep_parses): the loader screens every scenario file, and most are then read from
    what the model kept of them, so their nodes are not needed."""
    raw, refused = _read(path, display)
    if raw is None:
        return refused
    kept = _LAST_PARSE.get(display)
    if _kept_parses is None or (kept is not None and kept[0] == raw and kept[1] is _FastParser):
        return parse(path, display)[1]
    errors = kept_pickle(
        _kept_parses / f"{_parse_key(raw, display)}-errors.pickle",
        lambda: parse(path, display)[1],
        list,
        lambda kept: all(isinstance(error, DataError) for error in kept),  # a damaged file is parsed again
    )
    return list(errors)


def _read(path: Path, display: str) -> tuple[bytes | None, list[DataError]]:
    """The file's bytes, or why they cannot be read."""
    try:
        kind = path.stat().st_mode
        if not stat.S_ISREG(kind):  # a pipe or a device would be read for ever, a folder not at all
            what = "a folder" if stat.S_ISDIR(kind) else "a named pipe" if stat.S_ISFIFO(kind) else "a device or socket"
            return None, [DataError(Location(display, 1, 1), "", f"this is {what}, not a file; put a YAML file here")]
        size = path.stat().st_size
        if lengths.file_too_large(size):  # read no further: a huge file would take minutes to parse
            return None, [DataError(Location(display, 1, 1), "", str(lengths.file_too_large(size)))]
        return path.read_bytes(), []
    except OSError as exc:
        return None, [
            DataError(
                Location(display, 1, 1),
                "",
                f"cannot read the file ({exc.strerror or exc}); replace it with a readable YAML file",
            )
        ]


KEPT_PARSES = 4000  # files in the cache folder
_kept_parses: Path | None = None
# The folder is pruned once a process has added to it: a run that only reads it back (every
# `check` and build over files parsed before) does not list its thousands of files (40 ms).
_pruned = False


def keep_parses() -> None:
    """From now on, keep what each file's bytes gave for the next process (see the module's doc)."""
    global _kept_parses, _pruned
    _kept_parses, _pruned = cache_folder("yaml"), False


@functools.lru_cache(maxsize=1)
def _code_version() -> bytes:
    here = Path(__file__)
    return b"".join(path.read_bytes() for path in (here, here.parent.parent / "errors.py"))


def _kept_or_parsed(raw: bytes, display: str) -> tuple[Node | None, list[DataError]]:
    if _kept_parses is None:
        return _parse_bytes(raw, display)
    return kept_pickle(_kept_parses / f"{_parse_key(raw, display)}.pickle", lambda: _parsed_and_pruned(raw, display))


def _parse_key(raw: bytes, display: str) -> str:
    """What a parse depends on: the path shown, the bytes, the parser and this module's code."""
    digest = hashlib.sha256()
    for part in (display.encode("utf-8"), raw, str(_FastParser is not None).encode(), _code_version()):
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()[:32]


def _parsed_and_pruned(raw: bytes, display: str) -> tuple[Node | None, list[DataError]]:
    """_parse_bytes() for a file the cache does not hold, which is about to add it."""
    global _pruned
    if not _pruned and _kept_parses is not None:
        _pruned = True
        forget_the_oldest(_kept_parses, KEPT_PARSES)
    return _parse_bytes(raw, display)


def parse_text(text: str, display: str) -> tuple[Node | None, list[DataError]]:
    """Parse YAML (or JSON) that is no file: a situation a page sends, shown as `display`."""
    return _parse_bytes(text.encode("utf-8"), display)


def _parse_bytes(raw: bytes, display: str) -> tuple[Node | None, list[DataError]]:
    try:
        text = decode(raw, display)
        _screen(text, display)
        source = SourceFile(display, text)
        composer = _Composer(source)
        try:
            root = composer.compose(_events(text, _FastParser))
        except _Stop:
            if not _FastParser:
                raise
            # libyaml words syntax errors differently: report PyYAML's wording, whichever parser runs
            composer = _Composer(source)
            root = composer.compose(_events(text, None))
    except _Stop as stop:
        return None, [stop.error]
    if root is None:
        return None, [DataError(Location(display, 1, 1), "", "the file is empty; add its content or delete the file")]
    return root, composer.errors


def decode(raw: bytes, display: str) -> str:
    """The file's text; anything but UTF-8 is refused with the place of the first bad byte."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or (len(raw) > 1 and b"\x00" in raw[:2]):
        raise _Stop(DataError(Location(display, 1, 1), "", f"the file is in UTF-16, not UTF-8; {UTF8}"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        breaks = list(LINE_BREAK_BYTES.finditer(raw, 0, exc.start))
        line = len(breaks) + 1
        line_start = breaks[-1].end() if breaks else 0
        column = len(raw[line_start : exc.start].decode("utf-8", errors="replace")) + 1
        raise _Stop(
            DataError(Location(display, line, column), "", f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}); {UTF8}")
        ) from None
    return text.removeprefix("\ufeff")


def _screen(text: str, display: str) -> None:
    match = NON_PRINTABLE.search(text)
    if match:
        where = SourceFile(display, text).location(match.start())
        raise _Stop(
            DataError(
                where, "", f"the control character U+{ord(match.group()):04X} is not allowed in a data file; delete it"
            )
        )


def _events(text: str, fast):
    parser = fast(text) if fast else yaml.SafeLoader(text)
    try:
        while True:
            event = parser.get_event()
            if event is None:
                return
            yield event
            if isinstance(event, yaml.StreamEndEvent):
                return
    finally:
        parser.dispose()


_RESOLVER = yaml.resolver.Resolver()


@functools.lru_cache(maxsize=4096)  # ids, numbers and yes/no repeat across the files
def _resolve_plain(value: str) -> str:
    """The tag of a plain (unquoted) scalar; '<<' is text here (a merge key is refused as a key)."""
    tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))
    return STR_TAG if tag == MERGE_TAG else tag


class _Frame:
    """A mapping or list being composed."""

    __slots__ = ("kind", "start", "where", "items", "key")

    def __init__(self, kind: str, start: int, where: Location):
        self.kind, self.start, self.where = kind, start, where
        self.items: Any = {} if kind == "map" else []
        self.key: tuple[str, Location] | None = None  # a mapping's key waiting for its value


class _Composer:
    def __init__(self, source: SourceFile):
        self.source = source
        self.errors: list[DataError] = []
        self.constructor = yaml.constructor.SafeConstructor()
        self.documents = 0  # documents begun in the stream: a file holds one

    def where(self, mark) -> Location:
        return Location(self.source.display, mark.line + 1, mark.column + 1)

    def compose(self, events) -> Node | None:
        """The document's root node; _Stop with the error that ends the file, if one does."""
        try:
            return self._compose(events)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = " ".join(p for p in (exc.context, exc.problem) if p)
            where = self.where(mark) if mark else Location(self.source.display, 1, 1)
            raise _Stop(DataError(where, "", f"YAML syntax error ({problem}); fix the YAML at this place"))
        except yaml.YAMLError as exc:  # a reader error without a mark
            raise _Stop(DataError(Location(self.source.display, 1, 1), "", f"YAML error ({exc}); fix the file"))

    def _compose(self, events) -> Node | None:
        # The loop is the hot path of loading (one turn per value of every data file): the common
        # events are handled inline, and a node's place is made once, from its start mark.
        stack: list[_Frame] = []
        root: Node | None = None
        self.documents = 0
        display, source = self.source.display, self.source
        scalar_event, mapping_start, sequence_start = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent
        mapping_end, sequence_end = yaml.MappingEndEvent, yaml.SequenceEndEvent
        for event in events:
            kind = type(event)
            if kind is scalar_event:  # the most common event first
                mark = event.start_mark
                if len(event.value) > lengths.VALUE:
                    self._error(
                        self.where(mark),
                        str(lengths.too_long(event.value, lengths.VALUE, "this value", "shorten it")),
                    )
                style = event.style
                if (
                    event.tag is None
                    and style != '"'
                    and (  # text as written: nothing to construct or screen
                        style or not event.implicit[0] or _resolve_plain(event.value) == STR_TAG
                    )
                ):
                    node: Node | None = Node(
                        event.value,
                        Location(display, mark.line + 1, mark.column + 1),
                        source,
                        mark.index,
                        event.end_mark.index,
                    )
                else:
                    node = self._scalar(event)
            elif kind is mapping_end or kind is sequence_end:
                frame = stack.pop()
                node = Node(frame.items, frame.where, source, frame.start, event.end_mark.index, kind=frame.kind)
            elif kind is mapping_start or kind is sequence_start:
                stack.append(self._open(event, kind is mapping_start, len(stack)))
                continue
            else:
                self._check_other_event(event)
                continue
            # A finished node goes into its parent, or is the document's root.
            if not stack:
                root = node
                continue
            parent = stack[-1]
            if parent.kind == "list":
                if node is not None:
                    parent.items.append(node)
            elif parent.key is None:  # this node is a key
                parent.key = self._key(node, parent)
            else:
                (key, key_where), parent.key = parent.key, None
                if key and node is not None:
                    node.key_where = key_where
                    parent.items[key] = node
        return root

    def _open(self, event, is_map: bool, depth: int) -> _Frame:
        """A mapping or list begins at `depth`: no tag on it, and no deeper than MAX_DEPTH."""
        if event.tag is not None:
            self._refuse_tag(event)
        if depth >= MAX_DEPTH:
            raise _Stop(
                DataError(
                    self.where(event.start_mark),
                    "",
                    f"the data is nested more than {MAX_DEPTH} levels deep; flatten it",
                )
            )
        mark = event.start_mark
        where = Location(self.source.display, mark.line + 1, mark.column + 1)  # self.where, without its call
        return _Frame("map" if is_map else "list", mark.index, where)

    def _check_other_event(self, event) -> None:
        """Stream and document marks pass, but a second document or an alias ends the file."""
        kind = type(event)
        if kind is yaml.DocumentStartEvent:
            self.documents += 1
            if self.documents > 1:
                raise _Stop(
                    DataError(
                        self.where(event.start_mark),
                        "",
                        "a second YAML document ('---'); a data file holds one, so move it to a file of its own",
                    )
                )
        elif kind is yaml.AliasEvent:
            raise _Stop(
                DataError(
                    self.where(event.start_mark),
                    "",
                    f"aliases ('*{event.anchor}') are not allowed; write the value out here",
                )
            )

    def _key(self, node: Node | None, parent: _Frame) -> tuple[str, Location]:
        if node is None:
            return "", Location(self.source.display, 1, 1)
        if node.kind != "scalar" or isinstance(node.value, (list, dict)):
            self._error(node.where, "a key must be plain text; write the key as a word")
            return "", node.where
        key = self._key_as_written(node)
        if key == "<<":
            self._error(node.where, "merge keys ('<<') are not allowed; write each field out")
            return "", node.where
        if key in parent.items:
            first = parent.items[key].key_where
            self._error(node.where, f"duplicate key '{key}' (first at line {first.line}); remove one of them")
            return "", node.where
        return key, node.where

    def _key_as_written(self, node: Node) -> str:
        """A key is the text written: YAML would read `yes`, `on`, `null`, `0x10` or `.inf` as a
        boolean, nothing or a number, which no id or field name is. A whole number written in
        digits is its digits (a danger level's number)."""
        if isinstance(node.value, str) or (
            isinstance(node.value, int)
            and not isinstance(node.value, bool)
            and str(node.value) == self.source.text[node.start : node.end]
        ):
            return str(node.value)
        return self.source.text[node.start : node.end]

    def _refuse_tag(self, event) -> None:
        tag = event.tag
        if tag in (None, "!") or (tag == STR_TAG and isinstance(event, yaml.ScalarEvent)):
            return  # no tag, or `!!str 3`: a harmless way to write text
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        raise _Stop(
            DataError(
                self.where(event.start_mark),
                "",
                f"YAML tags like '{shown}' are not allowed; write a plain value (in quotes if it is text)",
            )
        )

    def _scalar(self, event) -> Node:
        self._refuse_tag(event)
        where = self.where(event.start_mark)
        # Quoted and block scalars are text whatever they say; only plain ones need resolving.
        if event.style or not event.implicit[0] or event.tag:
            tag = STR_TAG
        else:
            tag = _resolve_plain(event.value)
        try:  # most scalars are text: no constructor needed
            value = (
                event.value
                if tag == STR_TAG
                else self.constructor.construct_object(
                    yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
                )
            )
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            if "digits" in str(exc):
                message = f"a number of {len(event.value)} digits is too long to read; write a smaller number"
            else:
                message = (
                    f"'{event.value[:40]}' cannot be read as a value ({str(exc).splitlines()[0][:80]}); "
                    "write it in quotes to make it text"
                )
            raise _Stop(DataError(where, "", message))
        if event.style == '"' and isinstance(value, str):  # only escapes bring what _screen did not see
            bad = NON_PRINTABLE.search(value)
            if bad:  # written as an escape ("\ud800", "\x00"): no page can show it
                self._error(
                    where,
                    f"the text contains U+{ord(bad.group()):04X}, a control character or a lone "
                    "surrogate that no page can show; delete the escape",
                )
                value = NON_PRINTABLE.sub("\ufffd", value)
        return Node(value, where, self.source, event.start_mark.index, event.end_mark.index)

    def _error(self, where: Location, message: str) -> None:
        self.errors.append(DataError(where, "", message))
