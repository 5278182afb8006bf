"""Views: a player's own hand, the table, sizes of other hands, never another's cards."""

from __future__ import annotations

import random

import pytest

import comet
import comet.state
from comet import Round


def test_view_of_a_scripted_deal() -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H 8H 2H", "TD 3H KD"], pack="red")
    rnd.play("7H")
    v0, v1 = rnd.view(0), rnd.view(1)
    assert [str(c) for c in v0.hand] == ["2H", "8H"] and v0.hand_sizes == (2, 3)
    assert [p.text for p in v0.legal] == ["8H"] and v1.legal == ()
    assert v1.table == ((0, comet.Play.parse("7H")),)
    unseen = [str(c) for c in v1.unseen()]
    # the red pack holds two of each card: one 7♥ is on the table, one T♦ in seat 1's hand
    assert unseen.count("8H") == 2 and unseen.count("TD") == 1 and unseen.count("7H") == 1
    assert len(unseen) == 48 - 3 - 1
    assert v0.dead_size == len(rnd.dead)


def test_view_does_not_carry_the_seed() -> None:
    rnd = Round.deal("modern-comet-1991", players=2, seed=1234)
    v = rnd.view(0)
    assert not hasattr(v, "seed") and not hasattr(v.public, "seed")
    assert "1234" not in repr(v.public)


def test_exchange_discards_are_masked() -> None:
    rnd = Round.deal("yanovsky-exchange", players=2, seed=1)
    seat = rnd.to_play
    assert seat is not None
    rnd.play(f"discard {rnd.hands[seat][0]}")
    other = rnd.view(1 - seat)
    assert other.history == ((seat, "discard ?"),)
    assert rnd.view(seat).history[0][1].startswith("discard ") and rnd.view(seat).history[0][1] != "discard ?"


def test_determinize_keeps_the_viewer_hand_and_legal_plays() -> None:
    rnd = Round.deal("modern-comet-1991", players=3, seed=5)
    rng = random.Random(1)
    for _ in range(10):
        rnd.play(rng.choice(rnd.legal_plays()))
    seat = rnd.to_play
    assert seat is not None
    sample = rnd.view(seat).determinize(random.Random(2))
    assert sample.hands[seat] == rnd.hands[seat]
    assert [len(h) for h in sample.hands] == [len(h) for h in rnd.hands]
    assert sample.legal_plays() == rnd.legal_plays()


def _unset_fields(rnd: Round) -> set[str]:
    return {name for name in comet.state.ROUND_FIELDS if not hasattr(rnd, name)}


def test_every_round_holds_every_declared_field_and_nothing_else() -> None:
    """Over a deal of every variant and player count played out at random, every round (as
    dealt, after each play, determinized from a view, copied) has every field that
    :mod:`comet.state` declares set, and each field is declared visible or hidden, not both."""
    from comet import state
    from comet.agents import RandomAgent, decide

    assert not set(state.PUBLIC_FIELDS) & set(state.HIDDEN_FIELDS)
    slots = [name for cls in Round.__mro__ for name in getattr(cls, "__slots__", ())]
    assert tuple(slots) == state.ROUND_FIELDS  # declared once, by comet.state.RoundState; the rest add none
    assert len(set(state.ROUND_FIELDS)) == len(state.ROUND_FIELDS)
    assert set(state.Setup._fields) - {"public"} == set(state.SETUP_HIDDEN)
    assert state.SETUP_PUBLIC == state.SetupPublic._fields
    for vid, v in comet.VARIANTS.items():
        for n in v.players:
            rnd = Round.deal(vid, players=n, seed=f"fields/{vid}/{n}")
            assert not _unset_fields(rnd), (vid, n)
            agent = RandomAgent(seed=f"{vid}/{n}")
            while not rnd.is_over:
                seat = rnd.to_play
                assert seat is not None
                if len(rnd.history) == 3:
                    assert not _unset_fields(rnd.view(seat).determinize(random.Random(0))), (vid, n)
                rnd.play(decide(agent, rnd))
                assert not _unset_fields(rnd), (vid, n)
            rnd.outcome()
            assert not _unset_fields(rnd.copy()), (vid, n)


def test_a_round_refuses_an_undeclared_field() -> None:
    """A field must be declared (in comet.state, visible or hidden) before a round can hold it,
    so that no new private field can reach an agent by accident."""
    import pytest

    rnd = Round.deal("yanovsky-exchange", players=3, seed=2)
    with pytest.raises(AttributeError):
        rnd.secret_note = "not for agents"  # type: ignore[attr-defined]


