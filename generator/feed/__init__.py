"""The rules as open data: one JSON feed per game and language, keyed by the data's stable ids.

    feed(project, game, lang)   the feed as plain JSON values (schema.json says every field)
    VERSION                     the feed's version: its major number changes when an id a reader
                                may rely on is removed or renamed, or a field changes meaning
    write_feeds(project, site)  every feed, the schema and an index under open-data/v<major>/

A feed holds, for one game in one language: the entities of every kind (names in every language,
aliases, text, the page that shows each, their data: statistics, attack lines, skills), the
parameters with their sources, the rules sections, the FAQ rulings (with whether the rules model
checks each) and the source notes. Texts are Markdown with every reference resolved to plain words
(a number, a name in the form the sentence needs), so a reader of the feed never needs our syntax;
the ids an entry refers to are listed beside it. The browser's resolver builds its rules model
from this same data (generator/resolver/), so the feed is what the engine runs on.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

from generator.errors import Location
from generator.load.entities import Entity, Game, Localized, Project, SourceRef
from generator.load.references import REFERENCE
from generator.render.references import display_name, value_text

VERSION = "1.0"
MAJOR = VERSION.split(".")[0]
FOLDER = f"open-data/v{MAJOR}"  # in the site
SCHEMA = Path(__file__).with_name("schema.json")
SECTIONS = ("entities", "parameters", "rules", "faq", "notes")  # each a list keyed by id
# Kinds listed in a section of their own rather than among the entities.
OWN_SECTIONS = {"rule": "rules", "faq": "faq", "note": "notes"}
# Fields shown as texts of their own (in the feed's language) rather than as data.
TEXT_FIELDS = ("title", "question", "answer")


def feed_file(game_id: str, lang: str) -> str:
    """Where a feed lies in the site, from the site's root."""
    return f"{FOLDER}/{game_id}.{lang}.json"


def page_url(game: Game, entity: Entity, lang: str, default_lang: str) -> str:
    """The entity's place in the site, from the site's root (the default language is at the root)."""
    folder = "" if lang == default_lang else f"{lang}/"
    return f"{folder}{game.id}/{entity.page}/#{entity.id}"


def feed(project: Project, game: Game, lang: str, default_lang: str) -> dict:
    """One game's rules in one language, as plain JSON values (read only: a build asks for each
    twice, for the feed's file and for the resolver page, and both get the same one)."""
    key = (game.id, lang, default_lang)
    kept = _MADE.get(key)
    if kept is None or kept[0] is not project:
        kept = _MADE[key] = (project, _feed(project, game, lang, default_lang))
    return kept[1]


_MADE: dict[tuple[str, str, str], tuple[Project, dict]] = {}  # the last project's feeds


def _feed(project: Project, game: Game, lang: str, default_lang: str) -> dict:
    labels = project.labels
    out: dict[str, Any] = {
        "feed": {"version": VERSION, "schema": "schema.json"},
        "game": {
            "id": game.id,
            "engine": game.engine,
            "name": game.name[lang],
            "names": dict(game.name),
            "language": lang,
            "text": _text(game.text[lang], game, lang, labels),
            "page": ("" if lang == default_lang else f"{lang}/") + f"{game.id}/",
        },
        "sources": [
            {"id": s.id, "title": s.title[lang], "language": s.language, "games": s.game_ids}
            for s in project.sources.values()
            if game.id in s.game_ids
        ],
        "parameters": [_parameter(p, game, lang, labels) for p in game.parameters.values()],
        **{section: [] for section in ("entities", "rules", "faq", "notes")},
    }
    parents = {child.id: entity.id for entity in game.entities.values() for child in entity.children}
    for entity in game.entities.values():
        section = OWN_SECTIONS.get(entity.kind, "entities")
        entry = _entry(entity, game, lang, labels, page_url(game, entity, lang, default_lang))
        if section == "rules":
            entry["parent"] = parents.get(entity.id)
        elif section == "faq":
            entry["checked-by-model"] = "check" in entity.fields
            entry["check"] = entity.fields.get("check")
            entry["no-check"] = entity.fields.get("no-check")
        out[section].append(entry)
    return out


def _entry(entity: Entity, game: Game, lang: str, labels, url: str) -> dict:
    texts = {key: entity.fields[key] for key in TEXT_FIELDS if isinstance(entity.fields.get(key), dict)}
    entry: dict[str, Any] = {"id": entity.id}
    if entity.kind not in OWN_SECTIONS:
        entry["kind"] = entity.kind
    entry["name"] = display_name(entity, lang, labels)
    if entity.name:
        entry["names"] = {code: entity.name[code] for code in entity.name}
    entry["aliases"] = sorted({alias for names in entity.aliases.values() for alias in names})
    for key, value in texts.items():
        entry[key] = _text(value[lang], game, lang, labels)
    entry["text"] = _text(entity.text[lang], game, lang, labels) if entity.text else ""
    entry["refers-to"] = _refers_to([entity.text.get(lang, ""), *(v[lang] for v in texts.values())], game)
    entry["page"] = url
    entry["sources"] = [_source(ref) for ref in entity.sources]
    data = entity_data(entity)
    if data:
        entry["data"] = data
    return entry


