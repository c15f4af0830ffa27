"""Resident Evil's count line in `check`: the rules sections and items the rules model plays,
found by playing every case (generator/games/resident_evil/rules_played.py), never listed by
hand. Every item must be played, and every rules section played or among the few that describe
no play (a list of components, a set-up, a story, the scenario list): a new rule the model
does not play, or an item no case uses, fails here."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest

from generator.__main__ import main
from generator.games.resident_evil import events, project_checks, rules_played
from generator.games.resident_evil.rules_played import Played
from generator.games.resident_evil.scenario import HOOKS
from generator.scenarios import examples, project
from generator.scenarios.project import case_runs

ROOT = Path(__file__).resolve().parents[3]

# Sections that state no rule a case can play, each with why (the count line counts them as
# not applied; a section that comes to be played must leave this list).
DESCRIBE_NO_PLAY = {
    "terrain-elements": "an introduction to the terrain sections below it",
    "dashboard-overview": "the parts of the mansion dashboard",
    "starting-the-campaign": "the campaign's story and how long it takes",
    "campaign-characters": "which profile cards the players take at the start of a campaign",
    "playing-a-scenario": "an overview pointing at the scenario brief and the end phase",
    "advancing-the-campaign": "an introduction to the sections below it",
    "completing-the-campaign": "the campaign's goal and its last scenario",
    "reserve-and-missions": "an introduction to the sections below it",
    "out-of-sequence-reactions": "an introduction to the three reactions below it",
    "alternate-modes": "an introduction to the two modes below it",
    "character-profiles": "the fields of a profile card",
    "item-cards": "the kinds of item card",
    "tiles": "what the tiles are made of",
    "scenarios": "the list of the box's scenarios",
    "scenario-the-gunshot": "a scenario's story and map, from the scenario booklet",
    "scenario-main-hall": "a scenario's story and map, from the scenario booklet",
    "scenario-1f-west-a": "a scenario's story and map, from the scenario booklet",
    "scenario-2f-west-a": "a scenario's story and map, from the scenario booklet",
    "scenario-1f-east-a": "a scenario's story and map, from the scenario booklet",
    "scenario-2f-east-a": "a scenario's story and map, from the scenario booklet",
    "scenario-basement": "a scenario's story and map, from the scenario booklet",
    "scenario-1f-west-b": "a scenario's story and map, from the scenario booklet",
    "scenario-lab-4": "a scenario's story and map, from the scenario booklet",
    "turn-summary": "a summary of the turn sections, which are played",
    "symbol-legend": "a legend of the attack symbols, whose sections are played",
    "checklist-campaign": "a checklist of a campaign's setup",
    "checklist-scenario": "a checklist of a scenario's setup, whose sections are played",
    "checklist-end-phase": "a checklist of the end phase, whose sections are played",
    "tutorial": "the tutorial's story",
    "tutorial-playing-area": "the tutorial's map",
    "tutorial-characters": "the tutorial's starting items",
    "tutorial-decks": "the tutorial's decks",
}
# The rules the model did not play before: each must stay played.
NEWLY_PLAYED = [
    "puzzles",
    "completion-tokens",
    "defence-items",
    "attack-special-rules",
    "lasting-effects",
    "solo-mode",
    "choosing-a-scenario",
    "switching-characters",
    "unconscious-characters",
    "scenario-failed",
    "tutorial-playing",
    "investigating-the-mansion",
    "fuel-and-kerosene",
]


@pytest.fixture(scope="module")
def found(re_project, re_model) -> Played:
    game = re_project.games["resident-evil"]
    return rules_played.played(game, case_runs(game, re_model, HOOKS, ROOT))


def test_every_case_holds_so_every_case_counts(found):
    assert found.failed == []


def test_every_item_is_played_by_a_case(found):
    assert [item for item, cases in found.items.items() if not cases] == []


def test_every_rules_section_is_played_or_describes_no_play(found):
    unplayed = {section for section, cases in found.sections.items() if not cases}
    assert unplayed == set(DESCRIBE_NO_PLAY)


def test_the_rules_the_model_newly_plays_are_played(found):
    assert [section for section in NEWLY_PLAYED if not found.sections[section]] == []
    assert "a-puzzle-keeps-its-door-shut-until-it-is-solved" in found.sections["puzzles"]


def test_a_rule_the_engine_stops_playing_is_no_longer_counted(re_project, re_model, monkeypatch):
    """Counted from what the engine does, not from a list: take the puzzle's events and refusals
    from the engine's table and the section is no longer applied."""
    for key in [k for k in events.APPLIES if k.startswith("puzzle-")]:
        monkeypatch.delitem(events.APPLIES, key)
    for key in [k for k, section in events.REFUSALS.items() if section == "puzzles"]:
        monkeypatch.delitem(events.REFUSALS, key)
    game = re_project.games["resident-evil"]
    again = rules_played.played(game, case_runs(game, re_model, HOOKS, ROOT))
    assert again.sections["puzzles"] == []


def test_a_case_that_fails_proves_nothing(re_project, re_model):
    game = re_project.games["resident-evil"]
    runs = case_runs(game, re_model, HOOKS, ROOT)
    failing = {
        case_id: dataclasses.replace(result, ok=False) if case_id.startswith("kerosene-and-a-lighter") else result
        for case_id, result in runs.results.items()
    }
    again = rules_played.played(game, dataclasses.replace(runs, results=failing))
    assert "kerosene-and-a-lighter-dispose-of-a-corpse" in again.failed
    assert again.items["lighter"] == []
    assert rules_played.played(game, runs).items["lighter"] != []


@pytest.mark.long(2)
def test_the_count_line_reads_the_play_that_gave_the_verdict(re_project, monkeypatch):
    """`check` plays each case once: its verdict, then the count line drawn from that play."""
    game = copy.copy(re_project.games["resident-evil"])  # a game this process has not played yet
    played: list[str] = []
    real = project.run_case
    monkeypatch.setattr(project, "run_case", lambda case, *rest: played.append(case["id"]) or real(case, *rest))
    examples.forget_runs()
    told: list[str] = []
    real_example = examples.run_example
    monkeypatch.setattr(examples, "run_example", lambda ex, *rest: told.append(ex.id) or real_example(ex, *rest))
    assert project_checks.check_game(game, ROOT) == []
    # the examples' verdict and the check of the names their stories need read one play of each
    assert sorted(told) == sorted(example.id for example in game.examples)
    line = project_checks.report_game(game, ROOT)[0]
    assert len(played) == len(set(played)) == project.counts(game, ROOT)[0]
    assert f"; {len(played)} scenarios;" in line
    assert copy.copy(game) is not game and project_checks.report_game(copy.copy(game), ROOT) == [line]
    assert len(played) == 2 * len(set(played))  # a game not played yet is played afresh


@pytest.mark.long(3)
def test_check_prints_the_count_line(found, capsys):
    assert main(["check"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("resident-evil:"))
    sections, items = len(Played.applied(found.sections)), len(Played.applied(found.items))
    assert line.startswith(
        f"resident-evil: {sections}/{len(found.sections)} rules sections "
        f"({100 * sections // len(found.sections)} %) and {items}/{len(found.items)} items (100 %) applied"
    )
