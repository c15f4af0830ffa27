"""How a generated sentence says a name: the forms the data gives an entity (`grammar`, read by
generator/load/schema.py) and the rules of number and particle each language follows.

A game's narration asks here for a character in the accusative, three creatures counted in Korean
or five cards in Ukrainian; the words come from the data, so a new entity reads right without a new
template. Nothing here knows a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

UK_CASES = ("nom", "gen", "dat", "acc", "ins", "loc")


def uk_plural(n: int) -> int:
    """Which Ukrainian form a number takes: 0 for 1 (21, 31...), 1 for 2-4 (22...), 2 for the rest."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


# --- Korean: a particle takes its form from the sound it follows -----------------------------------
_DIGIT_FINAL = {
    "0": True,
    "1": True,
    "2": False,
    "3": True,
    "4": False,
    "5": False,
    "6": True,
    "7": True,
    "8": True,
    "9": False,
}
_DIGIT_RIEUL = {"1", "7", "8"}
KO_PARTICLES = {"topic": ("은", "는"), "subject": ("이", "가"), "object": ("을", "를"), "and": ("과", "와")}


def ko_final(word: str) -> tuple[bool, bool]:
    """(the word ends in a final consonant, that consonant is ㄹ), read from its last syllable or
    digit; a Latin letter is read as English sounds it (l, m, n, r end in a consonant)."""
    last = word.rstrip(" )」』’'\"»")[-1:] or " "
    if "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        return final != 0, final == 8
    if last in _DIGIT_FINAL:
        return _DIGIT_FINAL[last], last in _DIGIT_RIEUL
    return last.lower() in "lmnr", last.lower() == "l"


def ko_particle(word: str, kind: str) -> str:
    """The particle alone, in the form `word` takes: 은/는, 이/가, 을/를, 과/와, (으)로."""
    final, rieul = ko_final(word)
    if kind == "with":
        return "으로" if final and not rieul else "로"
    after_consonant, after_vowel = KO_PARTICLES[kind]
    return after_consonant if final else after_vowel


@dataclass(frozen=True)
class Forms:
    """One entity's name as sentences of one language say it."""

    name: str
    gender: str | None = None  # Ukrainian: m, f, n, p
    animate: bool = False
    cases: dict[str, str] = field(default_factory=dict)  # Ukrainian: gen, dat, acc, ins, loc
    counted: dict[str, list[str]] = field(default_factory=dict)  # Ukrainian: case -> [after 2-4, after 5+]
    counter: str | None = None  # Japanese and Korean: what follows a number

    def case(self, case: str) -> str:
        """The name in a case ("nom" is the name); a form the data does not give stays the name."""
        return self.name if case == "nom" else self.cases.get(case, self.name)

    def declares(self, case: str) -> bool:
        return case == "nom" or case in self.cases

    def after_number(self, n: int, case: str = "nom") -> str | None:
        """Ukrainian: the noun after the number n in a case, as the data gives it (None if not)."""
        form = uk_plural(n)
        if form == 0:
            return self.case(case)
        if case == "acc" and not self.animate:
            case = "nom"  # an inanimate noun's accusative after a number is its nominative
        words = self.counted.get(case)
        return words[form - 1] if words else None


def forms(entity: Any, lang: str, name: str | None = None) -> Forms:
    """The forms the data gives `entity` in `lang` (its `grammar`), around `name` (default: the
    entity's short name if the data gives one, else its name)."""
    grammar = (entity.fields.get("grammar") or {}).get(lang, {}) if entity is not None else {}
    if name is None:
        name = grammar.get("short") or (entity.title(lang) if entity is not None else "")
    return Forms(
        name=name,
        gender=grammar.get("gender"),
        animate=bool(grammar.get("animate")),
        cases=dict(grammar.get("cases") or {}),
        counted={case: list(words) for case, words in (grammar.get("counted") or {}).items()},
        counter=grammar.get("counter"),
    )


# --- Ukrainian words that agree with a name's gender ----------------------------------------------
GENDER_CHOICE = re.compile(r"\$\((\w+):([^|()]*)\|([^|()]*)\|([^|()]*)\|([^|()]*)\)")
GENDER_INDEX = {"m": 0, "f": 1, "n": 2, "p": 3}


def agree(template: str, genders: dict[str, str | None]) -> str:
    """A template's gendered words, chosen by the gender the data gives each name:
    `$(enemy:дістав|дістала|дістало|дістали)` says the word for `$enemy`'s gender (masculine when
    the data gives none)."""

    def choose(match: re.Match) -> str:
        gender = genders.get(match.group(1)) or "m"
        return match.group(2 + GENDER_INDEX[gender])

    return GENDER_CHOICE.sub(choose, template)
