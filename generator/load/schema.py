"""What each file and entity may contain, and the readers that check one value each.

A reader takes a `Node` and a `Context` (breadcrumb + error list), reports what is wrong in
the user's terms, and returns the plain value (or None when it cannot).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from generator.errors import DataError, Location
from generator.languages import LANGUAGES, NAME_LANGUAGES, language
from generator.load.entities import Entity, Localized, SourceRef, Text, Topic
from generator.load.ranges import Number
from generator.load.yamlpos import Node

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_ID_LENGTH = 100


@dataclass
class Context:
    errors: list[DataError]
    crumbs: tuple[str, ...] = ()

    def at(self, crumb: str) -> "Context":
        return Context(self.errors, (*self.crumbs, crumb))

    def error(self, where: Location, message: str) -> None:
        self.errors.append(DataError(where, " › ".join(self.crumbs), message))

    def missing(self, where: Location, lang: str, what: str, languages: tuple[str, ...]) -> None:
        """A text missing in one language: an error, or a gap to write where the language is a draft."""
        needed = ", ".join(code for code in languages if not language(code).draft)
        message = f"missing {language(lang).name} {what} ('{lang}'); add it: every {what} needs {needed}"
        self.errors.append(DataError(where, " › ".join(self.crumbs), message, gap=lang if language(lang).draft else ""))


Reader = Callable[[Node, Context], Any]

_TYPE_WORDS = {"map": "a mapping (key: value lines)", "list": "a list ('- ' items)", "scalar": "a single value"}


def describe(node: Node) -> str:
    if node.kind != "scalar":
        return _TYPE_WORDS[node.kind]
    value = node.value
    written = _as_written(node)
    if value is None:
        return (
            "nothing"
            if written in ("", "~", "null")
            else f"nothing (YAML reads '{written}' so; write it in quotes if it is text)"
        )
    if isinstance(value, bool):
        told = f"the boolean {str(value).lower()}"
        return (
            told
            if written in ("true", "false")
            else f"{told} (YAML reads '{written}' so; write it in quotes if it is text)"
        )
    if isinstance(value, (int, float)):
        told = f"the number {value}"
        return (
            told if written == str(value) else f"{told} (YAML reads '{written}' so; write it in quotes if it is text)"
        )
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"the date {value} (YAML reads it as a date; write it in quotes if it is text)"
    return f"the text '{value}'" if len(str(value)) < 40 else "a text"


def _as_written(node: Node) -> str:
    """The scalar's text in its file (what a YAML 1.1 reader turned into a boolean or a number)."""
    text = getattr(getattr(node, "file", None), "text", None)
    return text[node.start : node.end].strip() if isinstance(text, str) else ""


def expect_kind(node: Node, ctx: Context, kind: str, what: str) -> bool:
    if node.kind == kind:
        return True
    ctx.error(node.where, f"expected {what}, found {describe(node)}")
    return False


def read_string(node: Node, ctx: Context) -> str | None:
    if node.kind != "scalar" or not isinstance(node.value, str):
        ctx.error(node.where, f"expected text, found {describe(node)}")
        return None
    if not node.value.strip():
        ctx.error(node.where, "the text is empty; write it")
        return None
    return node.value


def read_id(node: Node, ctx: Context) -> str | None:
    value = node.value if node.kind == "scalar" else None
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        shown = f"'{value}'" if isinstance(value, str) else describe(node)
        hint = f" (for example '{_kebab(value)}')" if isinstance(value, str) and _kebab(value) else ""
        ctx.error(
            node.where, f"bad id {shown}: ids are ASCII kebab-case, lower-case letters, digits and single hyphens{hint}"
        )
        return None
    if len(value) > MAX_ID_LENGTH:  # it becomes an anchor and part of addresses
        ctx.error(
            node.where,
            f"the id '{value[:40]}…' has {len(value)} characters; an id has at most {MAX_ID_LENGTH}: "
            f"shorten it to a few words",
        )
        return None
    return value


def _kebab(value: str) -> str:
    words = re.findall(r"[a-z0-9]+", value.lower())
    return "-".join(words)


