"""The zombies: activation (attack, then move), runners' second action, spawning.

Player decisions the rules leave to the players arrive in `game.choices`:
- "attacks": {zone: [survivor, ...]} who takes each attack in a zone, in order;
- "discard": {survivor: [card, ...]} the card lost to each wound (1st edition);
- "ignore-wound": {survivor: [card, ...]} cards thrown away instead of a wound (Is That All You've Got?);
- "abomination": {zone: next zone} where an Abomination goes when its routes split;
- "split": {zone: [route, ...]} the routes that take the odd zombies first when a group splits.
Without a choice the engine takes a fixed default (listed order, reading order of the map).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from generator.errors import ScenarioError
from generator.games.zombicide import reactions
from generator.games.zombicide.board import Door
from generator.games.zombicide.state import ZOMBIES, Survivor, Zombie, ZombieCard
from generator.games.zombicide.strategies import split_counts, wound

if TYPE_CHECKING:  # pragma: no cover
    from generator.games.zombicide.engine import Game

FATTY = "fatty"
DISTRIBUTOR, DREADNOUGHT, ZOMBIE_LINK = "distributor", "dreadnought", "zombie-link"
# No box holds more zombies than this: more on the board at once only come from zombies that
# multiply unchecked (the 1st edition's splits add zombies, and a type without a supply never runs
# out), and every one of them acts in each phase.
MAX_ON_BOARD = 400


def run(game: "Game", spawn: bool = True) -> None:
    state = game.state
    game.tough_used.clear()
    game.emit("zombie-phase")
    activate(game, list(state.zombies))
    if spawn:
        spawn_step(game)


# --- activation ----------------------------------------------------------------------------
def activate(game: "Game", zombies: list[Zombie]) -> None:
    """An activation: every zombie's first action, then runners act again after all of them."""
    most = max((game.rules.zombies[z.type].actions for z in zombies), default=1)
    for action in range(1, most + 1):
        mark = len(game.state.events)
        # Only the zombies still on the board act: looked up by identity in a set, since a list
        # lookup per zombie made a phase quadratic in the zombie count.
        on_board = {id(z) for z in game.state.zombies}
        _act(game, [z for z in zombies if id(z) in on_board and game.rules.zombies[z.type].actions >= action])
        if action > 1 and len(game.state.events) > mark:  # say that the fast zombies act again, before they do
            fast = sorted({z.type for z in game.state.zombies if game.rules.zombies[z.type].actions >= action})
            game.state.events.insert(mark, game.state.event("second-action", zombies=fast, action=action))
    if not game.shortage_activations:
        settle_shortages(game)


def _act(game: "Game", zombies: list[Zombie]) -> None:
    """One action each (every zombie given is on the board): zombies with survivors in their
    zone attack, then the others move."""
    state = game.state
    movers = []
    by_zone: dict[str, list[Zombie]] = {}
    for z in zombies:
        by_zone.setdefault(z.zone, []).append(z)
    for zone in state.board.sorted(by_zone):
        group = by_zone[zone]
        if state.survivors_in(zone):
            _attack(game, zone, group)
        else:
            movers.append((zone, group))
    lures = _lures(game)  # nothing a plan does changes them, nor the doors: worked out once
    with state.board.doors_held():
        plans = [(zone, group, *_plan_moves(game, zone, group, lures)) for zone, group in movers]
    for zone, group, plan, reasons in plans:
        for zombie, step in plan:
            if step != zombie.zone:
                zombie.zone = step
        moved = [(z.type, step) for z, step in plan if step != zone]
        if moved:
            dests = list(dict.fromkeys(step for _, step in moved))
            game.emit(
                "zombies-move",
                zone=zone,
                moves=moved,
                reasons={dest: reasons[dest] for dest in dests if dest in reasons},
            )


def _attack(game: "Game", zone: str, group: list[Zombie], only: Survivor | None = None) -> None:
    """Each zombie of the group attacks once, in the group's order; `only`: the one survivor the
    zombies go for (a Taunt)."""
    state = game.state
    order = list(game.choices.get("attacks", {}).get(zone, []))
    game.emit("zombies-attack", zone=zone, attacks=len(group))
    for i, zombie in enumerate(group):
        living = [only] if only is not None and not only.dead else [] if only else state.survivors_in(zone)
        if not living:
            return  # the rest of the group crowds the bodies
        victim = _victim(living, order[i] if i < len(order) else None)
        _suffer_attack(game, victim, zombie.type)


