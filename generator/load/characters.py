"""Which characters a text of the data may hold, whatever its kind (plain or Markdown).

- No invisible formatting or control character: a right-to-left override reverses the words
  after it, a zero-width space makes two ids that look the same differ.
- Each language's text in that language: one with no letter of its own writing but letters of
  another is a text put in the wrong field (quoting another language's words is fine); a text of
  several English words and none of its own was left untranslated (a name may be English: cards
  print some names in English only).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Iterable

from generator.languages import BY_CODE, LATIN, language
from generator.load.references import REFERENCE

# Characters that show nothing themselves but change what is around them: direction overrides and
# isolates, zero-width spaces and joiners, the byte-order mark, control characters, the line and
# paragraph separators (which end a line wherever a program splits lines) and the Hangul fillers
# (letters that draw nothing).
INVISIBLE_CATEGORIES = ("Cf", "Cc", "Co", "Cs", "Zl", "Zp")
BLANK_LETTERS = "\u115f\u1160\u3164\uffa0"
# Every character of those, as one pattern (tests/test_text_checks.py compares it with this Python's
# Unicode): reading each character's category would cost check a third of its time.
INVISIBLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    + BLANK_LETTERS
    + "\u2028\u2029"
    "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ud800-\uf8ff\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f\U000f0000-\U000ffffd\U00100000-\U0010fffd]"
)


# Compiled when first asked for: a class of tens of thousands of letters takes milliseconds to
# compile, and most runs need only each language's own (another's only for a text without any).
@functools.cache
def own_letters(lang: str) -> re.Pattern | None:
    declared = BY_CODE.get(lang)
    return re.compile(f"[{declared.letters}]") if declared is not None else None


@functools.cache
def foreign_letters(lang: str) -> re.Pattern | None:
    """The letters of the other declared writings, less what this language borrows (Korean may
    use Chinese characters); every language may quote Latin ones."""
    declared = BY_CODE.get(lang)
    if declared is None:
        return None
    others = "".join(
        other.letters.replace(LATIN, "") for other in BY_CODE.values() if other.letters != declared.letters
    )
    for borrowed in filter(None, (declared.borrows,)):
        others = others.replace(borrowed, "")
    return re.compile(f"[{others}]") if others else None


def visible(text: str) -> str:
    """`text` for a one-line message: line breaks and invisible characters written out."""
    return INVISIBLE.sub(lambda m: f"<U+{ord(m.group()):04X}>", text.replace("\n", "\\n"))


def invisible_problems(text: str) -> Iterable[tuple[int, str]]:
    """The first invisible formatting or control character (a line break and a tab are text)."""
    if (text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable()) and not any(
        blank in text for blank in BLANK_LETTERS
    ):  # the fillers count as printable letters
        return  # nearly every text: Python's own test is some ten times faster than the pattern
    match = INVISIBLE.search(text)
    if match:
        char = match.group()
        name = unicodedata.name(char, "a control character")
        yield (
            match.start(),
            (
                f"an invisible character (U+{ord(char):04X} {name}) stands here; it changes how "
                "the text around it reads or is drawn: remove it"
            ),
        )


def language_problems(text: str, lang: str) -> Iterable[tuple[int, str]]:
    """A text with no letter of its own language but letters of another: written in the wrong field."""
    own, foreign = own_letters(lang), foreign_letters(lang)
    if own is None or foreign is None or own.search(text) and (lang != "en" or "{" not in text):
        return  # the usual text: its own letters (for English, not only a reference's Latin id)
    letters = REFERENCE.sub("", text)  # a reference's id or word form says nothing of the language
    other = foreign.search(letters)
    if other and not own.search(letters):
        yield (
            text.find(other.group()),
            (
                f"this {language(lang).name} text has no {language(lang).name} letter but "
                f"has '{other.group()}' from another language: is it in the wrong "
                f"language's field? write the {language(lang).name} text here"
            ),
        )


# What says nothing of a text's language although written in Latin letters: a reference, a web
# address (a Markdown link's or a bare one), code. A link's address stops at the next bracket too:
# otherwise a run of "](" would be read from each of its places to the end (quadratic).
NOT_WORDS = re.compile(REFERENCE.pattern + r"|\]\([^()\[\]\s]*\)|https?://\S+|`[^`]*`")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def untranslated_problems(text: str, lang: str) -> Iterable[tuple[int, str]]:
    """A Japanese, Korean or Ukrainian text of two or more Latin words and no letter of its own:
    the English text, left untranslated. (Not for names: see the module's docstring.)"""
    own = own_letters(lang)
    if own is None or lang == "en" or own.search(text) or not LATIN_WORD.search(text):
        return  # nearly every text: its own letters
    words = NOT_WORDS.sub(lambda m: " " * len(m.group()), text)  # the same length: offsets stay
    latin = list(LATIN_WORD.finditer(words))
    foreign = foreign_letters(lang)
    if len(latin) >= 2 and not own.search(words) and not (foreign and foreign.search(words)):
        name = language(lang).name
        yield (
            latin[0].start(),
            (
                f"this {name} text has no {name} letter, only Latin ones "
                f"('{latin[0].group()} {latin[1].group()}'): is it left untranslated? "
                f"write it in {name}"
            ),
        )
