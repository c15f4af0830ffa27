"""Loading details that the corpus does not show: positions inside long texts, derived
parameters, the Ukrainian forms and the normalization shared with the browser."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import registry
from generator.load import load_project
from generator.load.yamlpos import parse
from generator.search.inflect import ukrainian_forms
from generator.search.normalize import normalize

MINIMAL = Path(__file__).parent / "fixtures" / "minimal"
ROOT = Path(__file__).resolve().parent.parent


def test_a_reference_inside_a_block_text_is_located_on_its_own_line(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("text:\n  ja: |\n    一行目。\n    二行目の{skill:x}です。\n", encoding="utf-8")
    root, errors = parse(path, "t.yaml")
    assert errors == []
    node = root.value["text"].value["ja"]
    where = node.location_of("{skill:x}")
    assert (where.line, where.column) == (4, 9)


def test_statistics_and_thresholds_are_parameters(tmp_path):
    project, errors = load_project(MINIMAL / "rules_data", MINIMAL, specs=registry.engines())
    assert errors == []
    parameters = project.games["mini"].parameters
    assert parameters["runner.actions"].fields["value"] == 2
    assert parameters["yellow.xp"].fields["value"] == 7


def test_ukrainian_forms_of_a_name():
    assert {"слизького", "слизькому", "слизьким"} <= ukrainian_forms("Слизький")
    assert "снайпера" in ukrainian_forms("Снайпер")
    phrase = ukrainian_forms("Жетон шуму")
    assert "жетона шуму" in phrase and "жетоном шуму" in phrase


def test_normalize_keeps_letters_digits_and_plus():
    assert normalize("Is that all you've got?") == "isthatallyouvegot"
    assert normalize("+1 die: Melee") == "+1diemelee"
    assert normalize("スリッパリー") == normalize("すりっぱりー") == "すりっぱりー"  # kana folded
    assert normalize("ｽﾘｯﾊﾟﾘｰ") == "すりっぱりー"  # half-width katakana
    assert normalize("Слизький") == normalize("слизкий")  # the soft sign players leave out
    assert normalize("ＡＢＣ") == "abc"


def _shape(node):
    """A node as plain data with every position, to compare two parsers."""
    value = node.value
    if node.kind == "map":
        value = {key: _shape(child) for key, child in value.items()}
    elif node.kind == "list":
        value = [_shape(child) for child in value]
    key = (node.key_where.line, node.key_where.column) if node.key_where else None
    return node.kind, value, (node.where.line, node.where.column), node.start, node.end, key


@pytest.mark.long(2)
@pytest.mark.slow
def test_libyaml_and_the_pure_python_parser_give_identical_nodes(monkeypatch):
    """libyaml is only a speed-up: on every data file both parsers give the same values and places."""
    from generator.load import yamlpos

    assert yamlpos._FastParser is not None, "PyYAML without libyaml: check runs three times slower"
    files = sorted((ROOT / "rules_data").rglob("*.yaml"))
    fast = [_shape(parse(path, path.name)[0]) for path in files]
    monkeypatch.setattr(yamlpos, "_FastParser", None)
    assert [_shape(parse(path, path.name)[0]) for path in files] == fast


def test_a_link_inside_the_project_is_read_and_shown_at_its_own_path(tmp_path):
    """The path in messages and in "edit this page" is the link's, never the builder's target path."""
    import os
    import shutil

    shutil.copytree(MINIMAL / "rules_data", tmp_path / "rules_data")
    glossary = tmp_path / "rules_data" / "mini" / "glossary.yaml"
    shared = tmp_path / "shared-glossary.yaml"
    shutil.move(glossary, shared)
    os.symlink(os.path.relpath(shared, glossary.parent), glossary)
    project, errors = load_project(tmp_path / "rules_data", tmp_path, specs=registry.engines())
    assert errors == []
    page = next(p for p in project.games["mini"].pages if p.id == "glossary")
    assert page.file == "rules_data/mini/glossary.yaml"


def test_games_are_listed_in_the_order_their_game_yaml_gives(tmp_path):
    """Folder names sort a later game first ("a-…" before "mini"); `order` puts it where it belongs."""
    import shutil

    data = tmp_path / "rules_data"
    shutil.copytree(MINIMAL / "rules_data", data)
    shutil.copytree(data / "mini", data / "a-later-game")
    for folder, order in (("mini", 1), ("a-later-game", 2)):
        game_file = data / folder / "game.yaml"
        game_file.write_text(
            game_file.read_text(encoding="utf-8").replace("game:\n", f"game:\n  order: {order}\n", 1), encoding="utf-8"
        )
    project, errors = load_project(data, tmp_path, specs=registry.engines())
    assert errors == []
    listed = list(project.games)
    assert listed.index("mini") < listed.index("a-later-game"), listed


def test_a_named_pipe_or_a_device_is_refused_not_read(tmp_path):
    """Reading a pipe waits for a writer for ever, and /dev/zero never ends."""
    import os

    pipe = tmp_path / "glossary.yaml"
    os.mkfifo(pipe)
    root, errors = parse(pipe, "glossary.yaml")
    assert root is None and [e.message for e in errors] == ["this is a named pipe, not a file; put a YAML file here"]
    device = tmp_path / "zero.yaml"
    device.symlink_to("/dev/zero")
    assert [e.message for e in parse(device, "zero.yaml")[1]] == [
        "this is a device or socket, not a file; put a YAML file here"
    ]


def test_a_key_is_the_text_written_and_a_value_says_how_yaml_read_it(tmp_path):
    from generator.load.schema import describe

    path = tmp_path / "k.yaml"
    path.write_text("a: {yes: 1, on: 2, null: 3, 0x10: 4, .inf: 5, 2: 6}\nb: [1:0, 0x10, no, ~, 7]\n", encoding="utf-8")
    root, errors = parse(path, "k.yaml")
    assert errors == [] and list(root.value["a"].value) == ["yes", "on", "null", "0x10", ".inf", "2"]
    said = [describe(node) for node in root.value["b"].value]
    assert said == [
        "the number 60 (YAML reads '1:0' so; write it in quotes if it is text)",
        "the number 16 (YAML reads '0x10' so; write it in quotes if it is text)",
        "the boolean false (YAML reads 'no' so; write it in quotes if it is text)",
        "nothing",
        "the number 7",
    ]


def test_the_parse_cache_is_pruned_by_a_run_that_adds_to_it_not_by_one_that_reads_it(tmp_path, monkeypatch):
    """A run that only reads kept parses back leaves the folder alone; the first parse a run
    writes first drops the oldest files beyond KEPT_PARSES."""
    import os

    from generator.load import yamlpos

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(yamlpos, "KEPT_PARSES", 2)
    data = tmp_path / "terms.yaml"
    data.write_text("terms:\n  - id: noise\n", encoding="utf-8")
    folder = tmp_path / "cache" / "rulebook" / "yaml"

    def stale(*names: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for age, name in enumerate(names, start=1):
            (folder / name).write_bytes(b"")
            os.utime(folder / name, (1000 - age, 1000 - age))  # older than anything written now

    def run() -> set[str]:
        yamlpos._LAST_PARSE.clear()  # as in a new process
        yamlpos.keep_parses()
        yamlpos.parse(data, "rules_data/g/terms.yaml")
        return {path.name for path in folder.iterdir()}

    stale("old-1.pickle", "old-2.pickle", "old-3.pickle")
    written = run()  # a miss: pruned to the two newest, then the parse added
    assert {"old-1.pickle", "old-2.pickle"} < written and "old-3.pickle" not in written and len(written) == 3
    stale("older-1.pickle", "older-2.pickle")
    assert run() == written | {"older-1.pickle", "older-2.pickle"}  # read back: nothing pruned
    monkeypatch.setattr(yamlpos, "_kept_parses", None)


def test_a_file_screened_again_reads_its_kept_errors_not_its_nodes(tmp_path, monkeypatch):
    """parse_errors(): the errors a file's bytes gave, the same as parse()'s; in a later process
    read back from the cache without its nodes; a damaged kept list is parsed again."""
    import pickle

    from generator.load import yamlpos

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(yamlpos, "_kept_parses", None)
    yamlpos.keep_parses()
    folder = tmp_path / "cache" / "rulebook" / "yaml"
    bad, good = tmp_path / "bad.yaml", tmp_path / "good.yaml"
    bad.write_text("cases:\n  - id: a\n    id: b\n", encoding="utf-8")  # a key twice
    good.write_text("cases: []\n", encoding="utf-8")

    def screened(path: Path) -> list[str]:
        yamlpos._LAST_PARSE.clear()  # as in a new process
        return [str(error) for error in yamlpos.parse_errors(path, f"rules_data/g/scenarios/{path.name}")]

    expected = [str(e) for e in yamlpos.parse(bad, "rules_data/g/scenarios/bad.yaml")[1]]
    assert expected and screened(bad) == expected and screened(good) == []
    for nodes in folder.glob("*.pickle"):
        if not nodes.name.endswith("-errors.pickle"):
            nodes.unlink()  # the nodes are not read back: only the errors
    with monkeypatch.context() as patched:
        patched.setattr(yamlpos, "_parse_bytes", lambda raw, display: pytest.fail("parsed again"))
        assert screened(bad) == expected and screened(good) == []
    for kept in folder.glob("*-errors.pickle"):
        kept.write_bytes(pickle.dumps(["not an error"]))
    assert screened(bad) == expected and screened(good) == []
    monkeypatch.setattr(yamlpos, "_kept_parses", None)


def test_a_kept_parse_gives_the_same_nodes_and_an_edit_is_parsed_again(tmp_path, monkeypatch):
    """keep_parses(): the nodes and errors a file's bytes gave are read back from the cache in
    the next process; edited bytes are composed again."""
    from generator.load import yamlpos

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(yamlpos, "_kept_parses", None)
    yamlpos.keep_parses()
    data = tmp_path / "terms.yaml"
    data.write_text("terms:\n  - id: noise\n    name: {ja: 騒音}\n  - id: noise\n", encoding="utf-8")

    def parse_afresh():
        yamlpos._LAST_PARSE.clear()  # as in a new process
        root, errors = yamlpos.parse(data, "rules_data/g/terms.yaml")
        return root, [str(e) for e in errors]

    first = parse_afresh()
    assert len(list((tmp_path / "cache" / "rulebook" / "yaml").glob("*.pickle"))) == 1
    again = parse_afresh()
    assert again[1] == first[1]
    assert (
        again[0].value["terms"].value[0].value["name"].value["ja"].where
        == first[0].value["terms"].value[0].value["name"].value["ja"].where
    )
    data.write_text("terms:\n  - id: door\n", encoding="utf-8")
    edited = parse_afresh()
    assert edited[0].value["terms"].value[0].value["id"].value == "door"
    monkeypatch.setattr(yamlpos, "_kept_parses", None)
