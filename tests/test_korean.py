"""Korean particles follow the last sound of the word before them, whatever the game."""

import pytest

from generator.render.korean import particle


@pytest.mark.parametrize(
    "word,kind,expected",
    [
        ("워커", "subject", "가"),  # a vowel
        ("질", "topic", "은"),  # a consonant
        ("질", "with", "로"),  # ㄹ takes 로 as a vowel does
        ("좀비", "with", "로"),
        ("b3", "with", "으로"),  # 삼
        ("a1", "with", "로"),  # 일
        ("b2", "object", "를"),  # 이
        ("「해머」", "and", "와"),  # read past the closing bracket
        ("Carl", "topic", "은"),  # a Latin letter as it is read aloud
    ],
)
def test_the_particle_takes_the_form_of_the_last_sound(word, kind, expected):
    assert particle(word, kind) == expected
