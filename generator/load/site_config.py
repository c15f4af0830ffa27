"""The words of mkdocs.yml that readers see are translators' text like the data.

Each language's entry of the i18n plugin names the site and describes it, names the language in
the language menu, and labels the palette toggle, the heading permalinks and the 404 page.
Material's templates and ours print these values as they are, inside elements and inside
attributes (a tooltip, an `aria-label`), so a `<script>` in a site's name would run on every
page. They are therefore plain text, checked like a name (text_safety.plain_problems) and in the
language of their entry: one line, no '<' (a tag), no straight double quote (it would end the
attribute), no character reference (shown decoded in one place and as written in another), no
invisible character. Markdown means nothing there, so '*', '|' or braces are text.

A Python tag (`!!python/object/apply:...`) anywhere in the file is refused too: MkDocs' own
loader would run it while reading the file (the project reads it safely: generator/site/patches.py).
So is a key written twice in one mapping: YAML keeps the last one without a word (a second
`site_name:` in a language's entry would silently retitle every page of that language).

Only these strings are read here; what the rest of the file means is MkDocs' to check. Each
refusal names mkdocs.yml's line and column and what to write instead.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Iterator

import yaml

from generator.errors import DataError, Location
from generator.languages import DEFAULT, LANGUAGES, language
from generator.load import lengths
from generator.load.characters import invisible_problems, language_problems
from generator.load.files import display
from generator.load.text_safety import NFC_MESSAGE, decoded_reference
from generator.load.yamlpos import SAFE_LOADER

CONFIG_FILE = "mkdocs.yml"
I18N_PLUGIN = "i18n"
SHOWN_STRINGS = ("name", "site_name", "site_description", "copyright")  # of the file, or of a language
SITE_LANGUAGE = "en"  # the file's own strings, which each language replaces with its own
STR_TAG = "tag:yaml.org,2002:str"
BOOL_TAG = "tag:yaml.org,2002:bool"
PYTHON_TAG = "tag:yaml.org,2002:python/"
TAG_MESSAGE = "this text may not contain '<': pages print it as HTML, where it starts a tag; remove it or write '‹'"
QUOTE_MESSAGE = (
    "this text may not contain '\"': pages print it inside an attribute, where it ends the value; "
    "write “ ” or « » instead"
)


def check_site_config(project_root: Path, errors: list[DataError]) -> None:
    """The readers' strings of `project_root`/mkdocs.yml, when the file exists."""
    path = project_root / CONFIG_FILE
    if not path.is_file():
        return  # a data folder checked on its own; MkDocs reports a missing config when it builds
    shown = display(path, project_root)
    large = lengths.file_too_large(path.stat().st_size, "mkdocs.yml")
    if large:
        errors.append(DataError(Location(shown, 1, 1), "", large))
        return
    try:
        text = path.read_text(encoding="utf-8")
        # Composed, not constructed: '!ENV' and MkDocs' other tags stay nodes, and nothing runs.
        # libyaml stops at a thousand levels of nesting; Python's composer at its recursion limit.
        root = yaml.compose(text, Loader=SAFE_LOADER)
    except UnicodeDecodeError:
        errors.append(DataError(Location(shown, 1, 1), "", "the file is not UTF-8 text; save it as UTF-8"))
        return
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(shown, mark.line + 1, mark.column + 1) if mark else Location(shown, 1, 1)
        errors.append(DataError(where, "", f"YAML syntax error ({exc.problem or exc}); fix the YAML at this place"))
        return
    except (yaml.YAMLError, RecursionError) as exc:
        errors.append(DataError(Location(shown, 1, 1), "", f"cannot read the file as YAML ({str(exc)[:80]})"))
        return
    for node in python_tags(root):
        shown_tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        errors.append(
            DataError(
                Location(shown, node.start_mark.line + 1, node.start_mark.column + 1),
                "",
                f"YAML tags that make Python objects ('{shown_tag}') are not allowed: MkDocs "
                "would run them while reading the file; write the value itself",
            )
        )
    for key, first in repeated_keys(root):
        errors.append(
            _at(
                shown,
                key,
                "",
                f"duplicate key '{key.value}' (first at line {first.start_mark.line + 1}); YAML would keep "
                "only the last one: remove one of them",
            )
        )
    check_languages(root, shown, errors)
    for crumb, lang, node in shown_strings(root):
        for offset, message in text_problems(node.value, lang):
            errors.append(DataError(_place(shown, text, node, offset), crumb, message))


