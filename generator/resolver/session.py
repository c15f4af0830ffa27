"""One game's resolver in one language: the controls, and what a situation comes to.

    resolver = Resolver(feed, package, extra, labels)
    resolver.form                      the controls (plain JSON)
    resolver.resolve(situation)        {"problems": [...]} or {"steps": [...], "odds": ..., "case": ...}

It runs the same in CPython (tests, the build's checks of every worked example's link) and in
Pyodide (the page): the rules come from the feed through the game's own `rules_from_feed`.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from generator.contract import GamePackage
from generator.errors import DataError, Location
from generator.load.entities import Entity, Game, Localized, localized_tree
from generator.load.references import REFERENCE
from generator.load.yamlpos import SAFE_LOADER, parse_text
from generator.scenarios.reading import check_case
from generator.scenarios.report import Report
from generator.scenarios.runner import SET_UP_FAILED, run_case
from generator.scenarios.situations import Problem, check, odds

WORDS = Path(__file__).with_name("words.yaml")
SITUATION_FILE = "situation"  # how the format's messages name the situation


@lru_cache(maxsize=1)
def words() -> dict:
    return localized_tree(yaml.load(WORDS.read_text(encoding="utf-8"), Loader=SAFE_LOADER))


def game_from_feed(feed: Mapping[str, Any]) -> Game:
    """The loaded game as the engine's narration reads it: every entity with its kind and names."""
    lang = feed["game"]["language"]
    here = Location(f"{feed['game']['id']}.{lang}.json", 1, 1)
    game = Game(feed["game"]["id"], dict(feed["game"]["names"]), Localized(), "", engine=feed["game"]["engine"])
    for section, kind in (("entities", None), ("rules", "rule"), ("faq", "faq"), ("notes", "note")):
        for entry in feed[section]:
            names = entry.get("names") or {lang: entry["name"]}
            fields: dict[str, Any] = dict(entry.get("data") or {})
            if "title" in entry:
                fields["title"] = Localized({lang: entry["title"]})
            entity = Entity(
                kind or entry["kind"], entry["id"], here, page=entry["page"], name=Localized(names), fields=fields
            )
            game.entities[entity.id] = entity
    for parameter in feed["parameters"]:
        game.parameters[parameter["id"]] = Entity(
            "parameter", parameter["id"], here, fields={"value": parameter["value"]}
        )
    return game


