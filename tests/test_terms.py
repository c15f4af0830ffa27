"""Words on the pages: Korean particles agree with the name they follow and stay outside the link,
each edition uses its own word for a concept, and the words of the sources that readers know are
found where they look."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.load.references import REFERENCE
from generator.render.references import display_name
from tests.conftest import RENDERED_PAGES_GROUP, read_yaml

pytestmark = RENDERED_PAGES_GROUP

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("zombicide-1", "zombicide-2")

# Particle pairs: (after a final consonant, after a vowel). "로" also follows a final ㄹ.
PARTICLES = (("으로", "로"), ("을", "를"), ("은", "는"), ("과", "와"), ("이", "가"))
PARTICLE_FORMS = sorted({p for pair in PARTICLES for p in pair}, key=len, reverse=True)


@pytest.fixture(scope="module")
def pages(rendered_pages):
    return rendered_pages


def _korean_texts(game: str):
    """(file, text) for every Korean text of a game's data files."""
    for path in sorted((ROOT / "rules_data" / game).rglob("*.yaml")):
        if "scenarios" in path.parts:
            continue
        stack = [read_yaml(path)]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "ko" and isinstance(value, str):
                        yield path.relative_to(ROOT), value
                    else:
                        stack.append(value)
            elif isinstance(node, list):
                stack.extend(node)


# How a digit is read in Korean (일, 이, 삼, 사, 오, 육, 칠, 팔, 구, 영): its final consonant index.
DIGIT_FINALS = {"0": 21, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}


def _final_consonant(syllable: str) -> int | None:
    """Index of the final consonant of a Hangul syllable or a digit (0: none), None for anything else."""
    if syllable in DIGIT_FINALS:
        return DIGIT_FINALS[syllable]
    code = ord(syllable) - 0xAC00
    return code % 28 if 0 <= code < 11172 else None


def _expected(particle: str, last: str) -> str | None:
    final = _final_consonant(last)
    if final is None:
        return None
    for after_consonant, after_vowel in PARTICLES:
        if particle in (after_consonant, after_vowel):
            if after_consonant == "으로":
                return "로" if final in (0, 8) else "으로"  # 8: ㄹ
            return after_consonant if final else after_vowel
    return None


def _shown(project, game: str, kind: str, target: str) -> str | None:
    if kind == "param":
        return None
    entity = project.games[game].entities.get(target)
    return display_name(entity, "ko", project.labels) if entity else None


@pytest.mark.parametrize("game", GAMES)
def test_korean_particles_stay_outside_the_link(project, game):
    """「[워커가]」 is wrong: the link names the thing, the particle follows it (「[워커]가」)."""
    wrong = []
    for path, text in _korean_texts(game):
        for match in REFERENCE.finditer(text):
            target, _, custom = (part.strip() for part in match.group(2).partition("|"))
            entity = project.games[game].entities.get(target)
            if not custom or entity is None:
                continue
            names = [entity.title("ko"), *entity.aliases.get("ko", [])]
            for name in names:
                rest = custom[len(name) :] if custom.startswith(name) else None
                if rest and rest in PARTICLE_FORMS:
                    wrong.append(f"{path}: {match.group(0)} → {{{match.group(1)}:{target}}}{rest}")
    assert wrong == []


@pytest.mark.parametrize("game", GAMES)
def test_korean_particles_agree_with_the_name_they_follow(project, game):
    """「[소총]로」 is wrong: 소총 ends in a consonant, so it takes 으로."""
    wrong = []
    for path, text in _korean_texts(game):
        for match in REFERENCE.finditer(text):
            target, _, custom = (part.strip() for part in match.group(2).partition("|"))
            shown = custom or _shown(project, game, match.group(1), target)
            after = text[match.end() :]
            if after[:1] in ("’", "」", "』", "”"):  # ‘{skill:x}’이: the particle follows the quote
                after = after[1:]
            particle = next((p for p in PARTICLE_FORMS if after.startswith(p)), None)
            if not shown or not particle:
                continue
            if particle == "이" and after[1:2] in ("다", "며", "고", "면", "라", "나", "에"):
                continue  # the copula 이다 and its forms, or 이나/이라: not the subject particle
            expected = _expected(particle, shown.rstrip()[-1])
            if (
                expected
                and expected != particle
                and not (particle == "로" and expected == "으로" and after.startswith("으로"))
            ):
                wrong.append(f"{path}: {match.group(0)}{particle} → {expected}")
    assert wrong == []


