"""Generated sentences take their grammar from the data: every sentence kind of every game's
narration, told of every entity it can name, in every language, says the forms the entity's
`grammar` declares (a Ukrainian case or gender, a Japanese or Korean counter, a Korean particle
agreeing with the name's last sound), and leaves no slot unfilled. A new survivor, zombie, item or
character with its grammar in the data reads right without a new template."""

from __future__ import annotations

import re
from string import Template

import pytest

from generator.games.resident_evil import narration as re_narration
from generator.games.resident_evil.worked_examples import forms_for
from generator.games.zombicide import narration as z_narration
from generator.render import grammar, korean

LANGS = ("ja", "ko", "uk")
SLOT = re.compile(r"\$(?:(\w+)|\((\w+):)", re.ASCII)  # $name_form, or a gender choice $(name:...)
UK_CASE_SUFFIXES = grammar.UK_CASES[1:]
KO_SUFFIXES = ("topic", "subject", "object", "with", "and")


def plain(text: str) -> str:
    """A sentence's words without its Markdown links: «[блукача](zombies.md#walker)» → «блукача»."""
    text = re.sub(r"\{\w+:[^}|]*\|([^}]*)\}", r"\1", text)  # a reference with its own words
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)


def slots(template: str) -> list[tuple[str, str]]:
    """(name, form) of each slot: ("survivor", "acc"), ("zombies", ""), ("enemy", "gender")."""
    found = []
    for match in SLOT.finditer(template):
        if match.group(2):
            found.append((match.group(2), "gender"))
            continue
        name, _, form = match.group(1).partition("_")
        known = {*UK_CASE_SUFFIXES, *KO_SUFFIXES, "nom", "all"}
        if form and form not in known:  # a slot whose own name has an underscore, or a unit form
            name, form = match.group(1), ""
        found.append((name, form))
    return found


def check_ko(sentence: str, name: str, form: str) -> str | None:
    if form in KO_SUFFIXES and name:
        wanted = name + korean.particle(name, form)
        if wanted not in sentence:
            return f"«{wanted}» not in «{sentence}»"
    return None


# --- Zombicide -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["zombicide-1", "zombicide-2"])
def test_every_zombicide_sentence_says_each_survivor_and_zombie_as_the_data_declares(project, game_id):
    game = project.games[game_id]
    templates = z_narration.templates()
    survivors = [e for e in game.of_kind("survivor")]
    zombies = [e for e in game.of_kind("zombie")]
    assert survivors and zombies
    problems, told = [], 0
    for lang in LANGS:
        n = z_narration.Narrator(game, lang)
        for section in ("events", "refusals"):
            for key, by_lang in templates[section].items():
                template = by_lang[lang]
                used = slots(template)
                names = {name for name, _ in used}
                people = [name for name in ("survivor", "target", "other", "seen") if name in names]
                for survivor in survivors if people else [None]:
                    for zombie in zombies if names & {"zombies", "zombie"} else [None]:
                        for count in (1, 2, 3, 5, 11, 22) if zombie and "zombies" in names else (1,):
                            values = _zombicide_values(n, names, survivor, zombie, count)
                            sentence = plain(n.say(key, section, **values))
                            told += 1
                            problems += _zombicide_problems(sentence, lang, used, survivor, zombie, count, key)
    assert told > 2000
    assert not problems, "\n".join(sorted(set(problems))[:30])


def _zombicide_values(n, names, survivor, zombie, count) -> dict:
    values: dict = {}
    for name in names:
        if name in ("survivor", "target", "other"):
            values[name] = n.survivor(survivor.id)
        elif name == "seen":
            values[name] = n.survivors([survivor.id])
        elif name == "zombies":
            values[name] = n.zombies({zombie.id: count})
        elif name == "zombie":
            values[name] = n.zombies({zombie.id: 1})
        elif name == "experience":
            values[name] = n.experience()
        elif name in ("card", "weapon", "result", "source"):
            values[name] = n.card("pistol")
        elif name == "level":
            values[name] = n.link("level", "yellow")
        elif name == "cost":
            values[name] = n.count("action", 2)
        else:
            values[name] = 3
    return values