def names_feed(game: Game, lang: str) -> dict:
    """The part of a feed a resolver's controls read (the game, its entities' names and data),
    without the texts: what the build needs to make a worked example's link."""
    return {
        "game": {"id": game.id, "engine": game.engine, "language": lang},
        "entities": [
            {"id": e.id, "kind": e.kind, "name": e.name[lang] if e.name else e.title(lang), "data": entity_data(e)}
            for e in game.entities.values()
            if e.kind not in OWN_SECTIONS
        ],
    }


def entity_data(entity: Entity) -> dict:
    """An entity's own data as the feed gives it: every field but its texts and an FAQ ruling's check."""
    return {
        key: plain(value, "")
        for key, value in entity.fields.items()
        if key not in TEXT_FIELDS and key not in ("check", "no-check") and not isinstance(value, Localized)
    }


def parameter_values(game: Game) -> dict[str, Any]:
    """The game's parameters as the feed gives them (the derived statistics left out)."""
    return {pid: plain(p.fields["value"], "") for pid, p in game.parameters.items() if not p.fields.get("derived")}


def _parameter(parameter: Entity, game: Game, lang: str, labels) -> dict:
    value = parameter.fields["value"]
    return {
        "id": parameter.id,
        "value": plain(value, lang),
        "as-text": value_text(plain(value, lang), game, lang, labels),
        "derived": bool(parameter.fields.get("derived")),
        "sources": [_source(ref) for ref in parameter.sources],
    }


def _source(ref: SourceRef) -> dict:
    return {"source": ref.source, "section": ref.section}


def plain(value: Any, lang: str) -> Any:
    """A field's value as JSON: texts in the feed's language, places dropped, (id, place) pairs as
    the id, records as their fields (a record of one field as that field)."""
    if isinstance(value, Localized):
        return value[lang]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)  # a Number read from the data is an int with its place
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return {str(key): plain(item, lang) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and isinstance(value[1], Location):
            return plain(value[0], lang)
        return [plain(item, lang) for item in value if not isinstance(item, Location)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value) if f.name != "where"}
        return plain(next(iter(fields.values())), lang) if len(fields) == 1 else plain(fields, lang)
    raise TypeError(f"a field of type {type(value).__name__} has no JSON form in the feed")


def _text(source: str, game: Game, lang: str, labels) -> str:
    """Markdown with every reference resolved to plain words: a value, or a name (in the form the
    sentence gives)."""

    def words(match) -> str:
        kind = match.group(1)
        target, _, form = (part.strip() for part in match.group(2).partition("|"))
        if kind == "param":
            return value_text(game.parameters[target].fields["value"], game, lang, labels)
        return form or display_name(game.entities[target], lang, labels)

    return REFERENCE.sub(words, source)


def _refers_to(texts: list[str], game: Game) -> list[str]:
    """The ids a text links to (entities and parameters), each once, in order of appearance."""
    found: dict[str, None] = {}
    for source in texts:
        for match in REFERENCE.finditer(source or ""):
            found[match.group(2).partition("|")[0].strip()] = None
    return list(found)


def ids(one_feed: dict) -> dict[str, list[str]]:
    """Section -> the ids it holds: what a reader of the feed may rely on within a major version
    (a derived parameter follows its entity: it is not listed on its own)."""
    listed = {section: [entry["id"] for entry in one_feed[section]] for section in SECTIONS}
    listed["parameters"] = [p["id"] for p in one_feed["parameters"] if not p["derived"]]
    return listed


def removed_ids(published: dict, current: dict[str, dict[str, list[str]]]) -> list[str]:
    """The ids a published list has and the current feeds lack, as 'game › section › id'."""
    gone = []
    for game_id, sections in published.get("games", {}).items():
        now = current.get(game_id, {})
        for section, listed in sections.items():
            missing = sorted(set(listed) - set(now.get(section, [])))
            gone += [f"{game_id} › {section} › {item}" for item in missing]
    return gone


def schema() -> dict:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


def write_feeds(project: Project, site: Path, languages: tuple[str, ...], default_lang: str) -> list[str]:
    """Every game's feed in every language, the schema and an index, into the site; the files
    written, from the site's root. The same data gives the same bytes."""
    folder = site / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    index: dict[str, Any] = {"version": VERSION, "schema": "schema.json", "feeds": []}
    for game in project.games.values():
        for lang in languages:
            body = dump(feed(project, game, lang, default_lang))
            path = site / feed_file(game.id, lang)
            path.write_bytes(body)
            written.append(feed_file(game.id, lang))
            index["feeds"].append(
                {
                    "game": game.id,
                    "language": lang,
                    "file": path.name,
                    "bytes": len(body),
                    "sha256": hashlib.sha256(body).hexdigest(),
                }
            )
    (folder / "schema.json").write_bytes(SCHEMA.read_bytes())
    (folder / "index.json").write_bytes(dump(index))
    return [*written, f"{FOLDER}/schema.json", f"{FOLDER}/index.json"]


def dump(value: Any) -> bytes:
    """Compact JSON, its keys in the order written, UTF-8 (readable in every language)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
