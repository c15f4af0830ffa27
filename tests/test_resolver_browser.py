"""The resolver pages in headless chromium at 390 px: a reader builds five situations per game
through the page's controls, and each outcome the page shows (the events with their reasons,
refusals, the odds) is the one `python -m generator scenario` gives for the same case. A link a
reader shares opens the same situation; a damaged one is said so; the engine is kept offline."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, kept_page

PHONE = {"width": 390, "height": 844}
ENGINE_LOADS = 180_000  # ms: Pyodide and the model's code start in a worker (about 20 s here)


@pytest.fixture
def phone(browser, request):
    yield from kept_page(browser, request, PHONE, locale="ja-JP")


def at(path: list) -> str:
    written = json.dumps(path, ensure_ascii=False, separators=(",", ":"))  # as the page's JSON.stringify writes it
    return f"[data-path='{written}']"


class Resolver:
    """The page, driven as a reader drives it: selects, steppers, chips and buttons."""

    def __init__(self, page, address: str):
        self.page = page
        page.goto(address)
        page.wait_for_selector("#rb-resolver[data-ui=ready]")
        page.wait_for_selector("#rb-resolver[data-engine=ready]", timeout=ENGINE_LOADS)
        self.count = 0

    def start_over(self) -> None:
        self.page.click(".rb-r-restart")

    def shown(self, path: list):
        """A control, its folded group (a zone's figures, a piece's other settings) opened first."""
        field = self.page.locator(at(path)).first
        if not field.is_visible():
            self.page.locator(at(path[:-1])).locator("summary").first.click()
        return field

    def choose(self, path: list, value: str) -> None:
        self.shown(path).select_option(value)

    def number(self, path: list, value: int) -> None:
        field = self.shown(path)
        field.fill(str(value))
        field.dispatch_event("change")

    def add(self, path: list, value: str) -> None:
        self.choose([*path, "+"], value)

    def remove(self, path: list) -> None:
        self.page.locator(at(path)).locator(".rb-r-remove").first.click()

    def chip_off(self, path: list) -> None:
        self.page.click(at(path))

    def tick(self, path: list) -> None:
        self.shown(path).check()

    def typed_dice(self, faces: list) -> None:
        self.page.check(".rb-r-dice input[value=typed]")
        for face in faces:
            self.add(["dice"], str(face))

    def roll(self, step: int, faces: list[str]) -> None:
        """A roll of a step, face by face (the page adds a roll showing the top result)."""
        rolls = self.page.locator(at(["actions", step, "dice"]))
        index = rolls.locator(".rb-r-roll").count()
        rolls.locator(".rb-r-add").click()
        for face in faces:
            self.add(["actions", step, "dice", index], face)
        self.chip_off(["actions", step, "dice", index, 0])  # the face the new roll came with

    def resolve(self) -> dict:
        self.count += 1
        self.page.click(".rb-r-resolve")
        self.page.wait_for_selector(f"#rb-resolver[data-resolved='{self.count}']", timeout=60_000)
        return self.page.evaluate(
            """() => ({
              outcome: document.getElementById('rb-resolver').getAttribute('data-outcome'),
              problems: [...document.querySelectorAll('.rb-r-problems li')].map(li => li.textContent),
              steps: [...document.querySelectorAll('.rb-r-result')].map(section => ({
                refused: section.getAttribute('data-refused'),
                events: [...section.querySelectorAll('li[data-event]')].map(li => [li.dataset.event, li.dataset.reason || null]),
                sentences: [...section.querySelectorAll(':scope > p:not(.rb-r-rules)')].map(p => p.textContent),
                rules: [...section.querySelectorAll('.rb-r-rules a')].map(a => a.getAttribute('href')),
              })),
              odds: [...document.querySelectorAll('.rb-r-odds tr[data-chance]')].map(tr => [tr.dataset.chance, JSON.parse(tr.dataset.outcome)]),
              case: (document.querySelector('.rb-r-case code') || {}).textContent || '',
              overflow: document.documentElement.scrollWidth - window.innerWidth,
              diagrams: [...document.querySelectorAll('#rb-resolver .rb-figure svg')].map(svg =>
                svg.getBoundingClientRect().width / document.getElementById('rb-resolver').getBoundingClientRect().width),
            })"""
        )


def assert_diagrams_fill_the_column(name: str, seen: dict) -> None:
    """The boards are drawn across the phone's column, in every language: a figure sized to its
    caption drew them a sixth of the column wide under a short Korean caption."""
    assert seen["diagrams"], f"{name}: no diagram of the situation"
    assert min(seen["diagrams"]) > 0.85, f"{name}: diagrams {seen['diagrams']} of the column's width"


# --- what the scenario command says -----------------------------------------------------------------
def played_by_the_command(tmp_path: Path, cases: list[dict], edition: str, odds: bool) -> dict[str, dict]:
    """Each case played by `python -m generator scenario` (with --odds: counted), by case id."""
    path = tmp_path / f"{edition}-{'odds' if odds else 'trace'}.yaml"
    path.write_text(
        yaml.safe_dump({"edition": edition, "cases": cases}, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "generator", "scenario", str(path), *(["--odds"] if odds else [])],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return _parse(done.stdout)


def _parse(output: str) -> dict[str, dict]:
    found: dict[str, dict] = {}
    current: dict = {}
    for line in output.splitlines():
        if " :: " in line and not line.startswith(" "):
            current = found.setdefault(line.split(" :: ")[1].strip(), {"steps": [], "odds": []})
        elif re.match(r"^  \d+\. ", line):
            refused = re.search(r"\[not allowed: ([a-z0-9-]+):", line)
            current["steps"].append({"refused": refused.group(1) if refused else None, "events": []})
        elif line.startswith("       - "):
            kind, _, rest = line[9:].partition(" ")
            reason = re.search(r"(?:^| )reason=([a-z0-9-]+)", rest)
            current["steps"][-1]["events"].append([kind, reason.group(1) if reason else None])
        elif re.match(r"^    \d+/\d+ ", line):
            chance, _, outcome = line.strip().partition(" ")
            current["odds"].append([chance, json.loads(outcome)])
    return found


def check_against_the_command(tmp_path: Path, edition: str, shown: dict[str, dict]) -> None:
    """Every situation the page played, played again by the command: the same events, reasons,
    refusals and odds."""
    traced, counted = [], []
    for name, seen in shown.items():
        body = yaml.safe_load(seen["case"])
        assert body["edition"] == edition
        (case,) = body["cases"]
        case["id"] = name
        (counted if seen["odds"] else traced).append(case)
    by_trace = played_by_the_command(tmp_path, traced, edition, odds=False) if traced else {}
    by_odds = played_by_the_command(tmp_path, counted, edition, odds=True) if counted else {}
    for name, seen in shown.items():
        if seen["odds"]:
            assert seen["odds"] == by_odds[name]["odds"], name
            continue
        command = by_trace[name]["steps"]
        page = [{"refused": step["refused"], "events": step["events"]} for step in seen["steps"]]
        assert page == command, name


# --- Zombicide, both editions ------------------------------------------------------------------------
def zombicide_situations(r: Resolver, rules, edition: str) -> dict[str, dict]:
    shown = {}
    # 1. A ranged attack into a zone where a survivor stands: the odds of each outcome.
    r.start_over()
    r.add(["survivors"], "ned")
    r.choose(["survivors", "ned", "at"], "b")
    shown["ranged-into-a-survivor"] = r.resolve()
    # 2. A melee attack with a skill, the dice typed in as they fell.
    r.start_over()
    r.choose(["survivors", "amy", "hands", 0], "machete")
    r.add(["survivors", "amy", "skills"], "plus-1-die-melee")
    r.number(["zombies", "b", next(iter(rules.zombies))], 0)
    r.number(["zombies", "a", next(iter(rules.zombies))], 2)
    r.choose(["actions", 0, "weapon"], "machete")
    r.choose(["actions", 0, "at"], "")
    r.typed_dice([5, 2][: rules.card("machete").melee.dice + 1])
    shown["melee-with-a-skill"] = r.resolve()
    # 3. A zombie phase where the group splits between two equal ways.
    r.start_over()
    r.choose(["board"], "two-ways")
    r.choose(["survivors", "amy", "at"], "d")
    r.number(["zombies", "a", next(iter(rules.zombies))], 2)
    r.choose(["actions", 0, "do"], "zombie-phase")
    r.typed_dice([])
    shown["zombie-phase-with-a-split"] = r.resolve()
    # 4. A car running over zombies (1st edition), or a door forced open (2nd).
    r.start_over()
    if rules.car_rules:
        r.add(["cars"], "car")
        r.choose(["survivors", "amy", "car"], "car")
        r.number(["survivors", "amy", "seat"], 0)
        r.choose(["actions", 0, "do"], "drive")
        r.choose(["actions", 0, "who"], "amy")
        r.add(["actions", 0, "to"], "b")
        shown["car-attack"] = r.resolve()
    else:
        r.choose(["board"], "building")
        r.choose(["survivors", "amy", "at"], "b")
        r.choose(["survivors", "amy", "hands", 0], "crowbar")
        r.choose(["actions", 0, "do"], "open-door")
        r.choose(["actions", 0, "who"], "amy")
        r.choose(["actions", 0, "to"], "B1")
        r.typed_dice([])
        shown["door"] = r.resolve()
    # 5. A search in a room, the equipment deck as it lies.
    r.start_over()
    r.choose(["board"], "building")
    r.choose(["survivors", "amy", "at"], "B2")
    r.add(["equipment-deck"], "machete")
    r.add(["equipment-deck"], "crowbar")
    r.choose(["actions", 0, "do"], "search")
    r.choose(["actions", 0, "who"], "amy")
    r.typed_dice([])
    shown["search"] = r.resolve()
    return shown


@pytest.mark.long(100)
@pytest.mark.parametrize("edition", ["zombicide-1", "zombicide-2"])
def test_zombicide_situations_built_at_390_px_play_as_the_scenario_command(
    phone, site_url, rules_of, tmp_path, edition
):
    r = Resolver(phone, f"{site_url}/ko/{edition}/resolver/")
    shown = zombicide_situations(r, rules_of(edition), edition)
    for name, seen in shown.items():
        assert seen["outcome"] == "played", (name, seen["problems"])
        assert seen["overflow"] <= 0, f"{name}: the page is wider than the phone"
        assert_diagrams_fill_the_column(name, seen)
        assert all(step["rules"] for step in seen["steps"]), f"{name}: a step without its rules section"
    assert shown["ranged-into-a-survivor"]["odds"], "dice left open: the odds of each outcome"
    assert any(outcome[1] for _, outcome in shown["ranged-into-a-survivor"]["odds"]), "a miss can hit the survivor"
    assert any(kind == "split" for step in shown["zombie-phase-with-a-split"]["steps"] for kind, _ in step["events"])
    check_against_the_command(tmp_path, edition, shown)


# --- Resident Evil ---------------------------------------------------------------------------------------
def resident_evil_situations(r: Resolver) -> dict[str, dict]:
    shown = {}
    # 1. An attack whose result has a special effect (an area effect).
    r.start_over()
    r.chip_off(["characters", "jill-valentine", "items", 0])
    r.add(["characters", "jill-valentine", "items"], "scatter-gun")
    r.choose(["enemies", "zombie-1", "at"], "b1")
    r.add(["enemies"], "zombie-2")
    r.choose(["enemies", "zombie-2", "at"], "b1")
    r.choose(["actions", 0, "weapon"], "scatter-gun")  # its roll stays as it is: one success-2
    shown["attack-with-an-area-effect"] = r.resolve()
    # 2. A move out of an enemy's square: the enemy attacks first, and the character rolls to evade.
    r.start_over()
    r.choose(["actions", 0, "do"], "move")
    r.choose(["actions", 0, "who"], "jill-valentine")
    r.add(["actions", 0, "to"], "b1")
    r.roll(0, ["success-1"])
    shown["move-out-with-an-evade-roll"] = r.resolve()
    # 3. The enemies react at the end of the turn.
    r.start_over()
    r.number(["actions-used"], 4)
    r.number(["characters", "jill-valentine", "evade-dice"], 2)
    r.choose(["actions", 0, "do"], "reaction-phase")
    r.roll(0, ["success-1", "blank"])
    shown["enemy-reaction"] = r.resolve()
    # 4. A tension card drawn in the tension phase.
    r.start_over()
    r.remove(["enemies", "zombie-1"])
    r.number(["actions-used"], 4)
    r.add(["tension-deck"], "green")
    r.choose(["actions", 0, "do"], "reaction-phase")
    r.page.click(".rb-r-add:has-text('+')  >> nth=-1")
    r.choose(["actions", 1, "do"], "tension-phase")
    shown["tension-card"] = r.resolve()
    # 5. A revival: an unconscious character and a first aid spray next to her.
    r.start_over()
    r.remove(["enemies", "zombie-1"])
    r.tick(["characters", "jill-valentine", "unconscious"])
    r.add(["characters"], "rebecca-chambers")
    r.choose(["characters", "rebecca-chambers", "at"], "b1")
    r.number(["characters", "rebecca-chambers", "evade-dice"], 1)
    r.number(["characters", "rebecca-chambers", "inventory"], 6)
    r.add(["characters", "rebecca-chambers", "items"], "first-aid-spray")
    r.choose(["player"], "rebecca-chambers")
    r.choose(["actions", 0, "do"], "use")
    r.choose(["actions", 0, "who"], "rebecca-chambers")
    r.choose(["actions", 0, "item"], "first-aid-spray")
    r.choose(["actions", 0, "target"], "jill-valentine")
    shown["revival"] = r.resolve()
    return shown


@pytest.mark.long(80)
def test_resident_evil_situations_built_at_390_px_play_as_the_scenario_command(phone, site_url, tmp_path):
    r = Resolver(phone, f"{site_url}/uk/resident-evil/resolver/")
    shown = resident_evil_situations(r)
    for name, seen in shown.items():
        assert seen["outcome"] == "played", (name, seen["problems"])
        assert seen["overflow"] <= 0, f"{name}: the page is wider than the phone"
        assert_diagrams_fill_the_column(name, seen)
        assert not seen["odds"], "the source prints no die's faces: no odds"
    kinds = {name: {kind for step in seen["steps"] for kind, _ in step["events"]} for name, seen in shown.items()}
    assert "enemy-defeated" in kinds["attack-with-an-area-effect"]
    assert "evade-roll" in kinds["move-out-with-an-evade-roll"]
    assert "enemy-attack" in kinds["enemy-reaction"]
    assert "tension-draw" in kinds["tension-card"]
    assert "revive" in kinds["revival"]
    check_against_the_command(tmp_path, "resident-evil", shown)


# --- links -------------------------------------------------------------------------------------------
@pytest.mark.long(40)
def test_a_shared_link_opens_the_same_situation_and_a_damaged_one_is_said(phone, site_url):
    r = Resolver(phone, f"{site_url}/zombicide-1/resolver/")
    r.choose(["survivors", "amy", "hands", 0], "sawed-off")
    r.choose(["actions", 0, "weapon"], "sawed-off")
    first = r.resolve()
    shared = phone.url
    assert "#s=1." in shared
    phone.goto("about:blank")
    again = Resolver(phone, shared)
    phone.wait_for_selector("#rb-resolver[data-resolved]", timeout=60_000)
    assert phone.locator(at(["survivors", "amy", "hands", 0])).input_value() == "sawed-off"
    again.count = 1
    assert again.resolve()["odds"] == first["odds"]
    # a link cut short, and one whose situation names what the game does not have
    phone.goto("about:blank")
    Resolver(phone, shared[:-12])
    assert phone.get_attribute("#rb-resolver", "data-link") == "damaged"
    assert re.search("[\u3040-\u30ff]", phone.inner_text(".rb-r-link-damaged"))


@pytest.mark.long(30)
def test_a_worked_example_opens_in_the_resolver_with_its_steps(phone, site_url):
    phone.goto(f"{site_url}/uk/zombicide-1/combat/")
    link = phone.locator(".rb-example-resolver").first
    link.click()
    phone.wait_for_selector("#rb-resolver[data-engine=ready]", timeout=ENGINE_LOADS)
    phone.wait_for_selector("#rb-resolver[data-resolved]", timeout=60_000)
    assert phone.get_attribute("#rb-resolver", "data-outcome") == "played"
    assert phone.locator(".rb-r-result").count() >= 1


# --- offline, and nothing more for other readers -------------------------------------------------------
@pytest.mark.long(70)
def test_the_engine_is_kept_offline_once_opened_and_no_other_page_fetches_it(browser, site_url, built_site):
    listed = json.loads((built_site / "assets" / "offline" / "ko.json").read_text(encoding="utf-8"))
    lists = [entry[0] for entry in listed["files"]]
    assert not [f for f in lists if f.startswith("assets/resolver/") or "/resolver/" in f or f.startswith("open-data/")]
    context = browser.new_context(viewport=PHONE, locale="ko-KR", service_workers="allow")
    page = context.new_page()
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{site_url}/ko/zombicide-1/combat/")
    page.wait_for_selector('html[data-rulebook-offline="ko"]', state="attached", timeout=60_000)
    assert not [url for url in fetched if "/assets/resolver/" in url], (
        "a reader who never opens the resolver fetches none of it"
    )
    kept = "() => caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k).then(c => c.keys())))).then(all => all.flat().map(r => r.url))"
    assert not [url for url in page.evaluate(kept) if "/assets/resolver/" in url]
    page.goto(f"{site_url}/ko/zombicide-1/resolver/")
    page.wait_for_selector("#rb-resolver[data-engine=ready]", timeout=ENGINE_LOADS)
    page.wait_for_selector("#rb-resolver[data-offline=kept]", state="attached", timeout=120_000)
    assert any(url.endswith("pyodide.asm.wasm") for url in page.evaluate(kept))
    context.set_offline(True)
    r = Resolver(page, f"{site_url}/ko/zombicide-1/resolver/")
    assert r.resolve()["outcome"] == "played"
    context.close()
