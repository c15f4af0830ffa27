"""The pieces behind the text checks and the escaping, tried directly (the bad-input corpus pins
their messages through `check`; tests/test_injection.py builds a site from harmless payloads)."""

from __future__ import annotations

import sys
import unicodedata

import markdown
import pytest

from generator.load import markdown_shape
from generator.load.characters import (
    BLANK_LETTERS,
    INVISIBLE,
    INVISIBLE_CATEGORIES,
    language_problems,
    untranslated_problems,
)
from generator.load.text_safety import markdown_problems
from generator.render.plain import text


def test_the_invisible_pattern_holds_every_invisible_character_of_this_python():
    """Every character of the planes that hold letters and formatting (0 to 3, and 14), one by
    one; the planes in between hold no character yet and the last two only private use, so a
    sample stands for them. What the pattern holds beyond the categories is unassigned in this
    Python's Unicode (newer characters), never a visible one."""
    missed, extra = [], set()
    for code in [*range(0x40000), *range(0xE0000, 0xF0000), 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD]:
        char = chr(code)
        invisible = char not in "\n\t" and unicodedata.category(char) in INVISIBLE_CATEGORIES or char in BLANK_LETTERS
        if invisible and not INVISIBLE.match(char):
            missed.append(f"U+{code:04X}")
        elif INVISIBLE.match(char) and not invisible:
            extra.add(unicodedata.category(char))
    assert missed == []
    assert extra <= {"Cn"}
    assert {unicodedata.category(chr(code)) for code in range(0x40000, 0xE0000, 997)} == {"Cn"}
    assert {unicodedata.category(chr(code)) for code in range(0xF0000, sys.maxunicode + 1, 4099)} <= {"Co", "Cn"}


@pytest.mark.parametrize(
    "lang, sentence",
    [
        ("uk", "Джерело називає сценарій «第4研究所» — «Лабораторія 4»."),  # quoting the source is fine
        ("ja", "ウクライナ語の解説は「ファッティ（Товстун）」と呼ぶ。"),
        ("ko", "M4 카빈"),
        ("ja", "UZI"),
        ("uk", "{skill:sniper}"),
    ],
)
def test_quoting_another_language_is_not_writing_in_it(lang, sentence):
    assert list(language_problems(sentence, lang)) == []


@pytest.mark.parametrize(
    "lang, text",
    [
        ("ko", "M4 카빈"),
        ("ja", "UZI"),
        ("uk", "d6 x2"),  # one Latin word, or letters that are not words
        ("uk", "{skill:sniper} {param:dice-per-attack}"),
        ("ja", "[{term:noise}](https://example.org/noise-rules)"),
        ("ko", "`scripts/site serve`"),
        ("uk", "https://boardgamegeek.com/boardgame/113924"),
        ("uk", "Картки Lurching Gait і Death Rattle"),  # English names quoted in a Ukrainian sentence
        ("ja", "Лабораторія 4 and more"),  # another language's letters: language_problems says so, not this
    ],
)
def test_latin_that_is_not_english_prose_is_not_called_untranslated(lang, text):
    assert list(untranslated_problems(text, lang)) == []


def test_a_long_run_of_link_starts_is_read_once():
    """Each "](" may start a link's address: read from each to the end, 400 KB took two minutes."""
    [(offset, message)] = untranslated_problems("](" * 200_000 + " ab cd", "uk")
    assert offset == 400_001 and "('ab cd')" in message


@pytest.mark.parametrize(
    "lang, text, at, quoted",
    [
        ("uk", "Roll the dice.", 0, "Roll the"),
        ("ja", "{term:noise} draws zombies", 13, "draws zombies"),
        ("ko", "See [the rules](https://example.org/x) first", 0, "See the"),
    ],
)
def test_english_prose_in_another_languages_field_is_called_untranslated(lang, text, at, quoted):
    [(offset, message)] = untranslated_problems(text, lang)
    assert offset == at
    assert f"('{quoted}')" in message and "left untranslated" in message


def test_a_text_with_nothing_to_render_is_not_rendered():
    plain = (
        "{zombie:walker}のいる[ゾーン](https://example.org/zones)から出る。「[戦闘/近接]」の `code`。\n\n"
        "- 一つ目\n    - 入れ子\n- 二つ目\n\n| a | b |\n|---|---|"
    )
    assert not markdown_shape.needs_reading(plain)
    for tricky in (
        "- # 見出し",
        "> 見出し\n> ===",
        "![絵](https://e.org/x.png)",
        "[a [b] c](https://e.org)",
        "&#x202E;",
        "`{term:noise}`",
        "```\n{term:noise}\n```",
        "[x][1]",
        "[x]: https://e.org",
        "[a](https://e.org/{term:noise})",
        "!!! note",
        "a\n-",
    ):
        assert markdown_shape.needs_reading(tricky), tricky


def test_each_kind_of_problem_is_said_once():
    """The patterns and the rendered reading find the same heading: one message, not two."""
    found = list(markdown_problems("# 見出し\n\n- # もう一つ"))
    assert len(found) == 1 and "heading" in found[0][1]