def _zombicide_problems(sentence, lang, used, survivor, zombie, count, key) -> list[str]:
    problems = [f"{lang} {key}: a slot is left in «{sentence}»"] if "$" in sentence else []
    said_survivor = grammar.forms(survivor, lang) if survivor else None
    for name, form in used:
        if name in ("survivor", "target", "other") and said_survivor:
            if lang == "uk" and form in UK_CASE_SUFFIXES and said_survivor.declares(form):
                if said_survivor.case(form) not in sentence:
                    problems.append(f"uk {key}: {survivor.id} in the {form} is not «{said_survivor.case(form)}»")
            if lang == "ko":
                problem = check_ko(sentence, said_survivor.name, form)
                if problem:
                    problems.append(f"ko {key}: {problem}")
        if name == "zombies" and zombie:
            said = grammar.forms(zombie, lang, zombie.title(lang).lower() if lang == "uk" else zombie.title(lang))
            if lang in ("ja", "ko") and count > 1 and said.counter:
                if f"{count}{said.counter}" not in sentence:
                    problems.append(f"{lang} {key}: {count} {zombie.id} without «{count}{said.counter}»")
            if lang == "uk" and form in ("", "nom", "acc"):
                case = form or "nom"
                word = said.after_number(count, case)
                if word and word not in sentence:
                    problems.append(f"uk {key}: {count} {zombie.id} ({case}) is not «{word}»: «{sentence}»")
    return problems


# --- Resident Evil ---------------------------------------------------------------------------------
PEOPLE = ("who", "by", "target", "toward", "other", "until", "owner", "model")


def test_every_resident_evil_sentence_says_each_character_enemy_and_item_as_the_data_declares(project):
    game = project.games["resident-evil"]
    templates = re_narration.templates()
    characters = game.of_kind("character")
    enemies = [e for e in game.of_kind("enemy") if not e.fields.get("boss")]
    items = game.of_kind("item")
    problems, told = [], 0
    for lang in LANGS:
        said = forms_for(game, lang)
        for key, by_lang in templates["events"].items():
            template = by_lang[lang]
            used = slots(template)
            names = {name for name, _ in used}
            for character in characters if names & set(PEOPLE) else [None]:
                for enemy in enemies if names & {"enemy", "attacker", "enemies"} else [None]:
                    for item in items if names & {"card", "weapon"} else [None]:
                        n = re_narration.Narrator(
                            lang, {i: f.name for i, f in said.items()}, {"e1": enemy.id} if enemy else {}, said
                        )
                        event = _re_event(key, names, character, enemy, item)
                        sentence = n.sentence(event) or ""
                        told += 1
                        problems += _re_problems(sentence, lang, template, used, said, character, enemy, item, key)
    assert told > 3000
    assert not problems, "\n".join(sorted(set(problems))[:30])


def _re_event(key: str, names: set[str], character, enemy, item) -> dict:
    kind, _, suffix = key.partition(".")
    event: dict = {"event": kind}
    if suffix == "rapid-fire":
        event["rapid_fire"] = 2
    elif suffix == "same-square":
        event["distance"] = 0
    elif suffix in ("unlocked", "beyond", "boss"):
        event[suffix] = True
    elif suffix:
        event["reason"] = suffix
    for name in names:
        if name in PEOPLE:
            event[name] = character.id
        elif name in ("enemy", "attacker"):
            event[name] = "e1"
        elif name in ("enemies", "riders"):
            event[name] = ["e1"]
        elif name in ("card", "weapon", "source"):
            event[name] = item.id if item is not None else "knife"
        elif name in ("cards", "give", "take", "kept"):
            event[name] = ["knife"]
        elif name in ("faces", "face", "needed"):
            event[name] = ["success-1"] if name == "faces" else "success-1"
        elif name == "path":
            event[name] = ["a1", "b1"]
        elif name == "tiles":
            event[name] = ["A"]
        elif name in ("doors", "squares"):  # a puzzle's doors, a search's squares
            event[name] = ["a1-a2"]
        elif name == "colour":
            event[name] = "green"
        elif name == "size":
            event[name] = "small"
        elif name == "verdict":
            event["evaded"] = True
        elif name == "extra_count":
            event["extras"] = []
        elif name == "effects":
            event.update(damage=2, pushes=1)
        elif name == "extra_dice":
            event["rapid_fire"] = 2
        elif name == "kind":
            event[name] = "spawn"
        elif name not in event:
            event[name] = 2
    return event