def _victim(living: list[Survivor], wanted: str | None) -> Survivor:
    for s in living:
        if s.id == wanted:
            return s
    return living[0]


def _suffer_attack(game: "Game", s: Survivor, attacker: str) -> None:
    skills = game.skills(s)
    named = s.skill_values.get(DREADNOUGHT)
    if DREADNOUGHT in skills and named is not None and str(named) in attacker:
        game.emit("dreadnought", survivor=s.id, zombie=attacker)  # no wound from a zombie of that name
        return
    if "tough" in skills and game.state.turn.phase == ZOMBIES and s.id not in game.tough_used:
        game.tough_used.add(s.id)  # the first zombie attack of each zombie phase (only) is ignored
        game.emit("tough", survivor=s.id)
        return
    instead = game.choices.get("ignore-wound", {}).get(s.id, [])
    if "is-that-all-youve-got" in skills and instead:
        card = instead.pop(0)
        item = next((i for i in s.items() if i.name == card), None)
        if item is not None:
            game._remove(s, item)
            game.state.equipment_discard.append(card)
            game.emit("is-that-all-youve-got", survivor=s.id, card=card)
            return
    lost = game.choices.get("discard", {}).get(s.id, [])
    wound(game, s, lost.pop(0) if lost else None)


def taunted(game: "Game", zombies: list[Zombie], s: Survivor) -> None:
    """Taunt: an extra activation of these zombies toward one survivor: those in the survivor's
    zone attack only them; the others leave their zone, whoever stands there, on a shortest way
    to the survivor's zone."""
    board = game.state.board
    most = max((game.rules.zombies[z.type].actions for z in zombies), default=1)
    for action in range(1, most + 1):
        on_board = {id(z) for z in game.state.zombies}
        acting = [z for z in zombies if id(z) in on_board and game.rules.zombies[z.type].actions >= action]
        by_zone: dict[str, list[Zombie]] = {}
        for z in acting:
            by_zone.setdefault(z.zone, []).append(z)
        for zone in board.sorted(by_zone):
            group = by_zone[zone]
            if zone == s.zone:
                if not s.dead:
                    _attack(game, zone, group, only=s)
                continue
            steps = _steps_towards(board, zone, [s.zone], False)
            if not steps:
                continue
            plan = _share_out(game, zone, group, steps, False)
            for zombie, step in plan:
                zombie.zone = step
            moved = [(z.type, step) for z, step in plan if step != zone]
            why = {"reason": "taunt", "target": s.zone, "seen": [s.id]}
            if moved:
                game.emit("zombies-move", zone=zone, moves=moved, reasons={step: why for _, step in moved})


# --- movement ------------------------------------------------------------------------------
class _Lures(NamedTuple):
    """What draws the zombies as they plan an action's steps."""

    noise: dict[str, int]  # noise by zone (Game.noise_map)
    noisy: list[str]  # the zones with noise, in reading order
    occupied: frozenset[str]  # the zones where living survivors stand


def _lures(game: "Game") -> _Lures:
    noise = game.noise_map()
    return _Lures(
        noise, [z for z in game.state.board.zones if noise[z] > 0], frozenset(s.zone for s in game.state.living())
    )


def _plan_moves(game: "Game", zone: str, group: list[Zombie], lures: _Lures) -> tuple[list[tuple[Zombie, str]], dict]:
    """Where each zombie of the group steps, and why: next zone -> the reason it heads there."""
    options, doors_pretended, aim = _first_steps(game, zone, lures)
    if not options:
        return [(z, zone) for z in group], {}
    reasons = {option: why for option in options if (why := _reason(game, zone, option, aim, doors_pretended))}
    plan = _share_out(game, zone, group, options, doors_pretended)
    return plan, reasons


def _reason(game: "Game", zone: str, step: str, aim: tuple, all_doors_open: bool) -> dict | None:
    """Sight or noise, the zone the step heads for (the first in reading order it is on a shortest
    route to), and what makes that zone the target: the survivors seen, or its noise."""
    kind, targets, noise = aim
    board = game.state.board
    for target in board.sorted(targets):
        distance = board.distances_to(target, all_doors_open)
        if zone in distance and distance.get(step) == distance[zone] - 1:
            why = {"reason": kind, "target": target, "noise": noise[target]}
            if kind == "sight":
                why["seen"] = [s.id for s in game.state.survivors_in(target)]
            return why
    return None


