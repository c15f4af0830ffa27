"""Fuzzing the loader with the project's own data files, mutated the way a hurried editor or a
broken editor plugin would: characters that mean something in YAML, Markdown or HTML inserted,
lines dropped, duplicated, re-indented, values swapped for huge numbers, aliases, tags.

Whatever comes in, `check` ends with the data or with DataErrors: any other exception, or a hang,
is a bug. The run is deterministic (`derandomize`) and bounded by a number of examples; inputs
that once broke the loader stay in tests/fuzz_corpus/ and run on every suite.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import pipeline, split_check
from generator.errors import DataErrors
from generator.render.pages import render_project

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = Path(__file__).parent / "fixtures" / "minimal"
CORPUS = Path(__file__).parent / "fuzz_corpus"
# Real files, each played as the minimal game's file of the same kind (its references then
# point at ids the minimal game lacks, which exercises the error paths), and the minimal game's
# own files (which load cleanly, so mutations that stay valid reach the model and the renderer).
REAL = ROOT / "rules_data"
OWN = MINIMAL / "rules_data"
SEEDS = {
    "skills.yaml": [REAL / "zombicide-1/skills.yaml", OWN / "mini/skills.yaml"],
    "glossary.yaml": [REAL / "zombicide-2/glossary.yaml", OWN / "mini/glossary.yaml"],
    "equipment.yaml": [REAL / "zombicide-1/equipment.yaml", OWN / "mini/equipment.yaml"],
    "zombies.yaml": [REAL / "zombicide-1/zombies.yaml", OWN / "mini/zombies.yaml"],
    "missions.yaml": [REAL / "zombicide-1/missions.yaml", OWN / "mini/missions.yaml"],
    "zombie-cards.yaml": [REAL / "zombicide-1/zombie-cards.yaml", OWN / "mini/zombie-cards.yaml"],
    "parameters.yaml": [REAL / "zombicide-1/parameters.yaml", OWN / "mini/parameters.yaml"],
    "source-notes.yaml": [REAL / "zombicide-1/source-notes.yaml", OWN / "mini/source-notes.yaml"],
    "faq.yaml": [REAL / "zombicide-1/faq.yaml", OWN / "mini/faq.yaml"],
    "levels.yaml": [OWN / "mini/levels.yaml"],
    "game.yaml": [REAL / "zombicide-2/game.yaml", OWN / "mini/game.yaml"],
    "rules/basics.yaml": [REAL / "zombicide-1/rules/combat.yaml", OWN / "mini/rules/basics.yaml"],
    "../sources.yaml": [REAL / "sources.yaml", OWN / "sources.yaml"],
}
SEED_FILES = sorted((target, source) for target, sources in SEEDS.items() for source in sources)
# What a contributor's slip can put anywhere: YAML, Markdown, HTML and encoding hazards.
HAZARDS = ["{", "}", "[", "]", ":", "- ", "*a", "&a ", "!x ", "!!int ", "<<: ", "|", ">", "#", "'", '"', "\t",
           "\n", "\n  ", "\x00", "\x07", "\ud800", "\\ud800", "<script>", "<img onerror=x>", "{: onclick=x }",
           "[x](javascript:x)", "{skill:", "{param:x}", "}}", "99999999999", "-1", "2024-01-01", "~", "\u202e",
           "\ufeff", "é", "騒音", "a < b", "&amp;", "**b**", "[t](https://example.org)", "x_y", "> quote",
           "1. item", "    code", "---", "!!! note", "&#60;script&#62;", "%", "0", "3", "6"]


def check_and_render(root: Path) -> None:
    """What `build` does before MkDocs: check everything, then render every page. And `check`,
    which shares the games between processes, finds what one process finds."""
    try:
        project = pipeline.check(root)
    except DataErrors as raised:
        assert DataErrors(split_errors(root)).errors == raised.errors
        return
    assert split_errors(root) == []
    render_project(project)


def split_errors(root: Path) -> list:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(split_check, "SPLIT_FROM_BYTES", 0)  # the minimal data is split like the project's
        return split_check.check(root).errors


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(MINIMAL / "rules_data", root / "rules_data")
    return root


def _mutate(text: str, operations) -> str:
    lines = text.split("\n")
    for kind, where, payload in operations:
        if not lines:
            lines = [""]
        index = where % len(lines)
        line = lines[index]
        column = where % (len(line) + 1)
        if kind == "insert":
            lines[index] = line[:column] + payload + line[column:]
        elif kind == "replace-value" and ":" in line:
            lines[index] = line[:line.index(":") + 1] + " " + payload
        elif kind == "quoted-value" and ": " in line:  # stays valid YAML: reaches the checks and the renderer
            lines[index] = line[:line.index(": ") + 2] + json.dumps(payload)
        elif kind == "delete-line":
            del lines[index]
        elif kind == "duplicate-line":
            lines.insert(index, line)
        elif kind == "indent":
            lines[index] = "  " + line
        elif kind == "dedent":
            lines[index] = line[2:] if line.startswith("  ") else line
        elif kind == "cut":
            lines[index] = line[:column]
    return "\n".join(lines)


OPERATION = st.tuples(
    st.sampled_from(["insert", "quoted-value", "quoted-value", "replace-value", "delete-line", "duplicate-line", "indent", "dedent", "cut"]),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from(HAZARDS),
)


def _write(workspace: Path, target: str, text: str) -> Path:
    path = workspace / "rules_data" / "mini" / target
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))  # lone surrogates as a broken editor writes them
    return path


@pytest.mark.long(2)
@pytest.mark.slow
@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.sampled_from(SEED_FILES), operations=st.lists(OPERATION, min_size=1, max_size=4))
def test_mutated_data_ends_in_data_errors_or_a_site(workspace, seed, operations):
    target, source = seed
    original = (OWN / "mini" / target).read_bytes()
    text = _mutate(source.read_text(encoding="utf-8"), operations)
    path = _write(workspace, target, text)
    try:
        check_and_render(workspace)
    finally:
        path.write_bytes(original)


@pytest.mark.parametrize("finding", sorted(CORPUS.glob("*.yaml")), ids=lambda p: p.stem)
def test_past_findings_end_in_data_errors(workspace, finding):
    """Each file replaces the minimal game's file named in its first line (`# as: skills.yaml`);
    the second says what it used to do. All of them are bad input."""
    raw = finding.read_bytes()
    target = raw.split(b"\n", 1)[0].decode("ascii").removeprefix("# as:").strip()
    path = workspace / "rules_data" / "mini" / target
    original = path.read_bytes()
    path.write_bytes(raw)
    try:
        with pytest.raises(DataErrors):
            pipeline.check(workspace)
    finally:
        path.write_bytes(original)
