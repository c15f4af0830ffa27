"""The Resident Evil engine ends whatever a case holds, and a big board stays quick.

A tutorial tension deck whose cards cannot be resolved once looped for ever (the unresolvable
card brought more draws, and the reshuffle brought it back); a reaction searched the whole board
once per enemy. These tests stop themselves after a few seconds instead of hanging the suite.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from generator.core.grid import Grid
from generator.games.resident_evil.scenario import HOOKS
from generator.scenarios.runner import run_case


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail, rather than hang, when the block runs longer than `seconds`."""

    def stop(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def tutorial(decks: dict, discards: dict | None = None, **more) -> dict:
    return {
        "id": "t",
        "_file": "test.yaml",
        "map": "A A",
        "tutorial": True,
        "supply": {"zombie": 0},
        "spawn-squares": {"A": ["b1"]},
        "characters": {"jill": {"at": "a1", "evade-dice": 1, "inventory": 6}},
        "decks": decks,
        "discards": discards or {},
        "actions": [{"do": "tension-phase"}],
        **more,
    }


def events(result, kind: str) -> list[dict]:
    return [event for record in result.trace for event in record["events"] if event["event"] == kind]


def test_a_tutorial_deck_of_one_card_it_cannot_resolve_ends_the_phase(re_model):
    with within(5):
        result = run_case(tutorial({"tension": ["horde"]}), re_model, HOOKS)
    assert result.ok, result.mismatches
    assert [e["card"] for e in events(result, "tension-draw")] == ["horde"]
    assert events(result, "tension-deck-empty") == [
        {
            "event": "tension-deck-empty",
            "player": "jill",
            "phase": "tension",
            "reason": "nothing-resolvable",
            "cards": ["horde"],
        }
    ]
    assert events(result, "turn-starts")  # the turn goes on: the phase is over, not the game


def test_the_reshuffle_leaves_out_only_the_cards_this_phase_could_not_resolve(re_model):
    """horde cannot spawn (no zombie left): two more draws; green resolves, and is shuffled back
    for the second of them, horde is not."""
    with within(5):
        result = run_case(tutorial({"tension": ["horde", "green"]}), re_model, HOOKS)
    assert result.ok, result.mismatches
    assert [e["card"] for e in events(result, "tension-draw")] == ["horde", "green", "green"]
    assert [e["cards"] for e in events(result, "tension-reshuffled")] == [1]
    assert events(result, "tension-deck-empty") == []


def test_a_later_phase_shuffles_the_card_back(re_model):
    case = tutorial({"tension": ["horde"]})
    case["actions"] = [{"do": "tension-phase"}, {"do": "tension-phase"}]
    with within(5):
        result = run_case(case, re_model, HOOKS)
    assert result.ok, result.mismatches
    assert [e["card"] for e in events(result, "tension-draw")] == ["horde", "horde"]
    assert [e["cards"] for e in events(result, "tension-reshuffled")] == [1]


@pytest.fixture
def board_searches(monkeypatch) -> list[str]:
    """The start of every search over the board while the test runs."""
    starts: list[str] = []
    search = Grid.distances

    def counted(self, start, *args, **kwargs):
        starts.append(start)
        return search(self, start, *args, **kwargs)

    monkeypatch.setattr(Grid, "distances", counted)
    return starts


def test_a_reaction_searches_the_board_once_for_every_enemy_together(re_model, board_searches):
    """Fifty zombies walk towards one character: one search from her square serves them all (the
    way back is as long); the moves are those of a search from each zombie's square."""
    row = " ".join("A" * 20)
    squares = [f"{column}{line}" for line in range(1, 21) for column in "abcdefghijklmnopqr"]
    case = {
        "id": "t",
        "_file": "test.yaml",
        "map": "\n".join([row] * 20),
        "characters": {"jill": {"at": "t20", "evade-dice": 1, "inventory": 6}},
        "enemies": {f"z{i}": {"type": "zombie", "at": squares[i * 7 % len(squares)]} for i in range(50)},
        "decks": {"tension": ["green"]},
        "actions": [{"do": "tension-phase"}],
    }
    with within(10):
        result = run_case(case, re_model, HOOKS)
    assert result.ok, result.mismatches
    assert board_searches == ["t20"]
    moves = events(result, "enemy-move")
    assert len(moves) == 50 and moves[0]["path"] == ["a1", "b2"]


# --- the players' choices and full squares: what the rules allow, or a refusal in words ------
def a_case(**more) -> dict:
    return {
        "id": "t",
        "_file": "test.yaml",
        "characters": {"jill": {"at": "a1", "evade-dice": 1, "inventory": 6}},
        **more,
    }


def test_a_fourth_corpse_goes_next_to_its_square_and_never_further(re_model):
    """A tension card drops a corpse on b1, which holds three (the most): it goes to a1, the first
    square next to b1 with room, or to a chosen square next to it; d1 is not next to b1, so that
    choice is declined in the middle of the phase (told in the trace) and a1 takes the corpse."""
    board = {
        "map": "A A A A",
        "spawn-squares": {"A": ["b1"]},
        "corpses": {"b1": 3},
        "characters": {"jill": {"at": "d1", "evade-dice": 1, "inventory": 6}},
        "cards": {
            "dead-drop": {
                "kind": "tension",
                "colour": "red",
                "symbol": "quiet",
                "effect": "spawn",
                "spawn": {"corpse": 1},
            }
        },
        "decks": {"tension": ["dead-drop"]},
    }
    phase = {"do": "tension-phase"}
    placed = run_case(a_case(**board, actions=[phase]), re_model, HOOKS)
    assert result_ok(placed)
    assert [e["square"] for e in events(placed, "corpse-placed")] == ["a1"]
    chosen = run_case(a_case(**board, actions=[{**phase, "choose": {"corpse-to": "c1"}}]), re_model, HOOKS)
    assert [e["square"] for e in events(chosen, "corpse-placed")] == ["c1"]
    far = run_case(a_case(**board, actions=[{**phase, "choose": {"corpse-to": "d1"}}]), re_model, HOOKS)
    assert result_ok(far)
    assert [e["reason"] for e in events(far, "choice-not-allowed")] == ["corpse-not-adjacent"]
    assert [e["square"] for e in events(far, "corpse-placed")] == ["a1"]


def test_a_boss_pushes_a_character_only_to_a_square_a_push_may_reach(re_model):
    board = {
        "map": "A A A A\nA A A A",
        "enemies": {"boss": {"type": "brute-boss", "at": "a2"}},
        "characters": {"jill": {"at": "b2", "evade-dice": 1, "inventory": 6}},
    }
    step = {"do": "boss-move", "target": "boss", "to": ["b2"]}
    pushed = run_case({**a_case(**board), "actions": [step]}, re_model, HOOKS)
    assert result_ok(pushed)
    assert [e["to"] for e in events(pushed, "pushed-by-boss")] == ["a1"]  # the first square next to b2 with room
    far = run_case({**a_case(**board), "actions": [{**step, "choose": {"push": {"jill": "d1"}}}]}, re_model, HOOKS)
    assert result_ok(far)  # a square no push reaches is declined, and the boss shoves Jill as without it
    assert [e["reason"] for e in events(far, "choice-not-allowed")] == ["push-not-adjacent"]
    assert [e["to"] for e in events(far, "pushed-by-boss")] == ["a1"]


def test_a_spawn_with_no_room_left_nearby_is_refused_in_words(re_model):
    """Twenty zombies for one spawn square of a two-square board: the rules send a model from a
    full square to an adjacent one and say no more."""
    case = {
        "id": "t",
        "_file": "test.yaml",
        "map": "A A",
        "spawn-squares": {"A": ["b1"]},
        "characters": {"jill": {"at": "a1", "evade-dice": 1, "inventory": 6}},
        "cards": {
            "mega-horde": {
                "kind": "tension",
                "colour": "red",
                "symbol": "quiet",
                "effect": "spawn",
                "spawn": {"zombie": 20},
            }
        },
        "supply": {"zombie": 20},
        "decks": {"tension": ["mega-horde"]},
        "actions": [{"do": "tension-phase"}],
    }
    result = run_case(case, re_model, HOOKS)
    assert not result.ok
    assert "and no square next to it has room" in result.mismatches[0], result.mismatches


def result_ok(result) -> bool:
    assert result.ok, result.mismatches
    return True
