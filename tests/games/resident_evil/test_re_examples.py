"""Worked examples: each plays through the engine, and is told and drawn in ja, ko and uk."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator import registry
from generator.games.resident_evil import worked_examples
from generator.games.resident_evil.narration import LANGS, Narrator, templates
from generator.scenarios.examples import forget_runs
from tests.conftest import read_yaml

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "generator" / "games" / "resident_evil"
EXAMPLES = [
    e
    for path in sorted((ROOT / "rules_data" / "resident-evil" / "examples").glob("*.yaml"))
    for e in read_yaml(path)["examples"]
]


def _emitted_kinds() -> set[str]:
    kinds = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        kinds |= set(re.findall(r'emit\(\s*"([a-z-]+)"\s*[,)]', text))
        if re.search(r'emit\(\s*"door-" \+', text):
            kinds |= {"door-opened", "door-closed"}
        if re.search(r'emit\(\s*"scenario-" \+', text):
            kinds |= {"scenario-completed", "scenario-failed"}
    return kinds


def test_every_event_kind_has_a_template_in_every_language():
    table = templates()["events"]
    kinds = _emitted_kinds()
    assert len(kinds) > 60
    missing = sorted(
        f"{k} ({lang})" for k in kinds - {"action"} for lang in LANGS if not (table.get(k) or {}).get(lang)
    )
    assert missing == []
    for key, entry in table.items():
        assert set(entry) == set(LANGS), key
        assert key.split(".")[0] in kinds, f"template '{key}' tells an event the engine never emits"


def test_every_refusal_sentence_is_written_in_every_language():
    refusals = templates()["refusals"]
    assert "other" in refusals
    for reason, entry in refusals.items():
        assert set(entry) == set(LANGS), reason
    n = Narrator("ja", {}, {})
    assert n.refusal("corner", {"who": "chris", "to": "a1"}).startswith("クリスはa1へ")
    assert n.refusal("no-such-reason", {"who": "chris"}) == refusals["other"]["ja"]
    for lang in LANGS:  # a move written as a path names its first step, never a bare placeholder
        told = Narrator(lang, {}, {}).refusal("corner", {"who": "chris", "to": ["a1", "b1"]})
        assert "a1" in told and "$" not in told, told


def test_korean_particles_follow_the_last_sound():
    n = Narrator("ko", {}, {"zombie-1": "zombie"})
    values = n.values({"event": "move", "who": "jill", "to": "b2", "frm": "a1"})
    assert values["who_topic"] == "질은" and values["to_with"] == "b2로"
    values = n.values({"event": "move", "who": "rebecca", "to": "b3", "frm": "a1"})
    assert values["who_topic"] == "레베카는" and values["to_with"] == "b3으로"
    assert n.values({"event": "x", "to": "a1"})["to_with"] == "a1로"  # 일: ㄹ takes 로


def test_at_least_eight_examples():
    assert len(EXAMPLES) >= 8
    assert {
        "tutorial-opening-turns",
        "jill-evades-two-zombies",
        "search-beside-a-zombie",
        "jill-falls-rebecca-revives",
        "tension-deck-runs-out",
    } <= {e["id"] for e in EXAMPLES}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_plays_and_is_told_in_every_language(example, re_model):
    cards = {**re_model.cards, **(example["scenario"].get("cards") or {})}
    run = worked_examples.play(worked_examples._Example(example["id"], example["scenario"]), re_model)
    assert run.ok, run.result.mismatches
    sizes = worked_examples.sizes_of(cards)
    for lang in LANGS:
        view = worked_examples.view(
            example["id"], example["title"][lang], example["setup"][lang], 3, run, lang, {}, sizes
        )
        assert len(view.steps) == len(example["scenario"]["actions"])
        for step in view.steps:
            assert step.narration, f"{example['id']} {lang} {step.label}: nothing told"
            for sentence in step.narration:
                assert "$" not in sentence, f"{lang}: unfilled slot in {sentence!r}"
            for figure in (step.before, step.after):
                if figure is not None:
                    ET.fromstring(figure.svg)  # well-formed
        ET.fromstring(view.initial.svg)


# --- the pages: each example as its section shows it, kept as golden files -------------------------
GOLDEN = ROOT / "tests" / "golden" / "examples-resident-evil"
REFRESH = __import__("os").environ.get("REFRESH_GOLDENS") == "1"


@pytest.fixture(scope="module")
def rendered(re_project):
    from generator.render.pages import example_markdown

    game = re_project.games["resident-evil"]
    return {
        (lang, example.id): example_markdown(re_project, game, example, lang, registry.engines())
        for example in game.examples
        for lang in LANGS
    }


def test_each_example_matches_its_golden_file(rendered):
    """A change of the engine, the data or the templates that alters an example shows as a diff;
    after reviewing it, `REFRESH_GOLDENS=1 .venv/bin/python -m pytest tests/games/resident_evil -k golden`."""
    import difflib

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
                        expected.splitlines(True), markdown.splitlines(True), f"{lang}/{example_id}.md", "rendered now"
                    )
                )
            )
    if REFRESH:
        for path in GOLDEN.glob("*/*.md"):
            if (path.parent.name, path.stem) not in rendered:
                path.unlink()
    assert not wrong, "examples changed; review, then refresh the golden files:\n" + "\n".join(wrong)[:6000]
    assert {(p.parent.name, p.stem) for p in GOLDEN.glob("*/*.md")} == set(rendered)


def test_rendering_twice_gives_the_same_bytes(re_project, rendered):
    from generator.render.pages import example_markdown

    forget_runs()
    game = re_project.games["resident-evil"]
    for example in game.examples:
        assert example_markdown(re_project, game, example, "ko", registry.engines()) == rendered[("ko", example.id)]
