"""The scenario runner reports failures by file, case and first mismatch; the CLI prints traces."""

from __future__ import annotations

import textwrap

import pytest

from generator.errors import ScenarioError
from generator.games.zombicide.scenario import HOOKS, build_game
from generator.pipeline import scenario_command as cli_scenario
from generator.scenarios.expectations import events_happened
from generator.scenarios.runner import format_trace
from generator.scenarios.runner import run_case as run_with

CASE = {
    "id": "t",
    "rule": "z1-ja-digest § 戦闘",
    "_file": "test.yaml",
    "map": "a . b",
    "survivors": {"amy": {"at": "a", "hands": ["katana"]}},
    "zombies": {"a": {"walker": 2}},
    "dice": [4, 1],
    "actions": [{"who": "amy", "do": "attack", "weapon": "katana"}],
    "expect": {"zombies": {"a": {"walker": 1}}, "survivors": {"amy": {"xp": 1}}},
}


def run_case(case: dict, rules):
    return run_with(case, rules, HOOKS)


def test_a_true_case_passes(z1):
    assert run_case(CASE, z1).ok


@pytest.mark.parametrize(
    "change,first_mismatch",
    [
        ({"expect": {"zombies": {}}}, "zombies: expected {}, got {'a': {'walker': 1}}"),
        ({"dice": [4, 1, 6]}, "1 scripted dice were never rolled"),
        ({"dice": [4]}, "step 1 (amy attack weapon=katana): the script has 1 dice left but 2 are rolled"),
        (
            {"actions": [{"who": "amy", "do": "search", "not-allowed": "search-outdoors"}], "dice": []},
            "expect... zombies",
        ),
        ({"actions": [{"who": "amy", "do": "fly"}]}, "unknown action 'fly'"),
        (
            {"actions": [{"who": "amy", "do": "move", "to": "b"}], "dice": [], "zombies": {"a": {"walker": 3}}},
            "step 1 (amy move to=b): not allowed (not-enough-actions",
        ),
        ({"map": "a ? b"}, "the case cannot be set up: map row 1: unknown connector"),
        ({"zombie-cards": [{"walker": 1}]}, "1 zombie cards were never drawn"),
    ],
)
def test_a_wrong_case_names_its_first_mismatch(z1, change, first_mismatch):
    result = run_case({**CASE, **change}, z1)
    assert not result.ok
    if first_mismatch != "expect... zombies":
        assert first_mismatch in result.mismatches[0]


def test_a_case_written_in_code_is_read_with_the_format_before_it_is_played(z1):
    written = {k: v for k, v in CASE.items() if k != "_file"}
    result = run_case({**written, "zombies": {"q": {"walker": 1}}}, z1)
    assert result.mismatches == ["the case cannot be set up: zombies: unknown zone 'q'; name a zone of the map"]


def test_a_step_played_in_code_without_a_key_its_action_needs_is_told_by_name(z1):
    game = HOOKS.play(CASE, z1)
    with pytest.raises(ScenarioError, match="missing 'weapon' for the 'attack' action"):
        HOOKS.apply_step(game, {"who": "amy", "do": "attack"})


def test_a_step_handed_to_the_engine_by_a_table_row_passes_each_key_as_its_shape_reads_it(z1):
    game = HOOKS.play({**CASE, "map": "a . b . c", "zombies": {}}, z1)
    HOOKS.apply_step(game, {"who": "amy", "do": "move", "to": "b"})  # one zone: a route of one
    HOOKS.apply_step(game, {"who": "amy", "do": "move", "to": ["c"]})
    assert game.state.survivors["amy"].zone == "c"


def test_a_choice_the_engine_cannot_follow_is_told_in_words_not_as_a_python_error(z1):
    case = {
        **CASE,
        "dice": [],
        "map": "a",
        "zombies": {"a": {"walker": 1}},
        "actions": [{"do": "zombie-phase", "spawn": False, "discard": {"amy": ["pistol"]}}],
        "expect": {},
    }
    result = run_case(case, z1)
    assert result.mismatches == [
        "step 1 (zombie-phase spawn=False discard={'amy': ['pistol']}): amy holds no "
        "'pistol' to lose to the wound; the zombie phase's discard names a card amy holds"
    ]


