"""Every variant: metadata, options, player counts, deal sizes."""

from __future__ import annotations

import pytest

import comet

EXPECTED = {"hoc-third-stage", "old-comet-1718", "new-comet-1752", "yanovsky-1804", "yanovsky-exchange",
            "single-pack-joker", "modern-comet-1991", "two-handed-arnold-2011", "comet-6-8-players",
            "commit-1857", "commit-1991", "commit-2011"}


def test_all_variants_present() -> None:
    assert set(comet.VARIANTS) == EXPECTED


@pytest.mark.parametrize("vid", sorted(EXPECTED))
def test_variant_basics(vid: str) -> None:
    v = comet.find_variant(vid)
    assert v.id == vid and v.sources and v.doc
    for n in v.players:
        rnd = comet.Round.deal(v, players=n, seed=0)
        assert len(rnd.hands) == n
    for name, option in v.options.items():
        for value in option.choices:
            w = v.with_options(**{name: value})
            assert w.option_values[name] == value
            assert (name in w.chosen) == (value != option.default)


def test_with_options_equality() -> None:
    v = comet.find_variant("old-comet-1718")
    assert v.with_options(manille_penalty="each_opponent") == v
    assert v.with_options(manille_penalty="winner_only") != v
    assert v.with_options(wild_is_stop=True).rules.wild_mode == "stop"


def test_rule_modes_are_typed_and_every_value_is_allowed() -> None:
    """Each mode field of Rules has a Literal type; every variant and every option's choices
    stay inside it (a misspelt mode would otherwise be read as some other mode)."""
    import typing

    from comet import variant as variant_module
    from comet.variant import Rules

    hints = typing.get_type_hints(Rules, vars(variant_module))
    modes = {name: set(typing.get_args(t)) for name, t in hints.items() if typing.get_origin(t) is typing.Literal}
    assert {"turn_model", "turn_adds", "wild_mode", "hoc_mode", "scheme", "count", "opera", "wild_claim", "follow",
            "nine_group", "direction"} <= set(modes)
    assert modes["turn_model"] == {"R", "H", "A"} and modes["wild_mode"] == {"stop", "continue", "bridge", "branch"}
    for v in comet.VARIANTS.values():
        for name, allowed in modes.items():
            assert getattr(v.rules, name) in allowed, (v.id, name)
        assert set(v.rules.packs) <= set(typing.get_args(typing.get_args(hints["packs"])[0]))
        for opt in v.options.values():
            if opt.name in modes:
                assert set(opt.choices) <= modes[opt.name], (v.id, opt.name)
