"""The text map, routes and the dice sources."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from generator.core.dice import (
    D6,
    DiceExhausted,
    Die,
    OddsUnknown,
    RollMismatch,
    ScriptedDice,
    ScriptedRolls,
    SeededDice,
    exact_outcomes,
    roll_outcomes,
)
from generator.errors import ScenarioError
from generator.games.zombicide.board import MapError, parse_map


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "the map is empty"),
        ("a . b\n. .\nA1", "map row 3 has 1 items"),
        ("a . b\n.", "map row 2 has 1 connectors"),
        ("a . B1", "join a street and a room with '.'"),
        ("a ? b", "unknown connector '?'"),
        ("Ab . b", "'Ab' (map row 1) is not a zone id"),
        ("a + a", "a door inside zone 'a'"),
        ("a + B1\n.   +\na + B1", "a second door between 'a' and 'B1'"),
        ("A1 . A1\n.    +\nA2 . A2", "joined both openly and by a door"),
        (" . ".join(f"s{c}" for c in range(31)), "the map is 31 × 1 cells; a case's map is at most 30 × 30"),
        ("\n.\n".join(f"s{r}" for r in range(31)), "the map is 1 × 31 cells; a case's map is at most 30 × 30"),
    ],
)
def test_map_errors_say_what_to_write(text, message):
    with pytest.raises(MapError, match=re.escape(message)):
        parse_map(text)


def drawn_map(side: int, zones: dict | None = None, across: dict | None = None, down: dict | None = None) -> str:
    """A side × side map of street zones s<row>-<column>, with some cells, and the connectors to
    their right (across) or below them (down), drawn otherwise."""
    zones, across, down = zones or {}, across or {}, down or {}
    rows = []
    for r in range(side):
        cells = [zones.get((r, c), f"s{r}-{c}") for c in range(side)]
        rows.append(" ".join(f"{cell} {across.get((r, c), '.')}" for c, cell in enumerate(cells))[:-2])
        if r < side - 1:
            rows.append("   ".join(down.get((r, c), ".") for c in range(side)))
    return "\n".join(rows)


def test_the_largest_map_is_read_and_an_open_door_conflict_found_anywhere_on_it():
    board = parse_map(drawn_map(30))
    assert len(board.zones) == 900 and board.line_of_sight("s0-0")["s0-29"] == 29
    rooms = {(28, 28): "A1", (28, 29): "A1", (29, 28): "A2", (29, 29): "A2"}
    walls = {(28, 27): "|", (29, 27): "|"}
    below = {(27, 28): "-", (27, 29): "-", (28, 29): "+"}  # A1 over A2: open at the left, a door at the right
    with pytest.raises(MapError, match="zones 'A1' and 'A2' are joined both openly and by a door"):
        parse_map(drawn_map(30, rooms, walls, below))


def test_zones_spanning_cells_and_dark_rooms():
    board = parse_map("a . a . b\n-   -   -\nA1 . A1* | A2")
    assert board.zones["a"].cells == [(0, 0), (0, 1)]
    assert board.zones["A1"].dark and not board.zones["A2"].dark
    assert board.line_of_sight("b") == {"b": 0, "a": 1}
    assert board.rooms_of("A") == ["A1", "A2"]


def test_routes_and_pretended_open_doors():
    board = parse_map("A1 + a . b")
    assert board.distances_to("b") == {"b": 0, "a": 1}
    assert board.distances_to("b", all_doors_open=True)["A1"] == 2
    assert [d.id for d in board.adjacent_doors("a")] == ["A1/a"]
    assert board.door_between("a", "A1").other("a") == "A1"


def test_tiles_must_name_map_zones():
    board = parse_map("a . b")
    with pytest.raises(MapError, match="tile 't1' lists unknown zones"):
        board.set_tiles({"t1": ["z"]}, [])
    with pytest.raises(MapError, match="manholes in unknown zones"):
        board.set_tiles({}, ["z"])
    board.set_tiles({}, ["a"])
    assert board.tiles_of("a") == ["tile"] and board.manholes == ["a"]


def test_scripted_dice_run_out_with_a_clear_message():
    dice = ScriptedDice([3, 4])
    assert dice.roll(1) == [3] and dice.left == 1
    with pytest.raises(DiceExhausted, match="1 dice left but 2 are rolled"):
        dice.roll(2)
    with pytest.raises(ValueError, match="numbers 1-6"):
        ScriptedDice([7])


def test_seeded_dice_are_reproducible():
    assert SeededDice(3).roll(10) == SeededDice(3).roll(10)
    assert all(1 <= v <= 6 for v in SeededDice(1).roll(100))


def test_roll_outcomes_are_a_distribution():
    outcomes = roll_outcomes(3)
    assert len(outcomes) == 56 and sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[(6, 6, 6)] == Fraction(1, 216)


def test_exact_outcomes_enumerates_chance_nodes():
    def best_of_two_rolls(dice):
        first = dice.roll(1)[0]
        return first if first >= 4 else dice.roll(1)[0]

    dist = exact_outcomes(best_of_two_rolls)
    assert sum(dist.values()) == 1
    assert dist[6] == Fraction(1, 6) + Fraction(1, 2) * Fraction(1, 6)


NAMED = Die("symbol", ("blank", "hit", "star"), odds_known=False)  # faces known by name only


def test_scripted_rolls_replay_one_list_of_faces_per_roll():
    dice = ScriptedRolls([["hit", "blank"], ["star"]])
    assert dice.roll(2, NAMED, "attack roll") == ["hit", "blank"] and dice.left == 1
    assert dice.roll(1, NAMED) == ["star"] and dice.left == 0
    message = "the attack roll rolls 1 symbol dice, but the step scripts no more rolls; add one to the step's dice"
    with pytest.raises(DiceExhausted, match=re.escape(message)):
        dice.roll(1, NAMED, "attack roll")


@pytest.mark.parametrize(
    "rolls,n,die,purpose,message",
    [
        (
            [["hit"]],
            2,
            NAMED,
            "evade roll",
            "the evade roll rolls 2 symbol dice, but the scripted roll 1 has 1 faces ['hit']",
        ),
        (
            [["moon"]],
            1,
            NAMED,
            "evade roll",
            "the evade roll rolls symbol dice, whose faces are blank, hit, star; the script has ['moon']",
        ),
        ([[7]], 1, D6, "", "d6 dice are rolled, whose faces are 1, 2, 3, 4, 5, 6; the script has [7]"),
        ([[True]], 1, D6, "", "the script has [True]"),
    ],
)
def test_a_scripted_roll_that_does_not_fit_says_what_is_rolled(rolls, n, die, purpose, message):
    dice = ScriptedRolls(rolls)
    with pytest.raises(RollMismatch, match=re.escape(message)):
        dice.roll(n, die, purpose)
    assert issubclass(RollMismatch, ScenarioError) and dice.left == 1


def test_a_die_known_by_its_face_names_only_has_no_odds():
    for ask in (
        lambda: NAMED.chance(lambda face: face == "hit"),
        lambda: roll_outcomes(1, NAMED),
        lambda: SeededDice(1).roll(1, NAMED),
        lambda: exact_outcomes(lambda dice: dice.roll(1, NAMED)[0]),
    ):
        with pytest.raises(OddsUnknown, match="known by name only"):
            ask()
    assert ScriptedDice(["star"], NAMED).roll(1, NAMED) == ["star"]
    with pytest.raises(ValueError, match="lists each face once"):
        Die("symbol", ("hit", "hit"), odds_known=False)