def check_languages(root, shown: str, errors: list[DataError]) -> None:
    """The i18n plugin's languages are the declared ones (generator/languages.py), each once; a
    draft is not built for publication (`build: false`), a published language is; the default is
    the first declared language (built at the site's root)."""
    options = _i18n_options(_mapping(root))
    if options is None:
        return
    listed = _sequence(options.get("languages"))
    seen: dict[str, yaml.Node] = {}
    for node in listed:
        entry = _mapping(node)
        locale = _string(entry.get("locale"))
        if locale is None:
            errors.append(_at(shown, node, "language", f"give the language its locale (one of {', '.join(LANGUAGES)})"))
            continue
        code, crumb = locale.value, f"language '{locale.value}'"
        if code not in LANGUAGES:
            errors.append(
                _at(
                    shown,
                    locale,
                    crumb,
                    f"unknown language '{code}': generator/languages.py declares {', '.join(LANGUAGES)}; "
                    f"declare it there first, or remove this entry",
                )
            )
            continue
        if code in seen:
            errors.append(
                _at(
                    shown,
                    locale,
                    crumb,
                    f"the language is listed twice (first at line {seen[code].start_mark.line + 1}); remove one",
                )
            )
            continue
        seen[code] = locale
        _check_language_entry(entry, code, crumb, shown, errors)
    for code in LANGUAGES:
        if code not in seen:
            errors.append(
                _at(
                    shown,
                    options.get("languages") or root,
                    "i18n › languages",
                    f"language '{code}' ({language(code).name}) is declared in generator/languages.py but not "
                    f"listed here; add an entry with locale: {code}",
                )
            )


def _check_language_entry(entry: dict, code: str, crumb: str, shown: str, errors: list[DataError]) -> None:
    malformed = set()
    for key in ("build", "default"):
        flag = entry.get(key)
        if flag is not None and _boolean(flag) is None:
            errors.append(_at(shown, flag, f"{crumb} › {key}", f"'{key}' is true or false; write one of them"))
            malformed.add(key)  # what it should say is told once it says something
    build = entry.get("build")
    built = _boolean(build) is not False
    if "build" in malformed:
        pass  # said above
    elif language(code).draft and built:
        errors.append(
            _at(
                shown,
                build or entry.get("locale"),
                crumb,
                "this language is a draft (generator/languages.py): the published site leaves it out; write build: false",
            )
        )
    elif not language(code).draft and not built:
        errors.append(_at(shown, build, crumb, "this language is published: write build: true (or declare it a draft)"))
    default = entry.get("default")
    is_default = _boolean(default) is True
    if "default" not in malformed and is_default != (code == DEFAULT):
        where = default or entry.get("locale")
        errors.append(
            _at(
                shown,
                where,
                crumb,
                f"the default language (built at the site's root) is the first declared one, '{DEFAULT}': "
                + ("remove default: true here" if is_default else "write default: true here"),
            )
        )


def _boolean(node) -> bool | None:
    """A flag's value as the i18n plugin reads it (YAML's true, false, yes, no, on, off), else None."""
    if not isinstance(node, yaml.ScalarNode) or node.tag != BOOL_TAG:
        return None
    return node.value.lower() in ("true", "yes", "on")


def _i18n_options(top: dict) -> dict | None:
    for plugin in _sequence(top.get("plugins")):
        if I18N_PLUGIN in _mapping(plugin):
            return _mapping(_mapping(plugin).get(I18N_PLUGIN))
    return None


def _at(shown: str, node, crumb: str, message: str) -> DataError:
    mark = node.start_mark
    return DataError(Location(shown, mark.line + 1, mark.column + 1), crumb, message)


def site_config_errors(project_root: Path) -> list[str]:
    """check_site_config's errors as the lines `check` prints."""
    errors: list[DataError] = []
    check_site_config(project_root, errors)
    return [str(error) for error in sorted(errors)]


