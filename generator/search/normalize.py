"""One normalization for index keys and queries. site_overrides/assets/search.js mirrors it.

Besides NFKC (full-/half-width) and lower case it folds what players type interchangeably:
katakana to hiragana (かーど finds カード), and in Cyrillic the soft sign and the letters a
Russian keyboard gives instead of Ukrainian ones («кубык» finds «кубик»).
"""

from __future__ import annotations

import unicodedata

KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
CYRILLIC_FOLDS = {"ь": "", "ъ": "", "ґ": "г", "ё": "е", "ы": "и", "э": "е"}
FOLDS = str.maketrans({**{chr(k): chr(v) for k, v in KATAKANA_TO_HIRAGANA.items()}, **CYRILLIC_FOLDS})


def normalize(text: str) -> str:
    """'What's this?' -> 'whatsthis'; 'カード' -> 'かーど'; 'Сіль' -> 'сіл'."""
    folded = unicodedata.normalize("NFKC", text).lower().translate(FOLDS)
    return "".join(ch for ch in folded if ch.isalnum() or ch == "+")
