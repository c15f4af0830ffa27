"""The rules the model once got wrong, below the scenarios that pin them
(rules_data/*/scenarios/corrections.yaml)."""

from __future__ import annotations


def test_every_abomination_type_counts_as_an_abomination_and_shares_its_supply(z2):
    variants = [z for z in z2.zombies if z2.special(z, "abomination-type")]
    assert len(variants) == z2.parameters["abomination-variants"]
    for ztype in ["abomination", *variants]:
        assert z2.is_abomination(ztype)
        assert z2.supply_pool(ztype) == "abomination"
    for ztype in ("walker", "runner", "brute"):
        assert not z2.is_abomination(ztype) and z2.supply_pool(ztype) == ztype


def test_the_platform_refusal_is_a_2nd_edition_parameter_only(z1, z2):
    assert z2.combat_needs_a_target_it_can_hurt is True
    assert z1.combat_needs_a_target_it_can_hurt is False
