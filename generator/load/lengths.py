"""How long a text may be: every kind of text has a limit, so no edit can make a page of megabytes.

The limits are far above what the books need (measured 2027-01: the longest name has 41
characters, the longest question 152, the longest Markdown text 3,031, the largest data file 95 KB
and a home page 3 KB) and far below what would slow a page down on a phone. rules_data/README.md
states them; each refusal says how long the text is, what its limit is and what to do.
"""

from __future__ import annotations

LINE = 300  # plain one-line text: a name, an alias, a title, a question, a cited section, a label of mkdocs.yml
TEXT = 10_000  # a Markdown text (text, answer, intro, objectives, ...) and an interface label
VALUE = 100_000  # any other value of a data file (a scenario's note, a file name): what no page shows
PAGE = 50_000  # a hand-written page of content/
FILE_BYTES = 1_000_000  # a data file, a hand-written page or mkdocs.yml, before it is read


def too_long(text: str, limit: int, what: str, advice: str = "shorten it") -> str | None:
    """The message for `text` when it is longer than `limit` characters, else None."""
    if len(text) <= limit:
        return None
    return f"{what} has {len(text):,} characters, more than the {limit:,} it may have; {advice}"


def file_too_large(size: int, what: str = "a data file") -> str | None:
    if size <= FILE_BYTES:
        return None
    return (
        f"the file has {size:,} bytes, more than the {FILE_BYTES:,} {what} may have; "
        "shorten its texts or split it into several files"
    )
