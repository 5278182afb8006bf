"""The state written out: the turn and the setup saved and restored field by field, the one
constructor, copies that share no list; the words of the engine as typed values (kinds, phases,
stops, ends, payments), each with one table of descriptions."""

from __future__ import annotations

import random

import pytest

import comet
from comet import state
from comet.events import STOP_WORDS, Stop
from comet.ledger import WHY_WORDS, Count, Payment, Why
from comet.outcome import END_WORDS, End, Say
from comet.plays import KIND_WORDS, Kind, Play
from comet.state import PHASE_WORDS, Phase, Setup, SetupPublic, Turn
from tests.engine_helpers import played


def test_the_turn_is_saved_and_restored_field_by_field() -> None:
    rnd = played("modern-comet-1991", 3, 1, 9)
    assert Turn._make(rnd._turn_values()) == Turn(*(getattr(rnd, name) for name in Turn._fields)) == rnd.turn
    marks = Turn(*(object() for _ in Turn._fields))  # a distinct value for each field
    rnd._restore_turn(marks)
    assert all(getattr(rnd, name) is getattr(marks, name) for name in Turn._fields)


def test_the_setup_is_saved_with_its_own_lists_and_restored_fresh() -> None:
    rnd = played("yanovsky-exchange", 3, 2, 3)
    saved = rnd._setup_values()
    assert isinstance(saved, Setup) and isinstance(saved.public, SetupPublic)
    assert saved.hands == rnd.hands and saved.hands is not rnd.hands and saved.hands[0] is not rnd.hands[0]
    assert saved.public == rnd.setup_public
    rnd._restore_setup(saved)
    assert rnd.hands == saved.hands and rnd.hands is not saved.hands and rnd.dead is not saved.dead
    assert tuple(getattr(rnd, name) for name in state.SETUP_PUBLIC) == saved.public


@pytest.mark.parametrize("vid,players", [("new-comet-1752", 3), ("yanovsky-exchange", 3), ("commit-1857", 4)])
def test_a_copy_is_made_by_the_one_constructor_and_shares_no_list(vid: str, players: int) -> None:
    rnd = played(vid, players, 3, 12)
    twin = rnd.copy()
    assert twin.record() == rnd.record() and twin.turn == rnd.turn and twin.events == rnd.events
    lists = [rnd.hands, *rnd.hands, rnd.dead, rnd.talon, rnd.set_aside, rnd.discards, *rnd.discards, rnd.ledger,
             rnd.history, rnd._events, rnd._stack]
    theirs = [twin.hands, *twin.hands, twin.dead, twin.talon, twin.set_aside, twin.discards, *twin.discards,
              twin.ledger, twin.history, twin._events, twin._stack]
    assert not {id(x) for x in lists} & {id(x) for x in theirs}
    rng = random.Random(0)
    while not twin.is_over:
        twin.play(rng.choice(twin.legal_plays()))
    while twin.history != rnd.history:
        twin.undo()
    assert twin.record() == rnd.record()


def test_no_code_is_generated() -> None:
    import inspect

    for module in (state, comet.round, comet.moves, comet.mechanics, comet.view, comet.sample):
        source = inspect.getsource(module)
        assert "exec(" not in source and "eval(" not in source, module.__name__


def test_each_kind_of_word_is_an_enum_with_one_table() -> None:
    for enum, table in ((Kind, KIND_WORDS), (Phase, PHASE_WORDS), (End, END_WORDS)):
        assert set(table) == set(enum) and all(member.description == table[member] for member in enum)
    assert set(STOP_WORDS) == set(Stop) and Stop.KING.label == "a king"
    # S0 and S1 give the king and the incidental stop for every game that has them; Enc only for 1718.
    assert Stop.KING.rule.startswith("a king is a stop (S0, S1;") and "Enc for 1718" in Stop.KING.rule
    assert "S0, S1, Enc" not in Stop.KING.rule + Stop.INCIDENTAL.rule
    assert set(WHY_WORDS) == set(Why)
    rnd = played("old-comet-1718", 3, 4, 200)
    assert rnd.phase is Phase.OVER and rnd.phase == "over" and rnd.end in (End.OUT, End.BLOCKED)
    assert all(type(p.kind) is Kind for _, p in rnd.history)


