"""Fuzzing the loader with the project's own data files, mutated the way a hurried editor or a
broken editor plugin would: characters that mean something in YAML, Markdown or HTML inserted,
lines dropped, duplicated, re-indented, values swapped for huge numbers, aliases, tags.

Two kinds of file get mutations of their own as well: scenario steps take other shapes (an action
that is a list or a mapping, a step that is a number), and mkdocs.yml's languages are renamed,
repeated, dropped or flagged otherwise.

Whatever comes in, `check` ends with the data or with DataErrors: any other exception, or a hang,
is a bug. The run is deterministic (`derandomize`) and bounded by a number of examples; inputs
that once broke the loader stay in tests/fuzz_corpus/ and run on every suite.
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import pipeline, registry
from generator.errors import DataErrors
from generator.pipeline import split_check
from generator.render.pages import render_project

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = Path(__file__).parent / "fixtures" / "minimal"
RE_FIXTURE = Path(__file__).parent / "games" / "resident_evil" / "fixture"
CORPUS = Path(__file__).parent / "fuzz_corpus"
# Real files, each played as the small game's file of the same kind (its references then point
# at ids the small game lacks, which exercises the error paths), and the small game's own files
# (which load cleanly, so mutations that stay valid reach the model and the renderer). A target
# the small game lacks (survivors, worked examples) is added for the run and removed after it.
REAL = ROOT / "rules_data"
OWN = MINIMAL / "rules_data"
RE_OWN = RE_FIXTURE / "rules_data"
Z1, Z2, RE = REAL / "zombicide-1", REAL / "zombicide-2", REAL / "resident-evil"
SEEDS = {
    "skills.yaml": [Z1 / "skills.yaml", OWN / "mini/skills.yaml"],
    "glossary.yaml": [Z2 / "glossary.yaml", OWN / "mini/glossary.yaml"],
    "equipment.yaml": [Z1 / "equipment.yaml", OWN / "mini/equipment.yaml"],
    "zombies.yaml": [Z1 / "zombies.yaml", OWN / "mini/zombies.yaml"],
    "missions.yaml": [Z1 / "missions.yaml", OWN / "mini/missions.yaml"],
    "zombie-cards.yaml": [Z1 / "zombie-cards.yaml", OWN / "mini/zombie-cards.yaml"],
    "parameters.yaml": [Z1 / "parameters.yaml", OWN / "mini/parameters.yaml"],
    "parameters-phases.yaml": [Z1 / "parameters-phases.yaml"],
    "source-notes.yaml": [Z1 / "source-notes.yaml", OWN / "mini/source-notes.yaml"],
    "faq.yaml": [Z1 / "faq.yaml", OWN / "mini/faq.yaml"],
    "levels.yaml": [OWN / "mini/levels.yaml"],
    "survivors.yaml": [Z2 / "survivors.yaml"],
    "game.yaml": [Z2 / "game.yaml", OWN / "mini/game.yaml"],
    "rules/basics.yaml": [Z1 / "rules/combat.yaml", OWN / "mini/rules/basics.yaml"],
    "scenarios/skills.yaml": [Z1 / "scenarios/combat-ranged.yaml", OWN / "mini/scenarios/skills.yaml"],
    "examples/combat.yaml": [Z1 / "examples/combat.yaml", Z2 / "examples/combat.yaml"],
    "../sources.yaml": [REAL / "sources.yaml", OWN / "sources.yaml"],
}
RE_SEEDS = {
    "game.yaml": [RE / "game.yaml", RE_OWN / "mini-re/game.yaml"],
    "parameters.yaml": [RE / "parameters.yaml", RE_OWN / "mini-re/parameters.yaml"],
    "parameters-modes.yaml": [RE / "parameters-modes.yaml", RE_OWN / "mini-re/parameters-modes.yaml"],
    "parameters-readings.yaml": [RE / "parameters-readings.yaml", RE_OWN / "mini-re/parameters-readings.yaml"],
    "enemies.yaml": [RE / "enemies.yaml", RE_OWN / "mini-re/enemies.yaml"],
    "items.yaml": [RE / "items.yaml", RE_OWN / "mini-re/items.yaml"],
    "characters.yaml": [RE / "characters.yaml"],
    "components.yaml": [RE / "components.yaml"],
    "glossary.yaml": [RE / "glossary.yaml"],
    "source-notes.yaml": [RE / "source-notes.yaml", RE_OWN / "mini-re/source-notes.yaml"],
    "rules/turn.yaml": [RE / "rules/combat.yaml", RE_OWN / "mini-re/rules/turn.yaml"],
    "examples/turns.yaml": [RE / "examples/combat.yaml", RE_OWN / "mini-re/examples/turns.yaml"],
    "scenarios/movement.yaml": [RE / "scenarios/attacks.yaml", RE_OWN / "mini-re/scenarios/movement.yaml"],
    "scenarios/cards/check-cards.yaml": [
        RE / "scenarios/cards/check-cards.yaml",
        RE_OWN / "mini-re/scenarios/cards/check-cards.yaml",
    ],
    "../sources.yaml": [REAL / "sources.yaml", RE_OWN / "sources.yaml"],
}


def seed_files(seeds: dict[str, list[Path]]) -> list[tuple[str, Path]]:
    return sorted((target, source) for target, sources in seeds.items() for source in sources)


SEED_FILES = seed_files(SEEDS)
RE_SEED_FILES = seed_files(RE_SEEDS)
# What a contributor's slip can put anywhere: YAML, Markdown, HTML and encoding hazards.
HAZARDS = [
    "{",
    "}",
    "[",
    "]",
    ":",
    "- ",
    "*a",
    "&a ",
    "!x ",
    "!!int ",
    "<<: ",
    "|",
    ">",
    "#",
    "'",
    '"',
    "\t",
    "\n",
    "\n  ",
    "\x00",
    "\x07",
    "\ud800",
    "\\ud800",
    "<script>",
    "<img onerror=x>",
    "{: onclick=x }",
    "[x](javascript:x)",
    "{skill:",
    "{param:x}",
    "}}",
    "99999999999",
    "-1",
    "2024-01-01",
    "~",
    "\u202e",
    "\ufeff",
    "é",
    "騒音",
    "a < b",
    "&amp;",
    "**b**",
    "[t](https://example.org)",
    "x_y",
    "> quote",
    "1. item",
    "    code",
    "---",
    "!!! note",
    "&#60;script&#62;",
    "%",
    "0",
    "3",
    "6",
]


def check_and_render(root: Path) -> bool:
    """What `build` does before MkDocs: check everything, then render every page. And `check`,
    which shares the games between processes, finds what one process finds. True when the data
    passed."""
    try:
        project = pipeline.check(root)
    except DataErrors as raised:
        assert DataErrors(split_errors(root)).errors == raised.errors
        return False
    assert split_errors(root) == []
    render_project(project, registry.engines())
    return True


def split_errors(root: Path) -> list:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(split_check, "SPLIT_FROM_BYTES", 0)  # the minimal data is split like the project's
        return split_check.check(root).errors


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(MINIMAL / "rules_data", root / "rules_data")
    return root


@pytest.fixture(scope="module")
def re_workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz-re")
    shutil.copytree(RE_OWN, root / "rules_data")
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
            lines[index] = line[: line.index(":") + 1] + " " + payload
        elif kind == "quoted-value" and ": " in line:  # stays valid YAML: reaches the checks and the renderer
            lines[index] = line[: line.index(": ") + 2] + json.dumps(payload)
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
        elif kind == "reshape":  # one `key: value` of the line takes another shape
            pairs = list(KEY_VALUE.finditer(line))
            if pairs:
                pair = pairs[where % len(pairs)]
                lines[index] = line[: pair.start(2)] + payload + line[pair.end(2) :]
        elif kind == "step-as" and line.lstrip().startswith("- {"):  # a whole step becomes something else
            lines[index] = line[: line.index("- {") + 2] + payload
    return "\n".join(lines)


KEY_VALUE = re.compile(r"([A-Za-z][\w-]*): ([^,{}\[\]\n]+|\[[^\[\]\n]*\]|\{[^{}\n]*\})")
# What a step, or a value in it, may wrongly be: another shape, or a word of another place.
SHAPES = [
    "[move]",
    "{move: b}",
    "[]",
    "{}",
    "~",
    "3",
    "-1",
    "true",
    "[[1, 2]]",
    "{a: {b: c}}",
    '""',
    "[a, {b: c}]",
    "move",
    "search",
    "attack",
    "zombie-phase",
    "reaction-phase",
    "[success-1, blank]",
    "b1",
    "a",
]


OPERATION = st.tuples(
    st.sampled_from(
        [
            "insert",
            "quoted-value",
            "quoted-value",
            "replace-value",
            "delete-line",
            "duplicate-line",
            "indent",
            "dedent",
            "cut",
        ]
    ),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from(HAZARDS),
)


def mutate_and_check(workspace: Path, game: str, seed: tuple[str, Path], operations) -> None:
    """Write the mutated seed over the game's file (or beside its files), check and render,
    and put the file back as it was."""
    target, source = seed
    path = workspace / "rules_data" / game / target
    original = path.read_bytes() if path.exists() else None
    text = _mutate(source.read_text(encoding="utf-8"), operations)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))  # lone surrogates as a broken editor writes them
    try:
        check_and_render(workspace)
    finally:
        if original is None:
            path.unlink()
        else:
            path.write_bytes(original)


FUZZ_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
OPERATIONS = st.lists(OPERATION, min_size=1, max_size=4)
STEP_OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["reshape", "reshape", "step-as"]), st.integers(0, 10_000), st.sampled_from(SHAPES)),
        OPERATION,
    ),
    min_size=1,
    max_size=4,
)
SCENARIO_SEEDS = [seed for seed in SEED_FILES if seed[0].startswith(("scenarios/", "examples/"))]
RE_SCENARIO_SEEDS = [seed for seed in RE_SEED_FILES if seed[0].startswith(("scenarios/", "examples/"))]


@pytest.mark.long(2)
@pytest.mark.slow
@settings(FUZZ_SETTINGS, max_examples=20)
@given(seed=st.sampled_from(SEED_FILES), operations=OPERATIONS)
def test_mutated_data_ends_in_data_errors_or_a_site(workspace, seed, operations):
    mutate_and_check(workspace, "mini", seed, operations)


@pytest.mark.long(2)
@pytest.mark.slow
@settings(FUZZ_SETTINGS, max_examples=25)
@given(seed=st.sampled_from(RE_SEED_FILES), operations=OPERATIONS)
def test_mutated_resident_evil_data_ends_in_data_errors_or_a_site(re_workspace, seed, operations):
    mutate_and_check(re_workspace, "mini-re", seed, operations)


@pytest.mark.slow
@settings(FUZZ_SETTINGS, max_examples=12)
@given(seed=st.sampled_from(SCENARIO_SEEDS), operations=STEP_OPERATIONS)
def test_scenario_steps_of_another_shape_end_in_data_errors_or_a_site(workspace, seed, operations):
    mutate_and_check(workspace, "mini", seed, operations)


@pytest.mark.slow
@settings(FUZZ_SETTINGS, max_examples=12)
@given(seed=st.sampled_from(RE_SCENARIO_SEEDS), operations=STEP_OPERATIONS)
def test_resident_evil_steps_of_another_shape_end_in_data_errors_or_a_site(re_workspace, seed, operations):
    mutate_and_check(re_workspace, "mini-re", seed, operations)


# --- mkdocs.yml: its languages ----------------------------------------------------------------------
LOCALES = ["ja", "ko", "uk", "fr", "en", "JA", "ja-JP", "zz", '""', "[ja]", "{ja: 1}", "1", "~", "!ENV X"]
FLAGS = ["true", "false", "~", "[x]", "yes", "0", '"true"']
LANGUAGE_OPERATION = st.one_of(
    st.tuples(st.just("locale"), st.integers(0, 10), st.sampled_from(LOCALES)),
    st.tuples(st.sampled_from(["copy-entry", "drop-entry", "swap-entries"]), st.integers(0, 10), st.just("")),
    st.tuples(st.sampled_from(["build", "default"]), st.integers(0, 10), st.sampled_from(FLAGS)),
    st.tuples(
        st.sampled_from(["duplicate-line", "delete-line", "insert"]), st.integers(0, 10_000), st.sampled_from(HAZARDS)
    ),
)


def _mutate_languages(text: str, operations) -> str:
    """mkdocs.yml with its i18n languages changed: a locale renamed, an entry repeated, dropped or
    moved, its build or default flag set to another value; and the usual slips elsewhere."""
    for kind, where, payload in operations:
        lines = text.split("\n")
        starts = [number for number, line in enumerate(lines) if re.match(r"\s+- locale:", line)]
        if kind in ("duplicate-line", "delete-line", "insert") or not starts:
            text = _mutate(text, [(kind, where, payload)])
            continue
        first = starts[where % len(starts)]
        indent = len(lines[first]) - len(lines[first].lstrip())
        end = next(
            (
                n
                for n in range(first + 1, len(lines))
                if lines[n].strip() and len(lines[n]) - len(lines[n].lstrip()) <= indent
            ),
            len(lines),
        )
        entry = lines[first:end]
        if kind == "locale":
            entry[0] = entry[0][: entry[0].index("locale:")] + f"locale: {payload}"
        elif kind == "copy-entry":
            entry = entry + entry
        elif kind == "drop-entry":
            entry = []
        elif kind == "swap-entries" and first != starts[0]:
            previous = starts[starts.index(first) - 1]
            lines[previous:end] = entry + lines[previous:first]
            text = "\n".join(lines)
            continue
        else:  # a flag: set where it is, added where it is not
            flag = re.compile(rf"^\s+{kind}:")
            found = [n for n, line in enumerate(entry) if flag.match(line)]
            written = " " * (indent + 2) + f"{kind}: {payload}"
            if found:
                entry[found[0]] = written
            else:
                entry.insert(1, written)
        lines[first:end] = entry
        text = "\n".join(lines)
    return text


@pytest.fixture(scope="module")
def site_config_workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz-site-config")
    shutil.copytree(OWN, root / "rules_data")
    shutil.copytree(MINIMAL / "content", root / "content")
    return root


@pytest.mark.slow
@settings(FUZZ_SETTINGS, max_examples=12)
@given(operations=st.lists(LANGUAGE_OPERATION, min_size=1, max_size=4))
def test_mutated_languages_of_mkdocs_yml_end_in_data_errors_or_a_site(site_config_workspace, operations):
    """`check` reads mkdocs.yml's languages against generator/languages.py: whatever is written
    there ends in its errors, or in a file whose languages are the declared ones."""
    from generator.languages import DEFAULT, LANGUAGES
    from generator.load.site_config import CONFIG_FILE
    from generator.site.patches import safe_yaml_loader

    path = site_config_workspace / CONFIG_FILE
    text = _mutate_languages((ROOT / CONFIG_FILE).read_text(encoding="utf-8"), operations)
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    try:
        passed = check_and_render(site_config_workspace)
    finally:
        path.unlink()
    if not passed:
        return
    import yaml

    config = yaml.load(text, Loader=safe_yaml_loader())  # what ProperDocs and the i18n plugin read
    i18n = next(plugin["i18n"] for plugin in config["plugins"] if isinstance(plugin, dict) and "i18n" in plugin)
    listed = [entry["locale"] for entry in i18n["languages"]]
    assert sorted(listed) == sorted(LANGUAGES), text
    assert [entry["locale"] for entry in i18n["languages"] if entry.get("default")] == [DEFAULT], text


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


# --- Hand-written pages (content/) ----------------------------------------------------------------
# What a contributor's slip or a hostile edit can put into a Markdown page, besides the hazards above.
PAGE_HAZARDS = HAZARDS + [
    "<div>",
    "</div>",
    "[a]: javascript:x",
    "{: #x onclick=y }",
    "<x onclick=1>",
    "`<script>`",
    "<!-- x -->",
    "[x](JaVaScRiPt:x)",
    "[x](java\tscript:x)",
    "<svg onload=x>",
    "<javascript:x>",
    "\\<script>",
    '!!! note "x<script>"',
    '??? "t"',
    "[x][y]\n\n[y]: javascript:x",
    "<scr<script>ipt>",
    "![x](https://example.org/x.png)",
]
PAGE_OPERATION = st.tuples(
    st.sampled_from(["insert", "insert", "insert", "delete-line", "duplicate-line", "indent"]),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from(PAGE_HAZARDS),
)


def site_markdown():
    """A Markdown parser with mkdocs.yml's extensions and their options, as MkDocs makes it."""
    import markdown
    import yaml

    from generator.site.patches import safe_yaml_loader

    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=safe_yaml_loader())
    names, options = [], {}
    for item in config["markdown_extensions"]:
        name, settings_of = (item, {}) if isinstance(item, str) else next(iter(item.items()))
        names.append(name)
        options[name] = settings_of or {}
    return markdown.Markdown(extensions=names, extension_configs=options)