def _words(text: str) -> list[str]:
    return [word for word in re.findall(r"[\w'’]+", text.lower()) if len(word) >= 2]


def _same_word(form: str, word: str) -> bool:
    """An inflected form of the word: a shared beginning (шуму/шум, цілей/ціль), or the form's
    root inside a derived word (ділиться/розділення). A synonym shares neither (навали/натиск)."""
    shared = next((i for i, (a, b) in enumerate(zip(form, word)) if a != b), min(len(form), len(word)))
    return shared >= min(3, len(form) - 1, len(word) - 1) or (len(form) > 4 and form[:3] in word)


def _texts(game: str, lang: str):
    for path in sorted((ROOT / "rules_data" / game).rglob("*.yaml")):
        if "scenarios" in path.parts:
            continue
        stack = [read_yaml(path)]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == lang and isinstance(value, str):
                        yield path.relative_to(ROOT), value
                    else:
                        stack.append(value)
            elif isinstance(node, list):
                stack.extend(node)


@pytest.mark.parametrize("game", GAMES)
def test_ukrainian_link_text_is_a_form_of_the_glossary_word(project, game):
    """A link to a term, zombie, skill or card says the entity's own word in the case the sentence
    needs («натиску» for «натиск»), never a synonym the glossary does not know («навали»)."""
    wrong = []
    for path, text in _texts(game, "uk"):
        for match in REFERENCE.finditer(text):
            kind = match.group(1)
            target, _, custom = (part.strip() for part in match.group(2).partition("|"))
            entity = project.games[game].entities.get(target)
            if not custom or entity is None or kind not in ("term", "zombie", "skill", "equipment", "level"):
                continue
            known = [entity.title("uk"), *entity.aliases.get("uk", [])]
            if not any(_same_word(form, word) for form in _words(custom) for name in known for word in _words(name)):
                wrong.append(f"{path}: {match.group(0)} (glossary: {', '.join(known)})")
    assert wrong == []


# The 1st edition's word for what the 2nd edition calls adrenaline.
EXPERIENCE_WORDS = {"ja": "経験値", "ko": "경험치", "uk": "досвід"}


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_the_2nd_editions_zombies_and_skills_pages_say_adrenaline(pages, lang):
    for page in ("zombies", "skills", "zombie-cards"):
        markdown = pages[f"{lang}/zombicide-2/{page}.md"]
        assert EXPERIENCE_WORDS[lang] not in markdown.lower(), (lang, page)


# Words the sources use that the site's own names differ from: each must lead a reader to the
# entry (as its name or an alias), and only to the entry of its own concept.
SOURCE_WORDS = {
    ("zombicide-2", "uk", "герой"): "survivor",
    ("zombicide-2", "uk", "вміння"): "skill",
    ("zombicide-2", "uk", "натиск"): "rush",
    ("zombicide-2", "uk", "суперзброя"): "epic-weapon",
    ("zombicide-2", "ja", "二刀流"): "dual",
    ("zombicide-2", "ja", "ピンプウェポン"): "epic-weapon",
    ("zombicide-2", "ja", "潤沢な弾薬"): "plenty-of-bullets",
    ("zombicide-2", "ja", "リュック"): "backpack",
    ("zombicide-1", "ko", "기술"): "skill",
}


@pytest.mark.parametrize("game,lang,word", sorted(SOURCE_WORDS))
def test_a_source_word_names_one_entry(project, game, lang, word):
    owners = [
        e.id
        for e in project.games[game].entities.values()
        if word.lower() in [n.lower() for n in [e.name.get(lang, ""), *e.aliases.get(lang, [])]]
    ]
    assert owners == [SOURCE_WORDS[(game, lang, word)]]
