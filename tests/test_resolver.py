"""The resolver in CPython (the page runs the same code in Pyodide): the rules it builds from the
feed are the build's, every worked example's link plays as the example does, bad situations are
located and said in the reader's language, refusals carry their reason and rules section, and no
link, however edited, makes it fail."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import registry
from generator.feed import feed
from generator.languages import DEFAULT, PUBLISHED
from generator.resolver.session import Resolver
from generator.scenarios.runner import run_case
from generator.scenarios.situations import LinkError, decode, encode

WRITING = {
    "ja": re.compile("[\u3040-\u30ff\u4e00-\u9fff]"),
    "ko": re.compile("[\uac00-\ud7a3]"),
    "uk": re.compile("[\u0400-\u04ff]"),
}
ENGLISH_WORDS = re.compile(r"\b(the|and|is|not|with|from|cannot)\b", re.IGNORECASE)
_MADE: dict = {}


def resolver(project, game_id: str, lang: str) -> Resolver:
    if (game_id, lang) not in _MADE:
        game = project.games[game_id]
        package = registry.for_game(game)
        labels = {key: {lang: text[lang]} for key, text in project.labels.items()}
        _MADE[(game_id, lang)] = Resolver(
            feed(project, game, lang, DEFAULT), package, package.resolver_extra(game, game.root), labels
        )
    return _MADE[(game_id, lang)]


def games(project) -> list[str]:
    return [gid for gid, game in project.games.items() if registry.for_game(game).situations is not None]


def said(message: str, lang: str) -> None:
    """A message written in the reader's language, with no English sentence in it."""
    assert WRITING[lang].search(message), message
    assert not ENGLISH_WORDS.search(message), message


def test_every_game_with_a_model_has_a_resolver(project):
    assert set(games(project)) == {gid for gid, g in project.games.items() if registry.for_game(g).scenarios}


def test_the_feed_gives_the_rules_the_build_plays_with(project):
    for game_id in games(project):
        game = project.games[game_id]
        package = registry.for_game(game)
        built = package.rules_for(game)
        for lang in PUBLISHED:
            from_feed = resolver(project, game_id, lang).rules
            assert from_feed == built or (from_feed.rules == built.rules and from_feed.cards == built.cards), game_id


def test_the_page_opens_on_a_situation_the_engine_plays(project):
    for game_id in games(project):
        for lang in PUBLISHED:
            one = resolver(project, game_id, lang)
            out = one.resolve(one.form["start"])
            assert "problems" not in out, out.get("problems")
            assert out["steps"] and all(step["sentences"] for step in out["steps"])
            for step in out["steps"]:
                assert step["rules"] and all(
                    rule["page"].startswith(f"{'' if lang == DEFAULT else lang + '/'}{game_id}/")
                    for rule in step["rules"]
                )


@pytest.mark.long(8)
def test_each_worked_example_opens_as_the_situation_it_starts_from(project):
    """The link under an example is its scenario: played by the page, the same events, step by step."""
    linked = unlinked = 0
    for game_id in games(project):
        game = project.games[game_id]
        package = registry.for_game(game)
        rules = package.rules_for(game)
        one = resolver(project, game_id, "uk")
        for example in game.examples:
            link = package.situation_link(game, rules, example)
            if link is None:
                unlinked += 1
                offered = {action["do"] for action in one.form["actions"]}
                assert {step["do"] for step in example.scenario["actions"]} - offered, example.id
                continue
            linked += 1
            out = one.resolve(decode(link))
            assert "problems" not in out, (example.id, out.get("problems"))
            expected = run_case({"id": example.id, **example.scenario}, rules, package.scenarios)
            page = [[event["event"] for event in step["events"]] for step in out["steps"]]
            assert page == [[event["event"] for event in record["events"]] for record in expected.trace], example.id
    assert linked >= 3 * unlinked > 0 or unlinked == 0


# --- bad situations -------------------------------------------------------------------------------
def _street(**more) -> dict:
    return {
        "board": "street",
        "survivors": {"amy": {"at": "a", "hands": ["pistol", None]}},
        "actions": [{"do": "attack", "who": "amy", "weapon": "pistol", "at": "b"}],
        **more,
    }


def _square(**more) -> dict:
    base = {
        "board": "room",
        "characters": {"jill-valentine": {"at": "a1", "evade-dice": 1, "inventory": 6, "items": ["knife"]}},
        "enemies": {"zombie-1": {"at": "a1"}},
    }
    return {
        **base,
        "actions": [
            {"do": "attack", "who": "jill-valentine", "weapon": "knife", "target": "zombie-1", "dice": [["success-2"]]}
        ],
        **more,
    }


def _problems(project, game_id: str, situation) -> dict[str, list[dict]]:
    """The problems of a situation in every language (the same places in each)."""
    found = {lang: resolver(project, game_id, lang).resolve(situation).get("problems") or [] for lang in PUBLISHED}
    places = {lang: [p["path"] for p in problems] for lang, problems in found.items()}
    assert len({json.dumps(p) for p in places.values()}) == 1, places
    for lang, problems in found.items():
        for problem in problems:
            said(problem["message"], lang)
    return found


