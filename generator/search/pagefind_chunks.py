"""Split Pagefind's word index into small chunks, so a first search fetches little.

Pagefind cuts a language's word index into chunks by a fixed count of word positions. Korean,
written with spaces between words that carry their particles, has many distinct words with few
positions each: its whole index came out as one 195 KB chunk that every Korean search fetched.
Here each language's words are re-cut, in Pagefind's own sorted order, into chunks of about
CHUNK_BYTES, and the language's metadata lists the new chunks with the same first/last prefix rule
Pagefind uses. The files keep Pagefind's format (a signature, then CBOR, gzipped); if it is not
the format this code knows, the bundle is left as Pagefind wrote it.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
from pathlib import Path

import cbor2

SIGNATURE = b"pagefind_dcd"
CHUNK_BYTES = 12_000  # uncompressed CBOR per chunk: about 4-7 KB on the wire
KNOWN_VERSIONS = ("1.",)

log = logging.getLogger("mkdocs.plugins.rulebook")


def _read(path: Path):
    data = gzip.decompress(path.read_bytes())
    if not data.startswith(SIGNATURE):
        raise ValueError(f"{path.name}: not a Pagefind index file")
    return cbor2.loads(data[len(SIGNATURE) :])


def _write(folder: Path, prefix: str, suffix: str, value, digits: int) -> str:
    """Write a Pagefind file named by its content; return its hash name (e.g. 'ko_1a2b3c4')."""
    return _write_encoded(folder, prefix, suffix, cbor2.dumps(value), digits)


def _write_encoded(folder: Path, prefix: str, suffix: str, encoded: bytes, digits: int) -> str:
    data = gzip.compress(SIGNATURE + encoded, compresslevel=9, mtime=0)
    name = f"{prefix}_{hashlib.sha256(data).hexdigest()[:digits]}"
    (folder / f"{name}{suffix}").write_bytes(data)
    return name


def rechunk(bundle: Path, entry: dict) -> set[Path]:
    """Re-cut every language's word index; updates `entry` (pagefind-entry.json) in place and
    returns the files written."""
    written: set[Path] = set()
    for lang, info in entry.get("languages", {}).items():
        try:
            info["hash"] = _rechunk_language(bundle, lang, info["hash"], written)
        except (ValueError, KeyError, IndexError, TypeError, cbor2.CBORDecodeError) as exc:
            log.warning("Pagefind's index for %s left as it is: %s", lang, exc)
    return written


def _rechunk_language(bundle: Path, lang: str, meta_hash: str, written: set[Path]) -> str:
    meta_path = bundle / f"pagefind.{meta_hash}.pf_meta"
    meta = _read(meta_path)
    if not (isinstance(meta, list) and len(meta) >= 3 and str(meta[0]).startswith(KNOWN_VERSIONS)):
        raise ValueError(f"unknown metadata layout {str(meta)[:40]}")
    old_chunks = meta[2]
    words = []
    for _first, _last, chunk_hash in old_chunks:
        index = _read(bundle / "index" / f"{chunk_hash}.pf_index")
        words.extend(index[0])
    words.sort(key=lambda word: word[0])
    # Each word is encoded once: its size decides the cut, and a chunk's CBOR is its words'
    # encodings after the array headers (what cbor2.dumps([group]) gives, without encoding twice).
    groups, current, size = [], [], 0
    for word in words:
        encoded = cbor2.dumps(word)
        current.append((word[0], encoded))
        size += len(encoded)
        if size >= CHUNK_BYTES:
            groups.append(current)
            current, size = [], 0
    if current:
        groups.append(current)
    chunks = []
    for group in groups:
        encoded = _array_head(1) + _array_head(len(group)) + b"".join(word for _, word in group)
        name = _write_encoded(bundle / "index", lang, ".pf_index", encoded, 7)
        written.add(bundle / "index" / f"{name}.pf_index")
        chunks.append([group[0][0], group[-1][0], name])
    for left, right in zip(chunks, chunks[1:]):
        left[1], right[0] = _prefixes(left[1], right[0])
    for _first, _last, chunk_hash in old_chunks:
        old = bundle / "index" / f"{chunk_hash}.pf_index"
        if chunk_hash not in {c[2] for c in chunks}:
            old.unlink()
    meta[2] = chunks
    new_hash = _write(bundle, f"pagefind.{lang}", ".pf_meta", meta, 10)
    written.add(bundle / f"{new_hash}.pf_meta")
    if new_hash != f"pagefind.{meta_hash}":
        meta_path.unlink()
    return new_hash.removeprefix("pagefind.")


def _array_head(length: int) -> bytes:
    """The CBOR head of an array of `length` items, in its shortest form (as cbor2 writes it)."""
    if length < 24:
        return bytes([0x80 | length])
    for marker, width in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if length < 1 << (8 * width):
            return bytes([0x80 | marker]) + length.to_bytes(width, "big")
    raise ValueError(f"an array of {length} items is too long for CBOR")


def _prefixes(last: str, first: str) -> tuple[str, str]:
    """Shortest distinguishing prefixes of two neighbouring chunks' boundary words (as Pagefind does)."""
    shared = 0
    while shared < min(len(last), len(first)) and last[shared] == first[shared]:
        shared += 1
    return last[: shared + 1], first[: shared + 1]
