"""The name index: every named entity and every titled section, found by any of its names.

One file per language. An entry links to that language's page only; its keys hold the page
language's name and, in Ukrainian, its case forms (weight 3), that language's aliases and their
forms and the English name (2), and the other languages' names and aliases (1).

Which entities: the shared kinds and those each game lists (search_kinds), when they have a
heading of their own (a name, a title or a question) on a page. Each entry carries its game's
folder, so the browser can rank the game of the page being read first and group one name found
in several games.
"""

from __future__ import annotations

from generator.languages import LANGUAGES
from generator.load.entities import Entity, Localized, Project
from generator.render.references import display_name
from generator.search.inflect import ukrainian_forms
from generator.search.normalize import normalize

OWN_WEIGHTS = (3, 2)  # the page language's names and aliases, and English; 1: other languages'
SHARED_KINDS = ("term", "rule", "faq")  # every game has these; a game adds its own (search_kinds)


def searchable(entity: Entity) -> bool:
    return bool(entity.page) and bool(entity.name or entity.fields.get("title") or entity.fields.get("question"))


def indexed_entities(project: Project):
    """(game number, game, entity) for every entity the name index lists, in the data's order."""
    for game_index, game in enumerate(project.games.values()):
        indexed = SHARED_KINDS + game.search_kinds
        for entity in game.entities.values():
            if entity.kind in indexed and searchable(entity):
                yield game_index, game, entity


def name_index(project: Project, lang: str, default_lang: str) -> tuple[list[dict], dict[str, int]]:
    """Readable entries for one language (url, title, kind, game, keys with weights, every case
    form spelled out), and counts: what the site's files hold, for checks and tests."""
    entries = []
    counts = {"entries": 0, "names": 0, "aliases": 0, "inflected": 0}
    prefix = "" if lang == default_lang else f"{lang}/"
    for _number, game, entity in indexed_entities(project):
        keys, inflected = _keys(entity, lang, counts)
        for weight, forms in inflected:
            for form in forms:
                keys[form] = max(keys.get(form, 0), weight)
        entries.append(
            {
                "url": f"{prefix}{game.id}/{entity.page}/#{entity.id}",
                "title": display_name(entity, lang, project.labels),
                "kind": project.labels.get(f"kind-{entity.kind}", Localized()).get(lang, ""),
                "game": game.name[lang],
                "keys": sorted(keys.items(), key=lambda kv: (-kv[1], kv[0])),
            }
        )
    counts["entries"] = len(entries)
    return entries, counts


def compact_index(project: Project, lang: str, base: str = "") -> tuple[dict, dict, dict[str, int]]:
    """The files the browser fetches for one language: the index, the other languages' names of
    its entries, and counts (entries, names, aliases, inflected forms).

    The other languages' names (a Japanese alias typed on a Korean page) are a second file,
    {"keys": [front-coded keys of entry 0, of entry 1, ...]}: the browser fetches it only for a
    query written in a script the first file does not use, so most first searches skip it.

    `base` is the language's folder from the site root ("" for the default language, "ko/").
    {"base": "ko/", "games": [[folder, name], ...], "kinds": [label, ...],
     "endings": ["|а|у|ові|...", ...],
     "entries": [[title, kind, game, "game/page/#anchor", [keys of weight 3, 2,
     then "weight,stem,endings number,tail" for each Ukrainian name's case forms] or the
     number of an earlier entry with the same keys], ...]}
    No excerpts: a name result is its name, kind and game, and the index stays small enough
    for a phone's first search.
    Keys are front-coded ("<length shared with the previous key>,<rest>" joined by spaces):
    the Ukrainian case forms of a name share long prefixes.
    """
    kinds: list[str] = []
    entries: list[list] = []
    first_with: dict[tuple, int] = {}
    paradigms: dict[tuple[str, ...], int] = {}
    other_languages: list[str] = []
    counts = {"entries": 0, "names": 0, "aliases": 0, "inflected": 0}
    for game_index, game, entity in indexed_entities(project):
        kind = project.labels.get(f"kind-{entity.kind}", Localized()).get(lang, "")
        if kind not in kinds:
            kinds.append(kind)
        keys, inflected = _keys(entity, lang, counts)
        coded = [front_code(sorted(k for k, w in keys.items() if w == weight)) for weight in OWN_WEIGHTS]
        other_languages.append(front_code(sorted(k for k, w in keys.items() if w == 1)))
        for weight, forms in inflected:
            stem, endings, tail = paradigm(forms)
            number = paradigms.setdefault(endings, len(paradigms))
            coded.append(f"{weight},{stem},{number},{tail}")
        # The same keys again (a term of both editions): the number of the entry that has them.
        same = first_with.setdefault(tuple(coded), len(entries))
        entries.append(
            [
                display_name(entity, lang, project.labels),
                kinds.index(kind),
                game_index,
                f"{game.id}/{entity.page}/#{entity.id}",
                coded if same == len(entries) else same,
            ]
        )
    counts["entries"] = len(entries)
    index = {
        "base": base,
        "games": [[game.id, game.name[lang]] for game in project.games.values()],
        "kinds": kinds,
        "endings": ["|".join(endings) for endings in paradigms],
        "entries": entries,
    }
    return index, {"keys": other_languages}, counts


