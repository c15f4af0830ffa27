"""The model's verdict on a game and its pages are kept for the next run over the same files, and
played or rendered again when any file they may depend on changes (generator/pipeline/game_memo.py)."""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.errors import Location
from generator.load.entities import Entity, Game, Localized, Page
from generator.pipeline import game_memo
from generator.registry import EXTRA_PACKAGES_ENV


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(EXTRA_PACKAGES_ENV, raising=False)
    code = tmp_path / "code"
    (code / "games").mkdir(parents=True)
    (code / "games" / "engine.py").write_text("RULE = 1\n", encoding="utf-8")
    monkeypatch.setattr(game_memo, "CODE", code)
    root = tmp_path / "project"
    for game, said in {
        "first": "game: {engine: e}\n",
        "second": "game: {engine: e, compare-with: first}\n",
        "other": "game: {engine: f}\n",
    }.items():
        (root / "rules_data" / game).mkdir(parents=True)
        (root / "rules_data" / game / "game.yaml").write_text(said, encoding="utf-8")
        (root / "rules_data" / game / "rules.yaml").write_text("sections: []\n", encoding="utf-8")
    (root / "rules_data" / "sources.yaml").write_text("sources: []\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    return root


FIRST = SimpleNamespace(id="first", compare_with=None)
OTHER = SimpleNamespace(id="other", compare_with=None)


def played(root: Path, game, counter: list) -> list:
    return game_memo.kept_for_game(root, game, "errors", lambda: counter.append(game.id) or [f"verdict {len(counter)}"])


def edit(path: Path) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")


def test_a_verdict_is_kept_until_a_file_it_depends_on_changes(project):
    counter: list = []
    assert played(project, FIRST, counter) == ["verdict 1"]
    assert played(project, FIRST, counter) == ["verdict 1"] and counter == ["first"]  # kept
    for changed in (
        project / "rules_data" / "first" / "rules.yaml",  # its own data
        project / "rules_data" / "second" / "rules.yaml",  # the edition compared with it
        project / "rules_data" / "sources.yaml",  # beside the game folders
        project / "mkdocs.yml",  # the languages
        game_memo.CODE / "games" / "engine.py",  # the engines
    ):
        edit(changed)
        before = len(counter)
        played(project, FIRST, counter)
        assert len(counter) == before + 1, changed
    edit(project / "rules_data" / "other" / "rules.yaml")  # a game it has nothing to do with
    before = len(counter)
    played(project, FIRST, counter)
    assert len(counter) == before
    played(project, OTHER, counter)
    assert counter[-1] == "other"


def test_an_edit_of_the_other_edition_s_cases_keeps_this_one_s_verdict_and_pages(project):
    """A game's model plays its own cases and its pages tell its own: the scenario files of the
    edition compared with it count for neither (its check cards and data files still do)."""
    scenarios = project / "rules_data" / "second" / "scenarios"
    (scenarios / "cards").mkdir(parents=True)
    (scenarios / "moves.yaml").write_text("cases: []\n", encoding="utf-8")
    (scenarios / "cards" / "extra.yaml").write_text("cards: {}\n", encoding="utf-8")
    own = project / "rules_data" / "first" / "scenarios" / "moves.yaml"
    own.parent.mkdir()
    own.write_text("cases: []\n", encoding="utf-8")
    counter: list = []
    kept = (game_memo.folder_digest(project, "first"), game_memo.model_digest(project, a_game()))
    played(project, FIRST, counter)
    edit(scenarios / "moves.yaml")
    assert (game_memo.folder_digest(project, "first"), game_memo.model_digest(project, a_game())) == kept
    played(project, FIRST, counter)
    assert counter == ["first"]
    for changed in (scenarios / "cards" / "extra.yaml", own):
        edit(changed)
        assert game_memo.folder_digest(project, "first") != kept[0], changed
    assert game_memo.model_digest(project, a_game()) != kept[1]  # its own cases
    played(project, FIRST, counter)
    assert len(counter) == 2


def test_a_file_put_back_as_it_was_finds_its_verdict_again(project):
    counter: list = []
    rules = project / "rules_data" / "first" / "rules.yaml"
    original = rules.read_text(encoding="utf-8")
    played(project, FIRST, counter)
    edit(rules)
    played(project, FIRST, counter)
    rules.write_text(original, encoding="utf-8")
    assert played(project, FIRST, counter) == ["verdict 1"] and len(counter) == 2


def test_an_edit_within_the_clocks_tick_is_seen_and_an_unchanged_file_is_read_once(project, monkeypatch):
    """A file written in the last seconds is read again whatever its size and time say (two saves
    of the same length within one tick); the others are read once in a process."""
    for path in [*project.rglob("*"), *game_memo.CODE.rglob("*")]:
        os.utime(path, (1000, 1000))  # written long ago
    rules = project / "rules_data" / "first" / "rules.yaml"
    rules.write_text("sections: [a]\n", encoding="utf-8")
    stamp = rules.stat().st_mtime_ns
    before = game_memo.inputs_digest(project, FIRST)
    read: list[str] = []
    real = game_memo._file_digest.__wrapped__
    monkeypatch.setattr(
        game_memo._file_digest, "__wrapped__", lambda name, *rest: read.append(name) or real(name, *rest)
    )
    rules.write_text("sections: [b]\n", encoding="utf-8")
    os.utime(rules, ns=(stamp, stamp))
    after = game_memo.inputs_digest(project, FIRST)
    assert after != before and read == [str(rules)]
    assert game_memo.inputs_digest(project, FIRST) == after and read == [str(rules)] * 2


def test_nothing_is_kept_with_a_game_package_from_outside(project, monkeypatch):
    monkeypatch.setenv(EXTRA_PACKAGES_ENV, "somewhere.game")
    counter: list = []
    played(project, FIRST, counter)
    played(project, FIRST, counter)
    assert counter == ["first", "first"]


def test_without_a_cache_folder_every_run_plays(project, monkeypatch):
    monkeypatch.setattr(game_memo, "cache_folder", lambda name: None)
    counter: list = []
    played(project, FIRST, counter)
    played(project, FIRST, counter)
    assert counter == ["first", "first"]


def test_a_damaged_kept_verdict_is_played_again_not_believed(project, tmp_path):
    counter: list = []
    played(project, FIRST, counter)
    for kept in (tmp_path / "cache" / "rulebook" / "verdicts").glob("*/*.pickle"):
        kept.write_bytes(b"\x80\x05not a pickle")
    assert played(project, FIRST, counter) == ["verdict 2"] and counter == ["first", "first"]
    assert played(project, FIRST, counter) == ["verdict 2"]  # and kept again


def a_game(text: str = "Move one zone.", cost: int = 1, name: str = "Move", line: int = 3) -> Game:
    """A loaded game of one rules section, as the model's key reads it."""
    where = Location("rules_data/first/rules.yaml", line, 1)
    rule = Entity(
        "rule", "moving", where, "rules", Localized({"uk": name}), text=Localized({"uk": text}), fields={"cost": cost}
    )
    page = Page(
        "rules",
        "first",
        "rules_data/first/rules.yaml",
        1,
        Localized({"uk": "Rules"}),
        Localized(),
        "rule",
        [rule],
        where,
    )
    return Game("first", {"en": "First"}, Localized(), "rules_data/first/game.yaml", [page], {"moving": rule})


def test_the_models_key_is_the_same_after_an_edit_to_a_text_and_changes_with_what_the_model_reads(project):
    kept = game_memo.model_digest(project, a_game())
    assert game_memo.model_digest(project, a_game(text="Move up to one zone.", line=9)) == kept
    assert game_memo.model_digest(project, a_game(cost=2)) != kept
    assert game_memo.model_digest(project, a_game(name="Run")) != kept  # a story names it
    (project / "rules_data" / "first" / "scenarios").mkdir()
    (project / "rules_data" / "first" / "scenarios" / "moves.yaml").write_text("cases: []\n", encoding="utf-8")
    assert game_memo.model_digest(project, a_game()) != kept  # the model reads its cases itself


def test_a_kept_clean_verdict_is_used_and_kept_errors_are_found_again(project):
    counter: list = []

    def verdict(game: Game, errors: list) -> list:
        return game_memo.kept_verdict(project, game, "errors", lambda: counter.append(1) or list(errors))

    assert verdict(a_game(), []) == [] and verdict(a_game(text="Moved."), []) == [] and len(counter) == 1
    assert verdict(a_game(cost=5), ["wrong"]) == ["wrong"] and len(counter) == 2
    assert verdict(a_game(cost=5), ["found again, at its new place"]) == ["found again, at its new place"]
    assert len(counter) == 3


def test_a_kept_verdict_of_anything_but_errors_or_lines_is_made_again(project, tmp_path):
    lines = game_memo.kept_verdict(project, a_game(), "report", lambda: ["first: 3 cases"])
    for kept in (tmp_path / "cache" / "rulebook" / "verdicts").glob("*/*-model-report.pickle"):
        kept.write_bytes(pickle.dumps([1, None]))
    assert game_memo.kept_verdict(project, a_game(), "report", lambda: ["made again"]) == ["made again"]
    assert game_memo.kept_verdict(project, a_game(), "report", lambda: ["not asked"]) == ["made again"]
    assert lines == ["first: 3 cases"]


@pytest.mark.long(12)
def test_the_model_reads_no_text_its_key_leaves_out():
    """Every rules text, page title and introduction and example title and set-up of the project
    replaced: the model's key, its verdict and the lines check prints are the same."""
    from generator import registry
    from generator.load import load_project

    root = Path(__file__).resolve().parent.parent
    found = {}
    for scrambled in (False, True):
        project, errors = load_project(root / "rules_data", root, specs=registry.engines())
        assert errors == []
        for game in project.games.values():
            if scrambled:
                _scramble(game)
            package = registry.for_game(game)
            found.setdefault(game.id, []).append(
                (game_memo.model_digest(root, game), package.model_errors(game, root), package.report(game, root))
            )
    for game_id, (plain, scrambled) in found.items():
        assert scrambled == plain, game_id


def _scramble(game: Game) -> None:
    other = Localized({lang: f"something else ({lang})" for lang in ("en", "ja", "ko", "uk")})
    game.text = other
    for entity in [*game.entities.values(), *game.parameters.values()]:
        entity.text = Localized(other)
    for page in game.pages:
        page.title, page.intro = Localized(other), Localized(other)
        for topic in page.topics:
            topic.title = Localized(other)
    for example in game.examples:
        example.title, example.setup = Localized(other), Localized(other)


@pytest.mark.long(8)
def test_a_build_renders_only_the_games_whose_files_changed_and_writes_the_same_pages(tmp_path, monkeypatch):
    """pipeline.generate() renders a game's pages once for the same files: the next run over them
    takes them from the cache, byte for byte; an edit to a game renders it and the edition
    compared with it again, and leaves the other game's pages as they were kept."""
    import shutil

    from generator import pipeline
    from generator.render import pages as rendering

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(EXTRA_PACKAGES_ENV, raising=False)
    root = tmp_path / "project"
    shutil.copytree(Path(__file__).resolve().parent.parent / "rules_data", root / "rules_data")
    shutil.copy(Path(__file__).resolve().parent.parent / "mkdocs.yml", root / "mkdocs.yml")
    rendered: list[str] = []
    original = rendering.render_game
    monkeypatch.setattr(
        rendering,
        "render_game",
        lambda project, game, *rest: rendered.append(game.id) or original(project, game, *rest),
    )

    def pages() -> dict[str, str]:
        return {page.path: page.markdown for page in pipeline.generate(root).pages}

    first = pages()
    games = sorted(rendered)
    assert len(games) >= 3
    assert pages() == first and sorted(rendered) == games  # nothing rendered again
    edit(root / "rules_data" / "zombicide-2" / "game.yaml")
    again = pages()
    assert sorted(rendered[len(games) :]) == ["zombicide-1", "zombicide-2"] and again == first


@pytest.fixture
def re_copy(tmp_path, monkeypatch) -> Path:
    """A copy of the project's data with the cache in tmp_path: its scenario files may be edited."""
    import shutil

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(EXTRA_PACKAGES_ENV, raising=False)
    real = Path(__file__).resolve().parent.parent
    root = tmp_path / "project"
    shutil.copytree(real / "rules_data", root / "rules_data")
    shutil.copytree(real / "content", root / "content")
    shutil.copy(real / "mkdocs.yml", root / "mkdocs.yml")
    return root


def verdict_with_plays(root: Path, monkeypatch, game_id: str = "resident-evil") -> tuple[list, list, list[str]]:
    """The model's errors and count lines on a game loaded anew, as a new `check` process finds
    them, and the ids of the cases it played."""
    from generator import registry
    from generator.load import load_games
    from generator.scenarios import project as scenario_project
    from generator.scenarios.runner import run_case as real

    scenario_project._RUNS.clear()  # a new process
    plays: list[str] = []
    monkeypatch.setattr(scenario_project, "run_case", lambda case, *rest: plays.append(case["id"]) or real(case, *rest))
    loaded, errors = load_games(root / "rules_data", root, only={game_id}.__contains__, specs=registry.engines())
    assert errors == []
    game = loaded.games[game_id]
    package = registry.for_game(game)
    found = game_memo.kept_verdict(root, game, "errors", lambda: package.model_errors(game, root))
    lines = game_memo.kept_verdict(root, game, "report", lambda: package.report(game, root))
    return found, lines, plays


@pytest.mark.long(10)
def test_an_edit_of_one_scenario_file_plays_that_file_s_cases_alone(re_copy, monkeypatch):
    """What each clean scenario file gave (its cases and their plays) is kept: after an edit of
    one, a check reads and plays its cases alone and finds what a check keeping nothing finds."""
    scenarios = re_copy / "rules_data" / "resident-evil" / "scenarios"
    errors, lines, plays = verdict_with_plays(re_copy, monkeypatch)
    assert errors == [] and len(plays) > 100
    edited = scenarios / "puzzles.yaml"
    own = {
        line.split("id: ", 1)[1].strip() for line in edited.read_text(encoding="utf-8").splitlines() if "- id: " in line
    }
    edit(edited)
    assert verdict_with_plays(re_copy, monkeypatch) == (errors, lines, [p for p in plays if p in own])
    # the same verdict as a run that keeps nothing
    monkeypatch.setattr(game_memo, "cache_folder", lambda name: None)
    assert verdict_with_plays(re_copy, monkeypatch)[:2] == (errors, lines)


@pytest.mark.long(10)
def test_a_kept_scenario_file_s_play_never_judges_another_file_s_case(re_copy, monkeypatch):
    """A case id that two files use is an error, and the case that counts is played for itself,
    never judged by the other file's kept play; a damaged kept file is read again, not believed."""
    scenarios = re_copy / "rules_data" / "resident-evil" / "scenarios"
    verdict_with_plays(re_copy, monkeypatch)
    puzzles = (scenarios / "puzzles.yaml").read_text(encoding="utf-8")
    start = puzzles.index("  - id: ")
    first = puzzles[start : puzzles.index("\n  - id: ", start) + 1]
    assert "actions-left: 2" in first
    corpses = scenarios / "corpses.yaml"  # read first: its copy is the case that counts
    text = corpses.read_text(encoding="utf-8")
    corpses.write_text(
        text.rstrip("\n") + "\n\n" + first.replace("actions-left: 2", "actions-left: 1"), encoding="utf-8"
    )
    for _ in range(2):  # the edited file read and played, then kept
        errors, _, plays = verdict_with_plays(re_copy, monkeypatch)
        said = [str(error) for error in errors]
        assert any("also used at" in error and "puzzles.yaml" in error for error in said), said
        assert any("corpses.yaml" in error and "actions-left" in error for error in said), said
    for kept in (Path(os.environ["XDG_CACHE_HOME"]) / "rulebook" / "verdicts").rglob("case-files/*.pickle"):
        kept.write_bytes(pickle.dumps(("not", "an outcome")))
    corpses.write_text(text, encoding="utf-8")
    edit(scenarios / "puzzles.yaml")  # a verdict not kept whole
    errors, _, plays = verdict_with_plays(re_copy, monkeypatch)
    assert errors == [] and len(plays) > 100  # every file read and played again


def checked(root: Path, monkeypatch) -> tuple[list[str], list[str], list]:
    """What `check` reports on root (errors, the model's lines) and what it loaded anew (the
    names of each load's games)."""
    from generator.pipeline import split_check

    loads: list = []
    real = split_check.load_games
    monkeypatch.setattr(split_check, "idle_cores_now", lambda: 0)  # one process: its loads are seen

    def load_games(*args, **kwargs):
        loaded = real(*args, **kwargs)
        loads.append(sorted(loaded[0].games))
        return loaded

    monkeypatch.setattr(split_check, "load_games", load_games)
    verdict = split_check.check(root)
    return [str(error) for error in verdict.errors], [line for game in verdict.games for line in game.report], loads


@pytest.mark.long(10)
def test_an_edit_of_a_scenario_file_reads_the_game_back_and_finds_what_a_load_finds(re_copy, monkeypatch):
    """A clean load is kept with the scenario files left out of its key: after an edit of a case,
    `check` reads the game back instead of loading it, screens the scenario files anew, and
    reports what a check keeping nothing reports; an edit of the game's data loads it again."""
    scenarios = re_copy / "rules_data" / "resident-evil" / "scenarios"
    errors, lines, loads = checked(re_copy, monkeypatch)
    assert errors == [] and ["resident-evil"] in loads
    edited = scenarios / "puzzles.yaml"
    text = edited.read_text(encoding="utf-8")
    edited.write_text(text.replace("actions-left: 2", "actions-left: 1", 1), encoding="utf-8")
    found = checked(re_copy, monkeypatch)
    assert ["resident-evil"] not in found[2]  # read back, not loaded
    assert any("puzzles.yaml" in error and "actions-left" in error for error in found[0]), found[0]
    broken = scenarios / "corpses.yaml"  # no longer parses: an error of the data, found by the screen,
    broken.write_text(broken.read_text(encoding="utf-8") + "  - id: [\n", encoding="utf-8")
    unparsed = checked(re_copy, monkeypatch)  # and the model's verdict waits for good data
    assert ["resident-evil"] not in unparsed[2]
    assert len(unparsed[0]) == 1 and "corpses.yaml" in unparsed[0][0], unparsed[0]
    with monkeypatch.context() as keeping_nothing:
        keeping_nothing.setattr(game_memo, "cache_folder", lambda name: None)
        assert checked(re_copy, keeping_nothing)[:2] == unparsed[:2]
    loads = list((Path(os.environ["XDG_CACHE_HOME"]) / "rulebook" / "verdicts" / "resident-evil" / "load").iterdir())
    assert len(loads) == 1
    for damaged in (b"not a pickle", pickle.dumps(("not", "a project")), pickle.dumps(("short",))):
        loads[0].write_bytes(damaged)  # not believed: loaded again
        edit(edited)  # a case file's edit: the folder's findings are not kept, its load is
        again = checked(re_copy, monkeypatch)
        assert again[:2] == unparsed[:2] and ["resident-evil"] in again[2]
    edit(re_copy / "rules_data" / "resident-evil" / "glossary.yaml")
    assert ["resident-evil"] in checked(re_copy, monkeypatch)[2]  # its data changed: loaded again


def test_a_game_read_back_keeps_the_places_of_its_numbers_and_texts(re_copy):
    """The messages of the model and of the checks point into the data through its texts and
    numbers (a page's order): a kept load brings them back with their places (a plain pickle makes
    a number a plain int)."""
    from generator import registry
    from generator.load import load_games
    from generator.load.entities import Text
    from generator.load.ranges import Number

    def load():
        return load_games(
            re_copy / "rules_data", re_copy, only={"resident-evil"}.__contains__, specs=registry.engines()
        )

    def placed(project) -> list:
        found: list = []
        seen: set = set()

        def walk(value) -> None:
            if isinstance(value, Number):
                found.append((int(value), value.where))
            elif isinstance(value, Text):
                found.append((str(value), value.node.where))
            elif id(value) in seen or isinstance(value, (str, int, float, type(None))):
                return
            seen.add(id(value))
            children = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
            for child in [*children, *(vars(value).values() if hasattr(value, "__dict__") else ())]:
                walk(child)

        walk(project)
        return found

    fresh, _ = load()
    first = game_memo.kept_load(re_copy, "resident-evil", load, list)[0]
    back = game_memo.kept_load(re_copy, "resident-evil", lambda: pytest.fail("loaded again"), list)[0]
    assert back is not first
    places = placed(back)
    assert sum(isinstance(value, int) for value, _ in places) > 10 and len(places) > 1000
    assert places == placed(fresh)