def read_int(node: Node, ctx: Context) -> int | None:
    if node.kind != "scalar" or isinstance(node.value, bool) or not isinstance(node.value, int):
        ctx.error(node.where, f"expected a whole number, found {describe(node)}")
        return None
    if node.value < 0:
        ctx.error(node.where, f"expected a number of zero or more, found {node.value}")
        return None
    return Number(node.value, node.where)  # remembers its place for the range checks


def read_localized(languages: tuple[str, ...], what: str) -> Reader:
    """A mapping language -> non-empty text, every language present and no other key."""

    def read(node: Node, ctx: Context) -> dict[str, Text] | None:
        if not expect_kind(node, ctx, "map", f"{what} in {', '.join(languages)}"):
            return None
        result: dict[str, Text] = {}
        for lang, child in node.value.items():
            if lang not in languages:
                ctx.error(child.key_where, f"unknown language '{lang}' in {what}; use {', '.join(languages)}")
                continue
            value = read_string(child, ctx.at(lang))
            if value is not None:
                result[lang] = Text(value, child)
        for lang in languages:
            if lang not in node.value:
                ctx.missing(node.where, lang, what, languages)
        return Localized(result)

    return read


read_text = read_localized(LANGUAGES, "text")
read_title = read_localized(LANGUAGES, "title")
read_name = read_localized(NAME_LANGUAGES, "name")


def read_aliases(node: Node, ctx: Context) -> dict[str, list[str]] | None:
    if not expect_kind(node, ctx, "map", "aliases by language (en, ja, ko, uk: [names])"):
        return None
    result: dict[str, list[str]] = {}
    for lang, child in node.value.items():
        if lang not in NAME_LANGUAGES:
            ctx.error(child.key_where, f"unknown language '{lang}' in aliases; use {', '.join(NAME_LANGUAGES)}")
            continue
        if not expect_kind(child, ctx.at(lang), "list", "a list of names"):
            continue
        names = [(read_string(item, ctx.at(lang)), item) for item in child.value]
        result[lang] = [Text(n, item) for n, item in names if n]  # Text keeps the place for later checks
    return result


def read_sources(node: Node, ctx: Context) -> list[SourceRef] | None:
    if not expect_kind(node, ctx, "list", 'a list of sources like "z1-ja-digest § <section>"'):
        return None
    refs = []
    for item in node.value:
        value = read_string(item, ctx)
        if value is None:
            continue
        source, _, section = (part.strip() for part in value.partition("§"))
        refs.append(SourceRef(source, section, item.where))
    return refs


def read_id_list(node: Node, ctx: Context) -> list[tuple[str, Location]] | None:
    if not expect_kind(node, ctx, "list", "a list of ids"):
        return None
    ids = [(read_id(item, ctx), item.where) for item in node.value]
    return [(i, where) for i, where in ids if i]


def read_parameter_value(node: Node, ctx: Context) -> Any:
    """An integer, a boolean, or a list of ids/numbers (possibly nested one level: an order of groups)."""
    if node.kind == "scalar":
        if isinstance(node.value, (bool, int)):
            return node.value
        ctx.error(
            node.where,
            f"expected a number, a boolean or a list, found {describe(node)}; write a whole "
            f"number (such as 4), true or false, or a list",
        )
        return None
    if node.kind == "list":
        return [
            read_parameter_value(item, ctx) if item.kind == "list" else _id_or_number(item, ctx) for item in node.value
        ]
    ctx.error(node.where, "expected a number, a boolean or a list, found a mapping; a parameter holds one value")
    return None


def _id_or_number(node: Node, ctx: Context) -> Any:
    if node.kind == "scalar" and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    return read_id(node, ctx)


def read_bool(node: Node, ctx: Context) -> bool | None:
    if node.kind != "scalar" or not isinstance(node.value, bool):
        ctx.error(node.where, f"expected true or false, found {describe(node)}")
        return None
    return node.value


def read_choice(*choices: str) -> Reader:
    def read(node: Node, ctx: Context) -> str | None:
        if node.kind != "scalar" or node.value not in choices:
            ctx.error(node.where, f"expected one of {', '.join(choices)}, found {describe(node)}")
            return None
        return node.value

    return read