def _re_problems(sentence, lang, template, used, said, character, enemy, item, key) -> list[str]:
    problems = [f"{lang} {key}: a slot is left in «{sentence}»"] if "$" in sentence else []
    low = sentence[:1].lower() + sentence[1:]
    for name, form in used:
        entity = character if name in PEOPLE else enemy if name in ("enemy", "attacker") else item
        if entity is None or name not in (*PEOPLE, "enemy", "attacker", "card", "weapon", "source"):
            continue
        forms = said.get(entity.id)
        if forms is None:
            continue
        if lang == "uk" and form in UK_CASE_SUFFIXES and forms.declares(form):
            if forms.case(form) not in low and forms.case(form) not in sentence:
                problems.append(f"uk {key}: {entity.id} in the {form} is not «{forms.case(form)}»: «{sentence}»")
        if lang == "uk" and form == "gender":
            choice = re.search(r"\$\(" + name + r":([^)]*)\)", template).group(1).split("|")
            wanted = choice[grammar.GENDER_INDEX[forms.gender or "m"]]
            if wanted not in sentence:
                problems.append(f"uk {key}: «{wanted}» does not agree with {entity.id} ({forms.gender})")
        if lang == "ko" and name in PEOPLE:
            problem = check_ko(sentence, forms.name, form)
            if problem:
                problems.append(f"ko {key}: {problem}")
    return problems


def test_a_gendered_word_agrees_with_the_name_the_data_describes():
    template = "$enemy $(enemy:дістав|дістала|дістало|дістали) удару"
    assert grammar.agree(template, {"enemy": "f"}) == "$enemy дістала удару"
    assert grammar.agree(template, {"enemy": None}) == "$enemy дістав удару"
    assert Template(grammar.agree(template, {"enemy": "p"})).substitute(enemy="ноти") == "ноти дістали удару"


@pytest.mark.parametrize(
    "n, few_or_many",
    [(1, None), (2, 0), (4, 0), (5, 1), (11, 1), (12, 1), (21, None), (22, 0), (25, 1), (111, 1)],
)
def test_a_ukrainian_noun_after_a_number_takes_the_form_the_number_asks(n, few_or_many):
    said = grammar.Forms(
        "блукач", "m", True, {"acc": "блукача"}, {"nom": ["блукачі", "блукачів"], "acc": ["блукачів", "блукачів"]}
    )
    expected = "блукач" if few_or_many is None else said.counted["nom"][few_or_many]
    assert said.after_number(n) == expected


# Words a survivor's own text uses of the survivor, by the gender they agree with.
SURVIVOR_WORDS = {
    "m": ("Дорослий вцілілий", "Один із дітей", "саме його"),
    "f": ("Доросла вціліла", "Одна з дітей", "саме її"),
}


@pytest.mark.parametrize("game_id", ["zombicide-1", "zombicide-2"])
def test_a_survivors_text_agrees_with_the_gender_its_grammar_declares(project, game_id):
    """Bunny G, Odin and Tiger Sam are boys: their texts say «Один із дітей», not «Одна з дітей»."""
    wrong = []
    for survivor in project.games[game_id].of_kind("survivor"):
        gender = survivor.fields["grammar"]["uk"]["gender"]
        other = "f" if gender == "m" else "m"
        wrong += [f"{survivor.id} ({gender}): «{w}»" for w in SURVIVOR_WORDS[other] if w in survivor.text["uk"]]
    assert not wrong, wrong
