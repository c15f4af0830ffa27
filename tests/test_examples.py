"""Worked examples: loaded with positions, played by the rules model, drawn and told in ja/ko/uk.

The rendered Markdown of every example is kept in tests/golden/examples/<lang>/<id>.md, so a
model or data change that alters an example shows up as a readable diff; `scripts/refresh-goldens`
rewrites them after a reviewed change.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator import registry
from generator.games.zombicide.data import rules_for_game
from generator.games.zombicide.narration import templates
from generator.games.zombicide.scenario import HOOKS
from generator.load import load_project
from generator.render.pages import example_markdown
from generator.scenarios.examples import check_examples, forget_runs, run_example

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "examples"
MINIMAL = Path(__file__).parent / "fixtures" / "minimal"
LANGUAGES = ("ja", "ko", "uk")
EDITIONS = ("zombicide-1", "zombicide-2")
REFRESH = os.environ.get("REFRESH_GOLDENS") == "1"
SVG_NS = "{http://www.w3.org/2000/svg}"
SCRIPT = {
    "ja": re.compile(r"[\u3040-\u30ff]"),
    "ko": re.compile(r"[\uac00-\ud7a3]"),
    "uk": re.compile(r"[\u0400-\u04ff]"),
}
# The mechanics players get wrong; each needs at least one example (issue: "Coverage").
REQUIRED_SECTIONS = {
    "zombicide-1": {
        "moving",
        "sight",
        "zombie-movement",
        "zombie-splitting",
        "runners-second-action",
        "targeting-priority",
        "damage-thresholds",
        "dual-weapons",
        "lucky",
        "molotov-attack",
        "car-attack",
        "zombie-spawning",
        "extra-activation-card",
        "manhole-card",
        "action-open-door",
    },
    "zombicide-2": {"targeting-priority", "friendly-fire"},
}


def load(root: Path):
    """The project as the loader reads it. Only the examples' own errors fail these tests: the
    rest of the data has `generator check` and tests/test_bad_input.py."""
    project, errors = load_project(root / "rules_data", root, specs=registry.engines())
    ours = [str(e) for e in errors if "/examples/" in e.where.path or "example '" in e.breadcrumb]
    assert ours == []
    return project


@pytest.fixture(scope="module")
def project():
    return load(ROOT)


def all_examples(project):
    return [(game, example) for game_id in EDITIONS for game in [project.games[game_id]] for example in game.examples]


def example_ids() -> list[str]:
    return sorted(p.stem for p in (ROOT / "rules_data").glob("*/examples/*.yaml"))


def figures(markdown: str) -> list[str]:
    return re.findall(r"<svg .*?</svg>", markdown, re.S)


# --- data and model ------------------------------------------------------------------------------
def test_at_least_sixteen_examples_cover_the_mechanics_players_get_wrong(project):
    examples = all_examples(project)
    assert len(examples) >= 16
    for game_id, sections in REQUIRED_SECTIONS.items():
        covered = {e.section for e in project.games[game_id].examples}
        assert sections <= covered, sorted(sections - covered)


def test_every_example_is_played_by_the_model_without_a_refusal_it_did_not_expect(project):
    for game, example in all_examples(project):
        rules = rules_for_game(game)
        run = run_example(example, rules, HOOKS)
        assert run.ok, (example.id, run.result.mismatches)
        assert len(run.steps) == len(example.scenario["actions"])
        assert check_examples([example], rules, HOOKS) == []


def test_a_step_the_model_refuses_is_a_data_error_at_that_step(project):
    game = project.games["zombicide-1"]
    example = next(e for e in game.examples if e.id == "move-out-of-a-zombie-zone")
    broken = dataclasses.replace(
        example, scenario={**example.scenario, "actions": [{"who": "amy", "do": "move", "to": ["b", "c"]}]}
    )
    [error] = check_examples([broken], rules_for_game(game), HOOKS)
    assert error.where == example.step_where[0]
    assert error.breadcrumb == "example 'move-out-of-a-zombie-zone' › scenario"
    assert error.message.startswith(
        "the rules model cannot play this example: step 1 (amy move to=['b', 'c']): not allowed (too-far:"
    )


def test_an_unknown_scenario_key_is_reported_where_it_is_written(project):
    game = project.games["zombicide-1"]
    example = next(e for e in game.examples if e.id == "runners-act-twice")
    where = example.scenario_where
    broken = dataclasses.replace(example, key_where={**example.key_where, "zombie": where, "walls": where})
    errors = check_examples([broken], rules_for_game(game), HOOKS)
    assert [error.message for error in errors][0] == "unknown scenario key 'zombie'; did you mean 'zombies'?"
    assert errors[1].message.startswith("unknown scenario key 'walls'; use actions, cars, dice")  # all at once


def test_an_example_whose_values_do_not_fit_is_never_played(project, tmp_path):
    """Pages may be rendered while the checks still run: the model plays an example only once its
    values fit (a hundred million walkers once hung the build)."""
    from generator.load.examples import plain
    from generator.load.yamlpos import parse

    game = project.games["zombicide-1"]
    path = tmp_path / "scenario.yaml"
    path.write_text(
        "map: 'a . b'\nsurvivors: {amy: {at: a}}\nzombies: {b: {walker: 100000000}}\n"
        "actions:\n  - {who: amy, do: move, to: b}\n",
        encoding="utf-8",
    )
    node, _ = parse(path, "scenario.yaml")
    example = game.examples[0]
    broken = dataclasses.replace(
        example, scenario={**plain(node), "id": example.id, "rule": example.section}, scenario_node=node
    )
    run = run_example(broken, rules_for_game(game), HOOKS)
    assert not run.ok and run.steps == []
    assert run.result.mismatches == [
        "scenario.yaml:3:23: zombies › b › walker: expected a whole number from 0 to "
        "100 (a zone holds at most 100 zombies of a type), found the number 100000000"
    ]


def bad_example_check(tmp_path: Path, text: str) -> list[str]:
    shutil.copytree(MINIMAL / "rules_data", tmp_path / "rules_data")
    (tmp_path / "rules_data" / "mini" / "examples").mkdir()
    (tmp_path / "rules_data" / "mini" / "examples" / "bad.yaml").write_text(text, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--root", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 1
    return result.stderr.strip().splitlines()[:-1]


BAD_EXAMPLE = """\
examples:
  - id: runner-goes-first
    section: runners
    title: {ja: 例, ko: 예시}
    setup: {ja: "{zombie:runner}", ko: "{zombie:runner}", uk: "{zombie:runer}"}
    scenario:
      map: a . b
      actions: [{do: zombie-phase}]
  - id: no-steps
    section: turn
    title: {ja: 例, ko: 예시, uk: Приклад}
    setup: {ja: 例, ko: 예시, uk: Приклад}
    scenario: {map: a . b, actions: []}