def test_a_zombie_card_the_script_lacks_is_told_in_words(z1):
    case = {**CASE, "dice": [], "spawn-zones": ["b"], "actions": [{"do": "spawn"}], "expect": {}}
    assert run_case(case, z1).mismatches == [
        "step 1 (spawn): no zombie card left in the script; add zombie-cards to the scenario"
    ]


def test_expected_refusal_that_does_not_happen(z1):
    case = {**CASE, "actions": [{"who": "amy", "do": "attack", "weapon": "katana", "not-allowed": "x"}]}
    result = run_case(case, z1)
    assert "expected not allowed (x) but it was done" in result.mismatches[0]


def test_compare_checks_every_kind_of_expectation(z1):
    case = {
        **CASE,
        "map": "a . b\n-   +\n_ - B1",
        "objectives": {"a": "blue"},
        "cars": {"c": {"at": "a"}},
        "equipment-deck": ["katana"],
        "dice": [],
    }
    game = build_game(case, z1)
    expect = {
        "survivors": {"amy": {"has": ["pan"], "skills": ["lucky"], "colour": 1}, "nobody": {"at": "a"}},
        "zombies-in": {"a": {"walker": 9}},
        "noise": {"a": 1},
        "doors": {"B1/b": "open"},
        "danger-level": "red",
        "line-of-sight": {"a": []},
        "ranges": {"a": {"b": 2}},
        "last-hits": 1,
        "equipment-deck": [],
        "deck-excludes": ["katana"],
        "discard-pile": ["x"],
        "spawned-buildings": ["B"],
        "cars": {"c": {"at": "b"}},
        "events-include": ["kill"],
        "events-exclude": [],
        "what": 1,
    }
    mismatches = HOOKS.compare(game, expect)
    assert len(mismatches) == 18
    assert any("unknown key 'what'" in m for m in mismatches)


@pytest.mark.long(2)
def test_cli_prints_the_trace_and_verdict(tmp_path, capsys):
    path = tmp_path / "one.yaml"
    path.write_text(
        textwrap.dedent("""\
        edition: zombicide-1
        cases:
          - id: good
            rule: "z1-ja-digest § 戦闘"
            map: "a . b"
            survivors: {amy: {at: a}}
            actions: [{who: amy, do: move, to: b}]
            expect: {survivors: {amy: {at: b}}}
          - id: bad
            rule: "z1-ja-digest § 戦闘"
            map: "a . b"
            survivors: {amy: {at: a}}
            expect: {survivors: {amy: {at: b}}}
        """)
    )
    assert cli_scenario.main([str(path), "--case", "good"]) == 0
    out = capsys.readouterr().out
    assert "1. amy move to=b  [done]" in out and "- move survivor=amy path=['a', 'b'] cost=1" in out
    assert cli_scenario.main([str(path)]) == 1
    assert "survivors.amy.at: expected 'b', got 'a'" in capsys.readouterr().out
    assert cli_scenario.main([str(path), "--case", "nope"]) == 1
    assert cli_scenario.main([str(tmp_path / "missing.yaml")]) == 1


def test_format_trace_names_file_and_case(z1):
    text = format_trace(run_case(CASE, z1))
    assert text.startswith("test.yaml :: t") and text.endswith("=> PASS")


def test_an_expected_event_detail_is_the_value_written_not_one_python_finds_equal():
    events = [{"event": "kill", "zone": "a", "round": 1, "xp": 1}]
    assert events_happened("events", [{"event": "kill", "round": 1, "count": 1}], events) == []
    for written in (True, 1.0):  # YAML's true and 1.0 are no round number
        assert events_happened("events", [{"event": "kill", "round": written, "count": 1}], events) == [
            f"events [kill, round={written}]: expected 1 time(s), happened 0"
        ]
    assert events_happened("events", [{"event": "kill", "zone": "b", "count": 0}], events) == []
