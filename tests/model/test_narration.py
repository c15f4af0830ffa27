"""Every event an engine can emit has a sentence in every language, so `check` passing means the
worked examples can be told: no KeyError at build time (a search step once passed `check` and
then stopped the build)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator import pipeline, registry
from generator.languages import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
MINIMAL = ROOT / "tests" / "fixtures" / "minimal"
ENGINES = sorted(registry.engines().items())


@pytest.mark.parametrize("name,package", ENGINES, ids=[n for n, _ in ENGINES])
def test_every_event_kind_has_a_template_in_every_language(name, package):
    templates = package.narration_templates()
    missing = [
        (kind, lang)
        for kind in sorted(package.event_kinds)
        for lang in LANGUAGES
        if not (templates.get(kind) or {}).get(lang)
    ]
    assert missing == [], f"{name}: add narration templates for {missing}"


@pytest.mark.parametrize("name,package", ENGINES, ids=[n for n, _ in ENGINES])
def test_the_declared_event_kinds_are_every_kind_the_engine_emits(name, package):
    """The engine's source names each event it emits as `emit("kind"` or `event("kind"` (a kind
    built at run time, like "door-" + state, is declared whole and checked by the test above)."""
    folder = ROOT / "generator" / "games" / name.replace("-", "_")
    source = "\n".join(path.read_text("utf-8") for path in folder.glob("*.py"))
    emitted = set(re.findall(r"""\b(?:emit|event)\(\s*["']([a-z][a-z-]*[a-z])["']""", source))
    built = tuple(re.findall(r"""\b(?:emit|event)\(\s*["']([a-z][a-z-]*-)["']\s*\+""", source))  # "door-" + state
    assert emitted - package.event_kinds == set(), "declare these in the package's event_kinds"
    stale = {kind for kind in package.event_kinds - emitted if not kind.startswith(built)}
    assert stale == set(), "the engine no longer emits these: remove them"


EXAMPLE = textwrap.dedent("""\
    examples:
      - id: searching-and-trading
        section: turn
        title: {ja: 捜索と交換, ko: 수색과 교환, uk: Обшук та обмін}
        setup: {ja: 部屋を捜索する。, ko: 방을 수색한다., uk: Обшук кімнати.}
        scenario:
          rule: "doc-a § 流れ"
          map: "a + B1"
          survivors: {amy: {at: B1}, ned: {at: B1, hands: [pistol]}}
          equipment-deck: [bottle, fuel]
          actions:
            - {who: amy, do: search}
            - {who: amy, do: trade, with: ned, give: [bottle], take: [pistol]}
            - {who: amy, do: search, not-allowed: yes}
    """)


def pages_with_example(tmp_path, name: str, example: str) -> dict[str, str]:
    """The minimal game with one worked example added: `check` passes, and the built pages."""
    shutil.copytree(MINIMAL / "rules_data", tmp_path / "rules_data")
    (tmp_path / "rules_data" / "mini" / "examples").mkdir()
    (tmp_path / "rules_data" / "mini" / "examples" / name).write_text(example, encoding="utf-8")
    check = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--root", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert check.returncode == 0, check.stderr
    return {page.path: page.markdown for page in pipeline.generate(tmp_path).pages}


def test_a_worked_example_with_a_search_and_a_trade_builds_in_every_language(tmp_path):
    pages = pages_with_example(tmp_path, "search.yaml", EXAMPLE)
    told = {"ja": "エイミーはゾーンB1を捜索し", "ko": "에이미는 B1 구역을 수색해", "uk": "Емі обшукує зону B1"}
    for lang, sentence in told.items():
        assert sentence in pages[f"{lang}/mini/basics.md"]


KILL_AND_OBJECTIVE = textwrap.dedent("""\
    examples:
      - id: a-kill-and-an-objective
        section: turn
        title: {ja: 倒して取る, ko: 처치와 목표, uk: Убити й забрати}
        setup: {ja: ゾンビと目標。, ko: 좀비와 목표., uk: Зомбі та ціль.}
        scenario:
          map: "a . b"
          survivors: {amy: {at: a, hands: [pistol]}}
          zombies: {a: {walker: 1}}
          objectives: [a]
          dice: [6]
          actions:
            - {who: amy, do: attack, weapon: pistol}
            - {who: amy, do: take-objective}
    """)


def test_a_kill_and_an_objective_are_told_in_a_game_without_an_experience_term(tmp_path):
    """The minimal game's glossary has no `experience` term: the narration names what a kill
    earns in its own words (the Ukrainian sentence once needed the term's genitive, and the build
    stopped where check had passed)."""
    pages = pages_with_example(tmp_path, "kill.yaml", KILL_AND_OBJECTIVE)
    told = {"ja": "経験値を1点得ます", "ko": "경험치 1점을 얻습니다", "uk": "заробляючи 1 очко досвіду"}
    for lang, sentence in told.items():
        assert sentence in pages[f"{lang}/mini/basics.md"]
    assert "5 очок досвіду" in pages["uk/mini/basics.md"]
