"""A seat's snapshot (widgets.controllers.snapshot): one frozen JSON value that names no card its seat
may not see, over whole random deals of every variant; the intents a view sends back, checked; a
table's view (widgets.table_view) that draws snapshots only, driven by a local game through them."""

from __future__ import annotations

from html import escape
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import comet
from comet_render.frozen import FrozenError, from_json as frozen_from_json
from comet_render.felt_data import FeltInputs
from comet_render.i18n import words
from tests.budget import budget
from tests.seat_view import named_cards, unseen_named
from tests.test_layers import imports_of
from widgets.controllers.checks import UserError
from widgets.controllers.intents import Intent, read_intent
from widgets.controllers.local import LocalGame
from widgets.controllers.snapshot import Extras, Lens, from_json, snapshot, to_json
from widgets.controllers.table import TableController

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sorted(comet.VARIANTS)
ROOM = frozenset({"next"})


def _room_table(variant: str, players: int, seed: int) -> TableController:
    flow = TableController(variant, players, seed, ["person"] * players, [f"P{s}" for s in range(players)])
    flow.devices = True
    flow._settle_view()
    return flow


@budget(15)
@given(st.sampled_from(VARIANTS), st.data())
def test_no_snapshot_names_a_card_its_seat_may_not_see(variant: str, data: st.DataObject) -> None:
    v = comet.VARIANTS[variant]
    players = data.draw(st.sampled_from(list(v.players)[:4]), label="players")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    flow = _room_table(variant, players, seed)
    rnd = flow.round
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 5 == 0 or rnd.is_over:
            for seat in [*range(players), None]:
                snap = snapshot(flow, Lens(seat, seat, offers=ROOM))
                sent = json.loads(json.dumps(to_json(snap)))
                assert from_json(sent) == snap
                assert not unseen_named(sent, rnd, seat), f"seat {seat} was shown {unseen_named(sent, rnd, seat)}"
                assert sent["link"] == "" and "Seed" not in json.dumps(sent)
                if seat is not None:
                    assert sorted(c["card"] for c in sent["hand"]) == sorted(str(c) for c in rnd.hands[seat])
        if rnd.is_over:
            break
        flow.play(rng.choice(rnd.legal_plays()), rnd.to_play)
        step += 1


def test_the_teachers_lens_shows_every_hand_never_the_dead_hand() -> None:
    flow = _room_table("modern-comet-1991", 3, 11)
    rnd = flow.round
    assert rnd.dead, "the modern game at three leaves a dead hand"
    snap = to_json(snapshot(flow, Lens(None, None, reveal=True, offers=ROOM)))
    named = named_cards(snap)
    assert named == sum((named_cards({"card": str(c)}) for h in rnd.hands for c in h), named_cards({}))
    assert not unseen_named(snap, rnd, None, reveal=True)


def test_a_seat_sees_its_playable_cards_and_why_the_others_are_not() -> None:
    flow = _room_table("modern-comet-1991", 2, 3)
    rnd = flow.round
    seat = rnd.to_play
    assert seat is not None
    mine = snapshot(flow, Lens(seat, seat, offers=ROOM))
    legal = {p.text for p in rnd.legal_plays()}
    assert {c.play for c in mine.hand if c.play} <= legal and set(mine.plays) == legal
    other = snapshot(flow, Lens(1 - seat, 1 - seat, offers=ROOM))
    assert not other.plays and all(c.why for c in other.hand)
    assert "P" in other.hand[0].why or other.hand[0].why  # a sentence: whose turn it is


BAD_INTENTS = [
    None, [], "play", {"kind": "deal"}, {"kind": "play"}, {"kind": "play", "play": ""}, {"kind": "play", "play": "ZZ"},
    {"kind": "play", "play": "9D", "seq": -1}, {"kind": "play", "play": "9D", "seq": True},
    {"kind": "play", "play": "9D" * 60}, {"kind": "hint", "play": "9D"}, {"kind": "undo", "extra": 1},
    {"kind": ["play"]}, {"kind": "play", "play": 9},
]


@pytest.mark.parametrize("value", BAD_INTENTS, ids=[repr(v)[:30] for v in BAD_INTENTS])
def test_a_bad_intent_is_refused_with_a_sentence(value: object) -> None:
    with pytest.raises(UserError) as error:
        read_intent(value, "fr")
    assert 20 < len(str(error.value)) < 300


def test_good_intents_are_read_as_sent() -> None:
    assert read_intent({"kind": "play", "play": "9d", "seq": 4}) == Intent("play", "9D", 4)
    assert read_intent({"kind": "new", "seq": 2}) == Intent("new", "", 2)
    assert read_intent(Intent("play", "7H 7S", 3).to_json()).parsed() == comet.Play.parse("7H 7S")


