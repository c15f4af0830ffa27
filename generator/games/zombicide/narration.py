"""A worked example's steps told in words, from the rules model's trace.

Each trace event has a template per language in narration.yaml; the values come from the event
alone: the model puts every reason it decided by into the event (why zombies went where they
went, who placed the hits, what a move paid for). Sentences keep `{kind:id}` references,
resolved like any rules text, so the skills, zombies, cards and rules they mention are links.
Nothing here decides an outcome, and no engine is built here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from string import Template

import yaml

from generator.errors import GeneratorError
from generator.languages import LANGUAGES, language
from generator.load.entities import Game, localized_tree
from generator.load.references import REFERENCE
from generator.load.yamlpos import SAFE_LOADER
from generator.render import grammar, korean
from generator.scenarios.examples import StepRun

TEMPLATES = Path(__file__).parent / "narration.yaml"
LIST_SEPARATOR = {code: language(code).list_separator for code in LANGUAGES}


@lru_cache(maxsize=1)
def templates() -> dict:
    return localized_tree(yaml.load(TEMPLATES.read_text(encoding="utf-8"), Loader=SAFE_LOADER))


@dataclass(frozen=True)
class Phrase:
    """A value in a sentence: Markdown with references, and the plain words it shows.

    `forms` are the same value in other grammatical forms a template may ask for as
    `$name_<form>` (Ukrainian cases: `$zombies_acc`, `$target_acc`, `$experience_gen`), as the
    data's `grammar` gives them; `gender` picks a template's gendered word (`$survivor_past`)."""

    markdown: str
    plain: str
    forms: tuple[tuple[str, "Phrase"], ...] = ()
    gender: str | None = None


@dataclass
class Story:
    sentences: list[str] = field(default_factory=list)
    sight_lines: list[tuple[str, str]] = field(default_factory=list)  # zombies' zone -> survivors seen
    killed: dict[str, dict[str, int]] = field(default_factory=dict)


# --- the narrator --------------------------------------------------------------------------------
class Narrator:
    def __init__(self, game: Game, lang: str):
        self.game, self.lang = game, lang
        self.data = templates()

    # values ------------------------------------------------------------------------------------
    def link(self, kind: str, entity_id: str, fallback: str | None = None) -> Phrase:
        entity = self.game.entities.get(entity_id)
        if entity is not None and entity.kind == kind:
            name = entity.title(self.lang)
            return Phrase(f"{{{kind}:{entity_id}}}", name)
        text = fallback or entity_id
        return Phrase(text, text)

    def experience(self) -> Phrase:
        """What the edition calls experience (adrenaline in the 2nd edition), linked to its term;
        in the narration's own words when the game's glossary has no such term, so a sentence
        about a kill never needs more of the data than `check` asks for. Its case forms are the
        term's grammar in the data (`$experience_gen`: «5 очок адреналіну»)."""
        term = next((t for t in ("adrenaline", "experience") if self._has("term", t)), None)
        if term is None:
            words = self.data["experience-words"]
            gen = words["uk-gen"] if self.lang == "uk" else words[self.lang]
            return Phrase(words[self.lang], words[self.lang], (("gen", Phrase(gen, gen)),))
        phrase = self.link("term", term)
        said = grammar.forms(self.game.entities[term], self.lang)
        return Phrase(
            phrase.markdown,
            phrase.plain,
            tuple((case, Phrase(f"{{term:{term}|{word}}}", word)) for case, word in said.cases.items()),
        )

    def _has(self, kind: str, entity_id: str) -> bool:
        entity = self.game.entities.get(entity_id)
        return entity is not None and entity.kind == kind

    def survivor(self, sid: str) -> Phrase:
        """A survivor by the name the data gives, with the case forms its grammar declares
        (`$survivor_acc`: «бачить Джоша»); a scenario's survivor the data lacks keeps its id."""
        entity = self.game.entities.get(sid) if self._has("survivor", sid) else None
        if entity is None:
            name = sid.capitalize()
            return Phrase(name, name)
        said = grammar.forms(entity, self.lang)
        return Phrase(
            said.name,
            said.name,
            tuple((case, Phrase(word, word)) for case, word in said.cases.items()),
            gender=said.gender,
        )

    def survivors(self, ids: list[str]) -> Phrase:
        if self.lang == "uk":
            phrases = [self.survivor(s) for s in ids]
            joined = {
                case: _uk_list([dict(p.forms).get(case, p) for p in phrases]) for case in ("nom", *grammar.UK_CASES[1:])
            }
            return Phrase(joined["nom"].markdown, joined["nom"].plain, tuple(joined.items()))
        return self.join([self.survivor(s) for s in ids])

    def zombies(self, counts: dict[str, int]) -> Phrase:
        """Counted zombies in the page's language, each as its grammar in the data says it: a
        Japanese or Korean counter (ウォーカー2体とファッティ, 워커 2마리와 패티), Ukrainian number
        agreement in the nominative, the accusative (`acc`: «двох блукачів») and «усі блукачі»
        (`all`)."""
        if self.lang == "uk":
            return self._uk_zombies(counts)
        parts = []
        for ztype, n in counts.items():
            name = self.link("zombie", ztype)
            said = grammar.forms(self.game.entities.get(ztype), self.lang, name.plain)
            if n > 1:
                counted = f"{n}{said.counter}" if said.counter else f"×{n}"
                space = " " if self.lang == "ko" else ""
                parts.append(Phrase(f"{name.markdown}{space}{counted}", f"{name.plain}{space}{counted}"))
            else:
                parts.append(name)
        return _and_list(parts, self.lang)

    def _uk_zombies(self, counts: dict[str, int]) -> Phrase:
        forms: dict[str, list[Phrase]] = {"nom": [], "acc": [], "all": []}
        for ztype, n in counts.items():
            entity = self.game.entities.get(ztype)
            if entity is None or entity.kind != "zombie":
                plain = self.link("zombie", ztype)
                for case in forms:
                    forms[case].append(plain)
                continue
            said = grammar.forms(entity, "uk", entity.title("uk").lower())
            for case in ("nom", "acc"):
                word = said.after_number(n, case) or said.name
                numeral = "" if n == 1 else (self._uk_numeral(n, case, said.gender) + " ")
                forms[case].append(Phrase(f"{numeral}{{zombie:{ztype}|{word}}}", numeral + word))
            plural = (said.counted.get("nom") or [said.name])[0]  # the plural after 2-4 is the plain plural
            forms["all"].append(Phrase(f"усі {{zombie:{ztype}|{plural}}}", f"усі {plural}"))
        joined = {case: _uk_list(parts) for case, parts in forms.items()}
        return Phrase(joined["nom"].markdown, joined["nom"].plain, tuple(joined.items()))

    def _uk_numeral(self, n: int, case: str, gender: str | None) -> str:
        """2, 3 and 4 in words, agreeing with the noun (дві потвори, двох блукачів); digits above."""
        if n > 4:
            return str(n)
        return self.data["uk-numerals"][case]["f" if gender == "f" else "m"][n - 2]

    def card(self, cid: str) -> Phrase:
        """An equipment card, or the skill whose improvised weapon an attack used."""
        entity = self.game.entities.get(cid)
        return self.link("skill" if entity is not None and entity.kind == "skill" else "equipment", cid)

    def join(self, phrases: list[Phrase], sep: str | None = None) -> Phrase:
        sep = sep if sep is not None else LIST_SEPARATOR[self.lang]
        return Phrase(sep.join(p.markdown for p in phrases), sep.join(p.plain for p in phrases))

    def count(self, unit: str, n: int) -> Phrase:
        form = self.data["units"][unit][self.lang]
        if isinstance(form, dict):  # Ukrainian: one, few, many in each case; nominative first
            cases = {case: Template(words[grammar.uk_plural(n)]).substitute(n=n) for case, words in form.items()}
            first = next(iter(cases.values()))
            return Phrase(first, first, tuple((case, Phrase(text, text)) for case, text in cases.items()))
        if isinstance(form, list):  # Ukrainian: one, few, many
            form = form[grammar.uk_plural(n)]
        text = Template(form).substitute(n=n)
        return Phrase(text, text)

    # sentences ---------------------------------------------------------------------------------
    def say(self, key: str, section: str = "events", plain: bool = False, **values) -> str:
        template = self.data[section][key][self.lang]
        mapping: dict[str, str] = {}
        for name, value in values.items():
            phrase = value if isinstance(value, Phrase) else Phrase(str(value), str(value))
            mapping[name] = phrase.plain if plain else phrase.markdown
            if self.lang == "ko":
                for kind in ("topic", "subject", "object", "with", "and"):
                    mapping[f"{name}_{kind}"] = mapping[name] + korean.particle(phrase.plain, kind)
            forms = list(phrase.forms)
            if self.lang == "uk" and isinstance(value, int) and not isinstance(value, bool):
                for unit in self.data["units"]:  # `$hits_hit`: «1 влучання», «5 влучань»
                    counted = self.count(unit, value)
                    forms += [(unit, counted), *((f"{unit}_{case}", p) for case, p in counted.forms)]
            for form, alternative in forms:
                mapping[f"{name}_{form}"] = alternative.plain if plain else alternative.markdown
            if self.lang == "uk":  # a case the data does not give: the name as it is
                for case in grammar.UK_CASES[1:]:
                    mapping.setdefault(f"{name}_{case}", mapping[name])
        return self._soften(Template(template).substitute(mapping))

    def _soften(self, text: str) -> str:
        """A template's link to an entity this game lacks becomes its own words (or the id)."""

        def keep_or_unlink(match) -> str:
            kind = match.group(1)
            target, _, label = (part.strip() for part in match.group(2).partition("|"))
            entity = self.game.entities.get(target)
            if kind == "param" and target in self.game.parameters:
                return match.group(0)
            if entity is not None and entity.kind == kind:
                return match.group(0)
            return label or target

        return REFERENCE.sub(keep_or_unlink, text)

    # steps -------------------------------------------------------------------------------------
    def step(self, run: StepRun) -> Story:
        outcome = run.record.get("outcome", "")
        if outcome.startswith("not allowed"):
            return Story([self._refusal(run)])
        return _StepTeller(self, run).tell()

    def _refusal(self, run: StepRun) -> str:
        step = run.step
        reason = run.record.get("reason", "other")
        key = reason if reason in self.data["refusals"] else "other"
        values: dict = {"survivor": self.survivor(step["who"])} if step.get("who") else {}
        if key == "move-ends-at-zombies":
            values["through"] = run.record["refusal"]["through"]
        if key in ("not-in-sight", "out-of-range"):
            values["target"] = step.get("at")
            values["weapon"] = self.card(step.get("weapon", ""))
        if key == "not-your-turn":
            values["waiting"] = self.survivor(run.record["refusal"]["waiting"])
        return self.say(key, "refusals", **values)