def read_range(node: Node, ctx: Context) -> tuple[int, int] | None:
    """A range in zones, [min, max]."""
    if not expect_kind(node, ctx, "list", "a range [min, max]") or len(node.value) != 2:
        if node.kind == "list":
            ctx.error(node.where, f"a range has two numbers [min, max], found {len(node.value)}")
        return None
    low, high = (read_int(item, ctx) for item in node.value)
    if low is None or high is None:
        return None
    if low > high:
        ctx.error(node.where, f"range [{low}, {high}] runs backwards; write [{high}, {low}]")
        return None
    return low, high


def read_string_list(node: Node, ctx: Context) -> list[str] | None:
    if not expect_kind(node, ctx, "list", "a list of texts"):
        return None
    return [v for v in (read_string(item, ctx) for item in node.value) if v]


def read_mapping(
    required: dict[str, "Reader"], optional: dict[str, "Reader"] | None = None, what: str = ""
) -> "Reader":
    def read(node: Node, ctx: Context) -> dict | None:
        if not expect_kind(node, ctx, "map", what or f"a mapping with {', '.join(required)}"):
            return None
        return read_fields(node, ctx, required, optional or {})

    return read


def read_list_of(reader: "Reader", what: str) -> "Reader":
    def read(node: Node, ctx: Context) -> list | None:
        if not expect_kind(node, ctx, "list", what):
            return None
        return [v for v in (reader(item, ctx) for item in node.value) if v is not None]

    return read


@dataclass
class EntitySpec:
    kind: str
    required: dict[str, Reader]
    optional: dict[str, Reader] = field(default_factory=dict)
    nested: str | None = None  # key under which entities of the same kind nest (rules sections)
    # A kind without a name, headed by its fields instead in every language (a numbered card: #07).
    heading: Callable[[dict], str | None] | None = None


# --- grammar: how generated sentences say a name ---------------------------------------------------
UK_GENDERS = ("m", "f", "n", "p")  # masculine, feminine, neuter, plural only
UK_CASES = ("gen", "dat", "acc", "ins", "loc")  # besides the nominative, which is the name itself
UK_COUNTED = ("nom", "gen", "acc")  # after 2-4 and after 5 or more: [few, many]
GRAMMAR_WORD = re.compile(r"^[^\W\d_](?:[^\W_]|[ '’-])*$")  # letters, with spaces, hyphens, apostrophes inside
GRAMMAR_SCRIPT = {
    "ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"),
    "ko": re.compile(r"[\uac00-\ud7a3]"),
    "uk": re.compile(r"[а-яіїєґ]", re.I),
}
GRAMMAR_FIELDS = {
    "ja": {"counter": "the counter a number takes (体, 枚)", "short": "the name a sentence uses"},
    "ko": {"counter": "the counter a number takes (마리, 장)", "short": "the name a sentence uses"},
    "uk": {
        "gender": "m, f, n or p",
        "animate": "true for a creature",
        "short": "the name a sentence uses",
        "cases": "the name's case forms",
        "counted": "the forms after a number",
    },
}


def _grammar_word(node: Node, ctx: Context, lang: str) -> str | None:
    word = read_string(node, ctx)
    if word is None:
        return None
    if not GRAMMAR_WORD.match(word) or not GRAMMAR_SCRIPT[lang].search(word):
        ctx.error(
            node.where,
            f"'{word}' is not a {language(lang).name} word: write the form in {language(lang).name} "
            f"letters, as a sentence shows it",
        )
        return None
    return word


