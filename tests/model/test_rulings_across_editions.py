"""Every FAQ ruling's case is played by the other edition's rules model too: it rules the same,
rules otherwise (the page tells how that model plays it), or the ruling says why the case does
not apply there (`other-edition`, in each language)."""

from __future__ import annotations

import re

import pytest

from generator import registry
from generator.scenarios.editions import CANNOT_PLAY, DIFFERENT, NOT_APPLICABLE, SAME, elsewhere, other_edition
from tests.conftest import RENDERED_PAGES_GROUP


def _rulings(project):
    for game in project.games.values():
        other = other_edition(project.games.values(), game)
        for ruling in game.of_kind("faq"):
            if ruling.fields.get("check") and other is not None:
                yield game, other, ruling


def test_every_ruling_is_played_by_the_other_edition_or_says_why_not(project, rules_of):
    verdicts = {}
    for game, other, ruling in _rulings(project):
        found = elsewhere(game, ruling, registry.for_game(game).scenarios, rules_of(other.id))
        assert found is not None
        assert found.verdict != CANNOT_PLAY, (
            f"{game.id} faq '{ruling.id}': its case cannot be played by {other.id}'s model ({found.problem}); "
            f"say why in the ruling's other-edition (ja, ko, uk)"
        )
        verdicts[ruling.id] = found.verdict
    assert {SAME, DIFFERENT, NOT_APPLICABLE} <= set(verdicts.values())
    assert len(verdicts) >= 30
    # the 2nd edition's friendly fire and health make these play otherwise there
    assert verdicts["faq-no-mixed-hits"] == verdicts["faq-attacks-continue-on-the-next-survivor"] == DIFFERENT
    assert verdicts["faq-dual-reload-in-one-action"] == SAME


def test_a_reason_stands_only_where_another_edition_plays_the_rulings(project):
    for game in project.games.values():
        for ruling in game.of_kind("faq"):
            if ruling.fields.get("other-edition"):
                assert ruling.fields.get("check"), ruling.id
                assert other_edition(project.games.values(), game) is not None, ruling.id


@RENDERED_PAGES_GROUP
def test_each_checked_ruling_says_how_the_other_edition_rules(project, rendered_pages):
    labels = project.labels
    for game, other, ruling in _rulings(project):
        for lang in ("ja", "ko", "uk"):
            page = rendered_pages[f"{lang}/{game.id}/faq.md"]
            start = page.index(f"{{ #{ruling.id} }}")
            # up to the next ruling or topic (rulings may stand under topics' headings)
            following = re.search(r"\n#{2,3} ", page[start:])
            told = page[start : start + following.start() if following else None]
            said = [
                labels[f"other-edition-{verdict}"][lang].replace("GAME", other.name[lang]) in told
                for verdict in ("same", "different", "none")
            ]
            assert said.count(True) == 1, (game.id, ruling.id, lang)
            if ruling.fields.get("other-edition"):
                assert said[2], (ruling.id, lang)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
@RENDERED_PAGES_GROUP
def test_a_different_ruling_shows_the_other_models_run(project, rendered_pages, lang):
    page = rendered_pages[f"{lang}/zombicide-1/faq.md"]
    start = page.index("{ #faq-no-mixed-hits }")
    told = page[start : page.find("\n## ", start)]
    assert project.labels["case-outcome"][lang] in told  # what the 2nd edition's model leaves
