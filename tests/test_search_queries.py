"""What players type, put into the header search box of the built site, per language.

The queries are generated from the data: every name and alias of every named entity and
section title, written the ways players write them (every Ukrainian case and number; hiragana for
katakana; full-width Latin; Korean particles; Latin transliteration of Ukrainian; «слизкий» for
«слизький»; one slip of the finger), on a page of the entity's game, on a page of the other game
that has the same name, and on the language's home page (no game). What each query must find
comes from the data too: the entities known by that string, never the search's own output.
The expected entry must come first in at least 95 % of the queries and in the top 3 in all.
"""

from __future__ import annotations

import random
import unicodedata
from collections import defaultdict
from functools import lru_cache

import pytest

from tests.test_search import name_rows_of_each

LANGUAGE_ROOT = {"ja": "/", "ko": "/ko/", "uk": "/uk/"}
PER_LANGUAGE = 190  # queries typed per language (sampled with a fixed seed), at least 150
FIRST_SHARE = 0.95

# The national Ukrainian transliteration (2010), written here independently of the site's code.
KMU = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "h",
    "ґ": "g",
    "д": "d",
    "е": "e",
    "є": "ie",
    "ж": "zh",
    "з": "z",
    "и": "y",
    "і": "i",
    "ї": "i",
    "й": "i",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ь": "",
    "ю": "iu",
    "я": "ia",
    "'": "",
    "’": "",
    "ʼ": "",
}


def same_text(text: str) -> str:
    """What counts as the same string to a reader: width, case, kana, spacing and punctuation aside."""
    folded = unicodedata.normalize("NFKC", text).lower()
    folded = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in folded)
    return "".join(c for c in folded if c.isalnum() or c == "+").replace("ь", "")


def hiragana(text: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "\u3000" if c == " " else c for c in text)


def transliterate(text: str) -> str:
    return "".join(KMU.get(c, c) for c in text.lower())


def korean_with_particle(name: str, rng: random.Random) -> str:
    last = ord(name[-1]) - 0xAC00
    closed = 0 <= last < 11172 and last % 28 != 0  # the last syllable ends in a consonant
    pairs = [("은", "는"), ("을", "를"), ("이", "가"), ("으로", "로"), ("에서", "에서"), ("의", "의")]
    after_consonant, after_vowel = rng.choice(pairs)
    return name + (after_consonant if closed else after_vowel)


def swap_typo(text: str, rng: random.Random) -> str | None:
    letters = [
        i for i in range(1, len(text) - 2) if text[i].isalpha() and text[i + 1].isalpha() and text[i] != text[i + 1]
    ]
    if len(text) < 7 or not letters:
        return None
    i = rng.choice(letters)
    return text[:i] + text[i + 1] + text[i] + text[i + 2 :]


@lru_cache(maxsize=None)
def ukrainian_cases(word: str) -> tuple[str, ...]:
    """Every form of every noun or adjective reading of one word, as the dictionary has them."""
    forms = set()
    for parse in _morph().parse(word.lower()):
        if parse.tag.POS in ("NOUN", "ADJF") and "Surn" not in parse.tag and "Name" not in parse.tag:
            forms.update(f.word for f in parse.lexeme)
    return tuple(sorted(forms))


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="uk")


def named(project):
    """(game id, entity) for every entity a reader looks up by name: the kinds each game lists for
    search, terms and rules sections, when they have a name or a title on a page."""
    from generator import registry

    for game in project.games.values():
        kinds = ("term", "rule", *registry.for_game(game).search_kinds)
        for entity in game.entities.values():
            if entity.kind in kinds and entity.page and (entity.name or entity.fields.get("title")):
                yield game.id, entity


def own_names(entity, lang: str) -> list[str]:
    title = entity.fields.get("title")
    names = [title[lang]] if title else []
    if entity.name:
        names += [entity.name[lang], entity.name.get("en", "")]
    return [n for n in names + entity.aliases.get(lang, []) + entity.aliases.get("en", []) if n]


def known_as(project, lang: str) -> dict[str, set[tuple[str, str]]]:
    """same_text(string) -> the entities a reader of `lang` means by it (names, aliases, case forms)."""
    table: dict[str, set] = defaultdict(set)
    for game_id, entity in named(project):
        for text in own_names(entity, lang):
            table[same_text(text)].add((game_id, entity.id))
            if lang == "uk":
                table[same_text(transliterate(text))].add((game_id, entity.id))
            if lang == "uk" and " " not in text.strip():
                for form in ukrainian_cases(text.strip()):
                    table[same_text(form)].add((game_id, entity.id))
    return table


def queries_for(project, lang: str) -> list[tuple[str, str, str]]:
    """(query, kind of query, the entity's game/id it was made from), sampled with a fixed seed."""
    rng = random.Random(f"search-{lang}")
    made = []
    for game_id, entity in named(project):
        origin = f"{game_id}/{entity.id}"
        names = own_names(entity, lang)
        main = entity.name[lang] if entity.name else entity.fields["title"][lang]
        made.append((main, "name", origin))
        for alias in entity.aliases.get(lang, []):
            made.append((alias, "alias", origin))
        if entity.name and entity.name.get("en"):
            made.append((entity.name["en"], "english", origin))
        if lang == "ja":
            for text in names:
                if hiragana(text) != text:
                    made.append((hiragana(text), "hiragana", origin))
            if entity.name and entity.name.get("en"):
                made.append((full_width(entity.name["en"]), "full-width", origin))
        if lang == "ko" and entity.name:
            made.append((korean_with_particle(entity.name["ko"], rng), "particle", origin))
        if lang == "uk":
            for text in names:
                if " " not in text.strip() and not text.isascii():
                    for form in ukrainian_cases(text.strip()):
                        made.append((form, "case", origin))
                if "ь" in text:
                    made.append((text.replace("ь", ""), "spelling", origin))
            if entity.name:
                made.append((transliterate(entity.name["uk"]), "latin", origin))
        typo = swap_typo(entity.name["en"] if entity.name else "", rng)
        if typo:
            made.append((typo, "typo", origin))
    made = sorted(set(made))
    rng.shuffle(made)
    # Every kind of query is kept; the rest is a sample.
    by_kind = defaultdict(list)
    for item in made:
        by_kind[item[1]].append(item)
    picked, share = [], PER_LANGUAGE // len(by_kind)
    for items in by_kind.values():
        picked += items[:share]
    picked += [item for item in made if item not in picked][: PER_LANGUAGE - len(picked)]
    return picked