class ActiveMarkup(HTMLParser):
    """What in a page's own HTML could run or change the page: an element that runs or embeds,
    an on* attribute, an address with a scheme other than http(s) or mailto."""

    ELEMENTS = {"script", "style", "iframe", "object", "embed", "svg", "math", "form", "base", "meta", "link", "img"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.ELEMENTS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            address = "".join((value or "").split()).lower()
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}>")
            elif (
                name in ("href", "src", "action", "formaction")
                and re.match(r"[a-z][a-z0-9+.-]*:", address)
                and not address.startswith(("http:", "https:", "mailto:"))
            ):
                self.found.append(f"<{tag} {name}={value[:30]}>")


@pytest.fixture(scope="module")
def page_workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz-pages")
    shutil.copytree(OWN, root / "rules_data")
    shutil.copytree(MINIMAL / "content", root / "content")  # the project's pages, linking the small games
    return root


@pytest.mark.slow
@settings(FUZZ_SETTINGS, max_examples=70)
@given(lang=st.sampled_from(["ja", "ko", "uk"]), operations=st.lists(PAGE_OPERATION, min_size=1, max_size=6))
def test_a_mutated_page_is_refused_or_holds_nothing_that_runs(page_workspace, lang, operations):
    """A hand-written page that passes check becomes HTML with no script, no handler and no
    script address (rendered as MkDocs renders it)."""
    path = page_workspace / "content" / lang / "index.md"
    original = path.read_bytes()
    text = _mutate(original.decode("utf-8"), operations)
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    try:
        try:
            pipeline.check(page_workspace)
        except DataErrors:
            return
        audit = ActiveMarkup()
        audit.feed(site_markdown().convert(text))
        assert audit.found == [], (text, audit.found)
    finally:
        path.write_bytes(original)
