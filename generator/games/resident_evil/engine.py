"""The Action phase: one player's actions, the free card moves, and what every action shares.

Each action follows one path (`_action`): the rules check it completely, the action is counted,
an enemy in the character's square attacks first if the action is not an attack (an
out-of-sequence reaction: a failed evade cancels the action), the action resolves, and a corpse
in the character's square may rise. Combat, reactions, the tension deck and the end phase live
in their own modules and work on the same Game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from generator.core.decks import NEVER, RESHUFFLE, draw_from
from generator.core.dice import Dice, ScriptedRolls
from generator.core.grid import GridError
from generator.errors import ScenarioError

from . import campaign, campaign_map, combat, exploring, reactions, tension
from .cards import BehaviourCard, EncounterCard, EnemyProfile, Item, TensionCard
from .dice import ENCOUNTER_DIE, UMBRELLA
from .routes import Routes
from .rules import Rules
from .state import Character, Enemy, Held, NotAllowed, State
from .tension import ScriptedShuffle

RESHUFFLED_DECKS = ("item-a",)  # Item A (and the encounter deck) reshuffle their discards when empty
ITEM_B = "item-b"  # the scenario's own deck: what was found in a failed scenario goes back into it
CHARACTER_SIZE = "small"  # see the note in the package README: characters take a small model's room
TOKEN_SIZES = {"corpse": "small", "typewriter": "small", "item-box": "medium"}


class _Possible(Exception):
    """An action whose checks all pass, met while only asking whether one could be taken."""


class Game:
    def __init__(self, rules: Rules, cards: dict[str, Any], state: State, choices: dict | None = None):
        self.rules = rules
        self.cards = cards
        self.state = state
        self.dice: Dice = ScriptedRolls([])  # each step scripts its own rolls (scenario.py)
        self.choices: dict[str, Any] = choices or {}
        self._routes = Routes(state)
        self._asking = False  # only checking whether an action could be taken (can_act)

    @property
    def routes(self) -> Routes:
        """The enemies' routes over this state's board (kept while the board stays as it is)."""
        if self._routes.state is not self.state:
            self._routes = Routes(self.state)
        return self._routes

    # --- lookups ----------------------------------------------------------------------------
    def item(self, card: str) -> Item:
        found = self.cards.get(card)
        if not isinstance(found, Item):
            raise NotAllowed("unknown-card", f"'{card}' is not an item card this case knows")
        return found

    def profile(self, enemy: Enemy) -> EnemyProfile:
        found = self.cards.get(enemy.type)
        if not isinstance(found, EnemyProfile):
            raise ScenarioError(
                f"enemy '{enemy.id}' is a {enemy.type}, which has no enemy card; give it an enemy profile under cards"
            )
        return found

    def tension_card(self, card: str) -> TensionCard:
        found = self.cards.get(card)
        if not isinstance(found, TensionCard):
            raise ScenarioError(f"tension card '{card}' has no profile; give it under cards")
        return found

    def encounter_card(self, card: str) -> EncounterCard:
        found = self.cards.get(card)
        if not isinstance(found, EncounterCard):
            raise ScenarioError(f"encounter card '{card}' has no profile; give it under cards")
        return found

    def behaviour_card(self, card: str) -> BehaviourCard:
        found = self.cards.get(card)
        if not isinstance(found, BehaviourCard):
            raise ScenarioError(f"behaviour card '{card}' has no profile; give it under cards")
        return found

    def profiles_size(self, enemy_type: str) -> str:
        found = self.cards.get(enemy_type)
        if not isinstance(found, EnemyProfile):
            raise ScenarioError(
                f"a {enemy_type} comes into play, but '{enemy_type}' has no enemy card (a corpse "
                f"rises as a zombie); give it an enemy profile under cards"
            )
        return found.size

    def character(self, who: str) -> Character:
        if who not in self.state.characters:
            raise NotAllowed("unknown-character", f"there is no character '{who}'")
        return self.state.characters[who]

    def square(self, name: str) -> str:
        try:
            return self.state.board.square(name)
        except GridError as error:
            raise NotAllowed("unknown-square", str(error)) from error

    def actions_left(self) -> int:
        return self.rules.actions_per_turn - self.state.actions_used

    # --- room in a square -------------------------------------------------------------------
    def sizes_at(self, square: str, leaving: object | None = None) -> list[str]:
        s = self.state
        sizes = [CHARACTER_SIZE for c in s.characters.values() if c.square == square and c.in_play and c is not leaving]
        sizes += [self.profile(e).size for e in s.enemies.values() if e.square == square and e is not leaving]
        sizes += [TOKEN_SIZES["corpse"]] * s.corpses.get(square, 0)
        sizes += [TOKEN_SIZES["typewriter"]] * s.typewriters.count(square)
        sizes += [TOKEN_SIZES["item-box"]] * s.item_boxes.count(square)
        return sizes

    def weight_at(self, square: str, leaving: object | None = None) -> int:
        return sum(self.rules.weight(x) for x in self.sizes_at(square, leaving))

    def has_room(self, square: str, size: str, leaving: object | None = None) -> bool:
        return self.weight_at(square, leaving) + self.rules.weight(size) <= self.rules.square_limit

    # --- the shape of every action ------------------------------------------------------------
    def _check_turn(self, who: str) -> Character:
        s = self.state
        if s.result != "ongoing":
            raise NotAllowed("scenario-over", f"the scenario is already {s.result}")
        c = self.character(who)
        if s.player != who:
            raise NotAllowed("not-your-turn", f"it is {s.player}'s turn")
        if s.phase != "action":
            raise NotAllowed("not-action-phase", f"actions are taken in the Action phase, not the {s.phase} phase")
        if not c.active:
            raise NotAllowed("unconscious", f"{who} cannot act")
        return c

    def _action(
        self, who: str, kind: str, check: Callable[[Character], Any], resolve: Callable[[Character, Any], None]
    ) -> None:
        c = self._check_turn(who)
        if self.actions_left() <= 0:
            raise NotAllowed("no-actions-left", f"{who} has used all {self.rules.actions_per_turn} actions")
        if self.state.start_squares and not any(e["event"] == "action" for e in self.state.events):
            empty = self.empty_start_square()
            if empty is not None:
                raise NotAllowed("start-square-empty", f"start square {empty} has no character; place one there first")
        plan = check(c)
        if self._asking:
            raise _Possible
        self.state.actions_used += 1
        self.state.emit("action", who=who, kind=kind, number=self.state.actions_used, left=self.actions_left())
        if kind != "attack" and not reactions.attack_before_action(self, c, kind):
            self._after_action(c)
            return
        resolve(c, plan)
        self._after_action(c)

    def _after_action(self, c: Character) -> None:
        if c.active and self.state.corpses.get(c.square):
            self._corpse_roll(c)
        campaign_map.unlock(self)
        self.check_revival()
        self._turn_ends_if_down(c)

    def _turn_ends_if_down(self, c: Character) -> None:
        if (
            not c.active
            and self.state.player == c.id
            and self.state.phase == "action"
            and self.state.result == "ongoing"
        ):
            self.state.emit("turn-ends", who=c.id, reason="unconscious" if c.unconscious else "left")
            self.next_turn()

    def _corpse_roll(self, c: Character) -> None:
        """One encounter die for the square (its Umbrella face raises every corpse there), or,
        under the other reading, one die per corpse, each raising its own corpse."""
        square = c.square
        count = self.state.corpses[square]
        if self.rules.corpse_roll_once_per_action:
            (face,) = self.dice.roll(1, ENCOUNTER_DIE, "corpse roll")
            self.state.emit("corpse-roll", who=c.id, square=square, face=face, corpses=count)
            rising = count if face == UMBRELLA else 0
        else:
            faces = self.dice.roll(count, ENCOUNTER_DIE, "corpse roll (one die per corpse)")
            self.state.emit(
                "corpse-roll",
                who=c.id,
                square=square,
                face=faces[0] if count == 1 else faces,
                corpses=count,
                reason="one-die-per-corpse",
            )
            rising = faces.count(UMBRELLA)
        if not rising:
            return
        self.state.corpses[square] -= rising
        if not self.state.corpses[square]:
            del self.state.corpses[square]
        for _ in range(rising):
            self.spawn("zombie", square, reason="corpse-rises")

    def spawn(self, enemy_type: str, square: str, reason: str) -> Enemy:
        s = self.state
        self.profiles_size(enemy_type)  # an enemy comes into play with its card
        eid = f"{enemy_type}-{s.next_enemy}"
        while eid in s.enemies:
            s.next_enemy += 1
            eid = f"{enemy_type}-{s.next_enemy}"
        s.next_enemy += 1
        enemy = Enemy(eid, enemy_type, square)
        s.enemies[eid] = enemy
        if enemy_type in s.supply:
            s.supply[enemy_type] -= 1
        s.emit("enemy-appears", enemy=eid, type=enemy_type, square=square, reason=reason)
        return enemy

    # --- actions ------------------------------------------------------------------------------
    def move(self, who: str, to: str) -> None:
        target = self.square(to)

        def check(c: Character) -> None:
            board = self.state.board
            if not board.adjacent(c.square, target):
                raise NotAllowed("not-adjacent", f"{target} is not next to {c.square}")
            if board.corner_cut(c.square, target):
                raise NotAllowed("corner", f"the step from {c.square} to {target} would cut a walled corner")
            if not board.step_allowed(c.square, target):
                door = next((d for d in board.doors_at(c.square) if target in d.squares), None)
                if door is not None:
                    raise NotAllowed("door-closed", f"the door {door.id} is {door.state}")
                raise NotAllowed("wall", f"a wall stands between {c.square} and {target}")
            if target in self.state.shafts:
                raise NotAllowed("elevator-shaft", f"{target} is an empty elevator shaft")
            if not self.state.in_play(target) and exploring.exploration_door(self, c.square, target) is None:
                raise NotAllowed("off-board", f"{target} is not in the play area")
            if not self.has_room(target, CHARACTER_SIZE, leaving=c):
                raise NotAllowed("square-full", f"{target} has no room for another model")

        def resolve(c: Character, _: None) -> None:
            start = c.square
            if not self.state.in_play(target):
                exploring.lay_tile(self, c, start, target)
            c.square = target
            passed = next((d for d in self.state.board.doors_at(start) if target in d.squares), None)
            through = {"reason": "archway"} if passed is not None and passed.state == "archway" else {}
            self.state.emit("move", who=c.id, frm=start, to=target, **through)
            if target in self.state.exits and self.state.tutorial:
                self.state.emit("exit-reached", who=c.id, square=target)
            exploring.on_enter(self, c)

        self._action(who, "move", check, resolve)

    def toggle_door(self, who: str, door: str | None, want: str) -> None:
        def check(c: Character):
            doors = [d for d in self.state.board.doors_at(c.square) if d.state != "archway"]
            if door is not None:
                doors = [d for d in doors if d.id == door]
            if not doors:
                raise NotAllowed("no-door", f"no door in {c.square}" + (f" named {door}" if door else ""))
            if len(doors) > 1:
                raise NotAllowed("which-door", f"{c.square} has doors {[d.id for d in doors]}; name one")
            d = doors[0]
            puzzle = next((p for p in self.state.puzzles.values() if d.id in p.blocks and not p.solved), None)
            if want == "open" and puzzle is not None:
                raise NotAllowed("puzzle-unsolved", f"{d.id} stays shut until the puzzle {puzzle.id} is solved")
            if want == "open":
                if d.state == "open":
                    raise NotAllowed("door-already-open", f"{d.id} is open")
                if d.state == "locked":
                    if d.opens_from is not None and c.square != d.opens_from:
                        raise NotAllowed("one-way-door", f"{d.id} opens only from {d.opens_from}")
                    if d.key is not None and c.held(d.key) is None:
                        raise NotAllowed("locked", f"{d.id} needs the card {d.key}")
            elif d.state != "open":
                raise NotAllowed("door-not-open", f"{d.id} is {d.state}")
            return d

        def resolve(c: Character, d) -> None:
            unlocked = d.state == "locked"
            d.state = want if want == "open" else "closed"
            if unlocked:
                d.key = d.opens_from = None  # the lock card leaves; a normal door from now on
            self.state.emit(
                "door-" + ("opened" if want == "open" else "closed"), who=c.id, door=d.id, unlocked=unlocked
            )

        self._action(who, f"{want}-door", check, resolve)

    def search(self, who: str, take: list[str] | None = None, source: str | None = None) -> None:
        def check(c: Character):
            s = self.state
            if source is None:
                if not s.item_tokens.get(c.square):
                    raise NotAllowed("nothing-to-search", f"no item token in {c.square}")
                if len(c.items) >= c.inventory_limit:
                    raise NotAllowed("inventory-full", f"{c.id} holds {c.inventory_limit} items already")
                deck = s.item_tokens[c.square][0]
                if not s.decks.get(deck) and not (deck in RESHUFFLED_DECKS and s.discards.get(deck)):
                    raise NotAllowed("deck-empty", f"the {deck} deck is empty")
                return ("token", deck)
            cards = list(take or [])
            if len(c.items) + len(cards) > c.inventory_limit:
                raise NotAllowed("inventory-full", f"{c.id} has room for {c.inventory_limit - len(c.items)} more items")
            if source == "item-box":
                if not any(c.square == b or s.board.adjacent(c.square, b) for b in s.item_boxes):
                    raise NotAllowed("no-item-box", f"no item box in or next to {c.square}")
                held = [h.card for h in s.campaign.item_box]
            else:
                other = self.character(source)
                if not other.unconscious or other.square != c.square:
                    raise NotAllowed("not-unconscious-here", f"{source} is not lying unconscious in {c.square}")
                held = [h.card for h in other.items]
            missing = [x for x in cards if x not in held]
            if missing:
                raise NotAllowed("not-there", f"{missing} are not in {source}'s cards")
            return (source, cards)

        def resolve(c: Character, plan) -> None:
            s = self.state
            if plan[0] == "token":
                deck = plan[1]
                s.item_tokens[c.square].pop(0)
                if not s.item_tokens[c.square]:
                    del s.item_tokens[c.square]
                drawn = draw_from(
                    s.decks.setdefault(deck, []),
                    s.discards.setdefault(deck, []),
                    RESHUFFLE if deck in RESHUFFLED_DECKS else NEVER,
                    ScriptedShuffle(self.choices.get("reshuffle"), s.seed),  # type: ignore[arg-type]
                    name=deck,
                )
                if drawn.reshuffled:
                    s.emit("deck-rebuilt", deck=deck, cards=drawn.reshuffled)
                card = drawn.card or ""
                s.emit("search", who=c.id, deck=deck, card=card)
                if deck == ITEM_B:
                    s.found_item_b.append(card)
                    campaign_map.replay_collected(self)
                found = self.cards.get(card)
                if isinstance(found, Item) and found.kerosene:
                    s.kerosene[c.square] += found.kerosene
                    s.discards.setdefault(deck, []).insert(0, card)
                    s.emit("kerosene-placed", square=c.square, tokens=found.kerosene, card=card)
                    return
                self._receive(c, Held(card, dial=self._full_dial(card)), deck)
                return
            source_name, cards = plan
            pile = s.campaign.item_box if source_name == "item-box" else self.character(source_name).items
            for card in cards:
                h = next(x for x in pile if x.card == card)
                pile.remove(h)
                c.items.append(h)
            s.emit("take", who=c.id, source=source_name, cards=cards)

        self._action(who, "search", check, resolve)

    def _full_dial(self, card: str) -> int | None:
        item = self.cards.get(card)
        return item.weapon.capacity if isinstance(item, Item) and item.weapon else None

    def _receive(self, c: Character, held: Held, deck: str) -> None:
        c.items.append(held)

    def trade(self, who: str, other: str, give: list[str], take: list[str]) -> None:
        def check(c: Character):
            o = self.character(other)
            if not o.active or not (o.square == c.square or self.state.board.adjacent(o.square, c.square)):
                raise NotAllowed("too-far-to-trade", f"{other} is not in or next to {c.square}")
            for card, owner in [*((g, c) for g in give), *((t, o) for t in take)]:
                if owner.held(card) is None:
                    raise NotAllowed("not-held", f"{owner.id} holds no {card}")
            if (
                len(c.items) - len(give) + len(take) > c.inventory_limit
                or len(o.items) - len(take) + len(give) > o.inventory_limit
            ):
                raise NotAllowed("inventory-full", "the trade leaves an inventory over its limit")
            return o

        def resolve(c: Character, o: Character) -> None:
            given = [h for h in (c.held(g) for g in give) if h is not None]
            taken = [h for h in (o.held(t) for t in take) if h is not None]
            for h in given:
                c.items.remove(h)
                o.items.append(h)
            for h in taken:
                o.items.remove(h)
                c.items.append(h)
            self.state.emit("trade", who=c.id, other=o.id, give=list(give), take=list(take))

        self._action(who, "trade", check, resolve)

    def use(self, who: str, card: str, target: str | None = None, weapon: str | None = None) -> None:
        def check(c: Character):
            h = c.held(card)
            if h is None:
                raise NotAllowed("not-held", f"{who} holds no {card}")
            item = self.item(card)
            if item.kind == "defence":
                raise NotAllowed("defence-only-when-attacked", "a defence item is used only when attacked")
            if item.kind == "weapon":
                raise NotAllowed("weapon-attacks", "a weapon is used by attacking")
            if item.kind == "ammo":
                w = c.held(weapon or item.reloads or "")
                if w is None or w.card != item.reloads:
                    raise NotAllowed("no-weapon-to-reload", f"{card} reloads {item.reloads}, which {who} does not hold")
                return ("reload", h, w)
            if item.kind == "healing":
                t = self.character(target) if target else c
                if t is not c and not (t.square == c.square or self.state.board.adjacent(t.square, c.square)):
                    raise NotAllowed("too-far", f"{t.id} is not in or next to {c.square}")
                if t.unconscious and not item.revives:
                    raise NotAllowed("cannot-revive", f"only a First Aid Spray revives; {card} does not")
                return ("heal", h, t)
            if item.burns is not None:
                return ("burn", h, self._burn_plan(c, card, item.burns))
            raise NotAllowed("no-effect", f"{card} has no effect the rules model plays")

        def resolve(c: Character, plan) -> None:
            kind, h = plan[0], plan[1]
            if kind == "burn":  # a special item stays in the inventory
                exploring.burn_corpses(self, c, h.card, *plan[2])
                return
            c.items.remove(h)
            if kind == "reload":
                self._reload(c, h, plan[2])
                if self.item(h.card).overlay is not None:  # laid over the weapon until it is spent
                    return
            else:
                self._heal_with(c, h, plan[2])
            self.state.emit("card-spent", who=c.id, cards=h.cards())
            self.to_discard(h.cards())

        self._action(who, "use", check, resolve)

    def _burn_plan(self, c: Character, card: str, burns: tuple[int, int]) -> tuple[int, int]:
        """A Lighter with kerosene disposes of corpse tokens in the character's square: the kerosene
        tokens it spends and the corpses it removes, as its card states."""
        kerosene, corpses = burns
        there = self.state.corpses.get(c.square, 0)
        if not there:
            raise NotAllowed("no-corpse", f"no corpse token in {c.square} to burn")
        if c.kerosene < kerosene:
            raise NotAllowed("no-kerosene", f"{card} needs {kerosene} kerosene tokens; {c.id} carries {c.kerosene}")
        return kerosene, min(corpses, there)

    def _reload(self, c: Character, ammo: Held, w: Held) -> None:
        item = self.item(ammo.card)
        capacity = self.item(w.card).weapon.capacity  # type: ignore[union-attr]
        before = w.dial or 0
        self.drop_overlay(w)  # another ammunition card ends special ammunition
        if item.overlay is not None:
            w.overlay, w.dial = ammo.card, item.amount
            reason = "special-ammunition"
        elif self.state.mode == "easy" and self.rules.modes.get("easy-reload-to-capacity"):
            w.dial = capacity
            reason = "easy-mode"
        else:
            w.dial = min(capacity or 0, before + item.amount)
            reason = "capped" if before + item.amount > (capacity or 0) else "normal"
        self.state.emit(
            "reload",
            who=c.id,
            weapon=w.card,
            card=ammo.card,
            before=before,
            after=w.dial,
            capacity=capacity,
            reason=reason,
        )

    def drop_overlay(self, w: Held) -> None:
        """Special ammunition leaves the weapon (spent, replaced, or reset): its card is discarded."""
        if w.overlay is not None:
            self.to_discard([w.overlay])
            w.overlay = None

    def _heal_with(self, c: Character, h: Held, t: Character) -> None:
        item = self.item(h.card)
        if t.unconscious:
            combat.revive(self, t, by=c.id, card=h.card)
            return
        if item.revives and self.state.mode == "easy" and self.rules.modes.get("easy-spray-heals-to-fine"):
            # Easy mode: a First Aid Spray takes the character to Fine, however hurt.
            combat.heal(self, t, t.damage, reason="easy-mode", card=h.card, cards=h.cards())
            return
        total = sum(self.item(x).heal for x in h.cards())
        combat.heal(self, t, total, reason="herbs" if item.herb else "item", card=h.card, cards=h.cards())

    # --- free card moves ----------------------------------------------------------------------
    def discard(self, who: str, card: str) -> None:
        c = self._check_turn(who)
        h = c.held(card)
        if h is None:
            raise NotAllowed("not-held", f"{who} holds no {card}")
        if not self.rules.free_discard_any_number and any(
            e["event"] == "discard" and e.get("player") == who for e in self._this_turn()
        ):
            raise NotAllowed("one-free-discard", "under this reading a character discards one card per Action phase")
        c.items.remove(h)
        self.state.emit("discard", who=who, card=card, free=True)
        self.to_discard(h.every_card())

    def to_discard(self, cards: list[str]) -> None:
        """Item A cards go to their deck's discard pile (it is reshuffled when the deck runs out);
        the others are set aside: no deck takes them back during the scenario."""
        for card in cards:
            item = self.cards.get(card)
            if isinstance(item, Item) and item.deck in RESHUFFLED_DECKS:
                self.state.discards.setdefault(item.deck, []).insert(0, card)
            else:
                self.state.set_aside.insert(0, card)

    def _this_turn(self) -> list[dict]:
        """The events since the current turn began."""
        events = self.state.events
        start = max((i for i, e in enumerate(events) if e["event"] == "turn-starts"), default=-1)
        return events[start + 1 :]

    def combine(self, who: str, cards: list[str]) -> None:
        c = self._check_turn(who)
        held = []
        for card in cards:
            h = next((x for x in c.items if x.card == card and x not in held), None)
            if h is None:
                raise NotAllowed("not-held", f"{who} holds no separate {card}")
            if not self.item(card).herb:
                raise NotAllowed("not-a-herb", f"only herbs combine; {card} is not one")
            held.append(h)
        if len(held) < 2:
            raise NotAllowed("combine-needs-two", "combining takes at least two herbs")
        first = held[0]
        for h in held[1:]:
            first.stack.extend(h.cards())
            c.items.remove(h)
        self.state.emit("combine", who=who, cards=first.cards(), free=True)

    def split(self, who: str, card: str) -> None:
        self._check_turn(who)
        raise NotAllowed("herbs-stay-combined", "combined herbs can never be separated again")

    # --- terrain ------------------------------------------------------------------------------
    def use_stairs(self, who: str) -> None:
        def check(c: Character) -> str:
            there = self.state.stairs.get(c.square)
            if there is None:
                raise NotAllowed("no-stairs", f"no stairwell token in {c.square}")
            if not self.has_room(there, CHARACTER_SIZE, leaving=c):
                raise NotAllowed("square-full", f"{there} has no room")
            return there

        def resolve(c: Character, there: str) -> None:
            start, c.square = c.square, there
            self.state.emit("stairs", who=c.id, frm=start, to=there)
            exploring.on_enter(self, c)

        self._action(who, "stairs", check, resolve)

    def leave(self, who: str) -> None:
        def check(c: Character) -> None:
            if c.square not in self.state.exits:
                raise NotAllowed("no-exit", f"no exit token in {c.square}")

        def resolve(c: Character, _: None) -> None:
            c.left = True
            self.state.emit("leave", who=c.id, square=c.square)
            if all(x.left for x in self.state.characters.values() if not x.dead):
                self.finish("completed", "everyone-left")
            else:
                self.state.emit("turn-ends", who=c.id, reason="left")
                self.next_turn()

        self._action(who, "leave", check, resolve)

    def typewriter(self, who: str) -> None:
        def check(c: Character) -> str:
            near = [t for t in self.state.typewriters if t == c.square or self.state.board.adjacent(t, c.square)]
            if not near:
                raise NotAllowed("no-typewriter", f"no typewriter in or next to {c.square}")
            if self.state.ink_ribbons < 1:
                raise NotAllowed("no-ink-ribbon", "no ink ribbon is left")
            return near[0]

        def resolve(c: Character, square: str) -> None:
            tension.rebuild_with_typewriter(self, c, square)

        self._action(who, "typewriter", check, resolve)

    def move_elevator(self, who: str, to: str) -> None:
        """From inside the elevator, or from a door square next to a shaft: the elevator and every
        model in it change places with a shaft."""
        target = self.square(to)

        def check(c: Character) -> None:
            s = self.state
            if s.elevator is None:
                raise NotAllowed("no-elevator", "this play area has no elevator")
            if target not in s.shafts:
                raise NotAllowed("not-a-shaft", f"{target} is not one of the elevator's shafts {s.shafts}")
            inside = c.square == s.elevator
            calling = any(d.other(c.square) in s.shafts for d in s.board.doors_at(c.square))
            if not (inside or calling):
                raise NotAllowed("not-at-elevator", f"{c.id} is neither in the elevator nor at a door to its shaft")

        def resolve(c: Character, _: None) -> None:
            s = self.state
            start = s.elevator
            assert start is not None
            riders = [x.id for x in s.characters.values() if x.square == start and x.in_play]
            riders += [e.id for e in s.enemies.values() if e.square == start]
            for x in s.characters.values():
                if x.square == start and x.in_play:
                    x.square = target
            for e in s.enemies.values():
                if e.square == start:
                    e.square = target
            s.shafts = [start if q == target else q for q in s.shafts]
            s.elevator = target
            s.emit("elevator", who=c.id, frm=start, to=target, riders=riders)

        self._action(who, "elevator", check, resolve)

    def pick_up_kerosene(self, who: str) -> None:
        def check(c: Character) -> None:
            if not self.state.kerosene.get(c.square):
                raise NotAllowed("no-kerosene", f"no kerosene token in {c.square}")
            if c.kerosene >= c.kerosene_max:
                raise NotAllowed("kerosene-full", f"{c.id} already carries {c.kerosene_max} kerosene tokens")

        def resolve(c: Character, _: None) -> None:
            exploring.pick_up_kerosene(self, c, c.square)

        self._action(who, "pick-up-kerosene", check, resolve)

    def deposit(self, who: str, cards: list[str]) -> None:
        def check(c: Character) -> list[Held]:
            if not any(c.square == b or self.state.board.adjacent(c.square, b) for b in self.state.item_boxes):
                raise NotAllowed("no-item-box", f"no item box in or next to {c.square}")
            held = [c.held(x) for x in cards]
            if any(h is None for h in held):
                raise NotAllowed("not-held", f"{who} does not hold all of {cards}")
            limit = campaign.item_box_capacity(self)
            if len(self.state.campaign.item_box) + len(held) > limit:
                raise NotAllowed("item-box-full", f"the item box holds at most {limit} cards")
            return held  # type: ignore[return-value]

        def resolve(c: Character, held: list[Held]) -> None:
            for h in held:
                c.items.remove(h)
                self.state.campaign.item_box.append(h)
            self.state.emit("deposit", who=c.id, cards=list(cards))

        self._action(who, "deposit", check, resolve)

    def attack(self, who: str, weapon: str, target: str, rapid_fire: int = 0) -> None:
        def check(c: Character):
            return combat.check_attack(self, c, weapon, target, rapid_fire)

        def resolve(c: Character, plan) -> None:
            combat.resolve_attack(self, c, plan)

        self._action(who, "attack", check, resolve)

    # --- phases ---------------------------------------------------------------------------------
    def end_actions(self) -> None:
        """Close the Action phase; skipping actions is refused next to an enemy, corpse or boss."""
        s = self.state
        if s.result != "ongoing":
            raise NotAllowed("scenario-over", f"the scenario is already {s.result}")
        if s.phase != "action":
            return
        c = s.characters[s.player]
        if self.actions_left() > 0 and c.active:
            crowded = bool(s.enemies_at(c.square) or s.corpses.get(c.square))
            if crowded and self.can_act(c):
                raise NotAllowed(
                    "cannot-skip-actions",
                    f"{c.id} shares {c.square} with an enemy or a corpse and must use every action",
                )
            reason = {"reason": "no-action-possible"} if crowded else {}
            s.emit("actions-skipped", who=c.id, skipped=self.actions_left(), **reason)
        s.phase = "reaction"

    def can_act(self, c: Character) -> bool:
        """Whether the rules allow the character any action now: each action it might take is
        checked and none is played. A character that must use every action (an enemy or a corpse
        in its square) but can take none ends its Action phase all the same."""
        saved, self.choices, self._asking = self.choices, {}, True
        try:
            for attempt in self._attempts(c):
                try:
                    attempt()
                except NotAllowed:
                    continue
                except _Possible:
                    return True
            return False
        finally:
            self.choices, self._asking = saved, False

    def _attempts(self, c: Character) -> list[Callable[[], None]]:
        s, who = self.state, c.id
        board = s.board
        tries: list[Callable[[], None]] = [
            partial(self.move, who, q) for q in board.cells if board.adjacent(c.square, q)
        ]
        for door in board.doors_at(c.square):
            tries += [
                partial(self.toggle_door, who, door.id, "open"),
                partial(self.toggle_door, who, door.id, "closed"),
            ]
        tries += [partial(self.search, who), partial(self.use_stairs, who), partial(self.leave, who)]
        tries += [partial(self.typewriter, who), partial(self.pick_up_kerosene, who)]
        tries += [partial(self.move_elevator, who, q) for q in s.shafts]
        others = [x for x in s.characters.values() if x is not c and x.in_play]
        for h in c.items:
            tries += [partial(self.use, who, h.card, x.id) for x in (c, *others)]
            tries.append(partial(self.deposit, who, [h.card]))
            tries += [partial(self.attack, who, h.card, e) for e in s.enemies]
        for other in others:
            tries.append(partial(self.trade, who, other.id, [], []))
            tries += [partial(self.search, who, [h.card], other.id) for h in other.items[:1]]
        if s.campaign.item_box:
            tries.append(partial(self.search, who, [s.campaign.item_box[0].card], "item-box"))
        return tries

    def reaction_phase(self) -> None:
        self.end_actions()
        if self.state.phase == "reaction" and self.state.result == "ongoing":
            reactions.reaction_phase(self)
            self.check_revival()
            if self.state.result == "ongoing":
                self.state.phase = "tension"

    def tension_phase(self) -> None:
        if self.state.phase == "action":
            self.reaction_phase()
        if self.state.result != "ongoing":
            return
        tension.tension_phase(self)
        self.check_revival()
        if self.state.result == "ongoing":
            self.next_turn()

    def boss_attack(self, boss: str) -> None:
        """The attack line of a boss's behaviour card: the active character if in range and
        sight, else another character the boss can attack; the printed evade difficulty applies."""
        s = self.state
        enemy = s.enemies.get(boss)
        if enemy is None or not self.profile(enemy).boss:
            raise NotAllowed("not-a-boss", f"'{boss}' is not a boss on the board")
        attack = self.profile(enemy).attacks[0]
        able = [c for c in s.characters.values() if combat.can_attack(self, enemy, c, attack)]
        if not able:
            s.emit("boss-no-target", enemy=boss)
            return
        target = next((c for c in able if c.id == s.player), None) or next(
            (c for c in able if c.id == self.choices.get("target")), able[0]
        )
        combat.enemy_attack(self, enemy, target, attack, reason="behaviour-card")
        self.check_revival()

    def next_turn(self) -> None:
        s = self.state
        tension.expire_lasting(self, s.player)
        for _ in range(len(s.players)):
            s.turn = (s.turn + 1) % len(s.players)
            c = s.characters[s.player]
            if c.unconscious and c.in_play:
                s.emit("turn-skipped", who=c.id, reason="unconscious")
                tension.expire_lasting(self, s.player)
                continue
            if c.in_play:
                break
        s.phase, s.actions_used = "action", 0
        s.emit("turn-starts", who=s.player)

    # --- set-up, tokens and puzzles ------------------------------------------------------------
    def place(self, who: str, square: str) -> None:
        """Before the first action, a character is placed on one of the scenario's start squares
        the mode uses (solo: S1 only)."""
        s = self.state
        target = self.square(square)
        c = self.character(who)
        if any(e["event"] == "action" for e in s.events):
            raise NotAllowed("scenario-under-way", "characters are placed on start squares before the first action")
        used = s.start_squares[: self.rules.start_squares_used(s.mode)]
        if target not in s.start_squares:
            raise NotAllowed("not-a-start-square", f"{target} is not a start square ({', '.join(s.start_squares)})")
        if target not in used:
            raise NotAllowed(
                "start-square-unused",
                f"in {s.mode} mode characters start on {', '.join(used)} only; {target} is not used",
            )
        if not self.has_room(target, CHARACTER_SIZE, leaving=c):
            raise NotAllowed("square-full", f"{target} has no room for another model")
        start, c.square = c.square, target
        s.emit(
            "placed",
            who=c.id,
            frm=start,
            to=target,
            start=s.start_squares.index(target) + 1,
            reason="solo-mode" if s.mode == "solo" else "start-square",
        )

    def empty_start_square(self) -> str | None:
        """A start square in use that holds none of the characters while there are enough of them to
        stand one on each (checked at the first action)."""
        s = self.state
        used = s.start_squares[: self.rules.start_squares_used(s.mode)]
        party = [c for c in s.characters.values() if c.in_play]
        if len(party) < len(used):
            return None
        return next((q for q in used if not any(c.square == q for c in party)), None)

    def remove_token(self, card: str) -> None:
        """A lasting-effect token leaves the play area (as its card says): its rule stops."""
        s = self.state
        token = next((t for t in s.tokens if t["card"] == card), None)
        if token is None:
            raise NotAllowed("no-token", f"no lasting-effect token of {card} is in the play area")
        s.tokens.remove(token)
        s.emit("token-removed", card=card, place=token["place"], beside=token["beside"])

    def move_puzzle_marker(self, puzzle: str, spaces: int) -> None:
        """The puzzle track's marker moves as the scenario's puzzle rules say; at the track's end the
        puzzle is solved and its doors are no longer held shut (a locked one becomes a closed door)."""
        s = self.state
        found = s.puzzles.get(puzzle)
        if found is None:
            raise NotAllowed("no-puzzle", f"the scenario has no puzzle '{puzzle}'")
        if found.solved:
            raise NotAllowed("puzzle-solved", f"the puzzle {puzzle} is solved already")
        before = found.marker
        found.marker = max(0, min(found.track, before + spaces))
        s.emit("puzzle-track", puzzle=puzzle, before=before, after=found.marker, track=found.track)
        if found.solved:
            for did in found.blocks:
                door = s.board.doors[did]
                if door.state == "locked":
                    door.state, door.key, door.opens_from = "closed", None, None
            s.emit("puzzle-solved", puzzle=puzzle, doors=list(found.blocks))

    def completion_refusal(self) -> NotAllowed | None:
        """Why the scenario may not be completed now (None: it may): it is over, or a character
        lies unconscious."""
        s = self.state
        if s.result != "ongoing":
            return NotAllowed("scenario-over", f"the scenario is already {s.result}")
        down = [c.id for c in s.characters.values() if c.unconscious and not c.dead]
        if down:
            return NotAllowed(
                "someone-unconscious", f"{', '.join(down)} lies unconscious: no scenario is completed meanwhile"
            )
        return None

    def finish(self, result: str, reason: str) -> None:
        if self.state.result == "ongoing":
            self.state.result = result
            self.state.emit("scenario-" + result, reason=reason)

    def check_revival(self) -> None:
        """An unconscious character nobody can revive dies, and the scenario fails."""
        s = self.state
        down = [c for c in s.characters.values() if c.unconscious and not c.dead]
        if not down or s.result != "ongoing":
            return
        if s.tutorial:  # nothing revives in the demo: beyond Danger is death, and the scenario is lost
            for c in down:
                c.dead, c.unconscious = True, False
                s.emit("death", who=c.id, reason="tutorial-no-revival")
            self.finish("failed", "tutorial-beyond-danger")
            return
        sprays = self._sprays_left()
        for c in down:
            if sprays:
                continue
            if c.knocked_by_boss:
                continue
            c.dead, c.unconscious = True, False
            s.emit("death", who=c.id, reason="no-first-aid-spray")
            self.finish("failed", "character-died")

    def _sprays_left(self) -> int:
        s = self.state
        revives = {cid for cid, card in self.cards.items() if isinstance(card, Item) and card.revives}
        held = sum(1 for c in s.characters.values() if not c.dead for h in c.items for x in h.cards() if x in revives)
        held += sum(1 for x in s.decks.get("item-b", []) if x in revives)
        if self.rules.revival_counts_item_box:
            held += sum(1 for h in s.campaign.item_box if h.card in revives)
        return held