class Resolver:
    def __init__(
        self, feed: Mapping[str, Any], package: GamePackage, extra: Mapping[str, Any], labels: Mapping[str, Any]
    ):
        if package.situations is None:
            raise ValueError(f"the {package.engine} package has no resolver")  # a programming error
        self.feed, self.package, self.labels = feed, package, labels
        self.lang = feed["game"]["language"]
        self.situations = package.situations
        self.game = game_from_feed(feed)
        self.rules = package.rules_from_feed(dict(feed), dict(extra))
        self.form = self.situations.form(self.rules, feed)
        self.pages = {entry["id"]: entry["page"] for s in ("entities", "rules", "faq", "notes") for entry in feed[s]}
        self.values = {p["id"]: p["as-text"] for p in feed["parameters"]}

    # --- a situation ---------------------------------------------------------------------------
    def problems(self, situation: Any) -> list[Problem]:
        found = check(self.form, situation, self.situations.zones)
        if not found:
            found = self.situations.cross_check(situation, self.rules, self.form)
        return found

    def resolve(self, situation: Any) -> dict:
        """What the situation comes to, as plain JSON for the page."""
        found = self.problems(situation)
        if found:
            return {"problems": [self.problem(p) for p in found]}
        case = self.situations.case(situation, self.form)
        refused = self._format_problems(case)
        if refused:
            return {"problems": refused}
        out: dict[str, Any] = {"case": case_text(case, self.feed["game"]["id"], self._rule_cited(case))}
        played = case
        if self.situations.dice_open(situation):
            counted = odds(case, self.rules, self.situations)
            if counted is None:
                return {"problems": [self.problem(Problem(("dice",), "odds-too-many"))], **out}
            chances, plays = counted
            out["odds"] = self._odds(chances, plays)
            played = {**case, "dice": list(chances[0][2])} if chances[0][2] else case
        played, result = self._play(played)
        trouble = self._result_problems(result)
        if trouble:
            return {"problems": trouble, **out}
        told = self.situations.tell(
            self.game, self.rules, played, result, self.lang, self.labels, words()["ui"]["title"][self.lang]
        )
        if "odds" in out:
            out["sample-dice"] = list(played.get("dice") or [])
        out["initial"] = told["initial"]
        out["steps"] = [self._step(step) for step in told["steps"]]
        return out

    def _play(self, case: dict) -> tuple[dict, Any]:
        """The runner's play of every step: a step the rules refuse is marked refused (its reason
        is what the page tells) and the next steps are played after it, as at the table."""
        steps = [dict(step) for step in case.get("actions") or []]
        while True:
            played = {**case, "actions": steps}
            result = run_case(played, self.rules, self.situations.scenarios)
            last = result.trace[-1] if result.trace else None
            if last is None or not str(last.get("outcome", "")).startswith("not allowed"):
                return played, result
            step = steps[last["step"] - 1]
            if "not-allowed" in step:
                return played, result
            step["not-allowed"] = last.get("reason") or True

    def _format_problems(self, case: dict) -> list[dict]:
        """The scenario format's own checks of the case (what a hand-edited link may still hold):
        each said at its place, in the reader's language."""
        node, errors = parse_text(json.dumps(case, ensure_ascii=False), SITUATION_FILE)
        if node is not None:
            check_case(node, self.situations.scenarios, Report(errors), self.rules)
        return [self._setup_problem(error) for error in sorted(set(errors))]

    def _setup_problem(self, error: DataError) -> dict:
        place = error.breadcrumb or SITUATION_FILE
        return {
            "path": breadcrumb_path(error.breadcrumb),
            "message": _say(words()["problems"]["engine-refused-setup"][self.lang], place=place),
            "detail": error.message,
        }

    def _result_problems(self, result) -> list[dict]:
        """A case the runner could not play to the end: too few dice, too many, a set-up it refused."""
        found = []
        refused = any(str(r.get("outcome", "")).startswith("not allowed") for r in result.trace)
        for mismatch in result.mismatches:
            if mismatch.startswith(SET_UP_FAILED):
                found.append(
                    {
                        "path": [],
                        "message": _say(words()["problems"]["engine-refused-setup"][self.lang], place="situation"),
                        "detail": mismatch,
                    }
                )
            elif "scripted dice were never rolled" in mismatch:
                if refused:
                    continue  # the refused step never rolled them: the refusal is what to tell
                left = mismatch.split(" ", 1)[0]
                found.append(self.problem(Problem(("dice",), "dice-left", {"count": left})))
            elif "expected not allowed" in mismatch or "not allowed (" in mismatch:
                continue  # a refusal: the step tells it
            else:
                found.append(self._step_problem(result, mismatch))
        return found

    def _step_problem(self, result, mismatch: str) -> dict:
        record = next((r for r in result.trace if str(r.get("outcome", "")).startswith("error")), None)
        step = record["step"] - 1 if record else 0
        if "the script has" in mismatch or "add dice" in mismatch:
            return self.problem(Problem(("dice",), "more-dice-needed", {"why": mismatch.split(": ", 1)[-1]}))
        return {
            "path": ["actions", step],
            "message": _say(words()["problems"]["engine-refused-setup"][self.lang], place=f"{step + 1}"),
            "detail": mismatch,
        }

    def _odds(self, chances, plays: int) -> dict:
        return {
            "runs": plays,
            "outcomes": [
                {
                    "text": self.situations.tell_outcome(self.game, outcome, self.lang),
                    "outcome": json.loads(json.dumps(outcome)),
                    "chance": f"{p.numerator}/{p.denominator}",
                    "percent": _percent(p, self.lang),
                }
                for outcome, p, _ in chances
            ],
        }

    def _step(self, step: dict) -> dict:
        return {
            **step,
            "sentences": [self.segments(sentence) for sentence in step["sentences"]],
            "rules": [self.rule_link(rid) for rid in step["rules"]],
        }

    def _rule_cited(self, case: dict) -> str:
        """The `rule` a scenario file wants: the first source of the first step's rules section."""
        actions = {a["do"]: a.get("rule") for a in self.form["actions"]}
        first = (case.get("actions") or [{}])[0].get("do")
        for section in ("rules",):
            for entry in self.feed[section]:
                if entry["id"] == actions.get(first) and entry["sources"]:
                    source = entry["sources"][0]
                    return f"{source['source']} § {source['section']}" if source["section"] else source["source"]
        first_source = self.feed["sources"][0]["id"] if self.feed["sources"] else "source"
        return first_source

    # --- words ---------------------------------------------------------------------------------
    def problem(self, problem: Problem) -> dict:
        template = (
            words()["problems"].get(problem.message)
            or words()["ui"].get(problem.message)
            or self.situations.words()["problems"][problem.message]
        )
        values = {key: _listed(value, self.lang) for key, value in problem.values.items()}
        if "kind" in values and problem.message == "more-than-the-box":
            values["kind"] = (
                self.game.entities[problem.values["kind"]].name[self.lang]
                if problem.values["kind"] in self.game.entities
                else values["kind"]
            )
        return {"path": list(problem.path), "message": _say(template[self.lang], **values)}

    def rule_link(self, rule_id: str) -> dict:
        entity = self.game.entities[rule_id]
        return {"id": rule_id, "text": entity.title(self.lang), "page": self.pages.get(rule_id, "")}

    def segments(self, markdown: str) -> list:
        """A sentence as text and links (a page from the site's root): the page makes the DOM, so
        no HTML from the data or the narration ever reaches it."""
        parts: list = []
        last = 0
        for match in REFERENCE.finditer(markdown):
            if match.start() > last:
                parts.append(_plain(markdown[last : match.start()]))
            kind = match.group(1)
            target, _, form = (part.strip() for part in match.group(2).partition("|"))
            if kind == "param":
                parts.append(self.values.get(target, target))
            else:
                entity = self.game.entities.get(target)
                label = form or (entity.title(self.lang) if entity else target)
                parts.append({"text": label, "page": self.pages.get(target, "")})
            last = match.end()
        if last < len(markdown):
            parts.append(_plain(markdown[last:]))
        return parts