def _share_out(
    game: "Game", zone: str, group: list[Zombie], options: list[str], doors_pretended: bool
) -> list[tuple[Zombie, str]]:
    """The group's zombies over the first steps: Abominations together, the others split."""
    board = game.state.board

    def step_to(option: str) -> str:
        # Moving as if doors were open, a zombie still stops at a closed door.
        return option if not doors_pretended or board.passable(zone, option) else zone

    plan: list[tuple[Zombie, str]] = []
    abominations = [z for z in group if game.rules.is_abomination(z.type)]
    others = [z for z in group if not game.rules.is_abomination(z.type)]
    if abominations:  # never split: the players pick the route
        _offered(game, "abomination", zone, options)
        route = game.choices.pick("abomination", zone, options)
        plan += [(z, step_to(route)) for z in abominations]
    if len(options) == 1:
        return plan + [(z, step_to(options[0])) for z in others]
    counts: dict[str, int] = {}
    for z in others:
        counts[z.type] = counts.get(z.type, 0) + 1
    # Where the odd zombies go is the players' choice: the routes they name get them first.
    _offered(game, "split", zone, options)
    preferred = game.choices.order("split", zone, options)
    preferred_shares, added = split_counts(counts, len(options), game.rules.split_adds_zombies)
    share_of = dict(zip(preferred, preferred_shares))
    shares = [share_of[option] for option in options]
    pool = {t: [z for z in others if z.type == t] for t in counts}
    placed = {}
    for ztype, extra in added.items():
        new = place(game, ztype, extra, zone, escort=False, why="split")  # no escort for split fatties
        pool[ztype] += new
        placed[ztype] = len(new)
    game.emit("split", zone=zone, routes=options, added=placed)
    for option, share in zip(options, shares):
        for ztype, n in share.items():
            for _ in range(n):
                if pool[ztype]:
                    plan.append((pool[ztype].pop(0), step_to(option)))
    return plan


def _offered(game: "Game", point: str, zone: str, options: list[str]) -> None:
    """A route the case scripts for the zombies of a zone is one they can take: any other names
    nothing this phase offers, and would be passed over in silence."""
    scripted = game.choices.get(point).get(zone)
    for route in scripted if isinstance(scripted, list) else [] if scripted is None else [scripted]:
        if route not in options:
            raise ScenarioError(
                f"the zombie phase's '{point}' names the route {route} from {zone}, but the "
                f"zombies there go to {' or '.join(options)}; name one of those"
            )


def _first_steps(game: "Game", zone: str, lures: _Lures) -> tuple[list[str], bool, tuple]:
    """Next zones on the shortest routes to the target(s); whether doors were pretended open;
    and the aim: (sight or noise, the target zones, the noise map)."""
    rules, board, noise = game.rules, game.state.board, lures.noise
    sight = board.line_of_sight(zone)
    seen = [z for z in sight if z in lures.occupied]
    if seen:
        loudest = max(noise[z] for z in seen)
        targets = [z for z in seen if noise[z] == loudest]
        steps = _steps_towards(board, zone, targets, False)
        if steps:
            return steps, False, ("sight", targets, noise)
    noisy = [z for z in lures.noisy if z != zone]
    if not noisy:
        return [], False, ("", [], noise)
    reachable = [z for z in noisy if zone in board.distances_to(z)]
    if reachable:
        loudest = max(noise[z] for z in reachable)
        if rules.blocked_zombies_move_as_if_doors_open or loudest == max(noise[z] for z in noisy):
            targets = [z for z in reachable if noise[z] == loudest]
            return _steps_towards(board, zone, targets, False), False, ("noise", targets, noise)
        return [], False, ("", [], noise)  # 2nd edition: the way to the noisiest zone is blocked
    if not rules.blocked_zombies_move_as_if_doors_open:
        return [], False, ("", [], noise)
    loudest = max(noise[z] for z in noisy)
    targets = [z for z in noisy if noise[z] == loudest]
    return _steps_towards(board, zone, targets, True), True, ("noise", targets, noise)


