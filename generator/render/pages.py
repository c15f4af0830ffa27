"""Render the loaded project into Markdown pages, one set per language.

Output: {docs path inside the language folder's parent: GeneratedPage}. The data is only read.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Mapping

import jinja2
from markupsafe import Markup

from generator.languages import LANGUAGES, PUBLISHED, language
from generator.load.entities import Entity, Game, Page, Project
from generator.load.search_figures import FILE as SEARCH_FIGURES
from generator.render import compare, references
from generator.render.numbers import percent
from generator.render.plain import as_markdown, text
from generator.render.spec import NO_PAGES, GamePages
from generator.runtime.template_cache import COMPILED

TEMPLATES = Path(__file__).parent / "templates"
SOURCES_PAGE = "sources.md"
ABOUT_PAGE = "about.md"
CASES_PAGE = "cases"  # a game's page of the cases its model plays for its rules sections
CHECKED_BY = "checked-by"  # a rules section's cases (generator/scenarios/sections.py checks them)
LIST_SEPARATOR = {code: language(code).list_separator for code in LANGUAGES}


@dataclass(frozen=True)
class GeneratedPage:
    path: str  # e.g. "ko/<game>/skills.md"
    markdown: str
    edit_source: str  # the YAML file a maintainer edits to change the page


Packages = Mapping[str, GamePages]  # the game packages by engine name (the registry's)


def environment(packages: Packages) -> jinja2.Environment:
    """Templates escape by default: a value is text unless the code marks it as Markdown.

    The data is untrusted. A plain value (a name, a label, a number) goes through `text`, which
    makes '<' harmless while keeping the Markdown readable; Markdown the renderer produced on
    purpose (a resolved text, a link, a diagram) is marked with `as_markdown()`. Operations that mix
    both (join, ~, replace) escape the plain side fully, as Jinja's autoescape does.
    """
    # A game's own templates (generator/games/<engine>/templates/) are named "<engine>/<file>".
    game_templates = {
        name: jinja2.FileSystemLoader(package.templates_dir)
        for name, package in packages.items()
        if package.templates_dir is not None and package.templates_dir.is_dir()
    }
    return jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(TEMPLATES), jinja2.PrefixLoader(game_templates)]),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        finalize=text,
        bytecode_cache=COMPILED,
    )


def render_project(
    project: Project,
    packages: Packages,
    earlier: dict[str, list[GeneratedPage]] | None = None,
    languages: tuple[str, ...] = PUBLISHED,
) -> list[GeneratedPage]:
    """Every page of the project in `languages` (the published ones; the live preview adds the
    drafts), with the game packages by engine name. `earlier` gives, by game id, pages
    render_game() made from the very same inputs (the live preview keeps them); those games are
    not rendered again."""
    env = _environment(packages)
    earlier = earlier or {}
    by_game = {
        game_id: earlier[game_id] if game_id in earlier else render_game(project, game, packages, env, languages)
        for game_id, game in project.games.items()
    }
    pages: list[GeneratedPage] = []
    for lang in languages:
        for game_pages in by_game.values():
            pages.extend(page for page in game_pages if page.path.startswith(f"{lang}/"))
        pages.extend(_render_shared(env, project, packages, lang, languages))
    return pages


def render_game(
    project: Project,
    game: Game,
    packages: Packages,
    env: jinja2.Environment | None = None,
    languages: tuple[str, ...] = PUBLISHED,
) -> list[GeneratedPage]:
    """One game's pages in every language. They read the game, the labels, the list of sources
    and the templates, never another game: the shared pages are _render_shared's."""
    env = env or _environment(packages)
    package = _package(packages, game)
    return [page for lang in languages for page in _render_game(env, project, game, package, lang, languages)]


def _package(packages: Packages, game: Game | None) -> GamePages:
    return packages.get(game.engine or "", NO_PAGES) if game is not None else NO_PAGES


def _render_shared(
    env, project: Project, packages: Packages, lang: str, languages: tuple[str, ...]
) -> list[GeneratedPage]:
    """The pages about every game at once: the sources, the editions compared, and the site itself
    (with the search's quality as scripts/benchmark.py measured it)."""
    context = _context(project, None, NO_PAGES, lang, "", languages, depth=0)
    game_names = {game_id: game.name[lang] for game_id, game in project.games.items()}
    pages = [
        GeneratedPage(
            f"{lang}/{SOURCES_PAGE}",
            env.get_template("sources.md.j2").render(
                sources=list(project.sources.values()), game_names=game_names, **context
            ),
            "rules_data/sources.yaml",
        )
    ]
    pairs = [(project.games[g.compare_with], g) for g in project.games.values() if g.compare_with in project.games]
    if pairs:
        pages.append(_render_editions(env, project, _package(packages, pairs[0][1]), pairs, lang, context))
    pages.append(
        GeneratedPage(
            f"{lang}/{ABOUT_PAGE}",
            env.get_template("about.md.j2").render(
                figures=project.search_figures,
                share=lambda value: percent(Fraction(value).limit_denominator(100_000), lang),
                **context,
            ),
            f"rules_data/{SEARCH_FIGURES}",
        )
    )
    return pages


