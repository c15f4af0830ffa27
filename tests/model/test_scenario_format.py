"""Scenario files are read like the rules data: every mistake in a file is reported at once, with
`file:line:column: case › step: message`, and the messages are pinned here."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from generator.games.zombicide.scenario import HOOKS
from generator.scenarios.reading import read_scenarios

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BAD = HERE / "bad_scenarios"


def test_every_mistake_of_a_file_is_reported_with_its_place(z1):
    _, errors = read_scenarios(BAD / "many-mistakes.yaml", HOOKS, z1, ROOT)
    shown = [str(e).replace("tests/model/bad_scenarios/", "BAD/") for e in sorted(errors)]
    expected = (BAD / "many-mistakes.expected.txt").read_text(encoding="utf-8").splitlines()
    assert shown == expected


def test_a_file_with_mistakes_gives_no_case_to_run(z1):
    cases, _ = read_scenarios(BAD / "many-mistakes.yaml", HOOKS, z1, ROOT)
    assert cases == []  # a case with a mistake never runs half-read


def check_minimal_project_with(tmp_path, file: str, text: str) -> subprocess.CompletedProcess:
    """`generator check` on the minimal project plus one file (a path under rules_data/mini/)."""
    shutil.copytree(ROOT / "tests" / "fixtures" / "minimal" / "rules_data", tmp_path / "rules_data")
    target = tmp_path / "rules_data" / "mini" / file
    target.parent.mkdir(exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "generator", "check", "--root", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )


def test_check_reports_a_broken_scenario_file_with_its_place(tmp_path):
    result = check_minimal_project_with(
        tmp_path,
        "scenarios/broken.yaml",
        "edition: mini\ncases:\n  - id: x\n    rule: 'doc-a § 流れ'\n    map: 'a . b'\n"
        "    survivors: {amy: {at: a}}\n    actions:\n      - {who: amy, do: move, too: b}\n",
    )
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        "rules_data/mini/scenarios/broken.yaml:8:30: case 'x' › step 1: "
        "unknown key 'too' for the 'move' action; did you mean 'to'?"
    )


def test_a_worked_example_is_checked_with_the_same_format(tmp_path):
    result = check_minimal_project_with(
        tmp_path,
        "examples/one.yaml",
        "examples:\n  - id: one\n    section: turn\n    title: {ja: 例, ko: 예, uk: Приклад}\n"
        "    setup: {ja: 例。, ko: 예., uk: Приклад.}\n    scenario:\n      map: 'a . b'\n"
        "      survivors: {amy: {at: a}}\n      actions:\n        - {who: amy, do: move, to: bb}\n",
    )
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        "rules_data/mini/examples/one.yaml:10:36: example 'one' › scenario › "
        "step 1 › to: unknown zone 'bb'; did you mean 'b'?"
    )


def test_the_scenario_command_refuses_what_crashed_or_hung_it(capsys):
    from generator.pipeline import scenario_command as cli_scenario

    path = BAD / "breaks-the-scenario-command.yaml"
    assert cli_scenario.main([str(path)]) == 1
    *errors, _summary = capsys.readouterr().err.strip().splitlines()
    expected = (BAD / "breaks-the-scenario-command.expected.txt").read_text(encoding="utf-8").splitlines()
    assert [line.replace("tests/model/bad_scenarios/", "BAD/") for line in errors] == expected


def test_the_ids_check_reads_a_value_that_does_not_fit_as_nothing(z1, tmp_path):
    """The checks across keys get each value as its shape read it: what does not fit is None, never a raw value
    of the wrong kind (which once raised TypeError inside the check)."""
    from generator.games.zombicide.scenario import ZombicideScenarios
    from generator.load.yamlpos import parse
    from generator.scenarios.reading import check_case
    from generator.scenarios.report import Report

    seen = []

    class Watched(ZombicideScenarios):
        def view(self, case, node, report, rules):
            seen.append(case)
            return super().view(case, node, report, rules)

    path = tmp_path / "case.yaml"
    path.write_text(
        "map: 'a . b'\nzombies: {a: {walker: two}, b: [walker]}\ndice: [4, nine]\n"
        "survivors: {amy: {at: a, wounds: many}}\n",
        encoding="utf-8",
    )
    node, _ = parse(path, "case.yaml")
    errors: list = []
    assert not check_case(node, Watched(), Report(errors), z1)
    assert seen == [
        {
            "map": "a . b",
            "zombies": {"a": {"walker": None}, "b": None},
            "dice": [4, None],
            "survivors": {"amy": {"at": "a", "wounds": None}},
        }
    ]
    assert len(errors) == 4


def test_the_bounds_of_a_case_come_from_its_rules(z1, z2):
    limits = HOOKS.limits

    assert limits(z1) == {"die-faces": 6, "hand-slots": 2, "backpack-cards": 4, "wounds": 2, "actions": 5}
    assert limits(z2)["wounds"] == 3  # an adult's health; z1: 3 actions, one more at yellow, +1 Action
    assert limits(None) == {}  # without the rules each Limit's fallback holds


def read_case_text(tmp_path: Path, rules, text: str, edition: str = "zombicide-1") -> list[str]:
    """The errors of a one-case file in the given edition's folder, as check reports them."""
    path = tmp_path / edition / "scenarios" / "case.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"edition: {edition}\ncases:\n  - id: x\n    rule: 'z1-ja-digest § 移動'\n{text}", encoding="utf-8")
    _, errors = read_scenarios(path, HOOKS, rules, tmp_path, editions=[edition])
    return [f"{e.where.line}:{e.where.column}: {e.breadcrumb}: {e.message}" for e in sorted(errors)]


