"""Tell the engine's events in a language: one template per event kind (and per reason).

The engine decided everything; an event carries the ids, numbers and reasons, and this module
only fills the language's template with names and dice faces in that language.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from string import Template
from typing import Any, Callable

import yaml

from generator.errors import GeneratorError
from generator.languages import LANGUAGES, language
from generator.load.entities import localized_tree
from generator.load.yamlpos import SAFE_LOADER
from generator.render import grammar, korean
from generator.render.plain import text as plain_text

LANGS = LANGUAGES
PEOPLE = ("who", "by", "target", "toward", "other", "until", "owner", "to", "beside")
ENEMIES = ("enemy", "attacker")
CARDS = ("card", "weapon", "deck", "source")
CARD_LISTS = ("cards", "give", "take", "kept", "dropped")
SILENT = ("action",)  # counted in the step label instead of told as a sentence
UNTOLD = ("event", "player", "phase", "round")  # what every event carries: its kind and the turn


@lru_cache(maxsize=1)
def templates() -> dict:
    text = (Path(__file__).with_name("narration.yaml")).read_text(encoding="utf-8")
    return localized_tree(yaml.load(text, Loader=SAFE_LOADER))


class Narrator:
    """Sentences for one worked example in one language."""

    def __init__(
        self,
        lang: str,
        names: dict[str, str],
        enemy_types: dict[str, str],
        said: dict[str, grammar.Forms] | None = None,
    ):
        self.lang = lang
        self.data = templates()
        self.names = names  # id -> name in the page's language (characters, cards, enemy types)
        self.said = said or {}  # id -> the name's grammar in the data (Ukrainian case forms)
        self.enemy_types = enemy_types  # enemy id -> type id
        self.numbers = enemy_numbers(enemy_types)
        self.counts: dict[str, int] = {}
        for etype in enemy_types.values():
            self.counts[etype] = self.counts.get(etype, 0) + 1

    def name(self, key: str) -> str:
        if key in self.names:
            return self.names[key]
        entry = self.data["names"].get(key)
        return entry[self.lang] if entry else key

    def has_name(self, key: str) -> bool:
        return key in self.names or key in self.data["names"]

    def enemy(self, eid: str) -> str:
        etype = self.enemy_types.get(eid, eid)
        base = self.name(etype)
        if self.counts.get(etype, 0) <= 1:
            return base
        number = self.numbers.get(eid, eid)
        return f"{base}{language(self.lang).word_space}{number}"

    def face(self, face: str) -> str:
        entry = self.data["faces"].get(face)
        return entry[self.lang] if entry else face

    def join(self, items: list[str]) -> str:
        return self.data["joins"][self.lang].join(items) if items else self.data["none"][self.lang]

    def word(self, key: str) -> str:
        return self.data["words"][key][self.lang]

    def template(self, event: dict) -> str | None:
        kind = event["event"]
        table = self.data["events"]
        keyed = []
        if event.get("reason"):
            keyed.append(f"{kind}.{event['reason']}")
        if event.get("rapid_fire"):
            keyed.append(f"{kind}.rapid-fire")
        if event.get("distance") == 0:
            keyed.append(f"{kind}.same-square")
        for flag in ("unlocked", "beyond", "boss", "avoids"):
            if event.get(flag):
                keyed.append(f"{kind}.{flag}")
        for key in [*keyed, kind]:
            if key in table:
                return table[key][self.lang]
        return None

    def values(self, event: dict) -> dict[str, str]:
        """The event's values as its template takes them: names, dice faces, lists, by key."""
        out: dict[str, str] = {}
        for key, value in event.items():
            if key in UNTOLD:
                continue
            if key == "extras":
                out["extra_count"] = str(len(value))
            else:
                out[key] = self._told(event["event"], key, value)
        if "evaded" in event:
            out["verdict"] = self.word("evaded" if event["evaded"] else "not-evaded")
        if event["event"] == "take" and event.get("source") not in (None, "item-box"):
            out["source"] = self.name(event["source"])
        if self.lang == "uk":
            self._add_cases(event, out)
            if event["event"] == "hit":
                out["effects"] = self._uk_effects(int(event.get("damage", 0)), int(event.get("pushes", 0)))
            if isinstance(event.get("rapid_fire"), int):
                dice = self.data["uk-effects"]["extra-dice"][grammar.uk_plural(event["rapid_fire"])]
                out["extra_dice"] = dice.replace("$n", str(event["rapid_fire"]))
        if self.lang == "ko":
            _add_particles(out)
        return out

    def _uk_effects(self, damage: int, pushes: int) -> str:
        """What a hit's results add up to, as a phrase: «шкоду 2 і одне відштовхування»."""
        words = self.data["uk-effects"]
        parts = [words["damage"].replace("$n", str(damage))] if damage else []
        if pushes:
            form = words["pushes"][grammar.uk_plural(pushes)]
            parts.append(form.replace("$n", str(pushes)))
        return " і ".join(parts) if parts else words["nothing"]

    def _add_cases(self, event: dict, out: dict[str, str]) -> None:
        """Ukrainian: each name also in each case its grammar in the data gives (`$who_acc`:
        «влучає в Кріса», `$weapon_ins`: «ножем»); a name without them keeps its nominative."""
        for key, value in event.items():
            if not isinstance(value, str) or key not in NAMED_BY:
                continue
            number = ""
            ident = value
            if value in self.enemy_types:
                ident = self.enemy_types[value]
                told = self.enemy(value)
                number = told[len(self.name(ident)) :]  # " 2", when two of a type take part
            said = self.said.get(ident)
            for case in grammar.UK_CASES[1:]:
                out[f"{key}_{case}"] = (said.case(case) if said else out[key][: len(out[key]) - len(number)]) + number

    def _told(self, kind: str, key: str, value: Any) -> str:
        """One value of an event of `kind` in words; a value no table names is told as written."""
        if isinstance(value, str) and key in NAMED_BY:
            return NAMED_BY[key](self, value)
        if isinstance(value, list) and key in CARD_LISTS:
            return self.join([self.name(v) for v in value])
        if key == "kind" and kind == "encounter-draw":
            return self.word(f"encounter-{value}")
        tell = TOLD_BY.get(key)
        return tell(self, value) if tell else str(value)

    def _someone(self, key: str) -> str:
        """An enemy of the case by its number, else a character (or anything else) by its name."""
        return self.enemy(key) if key in self.enemy_types else self.name(key)

    def _everyone(self, keys: list[str]) -> str:
        return self.join([self._someone(key) for key in keys])

    def _faces(self, faces: list[str]) -> str:
        return self.join([self.face(f) for f in faces])

    def _face_or_faces(self, value: str | list[str]) -> str:
        return self._faces(value) if isinstance(value, list) else self.face(value)

    def sentence(self, event: dict) -> str | None:
        if event["event"] in SILENT:
            return None
        template = self.template(event)
        if template is None:
            raise GeneratorError(
                f"narration.yaml has no template for the event '{event['event']}' in {self.lang}; add one"
            )
        template = grammar.agree(template, self.genders(event))
        told = Template(template).safe_substitute(_plain(self.values(event)))
        return language(self.lang).sentence_start(told)

    def genders(self, event: dict) -> dict[str, str | None]:
        """The gender the data gives each name an event mentions, by the event's key."""
        found: dict[str, str | None] = {}
        for key, value in event.items():
            if isinstance(value, str) and key in NAMED_BY:
                said = self.said.get(self.enemy_types.get(value, value))
                found[key] = said.gender if said else None
        return found

    def refusal(self, reason: str, step: dict) -> str:
        """Why the rules refused a step, told from the step's own words (who, where, with what)."""
        table = self.data["refusals"]
        template = (table.get(reason) or table["other"])[self.lang]
        words = {k: v for k, v in step.items() if k in ("who", "to", "item", "weapon") and isinstance(v, str)}
        if isinstance(step.get("to"), list) and step["to"] and isinstance(step["to"][0], str):
            words["to"] = step["to"][0]  # a path: its first step, as the diagram marks it
        values = self.values({"event": "refusal", **words})
        told = Template(template).safe_substitute(_plain(values))
        return language(self.lang).sentence_start(told)

    def tell(self, events: list[dict]) -> list[str]:
        return [s for s in (self.sentence(e) for e in events) if s]


