"""The live preview's pipeline (pipeline.Preview) re-does only what a save changed: a game whose
inputs did not change keeps its model verdict and its pages, a change to what every game reads
renders every game again, and after any edit the pages are exactly the whole pipeline's."""

from __future__ import annotations

import re
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

from generator import pipeline, registry
from generator.errors import DataErrors
from generator.languages import PUBLISHED
from generator.load import load_project
from generator.render.pages import render_project
from tests.conftest import copy_project

# One worker runs the module whole (about 12 s): its tests share one preview, as a server keeps
# one between saves.
pytestmark = [pytest.mark.xdist_group("preview"), pytest.mark.long(12), pytest.mark.slow]

GAMES = ["zombicide-1", "zombicide-2", "resident-evil"]
ZOMBIES = "rules_data/zombicide-1/zombies.yaml"


class Session:
    """A preview kept between tests as a server keeps it between saves; each test puts back the
    files it edits and brings the preview up to date again, as the next save would."""

    def __init__(self, root: Path):
        self.root = root
        self.preview = pipeline.Preview(root)
        self.preview.generate()
        assert self.preview.rendered == GAMES

    @contextmanager
    def edited(self, relative: str, change):
        path = self.root / relative
        old = path.read_text(encoding="utf-8")
        new = change(old)
        assert new != old, "the edit must change the file"
        path.write_text(new, encoding="utf-8")
        try:
            yield
        finally:
            path.write_text(old, encoding="utf-8")
            self.preview.generate()


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    return Session(copy_project(tmp_path_factory.mktemp("preview")))


def pages(generated) -> dict[str, tuple[str, str]]:
    return {page.path: (page.markdown, page.edit_source) for page in generated.pages}


def same_as_the_whole_pipeline(root: Path, generated) -> None:
    """What the preview serves is what `build` renders from the same data (whose checks passed)."""
    project, errors = load_project(root / "rules_data", root, specs=registry.engines())
    assert not errors
    whole = render_project(project, registry.engines()) + pipeline.more_pages(project, PUBLISHED)
    assert [page.path for page in generated.pages] == [page.path for page in whole]
    assert pages(generated) == {page.path: (page.markdown, page.edit_source) for page in whole}


def of_game(generated, game_id: str) -> list:
    return [page for page in generated.pages if page.path.split("/")[1] == game_id]


def test_a_rebuild_with_nothing_changed_renders_nothing(session):
    session.preview.generate()
    assert session.preview.rendered == []


def test_an_edit_to_one_games_file_renders_that_game_alone(session):
    before = session.preview.generate()
    with session.edited(ZOMBIES, lambda text: re.sub(r"(\bko: \|-\n\s+)", r"\1고친문장 ", text, count=1)):
        after = session.preview.generate()
        assert session.preview.rendered == ["zombicide-1"]
        assert "고친문장" in pages(after)["ko/zombicide-1/zombies.md"][0]
        for game_id in ("zombicide-2", "resident-evil"):  # the very pages of the earlier render
            assert all(a is b for a, b in zip(of_game(before, game_id), of_game(after, game_id), strict=True))
        same_as_the_whole_pipeline(session.root, after)


def test_an_edit_to_sources_yaml_renders_every_game_again(session):
    with session.edited(
        "rules_data/sources.yaml",
        lambda text: text.replace("ko: 좀비사이드 2판 (Board Game Arena) 규칙 해설 (일본어)", "ko: 바뀐출처제목", 1),
    ):
        generated = session.preview.generate()
        assert session.preview.rendered == GAMES
        shown = pages(generated)
        assert "바뀐출처제목" in shown["ko/sources.md"][0]
        assert any("바뀐출처제목" in shown[page.path][0] for page in of_game(generated, "zombicide-2"))  # cited there
        same_as_the_whole_pipeline(session.root, generated)


def test_a_game_renamed_shows_its_new_name_on_the_pages_about_every_game(session):
    with session.edited(
        "rules_data/zombicide-2/game.yaml", lambda text: text.replace("ko: 좀비사이드 (2판)", "ko: 새이름2판", 1)
    ):
        generated = session.preview.generate()
        # its own pages, and the 1st edition's, whose rulings its model plays; the sources and
        # editions pages always
        assert session.preview.rendered == ["zombicide-1", "zombicide-2"]
        shown = pages(generated)
        assert "새이름2판" in shown["ko/sources.md"][0] and "새이름2판" in shown["ko/editions.md"][0]
        same_as_the_whole_pipeline(session.root, generated)


def test_broken_data_reports_its_place_and_the_fix_serves_the_same_pages_as_before(session):
    good = session.preview.generate()
    with session.edited("rules_data/zombicide-1/skills.yaml", lambda text: text.replace("{skill:", "{skil:", 1)):
        with pytest.raises(DataErrors) as raised:
            session.preview.generate()
        assert re.search(
            r"rules_data/zombicide-1/skills\.yaml:\d+:\d+: .*unknown reference kind 'skil'", raised.value.report()
        )
    fixed = session.preview.generate()
    assert session.preview.rendered == []  # the same inputs as the last good render
    assert pages(fixed) == pages(good)


