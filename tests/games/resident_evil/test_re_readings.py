"""Where the source reads two ways, a parameter names the reading: each one changes the outcome
it should, and only that (the scenarios pin the readings the site follows)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator.games.resident_evil.data import Model
from generator.games.resident_evil.scenario import HOOKS
from generator.scenarios.reading import read_scenarios
from generator.scenarios.runner import run_case
from tests.conftest import RENDERED_PAGES_GROUP

ROOT = Path(__file__).resolve().parents[3]
CASES = {
    case["id"]: case
    for path in sorted((ROOT / "rules_data" / "resident-evil" / "scenarios").glob("*.yaml"))
    for case in read_scenarios(path, HOOKS, None, ROOT)[0]
}


def play(model: Model, case_id: str, **reading):
    """The case under another reading: returns the game after its steps (expectations not checked)."""
    rules = dataclasses.replace(model.rules, **reading)
    case = {k: v for k, v in CASES[case_id].items() if k != "expect"}
    game = HOOKS.build(case, Model(rules, model.cards))
    for step in case.get("actions") or []:
        HOOKS.apply_step(game, {k: v for k, v in step.items() if k not in ("expect",)})
    return game


@pytest.mark.parametrize(
    "case_id",
    [
        "an-attack-makes-enemies-on-linked-tiles-move",
        "links-do-not-chain-through-a-second-door",
        "an-enemy-in-range-elsewhere-also-raises-the-evade",
        "results-add-up-and-wounds-stay",
        "defeated-enemies-leave-no-corpse",
    ],
)
def test_the_followed_readings_pass(re_model, case_id):
    assert run_case(CASES[case_id], re_model, HOOKS).ok


def test_move_reaction_reading_decides_whether_a_hit_survivor_moves(re_model):
    game = play(re_model, "an-attack-makes-enemies-on-linked-tiles-move", oos_attack_excludes_hit_enemies=False)
    assert game.state.enemies["z1"].square == "b1"  # the quick reference's reading: it moves too


def test_chained_links_wake_the_tile_beyond(re_model):
    game = play(re_model, "links-do-not-chain-through-a-second-door", linked_tiles_chain=True)
    assert game.state.enemies["zc"].square == "e1"


def test_counting_only_the_square_ignores_an_enemy_elsewhere(re_model):
    game = play(re_model, "an-enemy-in-range-elsewhere-also-raises-the-evade", evade_counts_enemies_in_range=False)
    roll = next(e for e in game.state.events if e["event"] == "evade-roll")
    assert roll["needed"] == "success-1" and roll["evaded"] is True


def test_results_that_do_not_stack_count_each_result_once(re_model):
    case = "results-add-up-and-wounds-stay"
    rules = dataclasses.replace(re_model.rules, attack_results_stack=False)
    game = HOOKS.build({k: v for k, v in CASES[case].items() if k != "expect"}, Model(rules, re_model.cards))
    HOOKS.apply_step(game, {k: v for k, v in CASES[case]["actions"][0].items() if k != "expect"})
    assert game.state.enemies["z1"].wounds == 1  # two Damage 1 results, counted once


def test_a_corpse_left_by_a_defeated_enemy(re_model):
    """Under the other reading the zombie leaves a corpse, and the attack, an action taken in a
    square with a corpse, calls for the encounter die."""
    case = {k: v for k, v in CASES["defeated-enemies-leave-no-corpse"].items() if k != "expect"}
    rules = dataclasses.replace(re_model.rules, defeated_enemy_leaves_corpse=True)
    game = HOOKS.build(case, Model(rules, re_model.cards))
    HOOKS.apply_step(game, {**case["actions"][0], "dice": [["success-1"], ["other"]]})
    assert game.state.corpses == {"a1": 1}


def test_one_die_per_corpse(re_model):
    case = dict(CASES["the-umbrella-face-raises-every-corpse-in-the-square"])
    case["actions"] = [{"who": "chris", "do": "move", "to": "b1", "dice": [["umbrella", "other"]]}]
    rules = dataclasses.replace(re_model.rules, corpse_roll_once_per_action=False)
    game = HOOKS.build({k: v for k, v in case.items() if k != "expect"}, Model(rules, re_model.cards))
    HOOKS.apply_step(game, case["actions"][0])
    assert dict(game.state.corpses) == {"b1": 1} and len(game.state.enemies) == 1


def test_the_item_box_spray_keeps_hope_under_the_other_reading(re_model):
    game = play(re_model, "a-spray-in-the-item-box-does-not-count", revival_counts_item_box=True)
    assert game.state.result == "ongoing"


def test_one_free_discard_per_phase_under_the_other_reading(re_model):
    from generator.core.events import NotAllowed

    case = {
        "id": "x",
        "rule": "r",
        "map": "A A\n",
        "characters": {"jill": {"at": "a1", "evade-dice": 1, "inventory": 6, "items": ["knife", "green-herb"]}},
    }
    game = HOOKS.build(case, Model(dataclasses.replace(re_model.rules, free_discard_any_number=False), re_model.cards))
    HOOKS.apply_step(game, {"who": "jill", "do": "discard", "item": "knife"})
    with pytest.raises(NotAllowed, match="one-free-discard"):
        HOOKS.apply_step(game, {"who": "jill", "do": "discard", "item": "green-herb"})


def test_the_tutorial_at_danger_reading_loses_earlier(re_model):
    case = {
        "id": "x",
        "rule": "r",
        "map": "A A\n",
        "tutorial": True,
        "characters": {"jill": {"at": "a1", "evade-dice": 1, "inventory": 6, "health": 4}},
        "enemies": {"z1": {"type": "zombie", "at": "a1"}},
        "turn": {"actions-used": 4},
    }
    for beyond, result in ((True, "ongoing"), (False, "failed")):
        game = HOOKS.build(case, Model(dataclasses.replace(re_model.rules, lost_beyond_danger=beyond), re_model.cards))
        HOOKS.apply_step(game, {"do": "reaction-phase", "dice": [["blank"]]})
        assert game.state.result == result, beyond


HIT_TARGET_PASSAGES = ["PERFORMING AN ATTACK", "ATTACKING AN ENEMY", "QUICK REFERENCE"]


@RENDERED_PAGES_GROUP
def test_the_hit_target_reading_shows_its_passages_side_by_side_beside_the_rule(re_project, rendered_pages):
    """Which enemies move after an attack is decided with the source's three passages side by side:
    the note and the parameter cite each, the note opens with a table of one row per passage, the
    notes page shows that table under the note, and the rule's page shows the reading chosen in
    the note's box beside the rule, linked to the whole note, in every language."""
    game = re_project.games["resident-evil"]
    note = game.entities["move-reaction-after-attack"]
    parameter = game.parameters["oos-attack-excludes-hit-enemies"]
    rule = game.entities["oos-after-attack"]
    assert parameter.fields["value"] is True  # the main text's exception: a target hit and still standing stays
    for cited in (note, parameter, rule):
        assert {ref.section for ref in cited.sources} >= set(HIT_TARGET_PASSAGES), cited.id
    for lang in ("ja", "ko", "uk"):
        rows = [line for line in note.text[lang].splitlines() if line.startswith("|")][2:]
        assert len(rows) == len(HIT_TARGET_PASSAGES), lang
        notes = rendered_pages[f"{lang}/resident-evil/{note.page}.md"]
        under_note = notes[notes.index(f"{{ #{note.id} }}") :]
        assert all(row in under_note.split("\n### ")[0] for row in rows), lang
        page = rendered_pages[f"{lang}/resident-evil/{rule.page}.md"]
        box = page[page.index(f'??? warning "{note.fields["title"][lang]}"') :].split("\n\n<div")[0]
        assert f"(source-notes.md#{note.id})" in box, lang
