"""Korean particles: the form after a word follows the word's last sound (워커가, 좀비는; b2로,
b3으로), so a narration template writes `$who_topic` and gets the right one.
"""

from __future__ import annotations

# How each digit is read (영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구): those that end in a consonant,
# and those whose consonant is ㄹ (일, 칠, 팔), which takes 로 as a vowel does.
DIGITS_WITH_FINAL = frozenset("013678")
RIEUL_DIGITS = frozenset("178")
RIEUL = 8  # the index of ㄹ among a syllable's final consonants
PAIRS = {"topic": ("은", "는"), "subject": ("이", "가"), "object": ("을", "를"), "and": ("과", "와")}
KINDS = (*PAIRS, "with")


def final_sound(word: str) -> tuple[bool, bool]:
    """(ends in a consonant, that consonant is ㄹ) for the last syllable, digit or letter of a word;
    a closing bracket or quote is read past."""
    last = word.rstrip(" )」』’'\"»")[-1:] or " "
    if "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        return final != 0, final == RIEUL
    if "0" <= last <= "9":
        return last in DIGITS_WITH_FINAL, last in RIEUL_DIGITS
    return last.lower() in "lmnr", last.lower() == "l"  # a Latin letter, as it is read aloud


def particle(word: str, kind: str) -> str:
    """The particle of a kind (topic, subject, object, and, with) in the form that follows the word."""
    has_final, rieul = final_sound(word)
    if kind == "with":
        return "으로" if has_final and not rieul else "로"
    after_consonant, after_vowel = PAIRS[kind]
    return after_consonant if has_final else after_vowel
