"""Resident Evil rolls the shared core's dice: named faces, no odds, every roll scripted by step."""

from __future__ import annotations

import pytest

from generator.core.dice import Die, OddsUnknown, exact_outcomes
from generator.games.resident_evil import cards
from generator.games.resident_evil.dice import ENCOUNTER_DIE
from generator.games.resident_evil.scenario import HOOKS
from generator.scenarios.runner import run_case


def test_the_dice_are_core_dice_whose_faces_the_rules_name(re_rules):
    die = re_rules.attack_die
    assert isinstance(die, Die) and die.name == "blue"
    assert die.faces == ("blank", *re_rules.success_results)
    assert ENCOUNTER_DIE.faces == ("umbrella", "other")


@pytest.mark.parametrize("which", ["attack", "encounter"])
def test_no_odds_are_computed_from_a_die_the_source_does_not_print(re_rules, which):
    die = re_rules.attack_die if which == "attack" else ENCOUNTER_DIE
    assert not die.odds_known
    with pytest.raises(OddsUnknown, match="known by name only"):
        exact_outcomes(lambda dice: tuple(dice.roll(1, die)))


def test_a_weapon_of_another_colour_is_refused(re_rules):
    spec = {"dice": {"red": 1}, "range": 1, "results": {}}
    with pytest.raises(cards.CardError, match="card 'knife': unknown die colour 'red'; a weapon rolls blue dice"):
        cards.weapon(spec, "knife", set(re_rules.attack_die.faces))


def corpse_case(dice: list) -> dict:
    return {
        "id": "corpse",
        "_file": "test.yaml",
        "rule": "re-ja-rules § 8. CORPSES",
        "map": "A A A\n",
        "characters": {"chris": {"at": "a1", "evade-dice": 1, "inventory": 6}},
        "corpses": {"b1": 2},
        "actions": [{"who": "chris", "do": "move", "to": "b1", "dice": dice}],
    }


@pytest.mark.parametrize(
    "dice,message",
    [
        (
            [],
            "the corpse roll rolls 1 encounter dice, but the step scripts no more rolls; add one to the step's dice",
        ),
        ([["umbrella", "other"]], "the corpse roll rolls 1 encounter dice, but the scripted roll 1 has 2 faces"),
        (
            [["blank"]],
            "the corpse roll rolls encounter dice, whose faces are umbrella, other; the script has ['blank']",
        ),
    ],
)
def test_a_corpse_roll_the_step_does_not_script_right_says_what_to_write(re_model, dice, message):
    result = run_case(corpse_case(dice), re_model, HOOKS)
    assert not result.ok and message in result.mismatches[0], result.mismatches


def test_the_corpse_roll_rolls_the_encounter_die_as_scripted(re_model):
    result = run_case(corpse_case([["umbrella"]]), re_model, HOOKS)
    assert result.ok, result.mismatches
    rolls = [e for record in result.trace for e in record["events"] if e["event"] == "corpse-roll"]
    assert [e["face"] for e in rolls] == ["umbrella"]