@pytest.mark.parametrize(
    "name, shown",
    [
        ("[装備品]を持って開始", "[装備品]を持って開始"),
        ("&lt;b&gt;", "&lt;b&gt;"),
        ("黄 ##", "黄 ##"),
        ("a\\b `c`", "a\\b `c`"),
        ("Tom & Jerry <x>", "Tom & Jerry <x>"),
        ("미끄러운&#x202E 역순", "미끄러운&#x202E 역순"),  # a character reference even without its ';'
        ("1. ゾンビ", "1. ゾンビ"),
        ("- 一", "- 一"),  # at the start of a list item they would start a list
    ],
)
def test_a_plain_value_shows_as_written_in_a_heading_a_table_and_a_link(name, shown):
    page = f"## {text(name)} {{ #x }}\n\n| {text(name)} |\n|---|\n| [{text(name)}](#x) |\n\n[{text(name)}](#x)\n"
    html = markdown.markdown(page, extensions=["attr_list", "tables"])
    from html.parser import HTMLParser

    class Texts(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.by_tag: dict[str, list[str]] = {}
            self.open: list[str] = []

        def handle_starttag(self, tag, attrs):
            self.open.append(tag)

        def handle_endtag(self, tag):
            self.open.pop()

        def handle_data(self, data):
            if data.strip() and self.open:
                self.by_tag.setdefault(self.open[-1], []).append(data)

    texts = Texts()
    texts.feed(html)
    assert texts.by_tag["h2"] == [shown]
    assert texts.by_tag["th"] == [shown]
    assert texts.by_tag["a"] == [shown, shown]  # in the table's cell and in the paragraph: one link each


def test_a_template_s_own_heading_marks_stay_a_heading_and_an_address_keeps_its_section():
    assert text("##") == "##"  # "#" * depth starts its value
    assert text("../zombicide-1/source-notes.md#orange-threshold") == "../zombicide-1/source-notes.md#orange-threshold"
    assert text("#00 Tutorial") == "&#35;00 Tutorial"  # at the start of a list item it would be a heading


@pytest.mark.parametrize(
    "sentence",
    [
        "[Примітка]: шум приваблює зомбі.",  # no link definition to Markdown: a paragraph
        "[참고]: 2판에서는 규칙이 다르다.",
        "Увага![Примітка] (див. нижче) важлива.",  # no image either
        "Перший рядок\n  =",  # an indented underline makes no heading
        "<HTTPS://EXAMPLE.ORG> — адреса",  # an autolink, whatever the case of its scheme
        "見出しではない # 記号",
    ],
)
def test_what_markdown_reads_as_text_is_accepted(sentence):
    assert list(markdown_problems(sentence)) == []


def test_a_line_of_ideographic_spaces_stays_on_the_page_as_markdown_read_it():
    """Markdown takes a line of U+3000 for text: the page keeps it, so a list after it cannot
    become one (check reads the text alone, as the page does)."""
    from generator.render.pages import _tidy

    assert _tidy("a。\n\u3000\n- # b\n") == "a。\n\u3000\n- # b\n"
    assert _tidy("a  \n\n\n\nb\t\n") == "a\n\nb\n"


def test_a_parameter_s_names_and_a_link_s_label_enter_the_page_as_plain_text():
    from types import SimpleNamespace

    from generator.render.references import resolve

    card = SimpleNamespace(
        id="card-01", kind="zombie-card", page="zombie-cards", title=lambda lang: "#01"
    )  # its heading
    skill = SimpleNamespace(
        id="sly", kind="skill", page="skills", fields={}, title=lambda lang: "スリッパリー&#x202E;逆さま [1]"
    )
    game = SimpleNamespace(
        id="g",
        entities={"card-01": card, "sly": skill},
        parameters={"order": SimpleNamespace(fields={"value": ["card-01"]})},
    )
    resolved = resolve("{param:order}の順。{skill:sly}を見る。", game, "ja", "skills", {})
    assert resolved.startswith("&#35;01の順。")  # "#01" would start a heading
    assert "[スリッパリー&amp;#x202E;逆さま &#91;1&#93;](#sly)" in resolved


def test_a_resident_evil_name_is_plain_text_in_the_narration():
    from generator.games.resident_evil.narration import _plain

    assert _plain({"model": "1. ゾンビ", "item": "[x](javascript:y)"}) == {
        "model": "1&#46; ゾンビ",
        "item": "&#91;x&#93;(javascript:y)",
    }


def test_a_plain_value_s_quick_path_escapes_exactly_as_the_full_pattern():
    """text() leaves a value without any character its pattern could match as it is, without
    trying the pattern: over many values made of those characters and others, the same as the
    pattern applied to each."""
    import random

    from generator.render import plain

    def full(value: str) -> str:
        if plain.HEADING_MARKS.fullmatch(value):
            return value
        return plain.PLAIN_MARKUP.sub(plain._entities, value)

    pieces = [
        "[",
        "]",
        "\\",
        "`",
        "<",
        "&",
        "#",
        "-",
        "+",
        "*",
        ">",
        ".",
        ")",
        "1",
        "٣",
        "²",
        " ",
        "\n",
        "a",
        "ゾ",
        "좀",
    ]
    draw = random.Random(7)
    values = ["", "#", "##", "1. x", "٣) x", "² x", "- x", "x #", "x #\n", "#x", *map(str, range(12))]
    values += ["".join(draw.choice(pieces) for _ in range(draw.randint(1, 8))) for _ in range(20000)]
    for value in values:
        assert str(text(value)) == full(value), repr(value)
    assert text(5) == "5" and text(None) is None