def test_view_is_built_from_the_allowlist_only() -> None:
    """The view's public part is a frozen record of the public groups (the derived facts are its
    properties); everything else a view holds is the seat's own: its hand, its discards, its legal plays."""
    import dataclasses

    from comet import state

    public = {f.name for f in dataclasses.fields(state.Public)}
    assert public == set(state.FACTS) | {"turn", "setup"} | set(state.LOGS_PUBLIC)
    assert all(hasattr(state.Public, name) for name in ("rules", "wilds", "comet_value"))
    rnd = Round.deal("yanovsky-exchange", players=3, seed=2)
    view = rnd.view(0)
    assert dataclasses.is_dataclass(view.public) and view.public.turn == rnd.turn
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.public.leader = 2  # type: ignore[misc]
    for name in [n for n in state.PUBLIC_FIELDS if not n.startswith("_")]:  # the rest: tables of (rules, pack)
        group = (view.public.turn if name in state.Turn._fields else view.public.setup if name in state.SETUP_PUBLIC
                 else view.public)
        shown = getattr(group, name)
        assert shown == getattr(rnd, name) or (isinstance(shown, tuple) and list(shown) == getattr(rnd, name)), name
    sample = view.determinize(random.Random(0))
    assert sample.seed is None and sample.dealt is False


def test_undo_restores_every_public_field_after_plays_before_the_card_play() -> None:
    """Undoing a redeal, a keep, a discard or a draw restores the whole public state (the
    exchange order included), as the seat's view shows it."""
    for vid, n in (("new-comet-1752", 3), ("yanovsky-exchange", 3)):
        rnd = Round.deal(vid, players=n, seed=7)
        rng = random.Random(1)
        while rnd.phase != "play":
            before = {name: getattr(rnd, name) for name in comet.state.PUBLIC_FIELDS}
            before_view = rnd.view(0)
            play = rng.choice(rnd.legal_plays())
            rnd.play(play)
            rnd.undo()
            assert {name: getattr(rnd, name) for name in comet.state.PUBLIC_FIELDS} == before, (vid, play)
            assert rnd.view(0) == before_view
            rnd.play(play)


def test_a_determinized_round_never_writes_into_the_real_one() -> None:
    rnd = Round.deal("modern-comet-1991", players=2, seed=11)
    seat = rnd.to_play
    assert seat is not None
    before = (list(rnd.ledger), list(rnd.play_sizes), rnd.record())
    sample = rnd.view(seat).determinize(random.Random(3))
    rng = random.Random(4)
    while not sample.is_over:
        sample.play(rng.choice(sample.legal_plays()))
    assert (list(rnd.ledger), list(rnd.play_sizes), rnd.record()) == before


def test_determinize_respects_what_passes_showed() -> None:
    # Seat 0 runs 7♥ 8♥, cannot play a 9 and passes; seat 1 cannot either: nobody follows.
    rnd = Round.from_hands("modern-comet-1991", ["7H 8H 2D", "TD 3H KD"], pack="red")
    for text in ("7H", "8H", "pass", "pass"):
        rnd.play(text)
    assert rnd.targets is None and rnd.to_play == 0
    view = rnd.view(0)
    assert (9, "") in view.voids[1] and (9, "") in view.voids[0]
    nines = 0
    for k in range(60):
        sample = view.determinize(random.Random(k))
        assert sample.view(0) == view
        assert not [c for c in sample.hands[1] if c.rank == 9 and c not in sample.wilds]
        nines += sum(1 for c in sample.dead if c.rank == 9 and c not in sample.wilds)
    natural = [c for c in rnd.pack if c.rank == 9 and c not in rnd.wilds]
    assert len(natural) >= 3 and nines == 60 * len(natural)  # every natural 9 lies in the dead hand, every time


def test_determinize_keeps_hidden_exchange_cards_hidden_and_placed() -> None:
    rnd = Round.deal("yanovsky-exchange", players=3, seed=4)
    rng = random.Random(3)
    while rnd.phase == "exchange":
        rnd.play(rng.choice(rnd.legal_plays()))
    for seat in range(3):
        view = rnd.view(seat)
        sample = view.determinize(random.Random(seat))
        assert sample.view(seat) == view
        assert sample.discards[seat] == rnd.discards[seat]
        assert [len(d) for d in sample.discards] == [len(d) for d in rnd.discards]
        assert len(sample.set_aside) == len(rnd.set_aside)


@pytest.mark.parametrize("variant,players", [("modern-comet-1991", 3), ("yanovsky-exchange", 3), ("old-comet-1718", 4),
                                             ("commit-1991", 4), ("yanovsky-exchange", 2)])
def test_a_sample_s_first_deal_plays_out_to_it(variant: str, players: int) -> None:
    """A determinized round starts from a whole deal (the viewer's hand as it was dealt, an exchange's
    talon in order) on which every play made is legal and leads to the sample: dealt again with
    ``from_hands``, with the sample's plays, it is the sample."""
    for seed in range(4):
        rnd = Round.deal(variant, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 40)):
            if rnd.is_over:
                break
            rnd.play(rng.choice(rnd.legal_plays()))
        for seat in range(players):
            view = rnd.view(seat)
            sample = view.determinize(random.Random(seat))
            assert sample.initial_hands[seat] == rnd.initial_hands[seat]
            again = Round.from_hands(variant, sample.initial_hands, leader=view.public.setup.leader,
                                     dead=sample.initial_dead, talon=sample.initial_talon or None, dealer=rnd.dealer,
                                     pack=rnd.pack_name)
            for _, play in sample.history:
                again.play(play)
            assert again.hands == sample.hands and again.view(seat) == view