def test_a_ruling_the_model_refutes_fails_until_fixed_and_other_games_keep_their_verdict(session, monkeypatch):
    checked = []
    real = pipeline._model_errors_of_game
    monkeypatch.setattr(
        pipeline, "_model_errors_of_game", lambda game, root: checked.append(game.id) or real(game, root)
    )
    refuted = "zombies: {A2: {walker: 1}}"
    with session.edited(
        "rules_data/zombicide-1/scenarios/faq.yaml",
        lambda text: text.replace("zombies: {A2: {walker: 1, runner: 1}}", refuted, 1),
    ):
        with pytest.raises(DataErrors) as raised:
            session.preview.generate()
        assert "faq-blocked-path" in raised.value.report()
        assert checked == ["zombicide-1"]  # the unchanged games were not checked again
        with pytest.raises(DataErrors):  # the verdict stays while the data stays
            session.preview.generate()
    assert checked == ["zombicide-1"]  # put back as it was, the data has its earlier verdict (by edited()'s generate)


def test_an_edit_undone_is_served_again_without_checking_or_rendering(session, monkeypatch):
    before = session.preview.generate()
    checked = []
    real = pipeline._model_errors_of_game
    monkeypatch.setattr(
        pipeline, "_model_errors_of_game", lambda game, root: checked.append(game.id) or real(game, root)
    )
    with session.edited(ZOMBIES, lambda text: re.sub(r"(\bja: \|-\n\s+)", r"\1書き直し", text, count=1)):
        session.preview.generate()
        assert session.preview.rendered == ["zombicide-1"] and checked == ["zombicide-1"]
    assert session.preview.rendered == [] and checked == ["zombicide-1"]  # the undo, by edited()'s generate
    assert pages(session.preview.generate()) == pages(before)


def test_a_game_keeps_its_last_few_versions_only():
    preview = pipeline.Preview(Path("."))
    for number in range(preview.KEPT_VERSIONS + 2):
        preview._keep(preview.pages, ("zombicide-1", f"inputs {number}"), [])
        preview._keep(preview.pages, ("zombicide-2", f"inputs {number}"), [])
    kept = [version for version in preview.pages if version[0] == "zombicide-1"]
    assert kept == [("zombicide-1", f"inputs {number}") for number in range(2, preview.KEPT_VERSIONS + 2)]


def test_every_game_reads_the_templates_labels_and_narration_and_each_its_own_folder(tmp_path, monkeypatch):
    project = copy_project(tmp_path / "project")
    generator = tmp_path / "generator-copy"
    shutil.copytree(pipeline.GENERATOR, generator, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(pipeline, "GENERATOR", generator)
    before = pipeline.game_inputs(project, GAMES)
    for shared in (
        "render/templates/page.md.j2",
        "render/labels.yaml",
        "games/zombicide/narration.yaml",
        "games/resident_evil/labels.yaml",
    ):
        with open(generator / shared, "a", encoding="utf-8") as out:
            out.write("\n")
        after = pipeline.game_inputs(project, GAMES)
        assert all(after[game] != before[game] for game in GAMES), shared
        before = after
    (generator / "render" / "pages.py").write_text("# code: a running preview does not reload it\n")
    assert pipeline.game_inputs(project, GAMES) == before
    with open(project / "rules_data/resident-evil/enemies.yaml", "a", encoding="utf-8") as out:
        out.write("\n")
    after = pipeline.game_inputs(project, GAMES)
    assert [game for game in GAMES if after[game] != before[game]] == ["resident-evil"]


def test_the_cases_page_plays_its_cases_again_only_when_a_scenario_file_changed(session, monkeypatch):
    """A save that changes a text keeps the cases read and played before (the same files, equal
    rules); a save to a scenario file reads and plays them again; either way the pages are those
    of a process that starts with nothing kept."""
    from generator.games.zombicide import case_view
    from generator.scenarios import sections

    played: list[str] = []
    original = case_view.run_case
    monkeypatch.setattr(case_view, "run_case", lambda case, *rest: played.append(case["id"]) or original(case, *rest))

    def with_nothing_kept(generated) -> None:
        for kept in (sections._CASES, sections._TOLD, case_view._PLAYED):
            kept.clear()
        same_as_the_whole_pipeline(session.root, generated)

    with session.edited(ZOMBIES, lambda text: re.sub(r"(\bko: \|-\n\s+)", r"\1다른문장 ", text, count=1)):
        generated = session.preview.generate()
        assert session.preview.rendered == ["zombicide-1"] and played == []
        with_nothing_kept(generated)
    played.clear()
    scenario = sorted((session.root / "rules_data" / "zombicide-1" / "scenarios").glob("*.yaml"))[0]
    with session.edited(scenario.relative_to(session.root).as_posix(), lambda text: text + "# edited\n"):
        generated = session.preview.generate()
        assert played
        with_nothing_kept(generated)
