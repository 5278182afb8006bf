"""The event log: typed records, one vocabulary for every reader."""

from __future__ import annotations

import doctest
import random
import typing

import comet
import comet.events
from comet import Round
from comet.events import Event, Passed, Played, Stopped
from comet_render.narrate import step_sentences

EVENT_TYPES = typing.get_args(Event)


def test_a_scripted_deal_logs_these_records() -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H 8H 2D", "TD 3H KD"], pack="red")
    for text in ("7H", "8H", "pass", "pass"):
        rnd.play(text)
    after_deal = rnd.events[1:]
    assert after_deal == [
        Played(0, comet.Play.parse("7H"), None),  # a lead: nothing was needed
        Played(0, comet.Play.parse("8H"), ((8, ""),)),
        Passed(0, ((9, ""),)),
        Passed(1, ((9, ""),)),
        Stopped(0, "incidental"),
    ]
    assert [e.kind for e in after_deal] == ["play", "play", "pass", "pass", "stop"]
    # Records, not only equal values: the round keeps these as plain tuples and names them on reading.
    assert [type(e) for e in after_deal] == [Played, Played, Passed, Passed, Stopped]
    assert after_deal[0].play == comet.Play.parse("7H") and after_deal[2].targets == ((9, ""),)
    assert after_deal[4].reason is comet.events.Stop.INCIDENTAL and after_deal[4].reason == "incidental"
    assert Passed(0, None) != Stopped(0, "incidental")  # the kind is a field: records of two kinds never compare equal


def test_the_undo_frames_name_the_turn_each_play_saved() -> None:
    from comet.state import Frame, Turn, frame_of

    rnd = Round.from_hands("modern-comet-1991", ["7H 8H 2D", "TD 3H KD"], pack="red")
    rnd.play("7H")
    rnd.play("8H")
    frames = [frame_of(values) for values in rnd._stack]
    assert all(type(f) is Frame and type(f.turn) is Turn for f in frames)
    assert [(f.seat, f.turn.targets, f.turn.cards_played) for f in frames] == [(0, None, 0), (0, ((8, ""),), 1)]
    assert [f.events_len for f in frames] == rnd.step_starts() == [1, 2]
    assert frames[1].hand == comet.parse_cards("2D 8H")  # the hand before the 8H, sorted
    rnd.undo()
    assert rnd.targets == ((8, ""),) and rnd.hands[0] == comet.parse_cards("2D 8H")


def test_every_kind_has_its_own_record_and_narration() -> None:
    kinds = [t._field_defaults["kind"] for t in EVENT_TYPES]
    assert len(set(kinds)) == len(kinds) == len(EVENT_TYPES)
    for t in EVENT_TYPES:
        assert t._fields[-1] == "kind" and t.__doc__


def test_every_event_the_engine_logs_is_a_typed_record_with_a_sentence() -> None:
    seen: set[str] = set()
    for vid, v in comet.VARIANTS.items():
        for n in v.players:
            for seed in range(3):
                rnd = Round.deal(vid, players=n, seed=f"events/{seed}")
                rng = random.Random(seed)
                while not rnd.is_over:
                    rnd.play(rng.choice(rnd.legal_plays()))
                for e in rnd.events:
                    assert isinstance(e, EVENT_TYPES), e
                    seen.add(e.kind)
                steps = step_sentences(rnd)
                assert sum(len(s) for s in steps) == len(rnd.events)  # one sentence per event
    assert {"deal", "play", "pass", "stop", "pay", "out"} <= seen


def test_the_module_examples_run() -> None:
    assert doctest.testmod(comet.events).failed == 0