def test_a_snapshot_from_the_network_is_checked_field_by_field() -> None:
    flow = _room_table("new-comet-1752", 4, 2)
    good = to_json(snapshot(flow, Lens(0, 0)))
    for broken, where in ((dict(good, seat="0"), "seat"), ({k: v for k, v in good.items() if k != "felt"}, "felt"),
                          (dict(good, extra=1), "extra"), (dict(good, hand=[{"card": "9D"}]), "hand[0]")):
        with pytest.raises(FrozenError, match=re.escape(where)):
            from_json(broken)
    felt = dict(good["felt"], seats=[dict(good["felt"]["seats"][0], count="7")])
    with pytest.raises(FrozenError, match=r"seats\[0\]\.count"):
        frozen_from_json(FeltInputs, felt)


ALLOWED_IN_VIEW = {"html", "typing", "ipywidgets", "__future__", "comet_learn.reading_marks", "comet_render.felt", "comet_render.i18n", "comet_render.narrate",
                   "comet_render.table_style", "widgets.common", "widgets.controllers.intents",
                   "widgets.controllers.snapshot", "widgets.links", "widgets.table_parts"}


def test_the_table_view_draws_snapshots_and_nothing_else() -> None:
    """The view imports no engine, no controller but the snapshot's and the intents' (and no game of its
    own); everything it draws comes from the snapshot it is shown. (``comet_learn.reading_marks``: the
    "our reading" mark drawn from a snapshot's reading ids; it is handed no game.)"""
    imported = imports_of(ROOT / "widgets" / "table_view.py")
    assert imported <= ALLOWED_IN_VIEW, sorted(imported - ALLOWED_IN_VIEW)


DRAWING = {"comet_render.felt", "comet_render.felt_data", "comet_render.narrate", "comet_render.table_style",
           "widgets.table_parts", "widgets.controllers.seat_hand"}
"""What draws a table's parts: the view's own (the felt, the log, the hand's faces), never a page's."""
DRAWN_PARTS = re.compile(r"\.(table|hand|prompt|title|play_buttons|other_choice|actions)\.(value|children|options)\s*=")


@pytest.mark.parametrize("module", ["widgets/play.py", "widgets/lessons/table.py", "widgets/play_settings.py",
                                    "widgets/local_table.py"])
def test_the_play_and_lesson_tables_draw_only_through_the_view(module: str) -> None:
    """The play pages' table and the lessons' are the rooms' view (:class:`TableView`, which draws
    snapshots only) over a source of snapshots: neither imports what draws a table's parts, nor sets
    one of them itself, nor draws in a way of its own (issue 45)."""
    from widgets.lessons.table import LessonTable
    from widgets.play import PlayTable
    from widgets.table_view import TableView

    source = (ROOT / module).read_text(encoding="utf-8")
    assert not imports_of(ROOT / module) & DRAWING, sorted(imports_of(ROOT / module) & DRAWING)
    assert not DRAWN_PARTS.findall(source), DRAWN_PARTS.findall(source)
    for table in (PlayTable, LessonTable):
        assert issubclass(table, TableView) and "show" not in vars(table)
    assert not issubclass(LessonTable, PlayTable)  # (a lesson composes its source; it no longer inherits a match)


def test_every_picture_a_play_table_draws_is_its_games_snapshot() -> None:
    """Through a deal played by clicks, the felt and the hand a play table shows are always those of the
    last snapshot its game made (the view was handed them; nothing else drew)."""
    from comet_render.felt import draw_felt
    from widgets.play import PlayTable

    table = PlayTable(variant="modern-comet-1991", players=3, seed=4, lang="es")
    rng = random.Random(2)
    for _turn in range(300):
        snap = table.snap
        assert snap is not None and snap.seq == table.game.seq
        assert table.table.value == draw_felt(snap.felt)
        assert [b.description for b in table.hand_buttons] == [c.face for c in snap.hand]
        if table.round.is_over:
            break
        play = rng.choice(snap.plays)
        button = table.button_for(play)
        if button is None:
            table.other_choice.value = play
            table.other_button.click()
        else:
            button.click()
    assert table.round.is_over


def test_a_local_game_plays_through_its_view_and_a_double_click_plays_once() -> None:
    from widgets.table_view import TableView

    flow = TableController("modern-comet-1991", 3, 5, ["person", "greedy", "person"], (), "fr")
    game = LocalGame(flow)
    view = TableView(game.send)
    game.listeners.append(view.show)
    game.publish()
    rng = random.Random(1)
    first = True
    for _turn in range(400):
        snap = view.snap
        assert snap is not None
        if flow.round.is_over:
            break
        if snap.button("confirm").shown:
            assert not snap.hand, "no hand is shown before its person confirms"
            view.confirm_button.click()
            continue
        play = rng.choice(snap.plays)
        button = view.button_for(play)
        if button is None:
            view.other_choice.value = play
            view.other_button.click()
            continue
        before = len(flow.round.history)
        button.click()
        if first:  # the second click of a double click lands on the picture before: ignored
            made = len(flow.round.history)
            button.click()
            assert len(flow.round.history) == made > before
            first = False
    assert flow.round.is_over and view.snap is not None and view.snap.felt.settlement is not None
    assert "settlement" in view.table.value or "comet-settle" in view.table.value
    # The payments panel lists the settlement's payments after those made in play, and counts them all
    # (issue 44: "Payments (0)" beside a payment at the end).
    final = view.snap.final_payments
    assert len(final) == len(flow.round.outcome().settlement) > 0
    panel = view.panels["payments"].value
    assert all(escape(line) in panel or escape(line).replace("×", "&times;") in panel for line in final), panel
    assert words("fr")("Payments at the end") in panel
    assert f"({len(view.snap.payments) + len(final)})" in view.toggles["payments"].description
    assert all("comet-panel-toggle" in t._dom_classes for t in view.toggles.values())  # (aria-expanded: page.js)


