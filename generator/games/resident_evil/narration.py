"""Tell the engine's events in a language: one template per event kind (and per reason).

The engine decided everything; an event carries the ids, numbers and reasons, and this module
only fills the language's template with names and dice faces in that language.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from string import Template

import yaml

from generator.load.yamlpos import SAFE_LOADER
from generator.render.plain import text as plain_text

LANGS = ("ja", "ko", "uk")
PEOPLE = ("who", "by", "target", "toward", "other", "until", "owner", "to")
ENEMIES = ("enemy", "attacker")
CARDS = ("card", "weapon", "deck", "source")
CARD_LISTS = ("cards", "give", "take", "kept", "dropped")
SILENT = ("action",)  # counted in the step label instead of told as a sentence


@lru_cache(maxsize=1)
def templates() -> dict:
    return yaml.load((Path(__file__).with_name("narration.yaml")).read_text(encoding="utf-8"), Loader=SAFE_LOADER)


# --- Korean particles ------------------------------------------------------------------------
_DIGIT_BATCHIM = {
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


def _final(word: str) -> tuple[bool, bool]:
    """(has a final consonant, that consonant is ㄹ) for the last sound of a word."""
    last = word.rstrip(" )」』")[-1:] or " "
    if "가" <= last <= "힣":
        jong = (ord(last) - 0xAC00) % 28
        return jong != 0, jong == 8
    if last in _DIGIT_BATCHIM:
        return _DIGIT_BATCHIM[last], last in _DIGIT_RIEUL
    return last.lower() in "lmnr", last.lower() == "l"


def particle(word: str, kind: str) -> str:
    batchim, rieul = _final(word)
    pairs = {"topic": ("은", "는"), "subject": ("이", "가"), "object": ("을", "를"), "and": ("과", "와")}
    if kind == "with":
        return word + ("으로" if batchim and not rieul else "로")
    with_, without = pairs[kind]
    return word + (with_ if batchim else without)


class Narrator:
    """Sentences for one worked example in one language."""

    def __init__(self, lang: str, names: dict[str, str], enemy_types: dict[str, str]):
        self.lang = lang
        self.data = templates()
        self.names = names  # id -> name in the page's language (characters, cards, enemy types)
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
        return f"{base} {number}" if self.lang != "ja" else f"{base}{number}"

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
        for flag in ("unlocked", "beyond", "boss"):
            if event.get(flag):
                keyed.append(f"{kind}.{flag}")
        for key in [*keyed, kind]:
            if key in table:
                return table[key][self.lang]
        return None

    def values(self, event: dict) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in event.items():
            if key in ("event", "player", "phase", "round"):
                continue
            if key == "model" and isinstance(value, str) or key in PEOPLE and isinstance(value, str):
                out[key] = self.enemy(value) if value in self.enemy_types else self.name(value)
            elif key in ENEMIES and isinstance(value, str):
                out[key] = self.enemy(value)
            elif key in CARDS and isinstance(value, str):
                out[key] = self.name(value)
            elif key in CARD_LISTS and isinstance(value, list):
                out[key] = self.join([self.name(v) for v in value])
            elif key == "faces":
                out[key] = self.join([self.face(f) for f in value])
            elif key in ("face", "needed"):
                out[key] = self.join([self.face(f) for f in value]) if isinstance(value, list) else self.face(value)
            elif key == "path":
                out[key] = " → ".join(value)
            elif key in ("enemies", "riders"):
                out[key] = self.join([self.enemy(e) if e in self.enemy_types else self.name(e) for e in value])
            elif key == "extras":
                out["extra_count"] = str(len(value))
            elif key == "tiles":
                out[key] = self.join(list(value))
            elif key == "colour":
                out[key] = self.name(f"tension-{value}")
            elif key == "kind" and event["event"] == "encounter-draw":
                out[key] = self.word(f"encounter-{value}")
            elif key == "size":
                out[key] = self.word(f"size-{value}")
            else:
                out[key] = str(value)
        if "evaded" in event:
            out["verdict"] = self.word("evaded" if event["evaded"] else "not-evaded")
        if event["event"] == "take" and event.get("source") not in (None, "item-box"):
            out["source"] = self.name(event["source"])
        if self.lang == "ko":
            for key, value in list(out.items()):
                for kind in ("topic", "subject", "object", "with", "and"):
                    out[f"{key}_{kind}"] = particle(value, kind)
        return out

    def sentence(self, event: dict) -> str | None:
        if event["event"] in SILENT:
            return None
        template = self.template(event)
        if template is None:
            raise KeyError(f"no narration template for event '{event['event']}' in {self.lang}")
        told = Template(template).safe_substitute(_plain(self.values(event)))
        return told[:1].upper() + told[1:] if self.lang == "uk" else told

    def refusal(self, reason: str, step: dict) -> str:
        """Why the rules refused a step, told from the step's own words (who, where, with what)."""
        table = self.data["refusals"]
        template = (table.get(reason) or table["other"])[self.lang]
        words = {k: v for k, v in step.items() if k in ("who", "to", "item", "weapon") and isinstance(v, str)}
        if isinstance(step.get("to"), list) and step["to"] and isinstance(step["to"][0], str):
            words["to"] = step["to"][0]  # a path: its first step, as the diagram marks it
        values = self.values({"event": "refusal", **words})
        told = Template(template).safe_substitute(_plain(values))
        return told[:1].upper() + told[1:] if self.lang == "uk" else told

    def tell(self, events: list[dict]) -> list[str]:
        return [s for s in (self.sentence(e) for e in events) if s]


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
