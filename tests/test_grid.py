"""The square grid of the shared core: map reading, steps, corners, sight, capacity, tile links."""

from __future__ import annotations

import pytest

from generator.core.grid import Capacity, GridError, parse_grid


def test_squares_are_named_like_a_chessboard_and_belong_to_their_tile():
    grid = parse_grid("A A|B\n_ A B\n")
    assert grid.tile_of("a1") == "A" and grid.tile_of("c2") == "B"
    assert "a2" not in grid.cells  # '_' is no square
    with pytest.raises(GridError, match="square 'z9' is not on the map"):
        grid.square("z9")


def test_edges_between_tiles_are_walls_unless_a_door_stands_there():
    grid = parse_grid("A B\nA+B\nA/B\nA=B\n")
    assert not grid.step_allowed("a1", "b1")  # default edge between two tiles
    assert not grid.step_allowed("a2", "b2")  # closed door
    assert grid.step_allowed("a3", "b3") and grid.step_allowed("a4", "b4")  # open door, archway
    assert grid.doors["a4/b4"].state == "archway"


def test_a_diagonal_step_never_cuts_a_walled_corner():
    grid = parse_grid("A A\n-\nA A\n")
    assert grid.corner_cut("b2", "a1") and not grid.step_allowed("b2", "a1")
    assert grid.step_allowed("b1", "a2") is False  # the same corner, the other diagonal
    open_grid = parse_grid("A A\nA A\n")
    assert open_grid.step_allowed("b2", "a1")


def test_a_diagonal_through_a_doorway_is_refused_both_ways():
    grid = parse_grid("A/B\nA B\n")
    assert not grid.step_allowed("a2", "b1") and not grid.step_allowed("a1", "b2")


def test_line_of_sight_is_blocked_by_walls_closed_doors_and_walled_corners():
    grid = parse_grid("A A A A\nA A A A\n  -\nA A A A\n")
    assert grid.sees("a1", "d1")
    assert grid.sees("a1", "d2")  # the segment crosses open edges only
    assert not grid.sees("b2", "b3")  # the wall under b2
    assert not grid.sees("a2", "c3")  # the segment passes the wall's corner point
    door = parse_grid("A+B\n")
    assert not door.sees("a1", "b1")
    door.doors["a1/b1"].state = "open"
    assert door.sees("a1", "b1")


def test_sight_through_a_corner_point_where_no_wall_meets_is_clear():
    grid = parse_grid("A A A\nA A A\nA A A\n")
    assert grid.sees("a1", "c3")


def test_range_counts_diagonal_squares_as_one():
    grid = parse_grid("A A A A\nA A A A\nA A A A\n")
    assert grid.range_between("a1", "c3") == 2
    assert grid.range_between("a1", "d2") == 3


def test_distances_go_round_walls_and_never_through_closed_doors():
    grid = parse_grid("A A A\n- -\nA A A\n")
    assert grid.distances("a1")["a2"] == 5  # a1 b1 c1 c2 b2 a2: b1-c2 would cut the wall end
    shut = parse_grid("A+A\n")
    assert "b1" not in shut.distances("a1")


def test_capacity_is_a_weight_limit():
    cap = Capacity(4, {"small": 1, "medium": 2, "large": 4})
    assert cap.fits(["small"] * 3, "small") and not cap.fits(["small"] * 4, "small")
    assert cap.fits(["medium", "small"], "small") and not cap.fits(["medium", "small", "small"], "small")
    assert cap.fits(["medium"], "medium") and not cap.fits(["large"], "small")
    with pytest.raises(GridError, match="unknown model size 'huge'"):
        cap.fits([], "huge")


def test_tile_links_are_direct_unless_chained():
    grid = parse_grid("A/B/C D\n")
    assert grid.linked_tiles("A") == {"A", "B"}
    assert grid.linked_tiles("A", chain=True) == {"A", "B", "C"}


def test_map_errors_say_where_and_what_to_write():
    with pytest.raises(GridError, match=r"map row 1, column 3: 'x' is not a tile letter"):
        parse_grid("A x\n")
    with pytest.raises(GridError, match=r"'\*' is not an edge mark"):
        parse_grid("A*A\n")
    with pytest.raises(GridError, match="doors names 'a1/c1', which is not a door"):
        parse_grid("A+B\n", {"a1/c1": {"key": "k"}})
    with pytest.raises(GridError, match="needs a square on both sides"):
        parse_grid("A+_\n")


def test_the_square_grid_answers_every_question_of_the_shared_geometry():
    """Engines written against generator.core.geometry.Geometry can take a grid as their board."""
    import inspect

    from generator.core.geometry import Geometry
    from generator.core.grid import Grid

    questions = [name for name, _ in inspect.getmembers(Geometry, inspect.isfunction) if not name.startswith("_")]
    assert "distances_to" in questions and "capacity" in questions
    for name in questions:
        wanted = inspect.signature(getattr(Geometry, name))
        given = inspect.signature(getattr(Grid, name))
        shape = [(p.kind, p.default) for p in given.parameters.values()]
        assert shape == [(p.kind, p.default) for p in wanted.parameters.values()], (name, given, wanted)