def test_a_room_table_sent_again_keeps_a_click_made_meanwhile() -> None:
    """A room's server sends a device its picture again when someone joins or leaves (the same picture
    number): a click on the picture drawn before it arrived still plays; a click on a picture older than
    the one drawn (a double click's second) is ignored (the CI run of stop 51: a click lost so)."""
    from widgets.table_view import TableView

    flow = _room_table("modern-comet-1991", 3, 5)
    seat = flow.round.to_play
    sent: list[Intent] = []
    view = TableView(sent.append)

    def picture(moves: int) -> Any:
        snap = snapshot(flow, Lens(seat, seat, offers=ROOM), Extras(seq=moves))
        return from_json(json.loads(json.dumps(to_json(snap))))

    view.show(picture(7))
    play = view.snap.plays[0]
    button = view.button_for(play)
    assert button is not None
    view.show(picture(7))  # (sent again: Bo's browser closed, or opened again)
    button.click()
    assert sent == [Intent("play", play, 7)]
    view.show(picture(8))
    button.click()
    assert len(sent) == 1, "a click on an older picture's button is ignored"
    again = view.button_for(play)
    assert again is not None and again is not button
    again.click()
    assert sent[-1] == Intent("play", play, 8)


def test_the_felt_drawn_from_a_snapshot_names_the_cards_for_a_screen_reader() -> None:
    """Issue 44's names of the cards reach a room's table: the tail's label and, the deal over, each
    seat's cards left, in words, drawn from the snapshot as it arrives from the network."""
    from comet_render.card_names import card_name, cards_names
    from comet_render.felt import draw_felt

    flow = _room_table("modern-comet-1991", 3, 5)
    rnd = flow.round
    rng = random.Random(5)
    while not rnd.is_over:
        flow.play(rng.choice(rnd.legal_plays()), rnd.to_play)
    sent = json.loads(json.dumps(to_json(snapshot(flow, Lens(0, 0, offers=ROOM)))))
    drawn = draw_felt(from_json(sent).felt)
    last = rnd.history[-1][1].cards[-1]
    assert card_name(last, "en", wild=last in rnd.wilds) in re.search(r'class="comet-tail"[^>]*aria-label="([^"]*)"',
                                                                       drawn).group(1)
    left = [seat for seat in range(3) if rnd.hands[seat]]
    assert left, "someone is left with cards"
    for seat in left:
        held = sorted(rnd.hands[seat], key=comet.cards.sort_key)
        assert f'<span class="comet-sr">{cards_names(held, "en", rnd.wilds)}</span>' in drawn


@pytest.mark.parametrize(("vid", "seed"), [("modern-comet-1991", 2), ("new-comet-1752", 2), ("commit-1857", 1)])
def test_a_tables_rules_panel_is_the_books_with_its_reading_marks(vid: str, seed: int) -> None:
    """What a table's view shows in its rules panel, from a snapshot alone, is
    :func:`comet_learn.reading_marks.panel_html` of the same position, word for word and mark for mark:
    so ``tests/test_reading_marks.py`` (every sentence of the panel marks the readings it rests on) covers
    the play pages', the lessons' and the rooms' panels too; and a refused card carries the readings its
    refusal rests on, as :func:`comet_learn.readings.refusal_readings` finds them card by card."""
    from comet_learn.reading_marks import panel_html
    from comet_learn.readings import refusal_readings
    from widgets.links import book_address
    from widgets.table_view import rules_html

    v = comet.VARIANTS[vid]
    flow = TableController(vid, min(v.players), seed, ["person"] + ["greedy"] * (min(v.players) - 1), (), "fr")
    flow.run_bots()
    snap = snapshot(flow, Lens(flow.viewer, flow.you), Extras())
    shown = rules_html(from_json(json.loads(json.dumps(to_json(snap)))))
    assert panel_html(flow.round, "fr", flow.my_turn, book_address("reference/ambiguities", "fr")) in shown
    assert 'class="comet-reading"' in shown
    refused = [c for c in snap.hand if not c.play]
    legal = flow.round.legal_plays()
    assert flow.my_turn and any(c.readings for c in refused), "a refusal resting on a reading, on the person's turn"
    for card in refused:
        if any(card.card in [str(x) for x in p.cards] for p in legal):
            assert card.readings == ()
        else:
            assert card.readings == refusal_readings(flow.round, comet.Play.parse(card.card), "fr"), card.card