# Event keys whose text is an id to name: someone (an enemy or a character), an enemy, a card.
NAMED_BY: dict[str, Callable[[Narrator, str], str]] = {
    "model": Narrator._someone,
    **dict.fromkeys(PEOPLE, Narrator._someone),
    **dict.fromkeys(ENEMIES, Narrator.enemy),
    **dict.fromkeys(CARDS, Narrator.name),
}
# Event keys told in words of their own, whatever their value's type.
TOLD_BY: dict[str, Callable[[Narrator, Any], str]] = {
    "faces": Narrator._faces,
    "face": Narrator._face_or_faces,
    "needed": Narrator._face_or_faces,
    "path": lambda n, path: " → ".join(path),
    "enemies": Narrator._everyone,
    "riders": Narrator._everyone,
    "tiles": lambda n, tiles: n.join(list(tiles)),
    "doors": lambda n, doors: n.join(list(doors)),
    "squares": lambda n, squares: n.join(list(squares)),
    "colour": lambda n, colour: n.name(f"tension-{colour}"),
    "size": lambda n, size: n.word(f"size-{size}"),
}


def _add_particles(values: dict[str, str]) -> None:
    """Korean: each value also with each particle after it (`$who_topic`), in the form its last sound takes."""
    for key, value in list(values.items()):
        for kind in korean.KINDS:
            values[f"{key}_{kind}"] = value + korean.particle(value, kind)


def enemy_numbers(enemy_types: dict[str, str]) -> dict[str, str]:
    """Each enemy's number, as the narration says it and the diagram labels it: the digits of its
    id (zombie-2: 2) when no other enemy of its type has them, else the next number none has.
    Enemies of different types are told apart by their names and shapes."""
    numbers: dict[str, str] = {}
    for etype in sorted(set(enemy_types.values())):
        ids = sorted(
            (eid for eid, t in enemy_types.items() if t == etype), key=lambda e: (re.sub(r"\D", "", e).zfill(6), e)
        )
        used: set[str] = set()
        for eid in ids:
            digits = re.sub(r"\D", "", eid).lstrip("0")
            if digits and digits not in used:
                numbers[eid] = digits
                used.add(digits)
        for eid in ids:
            if eid not in numbers:
                numbers[eid] = next(str(n) for n in range(1, len(ids) + len(used) + 2) if str(n) not in used)
                used.add(numbers[eid])
    return numbers


def _plain(values: dict[str, str]) -> dict[str, str]:
    """The values a sentence takes (names from the data among them) as plain text in its Markdown:
    an enemy named "1. Zombie" must not start a list inside the narration's own."""
    return {key: str(plain_text(value)) for key, value in values.items()}