def plan(project, lang: str):
    """(page path, query, kind, expected (game, id) set, must the first row hold all of them)."""
    table = known_as(project, lang)
    kinds = {(game_id, entity.id): entity.kind for game_id, entity in named(project)}
    # Only the URL's game folder gives the context: one page per game will do (its fullest one).
    pages = {}
    for game in project.games.values():
        counts = defaultdict(int)
        for entity in game.entities.values():
            counts[entity.page] += 1
        pages[game.id] = f"{LANGUAGE_ROOT[lang]}{game.id}/{max(sorted(counts), key=counts.get)}/"
    steps = []
    for query, kind, origin in queries_for(project, lang):
        game_id, entity_id = origin.split("/")
        expected = table.get(same_text(query), set()) | {(game_id, entity_id)}
        if len({eid for _, eid in expected}) > 1:
            continue  # one string naming different things: no single right answer to test
        steps.append((pages[game_id], query, kind, {(game_id, entity_id)}, False))
        for other_game, other_id in expected - {(game_id, entity_id)}:
            steps.append((pages[other_game], query, kind + " (other game's page)", {(other_game, other_id)}, False))
        if len(steps) % 4 == 0 or len(expected) > 1:
            # One thing of several games (the same kind) is one result there, holding every game's entry.
            same_kind = len({kinds[entry] for entry in expected}) == 1
            steps.append((LANGUAGE_ROOT[lang], query, kind + " (home page)", expected, len(expected) > 1 and same_kind))
    return steps


def entry_of(link: str, lang: str) -> tuple[str, str]:
    path, _, anchor = link.partition("#")
    parts = path[len(LANGUAGE_ROOT[lang]) :].split("/")
    return parts[0], anchor


@pytest.fixture(scope="module")
def search_page(browser):
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 900}, service_workers="block")
    yield context.new_page()
    context.close()


@pytest.mark.long(5)
@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_what_players_type_finds_the_entry(search_page, site_url, project, lang):
    page = search_page
    steps = sorted(plan(project, lang), key=lambda step: step[0])
    typed = {query for _, query, *_ in steps}
    assert len(typed) >= 150, f"only {len(typed)} queries for {lang}"
    by_page = defaultdict(list)
    for step in steps:
        by_page[step[0]].append(step)
    first, misses = 0, []
    for path, on_page in by_page.items():
        page.goto(site_url + path)
        page.locator(".rb-search__input").click()
        answers = name_rows_of_each(page, [query for _, query, *_ in on_page])
        for (_, query, kind, expected, whole_group), answer in zip(on_page, answers):
            rows = [[entry_of(link, lang) for link in row] for row in answer]
            hits = [i for i, row in enumerate(rows) if expected & set(row)]
            rank = hits[0] if hits else None
            if rank == 0 and (not whole_group or expected <= set(rows[0])):
                first += 1
            else:
                misses.append((kind, query, path, sorted(expected), rows[:3]))
            assert rank is not None and rank < 3, (
                f"{kind} {query!r} on {path}: {sorted(expected)} not in the top 3: {rows[:3]}"
            )
    share = first / len(steps)
    assert share >= FIRST_SHARE, f"{lang}: first in {share:.1%} of {len(steps)}; misses: {misses}"


def test_the_page_normalizes_every_name_as_the_index_does(browser, project):
    """search.js's normalize() and generator/search/normalize.py fold alike: every name, alias and
    English name of the data, and the widths, scripts and marks players type."""
    from pathlib import Path

    from generator.search.normalize import normalize

    script = (Path(__file__).resolve().parent.parent / "site_overrides" / "assets" / "search.js").read_text()
    folds = script[script.index("  var CYRILLIC_FOLDS") : script.index("\n", script.index("  var CYRILLIC_FOLDS"))]
    function = script[script.index("  var KATAKANA =") : script.index("  // Latin spellings")]
    names = sorted(
        {text for game in project.games.values() for entity in game.entities.values() for text in _names_of(entity)}
        | {"What's this?", "ｽﾘｯﾊﾟﾘｰ", "ＡＢＣ１２３", "ґанок Ёж эы ъ", "+1 дія", "𠮷野家", "e\u0301", "Ⅻ½", "a_b-c"}
    )
    assert len(names) > 1000
    page = browser.new_page()
    try:
        folded = page.evaluate("(names) => {" + folds + function + "return names.map(normalize); }", names)
    finally:
        page.close()
    differ = [(name, js, normalize(name)) for name, js in zip(names, folded) if js != normalize(name)]
    assert not differ, differ[:10]


def _names_of(entity) -> list[str]:
    texts = [str(text) for text in entity.name.values()]
    return texts + [alias for aliases in entity.aliases.values() for alias in aliases]
