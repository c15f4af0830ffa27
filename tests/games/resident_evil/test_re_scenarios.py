"""The Resident Evil scenario files (collected and run by tests/model/test_scenarios.py): how many
there are, what they cover, and that the runner's messages name what went wrong."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.games.resident_evil.data import Model
from generator.games.resident_evil.project_checks import check_cards_agree
from generator.games.resident_evil.scenario import HOOKS
from generator.scenarios.reading import read_scenarios
from generator.scenarios.runner import run_case
from tests.conftest import read_yaml

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "rules_data" / "resident-evil" / "scenarios"
CASES = [case for path in sorted(FOLDER.glob("*.yaml")) for case in read_scenarios(path, HOOKS, None, ROOT)[0]]


def test_every_case_fits_the_format_with_the_rules(re_model):
    """Read with the model, the files' ids, cards, faces and bounds are all checked too."""
    errors = [str(e) for path in sorted(FOLDER.glob("*.yaml")) for e in read_scenarios(path, HOOKS, re_model, ROOT)[1]]
    assert errors == []


def test_at_least_sixty_cases_across_the_topics():
    assert len(CASES) >= 60
    files = {Path(c["_file"]).stem for c in CASES}
    assert files >= {
        "movement",
        "attacks",
        "reactions",
        "out-of-sequence",
        "health",
        "tension",
        "campaign",
        "corpses",
        "exploring",
        "reserve",
    }


def test_every_case_cites_a_heading_of_the_rulebook():

    sources = read_yaml(ROOT / "rules_data" / "sources.yaml")["sources"]
    headings = set(next(s for s in sources if s["id"] == "re-ja-rules")["sections"])
    for case in CASES:
        source, _, heading = case["rule"].partition(" § ")
        assert source == "re-ja-rules" and heading in headings, f"{case['id']}: {case['rule']}"


def test_a_wrong_expectation_fails_with_its_place(re_model):
    case = dict(CASES[0], expect={"actions-left": 99})
    result = run_case(case, re_model, HOOKS)
    assert not result.ok and result.mismatches[0].startswith("actions-left: expected 99")


def test_unknown_keys_are_refused_by_name(re_model):
    case = dict(CASES[0], actions=[{"who": "chris", "do": "move", "too": "c3"}])
    result = run_case(case, re_model, HOOKS)
    assert "unknown step keys ['too']" in result.mismatches[0]


def test_check_cards_may_not_contradict_the_data(re_model):
    game = SimpleNamespace(
        id="resident-evil",
        entities={
            "zombie": SimpleNamespace(kind="enemy", fields={"size": "small"}),
            "hunter": SimpleNamespace(kind="enemy", fields={"size": "unknown"}),
            "handgun-bullets": SimpleNamespace(kind="item", fields={"kind": "ammunition"}),
            "knife": SimpleNamespace(kind="item", fields={"kind": "healing"}),
        },
    )
    cards = {**re_model.cards, "zombie": {**re_model.cards["zombie"], "size": "medium"}}
    errors = check_cards_agree(game, Model(re_model.rules, cards), ROOT)
    messages = sorted(e.message for e in errors)
    assert messages == [
        "kind 'weapon' contradicts the item 'knife' in items.yaml, which is healing",
        "size 'medium' contradicts the enemy 'zombie' in enemies.yaml, which is small",
    ]


BAD_CASES = [
    (
        {"characters": {"jill": {"at": "z9", "evade-dice": 1, "inventory": 6}}},
        "the case cannot be set up: characters › jill › at: unknown square 'z9'; name a square of the map (a1, b1, ...)",
    ),
    (
        {"characters": {"jill": {"at": "a1", "inventory": 6}}},
        "characters › jill: missing 'evade-dice'; add it",
    ),
    (
        {"enemies": {"x": {"type": "ghoul", "at": "a1"}}},
        "enemies › x › type: unknown card 'ghoul'; give its profile under cards (here or in scenarios/cards/)",
    ),
    (
        {
            "actions": [{"who": "jill", "do": "attack", "weapon": "knife", "target": "z1", "dice": [["success-4"]]}],
            "enemies": {"z1": {"type": "zombie", "at": "a1"}},
        },
        "step 1 › dice › item 1 › item 1: unknown die face 'success-4'; did you mean 'success-3'?",
    ),
    (
        {
            "actions": [{"who": "jill", "do": "attack", "weapon": "knife", "target": "z1", "dice": [["umbrella"]]}],
            "enemies": {"z1": {"type": "zombie", "at": "a1"}},
        },
        "the attack roll rolls blue dice, whose faces are blank, success-1, success-2, success-3; the script has ['umbrella']",
    ),
    (
        {
            "actions": [
                {"who": "jill", "do": "attack", "weapon": "knife", "target": "z1", "dice": [["success-1"], ["blank"]]}
            ],
            "enemies": {"z1": {"type": "zombie", "at": "a1"}},
        },
        "1 scripted rolls of this step were never rolled; remove them or fix the step",
    ),
    ({"actions": [{"who": "jill", "do": "fly"}]}, "unknown action 'fly'; use one of move, open-door"),
    (
        {"actions": [{"do": "reaction-phase", "choose": {"pusch": {}}}]},
        "step 1 › choose: unknown key 'pusch'; did you mean 'push'?",
    ),
    ({"map": "A x\n"}, "map row 1, column 3: 'x' is not a tile letter (A-Z) or '_' (no square)"),
]


@pytest.mark.parametrize("change,message", BAD_CASES, ids=[m[:40] for _, m in BAD_CASES])
def test_bad_cases_say_what_to_change(re_model, change, message):
    case = {
        "id": "bad",
        "rule": "re-ja-rules § TILES",
        "map": "A A\n",
        "characters": {"jill": {"at": "a1", "evade-dice": 1, "inventory": 6, "items": ["knife"]}},
        **change,
    }
    result = run_case(case, re_model, HOOKS)
    assert not result.ok
    assert message in result.mismatches[0], result.mismatches[0]
