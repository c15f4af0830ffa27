"""What the process keeps for a loaded object is kept for that object, not for an equal copy
(generator/runtime/by_identity.py)."""

from __future__ import annotations

from generator.runtime.by_identity import ByIdentity


def test_a_value_is_kept_for_its_object_and_an_equal_copy_gets_its_own():
    kept: ByIdentity[str] = ByIdentity(kept=2)
    first, copy = ["game"], ["game"]
    made: list[str] = []
    assert kept.get(first, lambda: made.append("first") or "played") == "played"
    assert kept.get(first, lambda: made.append("again") or "played again") == "played"
    assert kept.get(copy, lambda: made.append("copy") or "its own") == "its own"
    assert made == ["first", "copy"]


def test_the_oldest_goes_first_and_a_forgotten_object_is_computed_again():
    kept: ByIdentity[int] = ByIdentity(kept=2)
    a, b, c = object(), object(), object()
    for number, owner in enumerate((a, b, c)):
        kept.get(owner, lambda number=number: number)
    assert kept.get(a, lambda: 10) == 10  # pushed out by c
    assert kept.get(c, lambda: 20) == 2
    kept.forget(c)
    assert kept.get(c, lambda: 30) == 30
