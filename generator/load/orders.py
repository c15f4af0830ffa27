"""Pages and games stand in the navigation, on the home pages and in search in the order their
data gives. Two with the same order would be placed by file or folder name, which nobody chose
(a page copied from another keeps its order): an order written twice is an error at the later
one, naming the first. An order left out is 0 and is not compared: the loader asks for it where
it is needed."""

from __future__ import annotations

from typing import Iterable

from generator.errors import DataError, Location
from generator.load.entities import Game


def check_page_orders(game: Game, errors: list[DataError]) -> None:
    errors += repeated_orders(
        [(page.order, place_of(page.order), f"page '{page.id}'") for page in game.pages], "page", "file"
    )


def repeated_orders(items: Iterable[tuple[int, Location | None, str]], kind: str, placed_by: str) -> list[DataError]:
    """items: (order, where it is written or None, what it is: "page 'skills'"), in the order they
    stand. kind: "page"; placed_by: what names two of them that share an order ("file")."""
    errors: list[DataError] = []
    first: dict[int, tuple[Location, str]] = {}
    for order, where, what in items:
        if where is None:
            continue
        if order in first:
            other_where, other = first[order]
            errors.append(
                DataError(
                    where,
                    f"{what} › order",
                    f"{order} is also the order of {other} ({other_where}); {kind}s that share "
                    f"an order are placed by {placed_by} name: give each {kind} its own order",
                )
            )
        else:
            first[order] = (where, what)
    return errors


def place_of(order: int) -> Location | None:
    """Where an order is written; None for one left out (0) or sent between processes as a plain number."""
    return getattr(order, "where", None)
