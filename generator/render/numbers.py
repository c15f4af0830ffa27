"""Numbers as each language writes them."""

from __future__ import annotations

from fractions import Fraction

from generator.languages import language


def percent(chance: Fraction, lang: str) -> str:
    """A chance as a percentage with one decimal: `41.7%`; with a decimal comma `41,7 %`."""
    value = f"{float(chance) * 100:.1f}"
    return f"{value.replace('.', ',')} %" if language(lang).decimal_comma else f"{value}%"