def test_more_figures_than_the_box_or_a_square_holds_are_located(project):
    rules = resolver(project, "zombicide-2", DEFAULT).rules  # the edition whose box lists its miniatures
    kind, supply = next(iter(rules.zombie_supply.items()))
    found = _problems(project, "zombicide-2", _street(zombies={"b": {kind: supply}, "c": {kind: 1}}))
    assert [p["path"] for p in found["ja"]] == [["zombies"]]
    assert str(supply) in found["uk"][0]["message"] and str(supply + 1) in found["uk"][0]["message"]
    crowded = _square(enemies={f"zombie-{n}": {"type": "zombie", "at": "a1"} for n in range(1, 5)})
    found = _problems(project, "resident-evil", crowded)
    assert found["ko"] and found["ko"][0]["path"][0] == "characters" and "a1" in found["ko"][0]["message"]


def test_an_item_the_character_cannot_carry_is_located(project):
    rules = resolver(project, "zombicide-2", DEFAULT).rules
    backpack = ["pistol"] * (rules.backpack_slots + 1)
    found = _problems(project, "zombicide-2", _street(survivors={"amy": {"at": "a", "backpack": backpack}}))
    assert [p["path"] for p in found["ja"]] == [["survivors", "amy", "backpack"]]
    heavy = _square()
    heavy["characters"]["jill-valentine"].update(inventory=1, items=["knife", "first-aid-spray"])
    found = _problems(project, "resident-evil", heavy)
    assert [p["path"] for p in found["uk"]] == [["characters", "jill-valentine", "items"]]


def test_a_dead_or_unconscious_character_acting_is_refused_with_its_reason_and_rule(project):
    dead = _street(survivors={"amy": {"at": "a", "hands": ["pistol", None], "dead": True}}, dice=[6])
    knocked = _square(enemies={"zombie-1": {"at": "a1"}})
    knocked["characters"]["jill-valentine"]["unconscious"] = True
    for game_id, situation, reason in (
        ("zombicide-1", dead, "survivor-dead"),
        ("resident-evil", knocked, "unconscious"),
    ):
        for lang in PUBLISHED:
            out = resolver(project, game_id, lang).resolve(situation)
            assert "problems" not in out, out.get("problems")
            step = out["steps"][0]
            assert step["refused"] == reason
            assert step["rules"], "a refusal names the rules section it comes from"
            told = "".join(part if isinstance(part, str) else part["text"] for part in step["sentences"][-1])
            said(told, lang)


def test_unknown_ids_in_a_link_are_located_in_every_language(project):
    situation = _street(survivors={"nobody": {"at": "z"}})
    situation["zombies"] = {"b": {"dragon": 1}}
    found = _problems(project, "zombicide-1", situation)
    paths = [p["path"] for p in found["ko"]]
    assert ["survivors", "nobody"] in paths and ["zombies", "b", "dragon"] in paths


@pytest.mark.parametrize(
    "link",
    ["", "1.", "1.!!!!", "2.eJzLSM3JyQcABiwCFQ", "1.eJzLSM3JyQcABiwCFQ", "1.AAAA", "x" * 9000, "1." + "A" * 9000],
)
def test_a_link_edited_into_nonsense_says_what_broke(link):
    with pytest.raises(LinkError) as broken:
        decode(link)
    assert broken.value.why in ("version", "encoding", "compression", "json")


@pytest.mark.parametrize(
    "nonsense", [None, 5, "x", [], [1, 2], {"board": 7}, {"board": {"map": 7}}, {"actions": "run"}]
)
def test_nonsense_that_decodes_is_refused_at_its_place(project, nonsense):
    for game_id in ("zombicide-1", "resident-evil"):
        out = resolver(project, game_id, "ja").resolve(nonsense)
        assert out["problems"], nonsense
        for problem in out["problems"]:
            said(problem["message"], "ja")


def test_a_link_round_trips_the_situation(project):
    start = resolver(project, "zombicide-1", "ja").form["start"]
    assert decode(encode(start)) == start
    assert len(encode(start)) < 200, "a situation is a short link"


# --- the fuzzer ---------------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=25,
)


@pytest.mark.slow
@pytest.mark.long(20)
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_no_shared_link_crashes_the_resolver(project, data):
    """Links edited by hand: characters changed, cut, or a situation of random values spliced into
    a real one. Each is either refused as a link or answered with problems or an outcome."""
    game_id = data.draw(st.sampled_from(games(project)))
    one = resolver(project, game_id, data.draw(st.sampled_from(PUBLISHED)))
    start = one.form["start"]
    link = encode(start)
    how = data.draw(st.sampled_from(["characters", "cut", "splice", "random"]))
    if how == "characters":
        spots = data.draw(st.lists(st.integers(2, len(link) - 1), min_size=1, max_size=4))
        letters = data.draw(st.lists(st.sampled_from("AZaz09-_.=!"), min_size=len(spots), max_size=len(spots)))
        for spot, letter in zip(spots, letters):
            link = link[:spot] + letter + link[spot + 1 :]
    elif how == "cut":
        link = link[: data.draw(st.integers(0, len(link)))]
    else:
        situation = json.loads(json.dumps(start))
        if how == "splice":
            path = data.draw(st.sampled_from([k for k in situation]))
            situation[path] = data.draw(JSON)
        else:
            situation = data.draw(JSON)
        link = encode(situation) if isinstance(situation, (dict, list)) else link
    try:
        situation = decode(link)
    except LinkError:
        return
    out = one.resolve(situation)
    assert out.get("problems") or out.get("steps") is not None
    for problem in out.get("problems") or []:
        assert problem["message"] and "Traceback" not in problem["message"]