def _steps_towards(board, zone: str, targets: list[str], all_doors_open: bool) -> list[str]:
    steps: set[str] = set()
    around = board.neighbours(zone, all_doors_open)
    for target in targets:
        dist = board.distances_to(target, all_doors_open)
        if zone not in dist:
            continue
        steps |= {n for n in around if dist.get(n) == dist[zone] - 1}
    return board.sorted(steps)


# --- spawning ------------------------------------------------------------------------------
def spawn_step(game: "Game") -> None:
    """A card for each spawn zone, in drawing order (a Distributor's players draw them all first
    and deal them out). The step may wait for a survivor's extra turn (Zombie link): `resume`
    goes on with the cards left."""
    game.spawn_level = game.danger_level()
    zones = list(game.state.spawn_zones)
    game.spawn_left = [(zone, None) for zone in zones]
    distributors = [s for s in game.state.living() if DISTRIBUTOR in game.skills(s)]
    if distributors and zones:
        cards = [draw_card(game) for _ in zones]
        dealt = _dealt(game, zones)
        game.emit("skill-used", survivor=distributors[0].id, skill=DISTRIBUTOR)
        game.emit("distribute", zones=dealt)
        game.spawn_left = list(zip(dealt, cards))
    _go_on_spawning(game)


def _dealt(game: "Game", zones: list[str]) -> list[str]:
    """The zone each card drawn goes to, in drawing order: as the players deal them, else in turn."""
    wanted = list(game.choices.get("distribute", {}).get("zones") or [])
    if not wanted:
        return zones
    if sorted(wanted) != sorted(zones):
        raise ScenarioError(
            f"distribute deals the cards to {', '.join(wanted)}, but the spawn zones are {', '.join(zones)}; "
            f"name each spawn zone once"
        )
    return wanted


def _go_on_spawning(game: "Game") -> None:
    while game.spawn_left and game.state.extra_turn is None:
        zone, card = game.spawn_left.pop(0)
        resolve_card(game, card or draw_card(game), zone, game.spawn_level)


def resume(game: "Game") -> None:
    """An extra turn is over (Zombie link): the next survivor with the skill takes theirs, or the
    extra activation that stopped the spawn step goes on, then the cards left."""
    if game.state.extra_turn is None:
        return
    game.emit("extra-turn-ends", survivor=game.state.extra_turn)
    game.state.extra_turn = None
    game.state.turn.player = None
    if _next_extra_turn(game):
        return
    waiting, game.linked_activation = game.linked_activation, None
    if waiting is not None:
        activate(game, [z for z in game.state.zombies if z.type == waiting])
    _go_on_spawning(game)


def draw_card(game: "Game") -> ZombieCard:
    if not game.state.zombie_cards:
        raise ScenarioError("no zombie card left in the script; add zombie-cards to the scenario")
    return game.state.zombie_cards.pop(0)


def resolve_card(game: "Game", card: ZombieCard, zone: str, level: str) -> None:
    state, rules = game.state, game.rules
    game.emit(
        "zombie-card",
        zone=zone,
        kind=card.kind,
        level=level,
        **({"activates": card.activates} if card.kind == "extra-activation" else {}),
    )
    if card.kind == "extra-activation":
        if level in rules.extra_activation_ignored_at:
            game.emit("no-effect", why="extra activation at " + level)
            return
        if state.turn.phase == ZOMBIES and _zombie_link(game, card.activates):
            return  # the zombies wait for the extra turns (resume)
        activate(game, [z for z in state.zombies if z.type == card.activates])
        return
    counts = card.at(level)
    if card.kind == "manhole":
        for manhole in _live_manholes(game):
            for ztype, n in counts.items():
                place(game, ztype, n, manhole)
        settle_shortages(game)
        return
    placed: list[Zombie] = []
    for ztype, n in counts.items():
        placed += place(game, ztype, n, zone)
    if placed and state.turn.phase == ZOMBIES:
        reactions.after_spawn(game, zone)  # Sidestep, Combat reflexes: before a Rush moves them
    if card.kind == "rush":
        activate(game, placed)
    settle_shortages(game)


def _zombie_link(game: "Game", activates: str | None) -> bool:
    """Zombie link: each survivor with the skill plays an extra turn before the zombies an extra
    activation card names act (in the survivors' order; the players may choose another)."""
    holders = [s.id for s in game.state.living() if ZOMBIE_LINK in game.skills(s)]
    if not holders:
        return False
    game.linked_activation = activates
    game.extra_turns_left = _players_order(game, holders)
    return _next_extra_turn(game)


