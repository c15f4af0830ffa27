"""The model refuses incoherent rules data with messages that say what to change."""

from __future__ import annotations

import copy

import pytest

from generator.errors import RulesDataError
from generator.games.zombicide.checks import check_rules_data, skill_coverage
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.skills import APPLIED_SKILLS

PARAMETERS = {
    "actions-per-turn": 3,
    "hand-slots": 2,
    "backpack-slots": 3,
    "objective-xp": 5,
    "max-die-result": 6,
    "wounds-to-die": 2,
    "ranged-target-order": [["survivor"], ["walker"], ["fatty", "abomination"], ["runner"]],
    "deck": [["pistol", 3], ["crowbar", 1]],
    "deck-total": 4,
}
ZOMBIES = {
    "walker": {"actions": 1, "min-damage": 1, "xp": 1},
    "runner": {"actions": 2, "min-damage": 1, "xp": 1},
    "fatty": {"actions": 1, "min-damage": 2, "xp": 1},
    "abomination": {"actions": 1, "min-damage": 3, "xp": 5},
}
LEVELS = [("blue", 0), ("yellow", 7), ("orange", 19), ("red", 43)]


def problems(parameters=None, zombies=None, levels=None, skills=None):
    return check_rules_data(
        parameters if parameters is not None else PARAMETERS,
        zombies or ZOMBIES,
        levels if levels is not None else LEVELS,
        skills or {},
    )


def test_coherent_data_has_no_problem():
    assert problems() == []


def test_thresholds_must_increase():
    found = problems(levels=[("blue", 0), ("yellow", 7), ("orange", 7), ("red", 43)])
    assert [(p.subject, p.message) for p in found] == [
        ("orange", "level thresholds must increase: 'orange' (7) is not above 'yellow' (7); raise orange's xp")
    ]


def test_first_level_starts_at_zero():
    assert problems(levels=[("blue", 1), ("yellow", 7)])[0].subject == "blue"


def test_deck_must_add_up_to_its_total():
    params = {**PARAMETERS, "deck-total": 5}
    found = problems(params)
    assert len(found) == 1 and found[0].subject == "deck"
    assert "counts 4 cards but 'deck-total' says 5" in found[0].message


def test_deck_total_without_a_deck_and_duplicates():
    params = {**PARAMETERS, "other-total": 3, "deck": [["pistol", 3], ["pistol", 1]]}
    messages = [p.message for p in problems(params)]
    assert any("no deck list 'other'" in m for m in messages)
    assert any("listed twice" in m for m in messages)


def test_target_order_must_name_known_types():
    params = {**PARAMETERS, "ranged-target-order": [["survivor"], ["walker"], ["fatty", "abomination"], ["runer"]]}
    messages = [p.message for p in problems(params)]
    assert (
        "the target order names unknown type 'runer'; use one of walker, runner, fatty, abomination, survivor"
        in messages
    )
    assert any("leaves out runner" in m for m in messages)


def test_missing_and_mistyped_parameters():
    params = {k: v for k, v in PARAMETERS.items() if k != "hand-slots"}
    params["actions-per-turn"] = "three"
    subjects = {p.subject for p in problems(params)}
    assert {"hand-slots", "actions-per-turn"} <= subjects


def test_unknown_zombie_in_lists_and_levels():
    params = {
        **PARAMETERS,
        "fatty-escort": ["walkr"],
        "extra-action-levels": ["purple"],
        "zombie-supply": [["ghost", 3]],
    }
    subjects = [p.subject for p in problems(params)]
    assert subjects == ["fatty-escort", "extra-action-levels", "zombie-supply"]


def test_bad_zombie_stats_and_no_death_rule():
    zombies = copy.deepcopy(ZOMBIES)
    zombies["walker"]["actions"] = 0
    del zombies["runner"]["xp"]
    params = {k: v for k, v in PARAMETERS.items() if k != "wounds-to-die"}
    subjects = [p.subject for p in problems(params, zombies)]
    assert "walker" in subjects and "runner" in subjects and "wounds-to-die" in subjects


def test_skills_marked_applied_must_be_known():
    found = problems(
        skills={"slippery": "applied", "flying": "applied", "destiny": {"descriptive": "why"}, "odd": "sometimes"}
    )
    assert [p.subject for p in found] == ["flying", "odd"]


def test_from_data_raises_with_every_problem():
    with pytest.raises(RulesDataError) as error:
        Rules.from_data("zombicide-1", {**PARAMETERS, "deck-total": 9}, ZOMBIES, [("blue", 0), ("yellow", 0)], {})
    assert {p.subject for p in error.value.problems} == {"deck", "yellow"}
    assert "deck:" in str(error.value)


def test_skill_coverage_reports_applied_share(z1):
    applied, descriptive, unknown = skill_coverage(dict(z1.skill_models))
    assert unknown == [] and descriptive == []  # every skill of the edition is applied
    assert set(applied) <= APPLIED_SKILLS and applied
    told = {"a-told-skill": {"descriptive": "why the model does not apply it"}}
    assert skill_coverage({**z1.skill_models, **told})[1] == ["a-told-skill"]
    assert skill_coverage({"a-new-skill": "applied"}) == (["a-new-skill"], [], ["a-new-skill"])


def test_project_data_is_coherent(z1, z2):
    assert z1.level_of(7) == "yellow" and z2.health(kid=True) == 2 and z1.health(kid=True) == 2
    assert z2.ranged_target_order[0] == ("abominacop",)  # its special rule: hit first
    assert z2.ranged_target_order[1][:2] == ("brute", "abomination")