_ENVIRONMENTS: dict[tuple, jinja2.Environment] = {}


def _environment(packages: Packages) -> jinja2.Environment:
    """One environment for every render of this process with these packages: its templates
    compile once, and Jinja still reloads a template whose file changed (the preview's edits)."""
    key = tuple((name, str(package.templates_dir)) for name, package in sorted(packages.items()))
    if key not in _ENVIRONMENTS:
        _ENVIRONMENTS[key] = environment(packages)
    return _ENVIRONMENTS[key]


def _render_editions(env, project: Project, package: GamePages, pairs, lang: str, context: dict) -> GeneratedPage:
    labels = project.labels

    def link(game: Game, entity: Entity | None) -> str:
        if entity is None:
            return "—"
        return as_markdown(references.entity_link(game, entity, lang, compare.PAGE, labels))

    markdown = env.get_template("editions.md.j2").render(
        pairs=pairs,
        kinds=compare.kinds(package),
        link=link,
        partial=compare.partial,
        rows=lambda old, new, kind: compare.rows(old, new, kind, lang, labels, package),
        **context,
    )
    return GeneratedPage(f"{lang}/{compare.PAGE}", _tidy(markdown), pairs[0][1].file)


def _render_game(
    env, project: Project, game: Game, package: GamePages, lang: str, languages: tuple[str, ...]
) -> list[GeneratedPage]:
    pages = [
        GeneratedPage(
            f"{lang}/{game.id}/index.md",
            _tidy(env.get_template("game.md.j2").render(**_context(project, game, package, lang, "index", languages))),
            game.file,
        )
    ]
    template = env.get_template("page.md.j2")
    for page in game.pages:
        markdown = template.render(page=page, **_context(project, game, package, lang, page.id, languages))
        pages.append(GeneratedPage(f"{lang}/{references.page_path(game, page.id)}", _tidy(markdown), page.file))
    checked = _checked_sections(game)
    if checked and _rules(game, package) is not None:
        context = _context(project, game, package, lang, CASES_PAGE, languages)
        markdown = env.get_template("cases.md.j2").render(checked=checked, **context)
        pages.append(GeneratedPage(f"{lang}/{references.page_path(game, CASES_PAGE)}", _tidy(markdown), game.file))
    return pages


def _checked_sections(game: Game) -> list[tuple[Page, list[Entity]]]:
    """The rules pages, in order, with their sections that name the cases checking them."""
    found = []
    for page in game.pages:
        sections = [e for e in _depth_first(page.entities) if e.kind == "rule" and e.fields.get(CHECKED_BY)]
        if sections:
            found.append((page, sections))
    return found


def _depth_first(entities: list[Entity]) -> list[Entity]:
    return [found for entity in entities for found in (entity, *_depth_first(entity.children))]


def _context(
    project: Project,
    game: Game | None,
    package: GamePages,
    lang: str,
    page_id: str,
    languages: tuple[str, ...] = PUBLISHED,
    depth: int = 1,
) -> dict:
    labels = project.labels
    rules = _rules(game, package)

    def odds_for(entity: Entity) -> list:
        """Odds tables the game's model computes for an entity (a weapon's dice, ...)."""
        return _odds(package, game, rules, entity) if rules is not None else []

    notes_by_target: dict[str, list[Entity]] = {}
    faq_by_target: dict[str, list[Entity]] = {}
    if game:
        for kind, table in (("note", notes_by_target), ("faq", faq_by_target)):
            for entity in game.of_kind(kind):
                for target, _ in entity.fields.get("concerns", []):
                    table.setdefault(target, []).append(entity)

    def t(source: str, from_page: str | None = None) -> Markup:
        return as_markdown(references.resolve(source, game, lang, from_page or page_id, labels).strip())

    def link_to(entity: Entity, markdown: bool = False) -> str:
        link = references.entity_link(game, entity, lang, page_id, labels)
        return as_markdown(link) if markdown else link[link.index("](") + 2 : -1]

    def note_label(note: Entity) -> str:
        """What a note is about: its title, else the names of what it concerns."""
        title = note.fields.get("title")
        if title:
            return title[lang]
        targets = [game.entities[t] for t, _ in note.fields.get("concerns", []) if t in game.entities]
        return LIST_SEPARATOR[lang].join(e.title(lang) for e in targets)

    colon = labels["label-colon"][lang]  # "：" in Japanese, ": " in Korean and Ukrainian

    def note_title(note: Entity) -> str:
        if note.fields.get("title"):
            return note_label(note)
        return f"{labels['source-note'][lang]}{colon}{note_label(note)}"

    def bold_label(key: str) -> Markup:
        """A label in bold with its colon, and the space its language puts before the value."""
        word = labels.get(f"{key}@{game.id}" if game else key, labels[key])[lang]
        return as_markdown(f"**{text(word)}{colon.strip()}**" + (" " if colon.endswith(" ") else ""))

    def source_title(source_id: str) -> str:
        """Readers see a source's title in their language, never its id."""
        source = project.sources.get(source_id)
        return source.title[lang] if source else source_id  # plain text: the template escapes it

    return {
        "lang": lang,
        "game": game,
        "languages": languages,
        "sep": LIST_SEPARATOR[lang],
        "source_title": source_title,
        "cited_sources": cited_sources,
        # A game may override a label: "<label>@<game>" (its own word for a shared idea).
        "L": lambda key: text(labels.get(f"{key}@{game.id}" if game else key, labels[key])[lang]),
        "t": t,
        "link_to": link_to,
        "note_title": note_title,
        "note_label": note_label,
        "colon": colon,
        "colon_mark": colon.strip(),
        "colon_gap": " " if colon.endswith(" ") else "",
        "B": bold_label,
        "notes_about": lambda entity_id: notes_by_target.get(entity_id, []),
        "faq_about": lambda entity_id: faq_by_target.get(entity_id, []),
        "odds_for": odds_for,
        "percent": lambda chance: percent(chance, lang),
        "table_only_kinds": package.table_only_kinds,
        **(package.template_functions(game, lang, link_to, labels) if game else {}),
        "examples_for": lambda entity: (
            package.example_views(game, rules, entity, lang, t, labels) if rules is not None else []
        ),
        # The cases that check a rules section, told for the cases page; how many a section names.
        "cases_for": lambda section: package.case_views(game, rules, section, lang, t, labels) if rules else [],
        "cases_checking": lambda section: len(section.fields.get(CHECKED_BY) or []) if rules is not None else 0,
        "cases_page": CASES_PAGE,
        "other_edition_for": lambda ruling: _other_edition(project, game, package, rules, ruling, lang, t, labels),
        "game_name": lambda game_id: project.games[game_id].name[lang],
        "to_sources": "../" * depth + SOURCES_PAGE,
    }


