"""How a generated sentence says a name: the forms the data gives an entity (`grammar`, read by
generator/load/schema.py) and Ukrainian number agreement; Korean particles are in korean.py.

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
    `$(who:дістав|дістала|дістало|дістали)` says the word for `$who`'s gender (masculine when
    the data gives none)."""

    def choose(match: re.Match) -> str:
        gender = genders.get(match.group(1)) or "m"
        return match.group(2 + GENDER_INDEX[gender])

    return GENDER_CHOICE.sub(choose, template)
