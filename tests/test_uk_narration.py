"""Ukrainian narration agrees in case and number with any count: one, two to four, five and more
(1 блукач, 2 блукачі, 5 блукачів; убиває блукача, двох блукачів, 5 блукачів)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.zombicide.narration import Narrator

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def narrators(project):
    return {game: Narrator(project.games[game], "uk") for game in ("zombicide-1", "zombicide-2")}


def forms(phrase):
    return {name: p.plain for name, p in phrase.forms}


@pytest.mark.parametrize(
    "n,nominative,accusative",
    [
        (1, "блукач", "блукача"),
        (2, "два блукачі", "двох блукачів"),
        (3, "три блукачі", "трьох блукачів"),
        (4, "чотири блукачі", "чотирьох блукачів"),
        (5, "5 блукачів", "5 блукачів"),
        (11, "11 блукачів", "11 блукачів"),
        (21, "21 блукач", "21 блукача"),
        (22, "22 блукачі", "22 блукачів"),
    ],
)
def test_counted_walkers(narrators, n, nominative, accusative):
    phrase = narrators["zombicide-1"].zombies({"walker": n})
    assert (forms(phrase)["nom"], forms(phrase)["acc"]) == (nominative, accusative)


@pytest.mark.parametrize(
    "n,nominative,accusative",
    [(1, "потвора", "потвору"), (2, "дві потвори", "двох потвор"), (5, "5 потвор", "5 потвор")],
)
def test_a_feminine_name_takes_feminine_numerals(narrators, n, nominative, accusative):
    phrase = narrators["zombicide-2"].zombies({"abomination": n})
    assert (forms(phrase)["nom"], forms(phrase)["acc"]) == (nominative, accusative)


@pytest.mark.parametrize(
    "counts,told",
    [
        ({"walker": 1}, "Емі убиває блукача, заробляючи 1 очко досвіду."),
        ({"walker": 2, "fatty": 1}, "Емі убиває двох блукачів і товстуна, заробляючи 3 очки досвіду."),
        ({"walker": 5}, "Емі убиває 5 блукачів, заробляючи 5 очок досвіду."),
    ],
)
def test_a_kill_is_told_with_agreeing_words(narrators, counts, told):
    n = narrators["zombicide-1"]
    text = n.say(
        "kill",
        plain=True,
        survivor=n.survivor("amy"),
        zombies=n.zombies(counts),
        xp=sum(counts.values()),
        experience=n.experience(),
    )
    assert text == told


def test_the_2nd_edition_earns_adrenaline(narrators):
    n = narrators["zombicide-2"]
    text = n.say(
        "kill", plain=True, survivor=n.survivor("ned"), zombies=n.zombies({"brute": 1}), xp=1, experience=n.experience()
    )
    assert text == "Нед убиває громила, заробляючи 1 очко адреналіну."


@pytest.mark.parametrize("cost,told", [(1, "1 дію"), (2, "2 дії"), (5, "5 дій")])
def test_a_move_costs_actions_in_the_accusative(narrators, cost, told):
    n = narrators["zombicide-1"]
    text = n.say("move", plain=True, survivor=n.survivor("josh"), path="a → b", dest="b", cost=n.count("action", cost))
    assert text == f"Джош проходить a → b і зупиняється в зоні b; це коштує {told}."


@pytest.mark.parametrize(
    "count,told", [(1, "1 влучання пропадає"), (3, "3 влучання пропадають"), (5, "5 влучань пропадає")]
)
def test_lost_hits_agree_with_their_verb(narrators, count, told):
    n = narrators["zombicide-1"]
    text = n.say("hit-absorbed", plain=True, damage=1, zombie=n.zombies({"fatty": 1}), need=2, count=count)
    assert text.endswith(f"тож {told} марно.")
    assert "убити товстуна" in text


def test_a_survivor_named_as_the_object_is_declined(narrators):
    n = narrators["zombicide-2"]
    text = n.say("friendly-fire", plain=True, target=n.survivor("ned"))
    assert "влучає в Неда" in text
