"""Loading details that the corpus does not show: positions inside long texts, derived
parameters, the Ukrainian forms and the normalization shared with the browser."""
from __future__ import annotations

from pathlib import Path

from generator.load import load_project
from generator.load.yamlpos import parse
from generator.search.inflect import ukrainian_forms
from generator.search.normalize import normalize

MINIMAL = Path(__file__).parent / "fixtures" / "minimal"


def test_a_reference_inside_a_block_text_is_located_on_its_own_line(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("text:\n  ja: |\n    一行目。\n    二行目の{skill:x}です。\n", encoding="utf-8")
    root, errors = parse(path, "t.yaml")
    assert errors == []
    node = root.value["text"].value["ja"]
    where = node.location_of("{skill:x}")
    assert (where.line, where.column) == (4, 9)


def test_statistics_and_thresholds_are_parameters(tmp_path):
    project, errors = load_project(MINIMAL / "rules_data", MINIMAL)
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
