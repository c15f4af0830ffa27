"""The 2nd edition's skills page holds the rulebook's whole skill list, and every skill says
whether the rules model applies it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import RENDERED_PAGES_GROUP, read_yaml

pytestmark = RENDERED_PAGES_GROUP

ROOT = Path(__file__).resolve().parent.parent

# The skill list of the 2nd edition's core rulebook (pp. 63-66), one line per entry of that list.
# An entry for "[Combat/Melee/Ranged]" is found by that name or by one of its typed variants.
# "[Combat/Melee/Ranged]: Damage 2" is written without brackets: a name may not look like a link.
# "[Combat/Melee/Ranged]: Damage 2" is written without brackets: a name may not look like a link.
RULEBOOK_SKILLS_2E = """
+1 Action | +1 Damage: [Combat/Melee/Ranged] | +1 die: [Combat/Melee/Ranged]
+1 free [Combat/Melee/Move/Ranged/Search] Action | +1 max Range | +1 Zone per Move
+1 to dice roll: [Combat/Melee/Ranged] | Combat/Melee/Ranged: Damage 2 | 2 Cocktails Are Better Than One
Ambidextrous | Barbarian | Blitz | Bloodlust: [Combat/Melee/Ranged] | Born leader | Break-in
Brother in arms | Can Search more than once | Charge | Combat reflexes | Destiny | Distributor
Dreadnought: [zombie type] | Dual expert | Escalation: [Combat/Melee/Ranged] | Field medic
Free reload | Full auto | Gunslinger | Hit & run | Hoard | Hold your nose | Home defender
Improvised weapon: Melee | Improvised weapon: Ranged | Is that all you've got? | Jump | Lifesaver
Low profile | Lucky | Matching set | Medic | Point-blank | Reaper: [Combat/Melee/Ranged]
Regeneration | Roll 6: +1 Damage [Combat/Melee/Ranged] | Roll 6: +1 die [Combat/Melee/Ranged]
Scavenger | Search: 2 cards | Shove | Sidestep | Slippery | Sniper | Sprint | Starts with [X] Health
Starts with 2 AP | Starts with a [Equipment] | Steady hand | Super strength | Swordmaster | Tactician
Taunt | Tough | Webbing | Zombie link
"""
LIST = [name.strip() for line in RULEBOOK_SKILLS_2E.strip().splitlines() for name in line.split("|")]


@pytest.fixture(scope="module")
def game(project):
    return project.games["zombicide-2"]


def test_the_rulebook_list_has_64_entries():
    assert len(LIST) == len(set(LIST)) == 64


@pytest.mark.parametrize("name", LIST)
def test_every_rulebook_skill_has_an_entry(game, name):
    def names(skill):
        return {n.lower() for n in [skill.name["en"], *skill.aliases.get("en", [])]}

    found = [s.id for s in game.of_kind("skill") if name.lower() in names(s)]
    assert found, f"no 2nd-edition skill is named '{name}' (name or English alias)"


def test_every_skill_has_text_in_every_language_and_a_source(game):
    for skill in game.of_kind("skill"):
        assert set(skill.text) == {"ja", "ko", "uk"}, skill.id
        assert any(ref.source == "skills-facts" for ref in skill.sources), skill.id


@pytest.mark.parametrize("edition,count", [("zombicide-1", 6), ("zombicide-2", 12)])
def test_every_survivor_has_the_trees_shape(project, edition, count):
    """Blue: one skill; yellow: +1 Action; orange: one of two; red: one of three."""
    survivors = [e for e in project.games[edition].entities.values() if e.kind == "survivor"]
    assert len(survivors) == count
    for survivor in survivors:
        tree = {level: [skill for skill, _ in ids] for level, ids in survivor.fields["skills"].items()}
        assert [len(tree[level]) for level in ("blue", "yellow", "orange", "red")] == [1, 1, 2, 3], survivor.id
        assert tree["yellow"] == ["plus-1-action"], survivor.id


def test_the_2nd_edition_has_six_adults_and_six_kids_with_their_health(project):
    game = project.games["zombicide-2"]
    survivors = [e for e in game.entities.values() if e.kind == "survivor"]
    for kind in ("adult", "kid"):
        of_kind = [s for s in survivors if s.fields.get("type") == kind]
        assert len(of_kind) == game.parameters[f"survivors-{kind}"].fields["value"] == 6
        assert {s.fields["health"] for s in of_kind} == {game.parameters[f"health-{kind}"].fields["value"]}


@pytest.fixture(scope="module")
def pages(rendered_pages):
    return rendered_pages


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
@pytest.mark.parametrize("edition", ["zombicide-1", "zombicide-2"])
def test_the_survivors_page_links_every_skill_of_every_tree(project, pages, edition, lang):
    markdown = pages[f"{lang}/{edition}/survivors.md"]
    for survivor in (e for e in project.games[edition].entities.values() if e.kind == "survivor"):
        section = markdown.split(f"{{ #{survivor.id} }}", 1)[1].split("\n## ", 1)[0]
        for ids in survivor.fields["skills"].values():
            for skill, _ in ids:
                assert f"(skills.md#{skill})" in section, (survivor.id, skill)


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_survivors_and_skills_are_in_the_name_index_by_every_name(project, lang):
    from generator.search.names import name_index
    from generator.search.normalize import normalize

    entries, _ = name_index(project, lang, "ja")  # the readable view of the index files
    keys = {(e["url"].split("#")[-1], e["url"].split("/")[-3]): {k for k, _ in e["keys"]} for e in entries}
    for game in project.games.values():
        for entity in game.entities.values():
            if entity.kind not in ("survivor", "skill"):
                continue
            found = keys[(entity.id, game.id)]
            for name in [entity.name[lang], entity.name["en"]]:
                assert normalize(name) in found, (game.id, entity.id, name)


@pytest.mark.parametrize("edition", ["zombicide-2"])
def test_every_applied_skill_has_a_scenario(project, edition):
    """A skill the rules model applies is shown working: some case of the edition's scenarios is
    named after it (its id leads the case id) and passes (the scenario tests run every case)."""
    cases = [
        case["id"]
        for path in sorted((ROOT / "rules_data" / edition / "scenarios").glob("*.yaml"))
        for case in read_yaml(path)["cases"]
    ]
    applied = [s.id for s in project.games[edition].of_kind("skill") if s.fields["model"] == "applied"]
    assert len(applied) >= 36
    missing = [skill for skill in applied if not any(case.startswith(skill) for case in cases)]
    assert missing == []


CHANGED_SKILLS = ("medic", "born-leader", "hold-your-nose", "tough", "hoard", "2-cocktails", "plus-1-zone-per-move")
FIRST_EDITION_ONLY = ("1-re-roll-per-turn", "2-zones-per-move-action", "lock-it-down", "loud", "ninja", "trick-shot")


@pytest.mark.parametrize("lang", ["ja", "ko", "uk"])
def test_the_comparison_shows_changed_and_1st_edition_only_skills(project, pages, lang):
    markdown = pages[f"{lang}/editions.md"]
    table = markdown.split("{ #zombicide-2-skill }", 1)[1].split("\n### ", 1)[0]
    rows = {line for line in table.splitlines() if line.startswith("| ")}
    only_old = project.labels["compare-only-old"][lang]
    for skill in CHANGED_SKILLS:
        row = next(r for r in rows if f"zombicide-2/skills.md#{skill})" in r)
        assert f"zombicide-1/skills.md#{skill})" in row and only_old not in row, skill
        change = project.games["zombicide-2"].by_id("skill")[skill].fields["edition-change"][lang]
        assert change.split("{")[0][:10] in row, skill  # the words before the first link
    for skill in FIRST_EDITION_ONLY:
        row = next(r for r in rows if f"zombicide-1/skills.md#{skill})" in r)
        assert row.rstrip(" |").endswith(only_old), skill