def test_a_kid_with_the_wounds_that_kill_a_kid_is_dead(z2, tmp_path):
    errors = read_case_text(
        tmp_path,
        z2,
        "    map: 'a . b'\n    survivors: {kid: {at: a, kid: true, wounds: 2}, adult: {at: a, wounds: 2}}\n",
        edition="zombicide-2",
    )
    assert errors == [
        "6:49: case 'x' › survivors › kid › wounds: kid has 2 wounds, which kill (a kid's health, "
        "parameter 'health-kid', is 2); give fewer than 2, or write 'dead: true'"
    ]


def test_a_survivor_whose_own_health_the_wounds_reach_is_dead(z2, tmp_path):
    """The engine says what kills a survivor: Starts with [X] Health's number, where the survivor holds it."""
    errors = read_case_text(
        tmp_path,
        z2,
        "    map: 'a . b'\n    survivors: {amy: {at: a, wounds: 2, skills: [starts-with-health],"
        " skill-values: {starts-with-health: 2}}}\n",
        edition="zombicide-2",
    )
    assert errors == [
        "6:38: case 'x' › survivors › amy › wounds: amy has 2 wounds, which kill (its skill "
        "'starts-with-health' names 2); give fewer than 2, or write 'dead: true'"
    ]


def test_a_survivor_partly_wrong_is_checked_with_what_fits(z1, tmp_path):
    """The survivors the checks ask the engine about are built from what fits: a value that does not is
    reported where it is written, once, beside what the rules bound across keys."""
    errors = read_case_text(
        tmp_path,
        z1,
        "    map: 'a . b'\n    survivors: {amy: {at: [a], hands: [pistol, 7], unloaded: [pistol, crowbar], wounds: x,"
        " xp: y, actions-used: 4, backpack: [crowbar, crowbar, crowbar, 3]}}\n",
    )
    assert [error.split(": ")[1] for error in errors] == [
        f"case 'x' › survivors › amy › {key}"
        for key in ("at", "hands › item 2", "unloaded › item 2", "wounds", "xp", "actions-used", "backpack")
    ] + ["case 'x' › survivors › amy › backpack › item 4"]
    assert "backpack would hold 4 cards, but it has 3 slots" in errors[6]


def test_the_scenario_command_checks_a_case_with_the_rules_of_the_edition_it_plays(tmp_path, capsys):
    """A case may play another edition than its file (`edition:`): it is checked with that
    edition's rules, so a zombie type the edition lacks is reported where it is written, not
    as a place-less "the case cannot be set up"."""
    from generator.pipeline import scenario_command as cli_scenario

    path = tmp_path / "games" / "scenarios" / "other-edition.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(
        "edition: zombicide-1\ncases:\n  - id: fatty-of-the-2nd-edition\n"
        "    rule: 'z1-ja-digest § 移動'\n    edition: zombicide-2\n    map: 'a . b'\n"
        "    survivors: {amy: {at: a}}\n    zombies: {b: {fatty: 1}}\n",
        encoding="utf-8",
    )
    assert cli_scenario.main([str(path)]) == 1
    first = capsys.readouterr().err.splitlines()[0]
    assert first.endswith(
        "other-edition.yaml:8:19: case 'fatty-of-the-2nd-edition' › zombies › b: unknown zombie "
        "type 'fatty'; use an id from zombies.yaml"
    )


def test_a_scripted_route_the_zombies_are_not_offered_stops_the_case(z1, tmp_path):
    """An Abomination whose only way is c, scripted to go to a (a zone next to it, so check lets
    it pass): the engine says so, instead of passing over the choice."""
    from generator.scenarios.runner import run_case

    path = tmp_path / "zombicide-1" / "scenarios" / "route.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(
        "edition: zombicide-1\ncases:\n  - id: x\n    rule: 'z1-ja-digest § 移動'\n"
        "    map: 'a . b . c'\n    survivors: {amy: {at: c}}\n    zombies: {b: {abomination: 1}}\n"
        "    actions:\n      - {do: zombie-phase, spawn: false, abomination: {b: a}}\n",
        encoding="utf-8",
    )
    cases, errors = read_scenarios(path, HOOKS, z1, tmp_path)
    assert errors == []
    result = run_case(cases[0], z1, HOOKS)
    assert result.mismatches == [
        "step 1 (zombie-phase spawn=False abomination={'b': 'a'}): the zombie phase's "
        "'abomination' names the route a from b, but the zombies there go to c; name one "
        "of those"
    ]


def test_the_scenario_command_refuses_a_case_citing_an_unknown_source_as_check_does(tmp_path, capsys):
    from generator.pipeline import scenario_command as cli_scenario

    path = tmp_path / "cites.yaml"
    path.write_text(
        "edition: zombicide-1\ncases:\n  - id: one\n    rule: 'z2-ko-rulebook § x'\n    map: 'a . b'\n"
        "    survivors: {amy: {at: a}}\n    actions:\n      - {who: amy, do: move, to: b}\n",
        encoding="utf-8",
    )
    assert cli_scenario.main([str(path)]) == 1
    assert "rule: unknown source 'z2-ko-rulebook'" in capsys.readouterr().err
