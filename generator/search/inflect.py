"""Ukrainian inflected forms of a name, so a name typed in another case («кубика», «правил»)
finds its entry.

pymorphy3 with its Ukrainian dictionary gives every case and number of each word. It returns
several analyses of a word, best first, and for names of things the first is often wrong: many
nouns for people and creatures are surnames first (which have no plural). So every noun analysis that is
not a personal name is used, with all its forms. In a phrase only the head noun and the
adjectives before it change («жетона шуму», not «жетона шума»): words after the first noun are
its complements and keep their form.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from generator.runtime.disk_memo import DiskMemo

CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct", "voct")
NUMBERS = ("sing", "plur")
PERSONAL_NAMES = {"Surn", "Name", "Patr"}
DECLINABLE = {"NOUN", "ADJF", "PRTF", "NUMR"}


@lru_cache(maxsize=1)
def _analyzer():
    import pymorphy3

    analyzer = pymorphy3.MorphAnalyzer(lang="uk")
    # inflect() rebuilds a word's whole paradigm for each case and number asked (14 per word
    # here, most of the name index's time); the paradigm of one analysis never changes.
    analyzer.get_lexeme = lru_cache(maxsize=None)(analyzer.get_lexeme)
    return analyzer


@lru_cache(maxsize=4096)
def _analyses(word: str) -> tuple:
    """The analyses worth inflecting: declinable ones, personal-name readings only as a last resort."""
    parses = [p for p in _analyzer().parse(word) if p.tag.POS in DECLINABLE]
    common = [p for p in parses if not (PERSONAL_NAMES & p.tag.grammemes)]
    return tuple(common or parses)


@lru_cache(maxsize=None)
def _inflected(parse, grammemes: frozenset[str]):
    """parse.inflect(grammemes), once: many names share words (42,000 asks, 15,000 different)."""
    return parse.inflect(grammemes)


@lru_cache(maxsize=1)
def _memo() -> DiskMemo:
    """The answers of earlier builds: they depend on this module's code and the dictionary only."""
    code = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    return DiskMemo("ukrainian", " ".join([code, *dictionary_versions()]))


def dictionary_versions() -> list[str]:
    """The versions of pymorphy3 and its Ukrainian dictionary: what else decides their answers."""
    return [metadata.version(name) for name in ("pymorphy3", "pymorphy3-dicts-uk")]


def save_memo() -> None:
    """Keep what this process computed for the next build."""
    _memo().save()


def ukrainian_forms(phrase: str) -> set[str]:
    """Every case/number form of `phrase` (lower case), the phrase itself included."""
    return set(_memo().get(f"forms:{phrase}", lambda: sorted(_forms(phrase))))  # type: ignore[arg-type]


def word_lemmas(word: str) -> list[str]:
    """The lemmas a Ukrainian word (lower case) may be a form of, by the dictionary's own words:
    none for a word it does not know (no guess from its ending)."""

    def lookup() -> list[str]:
        dictionary = _analyzer().dictionary
        spelled = word.replace("ʼ", "'").replace("’", "'")
        parses = dictionary.words.get(spelled) or []
        return sorted({dictionary.build_normal_form(para, index, spelled) for para, index in parses})

    return _memo().get(f"lemmas:{word}", lookup)  # type: ignore[return-value]


def _forms(phrase: str) -> set[str]:
    words = phrase.lower().split()
    forms = {phrase.lower()}
    if not any(ch.isalpha() for ch in phrase):
        return forms
    # Words without letters ("+1") have no forms: they stay as written.
    analyses = [_analyses(word) if any(ch.isalpha() for ch in word) else () for word in words]
    if len(words) == 1:
        for parse in analyses[0]:
            forms.update(form.word for form in parse.lexeme)
        return forms
    forms.update(_phrase_forms(words, analyses))
    return forms


def _phrase_forms(words: list[str], analyses: list[tuple]) -> Iterator[str]:
    """A phrase of several words in each case and number, for each reading of its head noun: the
    head and the words before it change, the words after it stay."""
    head = _head(analyses)
    head_choices = [p for p in analyses[head] if p.tag.POS == "NOUN"] or list(analyses[head]) or [None]
    for head_parse in head_choices:
        parses = [
            head_parse if index == head else (found[0] if found else None) for index, found in enumerate(analyses)
        ]
        for case in CASES:
            for number in NUMBERS:
                yield " ".join(
                    _form(word, parses[index], case, number) if index <= head else word
                    for index, word in enumerate(words)
                )


def _head(analyses: list[tuple]) -> int:
    """The phrase's head: its first word whose best reading is a noun, else its last word."""
    return next((i for i, parses in enumerate(analyses) if parses and parses[0].tag.POS == "NOUN"), len(analyses) - 1)


def _form(word: str, parse, case: str, number: str) -> str:
    """The word in a case and number (in the case alone if it has no such number), else as written."""
    if parse is None:
        return word
    form = _inflected(parse, frozenset((case, number))) or _inflected(parse, frozenset((case,)))
    return form.word if form else word
