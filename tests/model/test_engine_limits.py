"""The engine ends whatever the input: work that once grew with the square of the zombies, or a
chain of dice that never stopped, is bounded (and the format keeps the inputs within reach)."""

from __future__ import annotations

import copy

import pytest

from generator.errors import ScenarioError
from generator.games.zombicide import combat, zombie_phase
from generator.games.zombicide.scenario import build_game
from generator.games.zombicide.state import Zombie


class TopFaces:
    """Dice that always show the top face; more rolls than a bound are a chain that never ends."""

    def __init__(self, face: int, most: int = 10_000):
        self.face, self.most, self.rolls = face, most, 0

    def roll(self, n: int, die=None) -> list[int]:
        self.rolls += 1
        assert self.rolls <= self.most, "the dice were rolled without end"
        return [self.face] * n


def test_roll_6_plus_1_die_ends_whatever_the_dice_show(z1):
    game = build_game(
        {
            "map": "a . b",
            "zombies": {"a": {"walker": 2}},
            "survivors": {"amy": {"at": "a", "hands": ["pistol"], "skills": ["roll-6-plus-1-die"]}},
        },
        z1,
    )
    game.dice = TopFaces(z1.max_die_result)
    game.attack("amy", "pistol")
    extra = [e for e in game.state.events if e["event"] == "extra-dice"]
    assert len(extra) == combat.EXTRA_DICE_ROUNDS


def test_a_zombie_phase_does_not_compare_every_zombie_with_every_other(z1, monkeypatch):
    """Two thousand zombies once made a phase take seconds: each looked itself up in the list of
    the zombies on the board, comparing field by field."""
    zones = " . ".join(f"s{i}" for i in range(30))
    game = build_game(
        {
            "map": zones,
            "survivors": {"amy": {"at": "s0"}},
            "zombies": {f"s{i}": {"walker": 100, "runner": 100} for i in range(20, 30)},
        },
        z1,
    )
    compared = []
    monkeypatch.setattr(Zombie, "__eq__", lambda self, other: compared.append(1) or self is other)
    game.zombie_phase({}, spawn=False)
    assert len(game.state.zombies) == 2000 and len(compared) < 2000


def test_zombies_that_multiply_past_any_box_stop_the_case(z1):
    game = build_game({"map": "a . b", "survivors": {"amy": {"at": "a"}}}, z1)
    with pytest.raises(ScenarioError, match="give the case a 'supply'"):
        zombie_phase.place(game, "walker", zombie_phase.MAX_ON_BOARD + 1, "b")


def test_routes_kept_while_the_doors_are_held_follow_a_door_that_opens():
    from generator.games.zombicide.board import parse_map

    board = parse_map("a . b + C1")
    with board.doors_held():
        assert "a" not in board.distances_to("C1")
    board.doors["C1/b"].state = "open"
    with board.doors_held():
        assert board.distances_to("C1")["a"] == 2
        assert board.line_of_sight("C1") == board.line_of_sight("C1")
        assert copy.deepcopy(board)._known == {}  # a snapshot of the board keeps no routes of its own


def test_a_seat_the_car_does_not_have_is_a_mistake_of_the_case_not_a_full_car(z1):
    game = build_game({"map": "a . b", "cars": {"k1": {"at": "a"}}, "survivors": {"amy": {"at": "a"}}}, z1)
    with pytest.raises(ScenarioError, match=r"car 'k1' has 4 seats \(0 to 3, 0 is the driver's\)"):
        game.get_in("amy", "k1", seat=5)
    game.get_in("amy", "k1", seat=1)
    with pytest.raises(ScenarioError, match="has 4 seats"):
        game.change_seat("amy", 7)


def test_a_police_car_search_with_no_weapon_left_ends(z1):
    """Every card is drawn once: the reshuffle leaves out what this search drew (it once drew
    the same cards for ever)."""
    game = build_game(
        {
            "map": "a . b",
            "cars": {"k1": {"at": "a", "kind": "police"}},
            "survivors": {"amy": {"at": "a"}},
            "equipment-deck": [],
            "equipment-discard": ["flashlight", "water", "canned-food"],
        },
        z1,
    )
    game.search("amy")
    drawn = [e["drawn"] for e in game.state.events if e["event"] == "search"]
    assert sorted(card for cards in drawn for card in cards) == ["canned-food", "flashlight", "water"]
    assert [e["event"] for e in game.state.events][-1] == "car-search-no-weapon"
