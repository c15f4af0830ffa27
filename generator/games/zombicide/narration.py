"""A worked example's steps told in words, from the rules model's trace.

Each trace event has a template per language in narration.yaml; the values come from the event
(and from the board before the step, for what the event implies: why zombies went where they
went). Sentences keep `{kind:id}` references, resolved like any rules text, so the skills,
zombies, cards and rules they mention are links. Nothing here decides an outcome.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from string import Template

import yaml

from generator.example_runs import StepRun
from generator.load.entities import Game
from generator.load.references import REFERENCE
from generator.games.zombicide.state import State, Zombie
from generator.core.dice import ScriptedDice
from generator.games.zombicide.rules import Rules
from generator.games.zombicide.engine import Game as Engine

TEMPLATES = Path(__file__).parent / "narration.yaml"
LIST_SEPARATOR = {"ja": "、", "ko": ", ", "uk": ", "}


@lru_cache(maxsize=1)
def templates() -> dict:
    return yaml.safe_load(TEMPLATES.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Phrase:
    """A value in a sentence: Markdown with references, and the plain words it shows."""

    markdown: str
    plain: str


@dataclass
class Story:
    sentences: list[str] = field(default_factory=list)
    sight_lines: list[tuple[str, str]] = field(default_factory=list)  # zombies' zone -> survivors seen
    killed: dict[str, dict[str, int]] = field(default_factory=dict)


# --- Korean particles ----------------------------------------------------------------------------
DIGIT_HAS_FINAL = {"0": True, "1": True, "2": False, "3": True, "4": False, "5": False, "6": True, "7": True,
                   "8": True, "9": False}
RIEUL_DIGITS = {"1", "7", "8"}


def _final(word: str) -> tuple[bool, bool]:
    """(ends in a final consonant, that consonant is ㄹ) for the last syllable or digit of a word."""
    last = word.rstrip(" )")[-1:] or "a"
    if "가" <= last <= "힣":
        jong = (ord(last) - 0xAC00) % 28
        return jong != 0, jong == 8
    if last in DIGIT_HAS_FINAL:
        return DIGIT_HAS_FINAL[last], last in RIEUL_DIGITS
    return False, False


def particle(word: str, kind: str) -> str:
    has_final, rieul = _final(word)
    if kind == "with":
        return "로" if not has_final or rieul else "으로"
    pairs = {"topic": ("은", "는"), "subject": ("이", "가"), "object": ("을", "를")}[kind]
    return pairs[0] if has_final else pairs[1]


# --- the narrator --------------------------------------------------------------------------------
class Narrator:
    def __init__(self, game: Game, rules: Rules, lang: str):
        self.game, self.rules, self.lang = game, rules, lang
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
        """What the edition calls experience: adrenaline in the 2nd edition."""
        term = "adrenaline" if "adrenaline" in self.game.entities else "experience"
        return self.link("term", term)

    def survivor(self, sid: str) -> Phrase:
        name = self.data["survivors"].get(sid, {}).get(self.lang, sid.capitalize())
        return Phrase(name, name)

    def survivors(self, ids: list[str]) -> Phrase:
        return self.join([self.survivor(s) for s in ids])

    def zombies(self, counts: dict[str, int]) -> Phrase:
        parts = []
        for ztype, n in counts.items():
            name = self.link("zombie", ztype)
            suffix = f" ×{n}" if n > 1 else ""
            parts.append(Phrase(name.markdown + suffix, name.plain + suffix))
        return self.join(parts)

    def card(self, cid: str) -> Phrase:
        return self.link("equipment", cid)

    def join(self, phrases: list[Phrase], sep: str | None = None) -> Phrase:
        sep = sep if sep is not None else LIST_SEPARATOR[self.lang]
        return Phrase(sep.join(p.markdown for p in phrases), sep.join(p.plain for p in phrases))

    def count(self, unit: str, n: int) -> Phrase:
        form = self.data["units"][unit][self.lang]
        if isinstance(form, list):  # Ukrainian: one, few, many
            form = form[_uk_plural(n)]
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
                for kind in ("topic", "subject", "object", "with"):
                    mapping[f"{name}_{kind}"] = mapping[name] + particle(phrase.plain, kind)
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
        step, before = run.step, run.before
        reason = step.get("not-allowed", "other")
        key = reason if reason in self.data["refusals"] else "other"
        values: dict = {"survivor": self.survivor(step["who"])} if step.get("who") else {}
        if key == "move-ends-at-zombies":
            path = step["to"] if isinstance(step["to"], list) else [step["to"]]
            values["through"] = next((z for z in path if before.zombies_in(z)), path[0])
        if key in ("not-in-sight", "out-of-range"):
            values["target"] = step.get("at")
            values["weapon"] = self.card(step.get("weapon", ""))
        return self.say(key, "refusals", **values)


def _uk_plural(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


class _StepTeller:
    """Walks one step's events, keeping a working copy of the board to explain the zombies' moves."""

    def __init__(self, narrator: Narrator, run: StepRun):
        self.n = narrator
        self.run = run
        self.state: State = copy.deepcopy(run.before)
        self.engine = Engine(narrator.rules, self.state, ScriptedDice([]))
        self.story = Story()
        self.cards = list(run.before.zombie_cards)  # the zombie cards in drawing order
        self.pending: set[str] = set()  # zones whose zombies have not acted yet in this activation
        self.second = False

    def tell(self) -> Story:
        events = self.run.record["events"]
        i = 0
        while i < len(events):
            event = events[i]
            kind = event["event"]
            group = [event]
            later = []  # a level reached in the middle of a group is told after it
            if kind in ("kill", "hit-absorbed", "spawn"):  # told together: "kills 2 walkers"
                j = i + 1
                while j < len(events) and (self._same_group(event, events[j]) or
                                           kind == "kill" and events[j]["event"] == "level-up"):
                    (later if events[j]["event"] == "level-up" else group).append(events[j])
                    j += 1
            handler = getattr(self, "_" + kind.replace("-", "_"), None)
            taken = len(group) + len(later)
            if handler is None:
                self._simple(event)
            else:
                handler(group if kind in ("kill", "hit-absorbed", "spawn") else event, events[i + taken:])
            for level_up in later:
                self._level_up(level_up, [])
            i += taken
        return self.story

    @staticmethod
    def _same_group(first: dict, other: dict) -> bool:
        if other["event"] != first["event"]:
            return False
        keys = {"kill": ("survivor",), "hit-absorbed": ("survivor", "zombie", "damage"),
                "spawn": ("zone", "why")}[first["event"]]
        return all(first.get(k) == other.get(k) for k in keys)

    def add(self, key: str, **values) -> None:
        self.story.sentences.append(self.n.say(key, **values))

    def _simple(self, event: dict) -> None:
        """Events whose template takes the event's own values (survivor names become names)."""
        key = event["event"]
        if key not in self.n.data["events"]:
            raise KeyError(f"narration.yaml has no template for the trace event '{key}'; add one")
        values = {k: v for k, v in event.items() if k != "event"}
        for name in ("survivor", "target"):
            if name in values:
                values[name] = self.n.survivor(values[name])
        if "weapon" in values:
            values["weapon"] = self.n.card(values["weapon"])
        if "card" in values:
            values["card"] = self.n.card(values["card"])
        if "level" in values:
            values["level"] = self.n.link("level", values["level"])
        self.add(key, **values)

    # survivors -----------------------------------------------------------------------------------
    def _move(self, event: dict, rest) -> None:
        path = event["path"]
        self.add("move", survivor=self.n.survivor(event["survivor"]), path=" → ".join(path), dest=path[-1],
                 cost=self.n.count("action", event["cost"]))
        left = self.state.zombie_counts().get(path[0], {})
        if event["cost"] > 1 and left:
            self.add("move-leaves-zombies", **{"from": path[0]}, zombies=self.n.zombies(left))
        self.state.survivors[event["survivor"]].zone = path[-1]

    def _open_door(self, event: dict, rest) -> None:
        self.add("open-door", survivor=self.n.survivor(event["survivor"]), card=self.n.card(event["card"]))
        zone = self.state.survivors[event["survivor"]].zone
        if event["noise"]:
            self.add("open-door-noisy", zone=zone)
        if rest and rest[0]["event"] == "zombie-card":
            rooms = [z for z in event["door"].split("/") if not self.state.board.is_street(z)]
            building = self.state.board.zones[rooms[0]].building if rooms else ""
            self.add("building-revealed", building=building)

    def _combine(self, event: dict, rest) -> None:
        cards = self.n.join([self.n.card(c) for c in event["cards"]])
        self.add("combine", survivor=self.n.survivor(event["survivor"]), cards=cards,
                 result=self.n.card(event["result"]))

    def _drive(self, event: dict, rest) -> None:
        self.add("drive", survivor=self.n.survivor(event["survivor"]), path=" → ".join(event["path"]))

    def _car_attack(self, event: dict, rest) -> None:
        self.add("car-attack", zone=event["zone"], dice=_dice(event["dice"]), hit=self.n.rules.car_attack_hit,
                 hits=event["hits"])

    def _roll(self, event: dict, rest) -> None:
        self.add("roll", survivor=self.n.survivor(event["survivor"]), weapon=self.n.card(event["weapon"]),
                 count=len(event["dice"]), dice=_dice(event["dice"]), accuracy=event["accuracy"])

    def _re_roll(self, event: dict, rest) -> None:
        source = event["source"]
        entity = self.n.game.entities.get(source)
        phrase = self.n.link("skill", source) if entity is not None and entity.kind == "skill" else self.n.card(source)
        self.add("re-roll", survivor=self.n.survivor(event["survivor"]), source=phrase, dice=_dice(event["dice"]))

    def _hits(self, event: dict, rest) -> None:
        self.add("hits", hits=event["hits"], misses=event["misses"], damage=event["damage"])
        if event["hits"] and self._hits_follow_the_order(event):
            self.add("hits-ordered")
        elif event["hits"]:
            self.add("hits-chosen")

    def _hits_follow_the_order(self, event: dict) -> bool:
        """As the model decides it: ranged attacks without a sniper's choice follow the target order."""
        step = self.run.step
        card = self.n.rules.card(step["weapon"])
        profile = card.profile(step.get("mode"))
        shooter = self.run.before.survivors[event["survivor"]]
        return profile is not None and profile.kind == "ranged" and not card.sniper and \
            "sniper" not in self.engine.skills(shooter)

    def _kill(self, group: list[dict], rest) -> None:
        counts: dict[str, int] = {}
        for event in group:
            counts[event["zombie"]] = counts.get(event["zombie"], 0) + 1
            zone = self.story.killed.setdefault(event["zone"], {})
            zone[event["zombie"]] = zone.get(event["zombie"], 0) + 1
            self._remove_zombie(event["zone"], event["zombie"])
        xp = sum(self.n.rules.zombies[t].xp * c for t, c in counts.items())
        self.add("kill", survivor=self.n.survivor(group[0]["survivor"]), zombies=self.n.zombies(counts), xp=xp,
                 experience=self.n.experience())

    def _hit_absorbed(self, group: list[dict], rest) -> None:
        first = group[0]
        self.add("hit-absorbed", damage=first["damage"], zombie=self.n.link("zombie", first["zombie"]),
                 need=self.n.rules.zombies[first["zombie"]].min_damage, count=len(group))

    def _molotov(self, event: dict, rest) -> None:
        self.add("molotov", survivor=self.n.survivor(event["survivor"]), zone=event["zone"],
                 weapon=self.n.card("molotov"))

    def _survivor_dies(self, event: dict, rest) -> None:
        self.state.survivors[event["survivor"]].dead = True
        self._simple(event)

    def _level_up(self, event: dict, rest) -> None:
        self.add("level-up", survivor=self.n.survivor(event["survivor"]), xp=event["xp"],
                 level=self.n.link("level", event["level"]))

    # zombies -----------------------------------------------------------------------------------
    def _zombie_phase(self, event: dict, rest) -> None:
        self._simple(event)
        self._new_activation()

    def _new_activation(self) -> None:
        self.pending = {z.zone for z in self.state.zombies}
        self.second = False

    def _zombie_card(self, event: dict, rest) -> None:
        card = self.cards.pop(0) if self.cards else None
        self.add("zombie-card", zone=event["zone"], level=self.n.link("level", event["level"]))
        if event["kind"] == "extra-activation":
            self.add("zombie-card-extra-activation")
            if card is not None and rest and rest[0]["event"] != "no-effect":
                self.add("extra-activation", zombies=self.n.zombies({card.activates: 1}))
                self._new_activation()
        elif event["kind"] == "manhole":
            self.add("zombie-card-manhole")

    def _spawn(self, group: list[dict], rest) -> None:
        counts: dict[str, int] = {}
        for event in group:
            counts[event["zombie"]] = counts.get(event["zombie"], 0) + event["count"]
            for _ in range(event["count"]):
                self.state.zombies.append(Zombie(-1, event["zombie"], event["zone"]))
        why = group[0]["why"]
        if why == "split":
            return  # told by the split itself
        key = "spawn-escort" if why == "escort" else "spawn"
        self.add(key, zone=group[0]["zone"], zombies=self.n.zombies(counts))

    def _out_of_miniatures(self, event: dict, rest) -> None:
        self.add("out-of-miniatures", zombie=self.n.link("zombie", event["zombie"]))

    def _acting(self, zone: str) -> None:
        """Zombies act zone by zone; a zone acting again means the runners' next action has begun."""
        if zone in self.pending and not self.second:
            self.pending.discard(zone)
            return
        if not self.second:
            self.second = True
            fast = {z.type for z in self.state.zombies if self.n.rules.zombies[z.type].actions > 1}
            counts = {t: 1 for t in sorted(fast)}
            self.add("second-action", zombies=self.n.zombies(counts))

    def _zombies_attack(self, event: dict, rest) -> None:
        self._acting(event["zone"])
        self.add("zombies-attack", zone=event["zone"], attacks=event["attacks"])

    def _split(self, event: dict, rest) -> None:
        self._acting(event["zone"])
        self.add("split", zone=event["zone"], ways=len(event["routes"]), routes=", ".join(event["routes"]))
        if event["added"]:
            self.add("split-added", zombies=self.n.zombies(event["added"]))
        self._split_zone = event["zone"]

    def _zombies_move(self, event: dict, rest) -> None:
        zone = event["zone"]
        if getattr(self, "_split_zone", None) != zone:
            self._acting(zone)
        self._split_zone = None
        by_dest: dict[str, dict[str, int]] = {}
        for ztype, dest in event["moves"]:
            by_dest.setdefault(dest, {})
            by_dest[dest][ztype] = by_dest[dest].get(ztype, 0) + 1
        for dest, counts in by_dest.items():
            reason = self._why(zone, dest)
            values = {"zone": zone, "dest": dest, "zombies": self.n.zombies(counts)}
            if reason is None:
                self.add("zombies-move", **values)
            elif reason[0] == "sight":
                seen = [s.id for s in self.state.survivors_in(reason[1])]
                self.add("zombies-move-sight", target=reason[1], seen=self.n.survivors(seen), **values)
                if (zone, reason[1]) not in self.story.sight_lines:
                    self.story.sight_lines.append((zone, reason[1]))
            else:
                self.add("zombies-move-noise", target=reason[1], noise=reason[2], **values)
        for ztype, dest in event["moves"]:
            self._move_zombie(zone, ztype, dest)

    def _why(self, zone: str, dest: str) -> tuple | None:
        """Sight or noise, and the zone the move heads for — only when the move is on a shortest
        route there, so the sentence never claims more than the model did."""
        board = self.state.board
        noise = self.engine.noise_map()
        seen = [z for z in board.line_of_sight(zone) if self.state.survivors_in(z)]
        if seen:
            loudest = max(noise[z] for z in seen)
            kind, targets = "sight", [z for z in seen if noise[z] == loudest]
        else:
            noisy = [z for z in board.zones if noise[z] > 0 and z != zone]
            if not noisy:
                return None
            loudest = max(noise[z] for z in noisy)
            kind, targets = "noise", [z for z in noisy if noise[z] == loudest]
        for target in board.sorted(targets):
            distance = board.distances_to(target)
            if zone in distance and distance.get(dest) == distance[zone] - 1:
                return kind, target, noise[target]
        return None

    def _move_zombie(self, zone: str, ztype: str, dest: str) -> None:
        for z in self.state.zombies:
            if z.zone == zone and z.type == ztype:
                z.zone = dest
                return

    def _remove_zombie(self, zone: str, ztype: str) -> None:
        for z in self.state.zombies:
            if z.zone == zone and z.type == ztype:
                self.state.zombies.remove(z)
                return


DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def _dice(values: list[int]) -> str:
    """Die faces: unambiguous in every language (and never read as Markdown, unlike "[4, 5](…)")."""
    return " ".join(DIE_FACES[v - 1] if 1 <= v <= 6 else str(v) for v in values)