def front_code(keys: list[str]) -> str:
    out, previous = [], ""
    for key in keys:
        shared = 0
        while shared < min(len(key), len(previous)) and key[shared] == previous[shared]:
            shared += 1
        out.append(f"{shared},{key[shared:]}")
        previous = key
    return " ".join(out)


def _keys(entity: Entity, lang: str, counts: dict[str, int]) -> tuple[dict[str, int], list[tuple[int, list[str]]]]:
    """The entity's keys with their weights, and its Ukrainian names' case forms (weight, forms)."""
    keys: dict[str, int] = {}
    inflected: list[tuple[int, list[str]]] = []

    def add(text: str, weight: int) -> None:
        key = normalize(text)
        if key and keys.get(key, 0) < weight:
            keys[key] = weight

    titled = entity.fields.get("title") or entity.fields.get("question")
    own_names = []  # (text, weight) in the page language, inflected in Ukrainian
    if titled:  # rules sections and rulings: found by their heading in the page language
        own_names.append((titled[lang], 3 if not entity.fields.get("question") else 2))
    if entity.name:
        own_names.append((entity.name[lang], 3))
        add(entity.name.get("en", ""), 2)
        counts["names"] += len(entity.name)
        for other in LANGUAGES:
            if other != lang:
                add(entity.name[other], 1)
    own_names += [(alias, 2) for alias in entity.aliases.get(lang, [])]
    for alias in entity.aliases.get("en", []):
        add(alias, 2)
    for other in LANGUAGES:
        if other != lang:
            for alias in entity.aliases.get(other, []):
                add(alias, 1)
    counts["aliases"] += sum(len(v) for v in entity.aliases.values())
    for text, weight in own_names:
        add(text, weight)
        # A case form of a name ranks like the name itself ("кубика" -> Кубик, not an alias).
        # Questions are sentences, not names: they are not inflected.
        if lang == "uk" and len(text.split()) <= 4:
            forms = sorted({normalize(form) for form in ukrainian_forms(text)} - {normalize(text)})
            counts["inflected"] += len(forms)
            if forms:
                inflected.append((weight, [normalize(text), *forms]))
    return keys, inflected


def paradigm(forms: list[str]) -> tuple[str, tuple[str, ...], str]:
    """Forms as stem + one of several endings + tail: «жетон шуму» -> ("жетон", ("", "а", "ів", ...), "шуму").

    The endings of one declension recur across names, so the index lists each set once."""
    stem = forms[0]
    for form in forms[1:]:
        while not form.startswith(stem):
            stem = stem[:-1]
    rests = [form[len(stem) :] for form in forms]
    tail = rests[0]
    for rest in rests[1:]:
        while not rest.endswith(tail):
            tail = tail[1:]
    endings = tuple(sorted({rest[: len(rest) - len(tail)] for rest in rests}))
    return stem, endings, tail
