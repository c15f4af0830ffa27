"""Ukrainian inflected forms of a name, so «слизького» finds «Слизький».

pymorphy3 with its Ukrainian dictionary gives every case and number of each word. In a phrase
only the head noun and the adjectives before it change («жетона шуму», not «жетона шума»):
words after the first noun are its complements and keep their form.
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
    if not any(ch.isalpha() for ch in phrase):
        return {phrase.lower()}
    morph = _analyzer()
    # Words without letters ("+1") have no forms: they stay as written.
    parses = [morph.parse(word)[0] if any(ch.isalpha() for ch in word) else None for word in words]
    forms = {phrase.lower()}
    if len(words) == 1:
        forms.update(f.word for f in parses[0].lexeme)
        return forms
    head = next((i for i, p in enumerate(parses) if p and "NOUN" in p.tag), len(parses) - 1)
    for case in CASES:
        for number in NUMBERS:
            inflected = []
            for index, (word, parse) in enumerate(zip(words, parses)):
                form = (parse.inflect({case, number}) or parse.inflect({case})) if parse and index <= head else None
                inflected.append(form.word if form else word)
            forms.add(" ".join(inflected))
    return forms
