"""What a reader's site needs beyond MkDocs and the i18n plugin: one 404 page per language, a
sitemap only where the site's address is known, and offline use (a web app manifest per
language, the list of files each language needs offline with a hash and the size of each, a page
per language that says what is not kept offline, and the service worker).

Called from the MkDocs plugin (generator/site/plugin.py). mkdocs-static-i18n builds every language
into the same site folder, one after another, so static templates such as 404.html would be
overwritten by the last language built.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from generator.search import TEXT_DIR
from generator.site import patches

SERVICE_WORKER = Path(__file__).with_name("service_worker.js")
NOT_FOUND = "404.html"
OFFLINE = "offline.html"  # what the service worker answers offline for a page it did not keep
SITEMAP = "sitemap.xml"
PER_LANGUAGE = (NOT_FOUND, OFFLINE, SITEMAP)  # each language's copy goes to its folder; the root keeps the default's
HOME_PAGES = (NOT_FOUND, OFFLINE)  # pages whose language menu leads to each language's home
HASH_LENGTH = 16  # hex digits of a file's SHA-256 in the lists: the worker compares its copies with it
RESOLVER_ASSETS = "assets/resolver/"  # the engine for the browser: only for readers of a resolver page
RESOLVER_PAGE = "/resolver/"  # <game>/resolver/ in a language's folder
RESOLVER_LIST = "resolver-"  # assets/offline/resolver-<lang>.json


class ReaderSite:
    def __init__(self) -> None:
        self.default_output: dict[str, str] = {}  # template -> the default language's page

    # -- per language build ---------------------------------------------------------------------
    def pre_template(self, template_name: str, config) -> None:
        """The 404 and offline pages' language menu leads to each language's home, not to the page
        built last."""
        if template_name not in HOME_PAGES:
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
        home = language_homes(config)[lang]
        target = Path(config.site_dir) / home / template_name
        target.parent.mkdir(parents=True, exist_ok=True)
        if template_name == OFFLINE:
            # Made at the site's root (its links lead from there), kept in the language's folder.
            output = output.replace("<head>", f'<head><base href="{"../" * home.count("/")}">', 1)
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
        for lang, home in homes.items():
            (site / home / "manifest.webmanifest").write_text(
                json.dumps(manifest(config, lang), ensure_ascii=False, indent=2), encoding="utf-8"
            )
        lists = write_offline_lists(site, homes)
        (site / "sw.js").write_text(SERVICE_WORKER.read_text(encoding="utf-8"), encoding="utf-8")
        return "offline: " + ", ".join(
            f"{lang} {len(listed['files'])} files ({listed['bytes'] / 1_000_000:.1f} MB)"
            for lang, listed in lists.items()
        )


def write_offline_lists(site: Path, homes: dict[str, str]) -> dict[str, dict]:
    """Write assets/offline/<lang>.json for every language (a rebuild's lists: the service worker
    fetches again only the files whose hash changed) and return them."""
    lists = {}
    folder = site / "assets" / "offline"
    folder.mkdir(parents=True, exist_ok=True)
    hashes: dict[str, tuple[str, int]] = {}  # a file shared by every language is read once
    for lang, home in homes.items():
        others = [h for other, h in homes.items() if other != lang and h]
        files = offline_files(site, lang, home, others) + [h for other, h in homes.items() if other != lang]
        files.append(home + "manifest.webmanifest")  # installing the app from a kept page
        entries = _entries(site, files, hashes)
        listed = {"lang": lang, "homes": homes, "bytes": sum(entry[2] for entry in entries), "files": entries}
        (folder / f"{lang}.json").write_text(
            json.dumps(listed, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
        )
        lists[lang] = listed
        resolver = resolver_files(site, lang, home, others)
        if resolver:  # kept only once the reader opens a resolver page (its script asks)
            entries = _entries(site, resolver, hashes)
            listed = {"lang": lang, "homes": homes, "bytes": sum(entry[2] for entry in entries), "files": entries}
            (folder / f"{RESOLVER_LIST}{lang}.json").write_text(
                json.dumps(listed, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
            )
            lists[f"{RESOLVER_LIST}{lang}"] = listed
    return lists


def _entries(site: Path, files: list[str], hashes: dict[str, tuple[str, int]]) -> list[list]:
    """[path, hash, bytes] per file; a gzipped name index carries its plain twin as a fourth item
    (a browser that cannot inflate fetches that one instead, never both)."""
    listed = set(files)
    entries: list[list] = []
    for rel in files:
        if rel.endswith(".json") and rel + ".gz" in listed:
            continue  # the twin of a gzipped file: listed with it
        entry: list = [rel, *_hash(site, rel, hashes)]
        if rel.endswith(".json.gz") and rel[: -len(".gz")] in listed:
            plain = rel[: -len(".gz")]
            entry.append([plain, *_hash(site, plain, hashes)])
        entries.append(entry)
    return entries


# The preview writes only the pages a save changed, and lists every file again after each build:
# a file whose size and time are as when it was last hashed is not read again (a full build
# writes every file anew, so there it saves nothing and costs a look-up).
_HASHED: dict[Path, tuple[tuple[int, int, int], str]] = {}  # file -> ((size, mtime in ns, inode), hash)


def _hash(site: Path, rel: str, hashes: dict[str, tuple[str, int]]) -> tuple[str, int]:
    if rel not in hashes:
        path = site / (rel + "index.html" if rel == "" or rel.endswith("/") else rel)
        try:
            status = path.stat()
            stamp = (status.st_size, status.st_mtime_ns, status.st_ino)
            known = _HASHED.get(path)
            if known is None or known[0] != stamp:
                known = (stamp, hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_LENGTH])
                _HASHED[path] = known
            hashes[rel] = (known[1], status.st_size)
        except OSError:  # the preview's search index may be rewritten meanwhile
            hashes[rel] = (hashlib.sha256(b"").hexdigest()[:HASH_LENGTH], 0)
    return hashes[rel]


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
    pages (diagrams are inline SVG), the shared assets, its name index and its full-text index."""
    files: list[str] = []
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(site).as_posix()
        if rel.startswith(RESOLVER_ASSETS) or RESOLVER_PAGE in f"/{rel}":
            continue  # a reader who never opens the resolver keeps none of it (resolver_files)
        if any(rel.startswith(f"{h}{TEXT_DIR}/") for h in {"", home, *other_homes}):  # a language's full-text index
            if rel.startswith(f"{home}{TEXT_DIR}/"):
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
