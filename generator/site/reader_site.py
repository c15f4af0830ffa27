"""What a reader's site needs beyond MkDocs and the i18n plugin: one 404 page per language, a
sitemap only where the site's address is known, and offline use (a web app manifest per
language, the list of files each language needs offline, and the service worker).

Called from the MkDocs plugin (generator/site/plugin.py). mkdocs-static-i18n builds every language
into the same site folder, one after another, so static templates such as 404.html would be
overwritten by the last language built.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from generator.site import patches

SERVICE_WORKER = Path(__file__).with_name("service_worker.js")
NOT_FOUND = "404.html"
SITEMAP = "sitemap.xml"
PER_LANGUAGE = (NOT_FOUND, SITEMAP)  # each language's copy goes to its folder; the root keeps the default's
RESOLVER_ASSETS = "assets/resolver/"  # the engine for the browser: only for readers of a resolver page
RESOLVER_PAGE = "/resolver/"  # <game>/resolver/ in a language's folder
RESOLVER_LIST = "resolver-"  # assets/offline/resolver-<lang>.json


class ReaderSite:
    def __init__(self) -> None:
        self.default_output: dict[str, str] = {}  # template -> the default language's page

    # -- per language build ---------------------------------------------------------------------
    def pre_template(self, template_name: str, config) -> None:
        """The 404 page's language menu leads to each language's home, not to the page built last."""
        if template_name != NOT_FOUND:
            return
        homes = language_homes(config)
        # mkdocs-static-i18n leaves each page's menu on config.extra: a language built after
        # another would show the links of the other's last page.
        alternates = [dict(alternate) for alternate in patches.page_alternates(config)]
        for alternate in alternates:
            if alternate.get("lang") in homes:
                alternate["link"] = "/" + homes[alternate["lang"]]
        patches.set_page_alternates(config, alternates)

    def post_template(self, output: str, template_name: str, config) -> str:
        """Keep each language's 404 page and sitemap in its folder; the root ones stay the default
        language's (else the language built last would win, and the languages built at once race)."""
        if template_name not in PER_LANGUAGE:
            return output
        lang, default = config.theme["language"], patches.default_language(config)
        if lang == default or default is None:
            self.default_output[template_name] = output
            return output
        target = Path(config.site_dir) / language_homes(config)[lang] / template_name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(output, encoding="utf-8")
        return self.default_output.get(template_name, output)

    # -- once, after every language is built ----------------------------------------------------
    def finish(self, config) -> str:
        site = Path(config.site_dir)
        if not config.site_url:
            # A sitemap needs absolute addresses; without RULEBOOK_SITE_URL MkDocs writes "None/...".
            for home in language_homes(config).values():
                for name in (SITEMAP, SITEMAP + ".gz"):
                    (site / home / name).unlink(missing_ok=True)
        homes = language_homes(config)
        lists = {}
        for lang, home in homes.items():
            others = [h for other, h in homes.items() if other != lang and h]
            files = offline_files(site, lang, home, others)
            lists[lang] = files
            (site / "assets" / "offline").mkdir(parents=True, exist_ok=True)
            (site / "assets" / "offline" / f"{lang}.json").write_text(
                json.dumps(files, ensure_ascii=False, indent=0), encoding="utf-8"
            )
            resolver = resolver_files(site, lang, home, others)
            if resolver:  # kept only once the reader opens a resolver page (its script asks)
                lists[f"{RESOLVER_LIST}{lang}"] = resolver
                (site / "assets" / "offline" / f"{RESOLVER_LIST}{lang}.json").write_text(
                    json.dumps(resolver, ensure_ascii=False, indent=0), encoding="utf-8"
                )
            (site / home / "manifest.webmanifest").write_text(
                json.dumps(manifest(config, lang), ensure_ascii=False, indent=2), encoding="utf-8"
            )
        version = _version(site, lists)
        worker = SERVICE_WORKER.read_text(encoding="utf-8").replace("__VERSION__", version)
        (site / "sw.js").write_text(worker, encoding="utf-8")
        return f"offline: {', '.join(f'{lang} {len(files)} files' for lang, files in lists.items())}"


