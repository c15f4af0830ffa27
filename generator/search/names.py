"""The name index: every skill, zombie, level, term and rules section, found by any of its names.

One JSON file per language. An entry links to that language's page only; its keys hold the
page language's name and, in Ukrainian, its case forms (weight 3), that language's aliases and
their forms and the English name (2), and the other languages' names and aliases (1).
"""
from __future__ import annotations

import re

from generator import games
from generator.load.entities import LANGUAGES, Entity, Game, Project
from generator.load.references import REFERENCE
from generator.render.references import display_name, value_text
from generator.search.inflect import ukrainian_forms
from generator.search.normalize import normalize

SHARED_KINDS = ("term", "rule", "faq")  # every game has these; a game adds its own (search_kinds)
EXCERPT_LENGTH = 90


def page_url(lang: str, game: Game, page_id: str, default_lang: str) -> str:
    """URL of a generated page relative to the site root (the default language lives at the root)."""
    prefix = "" if lang == default_lang else f"{lang}/"
    return f"{prefix}{game.id}/{page_id}/"


def name_index(project: Project, lang: str, default_lang: str) -> tuple[list[dict], dict[str, int]]:
    """Entries for one language, and counts (entries, names, aliases, inflected forms)."""
    entries = []
    counts = {"entries": 0, "names": 0, "aliases": 0, "inflected": 0}
    for game in project.games.values():
        indexed = SHARED_KINDS + games.for_game(game).search_kinds
        for entity in game.entities.values():
            if entity.kind not in indexed:
                continue
            keys = _keys(entity, lang, counts)
            entries.append({
                "url": page_url(lang, game, entity.page, default_lang) + f"#{entity.id}",
                "title": display_name(entity, lang, project.labels),
                "kind": project.labels[f"kind-{entity.kind}"][lang],
                "game": game.name[lang],
                "excerpt": _excerpt(entity, game, lang, project),
                "keys": sorted(keys.items(), key=lambda kv: (-int(kv[1]), kv[0])),
            })
    counts["entries"] = len(entries)
    return entries, counts


def _keys(entity: Entity, lang: str, counts: dict[str, int]) -> dict[str, int]:
    keys: dict[str, int] = {}

    def add(text: str, weight: int) -> None:
        key = normalize(text)
        if key and keys.get(key, 0) < weight:
            keys[key] = weight

    titled = entity.fields.get("title") or entity.fields.get("question")
    if titled:  # rules sections and rulings: found by their heading
        add(titled[lang], 3 if entity.kind == "rule" else 2)
        for other in LANGUAGES:
            add(titled[other], 1)
        return keys
    add(entity.name[lang], 3)
    add(entity.name["en"], 2)
    counts["names"] += len(entity.name)
    for alias in entity.aliases.get(lang, []) + entity.aliases.get("en", []):
        add(alias, 2)
    for other in LANGUAGES:
        if other != lang:
            add(entity.name[other], 1)
            for alias in entity.aliases.get(other, []):
                add(alias, 1)
    counts["aliases"] += sum(len(v) for v in entity.aliases.values())
    if lang == "uk":
        # A case form of the name ranks like the name itself ("товстуна" -> Товстун, not an alias).
        for phrase, weight in [(entity.name["uk"], 3), *((a, 2) for a in entity.aliases.get("uk", []))]:
            forms = ukrainian_forms(phrase)
            counts["inflected"] += len(forms) - 1
            for form in forms:
                add(form, weight)
    return keys


def _excerpt(entity: Entity, game: Game, lang: str, project: Project) -> str:
    text = (entity.text or entity.fields.get("answer") or {}).get(lang, "")

    def plain(match) -> str:
        kind = match.group(1)
        target, _, text = (part.strip() for part in match.group(2).partition("|"))
        if kind == "param":
            return value_text(game.parameters[target].fields["value"], game, lang, project.labels)
        return text or display_name(game.entities[target], lang, project.labels)

    flat = re.sub(r"[*_`#>\[\]]", "", REFERENCE.sub(plain, text))
    flat = " ".join(flat.split())
    return flat if len(flat) <= EXCERPT_LENGTH else flat[:EXCERPT_LENGTH].rstrip() + "…"