@pytest.mark.parametrize("args", [("bogus",), ("cards",), ("pass", (comet.Card.parse("7H"),)),
                                  ("discard", ()), ("cards", (comet.Card.parse("7H"),), None, 9),
                                  ("cards", (comet.Card.parse("7H"), comet.Card.parse("8H")), None, 7),
                                  ("cards", (comet.Card.parse("7H"),), None, 7, "H")])
def test_only_a_valid_play_can_be_built(args: tuple[object, ...]) -> None:
    with pytest.raises(comet.InvalidPlayError):
        Play(*args)  # type: ignore[arg-type]
    assert Play("pass") is Play.parse("pass") and Play("cards", (comet.Card.parse("9C"),), comet.Card.parse("9C"),
                                                        10) is Play.parse("9C=T")


def test_payments_carry_their_reasons_as_data() -> None:
    for vid, players in (("old-comet-1718", 3), ("commit-1991", 4), ("new-comet-1752", 2), ("modern-comet-1991", 2),
                         ("hoc-third-stage", 2), ("commit-1857", 3)):
        for seed in range(8):
            rnd = played(vid, players, seed, 400)
            out = rnd.outcome()
            assert out is not None
            for p in out.ledger + out.settlement:
                assert isinstance(p, Payment) and type(p.why) is Why and p.reason
                if p.why in (Why.CARD, Why.HOC):
                    assert len(p.cards) == 1 and p.cards[0].symbol in p.reason
                if p.why is Why.HAND:  # the amount is its parts times their multipliers, times the factors
                    amount = sum(t.value * t.times for t in p.terms)
                    for f in p.factors:
                        amount *= f.times
                    assert amount == p.amount
                    if p.terms[0].what is Count.PIPS:
                        assert sum(c.pips for c in p.cards) == p.terms[0].value
            assert out.notes == [note.text for note in out.remarks]
            assert all(type(note.what) is Say for note in out.remarks)


def test_a_redeal_from_a_given_order() -> None:
    """``Round.redeal_from``: the first hand's redeal dealt from the caller's order of the cards (OpenSpiel's
    chance nodes), as the engine deals a shuffled pack (comet.deal.redeal_cards); undone as any play, and
    refused when a redeal is not allowed or the order is not the deal's cards."""
    from comet.deal import redeal_cards

    for vid, players in (("new-comet-1752", 2), ("new-comet-1752", 4)):
        rnd = comet.Round.deal(vid, players=players, seed=3)
        before = (rnd.record(), [list(h) for h in rnd.hands], list(rnd.dead), rnd._rng)
        order = sorted((c for h in rnd.hands for c in h), key=lambda c: (c.suit, c.rank)) + rnd.dead
        with pytest.raises(comet.InvalidDealError, match="the deal's cards"):
            rnd.redeal_from(order[1:])
        assert rnd.redeal_from(order) is Play.parse("redeal") and rnd.redealt
        hands, dead, _ = redeal_cards(list(order), [len(h) for h in before[1]], rnd.leader, 0)
        assert rnd.hands == [sorted(h, key=lambda c: c.order) for h in hands]
        assert sorted(rnd.dead, key=lambda c: c.order) == sorted(dead, key=lambda c: c.order)
        assert rnd._rng is before[3]  # the round's own shuffle is untouched
        with pytest.raises(comet.IllegalPlayError):
            rnd.redeal_from(order)  # a redeal is made once
        rnd.undo()
        assert (rnd.record(), rnd.hands, rnd.dead, rnd._rng) == before
