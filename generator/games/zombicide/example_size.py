"""How large a worked example's board may be: a reader takes in each diagram at a glance.

An example draws its board before and after each step it shows (generator/load/examples.py caps
the steps), on a page in each language: a board the size a case may have (30 × 30 cells) once
made pages of megabytes that took seconds to build. The examples in rules_data draw 4 × 3 cells.
"""

from __future__ import annotations

from generator.errors import DataError, MapError
from generator.games.zombicide.board import parse_map
from generator.load.examples import Example

EXAMPLE_SIDE = 12  # cells in a row, and rows


def board_errors(examples: list[Example]) -> list[DataError]:
    """An example whose board is larger than a reader can follow, at its map."""
    errors = []
    for example in examples:
        try:
            board = parse_map(str(example.scenario.get("map") or ""))
        except MapError:
            continue  # reported with the scenario's other mistakes
        width = 1 + max((c for _, c in board._cells), default=0)
        height = 1 + max((r for r, _ in board._cells), default=0)
        if width > EXAMPLE_SIDE or height > EXAMPLE_SIDE:
            where = example.key_where.get("map") or example.scenario_where or example.where
            errors.append(
                DataError(
                    where,
                    f"example '{example.id}' › scenario › map",
                    f"the board is {width} × {height} cells; an example's board is at most "
                    f"{EXAMPLE_SIDE} × {EXAMPLE_SIDE} (a reader takes in each of its diagrams "
                    f"at a glance): draw only the zones the example is about",
                )
            )
    return errors