def breadcrumb_path(breadcrumb: str) -> list:
    """`step 2 › to`, `survivors › amy › hands › item 3` as a path into the situation."""
    path: list = []
    for crumb in (part.strip() for part in breadcrumb.split("›") if part.strip()):
        word, _, number = crumb.partition(" ")
        if word == "step" and number.isdigit():
            path += ["actions", int(number) - 1]
        elif word == "item" and number.isdigit():
            path.append(int(number) - 1)
        else:
            path.append(crumb)
    return path


def _plain(markdown: str) -> str:
    """Narration's few marks of emphasis, dropped (the sentence stays whole)."""
    return markdown.replace("**", "").replace("\\", "")


def _say(template: str, **values: Any) -> str:
    out = template
    for key, value in values.items():
        out = out.replace("{" + key + "}", str(value))
    return out


def _listed(value: Any, lang: str) -> str:
    if isinstance(value, list):
        return ("、" if lang == "ja" else ", ").join(str(v) for v in value)
    return str(value)


def _percent(chance: Fraction, lang: str) -> str:
    text = f"{float(chance) * 100:.1f}"
    return (text.replace(".", ",") + " %") if lang == "uk" else text + "%"


def case_text(case: dict, edition: str, rule: str) -> str:
    """The situation as a scenario file `python -m generator scenario` plays."""
    body = {
        "edition": edition,
        "cases": [{"id": "situation", "rule": rule, **{k: v for k, v in case.items() if k != "id"}}],
    }
    return yaml.safe_dump(body, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)
