"""Load the rules data: parse every file with positions, check it, resolve references.

    project, errors = load_project(Path("rules_data"))

All errors of the run are returned together; a caller raises `DataErrors(errors)` if any.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

from generator.errors import DataError, Location
from generator.languages import LANGUAGES, NAME_LANGUAGES
from generator.load import files, search_figures
from generator.load.caps import cap_repeated
from generator.load.characters import visible
from generator.load.content_pages import CONTENT_FOLDER, check_content_links, check_content_pages
from generator.load.entities import Entity, Game, Page, Project, Source, Topic
from generator.load.examples import check_examples, load_examples
from generator.load.files import display as relative  # never follows links: see files.py
from generator.load.name_clashes import check_name_clashes
from generator.load.orders import check_page_orders, place_of, repeated_orders
from generator.load.page_shape import check_page_shape, generated_pages, pages_of
from generator.load.ranges import GameRanges, check_ranges
from generator.load.references import references_in, suggestion, with_article
from generator.load.schema import (
    ID_PATTERN,
    LINK_KINDS,
    MAX_ID_LENGTH,
    PAGE_FIELDS,
    PAGE_FILES,
    PAGE_OPTIONAL,
    RULES_LIST_KEY,
    SPECS,
    Context,
    EntitySpec,
    expect_kind,
    read_choice,
    read_entity,
    read_fields,
    read_id,
    read_id_list,
    read_int,
    read_localized,
    read_name,
    read_string,
    read_string_list,
    read_text,
)
from generator.load.search_figures import read_search_figures
from generator.load.site_config import check_site_config
from generator.load.spec import GameData, spec_of
from generator.load.text_safety import check_project_text
from generator.load.yamlpos import Node, parse, parse_errors

GAME_FILES = ("game.yaml", "parameters.yaml")
GAME_FOLDERS = ("rules", "scenarios", "examples")  # scenarios and examples belong to the model
SOURCES_HINT = "sources are listed in rules_data/sources.yaml"
SECTIONS_HINT = "use a heading listed under the source's sections in rules_data/sources.yaml"
TOPICS_HINT = "the page lists its topics under 'page: topics:'"
PARAMETERS_HINT = "parameters are in parameters.yaml, or are an entity's statistics (<id>.<statistic>)"
LABELS_FILE = Path(__file__).parent.parent / "render" / "labels.yaml"


def load_project(
    root: Path, project_root: Path | None = None, specs: Mapping[str, GameData] | None = None
) -> tuple[Project, list[DataError]]:
    """Read `root` (the rules_data folder), with the game packages by engine name (`specs`, the
    registry's). Paths in messages are relative to `project_root`. A file whose bytes did not change
    since it was last read is not parsed again (yamlpos.parse)."""
    project, errors = load_games(root, project_root, specs=specs)
    folders = [folder.name for folder in game_folders(root, project_root or root.parent, [])]
    errors += links_between_games(
        project.sources, [GameLinks.of(game) for game in project.games.values()], project.content_outlines, folders
    )
    return project, cap_repeated(errors)


def load_games(
    root: Path,
    project_root: Path | None = None,
    only: Callable[[str], bool] | None = None,
    specs: Mapping[str, GameData] | None = None,
) -> tuple[Project, list[DataError]]:
    """load_project() without the checks between games, its errors not yet capped. With `only`,
    just the game folders whose names it accepts are read and checked; what concerns no one game
    (the files beside the game folders, the folders' names, the hand-written pages) is read and
    reported whatever `only` says. So processes that share the games between them find, together,
    what one process finds (generator/pipeline/split_check.py)."""
    project_root = project_root or root.parent
    specs = specs or {}
    errors: list[DataError] = []
    loader = _Loader(project_root, errors, specs)
    project = Project()
    if not root.is_dir():
        errors.append(
            DataError(
                Location(relative(root, project_root), 1, 1),
                "",
                "the rules data folder is missing; create it with sources.yaml and one folder per game",
            )
        )
        return project, errors
    project.sources = loader.sources(root / "sources.yaml")
    project.search_figures = read_search_figures(
        root / search_figures.FILE, relative(root / search_figures.FILE, project_root), errors
    )
    project.labels = loader.labels(LABELS_FILE)
    for folder in game_folders(root, project_root, errors):
        if only is None or only(folder.name):
            game = loader.game(folder)
            if game:
                project.games[game.id] = game
    for engine in sorted({game.engine for game in project.games.values() if game.engine in specs}):
        package = specs[engine]  # the interface strings of the games' own packages
        if package.labels_file is not None and package.labels_file.exists():
            project.labels.update(loader.labels(package.labels_file))
    # Games appear in navigation, home pages and search in the order their game.yaml gives.
    project.games = dict(sorted(project.games.items(), key=lambda item: (item[1].order, item[0])))
    sources_read = loader.sources_read
    for game in project.games.values():
        if game.engine not in specs:
            continue  # reported in its game.yaml; nothing of the folder was read
        spec = spec_of(game, specs)
        _check_game(game, spec, project, Context(errors), sources_read)
        check_name_clashes(game, errors)
        check_page_orders(game, errors)
        check_examples(game, spec.table_only_kinds, Context(errors), _check_references)
    check_project_text(project, errors)
    project.content_outlines = check_content_pages(project_root / CONTENT_FOLDER, project_root, errors)
    check_site_config(project_root, errors)
    check_ranges(project, errors, lambda game: _ranges(spec_of(game, specs)))
    check_page_shape(project, errors, project_root, lambda game, entity: spec_of(game, specs).anchors(entity))
    project.gaps = [error for error in errors if error.gap]
    errors[:] = [error for error in errors if not error.gap]
    return project, errors


def screened_scenarios(folder: Path, project_root: Path) -> list[DataError]:
    """What loading the game folder finds in its scenarios/ (files that do not parse, entries that
    cannot be read): for a game whose load is kept from an earlier run, while its scenario files,
    which the model reads, may have changed since (pipeline/game_memo.kept_load)."""
    errors: list[DataError] = []
    if (folder / "scenarios").is_dir():
        _Loader(project_root, errors).screen(folder / "scenarios")
    return errors


def game_folders(root: Path, project_root: Path, errors: list[DataError]) -> list[Path]:
    """The folders of rules_data that are games; a folder whose name cannot be a game's is reported."""
    if not root.is_dir():
        return []  # load_games reports it
    loader = _Loader(project_root, errors)
    return [
        folder
        for folder in files.entries(root, project_root, errors)
        if folder.is_dir() and folder.name != "sources.yaml" and loader.game_folder_name_ok(folder)
    ]


@dataclass(frozen=True)
class GameLinks:
    """What the checks between games need of a loaded game (small enough to send between processes)."""

    id: str
    compare_with: str | None
    where: Location
    order: int = 0
    order_where: Location | None = None  # None: no order written
    pages: tuple[str, ...] = ()  # its pages' ids
    complete: bool = True  # False: a file could not be read, so some of its pages may be missing

    @staticmethod
    def of(game: Game) -> "GameLinks":
        return GameLinks(
            game.id,
            game.compare_with,
            game.where,
            int(game.order),
            place_of(game.order),
            pages_of(game)[1],
            game.complete,
        )


def links_between_games(
    sources: dict[str, Source],
    loaded: list[GameLinks],
    content_outlines: dict | None = None,
    folders: list[str] | None = None,
) -> list[DataError]:
    """A game compared with another, and a source about games, name games that loaded; no two
    games have one order; the hand-written pages link to pages the site has."""
    errors: list[DataError] = repeated_orders(
        [(game.order, game.order_where, f"game '{game.id}'") for game in sorted(loaded, key=lambda game: game.id)],
        "game",
        "folder",
    )
    known = [game.id for game in loaded]
    present = {*known, *(folders or ())}  # a folder whose game.yaml did not load is reported there
    for game in loaded:
        if game.compare_with and game.compare_with not in present:
            Context(errors).at(f"game '{game.id}'").error(
                game.where,
                f"compare-with names unknown game '{game.compare_with}'"
                f"{suggestion(game.compare_with, known, 'name another game folder')}",
            )
    for source in sources.values():  # a source is about games of the book (its page names them)
        for game_id, where in source.games:
            if game_id not in present:
                Context(errors).at(f"source '{source.id}'").at("game").error(
                    where, f"unknown game '{game_id}'{suggestion(game_id, known, 'name a game folder')}"
                )
    if content_outlines:
        made = generated_pages({game.id: (game.compare_with, game.pages) for game in loaded})
        # A game folder that did not load, or not wholly: which pages it has is not known.
        unsure = {*(folders or ()), *(game.id for game in loaded if not game.complete)} - {
            game.id for game in loaded if game.complete
        }
        errors += check_content_links(content_outlines, made, unsure)
    return errors


def _read_games(node: Node, ctx: Context) -> tuple[tuple[str, Location], ...]:
    """A source's game: one game folder's id, or a list of them (a source about both editions)."""
    if node.kind == "list":
        return tuple(read_id_list(node, ctx) or ())
    game_id = read_id(node, ctx)
    return ((game_id, node.where),) if game_id else ()


def _ranges(package: GameData) -> GameRanges:
    return package.number_ranges, package.parameter_ranges


def interface_labels() -> dict:
    """The generator's own interface strings (render/labels.yaml), without any game's data: for
    what must speak the page's language while the data cannot be loaded (the preview's errors)."""
    return _Loader(LABELS_FILE.parent, []).labels(LABELS_FILE)


class _Loader:
    def __init__(self, project_root: Path, errors: list[DataError], specs: Mapping[str, GameData] | None = None):
        self.project_root = project_root
        self.errors = errors
        self.specs = specs or {}
        self.sources_read = False  # whether sources.yaml held a list of sources

    def parse(self, path: Path) -> Node | None:
        root, errors = parse(path, relative(path, self.project_root))
        self.errors.extend(errors)
        return root

    def top(self, path: Path, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Node] | None:
        """A file's top-level mapping, with its keys checked."""
        root = self.parse(path)
        if root is None:
            return None
        ctx = Context(self.errors)
        if not expect_kind(root, ctx, "map", f"a mapping with {', '.join(required)} at the top"):
            return None
        for key, child in root.value.items():
            if key not in required and key not in optional:
                ctx.error(
                    child.key_where, f"unknown top-level key '{key}'; this file has {', '.join((*required, *optional))}"
                )
        for key in required:
            if key not in root.value:
                ctx.error(root.where, f"missing top-level key '{key}'; add it")
        return root.value

    def game_folder_name_ok(self, folder: Path) -> bool:
        ctx, where = Context(self.errors), Location(relative(folder, self.project_root), 1, 1)
        if folder.name in files.RESERVED_GAME_IDS:
            ctx.error(
                where,
                f"a game folder may not be named '{folder.name}': the site uses that name for "
                "a language, the search index or a page of its own; rename the folder",
            )
            return False
        if not ID_PATTERN.match(folder.name):
            ctx.error(
                where,
                f"bad game folder name '{folder.name}': it becomes the game's id in every address, "
                "so use ASCII kebab-case (lower-case letters, digits, single hyphens)",
            )
            return False
        return True

    def sources(self, path: Path) -> dict[str, Source]:
        missing = files.expect_file(path, relative(path, self.project_root), "'sources:', the list of source documents")
        if missing:
            self.errors.append(missing)
            return {}
        top = self.top(path, ("sources",))
        sources: dict[str, Source] = {}
        if not top or "sources" not in top:
            return sources
        ctx = Context(self.errors)
        if not expect_kind(top["sources"], ctx, "list", "a list of sources"):
            return sources
        self.sources_read = True
        for node in top["sources"].value:
            if not expect_kind(node, ctx, "map", "a source (id, file, game, language, title)"):
                continue
            id_node = node.value.get("id")
            source_id = read_id(id_node, ctx) if id_node else None
            if not source_id:
                ctx.error(node.where, "missing field 'id'; add it") if id_node is None else None
                continue
            inner = ctx.at(f"source '{source_id}'")
            values = read_fields(
                node,
                inner,
                {
                    "file": read_string,
                    "game": _read_games,
                    "language": read_choice(*NAME_LANGUAGES),
                    "title": read_localized(LANGUAGES, "title"),
                },
                {"sections": read_string_list},
                skip=("id",),
            )
            self._unique(sources, source_id, id_node.where, inner, "source")
            sources[source_id] = Source(
                source_id,
                values.get("file", ""),
                values.get("game", ()),
                values.get("language", ""),
                values.get("title", {}),
                id_node.where,
                values.get("sections"),
            )
        return sources

    def labels(self, path: Path) -> dict:
        """Interface strings of the generated pages, in every language."""
        top = self.top(path, ("labels",))
        labels: dict = {}
        if not top or "labels" not in top:
            return labels
        ctx = Context(self.errors)
        if expect_kind(top["labels"], ctx, "map", "a mapping of label ids to texts"):
            for key, node in top["labels"].value.items():
                value = read_text(node, ctx.at(f"label '{key}'"))
                if value:
                    labels[key] = value
        return labels

    def game(self, folder: Path) -> Game | None:
        game_file = folder / "game.yaml"
        ctx = Context(self.errors)
        if not game_file.exists():
            ctx.error(
                Location(relative(folder, self.project_root), 1, 1),
                "a game folder needs a game.yaml with the game's name and text; add one",
            )
            return None
        top = self.top(game_file, ("game",))
        if not top or "game" not in top:
            return None
        inner = ctx.at(f"game '{folder.name}'")
        if not expect_kind(top["game"], inner, "map", "a mapping with name and text"):
            return None
        values = read_fields(
            top["game"],
            inner,
            {"name": read_name, "text": read_text, "engine": read_id},
            {"compare-with": read_id, "incomplete-kinds": read_id_list, "order": read_int},
        )
        engine = values.get("engine")
        if engine is not None and engine not in self.specs:
            known = list(self.specs)
            inner.error(
                top["game"].value["engine"].where,
                f"unknown engine '{engine}'{suggestion(engine, known, 'use one of ' + ', '.join(known))}",
            )
        game = Game(
            folder.name,
            values.get("name", {}),
            values.get("text", {}),
            relative(game_file, self.project_root),
            compare_with=values.get("compare-with"),
            where=top["game"].where,
            engine=engine,
            root=self.project_root,
            incomplete_kinds=tuple(kind for kind, _ in values.get("incomplete-kinds", [])),
            order=values.get("order", 0),
        )  # a Number: its place, for an order written twice
        if engine not in self.specs:
            # Without its engine the game's own kinds are unknown: its files would all read as
            # unexpected and its references as unknown, burying the one mistake that matters.
            game.complete = False
            return game
        package = spec_of(game, self.specs)
        game.link_kinds, game.search_kinds = package.link_kinds, package.search_kinds
        page_files = {**PAGE_FILES, **package.page_files}
        specs = {**SPECS, **package.entity_specs}
        unreadable = len(self.errors)
        listed = files.entries(folder, self.project_root, self.errors)
        if len(self.errors) > unreadable:
            game.complete = False  # a link to nowhere hides a file: unknown ids are then expected
        for path in listed:
            where = Location(relative(path, self.project_root), 1, 1)
            if path.is_dir():
                if path.name not in GAME_FOLDERS:
                    ctx.error(where, f"unexpected folder '{path.name}'; a game folder holds {', '.join(GAME_FOLDERS)}")
                continue
            if path.name == "game.yaml":
                continue
            if files.yaml_name_problem(path):
                ctx.error(where, files.yaml_name_problem(path))
                game.complete = False  # its ids are missing: unknown references are expected
                continue
            if path.name == "parameters.yaml" or (path.name.startswith("parameters-") and path.suffix == ".yaml"):
                self.parameters(path, game)  # parameters may be split by topic: parameters-setup.yaml
            elif path.name in page_files:
                list_key, kind = page_files[path.name]
                self.page(path, game, path.stem, list_key, specs[kind])
            else:
                ctx.error(
                    Location(relative(path, self.project_root), 1, 1),
                    f"unexpected file '{path.name}'; a game folder holds {', '.join((*GAME_FILES, *page_files))}, "
                    f"parameters-*.yaml and rules/*.yaml",
                )
        rules = folder / "rules"
        if rules.is_dir():
            self.rules(rules, game)
        if (folder / "scenarios").is_dir():
            self.screen(folder / "scenarios")
        if (folder / "examples").is_dir():
            self.strays(folder / "examples", game, "worked examples")
            load_examples(folder / "examples", game, self.top, self.errors, lambda p: relative(p, self.project_root))
        game.pages.sort(key=lambda p: (p.order, p.id))
        return game

    def screen(self, folder: Path) -> None:
        """Every YAML file under the model's own folder read once by the safe parser, so that the
        game's engine, which reads them its own way, only ever sees files that parse cleanly."""
        for path in files.entries(folder, self.project_root, self.errors):
            if path.is_dir():
                self.screen(path)
            elif path.suffix == ".yaml":
                self.errors.extend(parse_errors(path, relative(path, self.project_root)))

    def strays(self, folder: Path, game: Game, what: str) -> None:
        """What a folder of .yaml pages holds besides them: reported, never silently skipped."""
        unreadable = len(self.errors)
        listed = files.entries(folder, self.project_root, self.errors)
        if len(self.errors) > unreadable:
            game.complete = False  # a link to nowhere hides a page: unknown ids are then expected
        for path in listed:
            where = Location(relative(path, self.project_root), 1, 1)
            if path.is_dir():
                Context(self.errors).error(
                    where,
                    f"sub-folders of {folder.name}/ are not read; move the files of '{path.name}' into {folder.name}/",
                )
            elif path.suffix != ".yaml":
                Context(self.errors).error(
                    where,
                    files.yaml_name_problem(path)
                    or f"unexpected file '{path.name}'; {folder.name}/ holds {what} as .yaml files",
                )
            else:
                continue
            game.complete = False

    def rules(self, folder: Path, game: Game) -> None:
        """Every .yaml file of rules/ is a page of rules sections; anything else there is reported."""
        self.strays(folder, game, "pages of rules sections")
        for path in sorted(folder.glob("*.yaml")):
            if files.link_problem(path, self.project_root):
                continue  # reported by strays
            if path.stem == "index":
                Context(self.errors).error(
                    Location(relative(path, self.project_root), 1, 1),
                    "a rules page may not be named 'index': the game's front page has that name; rename the file",
                )
            elif not ID_PATTERN.match(path.stem) or len(path.stem) > MAX_ID_LENGTH:
                Context(self.errors).error(
                    Location(relative(path, self.project_root), 1, 1),
                    f"bad file name '{path.name}': the name becomes the page's address, so use ASCII kebab-case "
                    f"(lower-case letters, digits, single hyphens; at most {MAX_ID_LENGTH} characters) before .yaml",
                )
                game.complete = False  # its ids are missing: unknown references are expected
            else:
                self.page(path, game, path.stem, RULES_LIST_KEY, SPECS["rule"])

    def parameters(self, path: Path, game: Game) -> None:
        top = self.top(path, ("parameters",))
        ctx = Context(self.errors)
        if (
            not top
            or "parameters" not in top
            or not expect_kind(top["parameters"], ctx, "list", "a list of parameters (- id: ..., value: ...)")
        ):
            game.complete = False
            return
        for node in top["parameters"].value:
            entity = read_entity(node, ctx, SPECS["parameter"], page="")
            if entity:
                self._add(game, entity, ctx)

    def page(self, path: Path, game: Game, page_id: str, list_key: str, spec: EntitySpec) -> None:
        kind = spec.kind
        top = self.top(path, ("page", list_key))
        if not top or list_key not in top:
            game.complete = False
        if not top:
            return
        ctx = Context(self.errors).at(f"page '{page_id}'")
        info: dict = {}
        if "page" in top and expect_kind(top["page"], ctx, "map", "a mapping with order, title and intro"):
            info = read_fields(top["page"], ctx, PAGE_FIELDS, PAGE_OPTIONAL)
        entities: list[Entity] = []
        if list_key in top:
            listed = top[list_key]
            game.complete &= listed.kind == "list"
            if expect_kind(listed, Context(self.errors), "list", f"a list of {kind} entries ('- id: ...')"):
                for node in listed.value:
                    entity = read_entity(node, Context(self.errors), spec, page=page_id)
                    if entity:
                        entities.append(entity)
                        self._add(game, entity, Context(self.errors))
        if page_id in {p.id for p in game.pages}:
            Context(self.errors).error(
                Location(relative(path, self.project_root), 1, 1),
                f"a page named '{page_id}' exists already; rename this file",
            )
        game.pages.append(
            Page(
                page_id,
                game.id,
                relative(path, self.project_root),
                info.get("order", 0),
                info.get("title", {}),
                info.get("intro", {}),
                kind,
                entities,
                Location(relative(path, self.project_root), 1, 1),
                info.get("topics", []),
            )
        )

    def _add(self, game: Game, entity: Entity, ctx: Context) -> None:
        for item in [entity, *_descendants(entity)]:
            table = game.parameters if item.kind == "parameter" else game.entities
            if self._unique(table, item.id, item.where, ctx.at(f"{item.kind} '{item.id}'"), item.kind):
                table[item.id] = item
            else:
                game.duplicate_ids.add(item.id)

    @staticmethod
    def _unique(table: dict, key: str, where: Location, ctx: Context, kind: str) -> bool:
        if key in table:
            first = table[key].where
            ctx.error(where, f"duplicate id '{key}': already used at {first}; give this {kind} another id")
            return False
        return True


def _descendants(entity: Entity):
    for child in entity.children:
        yield child
        yield from _descendants(child)


def _check_game(game: Game, package: GameData, project: Project, ctx: Context, sources_read: bool = True) -> None:
    """`sources_read`: False when sources.yaml could not be read, so citations cannot be judged."""
    _derive_parameters(game, package)
    explicit = [p for p in game.parameters.values() if not p.fields.get("derived")]
    for entity in [*game.entities.values(), *explicit]:
        inner = ctx.at(f"{entity.kind} '{entity.id}'")
        for ref in entity.sources if sources_read else ():
            source = project.sources.get(ref.source)
            if source is None:
                inner.error(
                    ref.where,
                    f"unknown source '{ref.source}'{suggestion(ref.source, list(project.sources), SOURCES_HINT)}",
                )
            elif source.sections is not None and ref.section and ref.section not in source.sections:
                inner.error(
                    ref.where,
                    f"'{ref.section}' is not a section of source '{ref.source}'"
                    f"{suggestion(ref.section, source.sections, SECTIONS_HINT)}",
                )
        for field_name, localized in entity.localized_fields().items():
            for lang, text in localized.items():
                _check_references(text, game, inner.at(field_name).at(lang))
        if entity.kind in ("note", "faq"):
            _check_concerns(entity, game, inner)
        if entity.kind == "note" and sources_read:
            _check_note(entity, game, project, inner)
        if entity.kind == "faq" and "check" in entity.field_where and "no-check" in entity.field_where:
            inner.error(
                entity.field_where["no-check"],
                "a ruling is either checked by a scenario ('check') or no "
                "rules question ('no-check'), not both: remove one",
            )
        elif entity.kind == "faq" and "check" not in entity.field_where and "no-check" not in entity.field_where:
            inner.error(
                entity.where,
                "a ruling needs either 'check' (the id of the scenario case that proves it) "
                "or 'no-check' (why it is not a rules question)",
            )
        package.check_entity(entity, game, inner)
    for page in game.pages:
        for lang, text in page.intro.items():
            _check_references(text, game, ctx.at(f"page '{page.id}'").at("intro").at(lang))
        _check_topics(page, ctx.at(f"page '{page.id}'"))
    for lang, text in game.text.items():
        _check_references(text, game, ctx.at(f"game '{game.id}'").at("text").at(lang))
    package.check_game(game, ctx)


def _check_topics(page: Page, ctx: Context) -> None:
    """A page's topics group its rulings: ids unique, each ruling under a topic the page declares,
    and no topic without a ruling (it would be an empty heading)."""
    topics: dict[str, Topic] = {}
    for topic in page.topics:
        if topic.id in topics:
            ctx.at("topics").error(topic.where, f"duplicate topic '{topic.id}'; give each topic its own id")
        topics.setdefault(topic.id, topic)
    if page.topics and page.kind != "faq":
        ctx.at("topics").error(page.topics[0].where, "only a FAQ page groups its entries under topics; remove 'topics'")
        return
    used = set()
    for entity in page.entities:
        where = entity.field_where.get("topic", entity.where)
        inner = ctx.at(f"{entity.kind} '{entity.id}'")
        topic = entity.fields.get("topic")
        if topic is None:
            if page.topics:
                inner.error(entity.where, f"this page groups its rulings by topic: add 'topic:' ({', '.join(topics)})")
        elif topic not in topics:
            inner.at("topic").error(
                where,
                f"unknown topic '{topic}'{suggestion(topic, list(topics), TOPICS_HINT)}"
                if topics
                else f"topic '{topic}' is not declared: list the page's topics under 'page: topics:'",
            )
        else:
            used.add(topic)
    for topic in topics.values():
        if topic.id not in used:
            ctx.at("topics").error(topic.where, f"no ruling has topic '{topic.id}'; give it one or remove the topic")


def _derive_parameters(game: Game, package: GameData) -> None:
    """Entity statistics are parameters too (`<id>.<statistic>`); the game says which."""
    for entity in game.entities.values():
        for key, value in package.derived_parameters(entity).items():
            game.parameters[key] = Entity(
                "parameter", key, entity.where, sources=entity.sources, fields={"value": value, "derived": True}
            )


def _check_references(text, game: Game, ctx: Context) -> None:
    kinds = reference_kinds(game)
    for ref in references_in(text):
        where = text.node.location_of(ref.fragment, ref.occurrence)
        if ref.kind not in kinds:
            ctx.error(where, f"unknown reference kind '{ref.kind}' in {ref.fragment}; use one of {', '.join(kinds)}")
        elif ref.label is not None and (ref.kind == "param" or not ref.label):
            ctx.error(
                where,
                f"{ref.fragment}: only links take a text after '|', and it may not be empty; "
                f"write {{{ref.kind}:{ref.target}}}" + ("" if ref.kind == "param" else " or add the text"),
            )
        elif not game.complete:
            continue  # the target may stand in the file that could not be read
        elif ref.kind == "param":
            if ref.target not in game.parameters:
                ctx.error(
                    where,
                    f"unknown parameter '{ref.target}' in {ref.fragment}"
                    f"{suggestion(ref.target, list(game.parameters), PARAMETERS_HINT)}",
                )
        else:
            target = game.entities.get(ref.target)
            if ref.target in game.duplicate_ids:
                continue  # which of the two it means is unclear until the duplicate id is fixed
            if target is None:
                known = [e.id for e in game.entities.values() if e.kind == ref.kind]
                ctx.error(
                    where,
                    f"unknown {ref.kind} '{visible(ref.target)}' in {visible(ref.fragment)}"
                    f"{suggestion(ref.target, known, f'no {ref.kind} has this id')}",
                )
            elif target.kind != ref.kind:
                ctx.error(
                    where,
                    f"'{ref.target}' is {with_article(target.kind)}, not {with_article(ref.kind)}; write "
                    f"{{{target.kind}:{ref.target}}}",
                )


def reference_kinds(game: Game) -> tuple[str, ...]:
    """What `{kind:id}` may name in this game: a parameter, a shared kind, or one of the game's own."""
    return ("param", *game.link_kinds, *LINK_KINDS)


def _check_concerns(entity: Entity, game: Game, ctx: Context) -> None:
    if not game.complete:
        return  # the target may stand in the file that could not be read
    concerns = entity.fields.get("concerns", [])
    if "concerns" in entity.field_where and not concerns:
        ctx.error(
            entity.field_where["concerns"],
            f"the {entity.kind} concerns nothing, and its 'concerns' line would "
            f"show empty; name the entries it is about",
        )
    named: set[str] = set()
    for target, where in concerns:
        if target in named:
            ctx.error(where, f"'{target}' is named twice in concerns; name it once")
        elif target == entity.id:
            ctx.error(where, f"the {entity.kind} names itself in concerns; name the entries it is about")
        elif target not in game.entities:
            ctx.error(
                where,
                f"the {entity.kind} concerns unknown id '{target}'"
                f"{suggestion(target, list(game.entities), _concern_hint(game))}",
            )
        named.add(target)


def _concern_hint(game: Game) -> str:
    kinds = [k for k in (*game.link_kinds, "term") if k != "note"]
    return f"name a {', '.join(kinds)} or rules section"


def _check_note(note: Entity, game: Game, project: Project, ctx: Context) -> None:
    for key in ("follows",):
        source = note.fields.get(key)
        if source and source not in project.sources:
            ctx.error(
                note.field_where[key],
                f"unknown source '{source}'{suggestion(source, list(project.sources), SOURCES_HINT)}",
            )
    overruled: set[str] = set()
    for source, where in note.fields.get("over", []):
        if source not in project.sources:
            ctx.error(where, f"unknown source '{source}'{suggestion(source, list(project.sources), SOURCES_HINT)}")
        elif source == note.fields.get("follows"):
            ctx.error(
                where,
                f"'{source}' is the source the note follows; 'over' names the sources it is followed "
                f"over, so remove it here",
            )
        elif source in overruled:
            ctx.error(where, f"'{source}' is named twice in over; name it once")
        overruled.add(source)
