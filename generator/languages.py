"""The languages of the rulebook, declared once: each page language and English (which names
carry beside them, as the cards print them).

A language is one entry: its code (the site's folder and the data's key), how messages name it,
its writing (the letters a text in it must have), the words the generator puts between list items
and around numbers, and its state:

    published   every text of the data, the labels and the pages must exist in it; it is built
    draft       its texts may be missing: `check` counts them by file instead of failing, the
                live preview shows it with the missing texts marked, the published build leaves
                it out (mkdocs.yml lists it with `build: false`)

mkdocs.yml's i18n plugin lists the same languages, in the same order: the loader checks it
(generator/load/site_config.py). Adding a language is one entry here and one there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

State = Literal["published", "draft", "names"]

# The writings of the languages below, as character-class ranges.
KANA = "\u3041-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f"  # not '・'
HAN = "\u3400-\u4dbf\u4e00-\u9fff"
HANGUL = "\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f"
CYRILLIC = "\u0400-\u04ff"
LATIN = "A-Za-z"


@dataclass(frozen=True)
class Language:
    code: str  # ISO 639-1, the site's folder and the data's key: "uk"
    name: str  # as an English message names it: "Ukrainian"
    letters: str  # its writing, as character-class ranges
    state: State = "published"
    borrows: str = ""  # letters of another writing a text may use (Korean: Chinese characters)
    list_separator: str = ", "  # between the items of a list
    decimal_comma: bool = False  # 41,7 % rather than 41.7%
    yes_no: tuple[str, str] = ("yes", "no")  # a yes/no parameter, as prose says it
    full_stop: str = "."  # what ends a sentence
    sentence_gap: str = " "  # between two sentences
    word_space: str = " "  # between a name and the number that tells two alike apart
    cased: bool = False  # its writing has capitals: a sentence starts with one

    def sentences(self, parts: list[str]) -> str:
        """Sentences one after another, each ended as the language ends one."""
        return self.sentence_gap.join(part + self.full_stop for part in parts)

    def sentence_start(self, told: str) -> str:
        """A sentence with its first letter as the language starts one."""
        return told[:1].upper() + told[1:] if self.cased else told

    @property
    def draft(self) -> bool:
        return self.state == "draft"


ENGLISH = Language("en", "English", LATIN, state="names", cased=True)
DECLARED: tuple[Language, ...] = (
    Language(
        "ja",
        "Japanese",
        KANA + HAN,
        list_separator="、",
        yes_no=("はい", "いいえ"),
        full_stop="。",
        sentence_gap="",
        word_space="",
    ),
    Language("ko", "Korean", HANGUL, borrows=HAN, yes_no=("예", "아니요")),
    Language("uk", "Ukrainian", CYRILLIC, decimal_comma=True, yes_no=("так", "ні"), cased=True),
)

LANGUAGES = tuple(language.code for language in DECLARED)  # every page language, drafts too
PUBLISHED = tuple(language.code for language in DECLARED if not language.draft)
DRAFTS = tuple(language.code for language in DECLARED if language.draft)
DEFAULT = DECLARED[0].code  # built at the site's root (mkdocs.yml marks it default)
NAME_LANGUAGES = (ENGLISH.code, *LANGUAGES)  # names also carry the English original
BY_CODE = {language.code: language for language in (ENGLISH, *DECLARED)}


def language(code: str) -> Language:
    """The declared language of a code (a code the data or mkdocs.yml may not use otherwise)."""
    return BY_CODE[code]


def missing_text(code: str) -> str:
    """What the live preview shows in a draft language where its text is not written yet."""
    return f"⟦{code}: —⟧"
