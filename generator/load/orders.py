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
    ordered = [(page.order, getattr(page.order, "where", None), f"page '{page.id}'", "page", "file")
               for page in game.pages]
    errors += repeated_orders(ordered)


def repeated_orders(items: Iterable[tuple[int, Location | None, str, str, str]]) -> list[DataError]:
    """items: (order, where it is written or None, what it is ("page 'skills'"), its kind, and what
    places two of that kind with one order), in the order they stand."""
    errors: list[DataError] = []
    first: dict[int, tuple[Location, str]] = {}
    for order, where, what, kind, placed_by in items:
        if where is None:
            continue
        if order in first:
            other_where, other = first[order]
            errors.append(DataError(where, f"{what} › order",
                                    f"{order} is also the order of {other} ({other_where}); {kind}s that share "
                                    f"an order are placed by {placed_by} name: give each {kind} its own order"))
        else:
            first[order] = (where, what)
    return errors