def _players_order(game: "Game", holders: list[str]) -> list[str]:
    chosen = [sid for sid in game.choices.get("zombie-link", {}).get("order") or [] if sid in holders]
    return chosen + [sid for sid in holders if sid not in chosen]


def _next_extra_turn(game: "Game") -> bool:
    """Start the next extra turn waiting, with a fresh turn's actions; False when none is left."""
    while game.extra_turns_left:
        sid = game.extra_turns_left.pop(0)
        s = game.state.survivors[sid]
        if s.dead:
            continue
        game.new_turn(s)
        game.state.extra_turn = sid
        game.state.turn.player = sid
        game.emit("extra-turn", survivor=sid, skill=ZOMBIE_LINK)
        return True
    return False


def _live_manholes(game: "Game") -> list[str]:
    """Manholes on every tile where at least one survivor stands."""
    board = game.state.board
    tiles = {t for s in game.state.living() for t in board.tiles_of(s.zone)}
    return [m for m in board.manholes if set(board.tiles_of(m)) & tiles]


def place(game: "Game", ztype: str, n: int, zone: str, escort: bool = True, why: str = "spawn") -> list[Zombie]:
    """Put n zombies of a type in a zone, with the rules on Abominations, escorts and supply."""
    state, rules = game.state, game.rules
    if rules.is_abomination(ztype) and n and any(rules.is_abomination(z.type) for z in state.zombies):
        if rules.second_abomination_activates:
            game.emit("abomination-activates")
            activate(game, [z for z in state.zombies if rules.is_abomination(z.type)])
            return []
        placed = []
        for replacement in rules.second_abomination_replaced_by:
            placed += place(game, replacement, 1, zone, escort=False, why="second-abomination")
        return placed
    pool = rules.supply_pool(ztype)  # the types sharing one box of miniatures (every Abomination type)
    sharing = {t for t in {z.type for z in state.zombies} if rules.supply_pool(t) == pool}  # each type once
    available = rules.zombie_supply.get(pool, n) - (
        sum(1 for z in state.zombies if z.type in sharing) if pool in rules.zombie_supply else 0
    )
    count = max(0, min(n, available))
    if len(state.zombies) + count > MAX_ON_BOARD:
        raise ScenarioError(
            f"{len(state.zombies) + count} zombies would stand on the board, more than any box "
            f"holds ({MAX_ON_BOARD}); give the case a 'supply' ({{walker: 40}}), so that zombies run "
            f"out as the box's do"
        )
    placed = [state.add_zombie(ztype, zone) for _ in range(count)]
    if count:
        game.emit("spawn", zone=zone, zombie=ztype, count=count, why=why)
    if escort and ztype == FATTY:
        for _ in range(count):
            for companion in rules.fatty_escort:
                placed += place(game, companion, 1, zone, escort=False, why="escort")
    if count < n:  # out of miniatures: that type activates instead (once the current step is over)
        game.emit("out-of-miniatures", zombie=ztype, missing=n - count)
        if ztype not in game.shortages:
            game.shortages.append(ztype)
    return placed


def settle_shortages(game: "Game") -> None:
    """Give each type that ran out of miniatures its extra activation (never twice in a chain)."""
    while game.shortages:
        ztype = game.shortages[0]
        if ztype in game.shortage_activations:
            game.shortages.pop(0)
            continue
        game.shortage_activations.add(ztype)
        game.shortages.pop(0)
        activate(game, [z for z in game.state.zombies if z.type == ztype])
    game.shortage_activations.clear()


def spawn_building(game: "Game", door: Door) -> None:
    """The first door opened into a building reveals its zombies (none in the starting building)."""
    state, rules = game.state, game.rules
    board = state.board
    for zone in door.zones:
        building = board.zones[zone].building
        if building is None or building in state.spawned_buildings:
            continue
        state.spawned_buildings.add(building)
        rooms = board.rooms_of(building)
        if state.start_zone in rooms:
            game.emit("no-spawn", building=building, why="starting building")
            continue
        if rules.door_spawn_dark_zones_only:
            rooms = [r for r in rooms if board.zones[r].dark]
        level = game.danger_level()
        if rooms:  # why cards are drawn now: the building's first open door
            game.emit("building-revealed", building=building)
        for room in rooms:
            resolve_card(game, draw_card(game), room, level)