def language_homes(config) -> dict[str, str]:
    """language -> its home folder inside the site ("" for the default language, "ko/" ...)."""
    if patches.i18n_of(config) is None:
        return {config.theme["language"]: ""}
    default = patches.default_language(config)
    return {lang: "" if lang == default else f"{lang}/" for lang in patches.build_languages(config)}


def manifest(config, lang: str) -> dict:
    """An installable app per language: it opens that language's home page."""
    language = patches.language_config(config, lang)
    name = (language.site_name if language and language.site_name else None) or config.site_name
    return {
        "name": name,
        "short_name": (language.extra or {}).get("short_name", name) if language else name,
        "lang": lang,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#b71c1c",
        "icons": [
            {"src": _up(lang, config) + "assets/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": _up(lang, config) + "assets/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": _up(lang, config) + "assets/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {
                "src": _up(lang, config) + "assets/icons/icon-maskable-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }


def _up(lang: str, config) -> str:
    return "../" if language_homes(config).get(lang) else ""


def offline_files(site: Path, lang: str, home: str, other_homes: list[str]) -> list[str]:
    """Every file a reader of `lang` needs offline, as paths from the site root: the language's
    pages (diagrams are inline SVG), the shared assets, its name index and its Pagefind index."""
    files: list[str] = []
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(site).as_posix()
        if rel.startswith(RESOLVER_ASSETS) or RESOLVER_PAGE in f"/{rel}":
            continue  # a reader who never opens the resolver keeps none of it (resolver_files)
        if rel.startswith("pagefind/"):
            if _pagefind_file_for(rel, lang):
                files.append(rel)
        elif rel.startswith("assets/"):
            if rel.startswith(("assets/names/", "assets/offline/")):
                # The language's name index files: <lang>.json(.gz) and <lang>-more.json(.gz).
                if rel.startswith((f"assets/names/{lang}.", f"assets/names/{lang}-")):
                    files.append(rel)
            elif (
                not rel.endswith((".map", ".gz")) and "/javascripts/lunr/" not in rel and "/workers/search." not in rel
            ):
                files.append(rel)
        elif rel.endswith(".html"):
            in_other = any(rel.startswith(other) for other in other_homes)
            if (home and rel.startswith(home)) or (not home and not in_other):
                # Directory URLs are what links and the address bar use.
                files.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return files


def resolver_files(site: Path, lang: str, home: str, other_homes: list[str]) -> list[str]:
    """What a reader of `lang` keeps once a resolver page is open: the engine, the pages' files in
    that language, the resolver pages and the open data the engine reads."""
    files: list[str] = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel.endswith((".map", ".gz")):
            continue
        if rel.startswith(RESOLVER_ASSETS + "data/"):
            if rel.endswith(f".{lang}.json"):
                files.append(rel)
        elif rel.startswith(RESOLVER_ASSETS):
            files.append(rel)
        elif rel.startswith("open-data/") and rel.endswith(f".{lang}.json"):
            files.append(rel)
        elif RESOLVER_PAGE in f"/{rel}" and rel.endswith("index.html"):
            in_other = any(rel.startswith(other) for other in other_homes)
            if (home and rel.startswith(home)) or (not home and not in_other):
                files.append(rel[: -len("index.html")])
    return files if any(rel.startswith(RESOLVER_ASSETS) for rel in files) else []


def _pagefind_file_for(rel: str, lang: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    if rel.startswith(("pagefind/fragment/", "pagefind/index/", "pagefind/filter/")):
        return name.startswith(f"{lang}_")
    if name.endswith(".pf_meta"):
        return name.startswith(f"pagefind.{lang}_")
    if name.startswith("wasm."):
        return name in (f"wasm.{lang}.pagefind", "wasm.unknown.pagefind")
    return name in ("pagefind.js", "pagefind-worker.js", "pagefind-entry.json", "pagefind-highlight.js")


def _version(site: Path, lists: dict[str, list[str]]) -> str:
    """Changes whenever an offline file does, so readers get the new site on their next visit."""
    digest = hashlib.sha256()
    for lang in sorted(lists):
        for rel in lists[lang]:
            path = site / (rel + "index.html" if rel == "" or rel.endswith("/") else rel)
            digest.update(rel.encode())
            try:
                digest.update(hashlib.sha256(path.read_bytes()).digest())
            except OSError:  # the preview's search index may be rewritten meanwhile
                continue
    return digest.hexdigest()[:16]