def read_grammar(node: Node, ctx: Context) -> dict | None:
    """How a generated sentence says a name, by language: Ukrainian gender, case forms and forms
    after a number; the counter Japanese and Korean put after a number; a shorter name a story uses.

        grammar:
          uk: {gender: f, cases: {gen: Олени, dat: Олені, acc: Олену, ins: Оленою, loc: Олені}}
          ja: {counter: 体}
    """
    if not expect_kind(node, ctx, "map", "grammar by language (ja, ko, uk)"):
        return None
    grammar: dict = {}
    for lang, child in node.value.items():
        inner = ctx.at(lang)
        if lang not in GRAMMAR_FIELDS:
            ctx.error(child.key_where, f"unknown language '{lang}' in grammar; use {', '.join(GRAMMAR_FIELDS)}")
            continue
        if not expect_kind(child, inner, "map", f"the {language(lang).name} grammar (a mapping)"):
            continue
        forms: dict = {}
        for key, value in child.value.items():
            if key not in GRAMMAR_FIELDS[lang]:
                allowed = "; ".join(f"{k} ({what})" for k, what in GRAMMAR_FIELDS[lang].items())
                inner.error(value.key_where, f"unknown field '{key}'; allowed here: {allowed}")
            elif key == "gender":
                forms[key] = read_choice(*UK_GENDERS)(value, inner.at(key))
            elif key == "animate":
                forms[key] = read_bool(value, inner.at(key))
            elif key in ("counter", "short"):
                forms[key] = _grammar_word(value, inner.at(key), lang)
            elif key == "cases":
                forms[key] = _read_cases(value, inner.at(key))
            else:
                forms[key] = _read_counted(value, inner.at(key))
        if lang == "uk" and "gender" not in child.value:
            inner.error(
                child.where, f"missing field 'gender'; add it ({', '.join(UK_GENDERS)}): sentences agree with it"
            )
        grammar[lang] = {k: v for k, v in forms.items() if v is not None}
    return grammar


def _read_cases(node: Node, ctx: Context) -> dict | None:
    if not expect_kind(node, ctx, "map", f"the case forms ({', '.join(UK_CASES)})"):
        return None
    cases = {}
    for key, value in node.value.items():
        if key not in UK_CASES:
            ctx.error(value.key_where, f"unknown case '{key}'; the cases are {', '.join(UK_CASES)}")
        else:
            cases[key] = _grammar_word(value, ctx.at(key), "uk")
    missing = [case for case in UK_CASES if case not in node.value]
    if missing:
        ctx.error(node.where, f"missing case forms: {', '.join(missing)}; a sentence may ask for any of them")
    return {k: v for k, v in cases.items() if v is not None}


def _read_counted(node: Node, ctx: Context) -> dict | None:
    if not expect_kind(node, ctx, "map", f"the forms after a number ({', '.join(UK_COUNTED)}: [after 2-4, after 5+])"):
        return None
    counted = {}
    for key, value in node.value.items():
        if key not in UK_COUNTED:
            ctx.error(
                value.key_where, f"unknown case '{key}'; forms after a number are given for {', '.join(UK_COUNTED)}"
            )
            continue
        if not expect_kind(value, ctx.at(key), "list", "two forms: [after 2-4, after 5 or more]"):
            continue
        if len(value.value) != 2:
            ctx.error(value.where, f"expected two forms [after 2-4, after 5 or more], found {len(value.value)}")
            continue
        words = [_grammar_word(item, ctx.at(key), "uk") for item in value.value]
        if all(words):
            counted[key] = words
    return counted


# `edition-change`: what differs from the same id in the other edition (the comparison page).
COMMON_OPTIONAL = {
    "aliases": read_aliases,
    "sources": read_sources,
    "edition-change": read_text,
    "grammar": read_grammar,
}
NAMED = {"name": read_name, "text": read_text}

# The kinds every game has; a game's own kinds come from its package (generator/games/).
SPECS = {
    "term": EntitySpec("term", NAMED, COMMON_OPTIONAL),
    "note": EntitySpec(
        "note",
        # `reading`: the rulebook's reading in one sentence, for players (the notes page lists them).
        {"text": read_text, "concerns": read_id_list, "follows": read_id, "reading": read_text},
        {"over": read_id_list, "sources": read_sources, "title": read_title},
    ),
    "rule": EntitySpec(
        "rule",
        {"title": read_title, "text": read_text},
        # aliases: what players call the rule (a loanword, the English name). checked-by: the
        # scenario cases that check what the section states, or no-check: one line on why none can
        # (generator/scenarios/sections.py).
        {**COMMON_OPTIONAL, "checked-by": read_id_list, "no-check": read_string},
        nested="sections",
    ),
    "parameter": EntitySpec("parameter", {"value": read_parameter_value}, {"sources": read_sources}),
    "faq": EntitySpec(
        "faq",
        {"question": read_text, "answer": read_text, "concerns": read_id_list},
        {
            "sources": read_sources,
            "check": read_id,
            "no-check": read_string,
            # Why the ruling's case does not apply to the other edition (the one compared with
            # this game): shown beside the ruling instead of that edition's model's verdict.
            "other-edition": read_text,
            "topic": read_id,  # one of the page's `topics`
        },
    ),
}
LINK_KINDS = ("term", "rule", "note", "faq")  # kinds a `{kind:id}` reference may name in any game

