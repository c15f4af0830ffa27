"""Ukrainian inflected forms of a name, so «слизького» finds «Слизький».

pymorphy3 with its Ukrainian dictionary gives every case and number of each word; for a
phrase we inflect all words into the same case and number so adjectives agree with nouns.
"""
from __future__ import annotations

from functools import lru_cache

CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct", "voct")
NUMBERS = ("sing", "plur")


@lru_cache(maxsize=1)
def _analyzer():
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="uk")


def ukrainian_forms(phrase: str) -> set[str]:
    """Every case/number form of `phrase` (lower case), the phrase itself included."""
    words = phrase.lower().split()
    if not words or not all(any(ch.isalpha() for ch in w) for w in words):
        return {phrase.lower()}
    morph = _analyzer()
    parses = [morph.parse(word)[0] for word in words]
    forms = {phrase.lower()}
    if len(words) == 1:
        forms.update(f.word for f in parses[0].lexeme)
        return forms
    for case in CASES:
        for number in NUMBERS:
            inflected = []
            for word, parse in zip(words, parses):
                form = parse.inflect({case, number}) or parse.inflect({case})
                inflected.append(form.word if form else word)
            forms.add(" ".join(inflected))
    return forms
