"""Rules sections and the cases that check them, the same way for every game with a model.

A rules section (rules_data/<game>/rules/*.yaml) either names the scenario cases that check what
it states, or says in one line why it states nothing a case can check (a list of components, a
story, an overview of the sections below it):

    - id: moving
      checked-by: [a-move-costs-an-action, a-wall-stops-a-move]
    - id: components
      no-check: a list of what the box holds

`check` reports a section with neither (or both), and a case id that names no case of the game's
scenario files; `python -m generator coverage` counts the sections of each game; the site shows how
many cases check a section and lists them, told step by step, on the game's cases page.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from generator.errors import DataError
from generator.load.entities import Entity, Game, Localized
from generator.load.examples import Example
from generator.load.files import display
from generator.load.references import suggestion
from generator.scenarios.game import Scenarios
from generator.scenarios.reading import read_scenario_file

CHECKED_BY, NO_CHECK = "checked-by", "no-check"
WHAT_TO_WRITE = (
    f"add '{CHECKED_BY}: [<case id>, ...]' naming the scenario cases that check what it states, or "
    f"'{NO_CHECK}: <why it states nothing a case can check (a list of components, a story, an overview)>'"
)


@dataclass(frozen=True)
class SectionCounts:
    """A game's rules sections: checked by cases, explained by a reason, and neither."""

    checked: int
    explained: int
    neither: int
    cases: int  # distinct cases the checked sections name

    @property
    def total(self) -> int:
        return self.checked + self.explained + self.neither


def linked_cases(section: Entity) -> list[str]:
    """The ids of the cases a section names, in its order."""
    return [case_id for case_id, _ in section.fields.get(CHECKED_BY) or []]


def section_counts(game: Game) -> SectionCounts:
    sections = game.of_kind("rule")
    checked = [s for s in sections if linked_cases(s)]
    explained = [s for s in sections if not linked_cases(s) and s.fields.get(NO_CHECK)]
    named = {case_id for s in checked for case_id in linked_cases(s)}
    return SectionCounts(len(checked), len(explained), len(sections) - len(checked) - len(explained), len(named))


def check_sections(game: Game, cases: dict[str, dict], refused: list[str], complete: bool = True) -> list[DataError]:
    """Each section is checked or says why not, never both; each case it names exists and
    expects something (a case that expects nothing checks nothing). `complete`: every scenario
    file was read (a file that could not be is reported itself, and may hold the case named)."""
    errors = []
    for section in game.of_kind("rule"):
        crumb = f"rule '{section.id}'"
        linked = section.fields.get(CHECKED_BY)
        if linked is not None and section.fields.get(NO_CHECK):
            errors.append(
                DataError(
                    section.field_where[NO_CHECK],
                    crumb,
                    f"a section is either checked by cases ('{CHECKED_BY}') or says why not ('{NO_CHECK}'), "
                    f"not both: remove one",
                )
            )
        elif not linked and not section.fields.get(NO_CHECK):
            where = section.field_where.get(CHECKED_BY, section.where)
            errors.append(
                DataError(where, crumb, f"no case checks this section, and it does not say why; {WHAT_TO_WRITE}")
            )
        for case_id, where in linked or []:
            if case_id in refused:
                continue  # its own errors are reported where it stands
            if case_id not in cases and complete:
                hint = suggestion(case_id, sorted(cases), f"name a case of rules_data/{game.id}/scenarios/")
                errors.append(DataError(where, f"{crumb} › {CHECKED_BY}", f"no scenario case '{case_id}'{hint}"))
            elif case_id in cases and not expects_something(cases[case_id]):
                errors.append(
                    DataError(
                        where,
                        f"{crumb} › {CHECKED_BY}",
                        f"case '{case_id}' ({cases[case_id]['_file']}) expects nothing, so it checks nothing; "
                        f"give it an 'expect' or a step's 'not-allowed', or name another case",
                    )
                )
    return errors


def expects_something(case: dict) -> bool:
    """Whether a case says what must come of it: an expectation, or a step that must be refused."""
    steps = case.get("actions") or []
    return bool(case.get("expect") or case.get("expect-any")) or any(
        isinstance(step, dict) and (step.get("expect") or step.get("expect-any") or "not-allowed" in step)
        for step in steps
    )