def _and_list(parts: list[Phrase], lang: str) -> Phrase:
    """«A、B とC», «A, B와 C»: the last two joined by "and" (in Korean its form follows the sound
    before it), the others by commas."""
    if len(parts) < 2:
        return parts[0] if parts else Phrase("", "")
    head, last = parts[:-1], parts[-1]
    comma = LIST_SEPARATOR[lang]
    before = head[-1].plain
    word = "と" if lang == "ja" else korean.particle(before, "and") + " "
    return Phrase(
        comma.join(p.markdown for p in head) + word + last.markdown,
        comma.join(p.plain for p in head) + word + last.plain,
    )


def _uk_list(parts: list[Phrase]) -> Phrase:
    """«A», «A і B», «A, B і C»."""
    if len(parts) < 2:
        return parts[0] if parts else Phrase("", "")
    head = parts[:-1]
    return Phrase(
        ", ".join(p.markdown for p in head) + " і " + parts[-1].markdown,
        ", ".join(p.plain for p in head) + " і " + parts[-1].plain,
    )


class _StepTeller:
    """Walks one step's events and tells each from what it carries: the model gave every reason."""

    GROUPED = ("kill", "hit-absorbed", "spawn")  # told together: "kills 2 walkers"

    def __init__(self, narrator: Narrator, run: StepRun):
        self.n = narrator
        self.run = run
        self.story = Story()

    def tell(self) -> Story:
        events = self.run.record["events"]
        i = 0
        while i < len(events):
            event = events[i]
            kind = event["event"]
            group = [event]
            later: list[dict] = []  # a level reached in the middle of a group is told after it
            if kind in self.GROUPED:
                j = i + 1
                while j < len(events) and (
                    self._same_group(event, events[j]) or kind == "kill" and events[j]["event"] == "level-up"
                ):
                    (later if events[j]["event"] == "level-up" else group).append(events[j])
                    j += 1
            handler = getattr(self, "_" + kind.replace("-", "_"), None)
            taken = len(group) + len(later)
            if handler is None:
                self._simple(event)
            else:
                handler(group if kind in self.GROUPED else event, events[i + taken :])
            for level_up in later:
                self._level_up(level_up, [])
            i += taken
        return self.story

    @staticmethod
    def _same_group(first: dict, other: dict) -> bool:
        if other["event"] != first["event"]:
            return False
        keys = {"kill": ("survivor",), "hit-absorbed": ("survivor", "zombie", "damage"), "spawn": ("zone", "why")}[
            first["event"]
        ]
        return all(first.get(k) == other.get(k) for k in keys)

    def add(self, key: str, **values) -> None:
        self.story.sentences.append(self.n.say(key, **values))

    def _simple(self, event: dict) -> None:
        """Events whose template takes the event's own values (survivor names become names)."""
        key = event["event"]
        if key not in self.n.data["events"]:
            raise GeneratorError(f"narration.yaml has no template for the trace event '{key}'; add one")
        values = {k: v for k, v in event.items() if k != "event"}
        for name in ("survivor", "target", "other"):
            if name in values:
                values[name] = self.n.survivor(values[name])
        if "weapon" in values:
            values["weapon"] = self.n.card(values["weapon"])
        if "card" in values:
            values["card"] = self.n.card(values["card"])
        if "level" in values:
            values["level"] = self.n.link("level", values["level"])
        self.add(key, **values)

    def _cards(self, cards: list[str]) -> Phrase:
        if not cards:
            return Phrase("—", "—")
        phrases = [self.n.card(c) for c in cards]
        if self.n.lang == "uk":  # a card's title stays as printed, in quotes, whatever the case
            return _uk_list([Phrase(f"«{p.markdown}»", f"«{p.plain}»") for p in phrases])
        return self.n.join(phrases)

    # survivors -----------------------------------------------------------------------------------
    def _move(self, event: dict, rest) -> None:
        path = event["path"]
        self.add(
            "move",
            survivor=self.n.survivor(event["survivor"]),
            path=" → ".join(path),
            dest=path[-1],
            cost=self.n.count("action", event["cost"]),
        )
        if event.get("zombies_left"):
            self.add("move-leaves-zombies", **{"from": path[0]}, zombies=self.n.zombies(event["zombies_left"]))

    def _open_door(self, event: dict, rest) -> None:
        self.add("open-door", survivor=self.n.survivor(event["survivor"]), card=self.n.card(event["card"]))
        if event["noise"]:
            self.add("open-door-noisy", zone=event["zone"])

    def _search(self, event: dict, rest) -> None:
        who = self.n.survivor(event["survivor"])
        if event["drawn"]:
            self.add("search", survivor=who, zone=event["zone"], cards=self._cards(event["drawn"]))
        else:
            self.add("search-nothing", survivor=who, zone=event["zone"])

    def _discard(self, event: dict, rest) -> None:
        key = "discard-full" if event.get("why") == "inventory-full" else "discard"
        self.add(key, survivor=self.n.survivor(event["survivor"]), card=self.n.card(event["card"]))

    def _trade(self, event: dict, rest) -> None:
        self.add(
            "trade",
            survivor=self.n.survivor(event["survivor"]),
            other=self.n.survivor(event["other"]),
            give=self._cards(event["give"]),
            take=self._cards(event["take"]),
        )

    def _objective(self, event: dict, rest) -> None:
        self.add(
            "objective",
            survivor=self.n.survivor(event["survivor"]),
            zone=event["zone"],
            xp=event["xp"],
            experience=self.n.experience(),
        )

    def _combine(self, event: dict, rest) -> None:
        cards = (
            self._cards(event["cards"])
            if self.n.lang == "uk"
            else self.n.join([self.n.card(c) for c in event["cards"]])
        )
        self.add(
            "combine", survivor=self.n.survivor(event["survivor"]), cards=cards, result=self.n.card(event["result"])
        )

    def _drive(self, event: dict, rest) -> None:
        self.add("drive", survivor=self.n.survivor(event["survivor"]), path=" → ".join(event["path"]))

    def _car_attack(self, event: dict, rest) -> None:
        self.add("car-attack", zone=event["zone"], dice=_dice(event["dice"]), hit=event["hit"], hits=event["hits"])

    def _roll(self, event: dict, rest) -> None:
        self.add(
            "roll",
            survivor=self.n.survivor(event["survivor"]),
            weapon=self.n.card(event["weapon"]),
            count=len(event["dice"]),
            dice=_dice(event["dice"]),
            accuracy=event["accuracy"],
        )

    def _two_cocktails(self, event: dict, rest) -> None:
        self.add(
            "two-cocktails" if event["kept"] else "two-cocktails-spent",
            survivor=self.n.survivor(event["survivor"]),
            dice=_dice(event["dice"]),
            need=event["need"],
        )

    def _skill_used(self, event: dict, rest) -> None:
        self.add("skill-used", survivor=self.n.survivor(event["survivor"]), skill=self.n.link("skill", event["skill"]))

    def _heal(self, event: dict, rest) -> None:
        self.add(
            "heal",
            survivor=self.n.survivor(event["survivor"]),
            target=self.n.survivor(event["target"]),
            wounds=event["wounds"],
            skill=self.n.link("skill", event["skill"]),
        )

    def _born_leader(self, event: dict, rest) -> None:
        key = "born-leader-now" if event["turn"] == "now" else "born-leader"
        self.add(key, survivor=self.n.survivor(event["survivor"]), target=self.n.survivor(event["target"]))

    def _destiny(self, event: dict, rest) -> None:
        drawn = self.n.card(event["drawn"]) if event["drawn"] else Phrase("—", "—")
        self.add("destiny", survivor=self.n.survivor(event["survivor"]), card=self.n.card(event["card"]), drawn=drawn)

    def _dreadnought(self, event: dict, rest) -> None:
        self.add(
            "dreadnought", survivor=self.n.survivor(event["survivor"]), zombie=self.n.link("zombie", event["zombie"])
        )

    def _distribute(self, event: dict, rest) -> None:
        self.add("distribute", zones=" → ".join(event["zones"]))

    def _pulled(self, event: dict, rest) -> None:
        here, there = event["path"]
        self.add(
            "pulled",
            survivor=self.n.survivor(event["survivor"]),
            target=self.n.survivor(event["target"]),
            **{"from": here},
            to=there,
        )

    def _extra_dice(self, event: dict, rest) -> None:
        self.add("extra-dice", survivor=self.n.survivor(event["survivor"]), dice=_dice(event["dice"]))

    def _re_roll(self, event: dict, rest) -> None:
        source = event["source"]
        entity = self.n.game.entities.get(source)
        phrase = self.n.link("skill", source) if entity is not None and entity.kind == "skill" else self.n.card(source)
        self.add("re-roll", survivor=self.n.survivor(event["survivor"]), source=phrase, dice=_dice(event["dice"]))

    def _hits(self, event: dict, rest) -> None:
        self.add("hits", hits=event["hits"], misses=event["misses"], damage=event["damage"])
        if event["hits"]:
            self.add("hits-ordered" if event["assigned_by"] == "target-order" else "hits-chosen")

    def _kill(self, group: list[dict], rest) -> None:
        counts: dict[str, int] = {}
        for event in group:
            counts[event["zombie"]] = counts.get(event["zombie"], 0) + 1
            zone = self.story.killed.setdefault(event["zone"], {})
            zone[event["zombie"]] = zone.get(event["zombie"], 0) + 1
        self.add(
            "kill",
            survivor=self.n.survivor(group[0]["survivor"]),
            zombies=self.n.zombies(counts),
            xp=sum(event["xp"] for event in group),
            experience=self.n.experience(),
        )

    def _hit_absorbed(self, group: list[dict], rest) -> None:
        first = group[0]
        self.add(
            "hit-absorbed",
            damage=first["damage"],
            zombie=self.n.zombies({first["zombie"]: 1}),
            need=first["need"],
            count=len(group),
        )

    def _molotov(self, event: dict, rest) -> None:
        self.add(
            "molotov", survivor=self.n.survivor(event["survivor"]), zone=event["zone"], weapon=self.n.card("molotov")
        )

    def _level_up(self, event: dict, rest) -> None:
        self.add(
            "level-up",
            survivor=self.n.survivor(event["survivor"]),
            xp=event["xp"],
            level=self.n.link("level", event["level"]),
        )

    # zombies -----------------------------------------------------------------------------------
    def _zombie_card(self, event: dict, rest) -> None:
        self.add("zombie-card", zone=event["zone"], level=self.n.link("level", event["level"]))
        if event["kind"] == "extra-activation":
            self.add("zombie-card-extra-activation")
            if rest and rest[0]["event"] != "no-effect":
                self.add("extra-activation", zombies=self.n.zombies({event["activates"]: 1}))
        elif event["kind"] == "manhole":
            self.add("zombie-card-manhole")

    def _spawn(self, group: list[dict], rest) -> None:
        counts: dict[str, int] = {}
        for event in group:
            counts[event["zombie"]] = counts.get(event["zombie"], 0) + event["count"]
        why = group[0]["why"]
        if why == "split":
            return  # told by the split itself
        key = "spawn-escort" if why == "escort" else "spawn"
        self.add(key, zone=group[0]["zone"], zombies=self.n.zombies(counts))

    def _out_of_miniatures(self, event: dict, rest) -> None:
        self.add("out-of-miniatures", zombie=self.n.link("zombie", event["zombie"]))

    def _second_action(self, event: dict, rest) -> None:
        self.add("second-action", zombies=self.n.zombies({t: 1 for t in event["zombies"]}))

    def _split(self, event: dict, rest) -> None:
        self.add("split", zone=event["zone"], ways=len(event["routes"]), routes=", ".join(event["routes"]))
        if event["added"]:
            self.add("split-added", zombies=self.n.zombies(event["added"]))

    def _zombies_move(self, event: dict, rest) -> None:
        zone = event["zone"]
        by_dest: dict[str, dict[str, int]] = {}
        for ztype, dest in event["moves"]:
            by_dest.setdefault(dest, {})
            by_dest[dest][ztype] = by_dest[dest].get(ztype, 0) + 1
        for dest, counts in by_dest.items():
            why = event["reasons"].get(dest)
            values = {"zone": zone, "dest": dest, "zombies": self.n.zombies(counts)}
            if why is None:
                self.add("zombies-move", **values)
            elif why["reason"] == "sight":
                self.add("zombies-move-sight", target=why["target"], seen=self.n.survivors(why["seen"]), **values)
                if (zone, why["target"]) not in self.story.sight_lines:
                    self.story.sight_lines.append((zone, why["target"]))
            elif why["reason"] == "taunt":
                self.add("zombies-move-taunt", seen=self.n.survivors(why["seen"]), **values)
            else:
                self.add("zombies-move-noise", target=why["target"], noise=why["noise"], **values)


DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def _dice(values: list[int]) -> str:
    """Die faces: unambiguous in every language (and never read as Markdown, unlike "[4, 5](…)")."""
    return " ".join(DIE_FACES[v - 1] if 1 <= v <= 6 else str(v) for v in values)
