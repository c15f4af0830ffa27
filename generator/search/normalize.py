"""One normalization for index keys and queries. site_overrides/assets/search.js mirrors it."""
from __future__ import annotations

import unicodedata


def normalize(text: str) -> str:
    """NFKC, lower case, letters, digits and '+' only: 'Is that all you've got?' -> 'isthatallyouvegot'."""
    folded = unicodedata.normalize("NFKC", text).lower()
    return "".join(ch for ch in folded if ch.isalnum() or ch == "+")