# The cases of each game, read once for its pages (every language reads the same ones), under the
# rules of each edition that plays them. The live preview loads the project again after every
# save: a game whose scenario files hold the same bytes, read under equal rules, keeps the cases
# read before (the same dicts, so what was played from them is kept too).
@dataclass
class _Read:
    game: Game
    rules: Any
    files: tuple[tuple[Path, bytes], ...]
    found: dict[str, dict]
    refused: dict[str, str]


_CASES: dict[tuple[str, str, int, object], _Read] = {}  # (root, game, hooks, edition) -> its cases
_KEPT_GAMES = 8


def game_cases(game: Game, hooks: Scenarios, rules: Any) -> dict[str, dict]:
    """Every case of the game's scenario files by id, as its format reads them (a case with an
    error is left out: check reports it)."""
    return read_cases_under(game, hooks, rules)[0]


def read_cases_under(game: Game, hooks: Scenarios, rules: Any) -> tuple[dict[str, dict], dict[str, str]]:
    """The game's cases read with these rules (the other edition's, for its rulings), and the
    first mistake of each case those rules refuse (an id, a card, a piece they do not know)."""
    root = game.root or Path(".")
    key = (str(root), game.id, id(hooks), getattr(rules, "edition", None))
    kept = _CASES.get(key)
    if kept is not None and kept.game is game and kept.rules is rules:
        return kept.found, kept.refused
    paths = sorted((root / "rules_data" / game.id / "scenarios").glob("*.yaml"))
    files = tuple((path, _bytes_of(path)) for path in paths)
    if kept is not None and kept.files == files and kept.rules == rules:
        kept.game, kept.rules = game, rules
        return kept.found, kept.refused
    found: dict[str, dict] = {}
    refused: dict[str, str] = {}
    for path in paths:
        ids: list[str] = []
        cases, errors = read_scenario_file(path, display(path, root), hooks, game.id, rules, refused=ids)
        for case in cases:
            found.setdefault(case["id"], case)
        for case_id in ids:
            refused.setdefault(case_id, next((e.message for e in errors if f"case '{case_id}'" in e.breadcrumb), ""))
    if len(_CASES) >= _KEPT_GAMES and key not in _CASES:
        _CASES.clear()
    _CASES[key] = _Read(game, rules, files, found, refused)
    return found, refused


def _bytes_of(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:  # read_scenario_file reports it with its place
        return repr(exc).encode()


# Each case as a worked example without words of its own, made once per loaded game: a game
# package keeps its runs by example, so every language tells the same run.
_TOLD: dict[tuple[int, str], tuple[Game, Example]] = {}  # (game, case@edition) -> its example


def as_example(game: Game, case: dict, section: Entity, played_by: str = "", drawn: bool = True) -> Example:
    """A case in the shape of a worked example (no title or setup of its own: the page heads it);
    `played_by`: the edition whose model plays it, when it is not the game's own. Its id names the
    section too: a case told under two sections of one page draws its board under each, and the
    drawings' element ids must differ. `drawn`: False for a case told in words (told_cases), which a
    game's hook may then leave undrawn."""
    key = (id(game), case["id"] + "@" + played_by + "#" + section.id + ("" if drawn else "-told"))
    if key not in _TOLD or _TOLD[key][0] is not game:
        if len(_TOLD) > 4096:
            _TOLD.clear()
        blank = Localized(dict.fromkeys(game.text, ""))  # type: ignore[arg-type]  # no words of its own
        scenario = {k: v for k, v in case.items() if not k.startswith("_") or k == "_file"}
        example = Example(
            f"{case['id']}--{section.id}",
            game.id,
            section.id,
            blank,
            blank,
            scenario,
            case["_where"],
            case["_file"],
            show=[],
            drawn=drawn,
        )
        _TOLD[key] = (game, example)
    return _TOLD[key][1]


def told_cases(
    package: Any, game: Game, rules: Any, section: Entity, lang: str, t: Callable, labels: Mapping
) -> list[Any]:
    """The cases a section names, each told by the game's worked-example hook (steps and their
    narration; the diagrams left out: a page lists many cases); a case the format refused is
    left out (check reports it)."""
    cases = game_cases(game, package.scenarios, rules)
    views = []
    for case_id in linked_cases(section):
        if case_id in cases:
            view = package.example_view(
                game, rules, as_example(game, cases[case_id], section, drawn=False), section, lang, t, labels
            )
            if view.steps:  # a case of no step checks the board as it stands: its drawing shows it
                view.initial = None
            view.steps = [replace(step, before=None, after=None) for step in view.steps]
            views.append(view)
    return views
