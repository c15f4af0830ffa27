"""The end phase after a scenario, and the campaign state it carries to the next one.

Two checklists of eight steps (completed, failed). The steps the engine plays: corpses bring
Crimson Head cards and danger; ammunition dials are reset; characters heal (completed) or return
to Fine (failed); a First Aid Spray goes into the item box when nobody has one; leftover ink
ribbons are discarded; the danger track rises. The steps that are the players' free choices
(moving cards in and out of the item box, using items) are taken as scripted choices.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from generator.errors import ScenarioError

from . import campaign_map, combat, reserve
from .cards import Item
from .state import Held, NotAllowed
from .tension import change_danger

HANDGUN = "handgun"

if TYPE_CHECKING:
    from .engine import Game


def end_phase(game: Game, result: str) -> None:
    s, rules = game.state, game.rules
    if result not in ("completed", "failed"):
        raise ScenarioError("end-phase result is 'completed' or 'failed'")
    _may_end(game, result)
    s.phase = "end"
    s.result = result
    s.emit("end-phase", result=result)
    if result == "completed":
        _corpses(game)
        reserve.heal_reserve(game)
    _reset_ammo(game, completed=result == "completed")
    if result == "completed":
        for c in s.characters.values():
            if c.in_play and not c.unconscious:
                combat.heal(game, c, rules.end_phase_heal, reason="end-phase")
        campaign_map.completion(game)
    else:
        for c in s.characters.values():
            before = c.damage
            c.damage, c.unconscious, c.dead = 0, False, False
            s.emit("health-reset", who=c.id, before=before + 1, reason="scenario-failed")
        _return_item_b(game)
    campaign_map.unlock(game)
    _first_aid_spray(game)
    reshuffle_discards(game)
    if s.ink_ribbons:
        s.emit("ink-ribbons-discarded", count=s.ink_ribbons)
        s.ink_ribbons = 0
    change_danger(
        game, rules.danger_on_complete if result == "completed" else rules.danger_on_fail, reason="scenario-" + result
    )
    camp = s.campaign
    if camp.danger_last is not None and camp.danger >= camp.danger_last:
        camp.lost = True
        s.emit("campaign-lost", reason="danger-at-last-space")


def _may_end(game: Game, result: str) -> None:
    """The end phase runs once, with the scenario's result: a scenario is completed only while no
    character lies unconscious, and one that ended otherwise is not completed after all."""
    s = game.state
    if s.phase == "end":
        raise NotAllowed("end-phase-done", "the end phase has been played already")
    if s.result not in ("ongoing", result):
        raise NotAllowed("scenario-over", f"the scenario is {s.result}, not {result}")
    if result == "completed" and s.result == "ongoing":
        refusal = game.completion_refusal()
        if refusal is not None:
            raise refusal


def _return_item_b(game: Game) -> None:
    """Step 4 of a failed scenario: the Item B cards found in it go back into the Item B deck (from
    inventories, the item box and the cards set aside), which is shuffled."""
    s = game.state
    back = [card for card in s.found_item_b if _take_back(game, card)]
    if not back:
        return
    deck = s.decks.setdefault(campaign_map.ITEM_B, [])
    deck.extend(back)
    random.Random(s.seed).shuffle(deck)
    s.found_item_b = [card for card in s.found_item_b if card not in back]
    s.emit("item-b-returned", cards=back)


def _take_back(game: Game, card: str) -> bool:
    """Take one copy of a card out of wherever it lies (an inventory slot, a herb stack, the item
    box, the cards set aside); False when it is nowhere."""
    s = game.state
    if card in s.set_aside:
        s.set_aside.remove(card)
        return True
    holders = [c.items for c in s.characters.values()] + [s.campaign.item_box]
    for slots in holders:
        for h in slots:
            if h.card == card:
                slots.remove(h)
                s.set_aside.extend(h.every_card()[1:])  # herbs combined with it, ammunition laid on it
                return True
            if card in h.stack:
                h.stack.remove(card)
                return True
            if h.overlay == card:
                h.overlay = None
                return True
    return False


def _corpses(game: Game) -> None:
    s, rules = game.state, game.rules
    count = sum(s.corpses.values())
    camp = s.campaign
    if count >= rules.crimson_head_corpse_threshold:
        if camp.crimson_heads_added < rules.crimson_head_cards:
            camp.crimson_heads_added += 1
            s.emit("crimson-head-added", corpses=count, added=camp.crimson_heads_added)
        else:
            change_danger(game, 1, reason="crimson-heads-all-in")
    if count >= rules.corpse_danger_threshold:
        change_danger(game, 1, reason="many-corpses")


def _reset_ammo(game: Game, completed: bool) -> None:
    s, rules = game.state, game.rules
    holders = [h for c in s.characters.values() for h in c.items] + list(s.campaign.item_box)
    for h in holders:
        item = game.cards.get(h.card)
        if not isinstance(item, Item) or item.weapon is None or item.weapon.capacity is None:
            continue
        before = h.dial
        if completed:
            if h.card != HANDGUN:  # step 3 of the completed checklist names the handgun alone
                continue
            h.dial = rules.end_phase_handgun_ammo
        else:
            h.dial = item.weapon.capacity
        game.drop_overlay(h)
        s.emit("ammo-reset", weapon=h.card, before=before, after=h.dial)


def _first_aid_spray(game: Game) -> None:
    """Step 5 of both checklists: with no First Aid Spray in an inventory or the item box, one goes
    into the box; a full box takes none (note spray-into-a-full-item-box: make room at step 1)."""
    s = game.state
    revives = sorted(cid for cid, card in game.cards.items() if isinstance(card, Item) and card.revives)
    if not revives:
        return
    held = any(x in revives for c in s.characters.values() for h in c.items for x in h.cards())
    boxed = any(h.card in revives for h in s.campaign.item_box)
    if held or boxed:
        return
    if len(s.campaign.item_box) >= item_box_capacity(game) and not game.rules.spray_overfills_item_box:
        s.emit("spray-no-room", card=revives[0], cards=len(s.campaign.item_box))
        return
    s.campaign.item_box.append(Held(revives[0]))
    s.emit("spray-to-item-box", card=revives[0])


def item_box_capacity(game: Game) -> int:
    """How many cards the item box holds (solo play: more)."""
    rules = game.rules
    if game.state.mode == "solo":
        return int(rules.modes.get("solo-item-box-capacity", rules.item_box_capacity))
    return rules.item_box_capacity


def item_c_deck(levels: dict, seed: int) -> list[str]:
    """Late cards shuffled at the bottom, mid cards shuffled on them, early cards on top; the
    deck is never shuffled again during the campaign."""
    deck: list[str] = []
    for level in ("early", "mid", "late"):
        cards = list(levels.get(level) or [])
        random.Random(seed).shuffle(cards)
        deck += cards
    return deck


def reshuffle_discards(game: Game) -> None:
    """Step 6 of both checklists: Item A, tension and encounter discards go back and are shuffled
    (Item B and Item C never are)."""
    s = game.state
    for deck in ("item-a", "tension", "encounter"):
        pile = s.discards.get(deck) or []
        if pile:
            merged = s.decks.get(deck, []) + pile
            random.Random(s.seed).shuffle(merged)
            s.decks[deck], s.discards[deck] = merged, []
            s.emit("deck-rebuilt", deck=deck, cards=len(merged), reason="end-phase")