def shown_strings(root) -> Iterator[tuple[str, str, yaml.ScalarNode]]:
    """(breadcrumb, language, node) of every string of the file that a page shows."""
    top = _mapping(root)
    yield from _frame_strings(top, "", SITE_LANGUAGE)
    for plugin in _sequence(top.get("plugins")):
        options = _mapping(_mapping(plugin).get(I18N_PLUGIN))
        for number, node in enumerate(_sequence(options.get("languages")), 1):
            entry = _mapping(node)
            locale = _string(entry.get("locale"))
            lang = str(locale.value) if locale else ""
            yield from _frame_strings(entry, f"language '{lang}' › " if lang else f"language {number} › ", lang)


def python_tags(root) -> list[yaml.Node]:
    """Every node of the file tagged with a Python tag, in file order (aliases are seen once)."""
    found, seen, stack = [], set(), [root]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if node.tag.startswith(PYTHON_TAG):
            found.append(node)
        if isinstance(node, yaml.MappingNode):
            stack.extend(part for pair in node.value for part in pair)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return sorted(found, key=lambda node: node.start_mark.index)


def repeated_keys(root) -> list[tuple[yaml.ScalarNode, yaml.ScalarNode]]:
    """(key, the same key written first) for every key written again in one mapping of the file."""
    found, seen, stack = [], set(), [root]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            first: dict[str, yaml.ScalarNode] = {}
            for key, _ in node.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in first:
                        found.append((key, first[key.value]))
                    else:
                        first[key.value] = key
            stack.extend(part for pair in node.value for part in pair)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return sorted(found, key=lambda pair: pair[0].start_mark.index)


def _frame_strings(entry: dict, crumb: str, lang: str) -> Iterator[tuple[str, str, yaml.ScalarNode]]:
    for key in SHOWN_STRINGS:
        value = _string(entry.get(key))
        if value:
            yield crumb + key, lang, value
    palette = _mapping(entry.get("theme")).get("palette")
    schemes = [palette] if isinstance(palette, yaml.MappingNode) else _sequence(palette)
    for index, scheme in enumerate(schemes, 1):
        name = _string(_mapping(_mapping(scheme).get("toggle")).get("name"))
        if name:
            yield f"{crumb}theme › palette {index} › toggle › name", lang, name
    for key, node in _mapping(entry.get("extra")).items():
        value = _string(node)
        if value:
            yield f"{crumb}extra › {key}", lang, value


def text_problems(text: str, lang: str) -> Iterator[tuple[int, str]]:
    """(offset, message) for each reason `text` cannot be printed as it is; one per kind."""
    long = lengths.too_long(text, lengths.LINE, "this text", "it is one short line: shorten it")
    if long:
        yield 0, long
        return
    if "\n" in text or "\r" in text:
        yield text.find("\n") if "\n" in text else text.find("\r"), "this text is one line: remove the line break"
    if text != text.strip():
        yield (0 if text[:1].isspace() else len(text.rstrip())), "this text starts or ends with a space; remove it"
    if not text.isascii() and unicodedata.normalize("NFC", text) != text:
        yield 0, f"this text {NFC_MESSAGE}"
    if "<" in text:
        yield text.index("<"), TAG_MESSAGE
    if '"' in text:
        yield text.index('"'), QUOTE_MESSAGE
    reference = decoded_reference(text)
    if reference:
        yield (
            reference.start(),
            (
                f"this text may not contain a character reference ('{reference.group()}'): pages "
                "show it decoded in one place and as written in another; write the character itself"
            ),
        )
    yield from invisible_problems(text)
    yield from language_problems(text, lang)


def _place(shown: str, text: str, node: yaml.ScalarNode, offset: int) -> Location:
    """The character's own column in a one-line value without escapes, else the value's start."""
    start, end = node.start_mark, node.end_mark
    column = start.column + 1
    written = text[start.index : end.index]
    if start.line == end.line and "\\" not in written and "''" not in written:
        column += offset + (1 if node.style in ('"', "'") else 0)
    return Location(shown, start.line + 1, column)


def _mapping(node) -> dict:
    """A mapping node's string keys and value nodes ({} for anything else)."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {key.value: value for key, value in node.value if isinstance(key, yaml.ScalarNode)}


def _sequence(node) -> list:
    return node.value if isinstance(node, yaml.SequenceNode) else []


def _string(node) -> yaml.ScalarNode | None:
    """The node of a string as written; None for a number, a boolean or an `!ENV` value."""
    return node if isinstance(node, yaml.ScalarNode) and node.tag == STR_TAG else None