# File name -> (list key, entity kind) for the kinds above. Rules pages are every file under rules/.
PAGE_FILES = {
    "glossary.yaml": ("terms", "term"),
    "source-notes.yaml": ("notes", "note"),
    "faq.yaml": ("faq", "faq"),
}
RULES_LIST_KEY = "sections"
PAGE_FIELDS = {"order": read_int, "title": read_title}


def read_topics(node: Node, ctx: Context) -> list[Topic] | None:
    """A page's topics: `- {id: ..., title: {ja, ko, uk}}`, in the order the page shows them."""
    if not expect_kind(node, ctx, "list", "a list of topics ('- id: ...' with a title)"):
        return None
    topics = []
    for item in node.value:
        if not expect_kind(item, ctx, "map", "a topic (a mapping with id and title)"):
            continue
        values = read_fields(item, ctx, {"id": read_id, "title": read_title}, {})
        if "id" in values and "title" in values:
            topics.append(Topic(values["id"], values["title"], item.value["id"].where))
    return topics


PAGE_OPTIONAL = {"intro": read_text, "topics": read_topics}


def read_fields(
    node: Node, ctx: Context, required: dict[str, Reader], optional: dict[str, Reader], skip: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Read a mapping's fields: every required one present, no unknown one."""
    values: dict[str, Any] = {}
    allowed = {**required, **optional}
    for key, child in node.value.items():
        if key in skip:
            continue
        reader = allowed.get(key)
        if reader is None:
            names = ", ".join(sorted([*allowed, *skip]))
            ctx.error(child.key_where, f"unknown field '{key}'; allowed here: {names}")
            continue
        value = reader(child, ctx.at(key))
        if value is not None:
            values[key] = value
    for key in required:
        if key not in node.value:
            ctx.error(node.where, f"missing field '{key}'; add it")
    return values


def read_entity(node: Node, ctx: Context, spec: EntitySpec, page: str, depth: int = 0) -> Entity | None:
    if not expect_kind(node, ctx, "map", f"a {spec.kind} (a mapping with id, ...)"):
        return None
    id_node = node.value.get("id")
    if id_node is None:
        ctx.error(node.where, f"missing field 'id'; give the {spec.kind} a kebab-case id")
        return None
    entity_id = read_id(id_node, ctx.at(spec.kind))
    if entity_id is None:
        return None
    inner = ctx.at(f"{spec.kind} '{entity_id}'")
    skip = ("id", spec.nested) if spec.nested else ("id",)
    values = read_fields(node, inner, spec.required, spec.optional, skip)
    entity = Entity(
        kind=spec.kind,
        id=entity_id,
        where=id_node.where,
        page=page,
        depth=depth,
        name=Localized(values.pop("name", {}) or {}),
        aliases=values.pop("aliases", {}) or {},
        text=values.pop("text", None) or Localized(),
        sources=values.pop("sources", []) or [],
        fields=values,
        field_where={k: c.where for k, c in node.value.items()},
    )
    heading = spec.heading(entity.fields) if spec.heading is not None else None
    if heading:
        entity.fields["title"] = dict.fromkeys(LANGUAGES, heading)  # made, not written: no text checks
    if spec.nested and spec.nested in node.value:
        children = node.value[spec.nested]
        if expect_kind(children, inner.at(spec.nested), "list", f"a list of nested {spec.kind} sections"):
            for child in children.value:
                sub = read_entity(child, inner, spec, page, depth + 1)
                if sub:
                    entity.children.append(sub)
    return entity
