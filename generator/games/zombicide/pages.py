"""What Zombicide's page templates (templates/) call besides the shared context."""

from __future__ import annotations

from typing import Callable, Mapping

from generator.languages import language
from generator.load.entities import Entity, Game
from generator.render.plain import as_markdown


def template_functions(
    game: Game, lang: str, link_to: Callable, labels: Mapping[str, Mapping[str, str]]
) -> dict[str, Callable]:
    def card_cell(card: Entity, level: Entity) -> str:
        """What a zombie card brings at one level: linked zombie names with counts, or a dash."""
        if card.fields["effect"] == "extra-activation":
            if level.id == game.of_kind("level")[0].id:  # the first level ignores extra activations
                return "—"
            target = game.entities[card.fields["activates"]]
            return as_markdown(f"{link_to(target, True)} {labels['all-activate'][lang]}")
        row = card.fields["rows"].counts.get(level.id, {})
        return as_markdown(
            language(lang).list_separator.join(f"{link_to(game.entities[z], True)} ×{n}" for z, n in row.items() if n)
            or "—"
        )

    return {"card_cell": card_cell}
