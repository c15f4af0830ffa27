"""Numbers as each language writes them."""

from __future__ import annotations

from fractions import Fraction


def percent(chance: Fraction, lang: str) -> str:
    """A chance as a percentage with one decimal: `41.7%`, in Ukrainian `41,7 %`."""
    value = f"{float(chance) * 100:.1f}"
    return f"{value.replace('.', ',')} %" if lang == "uk" else f"{value}%"
