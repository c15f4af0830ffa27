"""A site built from Resident Evil data outside this project plays its examples with the check
cards of that data, not with this project's (which have other cards, or none for its game)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator import pipeline, registry

FIXTURE = Path(__file__).parent / "fixture"
OWN_CARD = "\n  lighter: {kind: special, deck: item-a}\n"  # a card only the copy has


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE / "rules_data", tmp_path / "rules_data")
    with (tmp_path / "rules_data" / "mini-re" / "scenarios" / "cards" / "check-cards.yaml").open("a") as cards:
        cards.write(OWN_CARD)
    return tmp_path


def model_of(generated) -> object:
    game = generated.project.games["mini-re"]
    return registry.for_game(game).rules_for(game)


def test_a_build_that_checks_first_renders_with_the_built_folders_cards(copy):
    generated = pipeline.generate(copy)
    assert any(page.path.endswith("mini-re/turn.md") for page in generated.pages)
    assert "lighter" in model_of(generated).cards


def test_a_build_that_checks_beside_renders_with_the_folder_it_runs_in(copy, monkeypatch):
    monkeypatch.chdir(copy)  # the builder runs MkDocs in the project folder
    generated = pipeline.generate(copy, check_beside=True)
    generated.confirm()
    assert "lighter" in model_of(generated).cards


def test_a_game_loaded_from_elsewhere_reads_the_cards_beside_it(copy, tmp_path_factory, monkeypatch):
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))  # neither the copy nor this project
    game = pipeline.load_checked(copy).games["mini-re"]
    assert game.root == copy
    assert "lighter" in registry.for_game(game).rules_for(game).cards