def _other_edition(project: Project, game, package: GamePages, rules, ruling: Entity, lang: str, t, labels):
    """A ruling's case as the other edition's model plays it (both editions share the package)."""
    if game is None:
        return None
    newer = next((g for g in project.games.values() if g is not game and g.compare_with == game.id), None)
    other = newer or project.games.get(game.compare_with or "")
    if other is None or rules is None or not ruling.fields.get("check"):
        return None
    return package.other_edition(game, rules, other, _rules(other, package), ruling, lang, t, labels)


def cited_sources(entity: Entity) -> list[tuple[str, list[str]]]:
    """An entity's citations grouped by source, in the order the data gives them."""
    grouped: dict[str, list[str]] = {}
    for ref in entity.sources:
        sections = grouped.setdefault(ref.source, [])
        if ref.section and ref.section not in sections:
            sections.append(ref.section)
    return list(grouped.items())


def example_markdown(project: Project, game: Game, example, lang: str, packages: Packages) -> str:
    """One worked example exactly as its section's page shows it (tests/golden/examples keep these)."""
    section = game.entities[example.section]
    template = environment(packages).from_string('{% import "macros.md.j2" as m with context %}{{ m.example(view) }}')
    package = _package(packages, game)
    context = _context(project, game, package, lang, section.page)
    view = package.example_view(game, _rules(game, package), example, section, lang, context["t"], project.labels)
    return _tidy(template.render(view=view, **context))


# The games of the project being rendered: their rules model and the odds tables it computed
# (the same numbers on every language's page). Keyed by id, holding the game so the id stays its.
_RULES_CACHE: dict[int, tuple[Game, object]] = {}
_ODDS_CACHE: dict[tuple[int, str], list] = {}
_CACHED_GAMES = 8


def _rules(game: Game | None, package: GamePages):
    """The rules model of a game whose package has one (built once per loaded game), else None."""
    if game is None:
        return None
    key = id(game)
    if key not in _RULES_CACHE:
        if len(_RULES_CACHE) >= _CACHED_GAMES:  # an earlier project's games
            _RULES_CACHE.clear()
            _ODDS_CACHE.clear()
        _RULES_CACHE[key] = (game, package.rules_for(game))
    return _RULES_CACHE[key][1]


def _odds(package, game: Game, rules, entity: Entity) -> list:
    key = (id(game), entity.id)
    if key not in _ODDS_CACHE:
        _ODDS_CACHE[key] = package.odds_for(rules, entity)
    return _ODDS_CACHE[key]


def _tidy(markdown: str) -> str:
    """Collapse the blank lines templates leave behind, so output diffs stay readable. Only line
    feeds end a line and only spaces and tabs are trimmed, as Markdown reads them: a line of
    ideographic spaces is no blank line to it, and check reads each text that way."""
    lines: list[str] = []
    for line in markdown.split("\n"):
        if line.strip(" \t") == "" and lines and lines[-1] == "":
            continue
        lines.append(line.rstrip(" \t"))
    return "\n".join(lines).strip(" \t\n") + "\n"