"""


def test_a_bad_example_is_reported_with_file_line_column_and_what_to_do(tmp_path):
    assert bad_example_check(tmp_path, BAD_EXAMPLE) == [
        "rules_data/mini/examples/bad.yaml:3:14: example 'runner-goes-first' › section: no section or entity "
        "'runners' in mini; did you mean 'runner'?",
        "rules_data/mini/examples/bad.yaml:4:12: example 'runner-goes-first' › title: missing Ukrainian title "
        "('uk'); add it: every title needs ja, ko, uk",
        "rules_data/mini/examples/bad.yaml:5:64: example 'runner-goes-first' › setup › uk: unknown zombie 'runer' "
        "in {zombie:runer}; did you mean 'runner'?",
        "rules_data/mini/examples/bad.yaml:13:37: example 'no-steps' › scenario › actions: the example has "
        "no steps; add at least one action",
    ]


# --- rendering -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def rendered(project) -> dict[tuple[str, str], str]:
    return {
        (lang, example.id): example_markdown(project, game, example, lang, registry.engines())
        for game, example in all_examples(project)
        for lang in LANGUAGES
    }


def test_each_diagram_is_valid_svg_with_a_title_and_description_in_the_page_language(rendered):
    for (lang, example_id), markdown in rendered.items():
        svgs = figures(markdown)
        assert svgs, example_id
        for svg in svgs:
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG_NS}svg" and root.get("role") == "img"
            title, desc = root.find(f"{SVG_NS}title"), root.find(f"{SVG_NS}desc")
            assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
            for element in (title, desc):
                assert element.text and SCRIPT[lang].search(element.text), (lang, example_id, element.text)
            assert root.get("viewBox").startswith("0 0 ")
            assert "width" not in root.attrib  # scales to the column (and a phone) through CSS


def test_the_narration_is_written_in_the_page_language_and_links_what_it_names(rendered):
    for (lang, example_id), markdown in rendered.items():
        sentences = [line[2:] for line in markdown.splitlines() if line.startswith("- ")]
        assert sentences, example_id
        assert all(SCRIPT[lang].search(s) for s in sentences), (lang, example_id)
        assert "](zombies.md#" in markdown or "](#" in markdown or "](equipment.md#" in markdown
        assert "{" not in "".join(sentences)  # every reference resolved


def test_every_trace_event_of_the_examples_has_a_template_in_every_language(project):
    events = templates()["events"]
    for key, text in events.items():
        assert set(text) == set(LANGUAGES), key
    for game, example in all_examples(project):
        run = run_example(example, rules_for_game(game), HOOKS)
        for step in run.steps:
            for event in step.record["events"]:
                assert event["event"] in events, event


def test_rendering_twice_gives_the_same_bytes(project, rendered):
    forget_runs()  # play the examples again
    for game, example in all_examples(project):
        assert example_markdown(project, game, example, "uk", registry.engines()) == rendered[("uk", example.id)]


def test_each_example_matches_its_golden_file(rendered):
    """Fails with a readable diff when the model, the data or the rendering changes an example."""
    wrong = []
    for (lang, example_id), markdown in sorted(rendered.items()):
        path = GOLDEN / lang / f"{example_id}.md"
        if REFRESH:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(markdown, encoding="utf-8")
            continue
        expected = path.read_text(encoding="utf-8") if path.exists() else ""
        if expected != markdown:
            wrong.append(
                "".join(
                    difflib.unified_diff(
                        expected.splitlines(True),
                        markdown.splitlines(True),
                        f"golden/{lang}/{example_id}.md",
                        "rendered now",
                    )
                )
            )
    if REFRESH:  # an example that is gone takes its golden files with it
        for path in GOLDEN.glob("*/*.md"):
            if (path.parent.name, path.stem) not in rendered:
                path.unlink()
    assert not wrong, "examples changed; review, then run scripts/refresh-goldens:\n" + "\n".join(wrong)[:6000]


def test_no_golden_file_outlives_its_example(rendered):
    kept = {(p.parent.name, p.stem) for p in GOLDEN.glob("*/*.md")}
    assert kept == set(rendered)


# --- the model decides the outcome ----------------------------------------------------------------
def edited_copy(tmp_path: Path, game_id: str, file: str, old: str, new: str) -> Path:
    shutil.copytree(ROOT / "rules_data", tmp_path / "rules_data")
    path = tmp_path / "rules_data" / game_id / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{file} no longer has {old!r} once; update this test"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path


def render_one(root: Path, game_id: str, example_id: str, lang: str) -> str:
    project = load(root)
    game = project.games[game_id]
    example = next(e for e in game.examples if e.id == example_id)
    return example_markdown(project, game, example, lang, registry.engines())


def zombie_stats_block(game_id: str, zombie: str) -> str:
    text = (ROOT / "rules_data" / game_id / "zombies.yaml").read_text(encoding="utf-8")
    match = re.search(rf"- id: {zombie}\n(?:.*\n)*?\s+stats: (\{{[^}}]*\}})", text)
    assert match, f"no stats for {zombie} in zombies.yaml"
    return match.group(1)


def test_giving_runners_one_action_changes_the_runner_example(tmp_path, rendered):
    stats = zombie_stats_block("zombicide-1", "runner")
    root = edited_copy(tmp_path, "zombicide-1", "zombies.yaml", stats, re.sub(r"actions: \d+", "actions: 1", stats))
    after = render_one(root, "zombicide-1", "runners-act-twice", "ja")
    before = rendered[("ja", "runners-act-twice")]
    assert after != before
    assert "もう一度行動します" in before and "もう一度行動します" not in after  # no second action any more
    assert "負傷を1つ受けます" in before and "負傷を1つ受けます" not in after  # so the runner never attacks


def test_a_tougher_walker_changes_the_outcome_of_an_attack(tmp_path, rendered):
    stats = zombie_stats_block("zombicide-1", "walker")
    root = edited_copy(
        tmp_path, "zombicide-1", "zombies.yaml", stats, re.sub(r"min-damage: \d+", "min-damage: 2", stats)
    )
    after = render_one(root, "zombicide-1", "sight-in-streets-and-buildings", "ko")
    assert "처치하고" in rendered[("ko", "sight-in-streets-and-buildings")]
    assert "처치하고" not in after and "쓰러뜨릴 수 없습니다" in after
